/**
 * date_add, date_diff and date_trunc with Trino's units: millisecond, second, minute, hour for
 * times; day, week, month, quarter, year for dates; all of them for timestamps. Unit names are
 * case-insensitive; a unit the type does not have is INVALID_FUNCTION_ARGUMENT (`'hour' is not a
 * valid DATE field`). Day-and-longer units work on the local wall clock (zoned values in their own
 * zone, so a day is a calendar day across DST changes); shorter units on the instant. Month
 * arithmetic clamps the day to the month's length; date_diff counts whole units as Joda-Time does.
 * Times wrap around midnight.
 */
import type { Type } from '../../../types/type.js';
import type { BigintValue } from '../bigint-values.js';
import { invalidArgument, outOfRange } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import {
  addMonthsToDays,
  civilFromDays,
  dayOfWeek,
  daysFromCivil,
  floorDiv,
  MILLIS_PER_DAY,
  MILLIS_PER_HOUR,
  MILLIS_PER_MINUTE,
  monthsBetween,
  yearsBetween,
} from './calendar.js';
import type { ZonedTimestamp } from './temporal-values.js';
import { readWallClock, timeWithZoneUtcMillis, type WallClock, writeWallClock } from './wall-clock.js';

type Unit = 'millisecond' | 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const FIXED_UNIT_MILLIS: Readonly<Record<string, number>> = {
  millisecond: 1,
  second: 1000,
  minute: MILLIS_PER_MINUTE,
  hour: MILLIS_PER_HOUR,
  day: MILLIS_PER_DAY,
  week: 7 * MILLIS_PER_DAY,
};
const TIME_UNITS: ReadonlySet<string> = new Set(['millisecond', 'second', 'minute', 'hour']);
const DATE_UNITS: ReadonlySet<string> = new Set(['day', 'week', 'month', 'quarter', 'year']);

/** The unit for the type, or INVALID_FUNCTION_ARGUMENT with Trino's wording. */
function unitFor(text: string, type: Type): Unit {
  const unit = text.toLowerCase();
  switch (type.kind) {
    case 'date':
      if (DATE_UNITS.has(unit)) return unit as Unit;
      throw invalidArgument(`'${unit}' is not a valid DATE field`);
    case 'time':
    case 'time with time zone':
      if (TIME_UNITS.has(unit)) return unit as Unit;
      throw invalidArgument(`'${unit}' is not a valid Time field`);
    default:
      if (TIME_UNITS.has(unit) || DATE_UNITS.has(unit)) return unit as Unit;
      throw invalidArgument(`'${unit}' is not a valid Timestamp field`);
  }
}

function checkedMillis(value: number): number {
  if (!Number.isSafeInteger(value)) throw outOfRange(`Value out of range: ${value}`);
  return value;
}

function isZonedTimestamp(type: Type): boolean {
  return type.kind === 'timestamp with time zone';
}

/** Adds `amount` units to a value of `type`. */
export function addUnits(unitText: string, amount: BigintValue, value: unknown, type: Type): unknown {
  const unit = unitFor(unitText, type);
  const n = Number(amount);
  const fixed = FIXED_UNIT_MILLIS[unit];
  // Units shorter than a day move a zoned value's instant; everything else moves the wall clock.
  if (fixed !== undefined && fixed < MILLIS_PER_DAY && isZonedTimestamp(type)) {
    const zoned = value as ZonedTimestamp;
    return { ...zoned, millis: checkedMillis(zoned.millis + n * fixed) };
  }
  const clock = readWallClock(value, type);
  if (fixed !== undefined) {
    return writeWallClock({ millis: checkedMillis(clock.millis + n * fixed), picos: clock.picos }, type, value);
  }
  const months = unit === 'month' ? n : unit === 'quarter' ? n * 3 : n * 12;
  const days = floorDiv(clock.millis, MILLIS_PER_DAY);
  const millisOfDay = clock.millis - days * MILLIS_PER_DAY;
  const shifted = addMonthsToDays(days, checkedMillis(months)) * MILLIS_PER_DAY + millisOfDay;
  return writeWallClock({ millis: checkedMillis(shifted), picos: clock.picos }, type, value);
}

/** The instant (UTC for zoned values) or wall clock a fixed-length difference is measured on. */
function differenceBase(value: unknown, type: Type): number {
  if (type.kind === 'timestamp with time zone') return (value as ZonedTimestamp).millis;
  if (type.kind === 'time with time zone') return timeWithZoneUtcMillis(value as ZonedTimestamp);
  return readWallClock(value, type).millis;
}

/** Whole units from `a` to `b`. */
export function diffUnits(unitText: string, a: unknown, b: unknown, type: Type): number {
  const unit = unitFor(unitText, type);
  const fixed = FIXED_UNIT_MILLIS[unit];
  if (fixed !== undefined && fixed < MILLIS_PER_DAY) {
    return Math.trunc((differenceBase(b, type) - differenceBase(a, type)) / fixed) + 0;
  }
  // Day and longer units compare wall clocks, zoned values both in the first value's zone.
  let start: number;
  let end: number;
  if (isZonedTimestamp(type)) {
    const first = a as ZonedTimestamp;
    start = readWallClock(first, type).millis;
    end = readWallClock({ ...(b as ZonedTimestamp), zone: first.zone }, type).millis;
  } else {
    start = readWallClock(a, type).millis;
    end = readWallClock(b, type).millis;
  }
  if (fixed !== undefined) return Math.trunc((end - start) / fixed) + 0;
  const months = monthsBetween(start, end);
  if (unit === 'month') return months;
  if (unit === 'quarter') return Math.trunc(months / 3) + 0;
  return yearsBetween(start, end);
}

/** Truncates the wall clock of a value to the start of the unit. */
export function truncateTo(unitText: string, value: unknown, type: Type): unknown {
  const unit = unitFor(unitText, type);
  const clock = readWallClock(value, type);
  return writeWallClock(truncateClock(unit, clock), type, value);
}

function truncateClock(unit: Unit, clock: WallClock): WallClock {
  const fixed = FIXED_UNIT_MILLIS[unit];
  if (unit === 'week') {
    const days = floorDiv(clock.millis, MILLIS_PER_DAY);
    return { millis: (days - (dayOfWeek(days) - 1)) * MILLIS_PER_DAY, picos: 0 };
  }
  if (fixed !== undefined) return { millis: floorDiv(clock.millis, fixed) * fixed, picos: 0 };
  const { year, month } = civilFromDays(floorDiv(clock.millis, MILLIS_PER_DAY));
  const firstMonth = unit === 'month' ? month : unit === 'quarter' ? month - ((month - 1) % 3) : 1;
  return { millis: daysFromCivil(year, firstMonth, 1) * MILLIS_PER_DAY, picos: 0 };
}

export function registerDateTimeUnits(table: ImplementationTable): void {
  for (const type of ['date', 'time(p)', 'time(p) with time zone', 'timestamp(p)', 'timestamp(p) with time zone']) {
    const t = type;
    table.add(
      `date_add(varchar(x),bigint,${t}):${t}`,
      (unit: string, amount: BigintValue, value: unknown, ctx: CallContext) =>
        addUnits(unit, amount, value, ctx.argumentTypes[2]),
    );
    table.add(`date_diff(varchar(x),${t},${t}):bigint`, (unit: string, a: unknown, b: unknown, ctx: CallContext) =>
      diffUnits(unit, a, b, ctx.argumentTypes[1]),
    );
    table.add(`date_trunc(varchar(x),${t}):${t}`, (unit: string, value: unknown, ctx: CallContext) =>
      truncateTo(unit, value, ctx.argumentTypes[1]),
    );
  }
}
