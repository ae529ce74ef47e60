/**
 * Hash kernels: 32-bit hashes of SQL values, per physical block kind, for hash tables (grouping,
 * joins, distinct) and hash partitioning. The hash is a function of the VALUE, never of its
 * encoding: a bigint hashes the same from a float64 block and from an int64 block, 5 hashes the same
 * from an int32 block and a float64 block, and a value hashes the same flat, under a dictionary or
 * an rle. Tables built over one kind of block can therefore be probed with another.
 *
 * Scheme (all arithmetic with Math.imul and 32-bit integer ops):
 *   - numbers: an int32-valued number is fmix32(v) (murmur3's finaliser); any other integer is
 *     mixed from its low and high 32-bit words (exact for every integer, so bigints outside the safe
 *     range, read from int64 blocks as BigInt, get the same words); a non-integer double is mixed
 *     from its IEEE bits; -0 hashes as 0 and every NaN alike (SQL grouping treats them as equal);
 *   - strings: FNV-1a over UTF-16 code units, then fmix32;
 *   - bytes: FNV-1a over the bytes, then fmix32;
 *   - long decimals: the four 32-bit words of the 128-bit value;
 *   - timestamp with time zone / time with time zone / timestamp(7..12): the millisecond number
 *     combined with the picoseconds (the zone takes no part: equal instants are equal values);
 *   - arrays and rows: their elements combined in order; maps: the sum of their entries' hashes
 *     (order-insensitive, as map equality is);
 *   - NULL: the constant NULL_HASH.
 * Multi-column hashes combine column hashes with `combineHash` (31 · h + x with a multiplicative mix).
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { getValue, type ZonedValue } from '../../data/block-values.js';
import type { Type } from '../../types/type.js';

export const NULL_HASH = 0x1b873593;
const NAN_HASH = 0x7ff80000;
const WORD_SEED = 0x5bd1e995;
const TWO_32 = 4294967296;

const scratchDouble = new Float64Array(1);
const scratchWords = new Int32Array(scratchDouble.buffer);

/** murmur3's 32-bit finaliser: every input bit affects every output bit. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Combines a running hash with the next column's or element's hash. */
export function combineHash(previous: number, next: number): number {
  return (Math.imul(previous, 31) + Math.imul(next ^ (next >>> 15), 0x2c1b3c6d)) | 0;
}

/** Hash of a 64-bit quantity given as two 32-bit words. */
export function hashWords(low: number, high: number): number {
  return mix32(low ^ Math.imul(high ^ WORD_SEED, 0x9e3779b1));
}

/** Hash of a number (any double; integers hash by value, see the module comment). */
export function hashNumber(value: number): number {
  if ((value | 0) === value) return mix32(value | 0);
  return hashWideNumber(value);
}

function hashWideNumber(value: number): number {
  if (Number.isInteger(value)) return hashWords(value | 0, Math.floor(value / TWO_32) | 0);
  if (Number.isNaN(value)) return NAN_HASH;
  scratchDouble[0] = value;
  return hashWords(scratchWords[0], scratchWords[1]) ^ WORD_SEED;
}

/** Hash of an integer held as a BigInt; equals hashNumber(Number(v)) for every safe integer. */
export function hashBigInt(value: bigint): number {
  if (value >= MIN_SAFE && value <= MAX_SAFE) return hashNumber(Number(value));
  return hashWords(Number(BigInt.asIntN(32, value)), Number(BigInt.asIntN(32, value >> 32n)));
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return mix32(h ^ value.length);
}

export function hashBytes(value: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value[i], 0x01000193);
  return mix32(h ^ value.length);
}

/** Hash of a 128-bit value from its four little-endian 32-bit words (low word first). */
export function hashInt128Words(w0: number, w1: number, w2: number, w3: number): number {
  return combineHash(hashWords(w0, w1), hashWords(w2, w3));
}

/** Hash of a 128-bit integer held as a BigInt; agrees with the int128 block kernel. */
export function hashInt128(value: bigint): number {
  return hashInt128Words(
    Number(BigInt.asIntN(32, value)),
    Number(BigInt.asIntN(32, value >> 32n)),
    Number(BigInt.asIntN(32, value >> 64n)),
    Number(BigInt.asIntN(32, value >> 96n)),
  );
}

export function hashZoned(millis: number, picos: number): number {
  return combineHash(hashNumber(millis), mix32(picos | 0));
}

/** Hash of a value in the engine's JS representation (block-values.ts); NULL gives NULL_HASH. */
export function hashValue(type: Type, value: unknown): number {
  if (value === null || value === undefined) return NULL_HASH;
  switch (type.kind) {
    case 'boolean':
      return value ? mix32(1) : mix32(0);
    case 'varchar':
    case 'char':
    case 'json':
    case 'uuid':
      return hashString(value as string);
    case 'varbinary':
      return hashBytes(value as Uint8Array);
    case 'decimal':
      if (typeof value === 'number') return hashNumber(value);
      return type.precision <= 18 ? hashBigInt(value as bigint) : hashInt128(value as bigint);
    case 'bigint':
      return typeof value === 'number' ? hashNumber(value) : hashBigInt(value as bigint);
    case 'timestamp':
    case 'timestamp with time zone':
    case 'time with time zone':
      if (typeof value === 'number') return hashNumber(value);
      return hashZoned((value as ZonedValue).millis, (value as ZonedValue).picos ?? 0);
    case 'array': {
      const elements = value as readonly unknown[];
      let h = 0x3c6ef372;
      for (let i = 0; i < elements.length; i++) h = combineHash(h, hashValue(type.element, elements[i]));
      return h;
    }
    case 'row': {
      const fields = value as readonly unknown[];
      let h = 0x1f83d9ab;
      for (let i = 0; i < type.fields.length; i++) h = combineHash(h, hashValue(type.fields[i].type, fields[i]));
      return h;
    }
    case 'map': {
      let h = 0x5be0cd19;
      for (const [k, v] of value as Map<unknown, unknown>) {
        h = (h + combineHash(hashValue(type.key, k), hashValue(type.value, v))) | 0;
      }
      return h;
    }
    default:
      return hashNumber(value as number);
  }
}

/**
 * Writes the hash of each of the first `positionCount` positions of `block` (values of `type`) into
 * `out`; with `combine`, combines it into the hash already in `out` (multi-column keys).
 */
export function hashBlock(block: Block, type: Type, out: Int32Array, positionCount: number, combine = false): void {
  if (block.kind === 'rle') {
    const h = hashFlatPosition(block.value, type, 0);
    if (combine) for (let i = 0; i < positionCount; i++) out[i] = combineHash(out[i], h);
    else out.fill(h, 0, positionCount);
    return;
  }
  if (block.kind === 'dictionary' && block.dictionary.positionCount <= positionCount) {
    // Hash the dictionary entries actually referenced, once each (when the dictionary is no larger than
    // the page; a big shared dictionary is cheaper to hash through, position by position).
    const dictionary = block.dictionary;
    const cache = new Int32Array(dictionary.positionCount);
    const known = new Uint8Array(dictionary.positionCount);
    const ids = block.ids;
    for (let i = 0; i < positionCount; i++) {
      const id = ids[i];
      let h: number;
      if (known[id] === 1) h = cache[id];
      else {
        h = hashFlatPosition(dictionary, type, id);
        cache[id] = h;
        known[id] = 1;
      }
      out[i] = combine ? combineHash(out[i], h) : h;
    }
    return;
  }
  if (block.kind === 'dictionary') {
    const ids = block.ids;
    for (let i = 0; i < positionCount; i++) {
      const h = hashFlatPosition(block.dictionary, type, ids[i]);
      out[i] = combine ? combineHash(out[i], h) : h;
    }
    return;
  }
  hashFlat(block, type, out, positionCount, combine);
}

function hashFlat(block: FlatBlock, type: Type, out: Int32Array, count: number, combine: boolean): void {
  const nulls = block.nulls;
  switch (block.kind) {
    case 'int32':
    case 'float64':
    case 'float32': {
      const values = block.values;
      for (let i = 0; i < count; i++) {
        const h = nulls !== undefined && nulls[i] !== 0 ? NULL_HASH : hashNumber(values[i]);
        out[i] = combine ? combineHash(out[i], h) : h;
      }
      return;
    }
    case 'string': {
      const values = block.values;
      for (let i = 0; i < count; i++) {
        const h = nulls !== undefined && nulls[i] !== 0 ? NULL_HASH : hashString(values[i]);
        out[i] = combine ? combineHash(out[i], h) : h;
      }
      return;
    }
    case 'int128': {
      const words = int32View(block.values);
      for (let i = 0; i < count; i++) {
        const at = 4 * i;
        const h =
          nulls !== undefined && nulls[i] !== 0
            ? NULL_HASH
            : hashInt128Words(words[at + 2], words[at + 3], words[at], words[at + 1]);
        out[i] = combine ? combineHash(out[i], h) : h;
      }
      return;
    }
    default:
      for (let i = 0; i < count; i++) {
        const h = hashFlatPosition(block, type, i);
        out[i] = combine ? combineHash(out[i], h) : h;
      }
  }
}

/** Hash of one position of any block: what `hashBlock` writes for that position. */
export function hashPosition(block: Block, type: Type, position: number): number {
  if (block.kind === 'rle') return hashFlatPosition(block.value, type, 0);
  if (block.kind === 'dictionary') return hashFlatPosition(block.dictionary, type, block.ids[position]);
  return hashFlatPosition(block, type, position);
}

/** Hash of one position of a flat block. */
export function hashFlatPosition(block: FlatBlock, type: Type, position: number): number {
  if (block.nulls !== undefined && block.nulls[position] !== 0) return NULL_HASH;
  switch (block.kind) {
    case 'boolean':
      return mix32(block.values[position]);
    case 'int32':
    case 'float64':
    case 'float32':
      return hashNumber(block.values[position]);
    case 'int64':
      return hashBigInt(block.values[position]);
    case 'int128': {
      const words = int32View(block.values);
      const at = 4 * position;
      // Word 2p is the high 64 bits, 2p + 1 the low: the low 32-bit word comes first in the low half.
      return hashInt128Words(words[at + 2], words[at + 3], words[at], words[at + 1]);
    }
    case 'string':
      return hashString(block.values[position]);
    case 'binary':
      return hashBytes(block.values[position]);
    case 'timestamptz':
      return hashZoned(block.millis[position], block.picos === undefined ? 0 : block.picos[position]);
    default:
      return hashValue(type, getValue(block, type, position));
  }
}

/** The 32-bit words of a BigInt64Array (little-endian: word 2k is the low half of element k). */
export function int32View(values: BigInt64Array): Int32Array {
  return new Int32Array(values.buffer, values.byteOffset, values.length * 2);
}
