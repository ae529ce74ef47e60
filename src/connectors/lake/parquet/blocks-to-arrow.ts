/**
 * Vivace blocks → Arrow record batches (apache-arrow), the input parquet-wasm writes Parquet from.
 * The mapping is the Parquet schema Vivace writes (docs/architecture.md, "The lake connector"):
 *   boolean → Bool; tinyint/smallint/integer/bigint → Int8/16/32/64; real → Float32; double →
 *   Float64; decimal(p,s) → Decimal128 (arrow-rs stores INT32 for p ≤ 9, INT64 for p ≤ 18, else
 *   FIXED_LEN_BYTE_ARRAY); varchar/char/json → Utf8; varbinary → Binary; date → Date32;
 *   time(p) → Time64 (µs, ns beyond 6 digits); timestamp(p) → Timestamp ms/µs/ns without zone
 *   (INT64 TIMESTAMP, isAdjustedToUTC=false: Trino and DuckDB read it; Trino's own Hive writer uses
 *   INT96, which is deprecated); timestamp(p) with time zone → Timestamp with zone UTC (the instant);
 *   array → List; map → Map; row → Struct (unnamed fields `_col<i>`).
 * Dictionary and run-length blocks are expanded first. Loops fill typed arrays; strings are encoded
 * a block at a time (one join and one UTF-8 encode). The writer's entry point, `pagesToIpcStream`,
 * makes one record batch of several pages.
 */
import {
  Binary,
  Bool,
  type Data,
  type DataType,
  DateDay,
  Decimal,
  Field,
  Float32,
  Float64,
  Int8,
  Int16,
  Int32,
  Int64,
  List,
  Map_,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  TimeMicrosecond,
  TimeNanosecond,
  TimestampMicrosecond,
  TimestampMillisecond,
  TimestampNanosecond,
  tableToIPC,
  Utf8,
} from 'apache-arrow';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../../data/block.js';
import { concatBlocks, flatten, getBlockRegion } from '../../../data/block-copy.js';
import type { Page } from '../../../data/page.js';
import { MAX_FLOAT64_TIMESTAMP_PRECISION } from '../../../data/physical-type.js';
import { formatType } from '../../../types/format-type.js';
import type { Type } from '../../../types/type.js';

export interface ArrowColumnSpec {
  readonly name: string;
  readonly type: Type;
}

/** The Arrow type Vivace writes for a SQL type. */
export function arrowTypeOf(type: Type): DataType {
  switch (type.kind) {
    case 'boolean':
      return new Bool();
    case 'tinyint':
      return new Int8();
    case 'smallint':
      return new Int16();
    case 'integer':
      return new Int32();
    case 'bigint':
      return new Int64();
    case 'real':
      return new Float32();
    case 'double':
      return new Float64();
    case 'decimal':
      return new Decimal(type.scale, type.precision, 128);
    case 'varchar':
    case 'char':
    case 'json':
    case 'uuid':
      return new Utf8();
    case 'varbinary':
      return new Binary();
    case 'date':
      return new DateDay();
    case 'time':
      return type.precision <= 6 ? new TimeMicrosecond() : new TimeNanosecond();
    case 'timestamp':
    case 'timestamp with time zone': {
      const zone = type.kind === 'timestamp' ? null : 'UTC';
      if (type.precision <= 3) return new TimestampMillisecond(zone);
      return type.precision <= 6 ? new TimestampMicrosecond(zone) : new TimestampNanosecond(zone);
    }
    case 'array':
      return new List(new Field('element', arrowTypeOf(type.element), true));
    case 'map':
      return new Map_(
        new Field(
          'key_value',
          new Struct([
            new Field('key', arrowTypeOf(type.key), false),
            new Field('value', arrowTypeOf(type.value), true),
          ] as never),
          false,
        ),
      );
    case 'row':
      return new Struct(type.fields.map((f, i) => new Field(f.name ?? `_col${i}`, arrowTypeOf(f.type), true)));
    default:
      throw new VivaceError('NOT_SUPPORTED', `Type ${formatType(type)} cannot be written to Parquet`);
  }
}

function validity(block: FlatBlock): { nullCount: number; nullBitmap: Uint8Array | undefined } {
  const nulls = block.nulls;
  if (nulls === undefined) return { nullCount: 0, nullBitmap: undefined };
  const n = block.positionCount;
  const bitmap = new Uint8Array((n + 7) >> 3);
  let nullCount = 0;
  for (let i = 0; i < n; i++) {
    if (nulls[i] !== 0) nullCount++;
    else (bitmap[i >> 3] as number) |= 1 << (i & 7);
  }
  return nullCount === 0 ? { nullCount: 0, nullBitmap: undefined } : { nullCount, nullBitmap: bitmap };
}

const TWO_32 = 4294967296;

/** Converts one block of `type` into Arrow data. */
export function blockToArrow(source: Block, type: Type): Data {
  if (source.kind === 'dictionary' && source.dictionary.kind === 'string') {
    return dictionaryStringData(source.ids, source.dictionary.values, source.dictionary.nulls, type);
  }
  const block = flatten(source);
  const n = block.positionCount;
  const arrowType = arrowTypeOf(type);
  const { nullCount, nullBitmap } = validity(block);
  const base = { type: arrowType, length: n, nullCount, nullBitmap };
  switch (type.kind) {
    case 'boolean': {
      const values = (block as FlatBlock & { values: Uint8Array }).values;
      const bits = new Uint8Array((n + 7) >> 3);
      for (let i = 0; i < n; i++) if (values[i] !== 0) (bits[i >> 3] as number) |= 1 << (i & 7);
      return makeData({ ...base, data: bits } as never);
    }
    case 'tinyint':
      return makeData({ ...base, data: Int8Array.from((block as { values: Int32Array }).values) } as never);
    case 'smallint':
      return makeData({ ...base, data: Int16Array.from((block as { values: Int32Array }).values) } as never);
    case 'integer':
    case 'date':
      return makeData({ ...base, data: (block as { values: Int32Array }).values } as never);
    case 'real':
      return makeData({ ...base, data: (block as { values: Float32Array }).values } as never);
    case 'double':
      return makeData({ ...base, data: (block as { values: Float64Array }).values } as never);
    case 'bigint':
      return makeData({ ...base, data: int64Values(block) } as never);
    case 'decimal':
      return makeData({ ...base, data: decimalWords(block, n) } as never);
    case 'varchar':
    case 'char':
    case 'json':
    case 'uuid':
      return stringData(base, (block as { values: readonly string[] }).values, n);
    case 'varbinary':
      return binaryData(base, (block as { values: readonly Uint8Array[] }).values, n);
    case 'time': {
      const values = (block as { values: Float64Array }).values;
      const factor = type.precision <= 3 ? 1000 : 1; // ms → µs; µs and ns stay
      return makeData({ ...base, data: BigInt64Array.from(values, (v) => BigInt(Math.round(v * factor))) } as never);
    }
    case 'timestamp':
    case 'timestamp with time zone':
      return makeData({ ...base, data: timestampValues(block, type.precision) } as never);
    case 'array': {
      const array = block as FlatBlock & { kind: 'array' };
      const offsets = rebasedOffsets(array.offsets, n);
      const elements = blockToArrow(sliceChild(array.elements, array.offsets, n), type.element);
      return makeData({ ...base, valueOffsets: offsets, child: elements } as never);
    }
    case 'map': {
      const map = block as FlatBlock & { kind: 'map' };
      const offsets = rebasedOffsets(map.offsets, n);
      const keys = blockToArrow(sliceChild(map.keys, map.offsets, n), type.key);
      const values = blockToArrow(sliceChild(map.values, map.offsets, n), type.value);
      const entryType = ((arrowType as Map_).children[0] as Field).type;
      const entries = makeData({
        type: entryType,
        length: keys.length,
        nullCount: 0,
        children: [keys, values],
      } as never);
      return makeData({ ...base, valueOffsets: offsets, child: entries } as never);
    }
    case 'row': {
      const row = block as FlatBlock & { kind: 'row' };
      const children = type.fields.map((f, i) => blockToArrow(row.fields[i] as Block, f.type));
      return makeData({ ...base, children } as never);
    }
    default:
      throw new VivaceError('NOT_SUPPORTED', `Type ${formatType(type)} cannot be written to Parquet`);
  }
}

function int64Values(block: FlatBlock): BigInt64Array {
  if (block.kind === 'int64') return block.values;
  const values = (block as { values: Float64Array }).values;
  const out = new BigInt64Array(values.length);
  const words = new Int32Array(out.buffer);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    const hi = Math.floor(v / TWO_32);
    words[2 * i] = v - hi * TWO_32;
    words[2 * i + 1] = hi;
  }
  return out;
}

/** Decimal128 words, little-endian (low word first), from any decimal block kind. */
function decimalWords(block: FlatBlock, n: number): Uint32Array {
  const out = new Uint32Array(4 * n);
  const dst = new Int32Array(out.buffer);
  if (block.kind === 'int128') {
    const src = new Int32Array(block.values.buffer, block.values.byteOffset, 4 * n);
    for (let i = 0; i < n; i++) {
      dst[4 * i] = src[4 * i + 2] as number;
      dst[4 * i + 1] = src[4 * i + 3] as number;
      dst[4 * i + 2] = src[4 * i] as number;
      dst[4 * i + 3] = src[4 * i + 1] as number;
    }
    return out;
  }
  const wide = int64Values(block);
  const src = new Int32Array(wide.buffer, wide.byteOffset, 2 * n);
  for (let i = 0; i < n; i++) {
    const hi = src[2 * i + 1] as number;
    dst[4 * i] = src[2 * i] as number;
    dst[4 * i + 1] = hi;
    const extension = hi < 0 ? -1 : 0;
    dst[4 * i + 2] = extension;
    dst[4 * i + 3] = extension;
  }
  return out;
}

function timestampValues(block: FlatBlock, precision: number): BigInt64Array {
  const n = block.positionCount;
  const out = new BigInt64Array(n);
  if (block.kind === 'timestamptz') {
    // millis (+ picos): to ms, µs or ns by precision.
    const words = new Int32Array(out.buffer);
    const perMilli = precision <= 3 ? 1 : precision <= 6 ? 1000 : 1_000_000;
    const picosPerUnit = 1e9 / perMilli;
    for (let i = 0; i < n; i++) {
      const units = (block.millis[i] as number) * perMilli + Math.floor((block.picos?.[i] ?? 0) / picosPerUnit);
      if (Number.isSafeInteger(units)) {
        const hi = Math.floor(units / TWO_32);
        words[2 * i] = units - hi * TWO_32;
        words[2 * i + 1] = hi;
      } else {
        out[i] =
          BigInt(block.millis[i] as number) * BigInt(perMilli) +
          BigInt(Math.floor((block.picos?.[i] ?? 0) / picosPerUnit));
      }
    }
    return out;
  }
  // float64 epoch units already in ms (p ≤ 3) or µs (p ≤ 6), the Arrow unit chosen alike.
  if (precision > MAX_FLOAT64_TIMESTAMP_PRECISION) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'unexpected block');
  return int64Values(block);
}

const encoder = new TextEncoder();

/**
 * UTF-8 bytes and offsets of n strings. One encode of all of them joined (node's vectorised
 * encoder) instead of one call per value; the offsets come from the string lengths when the bytes
 * are ASCII (as many bytes as characters), else from each value's byte length.
 */
function utf8Strings(values: readonly string[], n: number): { offsets: Int32Array; bytes: Uint8Array } {
  const offsets = new Int32Array(n + 1);
  const joined = n === values.length ? values.join('') : values.slice(0, n).join('');
  const bytes = Buffer.from(joined, 'utf8');
  let end = 0;
  if (bytes.length === joined.length) {
    for (let i = 0; i < n; i++) {
      end += (values[i] as string).length;
      offsets[i + 1] = end;
    }
    return { offsets, bytes };
  }
  for (let i = 0; i < n; i++) {
    end += Buffer.byteLength(values[i] as string, 'utf8');
    offsets[i + 1] = end;
  }
  // Equal unless a lone surrogate at a value's edge paired up with its neighbour's when joined.
  if (end === bytes.length) return { offsets, bytes };
  let buffer = new Uint8Array(Math.max(64, n * 16));
  end = 0;
  for (let i = 0; i < n; i++) {
    const value = values[i] as string;
    if (buffer.length - end < value.length * 3) {
      const grown = new Uint8Array(Math.max(buffer.length * 2, end + value.length * 3));
      grown.set(buffer.subarray(0, end));
      buffer = grown;
    }
    end += encoder.encodeInto(value, buffer.subarray(end)).written;
    offsets[i + 1] = end;
  }
  return { offsets, bytes: buffer.subarray(0, end) };
}

function stringData(base: object, values: readonly string[], n: number): Data {
  const { offsets, bytes } = utf8Strings(values, n);
  return makeData({ ...base, valueOffsets: offsets, data: bytes } as never);
}

/**
 * A dictionary block of strings as a flat Utf8 array: each entry encoded once, the bytes of a
 * position copied from its entry's (TPC-H's flags and modes: a handful of entries for 8192 rows).
 */
function dictionaryStringData(
  ids: Int32Array,
  dictionary: readonly string[],
  dictionaryNulls: Uint8Array | undefined,
  type: Type,
): Data {
  const n = ids.length;
  const entries = utf8Strings(dictionary, dictionary.length);
  const entryOffsets = entries.offsets;
  const entryBytes = entries.bytes;
  const offsets = new Int32Array(n + 1);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const id = ids[i] as number;
    total += (entryOffsets[id + 1] as number) - (entryOffsets[id] as number);
    offsets[i + 1] = total;
  }
  const data = new Uint8Array(total);
  for (let i = 0; i < n; i++) {
    const id = ids[i] as number;
    let from = entryOffsets[id] as number;
    const to = entryOffsets[id + 1] as number;
    for (let at = offsets[i] as number; from < to; from++, at++) data[at] = entryBytes[from] as number;
  }
  let nullCount = 0;
  let nullBitmap: Uint8Array | undefined;
  if (dictionaryNulls !== undefined) {
    const bitmap = new Uint8Array((n + 7) >> 3);
    for (let i = 0; i < n; i++) {
      if (dictionaryNulls[ids[i] as number] !== 0) nullCount++;
      else bitmap[i >> 3] = (bitmap[i >> 3] as number) | (1 << (i & 7));
    }
    if (nullCount > 0) nullBitmap = bitmap;
  }
  return makeData({
    type: arrowTypeOf(type),
    length: n,
    nullCount,
    nullBitmap,
    valueOffsets: offsets,
    data,
  } as never);
}

function binaryData(base: object, values: readonly Uint8Array[], n: number): Data {
  const offsets = new Int32Array(n + 1);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += (values[i] as Uint8Array).length;
    offsets[i + 1] = total;
  }
  const data = new Uint8Array(total);
  for (let i = 0; i < n; i++) data.set(values[i] as Uint8Array, offsets[i] as number);
  return makeData({ ...base, valueOffsets: offsets, data } as never);
}

/** Offsets starting at 0 (Vivace offsets may start anywhere in a shared child block). */
function rebasedOffsets(offsets: Int32Array, n: number): Int32Array {
  const first = offsets[0] as number;
  if (first === 0) return offsets.subarray(0, n + 1);
  const out = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) out[i] = (offsets[i] as number) - first;
  return out;
}

/** The child positions a nested block's offsets cover. */
function sliceChild(child: Block, offsets: Int32Array, n: number): Block {
  const first = offsets[0] as number;
  const last = offsets[n] as number;
  if (first === 0 && last === child.positionCount) return child;
  return getBlockRegion(child, first, last - first);
}

/**
 * The UTF-8 bytes of the string columns of one batch are encoded into this buffer, one column
 * after the other, reused from batch to batch instead of a fresh buffer per block. When it grows,
 * the columns already built keep the old buffer. Arrow data pointing into it lives only inside
 * `pagesToIpcStream`, which serialises the batch before it returns, so nothing outside ever sees
 * the buffer reused.
 */
let utf8Scratch = new Uint8Array(1 << 20);
/** End of the bytes the columns of the batch being built have used in `utf8Scratch`. */
let utf8ScratchEnd = 0;

function utf8Capacity(end: number, more: number): Uint8Array {
  if (utf8Scratch.length - end >= more) return utf8Scratch;
  const grown = new Uint8Array(Math.max(utf8Scratch.length * 2, end + more));
  grown.set(utf8Scratch.subarray(0, end));
  utf8Scratch = grown;
  return grown;
}

/**
 * Appends the UTF-8 bytes of `values[0..n)` to the scratch buffer at `end` and their end offsets
 * to `offsets[at+1 ..]`; returns the new end. One join and one `encodeInto` per block (node's
 * vectorised encoder): when the bytes are ASCII (as many bytes as characters) the offsets follow
 * from the string lengths, else from each value's byte length.
 */
function appendUtf8(values: readonly string[], n: number, offsets: Int32Array, at: number, end: number): number {
  const joined = n === values.length ? values.join('') : values.slice(0, n).join('');
  const buffer = utf8Capacity(end, joined.length * 3);
  const written = encoder.encodeInto(joined, buffer.subarray(end)).written;
  let offset = end;
  if (written === joined.length) {
    for (let i = 0; i < n; i++) {
      offset += (values[i] as string).length;
      offsets[at + i + 1] = offset;
    }
    return offset;
  }
  for (let i = 0; i < n; i++) {
    offset += Buffer.byteLength(values[i] as string, 'utf8');
    offsets[at + i + 1] = offset;
  }
  if (offset === end + written) return offset;
  // A lone surrogate at a value's edge paired up with its neighbour's when joined: value by value.
  offset = end;
  for (let i = 0; i < n; i++) {
    const value = values[i] as string;
    const target = utf8Capacity(offset, value.length * 3);
    offset += encoder.encodeInto(value, target.subarray(offset)).written;
    offsets[at + i + 1] = offset;
  }
  return offset;
}

/** Appends the bytes of entry `ids[i]` for each of n positions; returns the new end. */
function copyDictionaryUtf8(
  ids: Int32Array,
  n: number,
  entries: { offsets: Int32Array; bytes: Uint8Array },
  buffer: Uint8Array,
  end: number,
  offsets: Int32Array,
  at: number,
): number {
  const entryOffsets = entries.offsets;
  const entryBytes = entries.bytes;
  let offset = end;
  for (let i = 0; i < n; i++) {
    const id = ids[i] as number;
    const to = entryOffsets[id + 1] as number;
    for (let from = entryOffsets[id] as number; from < to; from++) buffer[offset++] = entryBytes[from] as number;
    offsets[at + i + 1] = offset;
  }
  return offset;
}

/**
 * One Utf8 column of several blocks, encoded into the scratch buffer: flat blocks with one join
 * and encode each, dictionary blocks entry by entry (each entry encoded once, its bytes copied per
 * position: TPC-H's flags and modes are a handful of entries for thousands of rows).
 */
function stringColumnData(blocks: readonly Block[], type: Type, total: number): Data {
  const offsets = new Int32Array(total + 1);
  let nullBitmap: Uint8Array | undefined;
  let nullCount = 0;
  const markNull = (row: number) => {
    nullBitmap ??= new Uint8Array((total + 7) >> 3).fill(0xff);
    (nullBitmap[row >> 3] as number) &= ~(1 << (row & 7));
    nullCount++;
  };
  let row = 0;
  const start = utf8ScratchEnd;
  let end = start;
  offsets[0] = start;
  for (const block of blocks) {
    const n = block.positionCount;
    if (block.kind === 'dictionary' && block.dictionary.kind === 'string') {
      const dictionary = block.dictionary;
      const entries = utf8Strings(dictionary.values, dictionary.positionCount);
      const entryOffsets = entries.offsets;
      const ids = block.ids;
      let size = 0;
      for (let i = 0; i < n; i++) {
        const id = ids[i] as number;
        size += (entryOffsets[id + 1] as number) - (entryOffsets[id] as number);
      }
      end = copyDictionaryUtf8(ids, n, entries, utf8Capacity(end, size), end, offsets, row);
      const dictionaryNulls = dictionary.nulls;
      if (dictionaryNulls !== undefined) {
        for (let i = 0; i < n; i++) if (dictionaryNulls[ids[i] as number] !== 0) markNull(row + i);
      }
    } else {
      const flat = flatten(block) as FlatBlock & { values: readonly string[] };
      end = appendUtf8(flat.values, n, offsets, row, end);
      const nulls = flat.nulls;
      if (nulls !== undefined) for (let i = 0; i < n; i++) if (nulls[i] !== 0) markNull(row + i);
    }
    row += n;
  }
  utf8ScratchEnd = end;
  if (start !== 0) for (let i = 0; i <= total; i++) (offsets[i] as number) -= start;
  return makeData({
    type: arrowTypeOf(type),
    length: total,
    nullCount,
    nullBitmap: nullCount === 0 ? undefined : nullBitmap,
    valueOffsets: offsets,
    data: utf8Scratch.subarray(start, end),
  } as never);
}

function isStringType(type: Type): boolean {
  return type.kind === 'varchar' || type.kind === 'char' || type.kind === 'json';
}

/**
 * The rows of `pages` as an Arrow IPC stream of one record batch, one column per spec: the
 * form parquet-wasm takes a batch in. Several pages make one batch, so the crossing into
 * WebAssembly (a copy and a parse of the stream) and arrow-rs's per-batch work are paid once
 * per batch instead of once per page. String columns go through the scratch buffer (see above);
 * other columns are concatenated as blocks, then converted.
 */
export function pagesToIpcStream(pages: readonly Page[], columns: readonly ArrowColumnSpec[]): Uint8Array {
  let total = 0;
  for (const page of pages) total += page.positionCount;
  utf8ScratchEnd = 0;
  const fields = columns.map((c) => new Field(c.name, arrowTypeOf(c.type), true));
  const schema = new Schema(fields);
  const children = columns.map((c, i) => {
    const blocks = pages.map((page) => page.blocks[i] as Block);
    if (isStringType(c.type)) return stringColumnData(blocks, c.type, total);
    return blockToArrow(blocks.length === 1 ? (blocks[0] as Block) : concatBlocks(blocks), c.type);
  });
  const data = makeData({ type: new Struct(fields), length: total, nullCount: 0, children } as never);
  return tableToIPC(new Table([new RecordBatch(schema, data as never)]), 'stream');
}
