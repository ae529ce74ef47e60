/**
 * abs, ceiling, floor, round, truncate, sign and mod over decimals, with the result types the
 * registry derives (Trino's): rounding is HALF_UP, truncation toward zero; round(x, n) and
 * truncate(x, n) keep the scale and zero the dropped digits.
 */
import type { DecimalType } from '../../../types/type.js';
import { modulusDecimal } from '../decimal-arithmetic.js';
import {
  checkedDecimal,
  type DecimalValue,
  decimalOf,
  decimalToBig,
  divideHalfUp,
  powerOfTenBig,
} from '../decimal-values.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';

function inputType(ctx: CallContext): DecimalType {
  return ctx.argumentTypes[0] as DecimalType;
}

function result(value: bigint, ctx: CallContext): DecimalValue {
  return checkedDecimal(value, ctx.returnType as DecimalType);
}

function floorDivBig(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

export function registerDecimalMath(table: ImplementationTable): void {
  table.add('abs(decimal(p,s)):decimal(p,s)', (v: DecimalValue) => (v < 0 ? (typeof v === 'number' ? -v : -v) : v));
  table.add('ceiling(decimal(p,s)):decimal(rp,0)', (v: DecimalValue, ctx: CallContext) => {
    const divisor = powerOfTenBig(inputType(ctx).scale);
    return result(-floorDivBig(-decimalToBig(v), divisor), ctx);
  });
  table.add('floor(decimal(p,s)):decimal(rp,0)', (v: DecimalValue, ctx: CallContext) =>
    result(floorDivBig(decimalToBig(v), powerOfTenBig(inputType(ctx).scale)), ctx),
  );
  table.add('round(decimal(p,s)):decimal(rp,0)', (v: DecimalValue, ctx: CallContext) =>
    result(divideHalfUp(decimalToBig(v), powerOfTenBig(inputType(ctx).scale)), ctx),
  );
  table.add('round(decimal(p,s),integer):decimal(rp,s)', (v: DecimalValue, digits: number, ctx: CallContext) => {
    const { precision, scale } = inputType(ctx);
    if (digits >= scale) return decimalOf(decimalToBig(v), ctx.returnType as DecimalType);
    if (precision - scale + digits <= 0) return decimalOf(0n, ctx.returnType as DecimalType);
    const unit = powerOfTenBig(scale - digits);
    return result(divideHalfUp(decimalToBig(v), unit) * unit, ctx);
  });
  table.add('truncate(decimal(p,s)):decimal(rp,0)', (v: DecimalValue, ctx: CallContext) =>
    result(decimalToBig(v) / powerOfTenBig(inputType(ctx).scale), ctx),
  );
  table.add('truncate(decimal(p,s),integer):decimal(p,s)', (v: DecimalValue, digits: number, ctx: CallContext) => {
    const { precision, scale } = inputType(ctx);
    if (digits >= scale) return v;
    if (precision - scale + digits <= 0) return decimalOf(0n, ctx.returnType as DecimalType);
    const unit = powerOfTenBig(scale - digits);
    const x = decimalToBig(v);
    return result(x - (x % unit), ctx);
  });
  table.add('sign(decimal(p,s)):decimal(1,0)', (v: DecimalValue) => (v > 0 ? 1 : v < 0 ? -1 : 0));
  table.add('mod(decimal(p1,s1),decimal(p2,s2)):decimal(rp,rs)', modulusDecimal);
}
