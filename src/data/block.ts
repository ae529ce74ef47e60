/**
 * Blocks: the columnar values of one column of a page. Every operator, connector, compiled
 * expression and the exchange between nodes works on these plain objects, so their shape is the
 * contract of the whole engine. A block is tagged by `kind` (its physical encoding), knows its
 * `positionCount`, and is IMMUTABLE once built: never write into the arrays of a block you did not
 * just create (deserialised blocks may even be views over a network buffer). Blocks do not carry their
 * SQL type; code that needs it (value access, JSON, builders) takes the `Type` beside the block, and
 * `physical-type.ts` says which kind stores which type.
 *
 * Flat kinds (one per storage class). Each has `nulls?: Uint8Array` where 1 = null. When the block has
 * no null, `nulls` is `undefined` (no mask is allocated; the factories below always set the property,
 * possibly to undefined, so that all blocks of one kind share one hidden class). Kernels take the fast
 * path on `block.nulls === undefined`. The value slot of a null position holds a harmless default
 * (0, '', an empty array) so kernels may compute over it and mask afterwards.
 *   - `boolean`   values: Uint8Array of 0/1
 *   - `int32`     values: Int32Array
 *   - `float64`   values: Float64Array
 *   - `float32`   values: Float32Array
 *   - `int64`     values: BigInt64Array
 *   - `int128`    values: BigInt64Array of 2 × positionCount words: word 2i is the high 64 bits (signed),
 *                 word 2i+1 the low 64 bits (as stored by BigInt64Array, i.e. read them unsigned).
 *                 Use `int128.ts` to read and write; a typed array (not bigint[]) keeps the serde a
 *                 single copy and lets hashing read the words through an Int32Array view.
 *   - `string`    values: string[] (JS strings)
 *   - `binary`    values: Uint8Array[]
 *   - `timestamptz` millis: Float64Array, zones: Int16Array of zone keys (`time-zones.ts`), and
 *                 `picos?: Int32Array` (0..999_999_999, the part below the millisecond) when the type's
 *                 precision is above 3. Stores timestamp with time zone (millis = UTC epoch millis),
 *                 time with time zone (millis = LOCAL time of day, zone = a fixed offset) and
 *                 timestamp(7..12) (millis = epoch millis of the wall clock, zones all UTC).
 *   - `array`     offsets: Int32Array (positionCount + 1), elements: Block. Position i holds
 *                 elements[offsets[i] .. offsets[i+1]). offsets[0] need not be 0 (regions share the
 *                 elements block). A null position has an empty range.
 *   - `map`       offsets like array, keys: Block, values: Block (entry j = keys[j] → values[j]).
 *   - `row`       fields: Block[], each with the row block's positionCount; a null row has null in
 *                 every field.
 * Wrappers (no `nulls` of their own: nullness comes from the wrapped block):
 *   - `dictionary` ids: Int32Array (one per position), dictionary: a flat block. Never nested.
 *   - `rle`       value: a flat block of exactly one position, repeated positionCount times. Also the
 *                 representation of constants and of the `unknown` type (an rle of a null).
 */
import { VivaceError } from '../common/vivace-error.js';

export interface BooleanBlock {
  readonly kind: 'boolean';
  readonly positionCount: number;
  readonly values: Uint8Array;
  readonly nulls?: Uint8Array | undefined;
}

export interface Int32Block {
  readonly kind: 'int32';
  readonly positionCount: number;
  readonly values: Int32Array;
  readonly nulls?: Uint8Array | undefined;
}

export interface Float64Block {
  readonly kind: 'float64';
  readonly positionCount: number;
  readonly values: Float64Array;
  readonly nulls?: Uint8Array | undefined;
}

export interface Float32Block {
  readonly kind: 'float32';
  readonly positionCount: number;
  readonly values: Float32Array;
  readonly nulls?: Uint8Array | undefined;
}

export interface Int64Block {
  readonly kind: 'int64';
  readonly positionCount: number;
  readonly values: BigInt64Array;
  readonly nulls?: Uint8Array | undefined;
}

export interface Int128Block {
  readonly kind: 'int128';
  readonly positionCount: number;
  /** 2 × positionCount words: (high, low) per position. */
  readonly values: BigInt64Array;
  readonly nulls?: Uint8Array | undefined;
}

export interface StringBlock {
  readonly kind: 'string';
  readonly positionCount: number;
  readonly values: readonly string[];
  readonly nulls?: Uint8Array | undefined;
}

export interface BinaryBlock {
  readonly kind: 'binary';
  readonly positionCount: number;
  readonly values: readonly Uint8Array[];
  readonly nulls?: Uint8Array | undefined;
}

export interface TimestampTzBlock {
  readonly kind: 'timestamptz';
  readonly positionCount: number;
  readonly millis: Float64Array;
  readonly zones: Int16Array;
  /** Picoseconds below the millisecond, present only for precisions above 3. */
  readonly picos?: Int32Array | undefined;
  readonly nulls?: Uint8Array | undefined;
}

export interface ArrayBlock {
  readonly kind: 'array';
  readonly positionCount: number;
  readonly offsets: Int32Array;
  readonly elements: Block;
  readonly nulls?: Uint8Array | undefined;
}

export interface MapBlock {
  readonly kind: 'map';
  readonly positionCount: number;
  readonly offsets: Int32Array;
  readonly keys: Block;
  readonly values: Block;
  readonly nulls?: Uint8Array | undefined;
}

export interface RowBlock {
  readonly kind: 'row';
  readonly positionCount: number;
  readonly fields: readonly Block[];
  readonly nulls?: Uint8Array | undefined;
}

export interface DictionaryBlock {
  readonly kind: 'dictionary';
  readonly positionCount: number;
  readonly ids: Int32Array;
  readonly dictionary: FlatBlock;
}

export interface RleBlock {
  readonly kind: 'rle';
  readonly positionCount: number;
  readonly value: FlatBlock;
}

export type FlatBlock =
  | BooleanBlock
  | Int32Block
  | Float64Block
  | Float32Block
  | Int64Block
  | Int128Block
  | StringBlock
  | BinaryBlock
  | TimestampTzBlock
  | ArrayBlock
  | MapBlock
  | RowBlock;

export type Block = FlatBlock | DictionaryBlock | RleBlock;

export type FlatBlockKind = FlatBlock['kind'];
export type BlockKind = Block['kind'];

function invalid(message: string): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', message);
}

export function isFlatBlock(block: Block): block is FlatBlock {
  return block.kind !== 'dictionary' && block.kind !== 'rle';
}

// Factories. They fix the property order (one hidden class per kind) and derive positionCount from
// the arrays. Pass `nulls` only when some position is null (`compactNulls` drops an all-zero mask).

export function booleanBlock(values: Uint8Array, nulls?: Uint8Array): BooleanBlock {
  return { kind: 'boolean', positionCount: values.length, values, nulls };
}

export function int32Block(values: Int32Array, nulls?: Uint8Array): Int32Block {
  return { kind: 'int32', positionCount: values.length, values, nulls };
}

export function float64Block(values: Float64Array, nulls?: Uint8Array): Float64Block {
  return { kind: 'float64', positionCount: values.length, values, nulls };
}

export function float32Block(values: Float32Array, nulls?: Uint8Array): Float32Block {
  return { kind: 'float32', positionCount: values.length, values, nulls };
}

export function int64Block(values: BigInt64Array, nulls?: Uint8Array): Int64Block {
  return { kind: 'int64', positionCount: values.length, values, nulls };
}

export function int128Block(values: BigInt64Array, nulls?: Uint8Array): Int128Block {
  if (values.length % 2 !== 0) throw invalid('an int128 block needs an even number of 64-bit words');
  return { kind: 'int128', positionCount: values.length / 2, values, nulls };
}

export function stringBlock(values: readonly string[], nulls?: Uint8Array): StringBlock {
  return { kind: 'string', positionCount: values.length, values, nulls };
}

export function binaryBlock(values: readonly Uint8Array[], nulls?: Uint8Array): BinaryBlock {
  return { kind: 'binary', positionCount: values.length, values, nulls };
}

export function timestampTzBlock(
  millis: Float64Array,
  zones: Int16Array,
  picos?: Int32Array,
  nulls?: Uint8Array,
): TimestampTzBlock {
  if (zones.length !== millis.length || (picos !== undefined && picos.length !== millis.length)) {
    throw invalid('timestamptz block arrays differ in length');
  }
  return { kind: 'timestamptz', positionCount: millis.length, millis, zones, picos, nulls };
}

export function arrayBlock(offsets: Int32Array, elements: Block, nulls?: Uint8Array): ArrayBlock {
  if (offsets.length === 0) throw invalid('array offsets need positionCount + 1 entries');
  return { kind: 'array', positionCount: offsets.length - 1, offsets, elements, nulls };
}

export function mapBlock(offsets: Int32Array, keys: Block, values: Block, nulls?: Uint8Array): MapBlock {
  if (offsets.length === 0) throw invalid('map offsets need positionCount + 1 entries');
  if (keys.positionCount !== values.positionCount) throw invalid('map keys and values differ in length');
  return { kind: 'map', positionCount: offsets.length - 1, offsets, keys, values, nulls };
}

export function rowBlock(positionCount: number, fields: readonly Block[], nulls?: Uint8Array): RowBlock {
  for (const field of fields) {
    if (field.positionCount !== positionCount) throw invalid('row fields must have the row positionCount');
  }
  return { kind: 'row', positionCount, fields, nulls };
}

/**
 * A dictionary block. A dictionary over a dictionary is collapsed (ids composed) and a dictionary over
 * an rle becomes an rle, so wrappers never nest.
 */
export function dictionaryBlock(ids: Int32Array, dictionary: Block): DictionaryBlock | RleBlock {
  if (dictionary.kind === 'rle') return rleBlock(dictionary.value, ids.length);
  if (dictionary.kind === 'dictionary') {
    const inner = dictionary.ids;
    const composed = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) composed[i] = inner[ids[i]];
    return { kind: 'dictionary', positionCount: ids.length, ids: composed, dictionary: dictionary.dictionary };
  }
  return { kind: 'dictionary', positionCount: ids.length, ids, dictionary };
}

/**
 * `value` (one position) repeated `positionCount` times. An rle value is unwrapped; a position of a
 * dictionary or any other block is first cut out with `singleValueBlock` (block-copy.ts).
 */
export function rleBlock(value: FlatBlock | RleBlock, positionCount: number): RleBlock {
  if (value.positionCount !== 1) throw invalid(`an rle value needs exactly 1 position, got ${value.positionCount}`);
  return { kind: 'rle', positionCount, value: value.kind === 'rle' ? value.value : value };
}

/** Returns `nulls` when it marks at least one of the first `count` positions, else undefined. */
export function compactNulls(nulls: Uint8Array | undefined, count: number): Uint8Array | undefined {
  if (nulls === undefined) return undefined;
  for (let i = 0; i < count; i++) if (nulls[i] !== 0) return nulls;
  return undefined;
}

/** Set by `resolveFlat`: the position in the flat block it returned (saves a pair per value). */
export let resolvedPosition = 0;

/**
 * The flat block holding the value at `position` of any block (through a dictionary or rle
 * wrapper), with that value's position in it left in `resolvedPosition`; null when it is NULL.
 */
export function resolveFlat(block: Block, position: number): FlatBlock | null {
  let flat: FlatBlock;
  if (block.kind === 'dictionary') {
    flat = block.dictionary;
    position = block.ids[position];
  } else if (block.kind === 'rle') {
    flat = block.value;
    position = 0;
  } else {
    flat = block;
  }
  if (flat.nulls !== undefined && flat.nulls[position] !== 0) return null;
  resolvedPosition = position;
  return flat;
}
