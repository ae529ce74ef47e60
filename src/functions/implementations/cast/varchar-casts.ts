/**
 * Casts to and from character strings. To varchar: every scalar's text form (numbers as Java prints
 * them, dates and times as in temporal-text.ts); a bounded varchar(n) target truncates strings and
 * refuses longer texts of other types (`Value 12345 cannot be represented as varchar(3)`). char(n)
 * values are stored without their trailing spaces: casting char(n) to varchar pads them back, casting
 * to char(n) truncates and strips. From varchar: numbers with Java's syntax after trim(), booleans
 * (`true`, `false`, `t`, `f`, `1`, `0`, any case), dates, times and timestamps.
 */
import type { CharType, DecimalType, TemporalType, Type, VarcharType } from '../../../types/type.js';
import { normalizeBigint } from '../bigint-values.js';
import {
  formatDate,
  formatIntervalDayToSecond,
  formatIntervalYearToMonth,
  formatTimeOfDay,
  formatTimestamp,
  parseDate,
  parseDateTime,
  parseTime,
} from '../datetime/temporal-text.js';
import {
  timeOf,
  timeParts,
  timestampOf,
  timestampParts,
  type ZonedTimestamp,
  zonedTimeOf,
  zonedTimestampOf,
} from '../datetime/temporal-values.js';
import { canonicalZone, fromLocalMillis, offsetMillisAt, offsetText } from '../datetime/time-zone.js';
import { type DecimalValue, formatDecimal } from '../decimal-values.js';
import { invalidCast } from '../errors.js';
import type { CallContext } from '../implementation-types.js';
import { INTEGRAL_RANGES } from '../integer-arithmetic.js';
import { codePointLength, truncateCodePoints } from '../strings/code-points.js';
import { formatDouble, formatReal, parseJavaDouble, parseJavaInteger } from './number-text.js';
import { decimalFromText } from './numeric-casts.js';

export type ContextCast = (value: unknown, ctx: CallContext) => unknown;

/** The text of a scalar value as CAST(x AS varchar) gives it; undefined for types without one. */
export function textFormatter(type: Type): ((value: unknown) => string) | undefined {
  switch (type.kind) {
    case 'boolean':
      return (v) => (v ? 'true' : 'false');
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return (v) => String(v);
    case 'double':
      return (v) => formatDouble(v as number);
    case 'real':
      return (v) => formatReal(v as number);
    case 'decimal':
      return (v) => formatDecimal(v as DecimalValue, type.scale);
    case 'varchar':
    case 'json':
    case 'uuid':
      return (v) => v as string;
    case 'char':
      return (v) => (v as string) + ' '.repeat(Math.max(0, type.length - codePointLength(v as string)));
    case 'date':
      return (v) => formatDate(v as number);
    case 'time': {
      const precision = type.precision;
      return (v) => {
        const { millis, picos } = timeParts(v as number, precision);
        return formatTimeOfDay(millis, picos, precision);
      };
    }
    case 'time with time zone': {
      const precision = type.precision;
      return (v) => {
        const zoned = v as ZonedTimestamp;
        const zone = zoned.zone === 'UTC' ? '+00:00' : zoned.zone;
        return `${formatTimeOfDay(zoned.millis, zoned.picos ?? 0, precision)}${zone}`;
      };
    }
    case 'timestamp': {
      const precision = type.precision;
      return (v) => {
        const { millis, picos } = timestampParts(v, precision);
        return formatTimestamp(millis, picos, precision);
      };
    }
    case 'timestamp with time zone': {
      const precision = type.precision;
      return (v) => {
        const zoned = v as ZonedTimestamp;
        const local = zoned.millis + offsetMillisAt(zoned.zone, zoned.millis);
        return `${formatTimestamp(local, zoned.picos ?? 0, precision)} ${zoned.zone}`;
      };
    }
    case 'interval day to second':
      return (v) => formatIntervalDayToSecond(v as number);
    case 'interval year to month':
      return (v) => formatIntervalYearToMonth(v as number);
    default:
      return undefined;
  }
}

/** CAST(x AS varchar[(n)]) for a scalar type, or undefined. */
export function castToVarchar(from: Type, to: VarcharType): ContextCast | undefined {
  const limit = to.length;
  if (from.kind === 'varchar') {
    if (limit === undefined || (from.length !== undefined && from.length <= limit)) return (v) => v;
    return (v) => truncateCodePoints(v as string, limit);
  }
  if (from.kind === 'char') {
    const length = from.length;
    return (v) => {
      const padded = (v as string) + ' '.repeat(Math.max(0, length - codePointLength(v as string)));
      return limit === undefined ? padded : truncateCodePoints(padded, limit);
    };
  }
  const format = textFormatter(from);
  if (format === undefined) return undefined;
  if (limit === undefined) return (v) => format(v);
  return (v) => {
    const text = format(v);
    if (codePointLength(text) > limit) throw invalidCast(`Value ${text} cannot be represented as varchar(${limit})`);
    return text;
  };
}

/** CAST(x AS char(n)) from varchar or char: truncated to n, trailing spaces dropped (they are implied). */
export function castToChar(from: Type, to: CharType): ContextCast | undefined {
  if (from.kind !== 'varchar' && from.kind !== 'char') return undefined;
  return (v) => truncateCodePoints(v as string, to.length).replace(/ +$/, '');
}

const INTEGER_NAMES = { tinyint: 'TINYINT', smallint: 'SMALLINT', integer: 'INT', bigint: 'BIGINT' } as const;

/** CAST(varchar AS t) for numbers, booleans and date/time types, or undefined. */
export function castFromVarchar(to: Type): ContextCast | undefined {
  switch (to.kind) {
    case 'boolean':
      return (v) => {
        switch ((v as string).toLowerCase()) {
          case 't':
          case 'true':
          case '1':
            return true;
          case 'f':
          case 'false':
          case '0':
            return false;
          default:
            throw invalidCast(`Cannot cast '${v}' to BOOLEAN`);
        }
      };
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint': {
      const kind = to.kind;
      const [min, max] = kind === 'bigint' ? [-(2n ** 63n), 2n ** 63n - 1n] : INTEGRAL_RANGES[kind].map(BigInt);
      return (v) => {
        const parsed = parseJavaInteger(v as string);
        if (parsed === undefined || parsed < min || parsed > max) {
          throw invalidCast(`Cannot cast '${v}' to ${INTEGER_NAMES[kind]}`);
        }
        return kind === 'bigint' ? normalizeBigint(parsed) : Number(parsed);
      };
    }
    case 'double':
      return (v) => {
        const parsed = parseJavaDouble(v as string);
        if (parsed === undefined) throw invalidCast(`Cannot cast '${v}' to DOUBLE`);
        return parsed;
      };
    case 'real':
      return (v) => {
        const parsed = parseJavaDouble(v as string);
        if (parsed === undefined) throw invalidCast(`Cannot cast '${v}' to REAL`);
        return Math.fround(parsed);
      };
    case 'decimal':
      return (v) => decimalFromText(v as string, to as DecimalType);
    case 'date':
      return (v) => {
        const days = parseDate(v as string);
        if (days === undefined) throw invalidCast(`Value cannot be cast to date: ${v}`);
        return days;
      };
    case 'timestamp':
      return varcharToTimestamp(to);
    case 'timestamp with time zone':
      return varcharToZonedTimestamp(to);
    case 'time':
      return (v) => {
        const parsed = parseTime(v as string);
        if (parsed === undefined || parsed.zone !== undefined) throw invalidCast(`Value cannot be cast to time: ${v}`);
        return timeOf(parsed.millis, parsed.picos, to.precision);
      };
    case 'time with time zone':
      return (v, ctx) => {
        const parsed = parseTime(v as string);
        const fail = () => invalidCast(`Value cannot be cast to time with time zone: ${v}`);
        if (parsed === undefined) throw fail();
        let zone: string;
        try {
          zone = fixedOffsetZone(parsed.zone ?? ctx.session.timeZone, ctx.session.startTime);
        } catch {
          throw fail();
        }
        return zonedTimeOf(parsed.millis, parsed.picos, zone, to.precision);
      };
    default:
      return undefined;
  }
}

/** The `+HH:MM` offset a zone has at an instant (time with time zone carries only offsets). */
export function fixedOffsetZone(zone: string, atUtcMillis: number): string {
  return offsetText(Math.round(offsetMillisAt(canonicalZone(zone), atUtcMillis) / 60_000));
}

function varcharToTimestamp(to: TemporalType): ContextCast {
  return (v) => {
    const parsed = parseDateTime(v as string);
    if (parsed === undefined || parsed.zone !== undefined) throw invalidCast(`Value cannot be cast to timestamp: ${v}`);
    return timestampOf(parsed.millis, parsed.picos, to.precision);
  };
}

function varcharToZonedTimestamp(to: TemporalType): ContextCast {
  return (v, ctx) => {
    const parsed = parseDateTime(v as string);
    const fail = () => invalidCast(`Value cannot be cast to timestamp with time zone: ${v}`);
    if (parsed === undefined) throw fail();
    let zone: string;
    try {
      zone = canonicalZone(parsed.zone ?? ctx.session.timeZone);
    } catch {
      throw fail();
    }
    return zonedTimestampOf(fromLocalMillis(zone, parsed.millis), parsed.picos, zone, to.precision);
  };
}
