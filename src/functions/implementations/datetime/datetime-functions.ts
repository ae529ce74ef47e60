/**
 * Registers the date/time functions: formatting and parsing (MySQL, Joda, ISO 8601), Unix time,
 * time zones (now, at_timezone, with_timezone), durations, and the field/unit families from their
 * own modules.
 */
import type { TemporalType } from '../../../types/type.js';
import type { BigintValue } from '../bigint-values.js';
import { type DecimalValue, decimalToBig, divideHalfUp, powerOfTenBig } from '../decimal-values.js';
import { invalidArgument, invalidCast } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { checkedString } from '../value-limits.js';
import { floorDiv, MILLIS_PER_DAY, MILLIS_PER_MINUTE } from './calendar.js';
import { registerDateTimeFields } from './datetime-fields.js';
import { registerDateTimeUnits } from './datetime-units.js';
import { durationMillis, humanReadableSeconds } from './durations.js';
import { isoLocalDateTime, isoOffset, parseIsoDate, parseIsoDateTime } from './iso8601.js';
import { jodaFormat, jodaParse } from './joda-format.js';
import { mysqlFormat, mysqlParse } from './mysql-format.js';
import { formatDate, parseDate } from './temporal-text.js';
import { timestampOf, type ZonedTimestamp, zonedTimestampOf } from './temporal-values.js';
import { canonicalZone, fromLocalMillis, offsetMillisAt, zoneForOffsetMinutes } from './time-zone.js';
import { readWallClock } from './wall-clock.js';

const TIMESTAMPS = ['timestamp(p)', 'timestamp(p) with time zone'] as const;

/** The instant of a timestamp value: zoned ones carry it, plain ones are read in the session zone. */
function instantOf(value: unknown, ctx: CallContext): { utcMillis: number; picos: number; zone: string } {
  const type = ctx.argumentTypes[0];
  if (type.kind === 'timestamp with time zone') {
    const zoned = value as ZonedTimestamp;
    return { utcMillis: zoned.millis, picos: zoned.picos ?? 0, zone: zoned.zone };
  }
  const clock = readWallClock(value, type);
  const zone = ctx.session.timeZone;
  return { utcMillis: fromLocalMillis(zone, clock.millis), picos: clock.picos, zone };
}

function zonedOf(utcMillis: number, picos: number, zone: string, ctx: CallContext): ZonedTimestamp {
  return zonedTimestampOf(utcMillis, picos, zone, (ctx.returnType as TemporalType).precision);
}

function fromUnixSeconds(seconds: number, zone: string): ZonedTimestamp {
  if (!Number.isFinite(seconds)) throw invalidArgument(`Invalid unix time: ${seconds}`);
  return { millis: Math.round(seconds * 1000), zone };
}

export function registerDateTimeFunctions(table: ImplementationTable): void {
  registerDateTimeFields(table);
  registerDateTimeUnits(table);

  for (const type of TIMESTAMPS) {
    table.add(`date_format(${type},varchar(x)):varchar`, (value: unknown, format: string, ctx: CallContext) => {
      const clock = readWallClock(value, ctx.argumentTypes[0]);
      // A specifier can print more characters than it has (%W: Wednesday): checked once formatted.
      return checkedString(mysqlFormat(clock.millis, clock.picos, format), 'date_format');
    });
    table.add(`format_datetime(${type},varchar(x)):varchar`, (value: unknown, pattern: string, ctx: CallContext) => {
      const type = ctx.argumentTypes[0];
      const clock = readWallClock(value, type);
      const zone = type.kind === 'timestamp with time zone' ? (value as ZonedTimestamp).zone : 'UTC';
      const offsetMillis = zone === 'UTC' ? 0 : offsetMillisAt(zone, (value as ZonedTimestamp).millis);
      const text = jodaFormat({ localMillis: clock.millis, picos: clock.picos, zone, offsetMillis }, pattern);
      return checkedString(text, 'format_datetime');
    });
    table.add(`to_unixtime(${type}):double`, (value: unknown, ctx: CallContext) => {
      const instant = instantOf(value, ctx);
      return instant.utcMillis / 1000 + instant.picos / 1e12;
    });
    table.add(`date(${type}):date`, (value: unknown, ctx: CallContext) =>
      floorDiv(readWallClock(value, ctx.argumentTypes[0]).millis, MILLIS_PER_DAY),
    );
  }

  table.add('date_parse(varchar(x),varchar(y)):timestamp(3)', (text: string, format: string) => {
    const clock = mysqlParse(text, format);
    return timestampOf(clock.millis, clock.picos, 3);
  });
  table.add(
    'parse_datetime(varchar(x),varchar(y)):timestamp(3) with time zone',
    (text: string, pattern: string, ctx: CallContext) => {
      const parsed = jodaParse(text, pattern, ctx.session.startTime);
      const zone = parsed.zone ?? canonicalZone(ctx.session.timeZone);
      return zonedTimestampOf(fromLocalMillis(zone, parsed.localMillis), parsed.picos, zone, 3);
    },
  );

  table.add('to_iso8601(date):varchar(16)', (days: number) => formatDate(days));
  table.add('to_iso8601(timestamp(p)):varchar(n)', (value: unknown, ctx: CallContext) => {
    const type = ctx.argumentTypes[0] as TemporalType;
    const clock = readWallClock(value, type);
    return isoLocalDateTime(clock.millis, clock.picos, type.precision);
  });
  table.add('to_iso8601(timestamp(p) with time zone):varchar(n)', (value: ZonedTimestamp, ctx: CallContext) => {
    const type = ctx.argumentTypes[0] as TemporalType;
    const offset = offsetMillisAt(value.zone, value.millis);
    return isoLocalDateTime(value.millis + offset, value.picos ?? 0, type.precision) + isoOffset(offset);
  });
  table.add('from_iso8601_date(varchar(x)):date', parseIsoDate);
  const fromIsoTimestamp = (text: string, ctx: CallContext) => {
    const parsed = parseIsoDateTime(text);
    const local = parsed.days * MILLIS_PER_DAY + parsed.millisOfDay;
    const zone =
      parsed.offsetMinutes === undefined
        ? canonicalZone(ctx.session.timeZone)
        : zoneForOffsetMinutes(parsed.offsetMinutes);
    const utc =
      parsed.offsetMinutes === undefined
        ? fromLocalMillis(zone, local)
        : local - parsed.offsetMinutes * MILLIS_PER_MINUTE;
    return zonedOf(utc, parsed.picos, zone, ctx);
  };
  table.add('from_iso8601_timestamp(varchar(x)):timestamp(3) with time zone', fromIsoTimestamp);
  table.add('from_iso8601_timestamp_nanos(varchar(x)):timestamp(9) with time zone', fromIsoTimestamp);

  table.add('date(varchar(x)):date', (text: string) => {
    const days = parseDate(text);
    if (days === undefined) throw invalidCast(`Value cannot be cast to date: ${text}`);
    return days;
  });

  table.add('from_unixtime(double):timestamp(3) with time zone', (seconds: number, ctx: CallContext) =>
    fromUnixSeconds(seconds, canonicalZone(ctx.session.timeZone)),
  );
  table.add(
    'from_unixtime(double,bigint,bigint):timestamp(3) with time zone',
    (seconds: number, hours: BigintValue, minutes: BigintValue) =>
      fromUnixSeconds(seconds, zoneForOffsetMinutes(Number(hours) * 60 + Number(minutes))),
  );
  table.add('from_unixtime(double,varchar(x)):timestamp(3) with time zone', (seconds: number, zone: string) =>
    fromUnixSeconds(seconds, canonicalZone(zone)),
  );
  table.add('from_unixtime_nanos(bigint):timestamp(9) with time zone', (nanos: BigintValue, ctx: CallContext) => {
    const n = BigInt(nanos);
    const millis = n / 1_000_000n - (n % 1_000_000n < 0n ? 1n : 0n);
    const picos = (n - millis * 1_000_000n) * 1000n;
    return { millis: Number(millis), zone: canonicalZone(ctx.session.timeZone), picos: Number(picos) };
  });
  table.add(
    'from_unixtime_nanos(decimal(p,s)):timestamp(9) with time zone',
    (nanos: DecimalValue, ctx: CallContext) => {
      const scale = (ctx.argumentTypes[0] as { scale: number }).scale;
      const picosTotal = divideHalfUp(decimalToBig(nanos) * 1000n, powerOfTenBig(scale));
      const millis = picosTotal / 1_000_000_000n - (picosTotal % 1_000_000_000n < 0n ? 1n : 0n);
      return {
        millis: Number(millis),
        zone: canonicalZone(ctx.session.timeZone),
        picos: Number(picosTotal - millis * 1_000_000_000n),
      };
    },
  );

  table.add('now():timestamp(3) with time zone', (ctx: CallContext) => ({
    millis: ctx.session.startTime,
    zone: canonicalZone(ctx.session.timeZone),
  }));
  table.add('current_timezone():varchar', (ctx: CallContext) => ctx.session.timeZone);
  table.add(
    'at_timezone(timestamp(p) with time zone,varchar(x)):timestamp(p) with time zone',
    (value: ZonedTimestamp, zone: string) => ({ ...value, zone: canonicalZone(zone) }),
  );
  table.add(
    'with_timezone(timestamp(p),varchar(x)):timestamp(p) with time zone',
    (value: unknown, zoneText: string, ctx: CallContext) => {
      const zone = canonicalZone(zoneText);
      const clock = readWallClock(value, ctx.argumentTypes[0]);
      return zonedOf(fromLocalMillis(zone, clock.millis), clock.picos, zone, ctx);
    },
  );
  table.add('to_milliseconds(interval day to second):bigint', (millis: number) => millis);
  table.add('parse_duration(varchar(x)):interval day to second', durationMillis);
  table.add('human_readable_seconds(double):varchar', humanReadableSeconds);
}
