import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { makeType } from '../../src/types/make-type.js';
import {
  arrayOf,
  BIGINT,
  char,
  DOUBLE,
  decimal,
  functionType,
  INTEGER,
  mapOf,
  rowOf,
  type Type,
  time,
  timestamp,
  typeEquals,
  VARCHAR,
  varchar,
} from '../../src/types/type.js';
import { formatType, formatTypeSignature, parseType } from '../../src/types/type-signature.js';

// Signatures that are already in Trino's display form: parse(s) prints back as s.
const DISPLAY_ROUND_TRIPS: readonly string[] = [
  'boolean',
  'tinyint',
  'smallint',
  'integer',
  'bigint',
  'real',
  'double',
  'decimal(12,2)',
  'decimal(38,0)',
  'decimal(1,1)',
  'varchar',
  'varchar(25)',
  'varchar(0)',
  'char(1)',
  'char(65536)',
  'varbinary',
  'date',
  'time(0)',
  'time(3)',
  'time(12)',
  'time(3) with time zone',
  'timestamp(0)',
  'timestamp(3)',
  'timestamp(6)',
  'timestamp(3) with time zone',
  'timestamp(6) with time zone',
  'interval day to second',
  'interval year to month',
  'json',
  'unknown',
  'array(bigint)',
  'array(array(varchar(3)))',
  'map(varchar, bigint)',
  'map(bigint, array(map(varchar, double)))',
  'row(a bigint, b varchar)',
  'row(bigint, varchar)',
  'row(a bigint, varchar(3))',
  'row(nested row(x double, y double), tags array(varchar))',
  'array(row(k varchar, v timestamp(6) with time zone))',
  'function(bigint,bigint)',
  'function(bigint,double,boolean)',
  'function(array(integer),map(varchar, bigint))',
];

// [written form, display form, signature form]
const NORMALISATIONS: readonly [string, string, string][] = [
  ['BIGINT', 'bigint', 'bigint'],
  ['  Integer  ', 'integer', 'integer'],
  ['int', 'integer', 'integer'],
  ['double precision', 'double', 'double'],
  ['DOUBLE   PRECISION', 'double', 'double'],
  ['decimal', 'decimal(38,0)', 'decimal(38,0)'],
  ['decimal(5)', 'decimal(5,0)', 'decimal(5,0)'],
  ['DECIMAL ( 10 , 2 )', 'decimal(10,2)', 'decimal(10,2)'],
  ['varchar(2147483647)', 'varchar', 'varchar'],
  ['char', 'char(1)', 'char(1)'],
  ['time', 'time(3)', 'time(3)'],
  ['timestamp', 'timestamp(3)', 'timestamp(3)'],
  ['timestamp with time zone', 'timestamp(3) with time zone', 'timestamp(3) with time zone'],
  ['TIMESTAMP(6) WITHOUT TIME ZONE', 'timestamp(6)', 'timestamp(6)'],
  ['timestamp(9)   with   time zone', 'timestamp(9) with time zone', 'timestamp(9) with time zone'],
  ['time with time zone', 'time(3) with time zone', 'time(3) with time zone'],
  ['INTERVAL DAY TO SECOND', 'interval day to second', 'interval day to second'],
  ['array<bigint>', 'array(bigint)', 'array(bigint)'],
  ['map<varchar,array<int>>', 'map(varchar, array(integer))', 'map(varchar,array(integer))'],
  ['array<map<varchar,array<int>>>', 'array(map(varchar, array(integer)))', 'array(map(varchar,array(integer)))'],
  ['map(varchar,bigint)', 'map(varchar, bigint)', 'map(varchar,bigint)'],
  ['ROW(A BIGINT, B VARCHAR)', 'row(a bigint, b varchar)', 'row("a" bigint,"b" varchar)'],
  ['row("a b" bigint)', 'row(a b bigint)', 'row("a b" bigint)'],
  ['row("Mixed" bigint, "x""y" double)', 'row(Mixed bigint, x"y double)', 'row("Mixed" bigint,"x""y" double)'],
  ['row(double double, time time)', 'row(double double, time time(3))', 'row("double" double,"time" time(3))'],
  [
    'row(double precision, interval day to second)',
    'row(double, interval day to second)',
    'row(double,interval day to second)',
  ],
  ['row(timestamp with time zone)', 'row(timestamp(3) with time zone)', 'row(timestamp(3) with time zone)'],
  [
    'row(a timestamp(3) with time zone, b time)',
    'row(a timestamp(3) with time zone, b time(3))',
    'row("a" timestamp(3) with time zone,"b" time(3))',
  ],
  ['row(bigint,varchar)', 'row(bigint, varchar)', 'row(bigint,varchar)'],
];

describe('formatType', () => {
  it('prints the display form of constructed types', () => {
    const cases: readonly [Type, string][] = [
      [decimal(12, 2), 'decimal(12,2)'],
      [VARCHAR, 'varchar'],
      [varchar(25), 'varchar(25)'],
      [char(1), 'char(1)'],
      [time(3), 'time(3)'],
      [time(3, true), 'time(3) with time zone'],
      [timestamp(6, true), 'timestamp(6) with time zone'],
      [mapOf(VARCHAR, BIGINT), 'map(varchar, bigint)'],
      [
        rowOf([
          { name: 'a', type: BIGINT },
          { name: 'b', type: VARCHAR },
        ]),
        'row(a bigint, b varchar)',
      ],
      [rowOf([{ type: BIGINT }, { type: VARCHAR }]), 'row(bigint, varchar)'],
      [arrayOf(rowOf([{ name: 'x y', type: DOUBLE }])), 'array(row(x y double))'],
      [functionType([BIGINT], BIGINT), 'function(bigint,bigint)'],
      [functionType([], INTEGER), 'function(integer)'],
    ];
    for (const [type, expected] of cases) assert.equal(formatType(type), expected);
  });

  it('prints the signature form with bare commas and quoted field names', () => {
    assert.equal(formatTypeSignature(mapOf(VARCHAR, arrayOf(BIGINT))), 'map(varchar,array(bigint))');
    assert.equal(
      formatTypeSignature(rowOf([{ name: 'a"b', type: BIGINT }, { type: varchar(3) }])),
      'row("a""b" bigint,varchar(3))',
    );
  });
});

describe('parseType', () => {
  for (const signature of DISPLAY_ROUND_TRIPS) {
    it(`round-trips ${signature}`, () => {
      const type = parseType(signature);
      assert.equal(formatType(type), signature);
      assert.ok(typeEquals(parseType(formatTypeSignature(type)), type), 'signature form parses back');
    });
  }

  for (const [written, display, signature] of NORMALISATIONS) {
    it(`reads ${written}`, () => {
      const type = parseType(written);
      assert.equal(formatType(type), display);
      assert.equal(formatTypeSignature(type), signature);
      assert.ok(typeEquals(parseType(signature), type), 'signature form parses back');
    });
  }

  it('builds the expected structure', () => {
    assert.deepEqual(parseType('row(a bigint, "B" array(varchar(3)))'), {
      kind: 'row',
      fields: [
        { name: 'a', type: BIGINT },
        { name: 'B', type: { kind: 'array', element: { kind: 'varchar', length: 3 } } },
      ],
    });
    assert.deepEqual(parseType('function(bigint,varchar,boolean)'), {
      kind: 'function',
      arguments: [BIGINT, VARCHAR],
      returnType: { kind: 'boolean' },
    });
  });

  // [input, error name, message]
  const ERRORS: readonly [string, string, string][] = [
    ['foo', 'TYPE_NOT_FOUND', 'Unknown type: foo'],
    ['', 'TYPE_NOT_FOUND', 'Unknown type: '],
    ['bigint(5)', 'TYPE_NOT_FOUND', 'Unknown type: bigint(5)'],
    ['array(foo)', 'TYPE_NOT_FOUND', 'Unknown type: foo'],
    ['array(bigint, bigint)', 'TYPE_NOT_FOUND', 'Unknown type: array(bigint,bigint)'],
    ['map(bigint)', 'TYPE_NOT_FOUND', 'Unknown type: map(bigint)'],
    ['array(3)', 'TYPE_NOT_FOUND', 'Unknown type: array(3)'],
    ['decimal(bigint)', 'TYPE_NOT_FOUND', 'Unknown type: decimal(bigint)'],
    ['row()', 'TYPE_NOT_FOUND', 'Unknown type: row()'],
    ['array(bigint', 'TYPE_NOT_FOUND', 'Unknown type: array(bigint'],
    ['bigint bigint', 'TYPE_NOT_FOUND', 'Unknown type: bigint bigint'],
    ['interval day to month', 'TYPE_NOT_FOUND', 'Unknown type: interval day to month'],
    ['timestamp with zone', 'TYPE_NOT_FOUND', 'Unknown type: timestamp with zone'],
    ['row("a bigint)', 'TYPE_NOT_FOUND', 'Unknown type: row("a bigint)'],
    ['decimal(0)', 'INVALID_FUNCTION_ARGUMENT', 'DECIMAL precision must be in range [1, 38]: 0'],
    ['decimal(39,2)', 'INVALID_FUNCTION_ARGUMENT', 'DECIMAL precision must be in range [1, 38]: 39'],
    ['decimal(3,4)', 'INVALID_FUNCTION_ARGUMENT', 'DECIMAL scale must be in range [0, precision (3)]: 4'],
    ['char(65537)', 'INVALID_FUNCTION_ARGUMENT', 'CHAR length must be in range [0, 65536], got 65537'],
    ['varchar(2147483648)', 'INVALID_FUNCTION_ARGUMENT', 'Invalid VARCHAR length 2147483648'],
    ['timestamp(13)', 'NUMERIC_VALUE_OUT_OF_RANGE', 'TIMESTAMP precision must be in range [0, 12]: 13'],
    [
      'time(13) with time zone',
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'TIME WITH TIME ZONE precision must be in range [0, 12]: 13',
    ],
    ['array(timestamp(20))', 'NUMERIC_VALUE_OUT_OF_RANGE', 'TIMESTAMP precision must be in range [0, 12]: 20'],
  ];
  for (const [input, name, message] of ERRORS) {
    it(`rejects ${JSON.stringify(input)}`, () => {
      assert.throws(
        () => parseType(input),
        (e: unknown) => e instanceof VivaceError && e.errorName === name && e.message === message,
      );
    });
  }
});

describe('makeType', () => {
  it('builds types from AST-style names and parameters', () => {
    assert.deepEqual(
      makeType('decimal', [
        { kind: 'number', value: 10 },
        { kind: 'number', value: 2 },
      ]),
      decimal(10, 2),
    );
    assert.deepEqual(makeType('timestamp with time zone', [{ kind: 'number', value: 6 }]), timestamp(6, true));
    assert.deepEqual(makeType('double', []), DOUBLE);
    assert.deepEqual(
      makeType('row', [
        { kind: 'type', type: BIGINT, name: 'x' },
        { kind: 'type', type: VARCHAR },
      ]),
      rowOf([{ name: 'x', type: BIGINT }, { type: VARCHAR }]),
    );
    assert.deepEqual(
      makeType('function', [
        { kind: 'type', type: INTEGER },
        { kind: 'type', type: BIGINT },
      ]),
      functionType([INTEGER], BIGINT),
    );
  });

  it('rejects misplaced parameters', () => {
    assert.throws(
      () => makeType('array', [{ kind: 'type', type: BIGINT, name: 'x' }]),
      /Unknown type: array\("x" bigint\)/,
    );
    assert.throws(() => makeType('varchar', [{ kind: 'number', value: 1.5 }]), /Unknown type: varchar\(1\.5\)/);
    assert.throws(() => makeType('row', [{ kind: 'number', value: 1 }]), /Unknown type: row\(1\)/);
  });
});
