import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SortOrdering } from '../../../src/execution/sort/sort-keys.js';
import { MIN_RUN_ROWS, SortedRunBuilder } from '../../../src/execution/sort/sorted-run-builder.js';
import { DOUBLE, type Type, VARCHAR } from '../../../src/types/type.js';
import { pagesOf, random } from '../operators/operator-harness.js';

const MAX = 1 << 16;

function feed(builder: SortedRunBuilder, types: readonly Type[], rows: unknown[][], pageRows: number): number {
  let sorts = 0;
  for (const page of pagesOf(types, rows, pageRows)) {
    builder.add(page);
    while (builder.hasPendingSorts) {
      // A deadline in the past: exactly one run per call.
      builder.sortSome(0);
      sorts++;
    }
  }
  return sorts;
}

describe('SortedRunBuilder', () => {
  it('cuts the input into runs in input order, each sorted, covering every row once', () => {
    const next = random(5);
    const types = [DOUBLE];
    const rows = Array.from({ length: 30_000 }, () => [Math.floor(next() * 1000)]);
    const orderings: SortOrdering[] = [{ channel: 0, type: DOUBLE, ascending: true, nullsFirst: false }];
    const builder = new SortedRunBuilder(types, orderings, 4096);
    feed(builder, types, rows, 1000);
    builder.finishInput();
    while (!builder.sortSome(0));
    assert.equal(builder.positionCount, rows.length);
    const runs = builder.takeRuns();
    let offset = 0;
    for (const run of runs) {
      assert.ok(run.permutation.length <= 4096, `a run of ${run.permutation.length} rows`);
      const values = Array.from(run.permutation, (p) => rows[offset + p]?.[0] as number);
      for (let i = 1; i < values.length; i++) assert.ok(values[i - 1]! <= values[i]!, 'run is sorted');
      offset += run.permutation.length;
    }
    assert.equal(offset, rows.length);
    assert.equal(builder.retainedBytes, 0, 'the runs were handed over');
  });

  it('one sortSome call with a passed deadline sorts exactly one pending run', () => {
    const types = [DOUBLE];
    const rows = Array.from({ length: 20_000 }, (_, i) => [20_000 - i]);
    const orderings: SortOrdering[] = [{ channel: 0, type: DOUBLE, ascending: true, nullsFirst: false }];
    const builder = new SortedRunBuilder(types, orderings, 2048);
    for (const page of pagesOf(types, rows, 20_000)) builder.add(page);
    assert.ok(builder.hasPendingSorts);
    assert.equal(builder.sortSome(0), false);
    assert.equal(builder.positionCount, rows.length);
  });

  it('sizes runs by measured sort speed: small for slow string keys, the maximum for numbers', () => {
    const next = random(9);
    // Long shared prefixes make every comparison walk hundreds of characters.
    const prefix = 'x'.repeat(2000);
    const strings = Array.from({ length: 40_000 }, () => [`${prefix}${Math.floor(next() * 1e9)}`]);
    const slow = new SortedRunBuilder(
      [VARCHAR],
      [{ channel: 0, type: VARCHAR, ascending: true, nullsFirst: false }],
      MAX,
    );
    feed(slow, [VARCHAR], strings, 4096);
    assert.ok(slow.nextRunRows < 16_384, `string runs of ${slow.nextRunRows} rows`);
    assert.ok(slow.nextRunRows >= MIN_RUN_ROWS);

    const numbers = Array.from({ length: 200_000 }, () => [next()]);
    const fast = new SortedRunBuilder(
      [DOUBLE],
      [{ channel: 0, type: DOUBLE, ascending: true, nullsFirst: false }],
      MAX,
    );
    feed(fast, [DOUBLE], numbers, 8192);
    assert.ok(fast.nextRunRows > 16_384, `number runs of ${fast.nextRunRows} rows`);
  });
});
