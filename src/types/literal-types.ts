/**
 * The types of literals, as Trino's analyzer assigns them, with the validation it performs.
 *
 * - Integer literals are `integer` when they fit in 32 bits, else `bigint`; beyond 64 bits they are
 *   rejected as `Invalid numeric literal: <text>` (SYNTAX_ERROR: Trino fails them while parsing).
 *   Trino's digit separators (`1_000`) and `0x`/`0o`/`0b` prefixes are understood.
 * - Decimal literals are decimal(p, s): s counts the fractional digits and p the integral digits
 *   without leading zeros plus s, at least 1 (`1.50` → decimal(3,2), `.5` → decimal(1,1),
 *   `0.05` → decimal(2,2), `007` → decimal(1,0)); more than 38 digits → INVALID_LITERAL
 *   `'<text>' is not a valid DECIMAL literal`.
 * - A string literal is varchar(n), n its length in code points.
 * - Generic literals `<type> '<value>'`: CHAR → char(length in code points); TIME → time(p) or
 *   time(p) with time zone, p the number of fractional second digits; TIMESTAMP → timestamp(p), or
 *   timestamp(p) with time zone when a zone follows the value; every other type is the named type
 *   itself (so `VARCHAR 'abc'` is the unbounded varchar, as in Trino) after the value is checked as a
 *   cast from varchar would check it. A malformed value is INVALID_LITERAL
 *   `'<value>' is not a valid <TYPE> literal`; types without a varchar form (varbinary, arrays, ...)
 *   are INVALID_LITERAL `No literal form for type <type>`.
 */
import type { SourcePosition } from '../common/vivace-error.js';
import { VivaceError } from '../common/vivace-error.js';
import { formatType } from './format-type.js';
import { checkedDecimal, MAX_CHAR_LENGTH, makeType } from './make-type.js';
import {
  BIGINT,
  type CharType,
  char,
  type DecimalType,
  INTEGER,
  MAX_DECIMAL_PRECISION,
  MAX_TEMPORAL_PRECISION,
  type TemporalType,
  type Type,
  time,
  timestamp,
  type VarcharType,
  varchar,
} from './type.js';
import { uuidTextProblem } from './uuid-text.js';

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const INTEGRAL_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  tinyint: [-128n, 127n],
  smallint: [-32768n, 32767n],
  integer: [INT32_MIN, INT32_MAX],
  bigint: [INT64_MIN, INT64_MAX],
};

/** The exact value of an integer literal (`-` sign, `_` separators and 0x/0o/0b prefixes allowed). */
export function parseIntegerLiteral(text: string, position?: SourcePosition): bigint {
  const value = parseInteger(text);
  if (value === undefined || value < INT64_MIN || value > INT64_MAX) {
    throw new VivaceError('SYNTAX_ERROR', `Invalid numeric literal: ${text}`, position);
  }
  return value;
}

/** `integer` when the literal fits in 32 bits, `bigint` when it fits in 64. */
export function typeOfIntegerLiteral(text: string, position?: SourcePosition): Type {
  const value = parseIntegerLiteral(text, position);
  return value >= INT32_MIN && value <= INT32_MAX ? INTEGER : BIGINT;
}

/** decimal(p, s) of an exact numeric literal such as `1.50`, `.5`, `1.` or `-0.05`. */
export function typeOfDecimalLiteral(text: string, position?: SourcePosition): DecimalType {
  const type = decimalTypeOf(text);
  if (type === undefined) {
    throw new VivaceError('INVALID_LITERAL', `'${text}' is not a valid DECIMAL literal`, position);
  }
  return type;
}

/** varchar(n) of a plain string literal, n counted in code points. */
export function typeOfStringLiteral(value: string): VarcharType {
  return varchar(codePointCount(value));
}

/** The type of `<typeName> '<value>'`; `typeName` is lowercase as the parser gives it (`date`, `timestamp`). */
export function typeOfGenericLiteral(typeName: string, value: string, position?: SourcePosition): Type {
  switch (typeName) {
    case 'char':
      return charLiteralType(value, position);
    case 'time':
      return timeLiteralType(value, position);
    case 'timestamp':
      return timestampLiteralType(value, position);
    case 'decimal':
      return typeOfDecimalLiteral(value.trim(), position);
    default:
      break;
  }
  let type: Type;
  try {
    type = makeType(typeName, []);
  } catch (e) {
    if (e instanceof VivaceError) throw new VivaceError(e.errorCode, e.rawMessage, position);
    throw e;
  }
  if (!isValidLiteralValue(type, value, position)) {
    throw invalidLiteral(value, formatType(type).toUpperCase(), position);
  }
  return type;
}

function charLiteralType(value: string, position: SourcePosition | undefined): CharType {
  const length = codePointCount(value);
  if (length > MAX_CHAR_LENGTH) {
    throw new VivaceError(
      'INVALID_FUNCTION_ARGUMENT',
      `CHAR length must be in range [0, ${MAX_CHAR_LENGTH}], got ${length}`,
      position,
    );
  }
  return char(length);
}

function timeLiteralType(value: string, position: SourcePosition | undefined): TemporalType {
  const scanner = new Scanner(value);
  const fractionDigits = scanTimeOfDay(scanner);
  if (fractionDigits === undefined) throw invalidLiteral(value, 'TIME', position);
  scanner.skipSpaces();
  let withTimeZone = false;
  if (!scanner.atEnd()) {
    // A TIME literal's zone must be a numeric offset: a region has no fixed offset without a date.
    if (!scanOffset(scanner) || !scanner.atEnd()) throw invalidLiteral(value, 'TIME', position);
    withTimeZone = true;
  }
  checkTemporalPrecision(withTimeZone ? 'TIME WITH TIME ZONE' : 'TIME', fractionDigits, position);
  return time(fractionDigits, withTimeZone);
}

function timestampLiteralType(value: string, position: SourcePosition | undefined): TemporalType {
  const scanner = new Scanner(value);
  if (!scanDate(scanner)) throw invalidLiteral(value, 'TIMESTAMP', position);
  let fractionDigits = 0;
  let zone = '';
  if (!scanner.atEnd()) {
    if (!scanner.skip(0x20)) throw invalidLiteral(value, 'TIMESTAMP', position);
    const timeStart = scanner.pos;
    const digits = scanTimeOfDay(scanner);
    if (digits === undefined) scanner.pos = timeStart;
    else fractionDigits = digits;
    scanner.skipSpaces();
    zone = value.slice(scanner.pos);
    if (digits === undefined && zone === '') throw invalidLiteral(value, 'TIMESTAMP', position);
  }
  const withTimeZone = zone !== '';
  checkTemporalPrecision(withTimeZone ? 'TIMESTAMP WITH TIME ZONE' : 'TIMESTAMP', fractionDigits, position);
  if (withTimeZone && !isTimeZone(zone)) {
    throw new VivaceError('NOT_SUPPORTED', `Time zone not supported: ${zone}`, position);
  }
  return timestamp(fractionDigits, withTimeZone);
}

/** Trino's range check of a time or timestamp precision: NUMERIC_VALUE_OUT_OF_RANGE outside [0, 12]. */
export function checkTemporalPrecision(label: string, precision: number, position: SourcePosition | undefined): void {
  if (!(precision >= 0 && precision <= MAX_TEMPORAL_PRECISION)) {
    throw new VivaceError(
      'NUMERIC_VALUE_OUT_OF_RANGE',
      `${label} precision must be in range [0, ${MAX_TEMPORAL_PRECISION}]: ${precision}`,
      position,
    );
  }
}

/** Whether `value` is a valid text form of `type` (what CAST(value AS type) would accept). */
function isValidLiteralValue(type: Type, value: string, position: SourcePosition | undefined): boolean {
  switch (type.kind) {
    case 'varchar':
    case 'unknown':
      return true;
    case 'boolean':
      return isBooleanText(value);
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint': {
      const parsed = parseInteger(value.trim());
      const [min, max] = INTEGRAL_RANGES[type.kind];
      return parsed !== undefined && parsed >= min && parsed <= max;
    }
    case 'real':
    case 'double':
      return isFloatText(value.trim());
    case 'date': {
      const scanner = new Scanner(value);
      scanner.skipSpaces();
      if (!scanDate(scanner)) return false;
      scanner.skipSpaces();
      return scanner.atEnd();
    }
    case 'json':
      return isJsonText(value);
    case 'uuid':
      return uuidTextProblem(value) === undefined;
    case 'time with time zone':
    case 'timestamp with time zone':
      // Reached only through an explicit multi-word type name; the value must carry a zone.
      return (
        (type.kind === 'time with time zone' ? timeLiteralType : timestampLiteralType)(value, position).kind ===
        type.kind
      );
    default:
      throw new VivaceError('INVALID_LITERAL', `No literal form for type ${formatType(type)}`, position);
  }
}

function invalidLiteral(value: string, typeLabel: string, position: SourcePosition | undefined): VivaceError {
  return new VivaceError('INVALID_LITERAL', `'${value}' is not a valid ${typeLabel} literal`, position);
}

// ---------------------------------------------------------------------------------------------
// Scanning helpers (char codes, no regular expressions)

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): number {
    return this.text.charCodeAt(this.pos);
  }

  skip(c: number): boolean {
    if (this.text.charCodeAt(this.pos) !== c) return false;
    this.pos++;
    return true;
  }

  skipSpaces(): void {
    while (isSpace(this.text.charCodeAt(this.pos))) this.pos++;
  }

  /** Reads between `min` and `max` digits; -1 when fewer than `min` are there. */
  digits(min: number, max: number): number {
    let value = 0;
    let count = 0;
    while (count < max && isDigit(this.text.charCodeAt(this.pos))) {
      value = value * 10 + (this.text.charCodeAt(this.pos) - 0x30);
      this.pos++;
      count++;
    }
    return count < min ? -1 : value;
  }
}

/** `[+-]?YYYY-M-D` with a real calendar date (years of 4 or more digits). */
function scanDate(s: Scanner): boolean {
  const negative = s.peek() === 0x2d;
  if (negative || s.peek() === 0x2b) s.pos++;
  const year = s.digits(4, 9);
  if (year < 0 || !s.skip(0x2d)) return false;
  const month = s.digits(1, 2);
  if (month < 1 || month > 12 || !s.skip(0x2d)) return false;
  const day = s.digits(1, 2);
  return day >= 1 && day <= daysInMonth(negative ? -year : year, month);
}

/** `H:M[:S[.fraction]]`; returns the number of fraction digits, undefined when malformed. */
function scanTimeOfDay(s: Scanner): number | undefined {
  const hour = s.digits(1, 2);
  if (hour < 0 || hour > 23 || !s.skip(0x3a)) return undefined;
  const minute = s.digits(1, 2);
  if (minute < 0 || minute > 59) return undefined;
  if (!s.skip(0x3a)) return 0;
  const second = s.digits(1, 2);
  if (second < 0 || second > 59) return undefined;
  if (!s.skip(0x2e)) return 0;
  const start = s.pos;
  while (isDigit(s.peek())) s.pos++;
  const count = s.pos - start;
  return count === 0 ? undefined : count;
}

/** `+HH:MM` / `-HH:MM` (also `+H`, `+HH`, `+HHMM`), within ±14:00. */
function scanOffset(s: Scanner): boolean {
  if (!s.skip(0x2b) && !s.skip(0x2d)) return false;
  const hours = s.digits(1, 2);
  if (hours < 0) return false;
  let minutes = 0;
  if (s.skip(0x3a)) {
    minutes = s.digits(2, 2);
    if (minutes < 0) return false;
  } else if (isDigit(s.peek())) {
    minutes = s.digits(2, 2);
    if (minutes < 0) return false;
  }
  return minutes <= 59 && hours * 60 + minutes <= 14 * 60;
}

const zoneCache = new Map<string, boolean>();

/** A numeric offset, UTC/Z/GMT/UT, or a region name the runtime's time zone database knows. */
function isTimeZone(zone: string): boolean {
  const s = new Scanner(zone);
  if (scanOffset(s) && s.atEnd()) return true;
  const upper = zone.toUpperCase();
  if (upper === 'UTC' || upper === 'Z' || upper === 'GMT' || upper === 'UT') return true;
  let known = zoneCache.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    zoneCache.set(zone, known);
  }
  return known;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Trino's varchar → boolean accepts true/false/t/f/1/0 in any case. */
function isBooleanText(value: string): boolean {
  const lower = value.toLowerCase();
  return lower === 'true' || lower === 'false' || lower === 't' || lower === 'f' || lower === '1' || lower === '0';
}

/** A decimal or exponent number, NaN or [+-]Infinity. */
function isFloatText(text: string): boolean {
  if (text === 'NaN' || text === 'Infinity' || text === '+Infinity' || text === '-Infinity') return true;
  const s = new Scanner(text);
  if (!s.skip(0x2b)) s.skip(0x2d);
  const integral = s.pos;
  while (isDigit(s.peek())) s.pos++;
  let digits = s.pos - integral;
  if (s.skip(0x2e)) {
    const fraction = s.pos;
    while (isDigit(s.peek())) s.pos++;
    digits += s.pos - fraction;
  }
  if (digits === 0) return false;
  if (s.skip(0x65) || s.skip(0x45)) {
    if (!s.skip(0x2b)) s.skip(0x2d);
    if (s.digits(1, Number.POSITIVE_INFINITY) < 0) return false;
  }
  return s.atEnd();
}

function isJsonText(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

function decimalTypeOf(text: string): DecimalType | undefined {
  const s = new Scanner(text);
  if (!s.skip(0x2b)) s.skip(0x2d);
  const zerosStart = s.pos;
  while (s.peek() === 0x30) s.pos++;
  const leadingZeros = s.pos - zerosStart;
  const integralStart = s.pos;
  while (isDigit(s.peek())) s.pos++;
  const integralDigits = s.pos - integralStart;
  let scale = 0;
  if (s.skip(0x2e)) {
    const fractionStart = s.pos;
    while (isDigit(s.peek())) s.pos++;
    scale = s.pos - fractionStart;
  }
  if (!s.atEnd() || leadingZeros + integralDigits + scale === 0) return undefined;
  // Leading zeros do not count towards the precision, but a value needs at least one digit.
  const precision = Math.max(1, integralDigits + scale);
  if (precision > MAX_DECIMAL_PRECISION) return undefined;
  return checkedDecimal(precision, scale) as DecimalType;
}

/** Parses an integer with an optional sign, `_` between digits, and 0x / 0o / 0b prefixes. */
function parseInteger(text: string): bigint | undefined {
  let pos = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 0x2d || first === 0x2b) {
    negative = first === 0x2d;
    pos = 1;
  }
  let radix = 10;
  if (text.charCodeAt(pos) === 0x30) {
    const marker = text.charCodeAt(pos + 1) | 0x20;
    radix = marker === 0x78 ? 16 : marker === 0x6f ? 8 : marker === 0x62 ? 2 : 10;
    if (radix !== 10) pos += 2;
  }
  let value = 0n;
  const bigRadix = BigInt(radix);
  let previousWasDigit = false;
  for (; pos < text.length; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 0x5f && previousWasDigit && pos + 1 < text.length) {
      previousWasDigit = false;
      continue;
    }
    const digit = digitValue(c);
    if (digit < 0 || digit >= radix) return undefined;
    value = value * bigRadix + BigInt(digit);
    previousWasDigit = true;
  }
  if (!previousWasDigit) return undefined;
  return negative ? -value : value;
}

function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/** Length in code points: a surrogate pair is one character, as SQL counts them. */
export function codePointCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
