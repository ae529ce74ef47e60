/**
 * ISO 8601 text as Trino's to_iso8601 prints it and Joda-Time's ISO parsers (behind
 * from_iso8601_date and from_iso8601_timestamp) read it: calendar dates (`2020`, `2020-05`,
 * `2020-05-17`), ordinal dates (`2020-138`), week dates (`2020-W20`, `2020-W20-7`), an optional
 * `T` time (`10`, `10:15`, `10:15:30`, fractions with `.` or `,`) and an offset (`Z`, `+05`,
 * `+05:30`, `-0800`).
 */
import {
  dayOfWeek,
  daysFromCivil,
  floorDiv,
  isValidDate,
  MILLIS_PER_DAY,
  MILLIS_PER_HOUR,
  MILLIS_PER_MINUTE,
} from './calendar.js';
import { malformed } from './date-time-fields-parsed.js';
import { formatDate, formatTimeOfDay } from './temporal-text.js';
import { offsetText } from './time-zone.js';

/** `2020-05-17T10:15:30.123` of a wall clock, with `precision` fraction digits. */
export function isoLocalDateTime(localMillis: number, picos: number, precision: number): string {
  const days = floorDiv(localMillis, MILLIS_PER_DAY);
  return `${formatDate(days)}T${formatTimeOfDay(localMillis - days * MILLIS_PER_DAY, picos, precision)}`;
}

/** The offset suffix: `Z` for UTC, `+05:30` otherwise. */
export function isoOffset(offsetMillis: number): string {
  return offsetMillis === 0 ? 'Z' : offsetText(Math.round(offsetMillis / MILLIS_PER_MINUTE));
}

export interface IsoParsed {
  readonly days: number;
  readonly millisOfDay: number;
  readonly picos: number;
  /** Offset in minutes when the text had one. */
  readonly offsetMinutes: number | undefined;
}

const DATE = /^([+-]?\d{4,9})(?:-(?:W(\d{2})(?:-(\d))?|(\d{3})|(\d{2})(?:-(\d{2}))?))?/;
const TIME = /^(\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,](\d{1,12}))?/;
const OFFSET = /^(?:Z|([+-])(\d{2})(?::?(\d{2}))?)/;

/** The day number of an ISO date element at the start of `text`, and how many characters it took. */
function parseDateElement(text: string, whole: string): { days: number; length: number } {
  const m = DATE.exec(text);
  if (m === null) throw malformed(whole, 0);
  const year = Number(m[1]);
  if (m[2] !== undefined) {
    const week = Number(m[2]);
    const day = m[3] === undefined ? 1 : Number(m[3]);
    if (week < 1 || week > 53 || day < 1 || day > 7) throw malformed(whole, 0);
    const january4 = daysFromCivil(year, 1, 4);
    const weekOneMonday = january4 - (dayOfWeek(january4) - 1);
    return { days: weekOneMonday + (week - 1) * 7 + (day - 1), length: m[0].length };
  }
  if (m[4] !== undefined) {
    const ordinal = Number(m[4]);
    const lastDay = daysFromCivil(year, 12, 31) - daysFromCivil(year, 1, 1) + 1;
    if (ordinal < 1 || ordinal > lastDay) throw malformed(whole, 0);
    return { days: daysFromCivil(year, 1, 1) + ordinal - 1, length: m[0].length };
  }
  const month = m[5] === undefined ? 1 : Number(m[5]);
  const day = m[6] === undefined ? 1 : Number(m[6]);
  if (!isValidDate(year, month, day)) throw malformed(whole, 0);
  return { days: daysFromCivil(year, month, day), length: m[0].length };
}

/** from_iso8601_date: a date element and nothing else. */
export function parseIsoDate(text: string): number {
  const { days, length } = parseDateElement(text, text);
  if (length !== text.length) throw malformed(text, length);
  return days;
}

/** from_iso8601_timestamp: a date, optionally `T` and a time, optionally an offset. */
export function parseIsoDateTime(text: string): IsoParsed {
  const date = parseDateElement(text, text);
  let pos = date.length;
  let millisOfDay = 0;
  let picos = 0;
  let offsetMinutes: number | undefined;
  if (text[pos] === 'T') {
    pos++;
    const m = TIME.exec(text.slice(pos));
    if (m !== null) {
      const hour = Number(m[1]);
      const minute = m[2] === undefined ? 0 : Number(m[2]);
      const second = m[3] === undefined ? 0 : Number(m[3]);
      if (hour > 23 || minute > 59 || second > 59) throw malformed(text, pos);
      const unit = m[3] !== undefined ? 1000 : m[2] !== undefined ? MILLIS_PER_MINUTE : MILLIS_PER_HOUR;
      millisOfDay = hour * MILLIS_PER_HOUR + minute * MILLIS_PER_MINUTE + second * 1000;
      if (m[4] !== undefined) {
        const digits = m[4].padEnd(12, '0');
        if (unit === 1000) {
          millisOfDay += Number(digits.slice(0, 3));
          picos = Number(digits.slice(3));
        } else {
          // A fraction of an hour or minute (10.5 is half past ten), to the picosecond.
          const totalPicos = BigInt(digits) * BigInt(unit);
          millisOfDay += Number(totalPicos / 1_000_000_000_000n);
          picos = Number((totalPicos % 1_000_000_000_000n) / 1000n);
        }
      }
      pos += m[0].length;
    }
    const o = OFFSET.exec(text.slice(pos));
    if (o !== null) {
      offsetMinutes = o[1] === undefined ? 0 : (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3] ?? 0));
      pos += o[0].length;
    }
  }
  if (pos !== text.length) throw malformed(text, pos);
  return { days: date.days, millisOfDay, picos, offsetMinutes };
}
