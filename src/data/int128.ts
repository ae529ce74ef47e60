/**
 * Reading and writing the 128-bit two's complement integers of `int128` blocks (long decimals,
 * precision 19..38). Position i occupies words 2i (high 64 bits, signed) and 2i + 1 (low 64 bits,
 * stored in a BigInt64Array and so read back signed: `BigInt.asUintN` makes them unsigned again).
 *
 * Also the number forms, for int128 and int64 (decimal(16..18)) words alike: most long-decimal
 * values are safe integers (|v| ≤ 2^53 − 1), and reading or writing them through an Int32Array view
 * of the words (`wordHalves`) allocates no BigInt, where every BigInt64Array access and shift does.
 * The view is little-endian (the 32-bit half 2k is the low half of 64-bit word k), as on every
 * platform Node runs this engine on; the hashing of these blocks relies on the same.
 */
import { VivaceError } from '../common/vivace-error.js';

const MIN_INT128 = -(1n << 127n);
const MAX_INT128 = (1n << 127n) - 1n;

export function readInt128(words: BigInt64Array, position: number): bigint {
  const high = words[2 * position];
  const low = words[2 * position + 1];
  return (high << 64n) | BigInt.asUintN(64, low);
}

/** Stores `value`; throws when it does not fit in 128 bits. */
export function writeInt128(words: BigInt64Array, position: number, value: bigint): void {
  if (value < MIN_INT128 || value > MAX_INT128) {
    throw new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', `Value ${value} does not fit in 128 bits`);
  }
  words[2 * position] = value >> 64n;
  words[2 * position + 1] = BigInt.asIntN(64, value);
}

/** Signed comparison of two stored values without building bigints of 128 bits. */
export function compareInt128(a: BigInt64Array, aPosition: number, b: BigInt64Array, bPosition: number): number {
  const aHigh = a[2 * aPosition];
  const bHigh = b[2 * bPosition];
  if (aHigh !== bHigh) return aHigh < bHigh ? -1 : 1;
  const aLow = BigInt.asUintN(64, a[2 * aPosition + 1]);
  const bLow = BigInt.asUintN(64, b[2 * bPosition + 1]);
  return aLow === bLow ? 0 : aLow < bLow ? -1 : 1;
}

const TWO_POW_32 = 2 ** 32;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The 32-bit halves of a BigInt64Array's words (one allocation per block, not per value). */
export function wordHalves(words: BigInt64Array): Int32Array {
  return new Int32Array(words.buffer, words.byteOffset, words.length * 2);
}

/**
 * The 64-bit word at half index `at` (its low half; `at + 1` the high half) as a number when it is a
 * safe integer, NaN otherwise. Exact: high · 2^32 is exact and the sum rounds monotonically, so a
 * word beyond ±(2^53 − 1) never reads as a safe integer.
 */
function wordNumber(halves: Int32Array, at: number): number {
  const value = halves[at + 1] * TWO_POW_32 + (halves[at] >>> 0);
  return value <= MAX_SAFE && value >= -MAX_SAFE ? value : Number.NaN;
}

/** The 64-bit word at half index `at` from a safe integer (two's complement, no BigInt). */
function writeWordNumber(halves: Int32Array, at: number, value: number): void {
  halves[at] = value >>> 0; // ToUint32 is the value modulo 2^32, negative values included
  halves[at + 1] = Math.floor(value / TWO_POW_32);
}

/** An int64 block's value at `position` as a number if it is a safe integer, else NaN (then read the BigInt). */
export function readInt64Number(halves: Int32Array, position: number): number {
  return wordNumber(halves, 2 * position);
}

/** Stores a safe integer (the caller checks `Number.isSafeInteger`) at `position` of int64 words. */
export function writeInt64Number(halves: Int32Array, position: number, value: number): void {
  writeWordNumber(halves, 2 * position, value);
}

/** An int128 block's value at `position` as a number if it is a safe integer, else NaN (then use readInt128). */
export function readInt128Number(halves: Int32Array, position: number): number {
  const at = 4 * position;
  const highLow = halves[at];
  // A safe integer's high word only repeats the sign of its low word: all zeros or all ones.
  if (highLow !== halves[at + 1] || (highLow !== 0 && highLow !== -1)) return Number.NaN;
  if (highLow === 0 ? halves[at + 3] < 0 : halves[at + 3] >= 0) return Number.NaN;
  return wordNumber(halves, at + 2);
}

/** Stores a safe integer (the caller checks `Number.isSafeInteger`) at `position` of int128 words. */
export function writeInt128Number(halves: Int32Array, position: number, value: number): void {
  const at = 4 * position;
  const sign = value < 0 ? -1 : 0;
  halves[at] = sign;
  halves[at + 1] = sign;
  writeWordNumber(halves, at + 2, value);
}
