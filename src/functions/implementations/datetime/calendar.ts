/**
 * The proleptic Gregorian calendar (ISO chronology, as java.time and Trino use), on day numbers
 * counted from 1970-01-01: civil date ↔ day number for any year, day of week (Monday = 1), ISO week
 * and week-based year, month arithmetic that clamps the day to the month's end. Plain integer math,
 * no Date objects.
 */

export const MILLIS_PER_MINUTE = 60_000;
export const MILLIS_PER_HOUR = 3_600_000;
export const MILLIS_PER_DAY = 86_400_000;

export { type CivilDate, civilFromDays, daysFromCivil } from '../../../common/civil-calendar.js';

import { civilFromDays, daysFromCivil } from '../../../common/civil-calendar.js';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1];
}

/** Whether year/month/day name a real date. */
export function isValidDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** ISO day of week: Monday = 1 ... Sunday = 7 (1970-01-01 was a Thursday). */
export function dayOfWeek(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function dayOfYear(days: number): number {
  const { year } = civilFromDays(days);
  return days - daysFromCivil(year, 1, 1) + 1;
}

/** The Monday starting ISO week 1 of a week-based year: the week holding January 4th. */
function isoWeekOneStart(weekYear: number): number {
  const january4 = daysFromCivil(weekYear, 1, 4);
  return january4 - (dayOfWeek(january4) - 1);
}

/** ISO 8601 week-based year of a day. */
export function isoWeekYear(days: number): number {
  const { year } = civilFromDays(days);
  if (days >= isoWeekOneStart(year + 1)) return year + 1;
  if (days < isoWeekOneStart(year)) return year - 1;
  return year;
}

/** ISO 8601 week of the week-based year (1..53). */
export function isoWeek(days: number): number {
  return Math.floor((days - isoWeekOneStart(isoWeekYear(days))) / 7) + 1;
}

/** The day number `months` months later, the day clamped to the target month's length (Jan 31 + 1 month = Feb 28/29). */
export function addMonthsToDays(days: number, months: number): number {
  const { year, month, day } = civilFromDays(days);
  const total = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = total - targetYear * 12 + 1;
  return daysFromCivil(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Floor division and non-negative remainder, the way time arithmetic needs them. */
export function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

export function floorMod(a: number, b: number): number {
  const r = a % b;
  return r < 0 ? r + b : r + 0;
}

/**
 * Whole months from `start` to `end` (wall-clock epoch millis), as Joda-Time counts them (Trino's
 * date_diff): the calendar month difference, less one when the end's position in its month is
 * before the start's; a start day beyond the end month's length counts as that month's last day.
 */
export function monthsBetween(start: number, end: number): number {
  if (end < start) return -monthsBetween(end, start);
  const startDays = floorDiv(start, MILLIS_PER_DAY);
  const endDays = floorDiv(end, MILLIS_PER_DAY);
  const s = civilFromDays(startDays);
  const e = civilFromDays(endDays);
  let difference = (e.year - s.year) * 12 + (e.month - s.month);
  let startDay = s.day;
  if (e.day === daysInMonth(e.year, e.month) && startDay > e.day) startDay = e.day;
  const endRemainder = (e.day - 1) * MILLIS_PER_DAY + (end - endDays * MILLIS_PER_DAY);
  const startRemainder = (startDay - 1) * MILLIS_PER_DAY + (start - startDays * MILLIS_PER_DAY);
  if (endRemainder < startRemainder) difference--;
  return difference;
}

/** Whole years from `start` to `end` (wall-clock epoch millis), Joda-Time's way (February 29th balanced). */
export function yearsBetween(start: number, end: number): number {
  if (end < start) return -yearsBetween(end, start);
  const s = civilFromDays(floorDiv(start, MILLIS_PER_DAY)).year;
  const e = civilFromDays(floorDiv(end, MILLIS_PER_DAY)).year;
  let startRemainder = start - daysFromCivil(s, 1, 1) * MILLIS_PER_DAY;
  let endRemainder = end - daysFromCivil(e, 1, 1) * MILLIS_PER_DAY;
  const february29 = (31 + 28) * MILLIS_PER_DAY;
  if (startRemainder >= february29) {
    if (isLeapYear(s)) {
      if (!isLeapYear(e)) startRemainder -= MILLIS_PER_DAY;
    } else if (endRemainder >= february29 && isLeapYear(e)) {
      endRemainder -= MILLIS_PER_DAY;
    }
  }
  let difference = e - s;
  if (endRemainder < startRemainder) difference--;
  return difference;
}
