/**
 * The engine values of the date/time types and conversions between them and one working form,
 * (epoch millis, picoseconds within the millisecond), whatever the precision:
 *
 * - timestamp(p): p ≤ 3 epoch millis; 4..6 epoch micros (numbers); 7..12 `{ millis, picos }`;
 * - timestamp(p) with time zone: `{ millis (UTC), zone, picos? }`, picos present when p > 3;
 * - time(p): time of day in millis (p ≤ 3), micros (4..6) or nanos (7..12, below-ns digits dropped);
 * - time(p) with time zone: `{ millis (LOCAL time of day), zone (a fixed offset), picos? }`.
 *
 * Rounding to a lower precision is HALF_UP on the dropped digits, as Trino's casts round.
 */
import { floorDiv, floorMod, MILLIS_PER_DAY } from './calendar.js';

/** A timestamp with time zone value. */
export interface ZonedTimestamp {
  readonly millis: number;
  readonly zone: string;
  readonly picos?: number;
}

/** A time with time zone value: local time of day plus a fixed offset zone. */
export type ZonedTime = ZonedTimestamp;

/** timestamp(7..12) value. */
export interface LongTimestamp {
  readonly millis: number;
  readonly picos: number;
}

export const PICOS_PER_MILLI = 1_000_000_000;
const PICOS_PER_MICRO = 1_000_000;
const PICOS_PER_NANO = 1_000;

/** 10^n for n in 0..12. */
const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12];

/** Working form of an instant or wall clock: millis and the picoseconds below them (0 ≤ picos < 10^9). */
export interface Instant {
  millis: number;
  picos: number;
}

/** Splits a timestamp(p) value. */
export function timestampParts(value: unknown, precision: number): Instant {
  if (precision <= 3) return { millis: value as number, picos: 0 };
  if (precision <= 6) {
    const micros = value as number;
    const millis = floorDiv(micros, 1000);
    return { millis, picos: (micros - millis * 1000) * PICOS_PER_MICRO };
  }
  const long = value as LongTimestamp;
  return { millis: long.millis, picos: long.picos };
}

/** Rounds picoseconds to `precision` fractional digits of a second (HALF_UP), carrying into millis. */
export function roundInstant(millis: number, picos: number, precision: number): Instant {
  if (precision >= 12) return { millis, picos };
  const unit = POWERS[12 - precision];
  // Positions below the millisecond: precision ≥ 3 rounds within picos, below 3 rounds the millis too.
  if (precision >= 3) {
    let rounded = Math.floor(picos / unit) * unit;
    if (picos - rounded >= unit / 2) rounded += unit;
    if (rounded >= PICOS_PER_MILLI) return { millis: millis + 1, picos: rounded - PICOS_PER_MILLI };
    return { millis, picos: rounded };
  }
  const millisUnit = POWERS[3 - precision];
  const floorMillis = floorDiv(millis, millisUnit) * millisUnit;
  const remainder = (millis - floorMillis) * PICOS_PER_MILLI + picos;
  const half = (millisUnit * PICOS_PER_MILLI) / 2;
  return { millis: remainder >= half ? floorMillis + millisUnit : floorMillis, picos: 0 };
}

/** The timestamp(p) value of (millis, picos), which must already be rounded to p digits. */
export function makeTimestamp(millis: number, picos: number, precision: number): unknown {
  if (precision <= 3) return millis;
  if (precision <= 6) return millis * 1000 + Math.floor(picos / PICOS_PER_MICRO);
  return { millis, picos } satisfies LongTimestamp;
}

/** The timestamp(p) value of an instant, rounding to p digits. */
export function timestampOf(millis: number, picos: number, precision: number): unknown {
  const r = roundInstant(millis, picos, precision);
  return makeTimestamp(r.millis, r.picos, precision);
}

/** A timestamp(p) with time zone value of (UTC millis, picos, zone), rounding to p digits. */
export function zonedTimestampOf(millis: number, picos: number, zone: string, precision: number): ZonedTimestamp {
  const r = roundInstant(millis, picos, precision);
  return precision <= 3 ? { millis: r.millis, zone } : { millis: r.millis, zone, picos: r.picos };
}

/** Splits a time(p) value into (millis of day, picos). */
export function timeParts(value: number, precision: number): Instant {
  if (precision <= 3) return { millis: value, picos: 0 };
  if (precision <= 6) {
    const millis = Math.floor(value / 1000);
    return { millis, picos: (value - millis * 1000) * PICOS_PER_MICRO };
  }
  const millis = Math.floor(value / 1_000_000);
  return { millis, picos: (value - millis * 1_000_000) * PICOS_PER_NANO };
}

/** The time(p) value of (millis, picos) of day, rounded to p digits and wrapped into the day. */
export function timeOf(millis: number, picos: number, precision: number): number {
  const r = roundInstant(millis, picos, precision);
  const m = floorMod(r.millis, MILLIS_PER_DAY);
  if (precision <= 3) return m;
  if (precision <= 6) return m * 1000 + Math.floor(r.picos / PICOS_PER_MICRO);
  return m * 1_000_000 + Math.floor(r.picos / PICOS_PER_NANO);
}

/** A time(p) with time zone value of (local millis of day, picos, offset zone), rounded to p digits. */
export function zonedTimeOf(millis: number, picos: number, zone: string, precision: number): ZonedTime {
  const r = roundInstant(millis, picos, precision);
  const m = floorMod(r.millis, MILLIS_PER_DAY);
  return precision <= 3 ? { millis: m, zone } : { millis: m, zone, picos: r.picos };
}
