import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dictionaryBlock } from '../../../src/data/block.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { UnnestOperator } from '../../../src/execution/operators/unnest-operator.js';
import { arrayOf, BIGINT, INTEGER, mapOf, rowOf, type Type, VARCHAR } from '../../../src/types/type.js';
import { drive, pageOf, pagesOf, random, randomInt, rowsOf } from './operator-harness.js';

const INT_ARRAY = arrayOf(INTEGER);
const STRING_MAP = mapOf(VARCHAR, INTEGER);
const PAIR_ARRAY = arrayOf(
  rowOf([
    { name: 'x', type: INTEGER },
    { name: 'y', type: VARCHAR },
  ]),
);

function unnest(
  types: readonly Type[],
  rows: unknown[][],
  replicate: number[],
  channels: number[],
  options: { ordinality?: boolean; outer?: boolean; pageSize?: number } = {},
) {
  const operator = new UnnestOperator(
    OperatorContext.standalone(),
    replicate,
    channels.map((channel) => ({ channel, type: types[channel]! })),
    options.ordinality ?? false,
    options.outer ?? false,
  );
  return drive(operator, pagesOf(types, rows, options.pageSize ?? (rows.length || 1)));
}

describe('UnnestOperator', () => {
  it('unnests an array, replicating the other columns and dropping empty and NULL arrays', () => {
    const types = [VARCHAR, INT_ARRAY];
    const rows = [
      ['a', [1, 2]],
      ['b', []],
      ['c', null],
      ['d', [3, null]],
    ];
    const output = unnest(types, rows, [0], [1]);
    assert.deepEqual(rowsOf(output, [VARCHAR, INTEGER]), [
      ['a', 1],
      ['a', 2],
      ['d', 3],
      ['d', null],
    ]);
  });

  it('zips several collections to the longest, padding with NULLs, WITH ORDINALITY', () => {
    const types = [INTEGER, INT_ARRAY, STRING_MAP];
    const rows = [
      [1, [10, 20, 30], new Map([['k', 5]])],
      [
        2,
        null,
        new Map([
          ['p', 1],
          ['q', 2],
        ]),
      ],
    ];
    const output = unnest(types, rows, [0], [1, 2], { ordinality: true });
    assert.deepEqual(rowsOf(output, [INTEGER, INTEGER, VARCHAR, INTEGER, BIGINT]), [
      [1, 10, 'k', 5, 1],
      [1, 20, null, null, 2],
      [1, 30, null, null, 3],
      [2, null, 'p', 1, 1],
      [2, null, 'q', 2, 2],
    ]);
  });

  it('expands an array of rows into one column per field, NULL rows to NULL fields', () => {
    const types = [PAIR_ARRAY];
    const rows = [[[[1, 'a'], null, [3, 'c']]]];
    assert.deepEqual(rowsOf(unnest(types, rows, [], [0]), [INTEGER, VARCHAR]), [
      [1, 'a'],
      [null, null],
      [3, 'c'],
    ]);
  });

  it('outer keeps rows whose collections are empty or NULL as one NULL row (ordinality NULL)', () => {
    const types = [VARCHAR, INT_ARRAY];
    const rows = [
      ['a', []],
      ['b', [7]],
      ['c', null],
    ];
    const output = unnest(types, rows, [0], [1], { outer: true, ordinality: true });
    assert.deepEqual(rowsOf(output, [VARCHAR, INTEGER, BIGINT]), [
      ['a', null, null],
      ['b', 7, 1],
      ['c', null, null],
    ]);
  });

  it('reads dictionary-encoded collection blocks', () => {
    const arrays = blockOf(INT_ARRAY, [[1], [2, 3]]);
    const page = { positionCount: 3, blocks: [dictionaryBlock(Int32Array.of(1, 0, 1), arrays)] };
    const operator = new UnnestOperator(
      OperatorContext.standalone(),
      [],
      [{ channel: 0, type: INT_ARRAY }],
      false,
      false,
    );
    assert.deepEqual(rowsOf(drive(operator, [page]), [INTEGER]), [[2], [3], [1], [2], [3]]);
  });

  it('splits a huge collection across pages of at most 4096 rows, resuming inside the row', () => {
    const types = [INTEGER, INT_ARRAY];
    const big = Array.from({ length: 10_000 }, (_, i) => i);
    const output = unnest(
      types,
      [
        [1, big],
        [2, [5]],
      ],
      [0],
      [1],
      { ordinality: true },
    );
    assert.deepEqual(
      output.map((p) => p.positionCount),
      [4096, 4096, 1809],
    );
    const result = rowsOf(output, [INTEGER, INTEGER, BIGINT]);
    assert.deepEqual(result[9999], [1, 9999, 10_000]);
    assert.deepEqual(result[10_000], [2, 5, 1]);
  });

  it('matches a reference on random input, page size 1 and larger', () => {
    const next = random(5);
    const types = [INTEGER, INT_ARRAY, INT_ARRAY];
    const randomArray = () =>
      next() < 0.15
        ? null
        : Array.from({ length: randomInt(next, 5) }, () => (next() < 0.1 ? null : randomInt(next, 100)));
    const rows = Array.from({ length: 300 }, (_, i) => [i, randomArray(), randomArray()]);
    for (const outer of [false, true]) {
      const expected: unknown[][] = [];
      for (const [id, a, b] of rows as [number, unknown[] | null, unknown[] | null][]) {
        const length = Math.max(a?.length ?? 0, b?.length ?? 0);
        for (let k = 0; k < length; k++) expected.push([id, a?.[k] ?? null, b?.[k] ?? null, k + 1]);
        if (outer && length === 0) expected.push([id, null, null, null]);
      }
      for (const pageSize of [1, 64]) {
        const output = unnest(types, rows, [0], [1, 2], { ordinality: true, outer, pageSize });
        assert.deepEqual(rowsOf(output, [INTEGER, INTEGER, INTEGER, BIGINT]), expected);
      }
    }
  });

  it('outputs nothing for empty input', () => {
    assert.deepEqual(unnest([INT_ARRAY], [], [], [0]), []);
    assert.deepEqual(
      rowsOf(
        drive(new UnnestOperator(OperatorContext.standalone(), [], [{ channel: 0, type: INT_ARRAY }], false, false), [
          pageOf([INT_ARRAY], [[[]]]),
        ]),
        [INTEGER],
      ),
      [],
    );
  });
});
