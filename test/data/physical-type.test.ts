import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { float64Block, int64Block, rleBlock, stringBlock } from '../../src/data/block.js';
import { blockOf } from '../../src/data/block-builder.js';
import {
  acceptsBlockKind,
  blockMatchesType,
  isFloat64Backed,
  isLongTimestamp,
  physicalKindOf,
  storedFractionDigits,
  unitsPerSecond,
} from '../../src/data/physical-type.js';
import type { TemporalType } from '../../src/types/type.js';
import { BIGINT, DOUBLE, functionType, VARCHAR } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';

describe('physical types', () => {
  it('maps every logical type to its storage kind', () => {
    const table: [string, string][] = [
      ['boolean', 'boolean'],
      ['unknown', 'boolean'],
      ['tinyint', 'int32'],
      ['smallint', 'int32'],
      ['integer', 'int32'],
      ['date', 'int32'],
      ['interval year to month', 'int32'],
      ['bigint', 'float64'],
      ['double', 'float64'],
      ['real', 'float32'],
      ['decimal(15,2)', 'float64'],
      ['decimal(16,2)', 'int64'],
      ['decimal(18,0)', 'int64'],
      ['decimal(19,0)', 'int128'],
      ['decimal(38,10)', 'int128'],
      ['varchar', 'string'],
      ['varchar(3)', 'string'],
      ['char(3)', 'string'],
      ['json', 'string'],
      ['varbinary', 'binary'],
      ['time(3)', 'float64'],
      ['time(12)', 'float64'],
      ['timestamp(3)', 'float64'],
      ['timestamp(6)', 'float64'],
      ['timestamp(7)', 'timestamptz'],
      ['timestamp(3) with time zone', 'timestamptz'],
      ['time(6) with time zone', 'timestamptz'],
      ['interval day to second', 'float64'],
      ['array(bigint)', 'array'],
      ['map(varchar, bigint)', 'map'],
      ['row(a bigint)', 'row'],
    ];
    for (const [type, kind] of table) assert.equal(physicalKindOf(parseType(type)), kind, type);
    assert.throws(() => physicalKindOf(functionType([BIGINT], BIGINT)), /function types/);
  });

  it('answers the helper questions', () => {
    assert.ok(acceptsBlockKind(BIGINT, 'int64'));
    assert.ok(acceptsBlockKind(BIGINT, 'float64'));
    assert.ok(!acceptsBlockKind(DOUBLE, 'int64'));
    assert.ok(isFloat64Backed(parseType('decimal(10,2)')));
    assert.ok(!isFloat64Backed(parseType('decimal(17,2)')));
    assert.ok(isLongTimestamp(parseType('timestamp(9)')));
    assert.ok(!isLongTimestamp(parseType('timestamp(9) with time zone')));
    const t = (text: string) => parseType(text) as TemporalType;
    assert.deepEqual(
      ['time(0)', 'time(4)', 'time(9)', 'time(12)'].map((s) => unitsPerSecond(t(s))),
      [1000, 1_000_000, 1_000_000_000, 1_000_000_000],
    );
    assert.deepEqual(
      ['timestamp(2)', 'timestamp(5)', 'time(8)'].map((s) => storedFractionDigits(t(s))),
      [3, 6, 9],
    );
  });

  it('checks blocks against types through wrappers and nesting', () => {
    assert.ok(blockMatchesType(int64Block(BigInt64Array.of(1n)), BIGINT));
    assert.ok(blockMatchesType(rleBlock(stringBlock(['a']), 3), VARCHAR));
    assert.ok(!blockMatchesType(float64Block(Float64Array.of(1)), VARCHAR));
    const nested = parseType('map(varchar, array(row(a double)))');
    assert.ok(blockMatchesType(blockOf(nested, [new Map([['k', [[1]]]])]), nested));
    assert.ok(!blockMatchesType(blockOf(nested, [new Map()]), parseType('map(varchar, array(row(a varchar)))')));
    const tz = parseType('timestamp(6) with time zone');
    assert.ok(!blockMatchesType(blockOf(parseType('timestamp(3) with time zone'), [null]), tz));
  });
});
