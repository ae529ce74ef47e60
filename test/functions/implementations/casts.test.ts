import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, bytes, cast, START_TIME, tryCast, UTC_SESSION } from './harness.js';

describe('numeric casts', () => {
  const cases: [string, string, unknown, unknown][] = [
    ['integer', 'tinyint', 127, 127],
    ['bigint', 'integer', -5, -5],
    ['double', 'integer', 2.5, 3],
    ['double', 'integer', -2.5, -3],
    ['double', 'bigint', 1e15 + 0.5, 1e15 + 1],
    ['real', 'smallint', Math.fround(1.5), 2],
    ['double', 'real', 0.1, Math.fround(0.1)],
    ['bigint', 'double', 9223372036854775807n, Number(9223372036854775807n)],
    ['integer', 'decimal(5,2)', 123, 12300],
    ['bigint', 'decimal(20,0)', 5, 5n],
    ['decimal(5,2)', 'integer', 12350, 124],
    ['decimal(5,2)', 'integer', -12350, -124],
    ['decimal(5,2)', 'double', 12345, 123.45],
    ['decimal(20,2)', 'double', 12345n, 123.45],
    ['decimal(5,2)', 'decimal(4,1)', 12345, 1235],
    ['decimal(5,2)', 'decimal(4,1)', -12345, -1235],
    // A long decimal computed as a safe integer is a number (decimal-values.ts).
    ['decimal(5,2)', 'decimal(20,5)', 12345, 12345000],
    ['double', 'decimal(5,2)', 1.005, 101],
    ['double', 'decimal(3,1)', -0.25, -3],
    ['boolean', 'integer', true, 1],
    ['boolean', 'decimal(3,2)', true, 100],
    ['integer', 'boolean', 0, false],
    ['double', 'boolean', Number.NaN, true],
    ['decimal(20,2)', 'boolean', 0n, false],
  ];
  for (const [from, to, value, expected] of cases) {
    it(`CAST(${from} ${String(value)} AS ${to}) = ${String(expected)}`, () =>
      assert.equal(cast(from, to, value), expected));
  }

  it('reports range errors as Trino does', () => {
    assertError(() => cast('integer', 'tinyint', 128), 'NUMERIC_VALUE_OUT_OF_RANGE', 'Out of range for tinyint: 128');
    assertError(
      () => cast('bigint', 'integer', 3000000000),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Out of range for integer: 3000000000',
    );
    assertError(() => cast('double', 'bigint', 1e20), 'INVALID_CAST_ARGUMENT', 'Unable to cast 1.0E20 to bigint');
    assertError(() => cast('double', 'integer', Number.NaN), 'INVALID_CAST_ARGUMENT', 'Unable to cast NaN to integer');
    assertError(() => cast('decimal(5,2)', 'tinyint', 20000), 'INVALID_CAST_ARGUMENT', "Cannot cast '200' to TINYINT");
    assertError(
      () => cast('bigint', 'decimal(3,0)', 1000),
      'INVALID_CAST_ARGUMENT',
      "Cannot cast BIGINT '1000' to DECIMAL(3, 0)",
    );
    assertError(
      () => cast('double', 'decimal(3,1)', 100),
      'INVALID_CAST_ARGUMENT',
      "Cannot cast DOUBLE '100.0' to DECIMAL(3, 1)",
    );
    assertError(
      () => cast('decimal(5,2)', 'decimal(3,2)', 12345),
      'INVALID_CAST_ARGUMENT',
      "Cannot cast DECIMAL(5, 2) '123.45' to DECIMAL(3, 2)",
    );
  });
});

describe('casts to varchar', () => {
  const cases: [string, unknown, string][] = [
    ['double', 1e10, '1.0E10'],
    ['double', 0.1, '0.1'],
    ['double', 100, '100.0'],
    ['double', 1e-4, '1.0E-4'],
    ['double', 0.001, '0.001'],
    ['double', 9999999, '9999999.0'],
    ['double', 1e7, '1.0E7'],
    ['double', -123.456, '-123.456'],
    ['double', -0, '-0.0'],
    ['double', Number.NaN, 'NaN'],
    ['double', Number.NEGATIVE_INFINITY, '-Infinity'],
    ['double', 1.2345678901234567e-20, '1.2345678901234567E-20'],
    ['real', Math.fround(0.1), '0.1'],
    ['real', Math.fround(3.4028235e38), '3.4028235E38'],
    ['real', Math.fround(1.1), '1.1'],
    ['decimal(5,2)', -5, '-0.05'],
    ['decimal(20,3)', 123456789012345678n, '123456789012345.678'],
    ['bigint', 9223372036854775807n, '9223372036854775807'],
    ['boolean', true, 'true'],
    ['date', 0, '1970-01-01'],
    ['time(3)', 3_723_004, '01:02:03.004'],
    ['time(6)', 3_723_004_005, '01:02:03.004005'],
    ['timestamp(0)', 86_400_000, '1970-01-02 00:00:00'],
    ['timestamp(6)', 1_500_000, '1970-01-01 00:00:01.500000'],
    ['interval day to second', 90_061_001, '1 01:01:01.001'],
    ['interval day to second', -1000, '-0 00:00:01.000'],
    ['interval year to month', 14, '1-2'],
    ['interval year to month', -14, '-1-2'],
  ];
  for (const [from, value, expected] of cases) {
    it(`CAST(${from} ${String(value)} AS varchar) = ${expected}`, () =>
      assert.equal(cast(from, 'varchar', value), expected));
  }

  it('prints zoned values with their zone', () => {
    assert.equal(
      cast('timestamp(3) with time zone', 'varchar', { millis: 0, zone: 'America/New_York' }),
      '1969-12-31 19:00:00.000 America/New_York',
    );
    assert.equal(cast('time(3) with time zone', 'varchar', { millis: 1000, zone: '+05:30' }), '00:00:01.000+05:30');
  });

  it('bounds varchar(n): truncating strings, refusing longer texts of other types', () => {
    assert.equal(cast('varchar', 'varchar(3)', 'abcdef'), 'abc');
    assert.equal(cast('varchar', 'varchar(2)', '😀😀😀'), '😀😀');
    assert.equal(cast('char(5)', 'varchar', 'ab'), 'ab   ');
    assert.equal(cast('char(5)', 'varchar(3)', 'ab'), 'ab ');
    assert.equal(cast('varchar', 'char(3)', 'ab   cd'), 'ab');
    assert.equal(cast('varchar', 'char(5)', 'ab  '), 'ab');
    assert.equal(cast('integer', 'varchar(5)', 12345), '12345');
    assertError(
      () => cast('integer', 'varchar(3)', 12345),
      'INVALID_CAST_ARGUMENT',
      'Value 12345 cannot be represented as varchar(3)',
    );
  });
});

describe('casts from varchar', () => {
  const cases: [string, string, unknown][] = [
    ['integer', ' 42 ', 42],
    ['integer', '-7', -7],
    ['bigint', '9223372036854775807', 9223372036854775807n],
    ['tinyint', '+12', 12],
    ['double', '1e3', 1000],
    ['double', ' .5 ', 0.5],
    ['double', 'NaN', Number.NaN],
    ['double', '-Infinity', Number.NEGATIVE_INFINITY],
    ['double', '1.5d', 1.5],
    ['double', '0x1p4', 16],
    ['real', '1.1', Math.fround(1.1)],
    ['boolean', 'TRUE', true],
    ['boolean', 'f', false],
    ['boolean', '1', true],
    ['decimal(5,2)', '123.456', 12346],
    ['decimal(5,2)', '-123.455', -12346],
    ['decimal(10,0)', '1e3', 1000],
    ['decimal(20,2)', '.5', 50n],
    ['date', '2001-8-22', 11556],
    ['date', ' 2001-08-22 ', 11556],
  ];
  for (const [to, text, expected] of cases) {
    it(`CAST('${text}' AS ${to})`, () => assert.deepEqual(cast('varchar', to, text), expected));
  }

  it('reports unparseable text with Trino messages', () => {
    assertError(() => cast('varchar', 'integer', 'abc'), 'INVALID_CAST_ARGUMENT', "Cannot cast 'abc' to INT");
    assertError(
      () => cast('varchar', 'integer', '3000000000'),
      'INVALID_CAST_ARGUMENT',
      "Cannot cast '3000000000' to INT",
    );
    assertError(() => cast('varchar', 'bigint', '1.0'), 'INVALID_CAST_ARGUMENT', "Cannot cast '1.0' to BIGINT");
    assertError(() => cast('varchar', 'double', 'one'), 'INVALID_CAST_ARGUMENT', "Cannot cast 'one' to DOUBLE");
    assertError(() => cast('varchar', 'boolean', 'yes'), 'INVALID_CAST_ARGUMENT', "Cannot cast 'yes' to BOOLEAN");
    assertError(
      () => cast('varchar', 'decimal(5,2)', 'x1'),
      'INVALID_CAST_ARGUMENT',
      "Cannot cast VARCHAR 'x1' to DECIMAL(5, 2). Value is not a number.",
    );
    assertError(
      () => cast('varchar', 'decimal(5,2)', '1234'),
      'INVALID_CAST_ARGUMENT',
      "Cannot cast VARCHAR '1234' to DECIMAL(5, 2). Value too large.",
    );
    assertError(
      () => cast('varchar', 'date', '2001-02-29'),
      'INVALID_CAST_ARGUMENT',
      'Value cannot be cast to date: 2001-02-29',
    );
    assertError(
      () => cast('varchar', 'timestamp(3)', '2001-01-01 25:00'),
      'INVALID_CAST_ARGUMENT',
      'Value cannot be cast to timestamp: 2001-01-01 25:00',
    );
    assertError(
      () => cast('varchar', 'time(3)', '10:61'),
      'INVALID_CAST_ARGUMENT',
      'Value cannot be cast to time: 10:61',
    );
  });

  it('parses timestamps and times, rounding to the precision', () => {
    assert.equal(cast('varchar', 'timestamp(3)', '2020-01-01 10:11:12.3456'), Date.UTC(2020, 0, 1, 10, 11, 12, 346));
    assert.equal(cast('varchar', 'timestamp(0)', '2020-01-01 23:59:59.5'), Date.UTC(2020, 0, 2));
    assert.equal(cast('varchar', 'timestamp(6)', '2020-01-01 00:00:00.0000015'), Date.UTC(2020, 0, 1) * 1000 + 2);
    assert.deepEqual(cast('varchar', 'timestamp(9)', '1970-01-01 00:00:00.123456789'), {
      millis: 123,
      picos: 456789000,
    });
    assert.equal(cast('varchar', 'timestamp(3)', '2020-01-01'), Date.UTC(2020, 0, 1));
    assert.equal(cast('varchar', 'time(3)', '01:02'), 3_720_000);
    assert.equal(cast('varchar', 'time(9)', '00:00:01.123456789'), 1_123_456_789);
    assert.deepEqual(cast('varchar', 'timestamp(3) with time zone', '2020-01-01 10:00 Europe/Berlin'), {
      millis: Date.UTC(2020, 0, 1, 9),
      zone: 'Europe/Berlin',
    });
    assert.deepEqual(cast('varchar', 'timestamp(3) with time zone', '2020-01-01 10:00:00+01:00'), {
      millis: Date.UTC(2020, 0, 1, 9),
      zone: '+01:00',
    });
    assert.deepEqual(
      cast('varchar', 'timestamp(3) with time zone', '2020-01-01 10:00', { ...UTC_SESSION, timeZone: 'Asia/Tokyo' }),
      { millis: Date.UTC(2020, 0, 1, 1), zone: 'Asia/Tokyo' },
    );
    assert.deepEqual(cast('varchar', 'time(3) with time zone', '10:00 +05:30'), { millis: 36_000_000, zone: '+05:30' });
  });
});

describe('date/time casts', () => {
  const session = { timeZone: 'America/New_York', startTime: START_TIME };
  it('converts between dates and timestamps', () => {
    assert.equal(cast('date', 'timestamp(3)', 1), 86_400_000);
    assert.equal(cast('date', 'timestamp(6)', 1), 86_400_000_000);
    assert.equal(cast('timestamp(3)', 'date', -1), -1);
    assert.deepEqual(cast('date', 'timestamp(3) with time zone', 0, session), {
      millis: 5 * 3_600_000,
      zone: 'America/New_York',
    });
    assert.equal(cast('timestamp(3) with time zone', 'date', { millis: 3_600_000, zone: '-05:00' }), -1);
  });

  it('rounds precision changes HALF_UP', () => {
    assert.equal(cast('timestamp(6)', 'timestamp(3)', 1_500), 2);
    assert.equal(cast('timestamp(6)', 'timestamp(3)', -1_500), -1);
    assert.equal(cast('timestamp(3)', 'timestamp(0)', 1_499), 1_000);
    assert.equal(cast('timestamp(3)', 'timestamp(6)', 7), 7_000);
    assert.deepEqual(cast('timestamp(9)', 'timestamp(6)', { millis: 1, picos: 999_500_000 }), 2_000);
    assert.equal(cast('time(6)', 'time(0)', 86_399_600_000), 0);
    assert.deepEqual(
      cast('timestamp(3) with time zone', 'timestamp(0) with time zone', { millis: 1_500, zone: 'UTC' }),
      {
        millis: 2_000,
        zone: 'UTC',
      },
    );
  });

  it('moves between zoned and local values through the session zone', () => {
    assert.deepEqual(cast('timestamp(3)', 'timestamp(3) with time zone', 0, session), {
      millis: 5 * 3_600_000,
      zone: 'America/New_York',
    });
    assert.equal(cast('timestamp(3) with time zone', 'timestamp(3)', { millis: 0, zone: 'Asia/Kolkata' }), 19_800_000);
    assert.equal(cast('timestamp(3) with time zone', 'time(3)', { millis: 0, zone: 'Asia/Kolkata' }), 19_800_000);
    assert.deepEqual(
      cast('timestamp(3) with time zone', 'time(3) with time zone', { millis: 0, zone: 'Asia/Kolkata' }),
      {
        millis: 19_800_000,
        zone: '+05:30',
      },
    );
    assert.deepEqual(cast('time(3)', 'time(3) with time zone', 0, session), { millis: 0, zone: '-04:00' });
    assert.equal(cast('time(3) with time zone', 'time(3)', { millis: 5, zone: '+01:00' }), 5);
    // A time becomes a timestamp on the session's current date (2024-03-15 in New York at the start).
    assert.equal(cast('time(3)', 'timestamp(3)', 1000, session), Date.UTC(2024, 2, 15) + 1000);
    assert.deepEqual(cast('time(3) with time zone', 'timestamp(3) with time zone', { millis: 0, zone: '+01:00' }), {
      millis: Date.UTC(2024, 2, 15) - 3_600_000,
      zone: '+01:00',
    });
  });
});

describe('JSON casts', () => {
  it('writes values as JSON', () => {
    assert.equal(cast('boolean', 'json', true), 'true');
    assert.equal(cast('double', 'json', 1e10), '1.0E10');
    assert.equal(cast('double', 'json', Number.NaN), '"NaN"');
    assert.equal(cast('decimal(10,2)', 'json', 12345), '123.45');
    assert.equal(cast('decimal(10,8)', 'json', 1), '1E-8');
    assert.equal(cast('varchar', 'json', 'a"b'), '"a\\"b"');
    assert.equal(cast('varchar', 'json', '[1]'), '"[1]"');
    assert.equal(cast('date', 'json', 0), '"1970-01-01"');
    assert.equal(cast('array(integer)', 'json', [1, null, 3]), '[1,null,3]');
    assert.equal(
      cast(
        'map(varchar,integer)',
        'json',
        new Map([
          ['b', 1],
          ['a', 2],
        ]),
      ),
      '{"a":2,"b":1}',
    );
    assert.equal(
      cast(
        'map(integer,array(varchar))',
        'json',
        new Map([
          [2, ['x']],
          [10, []],
        ]),
      ),
      '{"10":[],"2":["x"]}',
    );
    assert.equal(cast('row(x integer,y varchar)', 'json', [1, 'a']), '{"x":1,"y":"a"}');
    assert.equal(cast('row(integer,varchar)', 'json', [1, 'a']), '[1,"a"]');
    assert.equal(cast('array(json)', 'json', ['{"a":1}', 'null']), '[{"a":1},null]');
  });

  it('reads JSON into values', () => {
    assert.equal(cast('json', 'bigint', '12'), 12);
    assert.equal(cast('json', 'bigint', '12.6'), 13);
    assert.equal(cast('json', 'bigint', '"34"'), 34);
    assert.equal(cast('json', 'bigint', 'true'), 1);
    assert.equal(cast('json', 'double', '1e2'), 100);
    assert.equal(cast('json', 'varchar', '"abc"'), 'abc');
    assert.equal(cast('json', 'varchar', '1.50'), '1.5');
    assert.equal(cast('json', 'varchar', '123'), '123');
    assert.equal(cast('json', 'boolean', '"true"'), true);
    assert.equal(cast('json', 'decimal(5,2)', '1.235'), 124);
    assert.equal(cast('json', 'integer', 'null'), null);
    assert.deepEqual(cast('json', 'array(integer)', '[1,null,"3"]'), [1, null, 3]);
    assert.deepEqual(
      cast('json', 'map(varchar,array(bigint))', '{"a":[1],"b":null}'),
      new Map([
        ['a', [1]],
        ['b', null],
      ]),
    );
    assert.deepEqual(cast('json', 'map(bigint,varchar)', '{"1":"x"}'), new Map([[1, 'x']]));
    assert.deepEqual(cast('json', 'row(a bigint,b varchar)', '{"B":"x","a":1,"c":true}'), [1, 'x']);
    assert.deepEqual(cast('json', 'row(bigint,varchar)', '[1,"x"]'), [1, 'x']);
    assert.deepEqual(cast('json', 'array(json)', '[{"a":1},2]'), ['{"a":1}', '2']);
  });

  it('refuses mismatched JSON', () => {
    assertError(() => cast('json', 'varchar', '[1]'), 'INVALID_CAST_ARGUMENT', "Cannot cast '[1]' to VARCHAR");
    assertError(() => cast('json', 'bigint', '"x"'), 'INVALID_CAST_ARGUMENT', "Cannot cast 'x' to BIGINT");
    assertError(
      () => cast('json', 'array(bigint)', '{"a":1}'),
      'INVALID_CAST_ARGUMENT',
      'Cannot cast to array(bigint).\n{"a":1}',
    );
    assert.equal(tryCast('json', 'array(bigint)', '{"a":1}'), null);
  });
});

describe('container casts and TRY_CAST', () => {
  it('casts element-wise', () => {
    assert.deepEqual(cast('array(varchar)', 'array(integer)', ['1', null, '3']), [1, null, 3]);
    assert.deepEqual(cast('map(varchar,double)', 'map(bigint,varchar)', new Map([['1', 1.5]])), new Map([[1, '1.5']]));
    assert.deepEqual(cast('row(varchar,integer)', 'row(x integer,y double)', ['4', 5]), [4, 5]);
    assertError(
      () =>
        cast(
          'map(varchar,integer)',
          'map(integer,integer)',
          new Map([
            ['1', 1],
            ['01', 2],
          ]),
        ),
      'INVALID_CAST_ARGUMENT',
      'Duplicate keys are not allowed',
    );
  });

  it('returns NULL from TRY_CAST for cast errors only', () => {
    assert.equal(tryCast('varchar', 'integer', 'abc'), null);
    assert.equal(tryCast('bigint', 'tinyint', 1000), null);
    assert.equal(tryCast('varchar', 'integer', '12'), 12);
  });

  it('passes identical and unknown types through', () => {
    const value = bytes('00ff');
    assert.equal(cast('varbinary', 'varbinary', value), value);
    assert.equal(cast('unknown', 'array(bigint)', null), null);
  });
});
