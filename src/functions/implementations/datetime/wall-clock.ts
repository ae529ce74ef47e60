/**
 * Reading date/time values as a local wall clock (epoch millis of the wall clock, as if UTC) and
 * writing them back, per SQL type. Field extraction, truncation and unit arithmetic work on the wall
 * clock; zoned values convert through their zone (timestamp with time zone) or fixed offset (time
 * with time zone).
 */
import type { Type } from '../../../types/type.js';
import { internalError } from '../errors.js';
import { offsetMinutesOf } from '../value-comparison.js';
import { MILLIS_PER_DAY } from './calendar.js';
import {
  makeTimestamp,
  timeOf,
  timeParts,
  timestampParts,
  type ZonedTimestamp,
  zonedTimeOf,
} from './temporal-values.js';
import { fromLocalMillis, toLocalMillis } from './time-zone.js';

/** A wall clock: epoch millis of the local date-time and picoseconds below the millisecond. */
export interface WallClock {
  readonly millis: number;
  readonly picos: number;
}

/** The wall clock of a date, time, timestamp or zoned value (a time counts from 1970-01-01). */
export function readWallClock(value: unknown, type: Type): WallClock {
  switch (type.kind) {
    case 'date':
      return { millis: (value as number) * MILLIS_PER_DAY, picos: 0 };
    case 'timestamp':
      return timestampParts(value, type.precision);
    case 'timestamp with time zone': {
      const zoned = value as ZonedTimestamp;
      return { millis: toLocalMillis(zoned.zone, zoned.millis), picos: zoned.picos ?? 0 };
    }
    case 'time':
      return timeParts(value as number, type.precision);
    case 'time with time zone': {
      const zoned = value as ZonedTimestamp;
      return { millis: zoned.millis, picos: zoned.picos ?? 0 };
    }
    default:
      throw internalError(`Not a date/time type: ${type.kind}`);
  }
}

/**
 * The value of `type` for a wall clock, the zone taken from `like` (the input value) for zoned
 * types. Picos must already be within the type's precision.
 */
export function writeWallClock(clock: WallClock, type: Type, like: unknown): unknown {
  switch (type.kind) {
    case 'date':
      return Math.floor(clock.millis / MILLIS_PER_DAY);
    case 'timestamp':
      return makeTimestamp(clock.millis, clock.picos, type.precision);
    case 'timestamp with time zone': {
      const zone = (like as ZonedTimestamp).zone;
      const utc = fromLocalMillis(zone, clock.millis);
      return type.precision <= 3 ? { millis: utc, zone } : { millis: utc, zone, picos: clock.picos };
    }
    case 'time':
      return timeOf(clock.millis, clock.picos, type.precision);
    case 'time with time zone':
      return zonedTimeOf(clock.millis, clock.picos, (like as ZonedTimestamp).zone, type.precision);
    default:
      throw internalError(`Not a date/time type: ${type.kind}`);
  }
}

/** The UTC instant of a time with time zone's local time (on 1970-01-01). */
export function timeWithZoneUtcMillis(value: ZonedTimestamp): number {
  return value.millis - offsetMinutesOf(value.zone) * 60_000;
}
