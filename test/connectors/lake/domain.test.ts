import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareCodePoints,
  compareValues,
  domainContains,
  domainMayMatch,
  type LakeColumnDomain,
} from '../../../src/connectors/lake/domain.js';

const atLeast10: LakeColumnDomain = { nullAllowed: false, ranges: [{ low: { value: 10, inclusive: true } }] };
const between: LakeColumnDomain = {
  nullAllowed: false,
  ranges: [{ low: { value: 5, inclusive: false }, high: { value: 7, inclusive: true } }],
};

describe('lake domains', () => {
  it('compare numbers with bigints, and strings by code point like UTF-8 bytes', () => {
    assert.equal(compareValues(1, 2n), -1);
    assert.equal(compareValues(9007199254740993n, 9007199254740992), 1);
    assert.equal(compareValues(1.5, 1n), 1);
    assert.ok(compareCodePoints('\uffff', '😀') < 0, 'a BMP character sorts before an astral one');
    assert.ok('\uffff' > '😀', 'unlike UTF-16 order');
    assert.ok(compareCodePoints('ab', 'abc') < 0);
    assert.equal(compareValues(Uint8Array.of(1, 2), Uint8Array.of(1, 3)), -1);
  });

  it('decide whether a single value satisfies a domain', () => {
    assert.equal(domainContains(atLeast10, 10), true);
    assert.equal(domainContains(atLeast10, 9), false);
    assert.equal(domainContains(atLeast10, null), false);
    assert.equal(domainContains({ nullAllowed: true }, null), true);
    assert.equal(domainContains(between, 5), false);
    assert.equal(domainContains(between, 7), true);
    assert.equal(domainContains({ nullAllowed: false, values: ['a', 'b'] }, 'b'), true);
    assert.equal(domainContains({ nullAllowed: false, values: ['a', 'b'] }, 'c'), false);
  });

  it('decide from min/max/null-count statistics whether a row group may hold a matching value', () => {
    assert.equal(domainMayMatch(atLeast10, { min: 1, max: 9, nullCount: 0, valueCount: 100 }), false);
    assert.equal(domainMayMatch(atLeast10, { min: 1, max: 10, nullCount: 0, valueCount: 100 }), true);
    assert.equal(domainMayMatch(between, { min: 0, max: 5, nullCount: 0, valueCount: 3 }), false, 'exclusive low');
    assert.equal(domainMayMatch(between, { min: 8, max: 9, valueCount: 3 }), false);
    assert.equal(domainMayMatch(atLeast10, { valueCount: 3 }), true, 'no statistics: maybe');
    assert.equal(domainMayMatch(atLeast10, { max: 3, valueCount: 3 }), false, 'max alone suffices');
    assert.equal(
      domainMayMatch({ nullAllowed: true, values: [] }, { min: 1, max: 2, nullCount: 0, valueCount: 5 }),
      false,
    );
    assert.equal(
      domainMayMatch({ nullAllowed: true, values: [] }, { min: 1, max: 2, nullCount: 1, valueCount: 5 }),
      true,
    );
    assert.equal(domainMayMatch(atLeast10, { nullCount: 5, valueCount: 5 }), false, 'all null');
    assert.equal(domainMayMatch({ nullAllowed: false, values: [3, 20] }, { min: 4, max: 19, valueCount: 5 }), false);
    assert.equal(domainMayMatch({ nullAllowed: false, values: [3, 5] }, { min: 4, max: 19, valueCount: 5 }), true);
  });
});
