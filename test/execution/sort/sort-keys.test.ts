import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockOf } from '../../../src/data/block-builder.js';
import { radixSortPermutation } from '../../../src/execution/sort/radix-sort.js';
import {
  createRowComparator,
  type SortOrdering,
  sortColumnsOf,
  sortedPermutation,
} from '../../../src/execution/sort/sort-keys.js';
import { BIGINT, DOUBLE, INTEGER, VARCHAR } from '../../../src/types/type.js';
import { random, randomInt } from '../operators/operator-harness.js';

function comparatorPermutation(columns: ReturnType<typeof sortColumnsOf>, orderings: SortOrdering[], n: number) {
  const compare = createRowComparator(orderings, columns);
  return Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => compare(columns, a, columns, b) || a - b);
}

describe('sort keys', () => {
  it('radix sorts number keys exactly like the comparator (NaN, ±0, ±Infinity, NULLs, directions)', () => {
    const next = random(17);
    const specials = [
      Number.NaN,
      -0,
      0,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      2 ** 60,
      -(2 ** 60),
      1e-300,
    ];
    const n = 5000;
    const doubles = Array.from({ length: n }, () =>
      next() < 0.1 ? null : next() < 0.1 ? specials[randomInt(next, specials.length)]! : (next() - 0.5) * 1e6,
    );
    const ints = Array.from({ length: n }, () => (next() < 0.05 ? null : randomInt(next, 7) - 3));
    const blocks = [
      blockOf(DOUBLE, doubles),
      blockOf(INTEGER, ints),
      blockOf(
        BIGINT,
        ints.map((v) => (v === null ? 5 : v * 1000)),
      ),
    ];
    for (const [a, b, c] of [
      [true, false, true],
      [false, true, false],
    ]) {
      const orderings: SortOrdering[] = [
        { channel: 1, type: INTEGER, ascending: a!, nullsFirst: b! },
        { channel: 0, type: DOUBLE, ascending: b!, nullsFirst: c! },
        { channel: 2, type: BIGINT, ascending: c!, nullsFirst: a! },
      ];
      const columns = sortColumnsOf(blocks, orderings);
      const expected = comparatorPermutation(columns, orderings, n);
      const radix = radixSortPermutation(columns as never, orderings, n);
      assert.deepEqual(radix, expected);
      assert.deepEqual(sortedPermutation(columns, orderings, n), expected);
    }
  });

  it('radix sorts all-NULL and constant columns', () => {
    const n = 3000;
    const orderings: SortOrdering[] = [{ channel: 0, type: DOUBLE, ascending: true, nullsFirst: true }];
    for (const values of [new Array(n).fill(null), new Array(n).fill(4)]) {
      const columns = sortColumnsOf([blockOf(DOUBLE, values)], orderings);
      assert.deepEqual(
        radixSortPermutation(columns as never, orderings, n),
        Int32Array.from({ length: n }, (_, i) => i),
      );
    }
  });

  it('keeps input order for equal keys with mixed key kinds', () => {
    const orderings: SortOrdering[] = [{ channel: 0, type: VARCHAR, ascending: false, nullsFirst: false }];
    const columns = sortColumnsOf([blockOf(VARCHAR, ['b', 'a', 'b', null, 'a'])], orderings);
    assert.deepEqual([...sortedPermutation(columns, orderings, 5)], [0, 2, 1, 4, 3]);
  });

  it('hands out one comparator per key kinds and directions, whatever the sort (V8 keeps its code)', () => {
    const orderings = (ascending: boolean): SortOrdering[] => [
      { channel: 0, type: BIGINT, ascending, nullsFirst: false },
      { channel: 1, type: VARCHAR, ascending: true, nullsFirst: false },
    ];
    const page = (n: number) => [blockOf(BIGINT, [n, 1, 2]), blockOf(VARCHAR, ['x', 'y', 'z'])];
    const first = createRowComparator(orderings(true), sortColumnsOf(page(3), orderings(true)));
    const again = createRowComparator(orderings(true), sortColumnsOf(page(9), orderings(true)));
    const descending = createRowComparator(orderings(false), sortColumnsOf(page(3), orderings(false)));
    assert.equal(again, first);
    assert.notEqual(descending, first);
    const columns = sortColumnsOf(page(3), orderings(false));
    assert.equal(descending(columns, 0, columns, 1), -1, '3 before 1 descending');
    assert.equal(first(columns, 0, columns, 1), 1, '3 after 1 ascending');
  });
});
