/**
 * The decimal operators (+, -, *, /, %, unary -) over unscaled values, with the result type the
 * registry derived (Trino's rules: see DECIMAL_RESULT_RULES). Operands are first brought to the
 * scale the operation needs; division rounds HALF_UP; results beyond 38 digits are
 * NUMERIC_VALUE_OUT_OF_RANGE `Decimal overflow`, division or modulus by zero DIVISION_BY_ZERO.
 * Short decimals (precision ≤ 15, JS numbers) stay on numbers whenever every intermediate is
 * below 10^15 and so exact. Long decimals (precision > 15) whose operands are safe integers (numbers,
 * or BigInts that small) are computed on numbers too, and the result is a number, when every
 * intermediate is at most 2^53 − 1 in magnitude and so exact (`isSafeMagnitude`); such a result also
 * fits any precision above 15 (10^16 > 2^53), so it needs no overflow check. Otherwise BigInt, with
 * the 38-digit check: the value, not the declared type, picks the path, and both give one value.
 */
import type { DecimalType } from '../../types/type.js';
import {
  checkedDecimal,
  type DecimalValue,
  decimalToBig,
  divideHalfUp,
  isSafeMagnitude,
  MAX_NUMBER_DECIMAL_PRECISION,
  narrowDecimal,
  powerOfTen,
  powerOfTenBig,
} from './decimal-values.js';
import { divisionByZero } from './errors.js';
import type { CallContext, InlineContext } from './implementation-types.js';

function types(ctx: CallContext): [DecimalType, DecimalType, DecimalType] {
  return [ctx.argumentTypes[0] as DecimalType, ctx.argumentTypes[1] as DecimalType, ctx.returnType as DecimalType];
}

/** A number result of the long path when it is exact and fits `result` (always, above 15 digits); else undefined. */
function fitting(value: number, result: DecimalType): number | undefined {
  if (!isSafeMagnitude(value)) return undefined;
  if (result.precision > MAX_NUMBER_DECIMAL_PRECISION || Math.abs(value) < powerOfTen(result.precision)) return value;
  return undefined;
}

export function addDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  return addScaled(a, b, 1, ctx);
}

export function subtractDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  return addScaled(a, b, -1, ctx);
}

/** a + sign · b at the result's scale. Reads the types without building an array: this runs per row. */
function addScaled(a: DecimalValue, b: DecimalValue, sign: 1 | -1, ctx: CallContext): DecimalValue {
  const result = ctx.returnType as DecimalType;
  const leftShift = result.scale - (ctx.argumentTypes[0] as DecimalType).scale;
  const rightShift = result.scale - (ctx.argumentTypes[1] as DecimalType).scale;
  const x = typeof a === 'number' ? a : narrowDecimal(a);
  const y = typeof b === 'number' ? b : narrowDecimal(b);
  if (typeof x === 'number' && typeof y === 'number') {
    const u = x * powerOfTen(leftShift);
    const v = sign * y * powerOfTen(rightShift);
    // Short operands and result: every value is below 10^15, exact (the type rules guarantee the fit).
    if (result.precision <= MAX_NUMBER_DECIMAL_PRECISION && typeof a === 'number' && typeof b === 'number') {
      return u + v + 0;
    }
    if (isSafeMagnitude(u) && isSafeMagnitude(v)) {
      const sum = fitting(u + v + 0, result);
      if (sum !== undefined) return sum;
    }
  }
  const u = decimalToBig(a) * powerOfTenBig(leftShift);
  const v = decimalToBig(b) * powerOfTenBig(rightShift);
  return checkedDecimal(sign === 1 ? u + v : u - v, result);
}

/**
 * The compiler's form of decimal + and − (sign −1): the operands' scale factors are constants of the
 * call site. Short operands and result add in place; so do numbers whose scaled values and sum
 * are safe integers, checked in the generated expression (exact, so the sum fits any precision
 * above 15, as in addScaled); anything else goes to the general function.
 */
export function inlineAddDecimal(sign: 1 | -1) {
  return (args: readonly string[], ctx: InlineContext): string | undefined => {
    const [a, b] = args;
    const left = ctx.argumentTypes[0] as DecimalType;
    const right = ctx.argumentTypes[1] as DecimalType;
    const result = ctx.returnType as DecimalType;
    const leftFactor = powerOfTen(result.scale - left.scale);
    const rightFactor = sign * powerOfTen(result.scale - right.scale);
    const general = `${ctx.reference(sign === 1 ? addDecimal : subtractDecimal)}(${a}, ${b}, ${ctx.callContext})`;
    const numbers = `typeof ${a} === 'number' && typeof ${b} === 'number'`;
    if (result.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
      return `(${numbers} ? ${a} * ${leftFactor} + ${b} * ${rightFactor} + 0 : ${general})`;
    }
    if (leftFactor > MAX_SAFE_FACTOR || Math.abs(rightFactor) > MAX_SAFE_FACTOR) return undefined;
    // In the generated code itself rather than through a helper: V8 keeps it all in registers. A
    // number operand is already a safe integer, so an unscaled side needs no check of its own.
    const u = leftFactor === 1 ? `(${a})` : `((${a}) * ${leftFactor})`;
    const v = rightFactor === 1 ? `(${b})` : rightFactor === -1 ? `(-(${b}))` : `((${b}) * ${rightFactor})`;
    const checks = [`${u} + ${v}`];
    if (leftFactor !== 1) checks.push(u);
    if (Math.abs(rightFactor) !== 1) checks.push(v);
    const safe = checks
      .map((x) => `${x} <= ${Number.MAX_SAFE_INTEGER} && ${x} >= -${Number.MAX_SAFE_INTEGER}`)
      .join(' && ');
    return `(${numbers} && ${safe} ? ${u} + ${v} + 0 : ${general})`;
  };
}

/** Scale factors above this are not exact doubles (10^22 is the last); such sites call the function. */
const MAX_SAFE_FACTOR = 1e22;

/** The compiler's form of decimal ×: the product of two numbers while it is a safe integer, in place. */
export function inlineMultiplyDecimal(args: readonly string[], ctx: InlineContext): string {
  const [a, b] = args;
  const result = ctx.returnType as DecimalType;
  const general = `${ctx.reference(multiplyDecimal)}(${a}, ${b}, ${ctx.callContext})`;
  const numbers = `typeof ${a} === 'number' && typeof ${b} === 'number'`;
  if (result.precision <= MAX_NUMBER_DECIMAL_PRECISION) return `(${numbers} ? ${a} * ${b} + 0 : ${general})`;
  // Above 15 digits a safe integer always fits (10^16 > 2^53); the BigInt path has no −0.
  const product = `(${a}) * (${b})`;
  return `(${numbers} && ${product} <= ${Number.MAX_SAFE_INTEGER} && ${product} >= -${Number.MAX_SAFE_INTEGER} ? ${product} + 0 : ${general})`;
}

export function multiplyDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  const result = ctx.returnType as DecimalType;
  // The result scale is s1 + s2: the unscaled product needs no rescaling.
  if (typeof a === 'number' && typeof b === 'number' && result.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
    return a * b + 0;
  }
  const x = narrowDecimal(a);
  const y = narrowDecimal(b);
  if (typeof x === 'number' && typeof y === 'number') {
    // + 0 turns the −0 of 0 × −5 into 0 (the BigInt path has no −0).
    const product = fitting(x * y + 0, result);
    if (product !== undefined) return product;
  }
  return checkedDecimal(decimalToBig(a) * decimalToBig(b), result);
}

/** x ÷ y rounded HALF_UP, both safe integers and y ≠ 0: every step is exact. */
function divideNumbersHalfUp(x: number, y: number): number {
  const remainder = x % y;
  const quotient = (x - remainder) / y;
  if (2 * Math.abs(remainder) >= Math.abs(y)) return quotient + (x < 0 !== y < 0 ? -1 : 1);
  return quotient + 0;
}

export function divideDecimal(a: DecimalValue, b: DecimalValue, ctx: CallContext): DecimalValue {
  const [left, right, result] = types(ctx);
  if (b === 0 || b === 0n) throw divisionByZero();
  // a/10^s1 ÷ b/10^s2 at scale rs: (a · 10^(rs − s1 + s2)) ÷ b.
  const shift = result.scale - left.scale + right.scale;
  if (typeof a === 'number' && typeof b === 'number' && result.precision <= MAX_NUMBER_DECIMAL_PRECISION) {
    return divideNumbersHalfUp(a * powerOfTen(shift), b);
  }
  const x = narrowDecimal(a);
  const y = narrowDecimal(b);
  if (typeof x === 'number' && typeof y === 'number') {
    const dividend = x * powerOfTen(shift);
    if (isSafeMagnitude(dividend)) {
      const quotient = fitting(divideNumbersHalfUp(dividend, y), result);
      if (quotient !== undefined) return quotient;
    }
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
  const x = narrowDecimal(a);
  const y = narrowDecimal(b);
  if (typeof x === 'number' && typeof y === 'number') {
    const u = x * powerOfTen(scale - left.scale);
    const v = y * powerOfTen(scale - right.scale);
    if (isSafeMagnitude(u) && isSafeMagnitude(v)) {
      const remainder = fitting((u % v) + 0, result);
      if (remainder !== undefined) return remainder;
    }
  }
  const wideX = decimalToBig(a) * powerOfTenBig(scale - left.scale);
  const wideY = decimalToBig(b) * powerOfTenBig(scale - right.scale);
  return checkedDecimal(wideX % wideY, result);
}

export function negateDecimal(a: DecimalValue): DecimalValue {
  const x = narrowDecimal(a);
  return typeof x === 'number' ? 0 - x : -x;
}
