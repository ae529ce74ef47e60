/**
 * typeof (the display name of the argument's type, NULLs included), uuid() (a random version 4
 * UUID) and format_number (a number scaled to K, M, B, T or Q with at most two decimals, rounded
 * HALF_EVEN as Java's DecimalFormat).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '../../common/error-codes.js';
import { VivaceError } from '../../common/vivace-error.js';
import { formatType } from '../../types/format-type.js';
import type { BigintValue } from './bigint-values.js';
import type { CallContext, ImplementationTable } from './implementation-types.js';

const UNITS: readonly (readonly [number, string])[] = [
  [1e15, 'Q'],
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** `#.##` with HALF_EVEN rounding on the double's exact value. */
function twoDecimals(value: number): string {
  const scaled = value * 100;
  let rounded = Math.round(scaled);
  // Math.round breaks ties upward; DecimalFormat rounds exact ties to even.
  if (Math.abs(scaled % 1) === 0.5 && rounded % 2 !== 0 && Number.isInteger(scaled * 2)) rounded -= 1;
  const text = (rounded / 100).toFixed(2).replace(/\.?0+$/, '');
  return text === '-0' ? '-0' : text;
}

export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  for (const [unit, suffix] of UNITS) {
    if (magnitude >= unit) return `${twoDecimals(value / unit)}${suffix}`;
  }
  return twoDecimals(value);
}

export function registerMiscFunctions(table: ImplementationTable): void {
  table.add('typeof(T):varchar', (_value: unknown, ctx: CallContext) => formatType(ctx.argumentTypes[0]), {
    nullHandling: 'CALLED_ON_NULL',
  });
  table.add('format_number(bigint):varchar', (v: BigintValue) => formatNumber(Number(v)));
  table.add('uuid():uuid', () => randomUUID());
  table.add('format_number(double):varchar', formatNumber);
  table.add('fail(integer,varchar(x)):unknown', (code: number, message: string) => {
    const known = Object.values(ERROR_CODES).find((c) => c.code === code);
    throw new VivaceError(known ?? 'GENERIC_USER_ERROR', message);
  });
}
