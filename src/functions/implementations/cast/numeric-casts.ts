/**
 * Casts among tinyint, smallint, integer, bigint, real, double, decimal and boolean, with Trino's
 * rules and messages: narrowing integer casts are range-checked (NUMERIC_VALUE_OUT_OF_RANGE `Out of
 * range for integer: 3000000000`); doubles and reals round HALF_UP (away from zero on .5) into
 * integers (INVALID_CAST_ARGUMENT `Unable to cast 1.0E20 to bigint`); decimals round HALF_UP into
 * integers and into smaller scales; numbers into decimals are checked against the precision
 * (`Cannot cast BIGINT '1000' to DECIMAL(3, 0)`).
 */
import type { DecimalType, Type } from '../../../types/type.js';
import { type BigintValue, normalizeBigint, toBigInt } from '../bigint-values.js';
import {
  type DecimalValue,
  decimalOf,
  decimalToBig,
  divideHalfUp,
  fitsPrecision,
  formatDecimal,
  isNumberDecimal,
  parseDecimalText,
  powerOfTen,
  powerOfTenBig,
  rescaleDecimal,
} from '../decimal-values.js';
import { internalError, invalidCast, outOfRange } from '../errors.js';
import { INTEGRAL_RANGES } from '../integer-arithmetic.js';
import { formatDouble, formatReal } from './number-text.js';

export type ValueCast = (value: unknown) => unknown;

const UPPER_NAMES: Readonly<Record<string, string>> = {
  tinyint: 'TINYINT',
  smallint: 'SMALLINT',
  integer: 'INTEGER',
  bigint: 'BIGINT',
  real: 'REAL',
  double: 'DOUBLE',
  boolean: 'BOOLEAN',
};

const MIN_LONG = -(2n ** 63n);
const MAX_LONG = 2n ** 63n - 1n;

function isIntegralKind(kind: string): kind is 'tinyint' | 'smallint' | 'integer' | 'bigint' {
  return kind === 'tinyint' || kind === 'smallint' || kind === 'integer' || kind === 'bigint';
}

/** Checks an exact integer against an integral type's range. */
function integralFits(value: bigint, kind: 'tinyint' | 'smallint' | 'integer' | 'bigint'): boolean {
  if (kind === 'bigint') return value >= MIN_LONG && value <= MAX_LONG;
  const [min, max] = INTEGRAL_RANGES[kind];
  return value >= BigInt(min) && value <= BigInt(max);
}

/** Java's DoubleMath.roundToLong(x, HALF_UP) for finite x: nearest integer, ties away from zero. */
function roundHalfUp(value: number): number {
  const rounded = Math.round(Math.abs(value));
  return value < 0 ? 0 - rounded : rounded + 0; // never -0: integers have no negative zero
}

/** A cast between numeric types (and boolean), or undefined when the pair is not numeric. */
export function numericCast(from: Type, to: Type): ValueCast | undefined {
  const f = from.kind;
  const t = to.kind;
  if (t === 'boolean') {
    if (f === 'decimal' || isIntegralKind(f)) return (v) => v !== 0 && v !== 0n;
    if (f === 'real' || f === 'double') return (v) => v !== 0;
    return undefined;
  }
  if (f === 'boolean') {
    if (isIntegralKind(t)) return (v) => (v ? 1 : 0);
    if (t === 'real' || t === 'double') return (v) => (v ? 1 : 0);
    if (t === 'decimal') {
      const one = decimalOf(powerOfTenBig(to.scale), to);
      return (v) => (v ? one : isNumberDecimal(to) ? 0 : 0n);
    }
    return undefined;
  }
  if (isIntegralKind(f)) return fromIntegral(f, to);
  if (f === 'real' || f === 'double') return fromFloating(f, to);
  if (f === 'decimal') return fromDecimal(from, to);
  return undefined;
}

function fromIntegral(kind: string, to: Type): ValueCast | undefined {
  const t = to.kind;
  if (isIntegralKind(t)) {
    if (t === 'bigint') return (v) => v;
    const [min, max] = INTEGRAL_RANGES[t];
    return (v) => {
      const n = v as BigintValue;
      if (n < min || n > max) throw outOfRange(`Out of range for ${t}: ${n}`);
      return Number(n);
    };
  }
  if (t === 'double') return (v) => Number(v);
  if (t === 'real') return (v) => Math.fround(Number(v));
  if (t === 'decimal') {
    const name = UPPER_NAMES[kind];
    return (v) => {
      const unscaled = toBigInt(v as BigintValue) * powerOfTenBig(to.scale);
      if (!fitsPrecision(unscaled, to.precision)) {
        throw invalidCast(`Cannot cast ${name} '${v}' to DECIMAL(${to.precision}, ${to.scale})`);
      }
      return decimalOf(unscaled, to);
    };
  }
  return undefined;
}

function fromFloating(kind: 'real' | 'double', to: Type): ValueCast | undefined {
  const format = kind === 'real' ? formatReal : formatDouble;
  const t = to.kind;
  if (isIntegralKind(t)) {
    return (v) => {
      const x = v as number;
      const rounded = Number.isFinite(x) ? roundHalfUp(x) : Number.NaN;
      if (Number.isNaN(rounded) || !integralFits(BigInt(rounded), t)) {
        throw invalidCast(`Unable to cast ${format(x)} to ${t}`);
      }
      return t === 'bigint' ? normalizeBigint(BigInt(rounded)) : rounded;
    };
  }
  if (t === 'double') return (v) => v;
  if (t === 'real') return (v) => Math.fround(v as number);
  if (t === 'decimal') {
    const name = UPPER_NAMES[kind];
    return (v) => {
      const x = v as number;
      const fail = () => invalidCast(`Cannot cast ${name} '${format(x)}' to DECIMAL(${to.precision}, ${to.scale})`);
      if (!Number.isFinite(x)) throw fail();
      // BigDecimal.valueOf(double) reads the double's shortest text: parse that text exactly.
      const parsed = parseDecimalText(format(x));
      if (parsed === undefined) throw fail();
      const unscaled =
        parsed.scale <= to.scale
          ? parsed.unscaled * powerOfTenBig(to.scale - parsed.scale)
          : divideHalfUp(parsed.unscaled, powerOfTenBig(parsed.scale - to.scale));
      if (!fitsPrecision(unscaled, to.precision)) throw fail();
      return decimalOf(unscaled, to);
    };
  }
  return undefined;
}

function fromDecimal(from: DecimalType, to: Type): ValueCast | undefined {
  const t = to.kind;
  if (isIntegralKind(t)) {
    const name = UPPER_NAMES[t];
    const divisor = powerOfTenBig(from.scale);
    return (v) => {
      const rounded = divideHalfUp(decimalToBig(v as DecimalValue), divisor);
      if (!integralFits(rounded, t)) {
        // Trino prints the rounded value for short decimals and the decimal itself for long ones.
        const shown = isNumberDecimal(from) ? String(rounded) : formatDecimal(v as DecimalValue, from.scale);
        throw invalidCast(`Cannot cast '${shown}' to ${name}`);
      }
      return t === 'bigint' ? normalizeBigint(rounded) : Number(rounded);
    };
  }
  if (t === 'double' || t === 'real') {
    const round = t === 'real' ? Math.fround : (x: number) => x;
    if (isNumberDecimal(from)) {
      const divisor = powerOfTen(from.scale);
      return (v) => round((v as number) / divisor);
    }
    return (v) => round(Number(formatDecimal(v as DecimalValue, from.scale)));
  }
  if (t === 'decimal') return (v) => rescaleDecimal(v as DecimalValue, from, to);
  return undefined;
}

/** The numeric value of decimal text for a cast from varchar, HALF_UP to the type's scale. */
export function decimalFromText(text: string, to: DecimalType): DecimalValue {
  const parsed = parseDecimalText(text);
  if (parsed === undefined || /^\s|\s$/.test(text)) {
    throw invalidCast(`Cannot cast VARCHAR '${text}' to DECIMAL(${to.precision}, ${to.scale}). Value is not a number.`);
  }
  const unscaled =
    parsed.scale <= to.scale
      ? parsed.unscaled * powerOfTenBig(to.scale - parsed.scale)
      : divideHalfUp(parsed.unscaled, powerOfTenBig(parsed.scale - to.scale));
  if (!fitsPrecision(unscaled, to.precision)) {
    throw invalidCast(`Cannot cast VARCHAR '${text}' to DECIMAL(${to.precision}, ${to.scale}). Value too large.`);
  }
  return decimalOf(unscaled, to);
}

/** Upper-case type name as Trino's cast messages print it. */
export function upperTypeName(type: Type): string {
  const name = UPPER_NAMES[type.kind];
  if (name === undefined) throw internalError(`No cast name for ${type.kind}`);
  return name;
}
