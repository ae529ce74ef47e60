import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, call, cast, START_TIME, UTC_SESSION } from './harness.js';

const date = (text: string) => cast('varchar', 'date', text) as number;
const ts = (text: string, p = 3) => cast('varchar', `timestamp(${p})`, text);
const tz = (text: string, p = 3) => cast('varchar', `timestamp(${p}) with time zone`, text);
const show = (type: string, value: unknown) => cast(type, 'varchar', value);
const T3 = 'timestamp(3)';
const TZ3 = 'timestamp(3) with time zone';

describe('field extraction', () => {
  const cases: [string, string, unknown, number][] = [
    ['year', 'date', date('2001-08-22'), 2001],
    ['quarter', 'date', date('2001-08-22'), 3],
    ['month', T3, ts('2001-08-22 03:04:05.321'), 8],
    ['day', T3, ts('2001-08-22 03:04:05.321'), 22],
    ['day_of_week', 'date', date('2001-08-22'), 3],
    ['day_of_week', 'date', date('2001-08-26'), 7],
    ['day_of_year', 'date', date('2001-08-22'), 234],
    ['week', 'date', date('2005-01-02'), 53],
    ['year_of_week', 'date', date('2005-01-02'), 2004],
    ['week', 'date', date('2008-12-29'), 1],
    ['year_of_week', 'date', date('2008-12-29'), 2009],
    ['hour', T3, ts('2001-08-22 03:04:05.321'), 3],
    ['minute', T3, ts('2001-08-22 03:04:05.321'), 4],
    ['second', T3, ts('2001-08-22 03:04:05.321'), 5],
    ['millisecond', T3, ts('2001-08-22 03:04:05.321'), 321],
    ['millisecond', 'timestamp(6)', ts('2001-08-22 03:04:05.321987', 6), 321],
    ['hour', TZ3, tz('2001-08-22 03:04:05.321 America/Los_Angeles'), 3],
    ['day', TZ3, tz('2001-08-22 23:04:05.321 -05:00'), 22],
    ['hour', 'time(3)', 10 * 3_600_000 + 5, 10],
    ['year', 'date', date('1969-12-31'), 1969],
    ['day', 'date', date('-0044-03-15'), 15],
    ['day', 'interval day to second', 2 * 86_400_000 + 3_600_000, 2],
    ['hour', 'interval day to second', 2 * 86_400_000 + 3_600_000, 1],
    ['second', 'interval day to second', -61_500, -1],
    ['millisecond', 'interval day to second', -61_500, -500],
    ['year', 'interval year to month', 14, 1],
    ['month', 'interval year to month', 14, 2],
  ];
  for (const [name, type, value, expected] of cases) {
    it(`${name}(${type} ${String(value)}) = ${expected}`, () => assert.equal(call(name, [type], [value]), expected));
  }

  it('reads time zone offsets', () => {
    const v = tz('2001-08-22 03:04:05.321 America/Los_Angeles');
    assert.equal(call('timezone_hour', [TZ3], [v]), -7);
    assert.equal(call('timezone_minute', [TZ3], [v]), 0);
    assert.equal(call('timezone_hour', [TZ3], [tz('2001-01-22 03:04:05 America/Los_Angeles')]), -8);
    assert.equal(call('timezone_minute', [TZ3], [tz('2001-01-22 03:04:05 -05:30')]), -30);
    assert.equal(call('timezone_hour', ['time(3) with time zone'], [{ millis: 0, zone: '+05:45' }]), 5);
  });

  it('finds the last day of the month', () => {
    assert.equal(call('last_day_of_month', ['date'], [date('2020-02-10')]), date('2020-02-29'));
    assert.equal(call('last_day_of_month', [T3], [ts('2021-02-10 12:00:00')]), date('2021-02-28'));
  });
});

describe('date_add, date_diff, date_trunc', () => {
  it('truncates to units', () => {
    const v = ts('2001-08-22 03:04:05.321');
    assert.equal(show(T3, call('date_trunc', ['varchar', T3], ['second', v])), '2001-08-22 03:04:05.000');
    assert.equal(show(T3, call('date_trunc', ['varchar', T3], ['hour', v])), '2001-08-22 03:00:00.000');
    assert.equal(show(T3, call('date_trunc', ['varchar', T3], ['week', v])), '2001-08-20 00:00:00.000');
    assert.equal(show(T3, call('date_trunc', ['varchar', T3], ['MONTH', v])), '2001-08-01 00:00:00.000');
    assert.equal(show(T3, call('date_trunc', ['varchar', T3], ['quarter', v])), '2001-07-01 00:00:00.000');
    assert.equal(show(T3, call('date_trunc', ['varchar', T3], ['year', v])), '2001-01-01 00:00:00.000');
    assert.equal(call('date_trunc', ['varchar', 'date'], ['month', date('2001-08-22')]), date('2001-08-01'));
    assert.equal(call('date_trunc', ['varchar', 'time(3)'], ['hour', 3_723_000]), 3_600_000);
    const zoned = tz('2001-08-22 03:04:05.321 America/Los_Angeles');
    assert.equal(
      show(TZ3, call('date_trunc', ['varchar', TZ3], ['day', zoned])),
      '2001-08-22 00:00:00.000 America/Los_Angeles',
    );
    assert.equal(
      show(
        'timestamp(6)',
        call('date_trunc', ['varchar', 'timestamp(6)'], ['millisecond', ts('2001-08-22 03:04:05.321987', 6)]),
      ),
      '2001-08-22 03:04:05.321000',
    );
  });

  it('adds units', () => {
    assert.equal(
      show(T3, call('date_add', ['varchar', 'bigint', T3], ['second', 86, ts('2020-03-01 00:00:00')])),
      '2020-03-01 00:01:26.000',
    );
    assert.equal(
      show(T3, call('date_add', ['varchar', 'bigint', T3], ['month', 1, ts('2020-01-31 10:00:00')])),
      '2020-02-29 10:00:00.000',
    );
    assert.equal(
      show(T3, call('date_add', ['varchar', 'bigint', T3], ['quarter', -1, ts('2020-05-31 10:00:00')])),
      '2020-02-29 10:00:00.000',
    );
    assert.equal(call('date_add', ['varchar', 'bigint', 'date'], ['day', 5, date('2020-02-27')]), date('2020-03-03'));
    assert.equal(call('date_add', ['varchar', 'bigint', 'date'], ['year', 1, date('2020-02-29')]), date('2021-02-28'));
    assert.equal(call('date_add', ['varchar', 'bigint', 'time(3)'], ['hour', 25, 0]), 3_600_000);
    // A day across the DST change keeps the local time; hours move the instant.
    const before = tz('2021-03-13 12:00:00 America/New_York');
    assert.equal(
      show(TZ3, call('date_add', ['varchar', 'bigint', TZ3], ['day', 1, before])),
      '2021-03-14 12:00:00.000 America/New_York',
    );
    assert.equal(
      show(TZ3, call('date_add', ['varchar', 'bigint', TZ3], ['hour', 24, before])),
      '2021-03-14 13:00:00.000 America/New_York',
    );
  });

  it('counts whole units between values', () => {
    const diff = (unit: string, type: string, a: unknown, b: unknown) =>
      call('date_diff', ['varchar', type, type], [unit, a, b]);
    assert.equal(diff('second', T3, ts('2020-03-01 00:00:00'), ts('2020-03-02 00:00:00')), 86400);
    assert.equal(diff('hour', TZ3, tz('2020-03-01 00:00:00 UTC'), tz('2020-03-02 00:00:00 UTC')), 24);
    assert.equal(diff('day', 'date', date('2020-03-01'), date('2020-03-02')), 1);
    assert.equal(diff('day', T3, ts('2020-03-02 00:00:00'), ts('2020-03-01 00:00:01')), 0);
    assert.equal(diff('month', 'date', date('2020-01-31'), date('2020-02-29')), 1);
    assert.equal(diff('month', 'date', date('2020-01-31'), date('2020-02-28')), 0);
    assert.equal(diff('month', T3, ts('2020-01-31 10:00:00'), ts('2020-03-01 09:00:00')), 1);
    assert.equal(diff('month', 'date', date('2020-03-15'), date('2020-01-16')), -1);
    assert.equal(diff('quarter', 'date', date('2020-01-01'), date('2020-12-31')), 3);
    assert.equal(diff('year', 'date', date('2020-02-29'), date('2021-02-28')), 1);
    assert.equal(diff('year', 'date', date('2019-03-01'), date('2020-02-29')), 0);
    assert.equal(diff('week', 'date', date('2020-01-01'), date('2020-01-15')), 2);
    assert.equal(
      diff('day', TZ3, tz('2021-03-13 12:00:00 America/New_York'), tz('2021-03-14 12:00:00 America/New_York')),
      1,
    );
  });

  it('rejects units the type does not have', () => {
    assertError(
      () => call('date_trunc', ['varchar', T3], ['foo', 0]),
      'INVALID_FUNCTION_ARGUMENT',
      "'foo' is not a valid Timestamp field",
    );
    assertError(
      () => call('date_add', ['varchar', 'bigint', 'date'], ['Hour', 1, 0]),
      'INVALID_FUNCTION_ARGUMENT',
      "'hour' is not a valid DATE field",
    );
    assertError(
      () => call('date_diff', ['varchar', 'time(3)', 'time(3)'], ['day', 0, 0]),
      'INVALID_FUNCTION_ARGUMENT',
      "'day' is not a valid Time field",
    );
  });
});

describe('formatting and parsing', () => {
  const v = ts('2001-08-22 03:04:05.321');
  it('formats with MySQL specifiers', () => {
    const cases: [string, string][] = [
      ['%Y-%m-%d %H:%i:%s', '2001-08-22 03:04:05'],
      ['%a %b %c %e %W %M', 'Wed Aug 8 22 Wednesday August'],
      ['%f', '321000'],
      ['%h %I %l %k %p %r %T', '03 03 3 3 AM 03:04:05 AM 03:04:05'],
      ['%j %v %x %y %%', '234 34 2001 01 %'],
      ['%Q', 'Q'],
    ];
    for (const [format, expected] of cases) assert.equal(call('date_format', [T3, 'varchar'], [v, format]), expected);
    assert.equal(call('date_format', [TZ3, 'varchar'], [tz('2001-08-22 03:04:05 Asia/Kolkata'), '%H:%i']), '03:04');
    assertError(
      () => call('date_format', [T3, 'varchar'], [v, '%D']),
      'INVALID_FUNCTION_ARGUMENT',
      '%D not supported in date format string',
    );
  });

  it('parses with MySQL specifiers', () => {
    assert.equal(
      show(T3, call('date_parse', ['varchar', 'varchar'], ['2022/10/20/05', '%Y/%m/%d/%H'])),
      '2022-10-20 05:00:00.000',
    );
    assert.equal(
      show(T3, call('date_parse', ['varchar', 'varchar'], ['20 Oct 2022 5:10 pm', '%e %b %Y %l:%i %p'])),
      '2022-10-20 17:10:00.000',
    );
    assert.equal(
      show(T3, call('date_parse', ['varchar', 'varchar'], ['69-01-01', '%y-%m-%d'])),
      '2069-01-01 00:00:00.000',
    );
    assert.equal(
      show(T3, call('date_parse', ['varchar', 'varchar'], ['70-01-01 1.5', '%y-%m-%d %s.%f'])),
      '1970-01-01 00:00:01.500',
    );
    assertError(
      () => call('date_parse', ['varchar', 'varchar'], ['2022-13-01', '%Y-%m-%d']),
      'INVALID_FUNCTION_ARGUMENT',
      'Cannot parse "2022-13-01": Value 13 for monthOfYear must be in the range [1,12]',
    );
    assertError(
      () => call('date_parse', ['varchar', 'varchar'], ['2022-x', '%Y-%m']),
      'INVALID_FUNCTION_ARGUMENT',
      'Invalid format: "2022-x" is malformed at "x"',
    );
  });

  it('formats with Joda patterns', () => {
    const cases: [string, string][] = [
      ['yyyy-MM-dd HH:mm:ss.SSS', '2001-08-22 03:04:05.321'],
      ['EEEE, MMMM d, yyyy', 'Wednesday, August 22, 2001'],
      ['EEE MMM yy h:mm a', 'Wed Aug 01 3:04 AM'],
      ["'at' HH 'o''clock' ''", "at 03 o'clock '"],
      ['D w e G C', '234 34 3 AD 20'],
      ['Z ZZ ZZZ', '+0000 +00:00 UTC'],
      ['S SS SSSS', '3 32 3210'],
    ];
    for (const [pattern, expected] of cases)
      assert.equal(call('format_datetime', [T3, 'varchar'], [v, pattern]), expected);
    const la = tz('2001-08-22 03:04:05 America/Los_Angeles');
    assert.equal(
      call('format_datetime', [TZ3, 'varchar'], [la, 'HH:mm Z ZZ ZZZ z']),
      '03:04 -0700 -07:00 America/Los_Angeles PDT',
    );
    assertError(
      () => call('format_datetime', [T3, 'varchar'], [v, 'yyyy-QQ']),
      'INVALID_FUNCTION_ARGUMENT',
      'Illegal pattern component: QQ',
    );
  });

  it('parses with Joda patterns', () => {
    const parse = (text: string, pattern: string) =>
      show(TZ3, call('parse_datetime', ['varchar', 'varchar'], [text, pattern]));
    assert.equal(parse('2020-05-11 14:30:15', 'yyyy-MM-dd HH:mm:ss'), '2020-05-11 14:30:15.000 UTC');
    assert.equal(parse('2020-05-11 14:30 +0530', 'yyyy-MM-dd HH:mm Z'), '2020-05-11 14:30:00.000 +05:30');
    assert.equal(
      parse('11/May/2020:02:30:00 PM Europe/Paris', 'dd/MMM/yyyy:hh:mm:ss a ZZZ'),
      '2020-05-11 14:30:00.000 Europe/Paris',
    );
    assert.equal(parse('20200511', 'yyyyMMdd'), '2020-05-11 00:00:00.000 UTC');
    assert.equal(
      show(
        TZ3,
        call('parse_datetime', ['varchar', 'varchar'], ['2020-05-11', 'yyyy-MM-dd'], {
          ...UTC_SESSION,
          timeZone: 'Asia/Tokyo',
        }),
      ),
      '2020-05-11 00:00:00.000 Asia/Tokyo',
    );
    assertError(
      () => parse('2020-05-11', 'yyyy-MM-dd HH'),
      'INVALID_FUNCTION_ARGUMENT',
      'Invalid format: "2020-05-11" is too short',
    );
  });

  it('speaks ISO 8601', () => {
    assert.equal(call('to_iso8601', ['date'], [date('2020-05-11')]), '2020-05-11');
    assert.equal(call('to_iso8601', [T3], [ts('2020-05-11 11:15:05.123')]), '2020-05-11T11:15:05.123');
    assert.equal(
      call('to_iso8601', [TZ3], [tz('2020-05-11 11:15:05.123 America/New_York')]),
      '2020-05-11T11:15:05.123-04:00',
    );
    assert.equal(call('to_iso8601', [TZ3], [tz('2020-05-11 11:15:05.123 UTC')]), '2020-05-11T11:15:05.123Z');
    assert.equal(call('from_iso8601_date', ['varchar'], ['2020-05-11']), date('2020-05-11'));
    assert.equal(call('from_iso8601_date', ['varchar'], ['2020-W10']), date('2020-03-02'));
    assert.equal(call('from_iso8601_date', ['varchar'], ['2020-W10-7']), date('2020-03-08'));
    assert.equal(call('from_iso8601_date', ['varchar'], ['2020-123']), date('2020-05-02'));
    assert.equal(call('from_iso8601_date', ['varchar'], ['2020']), date('2020-01-01'));
    const iso = (text: string) => show(TZ3, call('from_iso8601_timestamp', ['varchar'], [text]));
    assert.equal(iso('2020-05-11T11:15:05+05:30'), '2020-05-11 11:15:05.000 +05:30');
    assert.equal(iso('2020-05-11T11:15:05.055Z'), '2020-05-11 11:15:05.055 UTC');
    assert.equal(iso('2020-05-11T11'), '2020-05-11 11:00:00.000 UTC');
    assert.equal(iso('2020-05-11T10.5'), '2020-05-11 10:30:00.000 UTC');
    assert.equal(iso('2020-05-11'), '2020-05-11 00:00:00.000 UTC');
    const nanos = call('from_iso8601_timestamp_nanos', ['varchar'], ['2020-05-11T11:15:05.123456789Z']);
    assert.equal(show('timestamp(9) with time zone', nanos), '2020-05-11 11:15:05.123456789 UTC');
    assertError(
      () => call('from_iso8601_date', ['varchar'], ['2020-13-01']),
      'INVALID_FUNCTION_ARGUMENT',
      /Invalid format/,
    );
  });
});

describe('unix time, zones and durations', () => {
  it('converts Unix time', () => {
    assert.equal(show(TZ3, call('from_unixtime', ['double'], [1600000000.5])), '2020-09-13 12:26:40.500 UTC');
    assert.equal(
      show(TZ3, call('from_unixtime', ['double', 'varchar'], [0, 'Asia/Kolkata'])),
      '1970-01-01 05:30:00.000 Asia/Kolkata',
    );
    assert.equal(
      show(TZ3, call('from_unixtime', ['double', 'bigint', 'bigint'], [0, -5, -30])),
      '1969-12-31 18:30:00.000 -05:30',
    );
    assert.equal(
      show('timestamp(9) with time zone', call('from_unixtime_nanos', ['bigint'], [1600000000123456789n])),
      '2020-09-13 12:26:40.123456789 UTC',
    );
    assert.equal(
      show('timestamp(9) with time zone', call('from_unixtime_nanos', ['bigint'], [-1])),
      '1969-12-31 23:59:59.999999999 UTC',
    );
    assert.equal(call('to_unixtime', [TZ3], [tz('2020-09-13 12:26:40.500 UTC')]), 1600000000.5);
    assert.equal(call('to_unixtime', [T3], [ts('1970-01-01 01:00:00')], { ...UTC_SESSION, timeZone: '+01:00' }), 0);
  });

  it('handles zones', () => {
    assert.deepEqual(call('now', [], []), { millis: START_TIME, zone: 'UTC' });
    assert.equal(call('current_timezone', [], [], { ...UTC_SESSION, timeZone: 'Europe/Paris' }), 'Europe/Paris');
    const v = tz('2020-05-11 10:00:00 UTC');
    assert.equal(
      show(TZ3, call('at_timezone', [TZ3, 'varchar'], [v, 'America/New_York'])),
      '2020-05-11 06:00:00.000 America/New_York',
    );
    assert.equal(
      show(TZ3, call('with_timezone', [T3, 'varchar'], [ts('2020-05-11 10:00:00'), 'Asia/Tokyo'])),
      '2020-05-11 10:00:00.000 Asia/Tokyo',
    );
    assertError(
      () => call('at_timezone', [TZ3, 'varchar'], [v, 'Mars/Olympus']),
      'INVALID_FUNCTION_ARGUMENT',
      'Time zone not supported: Mars/Olympus',
    );
  });

  it('parses and prints durations', () => {
    assert.equal(call('parse_duration', ['varchar'], ['42.8ms']), 43);
    assert.equal(call('parse_duration', ['varchar'], ['3.81 d']), 329_184_000);
    assert.equal(call('parse_duration', ['varchar'], ['5m']), 300_000);
    assertError(
      () => call('parse_duration', ['varchar'], ['abc']),
      'INVALID_FUNCTION_ARGUMENT',
      'duration is not a valid data duration string: abc',
    );
    // A unit named like an Object property once read the prototype and answered NaN.
    for (const text of ['1constructor', '1toString', '10S']) {
      assertError(
        () => call('parse_duration', ['varchar'], [text]),
        'INVALID_FUNCTION_ARGUMENT',
        `duration is not a valid data duration string: ${text}`,
      );
    }
    assert.equal(call('to_milliseconds', ['interval day to second'], [1234]), 1234);
    assert.equal(call('human_readable_seconds', ['double'], [96]), '1 minute, 36 seconds');
    assert.equal(call('human_readable_seconds', ['double'], [3762]), '1 hour, 2 minutes, 42 seconds');
    assert.equal(
      call('human_readable_seconds', ['double'], [56363463]),
      '93 weeks, 1 day, 8 hours, 31 minutes, 3 seconds',
    );
    assert.equal(call('human_readable_seconds', ['double'], [0]), '0 seconds');
  });

  it('converts with date()', () => {
    assert.equal(call('date', ['varchar'], ['2020-05-11']), date('2020-05-11'));
    assert.equal(call('date', [TZ3], [tz('2020-05-11 23:00:00 -05:00')]), date('2020-05-11'));
    assertError(
      () => call('date', ['varchar'], ['2020-02-30']),
      'INVALID_CAST_ARGUMENT',
      'Value cannot be cast to date: 2020-02-30',
    );
  });
});
