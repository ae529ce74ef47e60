/**
 * Arithmetic for RANGE frames with offsets (`RANGE BETWEEN x PRECEDING AND y FOLLOWING`): the sort
 * key and the offsets are brought to one numeric unit, so a frame bound is `key ± offset` and frame
 * edges are found by binary search over the sorted keys.
 *   - numbers: integers, bigint, real and double keys as they are; decimals (key or offset) are
 *     scaled to a common scale so that both are exact integers;
 *   - date keys: days, or milliseconds with an interval day to second offset;
 *   - timestamp(p ≤ 6) keys (ms or µs) and timestamp with time zone keys (UTC ms) with an interval
 *     day to second offset (ms);
 *   - date and timestamp(p ≤ 6) keys with an interval year to month offset: calendar month
 *     arithmetic (the day of month clamped to the target month's length, as date + interval).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import type { Type } from '../../types/type.js';
import { type SortColumn, sortColumnOf } from '../sort/sort-keys.js';

export interface RangeArithmetic {
  /** The sort keys in the common unit (NaN for double NaN). */
  readonly keys: Float64Array;
  readonly keyNulls: Uint8Array | undefined;
  /** The offset at a row in the common unit; null when NULL. */
  offsetAt(offsets: NumericColumn, row: number): number | null;
  /** `key` moved by `offset` towards larger values (sign 1) or smaller ones (sign −1). */
  bound(key: number, offset: number, sign: 1 | -1): number;
}

/** A column of numbers (any numeric encoding) with its nulls. */
export interface NumericColumn {
  readonly values: Float64Array;
  readonly nulls: Uint8Array | undefined;
}

const MILLIS_PER_DAY = 86_400_000;

/** The values of a numeric block as doubles (bigints beyond 2^53 rounded). */
export function numericColumnOf(block: Block, type: Type): NumericColumn {
  return toNumeric(sortColumnOf(block, type));
}

function toNumeric(column: SortColumn): NumericColumn {
  switch (column.kind) {
    case 'number':
    case 'zoned':
      return { values: column.values, nulls: column.nulls };
    case 'bigint64':
      return { values: Float64Array.from(column.values, Number), nulls: column.nulls };
    case 'generic':
      return {
        values: Float64Array.from(column.values, (v) =>
          v === null || v === undefined ? 0 : Number(v as number | bigint),
        ),
        nulls: column.nulls,
      };
    case 'string':
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'A RANGE frame needs a numeric or temporal sort key');
  }
}

function scaleOf(type: Type): number {
  return type.kind === 'decimal' ? type.scale : 0;
}

function scaled(column: NumericColumn, factor: number): NumericColumn {
  if (factor === 1) return column;
  return { values: column.values.map((v) => v * factor), nulls: column.nulls };
}

function unsupported(keyType: Type, offsetType: Type): VivaceError {
  return new VivaceError(
    'NOT_SUPPORTED',
    `RANGE frame offsets of type ${offsetType.kind} over a sort key of type ${keyType.kind} are not supported`,
  );
}

/** The arithmetic for sort key `keyBlock` (of `keyType`) and offsets of `offsetType`. */
export function createRangeArithmetic(keyBlock: Block, keyType: Type, offsetType: Type): RangeArithmetic {
  const raw = numericColumnOf(keyBlock, keyType);
  const linear = (keys: NumericColumn, offsetFactor: number): RangeArithmetic => ({
    keys: keys.values,
    keyNulls: keys.nulls,
    offsetAt: (offsets, row) =>
      offsets.nulls !== undefined && offsets.nulls[row] !== 0 ? null : offsets.values[row] * offsetFactor,
    bound: (key, offset, sign) => key + sign * offset,
  });
  switch (keyType.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'decimal': {
      if (offsetType.kind === 'real' || offsetType.kind === 'double') {
        return linear(scaled(raw, 10 ** -scaleOf(keyType)), 1);
      }
      const scale = Math.max(scaleOf(keyType), scaleOf(offsetType));
      return linear(scaled(raw, 10 ** (scale - scaleOf(keyType))), 10 ** (scale - scaleOf(offsetType)));
    }
    case 'real':
    case 'double':
      return linear(raw, 10 ** -scaleOf(offsetType));
    case 'date':
      if (offsetType.kind === 'interval day to second') return linear(scaled(raw, MILLIS_PER_DAY), 1);
      if (offsetType.kind === 'interval year to month') return monthly(raw, addMonthsToDays);
      throw unsupported(keyType, offsetType);
    case 'timestamp': {
      if (keyType.precision > 6) throw unsupported(keyType, offsetType);
      const unitsPerMilli = keyType.precision <= 3 ? 1 : 1000;
      if (offsetType.kind === 'interval day to second') return linear(raw, unitsPerMilli);
      if (offsetType.kind === 'interval year to month') {
        return monthly(raw, (key, months) => {
          const millis = Math.floor(key / unitsPerMilli);
          const below = key - millis * unitsPerMilli;
          return addMonthsToMillis(millis, months) * unitsPerMilli + below;
        });
      }
      throw unsupported(keyType, offsetType);
    }
    case 'timestamp with time zone':
      if (offsetType.kind === 'interval day to second') return linear(raw, 1);
      throw unsupported(keyType, offsetType);
    default:
      throw unsupported(keyType, offsetType);
  }
}

function monthly(keys: NumericColumn, addMonths: (key: number, months: number) => number): RangeArithmetic {
  return {
    keys: keys.values,
    keyNulls: keys.nulls,
    offsetAt: (offsets, row) => (offsets.nulls !== undefined && offsets.nulls[row] !== 0 ? null : offsets.values[row]),
    bound: (key, offset, sign) => addMonths(key, sign * offset),
  };
}

/** Days since the epoch plus a number of months, the day clamped to the month's length. */
export function addMonthsToDays(days: number, months: number): number {
  return Math.floor(addMonthsToMillis(days * MILLIS_PER_DAY, months) / MILLIS_PER_DAY);
}

/** Epoch milliseconds (UTC wall clock) plus a number of months, the day clamped. */
export function addMonthsToMillis(millis: number, months: number): number {
  const date = new Date(millis);
  const totalMonths = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  const timeOfDay = millis - Math.floor(millis / MILLIS_PER_DAY) * MILLIS_PER_DAY;
  const target = Date.UTC(year, month, day);
  // Date.UTC maps years 0..99 to 1900..1999; set the full year explicitly.
  const fixed = year >= 0 && year < 100 ? new Date(target).setUTCFullYear(year) : target;
  return fixed + timeOfDay;
}
