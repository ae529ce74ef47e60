/**
 * Date/time and interval operators: date/time/timestamp ± interval, the difference of two values
 * as an interval day to second, and interval arithmetic. A date only takes whole days (Trino:
 * `Cannot add hour, minutes or seconds to a date`); times wrap around midnight; year-month
 * intervals move the calendar month and clamp the day; a zoned timestamp adds day-to-second
 * intervals to its instant and months to its local date. Interval × double truncates toward zero,
 * as Java's (long) conversion.
 */
import type { Type } from '../../types/type.js';
import type { BigintValue } from './bigint-values.js';
import { addMonthsToDays, floorDiv, MILLIS_PER_DAY } from './datetime/calendar.js';
import type { ZonedTimestamp } from './datetime/temporal-values.js';
import { readWallClock, timeWithZoneUtcMillis, writeWallClock } from './datetime/wall-clock.js';
import { invalidArgument, outOfRange } from './errors.js';
import type { CallContext, ImplementationTable } from './implementation-types.js';

const DS = 'interval day to second';
const YM = 'interval year to month';

function checked(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw outOfRange(`${what} overflow: ${value}`);
  return value;
}

/** Adds milliseconds to a time or timestamp (zoned timestamps on their instant). */
function plusMillis(value: unknown, millis: number, type: Type): unknown {
  if (type.kind === 'timestamp with time zone') {
    const zoned = value as ZonedTimestamp;
    return { ...zoned, millis: checked(zoned.millis + millis, 'timestamp') };
  }
  const clock = readWallClock(value, type);
  return writeWallClock({ millis: checked(clock.millis + millis, 'timestamp'), picos: clock.picos }, type, value);
}

/** Adds months to a timestamp's local date. */
function plusMonths(value: unknown, months: number, type: Type): unknown {
  const clock = readWallClock(value, type);
  const days = floorDiv(clock.millis, MILLIS_PER_DAY);
  const shifted = addMonthsToDays(days, months) * MILLIS_PER_DAY + (clock.millis - days * MILLIS_PER_DAY);
  return writeWallClock({ millis: shifted, picos: clock.picos }, type, value);
}

/** The difference of two values in milliseconds (sub-millisecond parts dropped, as the interval type has none). */
function difference(a: unknown, b: unknown, type: Type): number {
  if (type.kind === 'timestamp with time zone') return (a as ZonedTimestamp).millis - (b as ZonedTimestamp).millis;
  if (type.kind === 'time with time zone') {
    return timeWithZoneUtcMillis(a as ZonedTimestamp) - timeWithZoneUtcMillis(b as ZonedTimestamp);
  }
  const x = readWallClock(a, type);
  const y = readWallClock(b, type);
  const picos = x.picos - y.picos;
  return x.millis - y.millis + Math.trunc(picos / 1e9);
}

function dateIntervalDays(millis: number, operation: 'add' | 'subtract'): number {
  if (millis % MILLIS_PER_DAY !== 0) {
    throw invalidArgument(
      operation === 'add'
        ? 'Cannot add hour, minutes or seconds to a date'
        : 'Cannot subtract hour, minutes or seconds from a date',
    );
  }
  return millis / MILLIS_PER_DAY;
}

/** Java's (long) of a double: truncation, NaN → 0; out-of-range results are errors here, not saturated. */
function toLong(value: number, what: string): number {
  if (Number.isNaN(value)) return 0;
  return checked(Math.trunc(value) + 0, what);
}

export function registerTemporalOperators(table: ImplementationTable): void {
  const add = (left: string, right: string, result: string) => `$operator$add(${left},${right}):${result}`;
  const subtract = (left: string, right: string, result: string) => `$operator$subtract(${left},${right}):${result}`;

  table.add(add('date', DS, 'date'), (days: number, millis: number) => days + dateIntervalDays(millis, 'add'));
  table.add(add(DS, 'date', 'date'), (millis: number, days: number) => days + dateIntervalDays(millis, 'add'));
  table.add(
    subtract('date', DS, 'date'),
    (days: number, millis: number) => days - dateIntervalDays(millis, 'subtract'),
  );
  table.add(add('date', YM, 'date'), (days: number, months: number) => addMonthsToDays(days, months));
  table.add(add(YM, 'date', 'date'), (months: number, days: number) => addMonthsToDays(days, months));
  table.add(subtract('date', YM, 'date'), (days: number, months: number) => addMonthsToDays(days, -months));

  for (const type of ['time(p)', 'time(p) with time zone', 'timestamp(p)', 'timestamp(p) with time zone']) {
    table.add(add(type, DS, type), (value: unknown, millis: number, ctx: CallContext) =>
      plusMillis(value, millis, ctx.argumentTypes[0]),
    );
    table.add(add(DS, type, type), (millis: number, value: unknown, ctx: CallContext) =>
      plusMillis(value, millis, ctx.argumentTypes[1]),
    );
    table.add(subtract(type, DS, type), (value: unknown, millis: number, ctx: CallContext) =>
      plusMillis(value, -millis, ctx.argumentTypes[0]),
    );
    table.add(subtract(type, type, DS), (a: unknown, b: unknown, ctx: CallContext) =>
      difference(a, b, ctx.argumentTypes[0]),
    );
    if (type.startsWith('timestamp')) {
      table.add(add(type, YM, type), (value: unknown, months: number, ctx: CallContext) =>
        plusMonths(value, months, ctx.argumentTypes[0]),
      );
      table.add(add(YM, type, type), (months: number, value: unknown, ctx: CallContext) =>
        plusMonths(value, months, ctx.argumentTypes[1]),
      );
      table.add(subtract(type, YM, type), (value: unknown, months: number, ctx: CallContext) =>
        plusMonths(value, -months, ctx.argumentTypes[0]),
      );
    }
  }

  for (const [interval, what] of [
    [DS, 'interval day to second'],
    [YM, 'interval year to month'],
  ] as const) {
    table.add(add(interval, interval, interval), (a: number, b: number) => checked(a + b, what));
    table.add(subtract(interval, interval, interval), (a: number, b: number) => checked(a - b, what));
    table.add(`$operator$multiply(${interval},bigint):${interval}`, (a: number, b: BigintValue) =>
      checked(a * Number(b), what),
    );
    table.add(`$operator$multiply(bigint,${interval}):${interval}`, (b: BigintValue, a: number) =>
      checked(a * Number(b), what),
    );
    table.add(`$operator$multiply(${interval},double):${interval}`, (a: number, b: number) => toLong(a * b, what));
    table.add(`$operator$multiply(double,${interval}):${interval}`, (b: number, a: number) => toLong(a * b, what));
    table.add(`$operator$divide(${interval},double):${interval}`, (a: number, b: number) => toLong(a / b, what));
    table.add(`$operator$negation(${interval}):${interval}`, (a: number) => 0 - a, { inline: ([a]) => `(0 - ${a})` });
  }
}
