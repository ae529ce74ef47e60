/**
 * Text ↔ value conversion for the lake connector's text sources: Hive partition values in
 * directory names, CSV fields and JSON scalars written as strings. A value is in the JS value
 * representation of data/block-values.ts (numbers, bigints, strings, days for dates, epoch
 * units for timestamps, unscaled integers for decimals). Parsing returns `INVALID` rather than
 * throwing, so a CSV reader can decide what a bad field means (it raises HIVE_BAD_DATA naming the
 * file and line). The accepted forms follow Trino's CAST from varchar (`true`/`false`, optional
 * sign, `1e3`, `2024-01-02`, `2024-01-02 03:04:05.123456`, also with a `T`); integers parse by
 * hand, without an intermediate string, because the CSV reader calls them once per field.
 */
import { daysFromCivil } from '../../../common/civil-calendar.js';
import type { ZonedValue } from '../../../data/block-values.js';
import { formatDecimal, shortestFloat32 } from '../../../data/number-format.js';
import { isLongTimestamp, unitsPerSecond } from '../../../data/physical-type.js';
import { formatDate, formatTime, formatTimestamp, formatTimestampPicos } from '../../../data/temporal-format.js';
import { zoneIdOf, zoneKeyOf } from '../../../data/time-zones.js';
import type { DecimalType, TemporalType, Type } from '../../../types/type.js';
import { canonicalUuid, uuidTextProblem } from '../../../types/uuid-text.js';

/** Returned by the parsers for text that is not a value of the type. */
export const INVALID: unique symbol = Symbol('invalid value');
export type Parsed = unknown | typeof INVALID;

const INTEGER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * The integer in `text[start, end)` as a number when it is a safe integer, a bigint when larger
 * (bigint columns), INVALID otherwise. Surrounding spaces are allowed.
 */
export function parseIntegerText(text: string, start = 0, end = text.length): number | bigint | typeof INVALID {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return INVALID;
  let i = start;
  let negative = false;
  const first = text.charCodeAt(i);
  if (first === 45 || first === 43) {
    negative = first === 45;
    i++;
    if (i === end) return INVALID;
  }
  if (end - i > 15) {
    for (let j = i; j < end; j++) {
      const c = text.charCodeAt(j);
      if (c < 48 || c > 57) return INVALID;
    }
    const big = BigInt(text.slice(i, end));
    const value = negative ? -big : big;
    return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  }
  let value = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return INVALID;
    value = value * 10 + (c - 48);
  }
  return negative ? -value : value;
}

const DOUBLE = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const SPECIAL_DOUBLE = /^\s*([+-]?)(nan|infinity|inf)\s*$/i;

export function parseDoubleText(text: string): number | typeof INVALID {
  if (DOUBLE.test(text)) return Number(text);
  const special = SPECIAL_DOUBLE.exec(text);
  if (special === null) return INVALID;
  if (special[2]?.toLowerCase() === 'nan') return Number.NaN;
  return special[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

const DECIMAL = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

/** The unscaled value of a decimal text at the type's scale (rounded half up), INVALID if it overflows. */
export function parseDecimalText(text: string, type: DecimalType): number | bigint | typeof INVALID {
  const match = DECIMAL.exec(text);
  if (match === null) return INVALID;
  const integerDigits = match[2] ?? '';
  let fractionDigits = match[3] ?? '';
  if (integerDigits === '' && fractionDigits === '') return INVALID;
  let digits = integerDigits + fractionDigits;
  let scale = fractionDigits.length - Number(match[4] ?? 0);
  // Bring the digits to the type's scale: append zeros, or drop digits rounding half up.
  let unscaled: bigint;
  if (scale <= type.scale) {
    digits += '0'.repeat(type.scale - scale);
    unscaled = BigInt(digits === '' ? '0' : digits);
  } else {
    const drop = scale - type.scale;
    const kept = digits.length > drop ? digits.slice(0, digits.length - drop) : '';
    const firstDropped = digits.length >= drop ? digits.charCodeAt(digits.length - drop) : 48;
    unscaled = BigInt(kept === '' ? '0' : kept) + (firstDropped >= 53 ? 1n : 0n);
    scale = type.scale;
    fractionDigits = '';
  }
  if (match[1] === '-') unscaled = -unscaled;
  const limit = 10n ** BigInt(type.precision);
  if (unscaled >= limit || unscaled <= -limit) return INVALID;
  return type.precision <= 15 ? Number(unscaled) : unscaled;
}

const DATE_TEXT = /^\s*([+-]?\d{4,})-(\d{1,2})-(\d{1,2})\s*$/;

function validDays(year: number, month: number, day: number): number | typeof INVALID {
  if (month < 1 || month > 12 || day < 1 || day > 31) return INVALID;
  const days = daysFromCivil(year, month, day);
  // Reject 2023-02-30 and the like: the day must map back to the same month.
  if (daysFromCivil(year, month, 1) + day - 1 !== days || (month < 12 && days >= daysFromCivil(year, month + 1, 1))) {
    return INVALID;
  }
  if (month === 12 && days >= daysFromCivil(year + 1, 1, 1)) return INVALID;
  return days;
}

export function parseDateText(text: string): number | typeof INVALID {
  const match = DATE_TEXT.exec(text);
  if (match === null) return INVALID;
  return validDays(Number(match[1]), Number(match[2]), Number(match[3]));
}

const TIMESTAMP_TEXT =
  /^\s*([+-]?\d{4,})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,12}))?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2}|[A-Za-z][\w/+-]*)?\s*$/;

interface TimestampParts {
  /** Epoch seconds of the wall clock. */
  seconds: number;
  /** Fraction of the second as 12 digits of picoseconds. */
  picosOfSecond: number;
  /** The zone text, if any. */
  zone: string | undefined;
}

function parseTimestampParts(text: string): TimestampParts | typeof INVALID {
  const match = TIMESTAMP_TEXT.exec(text);
  if (match === null) return INVALID;
  const days = validDays(Number(match[1]), Number(match[2]), Number(match[3]));
  if (days === INVALID) return INVALID;
  const hours = Number(match[4] ?? 0);
  const minutes = Number(match[5] ?? 0);
  const seconds = Number(match[6] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return INVALID;
  const fraction = (match[7] ?? '').padEnd(12, '0');
  return {
    seconds: days * 86_400 + hours * 3600 + minutes * 60 + seconds,
    picosOfSecond: Number(fraction),
    zone: match[8],
  };
}

/** timestamp(p): epoch ms (p ≤ 3) or µs (p ≤ 6) as a number; a ZonedValue in UTC for p > 6. Rounds half up. */
export function parseTimestampText(text: string, type: TemporalType): unknown {
  const parts = parseTimestampParts(text);
  if (parts === INVALID || parts.zone !== undefined) return INVALID;
  return timestampValue(parts.seconds, roundPicos(parts.picosOfSecond, type.precision), type);
}

/** Rounds 12 digits of picoseconds to `precision` digits (half up), still counted in picoseconds. */
function roundPicos(picos: number, precision: number): number {
  if (precision >= 12) return picos;
  const unit = 10 ** (12 - precision);
  return Math.round(picos / unit) * unit;
}

function timestampValue(seconds: number, picosOfSecond: number, type: TemporalType): unknown {
  if (isLongTimestamp(type)) {
    const millisOfSecond = Math.floor(picosOfSecond / 1e9);
    const value: ZonedValue = {
      millis: seconds * 1000 + millisOfSecond,
      picos: picosOfSecond - millisOfSecond * 1e9,
      zone: 'UTC',
    };
    return value;
  }
  const units = unitsPerSecond(type);
  return seconds * units + picosOfSecond / (1e12 / units);
}

/** timestamp(p) with time zone: a zone in the text (`Z`, `+02:00`, `UTC`, an IANA name) or UTC. */
export function parseTimestampWithTimeZoneText(text: string, type: TemporalType): unknown {
  const parts = parseTimestampParts(text);
  if (parts === INVALID) return INVALID;
  let zone = 'UTC';
  let offsetMinutes = 0;
  if (parts.zone !== undefined && parts.zone !== 'Z' && parts.zone !== 'UTC') {
    const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(parts.zone);
    if (offset !== null) {
      offsetMinutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
      zone = `${offset[1]}${offset[2]}:${offset[3]}`;
    } else {
      try {
        zone = zoneIdOf(zoneKeyOf(parts.zone));
      } catch {
        return INVALID;
      }
      // Named zones: interpret the wall clock in that zone.
      const picos = roundPicos(parts.picosOfSecond, type.precision);
      const localMillis = parts.seconds * 1000 + Math.floor(picos / 1e9);
      const utc = utcFromLocal(zone, localMillis);
      return zoned(utc, picos % 1e9, zone, type);
    }
  }
  const picos = roundPicos(parts.picosOfSecond, type.precision);
  const utcMillis = (parts.seconds - offsetMinutes * 60) * 1000 + Math.floor(picos / 1e9);
  return zoned(utcMillis, picos % 1e9, zone, type);
}

function zoned(millis: number, picos: number, zone: string, type: TemporalType): ZonedValue {
  return type.precision > 3 ? { millis, picos, zone } : { millis, zone };
}

function utcFromLocal(zone: string, localMillis: number): number {
  // The zone's offset at the local time, found by one correction step (exact outside DST gaps).
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsetAt = (utc: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(utc)).map((x) => [x.type, Number(x.value)]));
    const asUtc = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
    return asUtc - Math.floor(utc / 1000) * 1000;
  };
  const first = localMillis - offsetAt(localMillis);
  return localMillis - offsetAt(first);
}

const TIME_TEXT = /^\s*(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,12}))?)?\s*$/;

/** time(p): units of the day (ms, µs or ns by precision). */
export function parseTimeText(text: string, type: TemporalType): number | typeof INVALID {
  const match = TIME_TEXT.exec(text);
  if (match === null) return INVALID;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return INVALID;
  const units = unitsPerSecond(type);
  const picos = roundPicos(Number((match[4] ?? '').padEnd(12, '0')), Math.min(type.precision, 9));
  return ((hours * 60 + minutes) * 60 + seconds) * units + Math.round(picos / (1e12 / units));
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** varbinary from text: hexadecimal (two digits a byte, as Trino prints varbinary). */
export function parseBinaryText(text: string): Uint8Array | typeof INVALID {
  const trimmed = text.trim();
  if (!HEX.test(trimmed)) return INVALID;
  return Uint8Array.from(Buffer.from(trimmed, 'hex'));
}

/** Parses `text` as a value of a scalar `type` (INVALID when it is not one). */
export function parseValueText(type: Type, text: string): Parsed {
  switch (type.kind) {
    case 'boolean': {
      const lower = text.trim().toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : INVALID;
    }
    case 'tinyint':
    case 'smallint':
    case 'integer': {
      const value = parseIntegerText(text);
      const [min, max] = INTEGER_RANGES[type.kind] as readonly [number, number];
      return typeof value === 'number' && value >= min && value <= max ? value : INVALID;
    }
    case 'bigint': {
      const value = parseIntegerText(text);
      if (typeof value === 'bigint' && (value > 9223372036854775807n || value < -9223372036854775808n)) {
        return INVALID;
      }
      return value;
    }
    case 'real': {
      const value = parseDoubleText(text);
      return value === INVALID ? INVALID : Math.fround(value);
    }
    case 'double':
      return parseDoubleText(text);
    case 'decimal':
      return parseDecimalText(text, type);
    case 'date':
      return parseDateText(text);
    case 'timestamp':
      return parseTimestampText(text, type);
    case 'timestamp with time zone':
      return parseTimestampWithTimeZoneText(text, type);
    case 'time':
      return parseTimeText(text, type);
    case 'varchar':
      return type.length !== undefined && [...text].length > type.length ? INVALID : text;
    case 'char':
      return [...text].length > type.length ? INVALID : text.replace(/ +$/, '');
    case 'json':
      return text;
    case 'uuid':
      return uuidTextProblem(text) === undefined ? canonicalUuid(text) : INVALID;
    case 'varbinary':
      return parseBinaryText(text);
    default:
      return INVALID;
  }
}

/** The text of a value of a scalar type, as the lake writers and partition names spell it. */
export function formatValueText(type: Type, value: unknown): string {
  switch (type.kind) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return String(value);
    case 'real':
      return formatFloat(shortestFloat32(value as number));
    case 'double':
      return formatFloat(value as number);
    case 'decimal':
      return formatDecimal(value as number | bigint, type.scale);
    case 'date':
      return formatDate(value as number);
    case 'timestamp': {
      const precision = type.precision;
      if (precision > 6) {
        const zonedValue = value as ZonedValue;
        return formatTimestampPicos(zonedValue.millis, zonedValue.picos ?? 0, precision);
      }
      return formatTimestamp(value as number, precision <= 3 ? 3 : 6, precision);
    }
    case 'timestamp with time zone': {
      // Written as the UTC instant (the zone is not kept), readable by parseTimestampWithTimeZoneText.
      const zonedValue = value as ZonedValue;
      return `${formatTimestampPicos(zonedValue.millis, zonedValue.picos ?? 0, type.precision)} UTC`;
    }
    case 'time': {
      const precision = (type as TemporalType).precision;
      return formatTime(value as number, precision <= 3 ? 3 : precision <= 6 ? 6 : 9, precision);
    }
    case 'varbinary':
      return Buffer.from(value as Uint8Array).toString('hex');
    default:
      return String(value);
  }
}

function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'Infinity';
  if (value === Number.NEGATIVE_INFINITY) return '-Infinity';
  return String(value);
}
