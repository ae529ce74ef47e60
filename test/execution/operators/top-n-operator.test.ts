import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareValues } from '../../../src/execution/expression/value-comparison.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { TopNOperator } from '../../../src/execution/operators/top-n-operator.js';
import type { SortOrdering } from '../../../src/execution/sort/sort-keys.js';
import { BIGINT, DOUBLE, INTEGER, VARCHAR } from '../../../src/types/type.js';
import { drive, pageOf, pagesOf, random, randomInt, rowsOf } from './operator-harness.js';

function sortRows(rows: unknown[][], orderings: readonly SortOrdering[]): unknown[][] {
  return [...rows].sort((a, b) => {
    for (const o of orderings) {
      const x = a[o.channel];
      const y = b[o.channel];
      if (x === null || y === null) {
        if (x === y) continue;
        return (x === null) === o.nullsFirst ? -1 : 1;
      }
      const c = compareValues(o.type, x, y);
      if (c !== 0) return o.ascending ? c : -c;
    }
    return 0;
  });
}

describe('TopNOperator', () => {
  const types = [INTEGER, VARCHAR];

  it('keeps the best n rows and emits them sorted', () => {
    const orderings: SortOrdering[] = [{ channel: 0, type: INTEGER, ascending: false, nullsFirst: false }];
    const operator = new TopNOperator(OperatorContext.standalone(), types, 3, orderings);
    const input = pagesOf(
      types,
      [
        [5, 'e'],
        [null, 'n'],
        [9, 'i'],
        [1, 'a'],
        [7, 'g'],
        [3, 'c'],
      ],
      2,
    );
    assert.deepEqual(rowsOf(drive(operator, input), types), [
      [9, 'i'],
      [7, 'g'],
      [5, 'e'],
    ]);
  });

  it('places NULLs per the ordering and returns everything when n exceeds the input', () => {
    const orderings: SortOrdering[] = [{ channel: 0, type: INTEGER, ascending: true, nullsFirst: true }];
    const operator = new TopNOperator(OperatorContext.standalone(), types, 10, orderings);
    const rows = [
      [2, 'b'],
      [null, 'n'],
      [1, 'a'],
    ];
    assert.deepEqual(rowsOf(drive(operator, [pageOf(types, rows)]), types), [
      [null, 'n'],
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('with count 0 is finished at once and takes no input', () => {
    const operator = new TopNOperator(OperatorContext.standalone(), types, 0, [
      { channel: 0, type: INTEGER, ascending: true, nullsFirst: false },
    ]);
    assert.ok(operator.isFinished());
    assert.equal(operator.needsInput(), false);
    assert.equal(operator.getOutput(), null);
  });

  it('handles empty input', () => {
    const operator = new TopNOperator(OperatorContext.standalone(), types, 5, [
      { channel: 0, type: INTEGER, ascending: true, nullsFirst: false },
    ]);
    assert.deepEqual(drive(operator, []), []);
  });

  it('matches a full sort on random input, for small and large n, with page size 1 and many pages', () => {
    const next = random(11);
    const randomTypes = [BIGINT, DOUBLE, VARCHAR];
    const rows: unknown[][] = [];
    for (let i = 0; i < 6000; i++) {
      rows.push([
        next() < 0.05 ? null : randomInt(next, 300),
        randomInt(next, 1000) / 3,
        next() < 0.05 ? null : `k${randomInt(next, 40)}`,
      ]);
    }
    const orderings: SortOrdering[] = [
      { channel: 2, type: VARCHAR, ascending: false, nullsFirst: true },
      { channel: 0, type: BIGINT, ascending: true, nullsFirst: false },
      { channel: 1, type: DOUBLE, ascending: true, nullsFirst: false },
    ];
    const expected = sortRows(rows, orderings);
    for (const [n, pageSize] of [
      [1, 1],
      [17, 100],
      [5000, 333],
      [10_000, 4096],
    ] as const) {
      const operator = new TopNOperator(OperatorContext.standalone(), randomTypes, n, orderings);
      const input = pageSize === 1 ? pagesOf(randomTypes, rows.slice(0, 500), 1) : pagesOf(randomTypes, rows, pageSize);
      const reference = pageSize === 1 ? sortRows(rows.slice(0, 500), orderings) : expected;
      const output = drive(operator, input);
      assert.ok(output.every((p) => p.positionCount <= 4096));
      // Rows equal on every key may come in any order: compare the key columns, then the multisets.
      const actual = rowsOf(output, randomTypes);
      assert.deepEqual(actual.length, Math.min(n, reference.length));
      assert.deepEqual(sortRows(actual, orderings), reference.slice(0, actual.length), `n=${n}`);
    }
  });

  it('keeps memory bounded by compacting, and releases it at the end', () => {
    const context = OperatorContext.standalone();
    const orderings: SortOrdering[] = [{ channel: 0, type: INTEGER, ascending: true, nullsFirst: false }];
    const operator = new TopNOperator(context, [INTEGER], 2, orderings);
    let peak = 0;
    for (let page = 0; page < 50; page++) {
      // Each page holds a new best row, so every page stays referenced until compaction.
      operator.addInput(
        pageOf(
          [INTEGER],
          Array.from({ length: 1000 }, (_, i) => [i === 0 ? -page : 1000 + i]),
        ),
      );
      peak = Math.max(peak, context.memory.reservedBytes);
    }
    assert.ok(peak < 30 * 1000 * 4, `peak ${peak}`);
    operator.finish();
    assert.deepEqual(rowsOf([operator.getOutput()!], [INTEGER]), [[-49], [-48]]);
    assert.ok(operator.isFinished());
    assert.equal(context.memory.reservedBytes, 0);
  });
});
