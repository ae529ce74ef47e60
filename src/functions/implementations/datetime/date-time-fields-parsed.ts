/**
 * The fields a date/time parser collects (MySQL date_parse and Joda parse_datetime share them) and
 * their resolution into a wall clock, with Joda-Time's defaults (1970-01-01 00:00:00) and range
 * checks (`Cannot parse "...": Value 13 for monthOfYear must be in the range [1,12]`).
 */
import { invalidArgument } from '../errors.js';
import { daysFromCivil, daysInMonth, MILLIS_PER_DAY, MILLIS_PER_HOUR, MILLIS_PER_MINUTE } from './calendar.js';

export interface ParsedFields {
  year?: number;
  month?: number;
  day?: number;
  dayOfYear?: number;
  hour?: number;
  /** 1..12 or 0..11 clock hour, resolved with `pm`. */
  halfdayHour?: number;
  pm?: boolean;
  minute?: number;
  second?: number;
  /** Fraction of the second, in picoseconds (0 ≤ fraction < 10^12). */
  fractionPicos?: number;
  /** Offset in minutes parsed from the text, or a zone id. */
  offsetMinutes?: number;
  zone?: string;
}

function check(text: string, value: number, field: string, min: number, max: number): void {
  if (value < min || value > max) {
    throw invalidArgument(`Cannot parse "${text}": Value ${value} for ${field} must be in the range [${min},${max}]`);
  }
}

/** The wall clock (epoch millis of local date-time) and picos the fields denote. */
export function resolveFields(text: string, fields: ParsedFields): { millis: number; picos: number } {
  const year = fields.year ?? 1970;
  let days: number;
  if (fields.dayOfYear !== undefined && fields.month === undefined && fields.day === undefined) {
    check(text, fields.dayOfYear, 'dayOfYear', 1, 366);
    days = daysFromCivil(year, 1, 1) + fields.dayOfYear - 1;
  } else {
    const month = fields.month ?? 1;
    const day = fields.day ?? 1;
    check(text, month, 'monthOfYear', 1, 12);
    check(text, day, 'dayOfMonth', 1, daysInMonth(year, month));
    days = daysFromCivil(year, month, day);
  }
  let hour = fields.hour ?? 0;
  if (fields.halfdayHour !== undefined) {
    check(text, fields.halfdayHour, 'clockhourOfHalfday', 0, 12);
    hour = (fields.halfdayHour % 12) + (fields.pm ? 12 : 0);
  } else if (fields.pm !== undefined && fields.hour !== undefined) {
    hour = (fields.hour % 12) + (fields.pm ? 12 : 0);
  }
  check(text, hour, 'hourOfDay', 0, 23);
  const minute = fields.minute ?? 0;
  check(text, minute, 'minuteOfHour', 0, 59);
  const second = fields.second ?? 0;
  check(text, second, 'secondOfMinute', 0, 59);
  const fraction = fields.fractionPicos ?? 0;
  const millis =
    days * MILLIS_PER_DAY +
    hour * MILLIS_PER_HOUR +
    minute * MILLIS_PER_MINUTE +
    second * 1000 +
    Math.floor(fraction / 1e9);
  return { millis, picos: fraction % 1e9 };
}

/** Joda's messages for text that does not match the pattern. */
export function malformed(text: string, position: number): Error {
  if (position >= text.length) return invalidArgument(`Invalid format: "${text}" is too short`);
  return invalidArgument(`Invalid format: "${text}" is malformed at "${text.slice(position)}"`);
}
