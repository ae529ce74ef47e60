import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canCoerce,
  commonSuperType,
  commonSuperTypeOf,
  isTypeOnlyCoercion,
  typeCompatibility,
} from '../../src/types/coercion.js';
import { formatTypeSignature, parseType } from '../../src/types/type-signature.js';

const t = parseType;

// [from, to, canCoerce(from, to)]
const COERCIONS: readonly [string, string, boolean][] = [
  ['unknown', 'bigint', true],
  ['unknown', 'array(map(varchar,row(a bigint)))', true],
  ['unknown', 'decimal(3,1)', true],
  ['bigint', 'unknown', false],
  ['tinyint', 'smallint', true],
  ['tinyint', 'integer', true],
  ['tinyint', 'bigint', true],
  ['tinyint', 'decimal(3,0)', true],
  ['tinyint', 'decimal(2,0)', false],
  ['smallint', 'decimal(5,0)', true],
  ['smallint', 'tinyint', false],
  ['integer', 'bigint', true],
  ['integer', 'real', true],
  ['integer', 'double', true],
  ['integer', 'decimal(10,0)', true],
  ['integer', 'decimal(12,2)', true],
  ['integer', 'decimal(9,0)', false],
  ['integer', 'decimal(10,1)', false],
  ['bigint', 'integer', false],
  ['bigint', 'real', true],
  ['bigint', 'double', true],
  ['bigint', 'decimal(19,0)', true],
  ['bigint', 'decimal(18,0)', false],
  ['real', 'double', true],
  ['double', 'real', false],
  ['real', 'decimal(38,10)', false],
  ['decimal(5,2)', 'decimal(6,2)', true],
  ['decimal(5,2)', 'decimal(6,3)', true],
  ['decimal(5,2)', 'decimal(10,1)', false],
  ['decimal(38,0)', 'decimal(38,10)', true],
  ['decimal(5,2)', 'double', true],
  ['decimal(5,2)', 'real', true],
  ['decimal(5,2)', 'bigint', false],
  ['double', 'decimal(38,10)', false],
  ['varchar(3)', 'varchar(5)', true],
  ['varchar(5)', 'varchar(3)', false],
  ['varchar(3)', 'varchar', true],
  ['varchar', 'varchar(3)', false],
  ['char(3)', 'varchar(3)', true],
  ['char(3)', 'varchar', true],
  ['char(3)', 'varchar(2)', false],
  ['varchar(3)', 'char(3)', false],
  ['char(3)', 'char(5)', true],
  ['varchar', 'bigint', false],
  ['bigint', 'varchar', false],
  ['boolean', 'integer', false],
  ['date', 'timestamp(0)', true],
  ['date', 'timestamp(3)', true],
  ['date', 'timestamp(6) with time zone', true],
  ['timestamp(3)', 'date', false],
  ['timestamp(3)', 'timestamp(6)', true],
  ['timestamp(6)', 'timestamp(3)', false],
  ['timestamp(3)', 'timestamp(3) with time zone', true],
  ['timestamp(3)', 'timestamp(6) with time zone', true],
  ['timestamp(3) with time zone', 'timestamp(3)', false],
  ['time(3)', 'time(3) with time zone', true],
  ['time(3)', 'time(6)', true],
  ['time(3)', 'timestamp(3)', false],
  ['date', 'time(3)', false],
  ['interval day to second', 'interval year to month', false],
  ['varchar', 'json', false],
  ['varchar', 'varbinary', false],
  ['array(integer)', 'array(bigint)', true],
  ['array(bigint)', 'array(integer)', false],
  ['array(char(2))', 'array(varchar)', true],
  ['map(varchar(2),integer)', 'map(varchar,double)', true],
  ['map(varchar,integer)', 'map(bigint,integer)', false],
  ['row(integer,varchar(3))', 'row(bigint,varchar)', true],
  ['row(a integer)', 'row(b bigint)', true],
  ['row(integer,integer)', 'row(integer)', false],
  ['row(bigint)', 'row(integer)', false],
  ['function(bigint,bigint)', 'function(bigint,bigint)', true],
  ['function(integer,bigint)', 'function(bigint,bigint)', false],
];

// [a, b, commonSuperType(a, b) or undefined]
const SUPER_TYPES: readonly [string, string, string | undefined][] = [
  ['integer', 'bigint', 'bigint'],
  ['tinyint', 'smallint', 'smallint'],
  ['integer', 'decimal(5,2)', 'decimal(12,2)'],
  ['bigint', 'decimal(5,2)', 'decimal(21,2)'],
  ['bigint', 'double', 'double'],
  ['integer', 'real', 'real'],
  ['real', 'double', 'double'],
  ['decimal(5,2)', 'double', 'double'],
  ['decimal(5,2)', 'decimal(10,1)', 'decimal(11,2)'],
  ['decimal(38,0)', 'decimal(38,10)', 'decimal(38,10)'],
  ['decimal(30,2)', 'bigint', 'decimal(30,2)'],
  ['decimal(10,2)', 'bigint', 'decimal(21,2)'],
  ['varchar(3)', 'varchar(5)', 'varchar(5)'],
  ['varchar(3)', 'varchar', 'varchar'],
  ['char(3)', 'varchar(5)', 'varchar(5)'],
  ['char(7)', 'varchar(5)', 'varchar(7)'],
  ['char(3)', 'char(5)', 'char(5)'],
  ['unknown', 'integer', 'integer'],
  ['integer', 'unknown', 'integer'],
  ['unknown', 'unknown', 'unknown'],
  ['date', 'timestamp(3)', 'timestamp(3)'],
  ['date', 'timestamp(6) with time zone', 'timestamp(6) with time zone'],
  ['timestamp(3)', 'timestamp(6)', 'timestamp(6)'],
  ['timestamp(6)', 'timestamp(3) with time zone', 'timestamp(6) with time zone'],
  ['time(0)', 'time(3) with time zone', 'time(3) with time zone'],
  ['array(integer)', 'array(decimal(5,2))', 'array(decimal(12,2))'],
  ['map(varchar(1),integer)', 'map(varchar(4),bigint)', 'map(varchar(4),bigint)'],
  ['row(a integer,b varchar(2))', 'row(a bigint,c varchar(5))', 'row("a" bigint,varchar(5))'],
  ['row(integer)', 'row(x double)', 'row(double)'],
  ['array(unknown)', 'array(varchar(3))', 'array(varchar(3))'],
  ['bigint', 'varchar', undefined],
  ['boolean', 'integer', undefined],
  ['date', 'time(3)', undefined],
  ['varbinary', 'varchar', undefined],
  ['json', 'varchar', undefined],
  ['array(integer)', 'map(integer,integer)', undefined],
  ['row(integer)', 'row(integer,integer)', undefined],
  ['array(varchar)', 'array(bigint)', undefined],
  ['interval day to second', 'interval year to month', undefined],
];

describe('canCoerce', () => {
  for (const [from, to, expected] of COERCIONS) {
    it(`${from} -> ${to}: ${expected}`, () => {
      assert.equal(canCoerce(t(from), t(to)), expected);
    });
  }
});

describe('commonSuperType', () => {
  for (const [a, b, expected] of SUPER_TYPES) {
    it(`${a} + ${b} = ${expected}`, () => {
      const forward = commonSuperType(t(a), t(b));
      const backward = commonSuperType(t(b), t(a));
      assert.equal(forward && formatTypeSignature(forward), expected);
      assert.equal(backward && formatTypeSignature(backward), expected, 'symmetric');
    });
  }

  it('reports whether the first coerces to the second alongside the super type', () => {
    assert.deepEqual(typeCompatibility(t('integer'), t('bigint')), { superType: t('bigint'), coercible: true });
    assert.deepEqual(typeCompatibility(t('bigint'), t('integer')), { superType: t('bigint'), coercible: false });
    assert.equal(typeCompatibility(t('bigint'), t('varchar')), undefined);
  });
});

describe('commonSuperTypeOf', () => {
  const cases: readonly [string[], string | undefined][] = [
    [['integer'], 'integer'],
    [['unknown', 'integer', 'bigint'], 'bigint'],
    [['integer', 'decimal(5,2)', 'double'], 'double'],
    [['varchar(1)', 'char(4)', 'varchar(2)'], 'varchar(4)'],
    [['integer', 'varchar'], undefined],
    [['integer', 'varchar', 'bigint'], undefined],
    [[], undefined],
  ];
  for (const [types, expected] of cases) {
    it(`[${types.join(', ')}] = ${expected}`, () => {
      const result = commonSuperTypeOf(types.map(t));
      assert.equal(result && formatTypeSignature(result), expected);
    });
  }
});

describe('isTypeOnlyCoercion', () => {
  const cases: readonly [string, string, boolean][] = [
    ['bigint', 'bigint', true],
    ['varchar(3)', 'varchar', true],
    ['varchar(3)', 'varchar(10)', true],
    ['decimal(5,2)', 'decimal(10,2)', true],
    ['decimal(5,2)', 'decimal(20,2)', false],
    ['decimal(20,2)', 'decimal(30,2)', true],
    ['decimal(5,2)', 'decimal(6,3)', false],
    ['integer', 'bigint', false],
    ['char(3)', 'varchar(3)', false],
    ['array(varchar(2))', 'array(varchar)', true],
    ['array(integer)', 'array(bigint)', false],
    ['map(varchar(2),varchar(1))', 'map(varchar,varchar)', true],
    ['row(a varchar(2))', 'row(b varchar)', true],
    ['row(integer)', 'row(bigint)', false],
    ['varchar', 'varchar(3)', false],
  ];
  for (const [from, to, expected] of cases) {
    it(`${from} -> ${to}: ${expected}`, () => {
      assert.equal(isTypeOnlyCoercion(t(from), t(to)), expected);
    });
  }
});
