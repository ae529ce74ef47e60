/**
 * date_format and date_parse: MySQL's format specifiers as Trino implements them (on Joda-Time):
 * %a %b %c %d %e %f %H %h %I %i %j %k %l %M %m %p %r %S %s %T %v %W %x %Y %y %%; %D %U %u %V %w %X
 * are INVALID_FUNCTION_ARGUMENT (`%D not supported in date format string`), any other character
 * after % stands for itself. Formats compile once into a list of parts, cached by text.
 */
import { invalidArgument } from '../errors.js';
import { checkFormatPattern, MAX_CACHED_PATTERN_LENGTH } from '../value-limits.js';
import {
  civilFromDays,
  dayOfWeek,
  dayOfYear,
  floorDiv,
  isoWeek,
  isoWeekYear,
  MILLIS_PER_DAY,
  MILLIS_PER_HOUR,
  MILLIS_PER_MINUTE,
} from './calendar.js';
import { malformed, type ParsedFields, resolveFields } from './date-time-fields-parsed.js';
import { DAY_NAMES, DAY_SHORT_NAMES, MONTH_NAMES, MONTH_SHORT_NAMES, matchName } from './names.js';

type Part = { readonly literal: string } | { readonly specifier: string };

const UNSUPPORTED = new Set(['D', 'U', 'u', 'V', 'w', 'X']);
const CACHE_LIMIT = 256;
const cache = new Map<string, readonly Part[]>();

function compile(format: string): readonly Part[] {
  let parts = cache.get(format);
  if (parts !== undefined) return parts;
  checkFormatPattern(format);
  const list: Part[] = [];
  let literal = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%' || i + 1 >= format.length) {
      literal += c;
      continue;
    }
    const s = format[++i];
    if (UNSUPPORTED.has(s)) throw invalidArgument(`%${s} not supported in date format string`);
    if ('abcdefHhIijklMmprSsTvWxYy'.includes(s)) {
      if (literal !== '') list.push({ literal });
      literal = '';
      list.push({ specifier: s });
    } else {
      literal += s;
    }
  }
  if (literal !== '') list.push({ literal });
  parts = list;
  if (format.length > MAX_CACHED_PATTERN_LENGTH) return parts;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(format, parts);
  return parts;
}

function pad(n: number, width: number): string {
  const text = String(Math.abs(n));
  return (n < 0 ? '-' : '') + (text.length >= width ? text : '0'.repeat(width - text.length) + text);
}

/** Formats a wall clock (epoch millis, picos) with a MySQL format. */
export function mysqlFormat(millis: number, picos: number, format: string): string {
  const parts = compile(format);
  const days = floorDiv(millis, MILLIS_PER_DAY);
  const ofDay = millis - days * MILLIS_PER_DAY;
  const date = civilFromDays(days);
  const hour = Math.floor(ofDay / MILLIS_PER_HOUR);
  const minute = Math.floor((ofDay % MILLIS_PER_HOUR) / MILLIS_PER_MINUTE);
  const second = Math.floor((ofDay % MILLIS_PER_MINUTE) / 1000);
  const clockHour = hour % 12 === 0 ? 12 : hour % 12;
  let out = '';
  for (const part of parts) {
    if ('literal' in part) {
      out += part.literal;
      continue;
    }
    switch (part.specifier) {
      case 'a':
        out += DAY_SHORT_NAMES[dayOfWeek(days) - 1];
        break;
      case 'b':
        out += MONTH_SHORT_NAMES[date.month - 1];
        break;
      case 'c':
        out += date.month;
        break;
      case 'd':
        out += pad(date.day, 2);
        break;
      case 'e':
        out += date.day;
        break;
      case 'f':
        out += pad((ofDay % 1000) * 1000 + Math.floor(picos / 1e6), 6);
        break;
      case 'H':
        out += pad(hour, 2);
        break;
      case 'h':
      case 'I':
        out += pad(clockHour, 2);
        break;
      case 'i':
        out += pad(minute, 2);
        break;
      case 'j':
        out += pad(dayOfYear(days), 3);
        break;
      case 'k':
        out += hour;
        break;
      case 'l':
        out += clockHour;
        break;
      case 'M':
        out += MONTH_NAMES[date.month - 1];
        break;
      case 'm':
        out += pad(date.month, 2);
        break;
      case 'p':
        out += hour < 12 ? 'AM' : 'PM';
        break;
      case 'r':
        out += `${pad(clockHour, 2)}:${pad(minute, 2)}:${pad(second, 2)} ${hour < 12 ? 'AM' : 'PM'}`;
        break;
      case 'S':
      case 's':
        out += pad(second, 2);
        break;
      case 'T':
        out += `${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}`;
        break;
      case 'v':
        out += pad(isoWeek(days), 2);
        break;
      case 'W':
        out += DAY_NAMES[dayOfWeek(days) - 1];
        break;
      case 'x':
        out += pad(isoWeekYear(days), 4);
        break;
      case 'Y':
        out += pad(date.year, 4);
        break;
      case 'y':
        out += pad(((date.year % 100) + 100) % 100, 2);
        break;
    }
  }
  return out;
}

/** Parses text with a MySQL format into a wall clock (date_parse). */
export function mysqlParse(text: string, format: string): { millis: number; picos: number } {
  const parts = compile(format);
  const fields: ParsedFields = {};
  let pos = 0;
  const number = (maxDigits: number, signed = false): number => {
    const start = pos;
    if (signed && (text[pos] === '-' || text[pos] === '+')) pos++;
    const digitsStart = pos;
    while (
      pos < text.length &&
      pos - digitsStart < maxDigits &&
      text.charCodeAt(pos) >= 48 &&
      text.charCodeAt(pos) <= 57
    )
      pos++;
    if (pos === digitsStart) throw malformed(text, start);
    return Number(text.slice(start, pos));
  };
  const name = (names: readonly string[]): number => {
    const match = matchName(text, pos, names);
    if (match === undefined) throw malformed(text, pos);
    pos += match.length;
    return match.index;
  };
  const halfday = () => {
    const match = matchName(text, pos, ['AM', 'PM']);
    if (match === undefined) throw malformed(text, pos);
    pos += match.length;
    fields.pm = match.index === 1;
  };
  for (const part of parts) {
    if ('literal' in part) {
      if (!text.startsWith(part.literal, pos)) throw malformed(text, pos);
      pos += part.literal.length;
      continue;
    }
    switch (part.specifier) {
      case 'a':
        name(DAY_SHORT_NAMES);
        break;
      case 'W':
        name(DAY_NAMES);
        break;
      case 'b':
        fields.month = name(MONTH_SHORT_NAMES) + 1;
        break;
      case 'M':
        fields.month = name(MONTH_NAMES) + 1;
        break;
      case 'c':
      case 'm':
        fields.month = number(2);
        break;
      case 'd':
      case 'e':
        fields.day = number(2);
        break;
      case 'f': {
        const start = pos;
        const value = number(9);
        const digits = pos - start;
        fields.fractionPicos = value * 10 ** (12 - digits);
        break;
      }
      case 'H':
      case 'k':
        fields.hour = number(2);
        break;
      case 'h':
      case 'I':
      case 'l':
        fields.halfdayHour = number(2);
        break;
      case 'i':
        fields.minute = number(2);
        break;
      case 'j':
        fields.dayOfYear = number(3);
        break;
      case 'p':
        halfday();
        break;
      case 'r':
        fields.halfdayHour = number(2);
        literal(':');
        fields.minute = number(2);
        literal(':');
        fields.second = number(2);
        literal(' ');
        halfday();
        break;
      case 'S':
      case 's':
        fields.second = number(2);
        break;
      case 'T':
        fields.hour = number(2);
        literal(':');
        fields.minute = number(2);
        literal(':');
        fields.second = number(2);
        break;
      case 'v':
        number(2);
        break;
      case 'x':
        number(4);
        break;
      case 'Y':
        fields.year = number(4, true);
        break;
      case 'y': {
        const two = number(2);
        // Trino pivots two-digit years on 2020: the window is 1970..2069.
        fields.year = two < 70 ? 2000 + two : 1900 + two;
        break;
      }
    }
  }
  if (pos < text.length) throw malformed(text, pos);
  return resolveFields(text, fields);

  function literal(expected: string): void {
    if (text[pos] !== expected) throw malformed(text, pos);
    pos++;
  }
}
