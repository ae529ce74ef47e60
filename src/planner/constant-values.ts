/**
 * Arithmetic and comparison over constant values in the bound-tree representation (numbers,
 * strings for big bigints and decimals' unscaled digits, days for dates, months or milliseconds
 * for intervals). Every operation returns undefined when it cannot be evaluated exactly here
 * (overflow, division by zero, a type it does not handle): the expression is then left for run
 * time, where the error, if any, is raised.
 */

import { compareCodePoints } from '../common/code-point-order.js';

export { compareCodePoints } from '../common/code-point-order.js';

import { codePointCount } from '../types/literal-types.js';
import type { DecimalType, Type } from '../types/type.js';

const INTEGRAL_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  tinyint: [-128n, 127n],
  smallint: [-32768n, 32767n],
  integer: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
};

export function isIntegralType(type: Type): boolean {
  return type.kind in INTEGRAL_RANGES;
}

function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'bigint') return value;
  return undefined;
}

/** A bigint as the constant representation of an integral type (a string beyond ±2^53). */
function integralValue(v: bigint, type: Type): number | string | undefined {
  const range = INTEGRAL_RANGES[type.kind];
  if (!range || v < range[0] || v > range[1]) return undefined;
  const safe = v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER);
  return safe ? Number(v) : v.toString();
}

function decimalValue(unscaled: bigint, type: DecimalType): string | undefined {
  const limit = 10n ** BigInt(type.precision);
  if (unscaled >= limit || unscaled <= -limit) return undefined;
  return unscaled.toString();
}

/** `value` × 10^shift, rounding half away from zero when shift is negative. */
function rescale(value: bigint, shift: number): bigint {
  if (shift >= 0) return value * 10n ** BigInt(shift);
  return divideRounded(value, 10n ** BigInt(-shift));
}

function divideRounded(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const remainder = a % b;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  if (abs(remainder) * 2n >= abs(b)) return quotient + (a < 0n !== b < 0n ? -1n : 1n);
  return quotient;
}

function finite(value: number, type: Type): number | undefined {
  const result = type.kind === 'real' ? Math.fround(value) : value;
  return Number.isFinite(result) ? result : undefined;
}

export type ArithmeticOperator = 'ADD' | 'SUBTRACT' | 'MULTIPLY' | 'DIVIDE' | 'MODULUS';

/** `a op b` with operand types `ta`, `tb` and result type `result`. */
export function evaluateArithmetic(
  op: ArithmeticOperator,
  a: unknown,
  ta: Type,
  b: unknown,
  tb: Type,
  result: Type,
): unknown {
  if (isIntegralType(result) && isIntegralType(ta) && isIntegralType(tb)) {
    const x = toBigInt(a);
    const y = toBigInt(b);
    if (x === undefined || y === undefined) return undefined;
    switch (op) {
      case 'ADD':
        return integralValue(x + y, result);
      case 'SUBTRACT':
        return integralValue(x - y, result);
      case 'MULTIPLY':
        return integralValue(x * y, result);
      case 'DIVIDE':
        return y === 0n ? undefined : integralValue(x / y, result);
      case 'MODULUS':
        return y === 0n ? undefined : integralValue(x % y, result);
    }
  }
  if ((result.kind === 'double' || result.kind === 'real') && typeof a === 'number' && typeof b === 'number') {
    switch (op) {
      case 'ADD':
        return finite(a + b, result);
      case 'SUBTRACT':
        return finite(a - b, result);
      case 'MULTIPLY':
        return finite(a * b, result);
      case 'DIVIDE':
        return b === 0 ? undefined : finite(a / b, result);
      case 'MODULUS':
        return b === 0 ? undefined : finite(a % b, result);
    }
  }
  if (result.kind === 'decimal' && ta.kind === 'decimal' && tb.kind === 'decimal') {
    const x = toBigInt(a);
    const y = toBigInt(b);
    if (x === undefined || y === undefined) return undefined;
    switch (op) {
      case 'ADD':
      case 'SUBTRACT': {
        const xs = rescale(x, result.scale - ta.scale);
        const ys = rescale(y, result.scale - tb.scale);
        return decimalValue(op === 'ADD' ? xs + ys : xs - ys, result);
      }
      case 'MULTIPLY':
        return result.scale === ta.scale + tb.scale ? decimalValue(x * y, result) : undefined;
      case 'DIVIDE': {
        if (y === 0n) return undefined;
        const shift = result.scale + tb.scale - ta.scale;
        if (shift < 0) return undefined;
        return decimalValue(divideRounded(x * 10n ** BigInt(shift), y), result);
      }
      case 'MODULUS':
        return undefined;
    }
  }
  if (ta.kind === 'date' && result.kind === 'date' && (op === 'ADD' || op === 'SUBTRACT')) {
    return addToDate(a, b, tb, op === 'ADD' ? 1 : -1);
  }
  if (tb.kind === 'date' && result.kind === 'date' && op === 'ADD') return addToDate(b, a, ta, 1);
  return undefined;
}

function addToDate(days: unknown, interval: unknown, intervalType: Type, sign: 1 | -1): number | undefined {
  if (typeof days !== 'number' || typeof interval !== 'number') return undefined;
  if (intervalType.kind === 'interval day to second') {
    // Only whole days keep a date a date without truncation rules.
    if (interval % 86_400_000 !== 0) return undefined;
    return days + (sign * interval) / 86_400_000;
  }
  if (intervalType.kind === 'interval year to month') return addMonths(days, sign * interval);
  return undefined;
}

/** Calendar month arithmetic, clamping the day to the end of the month (as java.time does). */
export function addMonths(days: number, months: number): number {
  const date = new Date(days * 86_400_000);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const result = new Date(0);
  result.setUTCFullYear(year, month, day);
  return Math.round(result.getTime() / 86_400_000);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 1 && leap ? 29 : MONTH_DAYS[month];
}

export function evaluateNegation(a: unknown, type: Type): unknown {
  if (isIntegralType(type)) {
    const x = toBigInt(a);
    return x === undefined ? undefined : integralValue(-x, type);
  }
  if (type.kind === 'decimal') {
    const x = toBigInt(a);
    return x === undefined ? undefined : (-x).toString();
  }
  // Floating point has a negative zero (-0e0 is -0.0, as in Java); intervals do not.
  if ((type.kind === 'double' || type.kind === 'real') && typeof a === 'number') return -a;
  if ((type.kind === 'interval day to second' || type.kind === 'interval year to month') && typeof a === 'number') {
    return a === 0 ? 0 : -a;
  }
  return undefined;
}

/** Compares two non-null values of one type: negative, zero, positive; undefined when not comparable here. */
export function compareValues(a: unknown, b: unknown, type: Type): number | undefined {
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'decimal': {
      const x = toBigInt(a);
      const y = toBigInt(b);
      if (x === undefined || y === undefined) return undefined;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'real':
    case 'double':
      if (typeof a !== 'number' || typeof b !== 'number' || Number.isNaN(a) || Number.isNaN(b)) return undefined;
      return a < b ? -1 : a > b ? 1 : 0;
    case 'date':
    case 'interval day to second':
    case 'interval year to month':
      if (typeof a !== 'number' || typeof b !== 'number') return undefined;
      return a < b ? -1 : a > b ? 1 : 0;
    case 'boolean':
      if (typeof a !== 'boolean' || typeof b !== 'boolean') return undefined;
      return Number(a) - Number(b);
    case 'varchar':
      if (typeof a !== 'string' || typeof b !== 'string') return undefined;
      return compareCodePoints(a, b);
    default:
      return undefined;
  }
}

/** CAST of a non-null constant, where exact; undefined otherwise. */
export function evaluateCast(value: unknown, from: Type, to: Type): unknown {
  if (isIntegralType(from)) {
    const v = toBigInt(value);
    if (v === undefined) return undefined;
    if (isIntegralType(to)) return integralValue(v, to);
    if (to.kind === 'double' || to.kind === 'real') return finite(Number(v), to);
    if (to.kind === 'decimal') return decimalValue(rescale(v, to.scale), to);
    return undefined;
  }
  if (from.kind === 'decimal') {
    const v = toBigInt(value);
    if (v === undefined) return undefined;
    if (to.kind === 'decimal') return decimalValue(rescale(v, to.scale - from.scale), to);
    if (isIntegralType(to)) return integralValue(rescale(v, -from.scale), to);
    if (to.kind === 'double' || to.kind === 'real') return finite(Number(decimalText(v, from.scale)), to);
    return undefined;
  }
  if (from.kind === 'real' && to.kind === 'double' && typeof value === 'number') return value;
  if (from.kind === 'varchar' && to.kind === 'varchar' && typeof value === 'string') {
    // Widening only: a cast that would truncate is left to run time.
    return to.length === undefined || codePointCount(value) <= to.length ? value : undefined;
  }
  return undefined;
}

function decimalText(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const text =
    scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}
