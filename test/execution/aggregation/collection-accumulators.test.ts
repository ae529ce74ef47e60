import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { VivaceError } from '../../../src/common/vivace-error.js';
import { arrayOf, BIGINT, DOUBLE, INTEGER, mapOf, VARCHAR } from '../../../src/types/type.js';
import { aggregate, aggregateOne, resolve } from './aggregation-test-support.js';

describe('array_agg', () => {
  it('collects values in input order with NULLs, NULL for an empty group', () => {
    assert.deepEqual(aggregate(resolve('array_agg', [VARCHAR]), [['a', null, 'b', 'c']], [0, 0, 1, 0], {}, 3), [
      ['a', null, 'c'],
      ['b'],
      null,
    ]);
    assert.deepEqual(aggregateOne('array_agg', [arrayOf(INTEGER)], [[1, 2], null, []]), [[1, 2], null, []]);
  });

  it('sorts by ORDER BY keys within each group', () => {
    const fn = resolve('array_agg', [VARCHAR]);
    const orderBy = [{ type: BIGINT, ascending: false, nullsFirst: false }];
    // Columns: the argument, then the ORDER BY key.
    const result = aggregate(
      fn,
      [
        ['a', 'b', 'c', 'd', 'e'],
        [1, 3, 2, null, 5],
      ],
      [0, 0, 0, 0, 1],
      { orderBy },
    );
    assert.deepEqual(result, [['b', 'c', 'a', 'd'], ['e']]);
    const nullsFirst = [{ type: BIGINT, ascending: true, nullsFirst: true }];
    assert.deepEqual(
      aggregate(
        fn,
        [
          ['a', 'b', 'c'],
          [2, null, 1],
        ],
        [0, 0, 0],
        { orderBy: nullsFirst },
      ),
      [['b', 'c', 'a']],
    );
  });

  it('keeps the input order of ties', () => {
    const fn = resolve('array_agg', [INTEGER]);
    const orderBy = [{ type: INTEGER, ascending: true, nullsFirst: false }];
    const values = Array.from({ length: 50 }, (_, i) => i);
    const keys = values.map((v) => v % 2);
    const result = aggregate(fn, [values, keys], undefined, { orderBy })[0] as number[];
    assert.deepEqual(result, [...values.filter((v) => v % 2 === 0), ...values.filter((v) => v % 2 === 1)]);
  });
});

describe('map_agg, map_union, multimap_agg, histogram', () => {
  it('map_agg keeps the first value per key and skips NULL keys', () => {
    const result = aggregate(
      resolve('map_agg', [VARCHAR, BIGINT]),
      [
        ['a', 'b', 'a', null, 'c'],
        [1, null, 3, 4, 5],
      ],
      [0, 0, 0, 0, 1],
      {},
      3,
    );
    assert.deepEqual(result, [
      new Map<string, number | null>([
        ['a', 1],
        ['b', null],
      ]),
      new Map([['c', 5]]),
      null,
    ]);
  });

  it('map_union merges maps, the first value of a key winning', () => {
    const type = mapOf(VARCHAR, DOUBLE);
    const result = aggregateOne(
      'map_union',
      [type],
      [
        new Map([['a', 1]]),
        null,
        new Map([
          ['a', 2],
          ['b', 3],
        ]),
      ],
    );
    assert.deepEqual(
      result,
      new Map([
        ['a', 1],
        ['b', 3],
      ]),
    );
  });

  it('multimap_agg collects every value per key', () => {
    const result = aggregateOne('multimap_agg', [BIGINT, VARCHAR], [1, 2, 1, null], ['x', 'y', null, 'z']);
    assert.deepEqual(
      result,
      new Map([
        [1, ['x', null]],
        [2, ['y']],
      ]),
    );
  });

  it('histogram counts each non-null value', () => {
    const result = aggregate(resolve('histogram', [VARCHAR]), [['a', 'b', 'a', null, 'a']], [0, 0, 0, 0, 1]);
    assert.deepEqual(result, [
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
      new Map([['a', 1]]),
    ]);
    assert.equal(aggregateOne('histogram', [BIGINT], [null]), null);
  });
});

describe('min/max with n, min_by/max_by', () => {
  it('min(x, n) and max(x, n) give the n best values, best first', () => {
    assert.deepEqual(aggregateOne('min', [BIGINT, BIGINT], [5, 1, null, 4, 2, 9], [3, 3, 3, 3, 3, 3]), [1, 2, 4]);
    assert.deepEqual(aggregateOne('max', [VARCHAR, BIGINT], ['b', 'd', 'a'], [2, 2, 2]), ['d', 'b']);
    assert.deepEqual(aggregateOne('max', [BIGINT, BIGINT], [1], [5]), [1]);
    assert.equal(aggregateOne('max', [BIGINT, BIGINT], [null], [5]), null);
  });

  it('rejects a non-positive or too large n', () => {
    assert.throws(
      () => aggregateOne('max', [BIGINT, BIGINT], [1], [0]),
      (e: VivaceError) => e.errorName === 'INVALID_FUNCTION_ARGUMENT' && /second argument of max/.test(e.message),
    );
    assert.throws(() => aggregateOne('min', [BIGINT, BIGINT], [1], [10_001]), /less than or equal to 10000/);
  });

  it('min_by and max_by pick the value at the extreme key, ignoring NULL keys', () => {
    const values = ['a', 'b', null, 'd'];
    const keys = [3, 1, 5, null];
    assert.equal(aggregateOne('min_by', [VARCHAR, BIGINT], values, keys), 'b');
    assert.equal(aggregateOne('max_by', [VARCHAR, BIGINT], values, keys), null);
    assert.equal(aggregateOne('max_by', [VARCHAR, VARCHAR], ['x', 'y'], ['k2', 'k10']), 'x');
    assert.equal(aggregateOne('min_by', [BIGINT, arrayOf(INTEGER)], [1, 2], [[2], [1, 9]]), 2);
    assert.equal(aggregateOne('min_by', [BIGINT, BIGINT], [1], [null]), null);
  });

  it('min_by/max_by with n order the values by key', () => {
    const values = ['a', 'b', 'c', 'd'];
    const keys = [3, 1, 4, 2];
    const ns = [2, 2, 2, 2];
    assert.deepEqual(aggregateOne('min_by', [VARCHAR, BIGINT, BIGINT], values, keys, ns), ['b', 'd']);
    assert.deepEqual(aggregateOne('max_by', [VARCHAR, BIGINT, BIGINT], values, keys, ns), ['c', 'a']);
  });
});
