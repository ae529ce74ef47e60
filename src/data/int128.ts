/**
 * Reading and writing the 128-bit two's complement integers of `int128` blocks (long decimals,
 * precision 19..38). Position i occupies words 2i (high 64 bits, signed) and 2i + 1 (low 64 bits,
 * stored in a BigInt64Array and so read back signed: `BigInt.asUintN` makes them unsigned again).
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
