/**
 * Physical block operations that need no SQL type: gathering positions (filters, joins, sorts),
 * zero-copy regions (splitting pages), flattening wrappers, and concatenation (merging small pages).
 *
 * Encodings are kept where that is cheap: `copyPositions` of a dictionary composes ids and keeps the
 * dictionary, of an rle just changes the count; a gather of a flat block copies the selected values
 * (dense, so the source can be freed). Null masks are only produced when a selected position is null.
 * Positions and ranges are trusted: callers pass positions inside the block.
 */
import { VivaceError } from '../common/vivace-error.js';
import type {
  ArrayBlock,
  BinaryBlock,
  Block,
  DictionaryBlock,
  FlatBlock,
  MapBlock,
  RleBlock,
  RowBlock,
  StringBlock,
  TimestampTzBlock,
} from './block.js';
import {
  arrayBlock,
  binaryBlock,
  booleanBlock,
  compactNulls,
  dictionaryBlock,
  float32Block,
  float64Block,
  int32Block,
  int64Block,
  int128Block,
  mapBlock,
  rleBlock,
  rowBlock,
  stringBlock,
  timestampTzBlock,
} from './block.js';
import { sizeFromParts, sizeFromSource } from './block-values.js';

/** `block`, sized from `source`'s value lengths when they are known (see sizeFromSource). */
function sizedFrom<B extends Block>(block: B, source: Block, positions: Int32Array | undefined, start: number): B {
  sizeFromSource(block, source, positions, start);
  return block;
}

/** `block`, sized from `parts`' value lengths when they are all known (see sizeFromParts). */
function sizedFromParts<B extends Block>(block: B, parts: readonly Block[]): B {
  sizeFromParts(block, parts);
  return block;
}

/** The values at `positions[0 .. count)` of `block`, in that order. */
export function copyPositions(block: Block, positions: Int32Array, count: number): Block {
  if (block.kind === 'rle') return rleBlock(block.value, count);
  if (block.kind === 'dictionary') {
    const ids = new Int32Array(count);
    const source = block.ids;
    for (let i = 0; i < count; i++) ids[i] = source[positions[i]];
    return dictionaryBlock(ids, block.dictionary);
  }
  return gatherFlat(block, positions, count);
}

/** A one-position flat block holding the value at `position`: the value of an rle. */
export function singleValueBlock(block: Block, position: number): FlatBlock {
  if (block.kind === 'rle') return block.value;
  const flat = block.kind === 'dictionary' ? block.dictionary : block;
  const at = block.kind === 'dictionary' ? block.ids[position] : position;
  if (flat.positionCount === 1 && at === 0) return flat;
  return gatherFlat(flat, Int32Array.of(at), 1);
}

/** The block with dictionary and rle wrappers removed (children of nested blocks keep theirs). */
export function flatten(block: Block): FlatBlock {
  if (block.kind === 'dictionary') return gatherFlat(block.dictionary, block.ids, block.positionCount);
  if (block.kind === 'rle') return expandRle(block);
  return block;
}

/** Positions [start, start + length) without copying typed arrays (JS arrays of values are sliced). */
export function getBlockRegion(block: Block, start: number, length: number): Block {
  if (start < 0 || length < 0 || start + length > block.positionCount) {
    throw new VivaceError(
      'GENERIC_INTERNAL_ERROR',
      `Region [${start}, ${start + length}) outside a block of ${block.positionCount} positions`,
    );
  }
  if (start === 0 && length === block.positionCount) return block;
  const end = start + length;
  const nulls = 'nulls' in block ? compactNulls(block.nulls?.subarray(start, end), length) : undefined;
  switch (block.kind) {
    case 'boolean':
      return booleanBlock(block.values.subarray(start, end), nulls);
    case 'int32':
      return int32Block(block.values.subarray(start, end), nulls);
    case 'float64':
      return float64Block(block.values.subarray(start, end), nulls);
    case 'float32':
      return float32Block(block.values.subarray(start, end), nulls);
    case 'int64':
      return int64Block(block.values.subarray(start, end), nulls);
    case 'int128':
      return int128Block(block.values.subarray(2 * start, 2 * end), nulls);
    case 'string':
      return sizedFrom(stringBlock(block.values.slice(start, end), nulls), block, undefined, start);
    case 'binary':
      return sizedFrom(binaryBlock(block.values.slice(start, end), nulls), block, undefined, start);
    case 'timestamptz':
      return timestampTzBlock(
        block.millis.subarray(start, end),
        block.zones.subarray(start, end),
        block.picos?.subarray(start, end),
        nulls,
      );
    case 'array':
      return arrayBlock(block.offsets.subarray(start, end + 1), block.elements, nulls);
    case 'map':
      return mapBlock(block.offsets.subarray(start, end + 1), block.keys, block.values, nulls);
    case 'row':
      return rowBlock(
        length,
        block.fields.map((field) => getBlockRegion(field, start, length)),
        nulls,
      );
    case 'dictionary':
      return dictionaryBlock(block.ids.subarray(start, end), block.dictionary);
    case 'rle':
      return rleBlock(block.value, length);
  }
}

function gatherNulls(nulls: Uint8Array | undefined, positions: Int32Array, count: number): Uint8Array | undefined {
  if (nulls === undefined) return undefined;
  const result = new Uint8Array(count);
  let any = 0;
  for (let i = 0; i < count; i++) any |= result[i] = nulls[positions[i]];
  return any === 0 ? undefined : result;
}

function gatherFlat(block: FlatBlock, positions: Int32Array, count: number): FlatBlock {
  const nulls = gatherNulls(block.nulls, positions, count);
  switch (block.kind) {
    case 'boolean': {
      const values = new Uint8Array(count);
      const source = block.values;
      for (let i = 0; i < count; i++) values[i] = source[positions[i]];
      return booleanBlock(values, nulls);
    }
    case 'int32': {
      const values = new Int32Array(count);
      const source = block.values;
      for (let i = 0; i < count; i++) values[i] = source[positions[i]];
      return int32Block(values, nulls);
    }
    case 'float64': {
      const values = new Float64Array(count);
      const source = block.values;
      for (let i = 0; i < count; i++) values[i] = source[positions[i]];
      return float64Block(values, nulls);
    }
    case 'float32': {
      const values = new Float32Array(count);
      const source = block.values;
      for (let i = 0; i < count; i++) values[i] = source[positions[i]];
      return float32Block(values, nulls);
    }
    case 'int64': {
      // Through Int32 views: reading a BigInt64Array element allocates a bigint (TPC-H Q3 spent
      // most of its time and garbage collection here).
      const values = new BigInt64Array(count);
      const target = new Int32Array(values.buffer);
      const source = new Int32Array(block.values.buffer, block.values.byteOffset, block.values.length * 2);
      for (let i = 0; i < count; i++) {
        const from = positions[i] * 2;
        const to = i * 2;
        target[to] = source[from];
        target[to + 1] = source[from + 1];
      }
      return int64Block(values, nulls);
    }
    case 'int128': {
      // Through Int32 views: reading a BigInt64Array element allocates a bigint.
      const values = new BigInt64Array(2 * count);
      const target = new Int32Array(values.buffer);
      const source = new Int32Array(block.values.buffer, block.values.byteOffset, block.values.length * 2);
      for (let i = 0; i < count; i++) {
        const from = positions[i] * 4;
        const to = i * 4;
        target[to] = source[from];
        target[to + 1] = source[from + 1];
        target[to + 2] = source[from + 2];
        target[to + 3] = source[from + 3];
      }
      return int128Block(values, nulls);
    }
    case 'string': {
      const values: string[] = [];
      const source = block.values;
      for (let i = 0; i < count; i++) values.push(source[positions[i]]);
      return sizedFrom(stringBlock(values, nulls), block, positions, 0);
    }
    case 'binary': {
      const values: Uint8Array[] = [];
      const source = block.values;
      for (let i = 0; i < count; i++) values.push(source[positions[i]]);
      return sizedFrom(binaryBlock(values, nulls), block, positions, 0);
    }
    case 'timestamptz':
      return gatherTimestampTz(block, positions, count, nulls);
    case 'array': {
      const [offsets, childPositions] = gatherRanges(block.offsets, positions, count);
      return arrayBlock(offsets, copyPositions(block.elements, childPositions, childPositions.length), nulls);
    }
    case 'map': {
      const [offsets, childPositions] = gatherRanges(block.offsets, positions, count);
      const n = childPositions.length;
      return mapBlock(
        offsets,
        copyPositions(block.keys, childPositions, n),
        copyPositions(block.values, childPositions, n),
        nulls,
      );
    }
    case 'row':
      return rowBlock(
        count,
        block.fields.map((field) => copyPositions(field, positions, count)),
        nulls,
      );
  }
}

function gatherTimestampTz(
  block: TimestampTzBlock,
  positions: Int32Array,
  count: number,
  nulls: Uint8Array | undefined,
): TimestampTzBlock {
  const millis = new Float64Array(count);
  const zones = new Int16Array(count);
  const sourceMillis = block.millis;
  const sourceZones = block.zones;
  for (let i = 0; i < count; i++) {
    const p = positions[i];
    millis[i] = sourceMillis[p];
    zones[i] = sourceZones[p];
  }
  let picos: Int32Array | undefined;
  if (block.picos !== undefined) {
    picos = new Int32Array(count);
    const source = block.picos;
    for (let i = 0; i < count; i++) picos[i] = source[positions[i]];
  }
  return timestampTzBlock(millis, zones, picos, nulls);
}

/** New offsets (from 0) for the selected entries, and the child positions they cover. */
function gatherRanges(offsets: Int32Array, positions: Int32Array, count: number): [Int32Array, Int32Array] {
  const newOffsets = new Int32Array(count + 1);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const p = positions[i];
    total += offsets[p + 1] - offsets[p];
    newOffsets[i + 1] = total;
  }
  const childPositions = new Int32Array(total);
  let k = 0;
  for (let i = 0; i < count; i++) {
    const p = positions[i];
    const end = offsets[p + 1];
    for (let j = offsets[p]; j < end; j++) childPositions[k++] = j;
  }
  return [newOffsets, childPositions];
}

function expandRle(block: RleBlock): FlatBlock {
  const n = block.positionCount;
  const value = block.value;
  const nulls = value.nulls !== undefined && value.nulls[0] !== 0 ? new Uint8Array(n).fill(1) : undefined;
  switch (value.kind) {
    case 'boolean':
      return booleanBlock(new Uint8Array(n).fill(value.values[0]), nulls);
    case 'int32':
      return int32Block(new Int32Array(n).fill(value.values[0]), nulls);
    case 'float64':
      return float64Block(new Float64Array(n).fill(value.values[0]), nulls);
    case 'float32':
      return float32Block(new Float32Array(n).fill(value.values[0]), nulls);
    case 'int64':
      return int64Block(new BigInt64Array(n).fill(value.values[0]), nulls);
    case 'string':
      return stringBlock(new Array<string>(n).fill(value.values[0]), nulls);
    default:
      return gatherFlat(value, new Int32Array(n), n);
  }
}

/**
 * The blocks one after the other. All must hold the same type; a bigint column mixing float64 and
 * int64 blocks concatenates to int64. Blocks sharing one rle value or one dictionary stay encoded;
 * otherwise the result is flat.
 */
export function concatBlocks(blocks: readonly Block[]): Block {
  if (blocks.length === 0) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'concatBlocks needs at least one block');
  if (blocks.length === 1) return blocks[0];
  let total = 0;
  for (const block of blocks) total += block.positionCount;
  const first = blocks[0];
  if (first.kind === 'rle' && blocks.every((b) => b.kind === 'rle' && b.value === first.value)) {
    return rleBlock(first.value, total);
  }
  if (
    first.kind === 'dictionary' &&
    blocks.every((b) => b.kind === 'dictionary' && b.dictionary === first.dictionary)
  ) {
    const ids = new Int32Array(total);
    let offset = 0;
    for (const block of blocks as readonly DictionaryBlock[]) {
      ids.set(block.ids, offset);
      offset += block.positionCount;
    }
    return dictionaryBlock(ids, first.dictionary);
  }
  return concatFlat(blocks.map(flatten), total);
}

function concatNulls(blocks: readonly FlatBlock[], total: number): Uint8Array | undefined {
  if (blocks.every((b) => b.nulls === undefined)) return undefined;
  const nulls = new Uint8Array(total);
  let offset = 0;
  for (const block of blocks) {
    if (block.nulls !== undefined) nulls.set(block.nulls.subarray(0, block.positionCount), offset);
    offset += block.positionCount;
  }
  return nulls;
}

interface TypedArrayLike<T> {
  readonly length: number;
  set(source: T, offset: number): void;
}

function concatTyped<T extends TypedArrayLike<T>>(parts: readonly T[], result: T): T {
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

/**
 * The parts one after the other in one array, copied by a loop — not `Array.prototype.concat`,
 * which gives an array in dictionary mode (every later read a hash lookup) once any loaded module
 * has defined `Symbol.isConcatSpreadable` (apache-arrow's vectors do, which turns off V8's fast
 * path in the whole process): a join build of 57,069 rows spent 4-22 ms a string column here, and
 * every probe's gather from the result read it through a hash table.
 */
function concatArrays<T>(
  blocks: readonly { readonly values: readonly T[]; readonly positionCount: number }[],
  total: number,
): T[] {
  const out: T[] = new Array<T>(total);
  let at = 0;
  for (const { values, positionCount } of blocks) {
    for (let i = 0; i < positionCount; i++) out[at++] = values[i];
  }
  return out;
}

function concatFlat(blocks: readonly FlatBlock[], total: number): FlatBlock {
  const kind = blocks.some((b) => b.kind === 'int64') ? 'int64' : blocks[0].kind;
  for (const block of blocks) {
    if (block.kind !== kind && !(kind === 'int64' && block.kind === 'float64')) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Cannot concatenate ${block.kind} and ${kind} blocks`);
    }
  }
  const nulls = concatNulls(blocks, total);
  switch (kind) {
    case 'boolean':
      return booleanBlock(concatTyped(valuesOf<Uint8Array>(blocks), new Uint8Array(total)), nulls);
    case 'int32':
      return int32Block(concatTyped(valuesOf<Int32Array>(blocks), new Int32Array(total)), nulls);
    case 'float64':
      return float64Block(concatTyped(valuesOf<Float64Array>(blocks), new Float64Array(total)), nulls);
    case 'float32':
      return float32Block(concatTyped(valuesOf<Float32Array>(blocks), new Float32Array(total)), nulls);
    case 'int64': {
      const parts = blocks.map((b) =>
        b.kind === 'float64' ? BigInt64Array.from(b.values, (v) => BigInt(v)) : (b as { values: BigInt64Array }).values,
      );
      return int64Block(concatTyped(parts, new BigInt64Array(total)), nulls);
    }
    case 'int128':
      return int128Block(concatTyped(valuesOf<BigInt64Array>(blocks), new BigInt64Array(2 * total)), nulls);
    case 'string':
      return sizedFromParts(stringBlock(concatArrays(blocks as readonly StringBlock[], total), nulls), blocks);
    case 'binary':
      return sizedFromParts(binaryBlock(concatArrays(blocks as readonly BinaryBlock[], total), nulls), blocks);
    case 'timestamptz': {
      const parts = blocks as readonly TimestampTzBlock[];
      const withPicos = parts[0].picos !== undefined;
      return timestampTzBlock(
        concatTyped(
          parts.map((b) => b.millis),
          new Float64Array(total),
        ),
        concatTyped(
          parts.map((b) => b.zones),
          new Int16Array(total),
        ),
        withPicos
          ? concatTyped(
              parts.map((b) => b.picos ?? new Int32Array(b.positionCount)),
              new Int32Array(total),
            )
          : undefined,
        nulls,
      );
    }
    case 'array': {
      const parts = blocks as readonly ArrayBlock[];
      const offsets = concatOffsets(parts, total);
      return arrayBlock(offsets, concatBlocks(parts.map((b) => childRegion(b.elements, b.offsets))), nulls);
    }
    case 'map': {
      const parts = blocks as readonly MapBlock[];
      const offsets = concatOffsets(parts, total);
      return mapBlock(
        offsets,
        concatBlocks(parts.map((b) => childRegion(b.keys, b.offsets))),
        concatBlocks(parts.map((b) => childRegion(b.values, b.offsets))),
        nulls,
      );
    }
    case 'row': {
      const parts = blocks as readonly RowBlock[];
      const fields = parts[0].fields.map((_, i) => concatBlocks(parts.map((b) => b.fields[i])));
      return rowBlock(total, fields, nulls);
    }
  }
}

function valuesOf<T>(blocks: readonly FlatBlock[]): T[] {
  return blocks.map((b) => (b as unknown as { values: T }).values);
}

/** Offsets of consecutive array/map blocks, rebased to start at 0. */
function concatOffsets(parts: readonly (ArrayBlock | MapBlock)[], total: number): Int32Array {
  const offsets = new Int32Array(total + 1);
  let position = 0;
  let base = 0;
  for (const part of parts) {
    const source = part.offsets;
    const first = source[0];
    for (let i = 1; i <= part.positionCount; i++) offsets[position + i] = base + source[i] - first;
    position += part.positionCount;
    base += source[part.positionCount] - first;
  }
  return offsets;
}

/** The child entries covered by `offsets`. */
export function childRegion(child: Block, offsets: Int32Array): Block {
  const start = offsets[0];
  return getBlockRegion(child, start, offsets[offsets.length - 1] - start);
}
