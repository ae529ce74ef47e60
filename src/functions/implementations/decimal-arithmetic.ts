/**
 * The decimal operators (+, -, *, /, %, unary -) over unscaled values, with the result type the
 * registry derived (Trino's rules: see DECIMAL_RESULT_RULES). Operands are first brought to the
 * scale the operation needs; division rounds HALF_UP; results beyond 38 digits are
 * NUMERIC_VALUE_OUT_OF_RANGE `Decimal overflow`, division or modulus by zero DIVISION_BY_ZERO.
 * Short decimals (precision ≤ 15, JS numbers) stay on numbers whenever every intermediate is
 * below 10^15 and so exact.
 */
import type { DecimalType } from '../../types/type.js';
import {
  checkedDecimal,
  type DecimalValue,
  decimalToBig,
  divideHalfUp,
  MAX_NUMBER_DECIMAL_PRECISION,
  powerOfTen,
  powerOfTenBig,
} from './decimal-values.js';
import { divisionByZero } from './errors.js';
import type { CallContext } from './implementation-types.js';

function types(ctx: CallContext): [DecimalType, DecimalType, DecimalType] {
  return [ctx.argumentTypes[0] as DecimalType, ctx.argumentTypes[1] as DecimalType, ctx.returnType as DecimalType];
}

export function addDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  const [left, right, result] = types(ctx);
  if (typeof a === 'number' && typeof b === 'number' && result.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
    return a * powerOfTen(result.scale - left.scale) + b * powerOfTen(result.scale - right.scale);
  }
  const sum =
    decimalToBig(a) * powerOfTenBig(result.scale - left.scale) +
    decimalToBig(b) * powerOfTenBig(result.scale - right.scale);
  return checkedDecimal(sum, result);
}

export function subtractDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  const [left, right, result] = types(ctx);
  if (typeof a === 'number' && typeof b === 'number' && result.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
    return a * powerOfTen(result.scale - left.scale) - b * powerOfTen(result.scale - right.scale);
  }
  const difference =
    decimalToBig(a) * powerOfTenBig(result.scale - left.scale) -
    decimalToBig(b) * powerOfTenBig(result.scale - right.scale);
  return checkedDecimal(difference, result);
}

export function multiplyDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  const result = ctx.returnType as DecimalType;
  // The result scale is s1 + s2: the unscaled product needs no rescaling.
  if (typeof a === 'number' && typeof b === 'number' && result.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
    return a * b + 0;
  }
  return checkedDecimal(decimalToBig(a) * decimalToBig(b), result);
}

export function divideDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  const [left, right, result] = types(ctx);
  if (b === 0 || b === 0n) throw divisionByZero();
  // a/10^s1 ÷ b/10^s2 at scale rs: (a · 10^(rs − s1 + s2)) ÷ b.
  const shift = result.scale - left.scale + right.scale;
  if (typeof a === 'number' && typeof b === 'number' && result.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
    const dividend = a * powerOfTen(shift);
    const remainder = dividend % b;
    const quotient = (dividend - remainder) / b;
    if (2 * Math.abs(remainder) >= Math.abs(b)) return quotient + (dividend < 0 !== b < 0 ? -1 : 1);
    return quotient + 0;
  }
  return checkedDecimal(divideHalfUp(decimalToBig(a) * powerOfTenBig(shift), decimalToBig(b)), result);
}

export function modulusDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  const [left, right, result] = types(ctx);
  if (b === 0 || b === 0n) throw divisionByZero();
  const scale = Math.max(left.scale, right.scale);
  if (
    typeof a === 'number' &&
    typeof b === 'number' &&
    left.precision - left.scale + scale <= MAX_NUMBER_DECIMAL_PRECISION &&
    right.precision - right.scale + scale <= MAX_NUMBER_DECIMAL_PRECISION
  ) {
    return ((a * powerOfTen(scale - left.scale)) % (b * powerOfTen(scale - right.scale))) + 0;
  }
  const x = decimalToBig(a) * powerOfTenBig(scale - left.scale);
  const y = decimalToBig(b) * powerOfTenBig(scale - right.scale);
  return checkedDecimal(x % y, result);
}

export function negateDecimal(a: DecimalValue): DecimalValue {
  return typeof a === 'number' ? 0 - a : -a;
}
