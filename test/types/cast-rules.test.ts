import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { canCast, canCastFromJson, canCastToJson, cannotCastError } from '../../src/types/cast-rules.js';
import { parseType } from '../../src/types/type-signature.js';

const t = parseType;

// [from, to, canCast(from, to)]
const CASTS: readonly [string, string, boolean][] = [
  ['bigint', 'bigint', true],
  ['unknown', 'varbinary', true],
  ['unknown', 'row(a bigint)', true],
  ['integer', 'bigint', true],
  ['bigint', 'integer', true],
  ['double', 'tinyint', true],
  ['decimal(10,2)', 'real', true],
  ['double', 'decimal(5,2)', true],
  ['bigint', 'varchar', true],
  ['bigint', 'varchar(3)', true],
  ['varchar', 'decimal(10,2)', true],
  ['varchar(5)', 'double', true],
  ['boolean', 'integer', true],
  ['decimal(3,1)', 'boolean', true],
  ['varchar', 'boolean', true],
  ['boolean', 'varchar', true],
  ['boolean', 'char(5)', false],
  ['bigint', 'char(5)', false],
  ['varchar', 'char(3)', true],
  ['char(3)', 'varchar(1)', true],
  ['char(3)', 'bigint', false],
  ['varchar(10)', 'varchar(2)', true],
  ['varchar', 'date', true],
  ['varchar', 'time(3)', true],
  ['varchar', 'time(3) with time zone', true],
  ['varchar', 'timestamp(6)', true],
  ['varchar', 'timestamp(3) with time zone', true],
  ['date', 'varchar', true],
  ['date', 'timestamp(3)', true],
  ['timestamp(3)', 'date', true],
  ['timestamp(3) with time zone', 'date', true],
  ['timestamp(6)', 'timestamp(3)', true],
  ['timestamp(3) with time zone', 'timestamp(3)', true],
  ['timestamp(3)', 'time(3)', true],
  ['time(3)', 'timestamp(3)', true],
  ['time(3) with time zone', 'time(3)', true],
  ['date', 'time(3)', false],
  ['time(3)', 'date', false],
  ['bigint', 'date', false],
  ['date', 'bigint', false],
  ['bigint', 'timestamp(3)', false],
  ['interval day to second', 'varchar', true],
  ['interval year to month', 'varchar', true],
  ['varchar', 'interval day to second', false],
  ['interval day to second', 'interval year to month', false],
  ['interval day to second', 'bigint', false],
  ['varchar', 'varbinary', false],
  ['varbinary', 'varchar', false],
  ['varbinary', 'varbinary', true],
  ['json', 'varchar', true],
  ['varchar', 'json', true],
  ['bigint', 'json', true],
  ['decimal(10,2)', 'json', true],
  ['date', 'json', true],
  ['timestamp(3)', 'json', true],
  ['timestamp(3) with time zone', 'json', false],
  ['varbinary', 'json', false],
  ['json', 'double', true],
  ['json', 'boolean', true],
  ['json', 'date', false],
  ['json', 'array(bigint)', true],
  ['json', 'map(varchar, array(double))', true],
  ['json', 'map(date, bigint)', false],
  ['json', 'row(a bigint, b varchar)', true],
  ['array(bigint)', 'json', true],
  ['map(varchar, bigint)', 'json', true],
  ['map(bigint, bigint)', 'json', true],
  ['map(date, bigint)', 'json', false],
  ['row(a bigint, b array(varchar))', 'json', true],
  ['array(varbinary)', 'json', false],
  ['array(bigint)', 'array(varchar)', true],
  ['array(varchar)', 'array(date)', true],
  ['array(date)', 'array(bigint)', false],
  ['array(bigint)', 'varchar', false],
  ['varchar', 'array(bigint)', false],
  ['map(varchar, bigint)', 'map(bigint, varchar)', true],
  ['map(varchar, bigint)', 'map(date, date)', false],
  ['row(a bigint, b varchar)', 'row(x varchar, y date)', true],
  ['row(bigint)', 'row(bigint, bigint)', false],
  ['row(date)', 'row(bigint)', false],
  ['array(bigint)', 'map(bigint, bigint)', false],
  ['function(bigint,bigint)', 'function(bigint,bigint)', true],
  ['function(bigint,bigint)', 'function(bigint,varchar)', false],
];

describe('canCast', () => {
  for (const [from, to, expected] of CASTS) {
    it(`CAST(${from} AS ${to}): ${expected}`, () => {
      assert.equal(canCast(t(from), t(to)), expected);
    });
  }

  it('allows every implicit coercion as a cast', () => {
    for (const [from, to] of [
      ['char(3)', 'varchar'],
      ['date', 'timestamp(6) with time zone'],
      ['row(a integer)', 'row(b bigint)'],
    ] as const) {
      assert.ok(canCast(t(from), t(to)), `${from} -> ${to}`);
    }
  });
});

describe('JSON cast support', () => {
  it('accepts unknown map keys only when casting to json', () => {
    assert.equal(canCastToJson(t('map(unknown, bigint)')), true);
    assert.equal(canCastFromJson(t('map(unknown, bigint)')), false);
  });

  it('rejects date and timestamp when casting from json', () => {
    assert.equal(canCastFromJson(t('array(date)')), false);
    assert.equal(canCastFromJson(t('timestamp(3)')), false);
  });
});

describe('cannotCastError', () => {
  it('names both types in display form', () => {
    const error = cannotCastError(t('map(varchar,bigint)'), t('date'), { line: 1, column: 8, offset: 7 });
    assert.ok(error instanceof VivaceError);
    assert.equal(error.errorName, 'TYPE_MISMATCH');
    assert.equal(error.rawMessage, 'Cannot cast map(varchar, bigint) to date');
    assert.equal(error.message, 'line 1:8: Cannot cast map(varchar, bigint) to date');
  });
});
