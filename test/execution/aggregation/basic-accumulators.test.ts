import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { VivaceError } from '../../../src/common/vivace-error.js';
import { int64Block } from '../../../src/data/block.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { createAccumulator } from '../../../src/execution/aggregation/aggregate-registry.js';
import {
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  INTERVAL_DAY_TO_SECOND,
  INTERVAL_YEAR_TO_MONTH,
  REAL,
  rowOf,
  timestamp,
  VARBINARY,
  VARCHAR,
} from '../../../src/types/type.js';
import { aggregate, aggregateOne, aggregateSplit, random, resolve, valuesOf } from './aggregation-test-support.js';

describe('count, count_if', () => {
  it('counts rows, non-null values and true values per group; empty groups count 0', () => {
    const groups = [0, 0, 1, 1, 1];
    assert.deepEqual(aggregate(resolve('count', []), [], groups, {}, 3), [2, 3, 0]);
    assert.deepEqual(aggregate(resolve('count', [VARCHAR]), [['a', null, 'b', null, null]], groups, {}, 3), [1, 1, 0]);
    assert.deepEqual(
      aggregate(resolve('count_if', [BOOLEAN]), [[true, false, null, true, true]], groups, {}, 3),
      [1, 2, 0],
    );
  });

  it('count(*) takes no argument block and ignores masks that exclude rows', () => {
    const accumulator = createAccumulator(resolve('count', []));
    accumulator.setGroupCount(1);
    accumulator.addInput(new Int32Array(4), [], 4, blockOf(BOOLEAN, [true, false, null, true]));
    assert.deepEqual(valuesOf(accumulator.evaluateFinal(0, 1), BIGINT), [2]);
  });

  it('counts a page at once while there is one group, and per row once there are more', () => {
    const rows = createAccumulator(resolve('count', []));
    const nonNull = createAccumulator(resolve('count', [VARCHAR]));
    rows.setGroupCount(1);
    nonNull.setGroupCount(1);
    rows.addInput(new Int32Array(5), [], 5);
    nonNull.addInput(new Int32Array(5), [blockOf(VARCHAR, ['a', 'b', 'c', 'd', 'e'])], 5);
    nonNull.addInput(new Int32Array(3), [blockOf(VARCHAR, ['a', null, 'c'])], 3);
    // A second group appears: ids are read again.
    rows.setGroupCount(2);
    nonNull.setGroupCount(2);
    rows.addInput(Int32Array.of(1, 0, 1), [], 3);
    nonNull.addInput(Int32Array.of(1, 0, 1), [blockOf(VARCHAR, ['x', 'y', null])], 3);
    assert.deepEqual(valuesOf(rows.evaluateFinal(0, 2), BIGINT), [6, 2]);
    assert.deepEqual(valuesOf(nonNull.evaluateFinal(0, 2), BIGINT), [8, 1]);
  });
});

describe('sum', () => {
  it('sums bigints exactly, NULL for empty or all-NULL groups', () => {
    assert.deepEqual(aggregate(resolve('sum', [BIGINT]), [[1, 2, null, null, 5]], [0, 0, 1, 1, 2], {}, 4), [
      3,
      null,
      5,
      null,
    ]);
  });

  it('goes beyond 2^53 exactly and fails past 2^63 with bigint addition overflow', () => {
    const fn = resolve('sum', [BIGINT]);
    assert.deepEqual(aggregate(fn, [[2 ** 52, 2 ** 52, 2 ** 52, 1]]), [3n * 2n ** 52n + 1n]);
    const max = 2n ** 63n - 1n;
    const accumulator = createAccumulator(fn);
    accumulator.setGroupCount(1);
    accumulator.addInput(new Int32Array(2), [int64Block(BigInt64Array.of(max - 1n, -(2n ** 62n)))], 2);
    assert.deepEqual(valuesOf(accumulator.evaluateFinal(0, 1), BIGINT), [max - 1n - 2n ** 62n]);
    accumulator.addInput(new Int32Array(1), [int64Block(BigInt64Array.of(2n ** 62n))], 1);
    assert.throws(
      () => accumulator.addInput(new Int32Array(1), [blockOf(BIGINT, [10])], 1),
      (e: VivaceError) =>
        e.errorName === 'NUMERIC_VALUE_OUT_OF_RANGE' && e.message.startsWith('bigint addition overflow'),
    );
  });

  it('sums doubles and reals (real result rounded to real)', () => {
    assert.deepEqual(aggregate(resolve('sum', [DOUBLE]), [[0.5, 0.25, null]]), [0.75]);
    assert.deepEqual(aggregate(resolve('sum', [REAL]), [[0.1, 0.2]]), [
      Math.fround(Math.fround(0.1) + Math.fround(0.2)),
    ]);
    assert.deepEqual(aggregate(resolve('sum', [DOUBLE]), [[null]]), [null]);
  });

  it('sums doubles to the same result however the rows are split into partial sums', () => {
    // Products like extendedprice * (1 - discount): plain addition differs in the last bits by
    // the order and grouping of the rows (TPC-H q15's revenue = max(revenue) then fails).
    const next = random(15);
    const values = Array.from(
      { length: 20_000 },
      () => (Math.round(next() * 1e7) / 100) * (1 - Math.round(next() * 10) / 100),
    );
    const groups = values.map(() => 0);
    const fn = resolve('sum', [DOUBLE]);
    const results = new Set<unknown>();
    for (const partials of [1, 2, 3, 7, 16]) {
      results.add(aggregateSplit(fn, [values], groups, partials, (row) => row % partials)[0]);
      results.add(
        aggregateSplit(fn, [values], groups, partials, (row) => Math.floor((row * partials) / values.length))[0],
      );
    }
    results.add(aggregate(fn, [[...values].reverse()])[0]);
    assert.equal(results.size, 1, [...results].join(', '));
    let plain = 0;
    for (const value of values) plain += value;
    const [sum] = [...results] as number[];
    assert.ok(Math.abs((sum as number) - plain) < 1e-3, 'the compensated sum is the sum');
    assert.deepEqual(aggregate(fn, [[1e308, 1e308, -1e308]]), [Number.POSITIVE_INFINITY]);
    assert.deepEqual(aggregate(fn, [[1, Number.NaN]]), [Number.NaN]);
  });

  it('sums decimals exactly into decimal(38, s), short and long', () => {
    const short = resolve('sum', [decimal(10, 2)]);
    assert.deepEqual(short.returnType, decimal(38, 2));
    assert.deepEqual(aggregate(short, [[1234, -34, null]]), [1200n]);
    const near = 2 ** 52;
    assert.deepEqual(aggregate(short, [[near, near, near]]), [3n * BigInt(near)]);
    const long = resolve('sum', [decimal(30, 0)]);
    assert.deepEqual(aggregate(long, [[10n ** 29n, 10n ** 29n, -1n]]), [2n * 10n ** 29n - 1n]);
    assert.deepEqual(aggregate(long, [[null]]), [null]);
  });

  it('fails with Decimal overflow past 38 digits', () => {
    const fn = resolve('sum', [decimal(38, 0)]);
    const big = 10n ** 37n * 9n;
    assert.throws(
      () => aggregate(fn, [[big, big]]),
      (e: VivaceError) => e.errorName === 'NUMERIC_VALUE_OUT_OF_RANGE' && e.message === 'Decimal overflow',
    );
  });

  it('sums intervals', () => {
    assert.deepEqual(aggregateOne('sum', [INTERVAL_DAY_TO_SECOND], [1000, 2500, null]), 3500);
    assert.deepEqual(aggregateOne('sum', [INTERVAL_YEAR_TO_MONTH], [13, 11]), 24);
  });
});

describe('avg', () => {
  it('averages bigint and double into double, real into real', () => {
    assert.deepEqual(aggregate(resolve('avg', [BIGINT]), [[1, 2, null, 4]], [0, 0, 0, 1], {}, 3), [1.5, 4, null]);
    assert.equal(aggregateOne('avg', [DOUBLE], [1, 2, 4]), 7 / 3);
    assert.equal(aggregateOne('avg', [REAL], [1, 2]), 1.5);
  });

  it('averages decimals at the input scale, rounding half away from zero', () => {
    const fn = resolve('avg', [decimal(5, 2)]);
    assert.deepEqual(fn.returnType, decimal(5, 2));
    // (1.00 + 2.00 + 2.00) / 3 = 1.666… → 1.67; (-0.01 - 0.02) / 2 = -0.015 → -0.02; 0.01/2 → 0.01
    assert.deepEqual(aggregate(fn, [[100, 200, 200, -1, -2, 1, 0, null]], [0, 0, 0, 1, 1, 2, 2, 3], {}, 4), [
      167,
      -2,
      1,
      null,
    ]);
    const long = resolve('avg', [decimal(20, 1)]);
    assert.deepEqual(aggregate(long, [[10n ** 19n, 10n ** 19n + 1n]]), [10n ** 19n + 1n]);
  });

  it('averages intervals rounding to whole units', () => {
    assert.equal(aggregateOne('avg', [INTERVAL_DAY_TO_SECOND], [1, 2]), 2);
    assert.equal(aggregateOne('avg', [INTERVAL_YEAR_TO_MONTH], [1, 2, 2]), 2);
  });

  it('declares a row(count, sum, compensation) intermediate state', () => {
    assert.deepEqual(
      resolve('avg', [DOUBLE]).intermediateType,
      rowOf([
        { name: 'count', type: BIGINT },
        { name: 'sum', type: DOUBLE },
        { name: 'compensation', type: DOUBLE },
      ]),
    );
  });

  it('averages doubles to the same result however the rows are split into partial states', () => {
    const next = random(16);
    const values = Array.from({ length: 20_000 }, () => (Math.round(next() * 1e7) / 100) * (1 - next() / 10));
    const groups = values.map(() => 0);
    const fn = resolve('avg', [DOUBLE]);
    const results = new Set<unknown>();
    for (const partials of [1, 2, 3, 7, 16]) {
      results.add(aggregateSplit(fn, [values], groups, partials, (row) => row % partials)[0]);
    }
    results.add(aggregate(fn, [[...values].reverse()])[0]);
    assert.equal(results.size, 1, [...results].join(', '));
  });
});

describe('min, max', () => {
  it('numbers, NULL-ignoring, empty group NULL', () => {
    const groups = [0, 0, 0, 1, 2];
    assert.deepEqual(aggregate(resolve('min', [BIGINT]), [[3, -1, null, null, 7]], groups, {}, 4), [-1, null, 7, null]);
    assert.deepEqual(aggregate(resolve('max', [INTEGER]), [[3, -1, null, null, 7]], groups), [3, null, 7]);
    assert.deepEqual(aggregate(resolve('max', [DATE]), [[19000, 19005]]), [19005]);
    assert.deepEqual(aggregate(resolve('min', [BOOLEAN]), [[true, false]]), [false]);
  });

  it('orders NaN above every double', () => {
    assert.ok(Number.isNaN(aggregateOne('max', [DOUBLE], [1, Number.NaN, 2]) as number));
    assert.equal(aggregateOne('min', [DOUBLE], [Number.NaN, 2, 1]), 1);
  });

  it('handles bigints beyond 2^53', () => {
    const fn = resolve('max', [BIGINT]);
    const accumulator = createAccumulator(fn);
    accumulator.setGroupCount(1);
    accumulator.addInput(new Int32Array(2), [blockOf(BIGINT, [5, 2n ** 60n])], 2);
    accumulator.addInput(new Int32Array(1), [blockOf(BIGINT, [7])], 1);
    assert.deepEqual(valuesOf(accumulator.evaluateFinal(0, 1), BIGINT), [2n ** 60n]);
    assert.equal(aggregateOne('min', [BIGINT], [2n ** 60n, -(2n ** 60n), 3]), -(2n ** 60n));
  });

  it('strings in code point order, and generic types', () => {
    assert.equal(aggregateOne('max', [VARCHAR], ['b', 'abc', '\u{1F600}', '\uFFFF']), '\u{1F600}');
    assert.equal(aggregateOne('min', [VARCHAR], ['b', 'abc', null]), 'abc');
    assert.equal(aggregateOne('max', [decimal(25, 2)], [10n ** 20n, 5n]), 10n ** 20n);
    assert.deepEqual(
      aggregateOne(
        'min',
        [timestamp(9)],
        [
          { millis: 5, picos: 2, zone: 'UTC' },
          { millis: 5, picos: 1, zone: 'UTC' },
        ],
      ),
      {
        millis: 5,
        picos: 1,
        zone: 'UTC',
      },
    );
  });
});

describe('bool_and, bool_or, every', () => {
  it('combines booleans ignoring NULL', () => {
    const groups = [0, 0, 1, 1, 2];
    const values = [true, false, true, null, null];
    assert.deepEqual(aggregate(resolve('bool_and', [BOOLEAN]), [values], groups), [false, true, null]);
    assert.deepEqual(aggregate(resolve('bool_or', [BOOLEAN]), [values], groups), [true, true, null]);
    assert.deepEqual(aggregate(resolve('every', [BOOLEAN]), [[true, true]]), [true]);
  });
});

describe('bitwise aggregates', () => {
  it('and, or, xor over 64-bit values', () => {
    assert.equal(aggregateOne('bitwise_and_agg', [BIGINT], [0b1110, 0b0111, null]), 0b0110);
    assert.equal(aggregateOne('bitwise_or_agg', [BIGINT], [1, 2 ** 40, -8]), -7);
    assert.equal(aggregateOne('bitwise_xor_agg', [BIGINT], [5, 3]), 6);
    assert.equal(aggregateOne('bitwise_and_agg', [BIGINT], [-1, 2n ** 62n + 1n]), 2n ** 62n + 1n);
    assert.equal(aggregateOne('bitwise_or_agg', [BIGINT], [null]), null);
  });
});

describe('arbitrary, any_value', () => {
  it('keeps the first non-null value', () => {
    assert.deepEqual(aggregate(resolve('arbitrary', [VARCHAR]), [[null, 'x', 'y', null]], [0, 0, 0, 1]), ['x', null]);
    assert.equal(aggregateOne('any_value', [DOUBLE], [null, 2.5]), 2.5);
  });
});

describe('checksum', () => {
  it('is order-insensitive, counts NULLs and duplicates, NULL for no rows', () => {
    const a = aggregateOne('checksum', [VARCHAR], ['a', 'b', null, 'b']) as Uint8Array;
    const b = aggregateOne('checksum', [VARCHAR], ['b', null, 'b', 'a']) as Uint8Array;
    const c = aggregateOne('checksum', [VARCHAR], ['b', null, 'a']) as Uint8Array;
    const d = aggregateOne('checksum', [VARCHAR], ['b', 'b', 'a']) as Uint8Array;
    assert.equal(a.length, 8);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    assert.notDeepEqual(a, d);
    assert.equal(aggregate(resolve('checksum', [BIGINT]), [[]], [], {}, 1)[0], null);
    assert.deepEqual(resolve('checksum', [BIGINT]).intermediateType, VARBINARY);
  });

  it('gives equal checksums for equal bigints across block encodings', () => {
    const fn = resolve('checksum', [BIGINT]);
    const flat = createAccumulator(fn);
    const wide = createAccumulator(fn);
    flat.setGroupCount(1);
    wide.setGroupCount(1);
    flat.addInput(new Int32Array(2), [blockOf(BIGINT, [7, 9])], 2);
    wide.addInput(new Int32Array(2), [int64Block(BigInt64Array.of(9n, 7n))], 2);
    assert.deepEqual(valuesOf(flat.evaluateFinal(0, 1), VARBINARY), valuesOf(wide.evaluateFinal(0, 1), VARBINARY));
  });
});

describe('geometric_mean', () => {
  it('is exp(mean(ln x)), real for real', () => {
    assert.ok(Math.abs((aggregateOne('geometric_mean', [DOUBLE], [2, 8]) as number) - 4) < 1e-12);
    assert.ok(Math.abs((aggregateOne('geometric_mean', [BIGINT], [1, 10, 100]) as number) - 10) < 1e-12);
    assert.equal(
      aggregateOne('geometric_mean', [REAL], [2, 8]),
      Math.fround(Math.exp((Math.log(2) + Math.log(8)) / 2)),
    );
    assert.equal(aggregateOne('geometric_mean', [DOUBLE], [null]), null);
  });
});
