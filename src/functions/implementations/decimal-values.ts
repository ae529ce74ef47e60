/**
 * Decimal values as unscaled integers: a number for precision ≤ 15 (exact in a double); above, a
 * BigInt, or a number when the value is a safe integer (|v| ≤ 2^53 − 1). 12.34 as decimal(4,2) is
 * 1234. Reading a long decimal out of a block gives a BigInt; the operators and rescaling casts give
 * a number whenever the exact result is a safe integer, whatever the declared precision, because
 * BigInt arithmetic allocates on every step (TPC-H Q1's `extendedprice * (1 - discount)` is
 * decimal(31,4) with values of a few million units). So code that takes a long decimal accepts both
 * forms (`decimalToBig`, value-comparison.ts for equality and keys); builders store either.
 * Arithmetic runs on numbers when every intermediate stays exact and on BigInts otherwise; rounding
 * is HALF_UP (away from zero on a tie), as Java's BigDecimal in Trino. Parsing and printing of
 * decimal text live here too.
 */
import type { DecimalType } from '../../types/type.js';
import { invalidCast, outOfRange } from './errors.js';

export type DecimalValue = number | bigint;

/** Decimals up to this precision are numbers. */
export const MAX_NUMBER_DECIMAL_PRECISION = 15;

const BIG_POWERS: bigint[] = [];
for (let i = 0, p = 1n; i <= 80; i++, p *= 10n) BIG_POWERS.push(p);
/** 10^i as a double, exact for i ≤ 22. */
const NUMBER_POWERS: number[] = [];
for (let i = 0; i <= 22; i++) NUMBER_POWERS.push(10 ** i);

export function powerOfTenBig(exponent: number): bigint {
  return BIG_POWERS[exponent] ?? 10n ** BigInt(exponent);
}

export function powerOfTen(exponent: number): number {
  return NUMBER_POWERS[exponent] ?? 10 ** exponent;
}

export function isNumberDecimal(type: DecimalType): boolean {
  return type.precision <= MAX_NUMBER_DECIMAL_PRECISION;
}

export function decimalToBig(value: DecimalValue): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_SAFE_BIG = BigInt(MAX_SAFE);

/**
 * Whether a number computed from safe integers by one +, −, × is exact: it is when its magnitude
 * is at most 2^53 − 1, because rounding is monotonic and 2^53 is a double, so an exact result
 * beyond that range never rounds back into it.
 */
export function isSafeMagnitude(value: number): boolean {
  return value <= MAX_SAFE && value >= -MAX_SAFE;
}

/** The value as a number when it is a safe integer (a BigInt that small converts exactly), else as it is. */
export function narrowDecimal(value: DecimalValue): DecimalValue {
  return typeof value === 'bigint' && value <= MAX_SAFE_BIG && value >= -MAX_SAFE_BIG ? Number(value) : value;
}

/** The representation `type` uses for an unscaled value (which must fit its precision). */
export function decimalOf(value: bigint, type: DecimalType): DecimalValue {
  return type.precision <= MAX_NUMBER_DECIMAL_PRECISION ? Number(value) : value;
}

/** The unscaled value in `type`'s representation; NUMERIC_VALUE_OUT_OF_RANGE when it has too many digits. */
export function checkedDecimal(value: bigint, type: DecimalType): DecimalValue {
  const limit = powerOfTenBig(type.precision);
  if (value >= limit || value <= -limit) throw outOfRange('Decimal overflow');
  return decimalOf(value, type);
}

/** Whether |value| < 10^precision. */
export function fitsPrecision(value: bigint, precision: number): boolean {
  const limit = powerOfTenBig(precision);
  return value < limit && value > -limit;
}

/** a / b rounded HALF_UP (b ≠ 0). */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const remainder = a - quotient * b;
  if (remainder === 0n) return quotient;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const divisor = b < 0n ? -b : b;
  if (twice < divisor) return quotient;
  return a < 0n !== b < 0n ? quotient - 1n : quotient + 1n;
}

/** The same number at another scale: multiplied, or divided with HALF_UP rounding. */
export function rescaleBig(value: bigint, fromScale: number, toScale: number): bigint {
  if (toScale === fromScale) return value;
  if (toScale > fromScale) return value * powerOfTenBig(toScale - fromScale);
  return divideHalfUp(value, powerOfTenBig(fromScale - toScale));
}

/** Rescales a number-represented value whose result stays below 10^15 (HALF_UP when reducing scale). */
export function rescaleNumber(value: number, fromScale: number, toScale: number): number {
  if (toScale === fromScale) return value;
  if (toScale > fromScale) return value * powerOfTen(toScale - fromScale);
  const divisor = powerOfTen(fromScale - toScale);
  const remainder = value % divisor;
  const quotient = (value - remainder) / divisor;
  if (2 * Math.abs(remainder) >= divisor) return quotient + (value < 0 ? -1 : 1);
  return quotient + 0;
}

/** The unscaled value in `to`'s scale and representation, HALF_UP; INVALID_CAST_ARGUMENT when it overflows. */
export function rescaleDecimal(value: DecimalValue, from: DecimalType, to: DecimalType): DecimalValue {
  const number = narrowDecimal(value);
  if (typeof number === 'number') {
    // Both scalings are exact here: a product below 10^15 is exact, and an inexact one is too
    // large anyway, which the bound check catches. A long target takes any safe integer (10^16 >
    // 2^53): an inexact product is beyond 2^53 − 1 and goes to the BigInt path.
    const result = rescaleNumber(number, from.scale, to.scale);
    if (to.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
      if (Math.abs(result) < powerOfTen(to.precision)) return result;
      throw decimalCastOverflow(value, from, to);
    }
    if (isSafeMagnitude(result)) return result;
  }
  const result = rescaleBig(decimalToBig(value), from.scale, to.scale);
  if (!fitsPrecision(result, to.precision)) throw decimalCastOverflow(value, from, to);
  return decimalOf(result, to);
}

function decimalCastOverflow(value: DecimalValue, from: DecimalType, to: DecimalType) {
  return invalidCast(
    `Cannot cast DECIMAL(${from.precision}, ${from.scale}) '${formatDecimal(value, from.scale)}' to DECIMAL(${to.precision}, ${to.scale})`,
  );
}

/** Decimal text of an unscaled value: `12.34`, `-0.05`, `7` (scale 0). */
export function formatDecimal(value: DecimalValue, scale: number): string {
  const negative = value < 0;
  let digits = (negative ? -value : value).toString();
  if (scale === 0) return negative ? `-${digits}` : digits;
  if (digits.length <= scale) digits = '0'.repeat(scale - digits.length + 1) + digits;
  const point = digits.length - scale;
  return `${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Parses decimal text (`-12.5`, `1e3`, `.5`, surrounding spaces allowed) into its unscaled digits
 * and scale; undefined when the text is not a decimal number.
 */
export function parseDecimalText(text: string): { unscaled: bigint; scale: number } | undefined {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (match === null) return undefined;
  const integerPart = match[2];
  const fraction = match[3] ?? '';
  if (integerPart === '' && fraction === '') return undefined;
  let unscaled = BigInt(`${integerPart}${fraction}` || '0');
  let scale = fraction.length - (match[4] === undefined ? 0 : Number(match[4]));
  if (scale < 0) {
    unscaled *= powerOfTenBig(-scale);
    scale = 0;
  }
  return { unscaled: match[1] === '-' ? -unscaled : unscaled, scale };
}
