/**
 * Text forms of the date/time values, as Trino prints and parses them in casts:
 *
 *   date                         2001-08-22
 *   time(3)                      03:04:05.321
 *   time(3) with time zone       03:04:05.321+05:30
 *   timestamp(3)                 2001-08-22 03:04:05.321
 *   timestamp(3) with time zone  2001-08-22 03:04:05.321 America/Los_Angeles
 *   interval day to second       2 03:04:05.000   (days, then time; negative with a leading '-')
 *   interval year to month       1-2
 *
 * Parsing accepts what Trino's casts accept: surrounding spaces, 1-2 digit month/day/hour/minute/
 * second, an optional fraction of up to 12 digits (rounded HALF_UP to the target precision), an
 * optional seconds part, and for the zoned types a zone (offset, UTC/Z or an IANA name) after the
 * time, separated by optional spaces.
 */
import {
  civilFromDays,
  daysFromCivil,
  floorDiv,
  isValidDate,
  MILLIS_PER_DAY,
  MILLIS_PER_HOUR,
  MILLIS_PER_MINUTE,
} from './calendar.js';

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function pad(n: number, width: number): string {
  const text = String(n);
  return text.length >= width ? text : '0'.repeat(width - text.length) + text;
}

/** Year as java.time prints it: 4 digits at least, '+' beyond 9999, '-' before year 0. */
function formatYear(year: number): string {
  if (year > 9999) return `+${year}`;
  if (year < 0) return `-${pad(-year, 4)}`;
  return pad(year, 4);
}

export function formatDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${formatYear(year)}-${pad2(month)}-${pad2(day)}`;
}

/** `HH:MM:SS` plus `precision` fraction digits of (millis of day, picos). */
export function formatTimeOfDay(millisOfDay: number, picos: number, precision: number): string {
  const hours = Math.floor(millisOfDay / MILLIS_PER_HOUR);
  const minutes = Math.floor((millisOfDay % MILLIS_PER_HOUR) / MILLIS_PER_MINUTE);
  const seconds = Math.floor((millisOfDay % MILLIS_PER_MINUTE) / 1000);
  let text = `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
  if (precision > 0) {
    // 12 digits: 3 of millis, then 9 of picos (below a millisecond).
    const fraction = pad(millisOfDay % 1000, 3) + pad(picos, 9);
    text += `.${fraction.slice(0, precision)}`;
  }
  return text;
}

/** `YYYY-MM-DD HH:MM:SS[.fff]` of a wall clock given as (epoch millis, picos). */
export function formatTimestamp(millis: number, picos: number, precision: number): string {
  const days = floorDiv(millis, MILLIS_PER_DAY);
  return `${formatDate(days)} ${formatTimeOfDay(millis - days * MILLIS_PER_DAY, picos, precision)}`;
}

export function formatIntervalDayToSecond(millis: number): string {
  const negative = millis < 0;
  let rest = Math.abs(millis);
  const days = Math.floor(rest / MILLIS_PER_DAY);
  rest -= days * MILLIS_PER_DAY;
  return `${negative ? '-' : ''}${days} ${formatTimeOfDay(rest, 0, 3)}`;
}

export function formatIntervalYearToMonth(months: number): string {
  const negative = months < 0;
  const total = Math.abs(months);
  return `${negative ? '-' : ''}${Math.floor(total / 12)}-${total % 12}`;
}

/** A parsed date and optional time of day: local wall clock millis, picos, and the zone text if any. */
export interface ParsedDateTime {
  readonly millis: number;
  readonly picos: number;
  readonly zone: string | undefined;
}

const DATE_PATTERN = /^\s*([+-]?\d{1,9})-(\d{1,2})-(\d{1,2})\s*$/;
const DATE_TIME_PATTERN =
  /^\s*([+-]?\d{1,9})-(\d{1,2})-(\d{1,2})(?:\s+(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,12}))?)?)?\s*?(?:\s*([A-Za-z][A-Za-z0-9_/+-]*|[+-]\d{1,2}(?::?\d{2})?))?\s*$/;
const TIME_PATTERN =
  /^\s*(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,12}))?)?\s*(?:([A-Za-z][A-Za-z0-9_/+-]*|[+-]\d{1,2}(?::?\d{2})?))?\s*$/;

/** Days since the epoch of `YYYY-MM-DD`, or undefined when the text is not a valid date. */
export function parseDate(text: string): number | undefined {
  const m = DATE_PATTERN.exec(text);
  if (m === null) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (!isValidDate(year, month, day)) return undefined;
  return daysFromCivil(year, month, day);
}

/** Fraction digits as (millis, picos) of a second's fraction. */
function fractionParts(digits: string | undefined): { millis: number; picos: number } {
  if (digits === undefined || digits === '') return { millis: 0, picos: 0 };
  const padded = digits.padEnd(12, '0');
  return { millis: Number(padded.slice(0, 3)), picos: Number(padded.slice(3)) };
}

function timeOfDayMillis(hour: string, minute: string, second: string | undefined): number | undefined {
  const h = Number(hour);
  const m = Number(minute);
  const s = second === undefined ? 0 : Number(second);
  if (h > 23 || m > 59 || s > 59) return undefined;
  return h * MILLIS_PER_HOUR + m * MILLIS_PER_MINUTE + s * 1000;
}

/** A timestamp's text: date, optional time, optional zone. Undefined when malformed or out of range. */
export function parseDateTime(text: string): ParsedDateTime | undefined {
  const m = DATE_TIME_PATTERN.exec(text);
  if (m === null) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (!isValidDate(year, month, day)) return undefined;
  let millisOfDay = 0;
  let picos = 0;
  if (m[4] !== undefined) {
    const time = timeOfDayMillis(m[4], m[5], m[6]);
    if (time === undefined) return undefined;
    const fraction = fractionParts(m[7]);
    millisOfDay = time + fraction.millis;
    picos = fraction.picos;
  }
  return { millis: daysFromCivil(year, month, day) * MILLIS_PER_DAY + millisOfDay, picos, zone: m[8] };
}

/** A time of day's text with an optional zone. */
export function parseTime(text: string): ParsedDateTime | undefined {
  const m = TIME_PATTERN.exec(text);
  if (m === null) return undefined;
  const time = timeOfDayMillis(m[1], m[2], m[3]);
  if (time === undefined) return undefined;
  const fraction = fractionParts(m[4]);
  return { millis: time + fraction.millis, picos: fraction.picos, zone: m[5] };
}
