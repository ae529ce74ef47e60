/**
 * Reading single values out of blocks, and the retained-size estimate used for memory accounting.
 * This is the slow, general path (the interpreter, the reference implementation of functions, tests,
 * connectors' metadata); kernels read the typed arrays directly.
 *
 * The JS value representation (`getValue`; also what builders' `append` accepts):
 *   NULL                                   → null
 *   boolean                                → boolean
 *   tinyint, smallint, integer, real, double → number
 *   bigint                                 → number when a safe integer, else bigint
 *   decimal(p ≤ 15, s)                     → number: the UNSCALED value (12.34 in decimal(4,2) → 1234)
 *   decimal(16..38, s)                     → bigint: the unscaled value
 *     (unscaled integers keep arithmetic exact; json-values.ts prints them with the scale)
 *   varchar, char, json                    → string (char without its trailing spaces)
 *   varbinary                              → Uint8Array
 *   date                                   → number of days since 1970-01-01
 *   time(p)                                → number: time of day in ms / µs / ns (physical-type.ts)
 *   timestamp(p ≤ 6)                       → number: epoch ms (p ≤ 3) or µs (p 4..6), wall clock
 *   timestamp(7..12), timestamp with time zone, time with time zone → ZonedValue
 *   interval day to second                 → number of milliseconds
 *   interval year to month                 → number of months
 *   array(T)                               → unknown[]
 *   map(K, V)                              → Map (primitive keys compare by value; array/row keys,
 *                                            being fresh arrays, by identity: look those up by scanning)
 *   row(...)                               → unknown[] in field order
 *   unknown                                → null
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Type } from '../types/type.js';
import { type Block, type FlatBlock, resolveFlat } from './block.js';
import { readInt128 } from './int128.js';
import { zoneIdOf } from './time-zones.js';

/**
 * A value of the timestamptz layout, as the function library computes on it. `millis` is the UTC
 * epoch millisecond for timestamp with time zone, the local millisecond of the day for time with
 * time zone, and the wall-clock epoch millisecond for timestamp(7..12). `picos` is the part below
 * the millisecond (0..999_999_999), `zone` the zone id (`UTC`, `+05:30`, an IANA name; stored in
 * blocks as a key of time-zones.ts).
 */
export interface ZonedValue {
  readonly millis: number;
  readonly picos?: number;
  readonly zone: string;
}

/** The flat block behind a dictionary or rle wrapper (the block itself when flat). */
export function underlyingBlock(block: Block): FlatBlock {
  if (block.kind === 'dictionary') return block.dictionary;
  if (block.kind === 'rle') return block.value;
  return block;
}

/** The position in `underlyingBlock(block)` that holds `position`'s value. */
export function underlyingPosition(block: Block, position: number): number {
  if (block.kind === 'dictionary') return block.ids[position];
  if (block.kind === 'rle') return 0;
  return position;
}

export function isNull(block: Block, position: number): boolean {
  return resolveFlat(block, position) === null;
}

/** Whether any position of the block is null. */
export function mayHaveNull(block: Block): boolean {
  return underlyingBlock(block).nulls !== undefined;
}

/** The value at `position` in the JS value representation described above. */
export function getValue(block: Block, type: Type, position: number): unknown {
  const flat = underlyingBlock(block);
  const p = underlyingPosition(block, position);
  if (flat.nulls !== undefined && flat.nulls[p] !== 0) return null;
  switch (flat.kind) {
    case 'boolean':
      return type.kind === 'unknown' ? null : flat.values[p] !== 0;
    case 'int32':
    case 'float64':
    case 'float32':
      return flat.values[p];
    case 'int64': {
      const value = flat.values[p];
      if (type.kind === 'bigint' && value >= MIN_SAFE_BIGINT && value <= MAX_SAFE_BIGINT) return Number(value);
      return value;
    }
    case 'int128':
      return readInt128(flat.values, p);
    case 'string':
    case 'binary':
      return flat.values[p];
    case 'timestamptz':
      return {
        millis: flat.millis[p],
        picos: flat.picos === undefined ? 0 : flat.picos[p],
        zone: zoneIdOf(flat.zones[p]),
      };
    case 'array': {
      if (type.kind !== 'array') throw typeMismatch(type, flat);
      const result: unknown[] = [];
      const end = flat.offsets[p + 1];
      for (let i = flat.offsets[p]; i < end; i++) result.push(getValue(flat.elements, type.element, i));
      return result;
    }
    case 'map': {
      if (type.kind !== 'map') throw typeMismatch(type, flat);
      const result = new Map<unknown, unknown>();
      const end = flat.offsets[p + 1];
      for (let i = flat.offsets[p]; i < end; i++) {
        result.set(getValue(flat.keys, type.key, i), getValue(flat.values, type.value, i));
      }
      return result;
    }
    case 'row': {
      if (type.kind !== 'row' || type.fields.length !== flat.fields.length) throw typeMismatch(type, flat);
      const result: unknown[] = [];
      for (let i = 0; i < flat.fields.length; i++) result.push(getValue(flat.fields[i], type.fields[i].type, p));
      return result;
    }
  }
}

const MIN_SAFE_BIGINT = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);

function typeMismatch(type: Type, block: FlatBlock): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', `A ${block.kind} block cannot hold values of type ${type.kind}`);
}

/** Fixed cost of a block object and its typed-array headers. */
const BLOCK_OVERHEAD_BYTES = 64;
/** A JS string: header and pointer; its characters count 2 bytes each (V8 keeps one-byte strings
 * smaller, but the estimate must not undercount). */
const STRING_OVERHEAD_BYTES = 16;
/** A Uint8Array object and its pointer, besides the bytes. */
const BINARY_OVERHEAD_BYTES = 80;

/** Sizes of variable-width blocks, which take a loop to compute; blocks are immutable, so cacheable. */
const sizeCache = new WeakMap<Block, number>();

/**
 * The length of each value of a sized string (characters) or binary (bytes) block. Summing the
 * lengths of a block gathered from another touches every string object again, scattered over the
 * heap — a cache miss each (5.7 % of a worker's CPU in TPC-H q10, whose joins gather customers'
 * names, addresses and comments) — where gathering the source's lengths reads a typed array.
 */
const lengthsCache = new WeakMap<Block, Int32Array>();

function variableWidthSize(kind: 'string' | 'binary', lengths: Int32Array, nulls: Uint8Array | undefined): number {
  let total = 0;
  for (let i = 0; i < lengths.length; i++) total += lengths[i];
  return kind === 'string'
    ? BLOCK_OVERHEAD_BYTES + 2 * total + (STRING_OVERHEAD_BYTES + 8) * lengths.length + nullsBytes(nulls)
    : BLOCK_OVERHEAD_BYTES + total + BINARY_OVERHEAD_BYTES * lengths.length + nullsBytes(nulls);
}

/**
 * Sizes `block`, made of the values of `source` at `positions[0 .. count)` (or, without positions,
 * at [start, start + count)), from the source's lengths when it was sized already: exact, without
 * touching the values. Otherwise it is sized from scratch when asked.
 */
export function sizeFromSource(block: Block, source: Block, positions: Int32Array | undefined, start: number): void {
  if (block.kind !== 'string' && block.kind !== 'binary') return;
  const lengths = lengthsCache.get(source);
  if (lengths === undefined) return;
  const count = block.positionCount;
  let taken: Int32Array;
  if (positions === undefined) {
    taken = lengths.subarray(start, start + count);
  } else {
    taken = new Int32Array(count);
    for (let i = 0; i < count; i++) taken[i] = lengths[positions[i]];
  }
  lengthsCache.set(block, taken);
  sizeCache.set(block, variableWidthSize(block.kind, taken, block.nulls));
}

/**
 * Sizes `block`, the concatenation of `parts` in order, from the parts' lengths when each of them
 * was sized already (a join's build pages, sized as they arrived, concatenated when the build ends:
 * 57,000 customers with their comments in TPC-H q10).
 */
export function sizeFromParts(block: Block, parts: readonly Block[]): void {
  if (block.kind !== 'string' && block.kind !== 'binary') return;
  const lengths = new Int32Array(block.positionCount);
  let offset = 0;
  for (const part of parts) {
    const partLengths = lengthsCache.get(part);
    if (partLengths === undefined || offset + partLengths.length > lengths.length) return;
    lengths.set(partLengths, offset);
    offset += partLengths.length;
  }
  if (offset !== lengths.length) return;
  lengthsCache.set(block, lengths);
  sizeCache.set(block, variableWidthSize(block.kind, lengths, block.nulls));
}

/**
 * An estimate of the memory the block keeps alive, for memory accounting: typed arrays by their byte
 * length, strings at 2 bytes per character plus 16, byte arrays at their length plus 80, nested and
 * wrapped blocks with their children. A dictionary shared by several blocks is counted in each.
 */
export function blockSizeInBytes(block: Block): number {
  switch (block.kind) {
    case 'boolean':
    case 'int32':
    case 'float64':
    case 'float32':
    case 'int64':
    case 'int128':
      return BLOCK_OVERHEAD_BYTES + block.values.byteLength + nullsBytes(block.nulls);
    case 'timestamptz':
      return (
        BLOCK_OVERHEAD_BYTES +
        block.millis.byteLength +
        block.zones.byteLength +
        (block.picos?.byteLength ?? 0) +
        nullsBytes(block.nulls)
      );
    case 'dictionary':
      return BLOCK_OVERHEAD_BYTES + block.ids.byteLength + blockSizeInBytes(block.dictionary);
    case 'rle':
      return BLOCK_OVERHEAD_BYTES + blockSizeInBytes(block.value);
    default:
      break;
  }
  let size = sizeCache.get(block);
  if (size === undefined) {
    size = variableSize(block);
    sizeCache.set(block, size);
  }
  return size;
}

function variableSize(block: Block): number {
  let size = BLOCK_OVERHEAD_BYTES;
  switch (block.kind) {
    case 'string': {
      const values = block.values;
      const lengths = new Int32Array(values.length);
      for (let i = 0; i < values.length; i++) lengths[i] = values[i].length;
      lengthsCache.set(block, lengths);
      return variableWidthSize('string', lengths, block.nulls);
    }
    case 'binary': {
      const values = block.values;
      const lengths = new Int32Array(values.length);
      for (let i = 0; i < values.length; i++) lengths[i] = values[i].byteLength;
      lengthsCache.set(block, lengths);
      return variableWidthSize('binary', lengths, block.nulls);
    }
    case 'array':
      size += block.offsets.byteLength + blockSizeInBytes(block.elements) + nullsBytes(block.nulls);
      break;
    case 'map':
      size +=
        block.offsets.byteLength +
        blockSizeInBytes(block.keys) +
        blockSizeInBytes(block.values) +
        nullsBytes(block.nulls);
      break;
    case 'row':
      for (const field of block.fields) size += blockSizeInBytes(field);
      size += nullsBytes(block.nulls);
      break;
    default:
      break;
  }
  return size;
}

function nullsBytes(nulls: Uint8Array | undefined): number {
  return nulls === undefined ? 0 : nulls.byteLength;
}
