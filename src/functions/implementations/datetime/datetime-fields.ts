/**
 * Field extraction: year() ... millisecond(), the ISO week fields, day_of_week (Monday = 1),
 * timezone_hour/minute and last_day_of_month, over dates, times, timestamps (zoned ones in their
 * own zone) and intervals. Interval fields follow Trino: day(interval) counts whole days,
 * hour(interval) the hours within the day, and so on, truncating toward zero.
 */
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import {
  civilFromDays,
  dayOfWeek,
  dayOfYear,
  daysFromCivil,
  daysInMonth,
  floorDiv,
  floorMod,
  isoWeek,
  isoWeekYear,
  MILLIS_PER_DAY,
  MILLIS_PER_HOUR,
  MILLIS_PER_MINUTE,
} from './calendar.js';
import type { ZonedTimestamp } from './temporal-values.js';
import { offsetMillisAt } from './time-zone.js';
import { readWallClock } from './wall-clock.js';

const DATE_TYPES = ['date', 'timestamp(p)', 'timestamp(p) with time zone'];
const TIME_TYPES = ['time(p)', 'time(p) with time zone', 'timestamp(p)', 'timestamp(p) with time zone'];

/** fn(value, ctx) extracting a field from the wall clock of any date/time type. */
function fromWallClock(field: (millis: number) => number) {
  return (value: unknown, ctx: CallContext): number => field(readWallClock(value, ctx.argumentTypes[0]).millis);
}

function dateField(field: (days: number) => number) {
  return fromWallClock((millis) => field(floorDiv(millis, MILLIS_PER_DAY)));
}

function timeField(field: (millisOfDay: number) => number) {
  return fromWallClock((millis) => field(floorMod(millis, MILLIS_PER_DAY)));
}

function register(
  table: ImplementationTable,
  name: string,
  types: readonly string[],
  fn: (...args: never[]) => unknown,
) {
  for (const type of types) table.add(`${name}(${type}):bigint`, fn);
}

/** Java's truncating division for interval fields. */
function truncDiv(a: number, b: number): number {
  return Math.trunc(a / b) + 0;
}

export function registerDateTimeFields(table: ImplementationTable): void {
  register(
    table,
    'year',
    DATE_TYPES,
    dateField((d) => civilFromDays(d).year),
  );
  register(
    table,
    'quarter',
    DATE_TYPES,
    dateField((d) => Math.floor((civilFromDays(d).month - 1) / 3) + 1),
  );
  register(
    table,
    'month',
    DATE_TYPES,
    dateField((d) => civilFromDays(d).month),
  );
  register(table, 'week', DATE_TYPES, dateField(isoWeek));
  register(
    table,
    'day',
    DATE_TYPES,
    dateField((d) => civilFromDays(d).day),
  );
  register(table, 'day_of_week', DATE_TYPES, dateField(dayOfWeek));
  register(table, 'day_of_year', DATE_TYPES, dateField(dayOfYear));
  register(table, 'year_of_week', DATE_TYPES, dateField(isoWeekYear));
  register(
    table,
    'hour',
    TIME_TYPES,
    timeField((m) => Math.floor(m / MILLIS_PER_HOUR)),
  );
  register(
    table,
    'minute',
    TIME_TYPES,
    timeField((m) => Math.floor((m % MILLIS_PER_HOUR) / MILLIS_PER_MINUTE)),
  );
  register(
    table,
    'second',
    TIME_TYPES,
    timeField((m) => Math.floor((m % MILLIS_PER_MINUTE) / 1000)),
  );
  register(
    table,
    'millisecond',
    TIME_TYPES,
    timeField((m) => m % 1000),
  );

  table.add('year(interval year to month):bigint', (months: number) => truncDiv(months, 12));
  table.add('month(interval year to month):bigint', (months: number) => (months % 12) + 0);
  table.add('day(interval day to second):bigint', (ms: number) => truncDiv(ms, MILLIS_PER_DAY));
  table.add('hour(interval day to second):bigint', (ms: number) => truncDiv(ms % MILLIS_PER_DAY, MILLIS_PER_HOUR));
  table.add('minute(interval day to second):bigint', (ms: number) => truncDiv(ms % MILLIS_PER_HOUR, MILLIS_PER_MINUTE));
  table.add('second(interval day to second):bigint', (ms: number) => truncDiv(ms % MILLIS_PER_MINUTE, 1000));
  table.add('millisecond(interval day to second):bigint', (ms: number) => (ms % 1000) + 0);

  const zoneOffsetMinutes = (value: ZonedTimestamp, ctx: CallContext): number => {
    if (ctx.argumentTypes[0].kind === 'time with time zone') {
      return Math.round(offsetMillisAt(value.zone, 0) / MILLIS_PER_MINUTE);
    }
    return Math.round(offsetMillisAt(value.zone, value.millis) / MILLIS_PER_MINUTE);
  };
  for (const type of ['time(p) with time zone', 'timestamp(p) with time zone']) {
    table.add(`timezone_hour(${type}):bigint`, (v: ZonedTimestamp, ctx: CallContext) =>
      truncDiv(zoneOffsetMinutes(v, ctx), 60),
    );
    table.add(
      `timezone_minute(${type}):bigint`,
      (v: ZonedTimestamp, ctx: CallContext) => (zoneOffsetMinutes(v, ctx) % 60) + 0,
    );
    table.add(`timezone(${type}):varchar`, (v: ZonedTimestamp) => v.zone);
  }

  for (const type of DATE_TYPES) {
    table.add(`last_day_of_month(${type}):date`, (value: unknown, ctx: CallContext) => {
      const days = floorDiv(readWallClock(value, ctx.argumentTypes[0]).millis, MILLIS_PER_DAY);
      const { year, month } = civilFromDays(days);
      return daysFromCivil(year, month, daysInMonth(year, month));
    });
  }
}
