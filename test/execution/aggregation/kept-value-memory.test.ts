/**
 * Accumulators that keep values (not blocks) count those values' sizes in retainedBytes, so a
 * query that keeps megabyte strings or growing reduce_agg states is stopped by query_max_memory
 * (issue 13): arbitrary, min/max of non-scalar values, min_by/max_by, top-n, reduce_agg.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockOf } from '../../../src/data/block-builder.js';
import { valueSizeInBytes } from '../../../src/data/value-size.js';
import type { Accumulator } from '../../../src/execution/aggregation/accumulator.js';
import { ArbitraryAccumulator } from '../../../src/execution/aggregation/arbitrary-accumulator.js';
import { createMinMaxAccumulator } from '../../../src/execution/aggregation/min-max-accumulators.js';
import { MinMaxByAccumulator } from '../../../src/execution/aggregation/min-max-by-accumulators.js';
import { ReduceAggAccumulator } from '../../../src/execution/aggregation/reduce-agg-accumulator.js';
import { TopNAccumulator } from '../../../src/execution/aggregation/top-n-accumulators.js';
import { arrayOf, BIGINT, type Type, VARBINARY, VARCHAR } from '../../../src/types/type.js';

const MIB = 1024 * 1024;
const big = (c: string) => c.repeat(MIB);

/** Feeds rows of one group; every argument is a column of values of its type. */
function feed(accumulator: Accumulator, types: readonly Type[], columns: readonly unknown[][]): void {
  const rows = columns[0]!.length;
  accumulator.setGroupCount(1);
  accumulator.addInput(
    new Int32Array(rows),
    columns.map((values, i) => blockOf(types[i]!, values)),
    rows,
  );
}

describe('kept values in accumulator memory', () => {
  it('valueSizeInBytes counts strings, bytes and nested values', () => {
    assert.ok(valueSizeInBytes(big('x')) >= 2 * MIB);
    assert.ok(valueSizeInBytes(new Uint8Array(MIB)) >= MIB);
    assert.ok(valueSizeInBytes([big('a'), [big('b')]]) >= 4 * MIB);
    assert.ok(valueSizeInBytes(new Map([[big('k'), big('v')]])) >= 4 * MIB);
    assert.ok(valueSizeInBytes(1) < 64);
  });

  it('arbitrary counts the value it keeps', () => {
    const accumulator = new ArbitraryAccumulator(VARCHAR);
    feed(accumulator, [VARCHAR], [[big('x')]]);
    assert.ok(accumulator.retainedBytes >= 2 * MIB, String(accumulator.retainedBytes));
  });

  it('max of arrays counts the array it keeps, and gives back what it replaces', () => {
    const accumulator = createMinMaxAccumulator(arrayOf(VARBINARY), true);
    feed(accumulator, [arrayOf(VARBINARY)], [[[new Uint8Array(MIB).fill(1)]]]);
    assert.ok(accumulator.retainedBytes >= MIB);
    feed(accumulator, [arrayOf(VARBINARY)], [[[new Uint8Array(10).fill(2)]]]);
    assert.ok(accumulator.retainedBytes < MIB);
  });

  it('max_by counts the value and the key it keeps', () => {
    const byNumber = new MinMaxByAccumulator(VARCHAR, BIGINT, true);
    feed(byNumber, [VARCHAR, BIGINT], [[big('v')], [1]]);
    assert.ok(byNumber.retainedBytes >= 2 * MIB);
    const byString = new MinMaxByAccumulator(BIGINT, VARCHAR, true);
    feed(byString, [BIGINT, VARCHAR], [[1], [big('k')]]);
    assert.ok(byString.retainedBytes >= 2 * MIB);
  });

  it('top-n counts every entry it keeps', () => {
    const accumulator = new TopNAccumulator(VARCHAR, undefined, true, 'max');
    feed(
      accumulator,
      [VARCHAR, BIGINT],
      [
        [big('a'), big('b'), big('c')],
        [3, 3, 3],
      ],
    );
    assert.ok(accumulator.retainedBytes >= 6 * MIB, String(accumulator.retainedBytes));
  });

  it('reduce_agg counts a state that grows with every row', () => {
    const accumulator = new ReduceAggAccumulator(
      VARCHAR,
      VARCHAR,
      (state, value) => (state as string) + (value as string),
      (a, b) => (a as string) + (b as string),
    );
    const piece = 'y'.repeat(MIB / 4);
    feed(
      accumulator,
      [VARCHAR, VARCHAR],
      [
        [piece, piece, piece, piece, piece, piece, piece, piece],
        ['', '', '', '', '', '', '', ''],
      ],
    );
    assert.ok(accumulator.retainedBytes >= 4 * MIB, String(accumulator.retainedBytes));
  });
});
