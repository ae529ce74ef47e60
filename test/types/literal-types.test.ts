import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import {
  codePointCount,
  parseIntegerLiteral,
  typeOfDecimalLiteral,
  typeOfGenericLiteral,
  typeOfIntegerLiteral,
  typeOfStringLiteral,
} from '../../src/types/literal-types.js';
import { formatType } from '../../src/types/type-signature.js';

function throwsVivace(fn: () => unknown, name: string, message: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof VivaceError, String(e));
    assert.equal(e.errorName, name);
    assert.equal(e.rawMessage, message);
    return true;
  });
}

describe('typeOfIntegerLiteral', () => {
  const cases: readonly [string, string][] = [
    ['0', 'integer'],
    ['42', 'integer'],
    ['2147483647', 'integer'],
    ['2147483648', 'bigint'],
    ['-2147483648', 'integer'],
    ['-2147483649', 'bigint'],
    ['9223372036854775807', 'bigint'],
    ['-9223372036854775808', 'bigint'],
    ['1_000_000', 'integer'],
    ['0x7FFFFFFF', 'integer'],
    ['0x80000000', 'bigint'],
    ['0b101', 'integer'],
    ['0o777', 'integer'],
  ];
  for (const [text, expected] of cases) {
    it(`${text} is ${expected}`, () => {
      assert.equal(formatType(typeOfIntegerLiteral(text)), expected);
    });
  }

  it('keeps the exact value', () => {
    assert.equal(parseIntegerLiteral('9223372036854775807'), 9223372036854775807n);
    assert.equal(parseIntegerLiteral('0xff'), 255n);
    assert.equal(parseIntegerLiteral('1_000'), 1000n);
  });

  for (const text of [
    '9223372036854775808',
    '-9223372036854775809',
    '99999999999999999999',
    '1__0',
    '1_',
    '0x',
    'abc',
  ]) {
    it(`rejects ${text}`, () => {
      throwsVivace(() => typeOfIntegerLiteral(text), 'SYNTAX_ERROR', `Invalid numeric literal: ${text}`);
    });
  }

  it('places the error at the literal', () => {
    assert.throws(
      () => typeOfIntegerLiteral('99999999999999999999', { line: 2, column: 5, offset: 10 }),
      /^VivaceError: line 2:5: Invalid numeric literal: 99999999999999999999$/,
    );
  });
});

describe('typeOfDecimalLiteral', () => {
  const cases: readonly [string, string][] = [
    ['1.50', 'decimal(3,2)'],
    ['.5', 'decimal(1,1)'],
    ['0.05', 'decimal(2,2)'],
    ['1.', 'decimal(1,0)'],
    ['0', 'decimal(1,0)'],
    ['0.0', 'decimal(1,1)'],
    ['007.5', 'decimal(2,1)'],
    ['-12.345', 'decimal(5,3)'],
    ['+1.5', 'decimal(2,1)'],
    ['12345678901234567890.123456789012345678', 'decimal(38,18)'],
  ];
  for (const [text, expected] of cases) {
    it(`${text} is ${expected}`, () => {
      assert.equal(formatType(typeOfDecimalLiteral(text)), expected);
    });
  }

  for (const text of ['123456789012345678901234567890.123456789', '.', '1.2.3', '', '1e5', '--1']) {
    it(`rejects ${JSON.stringify(text)}`, () => {
      throwsVivace(() => typeOfDecimalLiteral(text), 'INVALID_LITERAL', `'${text}' is not a valid DECIMAL literal`);
    });
  }
});

describe('typeOfStringLiteral', () => {
  it('counts code points', () => {
    assert.equal(formatType(typeOfStringLiteral('abc')), 'varchar(3)');
    assert.equal(formatType(typeOfStringLiteral('')), 'varchar(0)');
    assert.equal(formatType(typeOfStringLiteral('h\u00e9\u{1F600}')), 'varchar(3)');
    assert.equal(codePointCount('\u{1F600}\u{1F600}'), 2);
    assert.equal(codePointCount('\ud800x'), 2, 'a lone surrogate is one character');
  });
});

describe('typeOfGenericLiteral', () => {
  // [type name, value, expected type]
  const cases: readonly [string, string, string][] = [
    ['date', '2020-01-31', 'date'],
    ['date', '2020-2-9', 'date'],
    ['date', '2020-02-29', 'date'],
    ['date', ' 2020-01-01 ', 'date'],
    ['time', '01:02:03', 'time(0)'],
    ['time', '01:02', 'time(0)'],
    ['time', '01:02:03.123', 'time(3)'],
    ['time', '23:59:59.123456789012', 'time(12)'],
    ['time', '01:02:03.5 +05:30', 'time(1) with time zone'],
    ['time', '01:02:03-08:00', 'time(0) with time zone'],
    ['timestamp', '2020-01-01', 'timestamp(0)'],
    ['timestamp', '2020-01-01 00:00:00', 'timestamp(0)'],
    ['timestamp', '2020-01-01 00:00:00.123', 'timestamp(3)'],
    ['timestamp', '2020-01-01 00:00:00.123456', 'timestamp(6)'],
    ['timestamp', '2020-01-01 00:00', 'timestamp(0)'],
    ['timestamp', '2020-01-01 00:00:00.123 UTC', 'timestamp(3) with time zone'],
    ['timestamp', '2020-01-01 00:00:00 America/Los_Angeles', 'timestamp(0) with time zone'],
    ['timestamp', '2020-01-01 00:00:00.123456+05:30', 'timestamp(6) with time zone'],
    ['timestamp', '2020-01-01 Europe/Berlin', 'timestamp(0) with time zone'],
    ['char', 'ab', 'char(2)'],
    ['char', 'ab  ', 'char(4)'],
    ['char', '', 'char(0)'],
    ['varchar', 'abc', 'varchar'],
    ['bigint', '12', 'bigint'],
    ['bigint', ' -12 ', 'bigint'],
    ['integer', '2147483647', 'integer'],
    ['tinyint', '-128', 'tinyint'],
    ['smallint', '32767', 'smallint'],
    ['double', '1.5e3', 'double'],
    ['double', 'NaN', 'double'],
    ['double precision', '-Infinity', 'double'],
    ['real', '.5', 'real'],
    ['boolean', 'true', 'boolean'],
    ['boolean', 'F', 'boolean'],
    ['boolean', '1', 'boolean'],
    ['decimal', '1.50', 'decimal(3,2)'],
    ['json', '{"a": [1, 2]}', 'json'],
    ['json', '1', 'json'],
    ['timestamp with time zone', '2020-01-01 00:00:00 UTC', 'timestamp(3) with time zone'],
    ['time with time zone', '01:02:03+01:00', 'time(3) with time zone'],
  ];
  for (const [type, value, expected] of cases) {
    it(`${type.toUpperCase()} '${value}' is ${expected}`, () => {
      assert.equal(formatType(typeOfGenericLiteral(type, value)), expected);
    });
  }

  // [type name, value, error name, message]
  const errors: readonly [string, string, string, string][] = [
    ['date', '2020-13-45', 'INVALID_LITERAL', "'2020-13-45' is not a valid DATE literal"],
    ['date', '2019-02-29', 'INVALID_LITERAL', "'2019-02-29' is not a valid DATE literal"],
    ['date', '2020-01-01 00:00', 'INVALID_LITERAL', "'2020-01-01 00:00' is not a valid DATE literal"],
    ['date', 'today', 'INVALID_LITERAL', "'today' is not a valid DATE literal"],
    ['time', '24:00:00', 'INVALID_LITERAL', "'24:00:00' is not a valid TIME literal"],
    ['time', '01:60', 'INVALID_LITERAL', "'01:60' is not a valid TIME literal"],
    ['time', '01:02:03.', 'INVALID_LITERAL', "'01:02:03.' is not a valid TIME literal"],
    ['time', '01:02:03 America/New_York', 'INVALID_LITERAL', "'01:02:03 America/New_York' is not a valid TIME literal"],
    ['time', '01:02:03.1234567890123', 'NUMERIC_VALUE_OUT_OF_RANGE', 'TIME precision must be in range [0, 12]: 13'],
    ['timestamp', '2020-13-01', 'INVALID_LITERAL', "'2020-13-01' is not a valid TIMESTAMP literal"],
    ['timestamp', 'xxx', 'INVALID_LITERAL', "'xxx' is not a valid TIMESTAMP literal"],
    ['timestamp', '2020-01-01T00:00:00', 'INVALID_LITERAL', "'2020-01-01T00:00:00' is not a valid TIMESTAMP literal"],
    ['timestamp', '2020-01-01 ', 'INVALID_LITERAL', "'2020-01-01 ' is not a valid TIMESTAMP literal"],
    [
      'timestamp',
      '2020-05-01 12:34:56.1234567890123',
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'TIMESTAMP precision must be in range [0, 12]: 13',
    ],
    ['timestamp', '2020-01-01 00:00:00 Mars/Olympus', 'NOT_SUPPORTED', 'Time zone not supported: Mars/Olympus'],
    ['bigint', '1.5', 'INVALID_LITERAL', "'1.5' is not a valid BIGINT literal"],
    ['tinyint', '128', 'INVALID_LITERAL', "'128' is not a valid TINYINT literal"],
    ['integer', '2147483648', 'INVALID_LITERAL', "'2147483648' is not a valid INTEGER literal"],
    ['double', '1.5.5', 'INVALID_LITERAL', "'1.5.5' is not a valid DOUBLE literal"],
    ['real', 'e5', 'INVALID_LITERAL', "'e5' is not a valid REAL literal"],
    ['boolean', 'yes', 'INVALID_LITERAL', "'yes' is not a valid BOOLEAN literal"],
    ['json', '{"a":', 'INVALID_LITERAL', `'{"a":' is not a valid JSON literal`],
    ['decimal', 'abc', 'INVALID_LITERAL', "'abc' is not a valid DECIMAL literal"],
    ['varbinary', 'abc', 'INVALID_LITERAL', 'No literal form for type varbinary'],
    ['interval day to second', '1', 'INVALID_LITERAL', 'No literal form for type interval day to second'],
    ['foo', 'abc', 'TYPE_NOT_FOUND', 'Unknown type: foo'],
    [
      'timestamp with time zone',
      '2020-01-01 00:00:00',
      'INVALID_LITERAL',
      "'2020-01-01 00:00:00' is not a valid TIMESTAMP(3) WITH TIME ZONE literal",
    ],
  ];
  for (const [type, value, name, message] of errors) {
    it(`rejects ${type.toUpperCase()} '${value}'`, () => {
      throwsVivace(() => typeOfGenericLiteral(type, value), name, message);
    });
  }

  it('places errors at the literal', () => {
    assert.throws(
      () => typeOfGenericLiteral('date', '2020-13-45', { line: 1, column: 8, offset: 7 }),
      /^VivaceError: line 1:8: '2020-13-45' is not a valid DATE literal$/,
    );
    assert.throws(
      () => typeOfGenericLiteral('foo', 'x', { line: 3, column: 1, offset: 20 }),
      /^VivaceError: line 3:1: Unknown type: foo$/,
    );
  });
});
