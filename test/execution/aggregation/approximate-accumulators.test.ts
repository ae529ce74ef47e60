import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { VivaceError } from '../../../src/common/vivace-error.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { createAccumulator } from '../../../src/execution/aggregation/aggregate-registry.js';
import { TDigest } from '../../../src/execution/aggregation/t-digest.js';
import { arrayOf, BIGINT, DOUBLE, REAL, VARCHAR } from '../../../src/types/type.js';
import { aggregate, aggregateOne, aggregateSplit, random, resolve, valuesOf } from './aggregation-test-support.js';

describe('approx_distinct', () => {
  it('is exact for small groups, 0 for empty ones, ignores NULLs', () => {
    const fn = resolve('approx_distinct', [VARCHAR]);
    assert.deepEqual(aggregate(fn, [['a', 'b', 'a', null, 'c']], [0, 0, 0, 0, 1], {}, 3), [2, 1, 0]);
  });

  it('stays within the standard error on 100k distinct values, single and merged', () => {
    const n = 100_000;
    const values = Array.from({ length: n }, (_, i) => i * 7 + 3);
    const groups = new Array<number>(n).fill(0);
    const fn = resolve('approx_distinct', [BIGINT]);
    const single = aggregate(fn, [values], groups)[0] as number;
    // Presto's default standard error is 2.3%; allow three standard errors.
    assert.ok(Math.abs(single - n) / n < 3 * 0.023, `estimate ${single}`);
    const merged = aggregateSplit(fn, [values], groups, 4, (row) => row % 4)[0] as number;
    assert.equal(merged, single);
    const strings = Array.from({ length: n }, (_, i) => `value-${i}`);
    const estimate = aggregateOne('approx_distinct', [VARCHAR], strings) as number;
    assert.ok(Math.abs(estimate - n) / n < 3 * 0.023, `estimate ${estimate}`);
  });

  it('honours an explicit standard error and validates it', () => {
    const n = 50_000;
    const values = Array.from({ length: n }, (_, i) => i);
    const errors = new Array<number>(n).fill(0.01);
    const estimate = aggregateOne('approx_distinct', [BIGINT, DOUBLE], values, errors) as number;
    assert.ok(Math.abs(estimate - n) / n < 0.03, `estimate ${estimate}`);
    assert.throws(
      () => aggregateOne('approx_distinct', [BIGINT, DOUBLE], [1], [0.5]),
      (e: VivaceError) => e.errorName === 'INVALID_FUNCTION_ARGUMENT' && /Max standard error/.test(e.message),
    );
  });
});

describe('approx_percentile', () => {
  it('returns exact order statistics for small inputs (first value whose count exceeds p·n)', () => {
    const values = [4, 1, 3, 2];
    const ps = (p: number) => new Array<number>(values.length).fill(p);
    assert.equal(aggregateOne('approx_percentile', [BIGINT, DOUBLE], values, ps(0.5)), 3);
    assert.equal(aggregateOne('approx_percentile', [BIGINT, DOUBLE], values, ps(0.25)), 2);
    assert.equal(aggregateOne('approx_percentile', [BIGINT, DOUBLE], values, ps(0)), 1);
    assert.equal(aggregateOne('approx_percentile', [BIGINT, DOUBLE], values, ps(1)), 4);
    assert.equal(aggregateOne('approx_percentile', [DOUBLE, DOUBLE], [null], [0.5]), null);
  });

  it('supports arrays of percentiles, weights and real values', () => {
    const arrays = new Array<number[]>(5).fill([0, 0.5, 1]);
    assert.deepEqual(aggregateOne('approx_percentile', [DOUBLE, arrayOf(DOUBLE)], [5, 1, 4, 2, 3], arrays), [1, 3, 5]);
    // Weight 3 on 10 makes it the median.
    assert.equal(
      aggregateOne('approx_percentile', [BIGINT, DOUBLE, DOUBLE], [1, 10, 20], [1, 3, 1], [0.5, 0.5, 0.5]),
      10,
    );
    assert.equal(aggregateOne('approx_percentile', [REAL, DOUBLE], [0.1, 0.2, 0.3], [0.5, 0.5, 0.5]), Math.fround(0.2));
  });

  it('validates percentiles and weights', () => {
    assert.throws(
      () => aggregateOne('approx_percentile', [DOUBLE, DOUBLE], [1], [1.5]),
      /Percentile must be between 0 and 1/,
    );
    assert.throws(
      () => aggregateOne('approx_percentile', [DOUBLE, DOUBLE, DOUBLE], [1], [0], [0.5]),
      /Weight must be > 0/,
    );
  });

  it('has rank error below 1% on 100k random values, also when merged from partials', () => {
    const next = random(42);
    const n = 100_000;
    const values = Array.from({ length: n }, () => next() * 1000);
    const sorted = [...values].sort((a, b) => a - b);
    const rankOf = (v: number) => {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      return lo / n;
    };
    const fn = resolve('approx_percentile', [DOUBLE, arrayOf(DOUBLE)]);
    const percentiles = [0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99];
    const groups = new Array<number>(n).fill(0);
    const column = new Array<number[]>(n).fill(percentiles);
    for (const result of [
      aggregate(fn, [values, column], groups)[0] as number[],
      aggregateSplit(fn, [values, column], groups, 5, (row) => row % 5)[0] as number[],
    ]) {
      percentiles.forEach((p, i) => {
        const error = Math.abs(rankOf(result[i]!) - p);
        assert.ok(error < 0.01, `p=${p}: value ${result[i]} has rank error ${error}`);
      });
    }
  });

  it('keeps min and max exactly through the digest', () => {
    const digest = new TDigest();
    for (let i = 0; i < 10_000; i++) digest.add(i);
    assert.equal(digest.quantile(0), 0);
    assert.equal(digest.quantile(1), 9999);
  });
});

describe('numeric_histogram', () => {
  it('keeps exact bins when there are no more values than buckets', () => {
    const result = aggregateOne('numeric_histogram', [BIGINT, DOUBLE], [5, 5, 5], [1, 2, 2]);
    assert.deepEqual(
      result,
      new Map([
        [1, 1],
        [2, 2],
      ]),
    );
  });

  it('merges the closest values down to the bucket count, preserving total weight', () => {
    const values = [1, 1.1, 5, 5.2, 10, 20];
    const result = aggregateOne(
      'numeric_histogram',
      [BIGINT, DOUBLE, DOUBLE],
      new Array(6).fill(3),
      values,
      [1, 1, 1, 1, 1, 2],
    ) as Map<number, number>;
    assert.equal(result.size, 3);
    let total = 0;
    for (const weight of result.values()) total += weight;
    assert.equal(total, 7);
    // 1 & 1.1 merge (gap 0.1), then 5 & 5.2 (0.2), then 1.05 & 5.1 (4.05): bins 3.075, 10, 20.
    const keys = [...result.keys()];
    assert.ok(Math.abs(keys[0]! - 3.075) < 1e-9);
    assert.deepEqual(keys.slice(1), [10, 20]);
    assert.deepEqual([...result.values()], [4, 1, 2]);
    assert.throws(() => aggregateOne('numeric_histogram', [BIGINT, REAL], [1], [1]), /bucket count/);
  });
});

describe('approx_most_frequent', () => {
  it('gives exact counts of the top buckets when within capacity', () => {
    const values = ['a', 'b', 'a', 'c', 'a', 'b', null];
    const result = aggregateOne(
      'approx_most_frequent',
      [BIGINT, VARCHAR, BIGINT],
      new Array(7).fill(2),
      values,
      new Array(7).fill(10),
    );
    assert.deepEqual(
      result,
      new Map([
        ['a', 3],
        ['b', 2],
      ]),
    );
  });

  it('finds a frequent value beyond capacity and merges states', () => {
    const values: number[] = [];
    for (let i = 0; i < 3000; i++) values.push(i % 3 === 0 ? 7 : i);
    const n = values.length;
    const fn = resolve('approx_most_frequent', [BIGINT, BIGINT, BIGINT]);
    const columns = [new Array(n).fill(1), values, new Array(n).fill(50)];
    const single = aggregate(fn, columns, new Array(n).fill(0))[0] as Map<number, number>;
    assert.deepEqual([...single.keys()], [7]);
    const merged = aggregateSplit(fn, columns, new Array(n).fill(0), 3, (row) => row % 3)[0] as Map<number, number>;
    assert.deepEqual([...merged.keys()], [7]);
  });
});

describe('reduce_agg', () => {
  it('folds values with the input function and merges with the combine function', () => {
    const lambda = { kind: 'lambda' as const, arity: 2, bodyType: () => BIGINT };
    const fn = resolve('reduce_agg', [BIGINT, BIGINT, lambda, lambda]);
    const sum = (a: unknown, b: unknown) => (a as number) + (b as number);
    const lambdas = [sum, sum];
    assert.deepEqual(
      aggregate(
        fn,
        [
          [1, 2, null, 4],
          [10, 10, 10, 10],
        ],
        [0, 0, 0, 1],
        { lambdas },
      ),
      [13, 14],
    );
    const split = aggregateSplit(
      fn,
      [
        [1, 2, 3, 4],
        [0, 0, 0, 0],
      ],
      [0, 0, 0, 0],
      2,
      (row) => row % 2,
      { lambdas },
    );
    assert.deepEqual(split, [10]);
    const accumulator = createAccumulator(fn, { lambdas });
    accumulator.setGroupCount(1);
    assert.throws(
      () => accumulator.addInput(new Int32Array(1), [blockOf(BIGINT, [1]), blockOf(BIGINT, [null])], 1),
      /cannot be null/,
    );
    assert.deepEqual(valuesOf(accumulator.evaluateFinal(0, 1), BIGINT), [null]);
  });
});
