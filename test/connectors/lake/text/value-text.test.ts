import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatValueText,
  INVALID,
  parseIntegerText,
  parseValueText,
} from '../../../../src/connectors/lake/text/value-text.js';
import { formatType } from '../../../../src/types/format-type.js';
import {
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  REAL,
  SMALLINT,
  TINYINT,
  time,
  timestamp,
  VARBINARY,
  varchar,
} from '../../../../src/types/type.js';

describe('lake value text', () => {
  it('parses integers by hand, with signs, spaces, range checks and bigints beyond 2^53', () => {
    assert.equal(parseIntegerText(' -42 '), -42);
    assert.equal(parseIntegerText('+7'), 7);
    assert.equal(parseIntegerText('x1,23x', 3, 5), 23);
    assert.equal(parseIntegerText('9223372036854775807'), 9223372036854775807n);
    assert.equal(parseIntegerText('12a'), INVALID);
    assert.equal(parseIntegerText('-'), INVALID);
    assert.equal(parseIntegerText(''), INVALID);
    assert.equal(parseValueText(TINYINT, '128'), INVALID);
    assert.equal(parseValueText(SMALLINT, '-32768'), -32768);
    assert.equal(parseValueText(INTEGER, '2147483648'), INVALID);
    assert.equal(parseValueText(BIGINT, '9223372036854775808'), INVALID);
  });

  it('parses every scalar type it supports and rejects what is not a value', () => {
    const cases: [Parameters<typeof parseValueText>[0], string, unknown][] = [
      [BOOLEAN, 'TRUE', true],
      [BOOLEAN, 'yes', INVALID],
      [DOUBLE, '1e3', 1000],
      [DOUBLE, '-Infinity', Number.NEGATIVE_INFINITY],
      [DOUBLE, '0x10', INVALID],
      [DOUBLE, '', INVALID],
      [REAL, '0.1', Math.fround(0.1)],
      [decimal(5, 2), '12.345', 1235],
      [decimal(5, 2), '-12.344', -1234],
      [decimal(5, 2), '1e2', 10000],
      [decimal(5, 2), '1000', INVALID],
      [decimal(20, 2), '123456789012345678.9', 12345678901234567890n],
      [DATE, '1970-01-02', 1],
      [DATE, '2023-02-29', INVALID],
      [DATE, '2024-02-29', 19782],
      [timestamp(3), '1970-01-01 00:00:01.5', 1500],
      [timestamp(6), '1970-01-01T00:00:00.000001', 1],
      [timestamp(3), '1970-01-01', 0],
      [timestamp(3), '1970-01-01 24:00:00', INVALID],
      [timestamp(9), '1970-01-01 00:00:00.123456789', { millis: 123, picos: 456789000, zone: 'UTC' }],
      [time(3), '01:02:03.004', 3723004],
      [varchar(3), 'abcd', INVALID],
      [VARBINARY, '0aff', Uint8Array.of(10, 255)],
      [VARBINARY, 'xyz', INVALID],
    ];
    for (const [type, text, expected] of cases) {
      assert.deepEqual(parseValueText(type, text), expected, `${formatType(type)} '${text}'`);
    }
  });

  it('formats values so that they parse back', () => {
    const values: [Parameters<typeof parseValueText>[0], unknown][] = [
      [BOOLEAN, false],
      [BIGINT, -5],
      [DOUBLE, 0.1],
      [REAL, Math.fround(0.1)],
      [decimal(6, 3), -5],
      [decimal(25, 5), -123456789012345678901n],
      [DATE, -1],
      [timestamp(6), 1704067200123456],
      [timestamp(9), { millis: 1, picos: 5000, zone: 'UTC' }],
      [time(6), 1],
      [VARBINARY, Uint8Array.of(0, 1)],
    ];
    for (const [type, value] of values) {
      const text = formatValueText(type, value);
      assert.deepEqual(parseValueText(type, text), value, `${formatType(type)} ${text}`);
    }
    assert.equal(formatValueText(decimal(6, 3), -5), '-0.005');
    assert.equal(formatValueText(REAL, Math.fround(0.1)), '0.1');
  });
});
