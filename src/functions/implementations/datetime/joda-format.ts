/**
 * format_datetime and parse_datetime: Joda-Time's DateTimeFormat pattern language, as Trino uses it
 * (English locale). Letters: G C Y x w e E y D M d a K h H k m s S z Z; 'quoted' text and '' for a
 * quote; other letters are INVALID_FUNCTION_ARGUMENT `Illegal pattern component: X`. Counts work as
 * in Joda: numbers are padded to the count (two letters of y/Y/x mean a two-digit year), three or
 * more M are month names (four or more the full name), E/a are text, S is the fraction truncated to
 * the count, Z is `-0800` / `-08:00` / the zone id, z a zone name from Intl. Parsing reads numbers
 * up to the field's width (exactly the count when the next field is numeric too) and names
 * case-insensitively; patterns compile once and are cached.
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
import { canonicalZone, offsetText } from './time-zone.js';

type Token = { readonly literal: string } | { readonly letter: string; readonly count: number };

const LETTERS = 'GCYxweEyDMdaKhHkmsSzZ';
const NUMERIC_LETTERS = 'CYxwedDdKhHkmsS';
const CACHE_LIMIT = 256;
const cache = new Map<string, readonly Token[]>();

function compile(pattern: string): readonly Token[] {
  let tokens = cache.get(pattern);
  if (tokens !== undefined) return tokens;
  checkFormatPattern(pattern);
  const list: Token[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      let j = i;
      while (j < pattern.length && pattern[j] === c) j++;
      if (!LETTERS.includes(c)) throw invalidArgument(`Illegal pattern component: ${pattern.slice(i, j)}`);
      list.push({ letter: c, count: j - i });
      i = j;
    } else if (c === "'") {
      if (pattern[i + 1] === "'") {
        list.push({ literal: "'" });
        i += 2;
        continue;
      }
      let text = '';
      i++;
      while (i < pattern.length) {
        if (pattern[i] === "'") {
          if (pattern[i + 1] === "'") {
            text += "'";
            i += 2;
            continue;
          }
          break;
        }
        text += pattern[i++];
      }
      i++;
      list.push({ literal: text });
    } else {
      list.push({ literal: c });
      i++;
    }
  }
  tokens = list;
  if (pattern.length > MAX_CACHED_PATTERN_LENGTH) return tokens;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, tokens);
  return tokens;
}

function isNumericToken(token: Token | undefined): boolean {
  if (token === undefined || 'literal' in token) return false;
  if (token.letter === 'M') return token.count < 3;
  if (token.letter === 'y' || token.letter === 'Y' || token.letter === 'x') return true;
  return NUMERIC_LETTERS.includes(token.letter);
}

function pad(n: number, width: number): string {
  const text = String(Math.abs(n));
  return (n < 0 ? '-' : '') + (text.length >= width ? text : '0'.repeat(width - text.length) + text);
}

const shortZoneNames = new Map<string, Intl.DateTimeFormat>();

/** A zone's short or long name at an instant, as Intl knows it (Joda's English names for most zones). */
function zoneName(zone: string, utcMillis: number, long: boolean): string {
  if (zone === 'UTC') return long ? 'Coordinated Universal Time' : 'UTC';
  if (zone.startsWith('+') || zone.startsWith('-')) return zone;
  const key = `${zone}|${long}`;
  let format = shortZoneNames.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: long ? 'long' : 'short' });
    shortZoneNames.set(key, format);
  }
  return format.formatToParts(utcMillis).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** The value a wall clock is formatted from: local millis and picos, plus the zone and its offset. */
export interface FormattableInstant {
  readonly localMillis: number;
  readonly picos: number;
  readonly zone: string;
  readonly offsetMillis: number;
}

export function jodaFormat(instant: FormattableInstant, pattern: string): string {
  const tokens = compile(pattern);
  const { localMillis, picos } = instant;
  const days = floorDiv(localMillis, MILLIS_PER_DAY);
  const ofDay = localMillis - days * MILLIS_PER_DAY;
  const date = civilFromDays(days);
  const hour = Math.floor(ofDay / MILLIS_PER_HOUR);
  let out = '';
  for (const token of tokens) {
    if ('literal' in token) {
      out += token.literal;
      continue;
    }
    const n = token.count;
    switch (token.letter) {
      case 'G':
        out += date.year > 0 ? 'AD' : 'BC';
        break;
      case 'C':
        out += pad(Math.floor((date.year > 0 ? date.year : 1 - date.year) / 100), n);
        break;
      case 'Y':
        out += n === 2 ? pad(yearOfEra(date.year) % 100, 2) : pad(yearOfEra(date.year), n);
        break;
      case 'y':
        out += n === 2 ? pad(((date.year % 100) + 100) % 100, 2) : pad(date.year, n);
        break;
      case 'x': {
        const weekYear = isoWeekYear(days);
        out += n === 2 ? pad(((weekYear % 100) + 100) % 100, 2) : pad(weekYear, n);
        break;
      }
      case 'w':
        out += pad(isoWeek(days), n);
        break;
      case 'e':
        out += pad(dayOfWeek(days), n);
        break;
      case 'E':
        out += (n >= 4 ? DAY_NAMES : DAY_SHORT_NAMES)[dayOfWeek(days) - 1];
        break;
      case 'D':
        out += pad(dayOfYear(days), n);
        break;
      case 'M':
        if (n >= 4) out += MONTH_NAMES[date.month - 1];
        else if (n === 3) out += MONTH_SHORT_NAMES[date.month - 1];
        else out += pad(date.month, n);
        break;
      case 'd':
        out += pad(date.day, n);
        break;
      case 'a':
        out += hour < 12 ? 'AM' : 'PM';
        break;
      case 'K':
        out += pad(hour % 12, n);
        break;
      case 'h':
        out += pad(hour % 12 === 0 ? 12 : hour % 12, n);
        break;
      case 'H':
        out += pad(hour, n);
        break;
      case 'k':
        out += pad(hour === 0 ? 24 : hour, n);
        break;
      case 'm':
        out += pad(Math.floor((ofDay % MILLIS_PER_HOUR) / MILLIS_PER_MINUTE), n);
        break;
      case 's':
        out += pad(Math.floor((ofDay % MILLIS_PER_MINUTE) / 1000), n);
        break;
      case 'S':
        out += (pad(ofDay % 1000, 3) + pad(picos, 9)).padEnd(n, '0').slice(0, n);
        break;
      case 'z':
        out += zoneName(instant.zone, localMillis - instant.offsetMillis, n >= 4);
        break;
      case 'Z':
        if (n >= 3) {
          out += instant.zone;
        } else {
          const text = offsetText(Math.round(instant.offsetMillis / MILLIS_PER_MINUTE));
          out += n === 1 ? text.replace(':', '') : text;
        }
        break;
    }
  }
  return out;
}

function yearOfEra(year: number): number {
  return year > 0 ? year : 1 - year;
}

/** The parsed wall clock and, when the text named one, its zone. */
export interface ParsedInstant {
  readonly localMillis: number;
  readonly picos: number;
  readonly zone: string | undefined;
}

export function jodaParse(text: string, pattern: string, now: number): ParsedInstant {
  const tokens = compile(pattern);
  const fields: ParsedFields = {};
  let pos = 0;
  let bc = false;
  const digits = (max: number, signed: boolean): number => {
    const start = pos;
    if (signed && (text[pos] === '-' || text[pos] === '+')) pos++;
    const first = pos;
    while (pos < text.length && pos - first < max && text.charCodeAt(pos) >= 48 && text.charCodeAt(pos) <= 57) pos++;
    if (pos === first) throw malformed(text, start);
    return Number(text.slice(start, pos));
  };
  const name = (names: readonly string[]): number => {
    const match = matchName(text, pos, names);
    if (match === undefined) throw malformed(text, pos);
    pos += match.length;
    return match.index;
  };
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    if ('literal' in token) {
      if (
        !text
          .slice(pos, pos + token.literal.length)
          .toLowerCase()
          .startsWith(token.literal.toLowerCase())
      ) {
        throw malformed(text, pos);
      }
      pos += token.literal.length;
      continue;
    }
    const n = token.count;
    // Adjacent numeric fields take exactly their count of digits, as Joda's fixed-width parsers.
    const fixed = isNumericToken(tokens[t + 1]);
    const width = (natural: number) => (fixed ? n : Math.max(n, natural));
    switch (token.letter) {
      case 'G':
        bc = name(['AD', 'BC']) === 1;
        break;
      case 'C':
        digits(width(2), false);
        break;
      case 'y':
      case 'Y':
      case 'x':
        if (n === 2) {
          const two = digits(2, false);
          // Joda pivots two-digit years on (current year - 30): the window is [now - 80, now + 19].
          const pivot = civilFromDays(floorDiv(now, MILLIS_PER_DAY)).year - 30;
          const low = pivot - 50;
          const year = Math.floor(low / 100) * 100 + two;
          if (token.letter !== 'x') fields.year = year < low ? year + 100 : year;
        } else {
          const year = digits(width(9), true);
          if (token.letter !== 'x') fields.year = year;
        }
        break;
      case 'w':
      case 'e':
        digits(width(2), false);
        break;
      case 'E':
        name([...DAY_NAMES, ...DAY_SHORT_NAMES]);
        break;
      case 'D':
        fields.dayOfYear = digits(width(3), false);
        break;
      case 'M':
        if (n >= 3) fields.month = (name([...MONTH_NAMES, ...MONTH_SHORT_NAMES]) % 12) + 1;
        else fields.month = digits(width(2), false);
        break;
      case 'd':
        fields.day = digits(width(2), false);
        break;
      case 'a':
        fields.pm = name(['AM', 'PM']) === 1;
        break;
      case 'K':
      case 'h':
        fields.halfdayHour = digits(width(2), false);
        break;
      case 'H':
        fields.hour = digits(width(2), false);
        break;
      case 'k':
        fields.hour = digits(width(2), false) % 24;
        break;
      case 'm':
        fields.minute = digits(width(2), false);
        break;
      case 's':
        fields.second = digits(width(2), false);
        break;
      case 'S': {
        const start = pos;
        const value = digits(fixed ? n : 9, false);
        fields.fractionPicos = value * 10 ** (12 - (pos - start));
        break;
      }
      case 'z':
        throw invalidArgument('Parsing of time zone names is not supported');
      case 'Z':
        if (n >= 3) {
          const match = /^[A-Za-z][A-Za-z0-9_/+-]*/.exec(text.slice(pos));
          if (match === null) throw malformed(text, pos);
          try {
            fields.zone = canonicalZone(match[0]);
          } catch {
            throw malformed(text, pos);
          }
          pos += match[0].length;
        } else {
          fields.offsetMinutes = parseOffset();
        }
        break;
    }
  }
  if (pos < text.length) throw malformed(text, pos);
  if (bc && fields.year !== undefined) fields.year = 1 - fields.year;
  const clock = resolveFields(text, fields);
  const zone =
    fields.zone ?? (fields.offsetMinutes === undefined ? undefined : canonicalZone(offsetText(fields.offsetMinutes)));
  return { localMillis: clock.millis, picos: clock.picos, zone };

  function parseOffset(): number {
    if (text[pos] === 'Z') {
      pos++;
      return 0;
    }
    const match = /^([+-])(\d{2}):?(\d{2})?/.exec(text.slice(pos));
    if (match === null) throw malformed(text, pos);
    pos += match[0].length;
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
    return match[1] === '-' ? -minutes : minutes;
  }
}
