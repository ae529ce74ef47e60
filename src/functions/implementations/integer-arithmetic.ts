/**
 * Checked arithmetic over tinyint, smallint, integer and bigint, with Trino's overflow messages
 * (`integer addition overflow: 2147483647 + 1`). Integer division truncates toward zero and `%`
 * takes the sign of the dividend, as in Java. Results never wrap silently: a quotient that does not
 * fit (MIN / -1) is an overflow too. Bigint values may be numbers or BigInts (bigint-values.ts);
 * the number path is tried first and the BigInt path only runs when a result leaves the safe range.
 */
import { type BigintValue, checkedBigint, MAX_BIGINT, MIN_BIGINT, normalizeBigint, toBigInt } from './bigint-values.js';
import { divisionByZero, outOfRange } from './errors.js';

export type IntegralKind = 'tinyint' | 'smallint' | 'integer' | 'bigint';

export const INTEGRAL_RANGES: Readonly<Record<Exclude<IntegralKind, 'bigint'>, readonly [number, number]>> = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};

/** Checked arithmetic over one small integral type (values are always numbers). */
export interface SmallIntegerArithmetic {
  readonly min: number;
  readonly max: number;
  add(a: number, b: number): number;
  subtract(a: number, b: number): number;
  multiply(a: number, b: number): number;
  divide(a: number, b: number): number;
  modulus(a: number, b: number): number;
  negate(a: number): number;
}

function overflow(kind: string, operation: string, text: string): never {
  throw outOfRange(`${kind} ${operation} overflow: ${text}`);
}

/** Checked operations for tinyint, smallint or integer. */
export function smallIntegerArithmetic(kind: Exclude<IntegralKind, 'bigint'>): SmallIntegerArithmetic {
  const [min, max] = INTEGRAL_RANGES[kind];
  return {
    min,
    max,
    add(a, b) {
      const r = a + b;
      return r < min || r > max ? overflow(kind, 'addition', `${a} + ${b}`) : r;
    },
    subtract(a, b) {
      const r = a - b;
      return r < min || r > max ? overflow(kind, 'subtraction', `${a} - ${b}`) : r;
    },
    multiply(a, b) {
      // |a * b| < 2^62: the double product may be rounded, but it is out of range exactly when the
      // true product is, and exact when it is in range.
      const r = a * b + 0;
      return r < min || r > max ? overflow(kind, 'multiplication', `${a} * ${b}`) : r;
    },
    divide(a, b) {
      if (b === 0) throw divisionByZero();
      const r = (a - (a % b)) / b + 0;
      return r > max ? overflow(kind, 'division', `${a} / ${b}`) : r;
    },
    modulus(a, b) {
      if (b === 0) throw divisionByZero();
      return (a % b) + 0;
    },
    negate(a) {
      return a === min ? overflow(kind, 'negation', `${a}`) : 0 - a;
    },
  };
}

export function addBigint(a: BigintValue, b: BigintValue): BigintValue {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
  }
  return checkedBigint(toBigInt(a) + toBigInt(b), `bigint addition overflow: ${a} + ${b}`);
}

export function subtractBigint(a: BigintValue, b: BigintValue): BigintValue {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
  }
  return checkedBigint(toBigInt(a) - toBigInt(b), `bigint subtraction overflow: ${a} - ${b}`);
}

export function multiplyBigint(a: BigintValue, b: BigintValue): BigintValue {
  if (typeof a === 'number' && typeof b === 'number') {
    // A safe double product is exact: rounding is monotonic and 2^53 is representable.
    const r = a * b + 0;
    if (Number.isSafeInteger(r)) return r;
  }
  return checkedBigint(toBigInt(a) * toBigInt(b), `bigint multiplication overflow: ${a} * ${b}`);
}

export function divideBigint(a: BigintValue, b: BigintValue): BigintValue {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) throw divisionByZero();
    // a - a % b is an exact multiple of b, so the double quotient is exact.
    return (a - (a % b)) / b + 0;
  }
  const x = toBigInt(a);
  const y = toBigInt(b);
  if (y === 0n) throw divisionByZero();
  if (x === MIN_BIGINT && y === -1n) throw outOfRange(`bigint division overflow: ${a} / ${b}`);
  return normalizeBigint(x / y);
}

export function modulusBigint(a: BigintValue, b: BigintValue): BigintValue {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) throw divisionByZero();
    return (a % b) + 0;
  }
  const y = toBigInt(b);
  if (y === 0n) throw divisionByZero();
  return normalizeBigint(toBigInt(a) % y);
}

export function negateBigint(a: BigintValue): BigintValue {
  if (typeof a === 'number') return 0 - a;
  const x = -a;
  if (x > MAX_BIGINT) throw outOfRange(`bigint negation overflow: ${a}`);
  return normalizeBigint(x);
}
