/**
 * Appending text and JSON values to block builders by column type, for the CSV and JSON-lines
 * readers. A column gets one appender chosen once from its type; per field it parses and calls the
 * builder's typed method (appendInt32, appendFloat64, ...), returning false for a value that is not
 * one of the type, so the reader can raise HIVE_BAD_DATA with the file, line and column.
 */
import type { BlockBuilder } from '../../../data/block-builder.js';
import type { ZonedValue } from '../../../data/block-values.js';
import { UTC_ZONE_KEY, zoneKeyOf } from '../../../data/time-zones.js';
import { formatType } from '../../../types/format-type.js';
import type { Type } from '../../../types/type.js';
import { lakeError } from '../lake-errors.js';
import { INVALID, parseIntegerText, parseValueText } from './value-text.js';

/** Appends the value in `text[start, end)` (or `value` when given) to `builder`; false if invalid. */
export type TextAppender = (builder: BlockBuilder, text: string, start: number, end: number) => boolean;

const INT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};

/** Appends a parsed value (JS value representation) of `type` through the typed builder methods. */
export function appendParsed(builder: BlockBuilder, type: Type, value: unknown): void {
  switch (type.kind) {
    case 'timestamp':
    case 'timestamp with time zone':
      if (typeof value === 'object' && value !== null) {
        const zoned = value as ZonedValue;
        builder.appendZoned(
          zoned.millis,
          zoned.picos ?? 0,
          zoned.zone === 'UTC' ? UTC_ZONE_KEY : zoneKeyOf(zoned.zone),
        );
        return;
      }
      builder.appendFloat64(value as number);
      return;
    default:
      builder.append(value);
  }
}

export function textAppender(type: Type): TextAppender {
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer': {
      const [min, max] = INT_RANGES[type.kind] as readonly [number, number];
      return (builder, text, start, end) => {
        const value = parseIntegerText(text, start, end);
        if (typeof value !== 'number' || value < min || value > max) return false;
        builder.appendInt32(value);
        return true;
      };
    }
    case 'bigint':
      return (builder, text, start, end) => {
        const value = parseIntegerText(text, start, end);
        if (value === INVALID) return false;
        if (typeof value === 'number') builder.appendFloat64(value);
        else if (value > 9223372036854775807n || value < -9223372036854775808n) return false;
        else builder.appendBigInt(value);
        return true;
      };
    case 'double': {
      const general = generalAppender(type);
      return (builder, text, start, end) => {
        const value = plainDouble(text, start, end);
        if (value === undefined) return general(builder, text, start, end);
        builder.appendFloat64(value);
        return true;
      };
    }
    case 'date': {
      const general = generalAppender(type);
      return (builder, text, start, end) => {
        const days = isoDate(text, start, end);
        if (days === undefined) return general(builder, text, start, end);
        builder.appendInt32(days);
        return true;
      };
    }
    case 'varchar':
    case 'char':
    case 'json':
      if (type.kind === 'varchar' && type.length === undefined) {
        return (builder, text, start, end) => {
          builder.appendString(text.slice(start, end));
          return true;
        };
      }
      break;
    case 'array':
    case 'map':
    case 'row':
      throw lakeError('HIVE_UNSUPPORTED_FORMAT', `Column type ${formatType(type)} is not supported in CSV files`);
    default:
      break;
  }
  return generalAppender(type);
}

/** Parses the field's text as a whole (value-text.ts) and appends the value. */
function generalAppender(type: Type): TextAppender {
  return (builder, text, start, end) => {
    const value = parseValueText(type, text.slice(start, end));
    if (value === INVALID) return false;
    appendParsed(builder, type, value);
    return true;
  };
}

/**
 * The double in `text[start, end)` when it is plain decimal notation (`-12.5`, `3`, `.5`: sign,
 * digits, at most one point, at least one digit), checked by a scan of its characters instead of
 * value-text.ts's regular expression; undefined for anything else (exponents, spaces, NaN,
 * Infinity, invalid text), which the general parser then decides.
 */
function plainDouble(text: string, start: number, end: number): number | undefined {
  let i = start;
  const first = text.charCodeAt(i);
  if (first === 45 || first === 43) i++; // - +
  let digits = 0;
  let points = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && points === 0) points++;
    else return undefined;
  }
  return digits === 0 ? undefined : Number(text.slice(start, end));
}

const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

function digitAt(text: string, at: number): number {
  const d = text.charCodeAt(at) - 48;
  return d >= 0 && d <= 9 ? d : -1000000;
}

/**
 * Days since 1970-01-01 of an ISO date `YYYY-MM-DD` (exactly 10 characters, a valid day of a year
 * 1000–9999) in `text[start, end)`, or undefined for any other text, which the general parser then
 * decides (other widths, signs, spaces, invalid dates).
 */
export function isoDate(text: string, start: number, end: number): number | undefined {
  if (end - start !== 10 || text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45) return undefined;
  const year =
    digitAt(text, start) * 1000 +
    digitAt(text, start + 1) * 100 +
    digitAt(text, start + 2) * 10 +
    digitAt(text, start + 3);
  const month = digitAt(text, start + 5) * 10 + digitAt(text, start + 6);
  const day = digitAt(text, start + 8) * 10 + digitAt(text, start + 9);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (day > monthDays) return undefined;
  // Days from 1970-01-01: whole years (with their leap days), then months and days.
  const y = year - 1;
  const leapDaysBefore = Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 477; // 477 leap days before 1970
  const yearDays = (year - 1970) * 365 + leapDaysBefore;
  return yearDays + (DAYS_BEFORE_MONTH[month - 1] as number) + (leap && month > 2 ? 1 : 0) + day - 1;
}
