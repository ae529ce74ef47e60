/**
 * The two representations of a bigint value: a JS number while it is a safe integer (|v| ≤ 2^53 − 1,
 * exact in a double) and a BigInt beyond that. Every function that produces a bigint returns the
 * number form whenever the result fits, so values have one canonical form and `===` works on them.
 */
import { outOfRange } from './errors.js';

export type BigintValue = number | bigint;

export const MIN_BIGINT = -(1n << 63n);
export const MAX_BIGINT = (1n << 63n) - 1n;
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The canonical form of an exact integer: a number when it is safe, else the BigInt. */
export function normalizeBigint(value: bigint): BigintValue {
  return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value;
}

export function toBigInt(value: BigintValue): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** The canonical bigint value of an exact integer, or NUMERIC_VALUE_OUT_OF_RANGE with `message`. */
export function checkedBigint(value: bigint, message: string): BigintValue {
  if (value < MIN_BIGINT || value > MAX_BIGINT) throw outOfRange(message);
  return normalizeBigint(value);
}

/** Compares two bigint values of either form. */
export function compareBigint(a: BigintValue, b: BigintValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  const x = toBigInt(a);
  const y = toBigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
