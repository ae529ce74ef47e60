/**
 * Text of dates, times, timestamps and intervals exactly as Presto/Trino print them (their
 * `toString` of SqlDate, SqlTime, SqlTimestamp, ... which the statement protocol sends):
 *   date                      2001-08-22          (ISO years: -0001, +10000 beyond four digits)
 *   time(p)                   03:04:05.321        (p fractional digits, none for p = 0)
 *   time(p) with time zone    03:04:05.321+05:30
 *   timestamp(p)              2001-08-22 03:04:05.321
 *   timestamp(p) with t. z.   2001-08-22 03:04:05.321 America/New_York
 *   interval day to second    3 04:05:06.007      (sign first: -3 04:05:06.007)
 *   interval year to month    1-2                 (-1-2)
 * Plain arithmetic on numbers; no Date objects on the hot path.
 */

import { type CivilDate, civilFromDays } from '../common/civil-calendar.js';

export const MILLIS_PER_SECOND = 1000;
export const MILLIS_PER_DAY = 86_400_000;
const SECONDS_PER_DAY = 86_400;
const PICOS_PER_MILLI = 1_000_000_000;

const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS: readonly string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

const scratch: CivilDate = { year: 0, month: 0, day: 0 };

function formatYear(year: number): string {
  if (year >= 1000 && year <= 9999) return String(year);
  if (year < 0) {
    const abs = -year;
    return abs < 1000 ? `-${String(abs).padStart(4, '0')}` : `-${abs}`;
  }
  if (year > 9999) return `+${year}`;
  return String(year).padStart(4, '0');
}

// A direct-mapped cache of date texts: result rows mostly fall within a few thousand distinct days
// (any 11 years fit without collisions), and building the text costs ten times a lookup.
const DATE_CACHE_SIZE = 4096;
const cachedDays = new Float64Array(DATE_CACHE_SIZE).fill(Number.NaN);
const cachedDayTexts: string[] = new Array<string>(DATE_CACHE_SIZE).fill('');

/** `YYYY-MM-DD` of an epoch day. */
export function formatDate(days: number): string {
  const slot = days & (DATE_CACHE_SIZE - 1);
  if (cachedDays[slot] === days) return cachedDayTexts[slot];
  const date = civilFromDays(days, scratch);
  const text = `${formatYear(date.year)}-${TWO_DIGITS[date.month]}-${TWO_DIGITS[date.day]}`;
  cachedDays[slot] = days;
  cachedDayTexts[slot] = text;
  return text;
}

/** `HH:MM:SS` of a second of the day (0..86399). */
function formatSecondOfDay(second: number): string {
  const hours = Math.floor(second / 3600);
  const minutes = Math.floor(second / 60) % 60;
  return `${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[second % 60]}`;
}

/**
 * `.` and the first `precision` digits of a fraction of a second given as `fraction` units of
 * 10^-digits seconds (0 ≤ fraction < 10^digits); digits beyond `digits` are zeros. '' for precision 0.
 */
function formatFraction(fraction: number, digits: number, precision: number): string {
  if (precision === 0) return '';
  if (digits === 3 && precision === 3) return `.${THREE_DIGITS[fraction]}`;
  let text = String(fraction).padStart(digits, '0');
  text = precision <= digits ? text.slice(0, precision) : text.padEnd(precision, '0');
  return `.${text}`;
}

/**
 * Date and time of day of an epoch value counted in 10^-digits seconds (digits 3: ms, 6: µs),
 * with `precision` fractional digits: timestamp(p ≤ 6).
 */
export function formatTimestamp(value: number, digits: 3 | 6, precision: number): string {
  const unitsPerSecond = digits === 3 ? 1000 : 1_000_000;
  const seconds = Math.floor(value / unitsPerSecond);
  const fraction = value - seconds * unitsPerSecond;
  return formatEpochSeconds(seconds) + formatFraction(fraction, digits, precision);
}

/** Date and time of an epoch millisecond plus picoseconds: timestamp(7..12) and zoned timestamps. */
export function formatTimestampPicos(millis: number, picos: number, precision: number): string {
  const seconds = Math.floor(millis / MILLIS_PER_SECOND);
  const milliOfSecond = millis - seconds * MILLIS_PER_SECOND;
  const text = formatEpochSeconds(seconds);
  if (precision === 0) return text;
  if (precision <= 3) return text + formatFraction(milliOfSecond, 3, precision);
  // 12 digits of picoseconds of the second: milliOfSecond × 10^9 + picos stays below 2^53.
  return text + formatFraction(milliOfSecond * PICOS_PER_MILLI + picos, 12, precision);
}

function formatEpochSeconds(seconds: number): string {
  const days = Math.floor(seconds / SECONDS_PER_DAY);
  return `${formatDate(days)} ${formatSecondOfDay(seconds - days * SECONDS_PER_DAY)}`;
}

/** time(p): `value` counted in 10^-digits seconds since midnight (digits 3, 6 or 9). */
export function formatTime(value: number, digits: 3 | 6 | 9, precision: number): string {
  const unitsPerSecond = 10 ** digits;
  const second = Math.floor(value / unitsPerSecond);
  return formatSecondOfDay(second) + formatFraction(value - second * unitsPerSecond, digits, precision);
}

/** time(p) with time zone: local millisecond of the day, picoseconds below it, offset in minutes. */
export function formatTimeWithTimeZone(
  millisOfDay: number,
  picos: number,
  precision: number,
  offsetMinutes: number,
): string {
  const second = Math.floor(millisOfDay / MILLIS_PER_SECOND);
  const milliOfSecond = millisOfDay - second * MILLIS_PER_SECOND;
  const fraction =
    precision <= 3
      ? formatFraction(milliOfSecond, 3, precision)
      : formatFraction(milliOfSecond * PICOS_PER_MILLI + picos, 12, precision);
  const abs = Math.abs(offsetMinutes);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${formatSecondOfDay(second)}${fraction}${sign}${TWO_DIGITS[Math.floor(abs / 60)]}:${TWO_DIGITS[abs % 60]}`;
}

/** interval day to second from milliseconds: `[-]D HH:MM:SS.mmm`. */
export function formatIntervalDayToSecond(millis: number): string {
  const sign = millis < 0 ? '-' : '';
  let rest = Math.abs(millis);
  const days = Math.floor(rest / MILLIS_PER_DAY);
  rest -= days * MILLIS_PER_DAY;
  const second = Math.floor(rest / MILLIS_PER_SECOND);
  const milli = rest - second * MILLIS_PER_SECOND;
  return `${sign}${days} ${formatSecondOfDay(second)}.${String(milli).padStart(3, '0')}`;
}

/** interval year to month from months: `[-]Y-M`. */
export function formatIntervalYearToMonth(months: number): string {
  const sign = months < 0 ? '-' : '';
  const abs = Math.abs(months);
  return `${sign}${Math.floor(abs / 12)}-${abs % 12}`;
}
