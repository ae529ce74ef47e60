/**
 * Date and time functions: field extraction (year() ... millisecond(), with Trino's aliases),
 * unit arithmetic (date_add, date_diff, date_trunc), formatting and parsing (MySQL and Joda
 * patterns, ISO 8601), Unix time, time zones and durations. CURRENT_DATE and friends are syntax,
 * not functions.
 */
import { DATETIME_PATTERNS, overloads, scalar, TIMESTAMP_PATTERNS } from './definition-helpers.js';
import type { FunctionDefinition, LongVariables } from './function-signature.js';

const DATE_AND_TIMESTAMPS = ['date', ...TIMESTAMP_PATTERNS];
const DAY_TO_SECOND = 'interval day to second';
const YEAR_TO_MONTH = 'interval year to month';

/** A field of a date/time value (or interval) as bigint, for each listed type. */
function extraction(name: string, description: string, types: readonly string[], aliases?: string[]) {
  return overloads(types, (s) =>
    scalar(s(`${name}($T):bigint`), description, aliases === undefined ? {} : { aliases }),
  );
}

const EXTRACTION: FunctionDefinition[] = [
  ...extraction('year', 'Year of a date, timestamp or interval', [...DATE_AND_TIMESTAMPS, YEAR_TO_MONTH]),
  ...extraction('quarter', 'Quarter of the year (1 to 4)', DATE_AND_TIMESTAMPS),
  ...extraction('month', 'Month of the year (1 to 12), or of an interval', [...DATE_AND_TIMESTAMPS, YEAR_TO_MONTH]),
  ...extraction('week', 'ISO week of the year (1 to 53)', DATE_AND_TIMESTAMPS, ['week_of_year']),
  ...extraction(
    'day',
    'Day of the month (1 to 31), or of an interval',
    [...DATE_AND_TIMESTAMPS, DAY_TO_SECOND],
    ['day_of_month'],
  ),
  ...extraction('day_of_week', 'ISO day of the week (1 = Monday to 7 = Sunday)', DATE_AND_TIMESTAMPS, ['dow']),
  ...extraction('day_of_year', 'Day of the year (1 to 366)', DATE_AND_TIMESTAMPS, ['doy']),
  ...extraction('year_of_week', 'Year of the ISO week', DATE_AND_TIMESTAMPS, ['yow']),
  ...extraction('hour', 'Hour of the day (0 to 23), or of an interval', [...DATETIME_PATTERNS, DAY_TO_SECOND]),
  ...extraction('minute', 'Minute of the hour (0 to 59), or of an interval', [...DATETIME_PATTERNS, DAY_TO_SECOND]),
  ...extraction('second', 'Second of the minute (0 to 59), or of an interval', [...DATETIME_PATTERNS, DAY_TO_SECOND]),
  ...extraction('millisecond', 'Millisecond of the second (0 to 999), or of an interval', [
    ...DATETIME_PATTERNS,
    DAY_TO_SECOND,
  ]),
  ...overloads(['time(p) with time zone', 'timestamp(p) with time zone'], (s) =>
    scalar(s('timezone_hour($T):bigint'), 'Hour of the time zone offset'),
  ),
  ...overloads(['time(p) with time zone', 'timestamp(p) with time zone'], (s) =>
    scalar(s('timezone_minute($T):bigint'), 'Minute of the time zone offset'),
  ),
  ...overloads(['time(p) with time zone', 'timestamp(p) with time zone'], (s) =>
    scalar(s('timezone($T):varchar'), 'The time zone of the value (a zone id or an offset)'),
  ),
  ...overloads(DATE_AND_TIMESTAMPS, (s) => scalar(s('last_day_of_month($T):date'), 'Last day of the month')),
];

const UNIT_ARITHMETIC: FunctionDefinition[] = [
  ...overloads(['date', ...DATETIME_PATTERNS], (s) =>
    scalar(s('date_add(varchar(x),bigint,$T):$T'), 'Add a number of units (day, month, hour...) to a value'),
  ),
  ...overloads(['date', ...DATETIME_PATTERNS], (s) =>
    scalar(s('date_diff(varchar(x),$T,$T):bigint'), 'Number of whole units between two values'),
  ),
  ...overloads(['date', ...DATETIME_PATTERNS], (s) =>
    scalar(s('date_trunc(varchar(x),$T):$T'), 'Truncate a value to a unit'),
  ),
];

/** Length of an ISO 8601 timestamp with p fractional digits: date, 'T', time, the point, the digits. */
const isoLength = (v: LongVariables) => 22 + Math.min(v.p, 1) + v.p;

const FORMATTING_AND_PARSING: FunctionDefinition[] = [
  ...overloads(TIMESTAMP_PATTERNS, (s) =>
    scalar(s('date_format($T,varchar(x)):varchar'), 'Format with a MySQL date_format pattern'),
  ),
  scalar('date_parse(varchar(x),varchar(y)):timestamp(3)', 'Parse with a MySQL date_format pattern'),
  ...overloads(TIMESTAMP_PATTERNS, (s) =>
    scalar(s('format_datetime($T,varchar(x)):varchar'), 'Format with a Joda-Time pattern'),
  ),
  scalar('parse_datetime(varchar(x),varchar(y)):timestamp(3) with time zone', 'Parse with a Joda-Time pattern'),
  scalar('to_iso8601(date):varchar(16)', 'Format as ISO 8601'),
  scalar('to_iso8601(timestamp(p)):varchar(n)', 'Format as ISO 8601', { derive: { n: isoLength } }),
  scalar('to_iso8601(timestamp(p) with time zone):varchar(n)', 'Format as ISO 8601 with the offset', {
    derive: { n: (v) => isoLength(v) + 6 },
  }),
  scalar('from_iso8601_date(varchar(x)):date', 'Parse an ISO 8601 date'),
  scalar('from_iso8601_timestamp(varchar(x)):timestamp(3) with time zone', 'Parse an ISO 8601 timestamp'),
  scalar(
    'from_iso8601_timestamp_nanos(varchar(x)):timestamp(9) with time zone',
    'Parse an ISO 8601 timestamp with nanoseconds',
  ),
  scalar('date(varchar(x)):date', 'The date of a string (as CAST)'),
  ...overloads(TIMESTAMP_PATTERNS, (s) => scalar(s('date($T):date'), 'The date of a timestamp (as CAST)')),
];

const UNIX_TIME_AND_ZONES: FunctionDefinition[] = [
  scalar('from_unixtime(double):timestamp(3) with time zone', 'Timestamp of a Unix time in seconds'),
  scalar(
    'from_unixtime(double,bigint,bigint):timestamp(3) with time zone',
    'Timestamp of a Unix time at an offset of hours and minutes',
  ),
  scalar('from_unixtime(double,varchar(x)):timestamp(3) with time zone', 'Timestamp of a Unix time in a time zone'),
  scalar('from_unixtime_nanos(bigint):timestamp(9) with time zone', 'Timestamp of a Unix time in nanoseconds'),
  scalar('from_unixtime_nanos(decimal(p,s)):timestamp(9) with time zone', 'Timestamp of a Unix time in nanoseconds'),
  ...overloads(TIMESTAMP_PATTERNS, (s) => scalar(s('to_unixtime($T):double'), 'Unix time in seconds')),
  scalar('now():timestamp(3) with time zone', 'Current date and time', { deterministic: false }),
  scalar('current_timezone():varchar', 'The session time zone', { deterministic: false }),
  scalar(
    'at_timezone(timestamp(p) with time zone,varchar(x)):timestamp(p) with time zone',
    'The same instant in another time zone',
  ),
  scalar(
    'with_timezone(timestamp(p),varchar(x)):timestamp(p) with time zone',
    'A timestamp read as local time in a time zone',
  ),
  scalar('to_milliseconds(interval day to second):bigint', 'Length of an interval in milliseconds'),
  scalar('parse_duration(varchar(x)):interval day to second', "Parse a duration such as '3.5h'"),
  scalar('human_readable_seconds(double):varchar', "A number of seconds as text, e.g. '1 minute, 36 seconds'"),
];

export const DATETIME_FUNCTIONS: readonly FunctionDefinition[] = [
  ...EXTRACTION,
  ...UNIT_ARITHMETIC,
  ...FORMATTING_AND_PARSING,
  ...UNIX_TIME_AND_ZONES,
];
