import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constantBlock } from '../../../src/data/block-builder.js';
import type { Page } from '../../../src/data/page.js';
import { compareValues } from '../../../src/execution/expression/value-comparison.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { OrderByOperator, SORT_RUN_ROWS } from '../../../src/execution/operators/order-by-operator.js';
import type { SortOrdering } from '../../../src/execution/sort/sort-keys.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  REAL,
  type Type,
  timestamp,
  VARBINARY,
  VARCHAR,
} from '../../../src/types/type.js';
import { drive, pageOf, pagesOf, random, randomInt, rowsOf } from './operator-harness.js';

function ordering(channel: number, type: Type, ascending = true, nullsFirst = false): SortOrdering {
  return { channel, type, ascending, nullsFirst };
}

/** Reference: a full sort with the generic comparison, input order breaking ties. */
function referenceSort(rows: unknown[][], orderings: readonly SortOrdering[]): unknown[][] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      for (const o of orderings) {
        const x = a.row[o.channel];
        const y = b.row[o.channel];
        if (x === null || y === null) {
          if (x === y) continue;
          return (x === null) === o.nullsFirst ? -1 : 1;
        }
        const c = compareValues(o.type, x, y);
        if (c !== 0) return o.ascending ? c : -c;
      }
      return a.index - b.index;
    })
    .map((e) => e.row);
}

describe('OrderByOperator', () => {
  it('sorts numbers and strings with NULLS FIRST/LAST and directions', () => {
    const types = [INTEGER, VARCHAR];
    const rows = [
      [3, 'c'],
      [null, 'n'],
      [1, 'a'],
      [2, null],
      [1, 'b'],
      [null, null],
    ];
    const sortBy = (orderings: SortOrdering[]) =>
      rowsOf(drive(new OrderByOperator(OperatorContext.standalone(), types, orderings), [pageOf(types, rows)]), types);
    assert.deepEqual(sortBy([ordering(0, INTEGER)]), [
      [1, 'a'],
      [1, 'b'],
      [2, null],
      [3, 'c'],
      [null, 'n'],
      [null, null],
    ]);
    assert.deepEqual(sortBy([ordering(0, INTEGER, false, true), ordering(1, VARCHAR, false, false)]), [
      [null, 'n'],
      [null, null],
      [3, 'c'],
      [2, null],
      [1, 'b'],
      [1, 'a'],
    ]);
    assert.deepEqual(sortBy([ordering(1, VARCHAR, true, true)]), [
      [2, null],
      [null, null],
      [1, 'a'],
      [1, 'b'],
      [3, 'c'],
      [null, 'n'],
    ]);
  });

  it('orders strings by code point and doubles with NaN last', () => {
    const types = [VARCHAR, DOUBLE];
    const rows = [
      ['\u{1F600}', Number.NaN],
      ['\uFF61', 1.5],
      ['a', Number.NEGATIVE_INFINITY],
      ['B', -0],
      ['', 0],
    ];
    const byString = rowsOf(
      drive(new OrderByOperator(OperatorContext.standalone(), types, [ordering(0, VARCHAR)]), [pageOf(types, rows)]),
      types,
    ).map((r) => r[0]);
    assert.deepEqual(byString, ['', 'B', 'a', '\uFF61', '\u{1F600}']);
    const byDouble = rowsOf(
      drive(new OrderByOperator(OperatorContext.standalone(), types, [ordering(1, DOUBLE, false)]), [
        pageOf(types, rows),
      ]),
      types,
    ).map((r) => r[1]);
    assert.ok(Number.isNaN(byDouble[0]));
    assert.deepEqual(byDouble.slice(1), [1.5, -0, 0, Number.NEGATIVE_INFINITY]);
  });

  it('sorts bigints beyond 2^53, long decimals, varbinary, arrays and short timestamps', () => {
    const types = [BIGINT, decimal(20, 2), VARBINARY, arrayOf(INTEGER), timestamp(6)];
    const rows = [
      [2n ** 60n, 10n ** 19n, Uint8Array.of(2), [1, 2], 5],
      [-(2n ** 60n), -1n, Uint8Array.of(1, 0), [1], 3],
      [7, 0n, Uint8Array.of(1), [0, 9], 4],
    ];
    for (let key = 0; key < types.length; key++) {
      const sorted = rowsOf(
        drive(new OrderByOperator(OperatorContext.standalone(), types, [ordering(key, types[key]!)]), [
          pageOf(types, rows),
        ]),
        types,
      );
      assert.deepEqual(
        sorted,
        referenceSort(rowsOf([pageOf(types, rows)], types), [ordering(key, types[key]!)]),
        `key ${key}`,
      );
    }
  });

  it('matches a reference sort on random multi-key input over many pages, emitting 4096-row pages', () => {
    const next = random(7);
    const types = [INTEGER, VARCHAR, DOUBLE, BOOLEAN, DATE, REAL];
    const rows: unknown[][] = [];
    for (let i = 0; i < 10_000; i++) {
      rows.push([
        next() < 0.1 ? null : randomInt(next, 50),
        next() < 0.1 ? null : String.fromCharCode(97 + randomInt(next, 5)),
        next() < 0.1 ? null : randomInt(next, 1000) / 8,
        next() < 0.1 ? null : next() < 0.5,
        randomInt(next, 100),
        Math.fround(randomInt(next, 10) / 4),
      ]);
    }
    const orderings = [
      ordering(1, VARCHAR, false, true),
      ordering(0, INTEGER),
      ordering(3, BOOLEAN, true, true),
      ordering(2, DOUBLE, false),
    ];
    const operator = new OrderByOperator(OperatorContext.standalone(), types, orderings);
    const output = drive(operator, pagesOf(types, rows, 777));
    assert.deepEqual(
      output.map((p) => p.positionCount),
      [4096, 4096, 1808],
    );
    assert.deepEqual(rowsOf(output, types), referenceSort(rows, orderings));
  });

  it('sorts an input of several runs by merging them, stable and 4096 rows per call', () => {
    const next = random(11);
    const types = [INTEGER, VARCHAR, BIGINT];
    const rows: unknown[][] = [];
    const total = 2 * SORT_RUN_ROWS + 5000;
    for (let i = 0; i < total; i++) {
      rows.push([next() < 0.05 ? null : randomInt(next, 300), next() < 0.05 ? null : `k${randomInt(next, 7)}`, i]);
    }
    const orderings = [ordering(1, VARCHAR, false, true), ordering(0, INTEGER)];
    const context = OperatorContext.standalone();
    const operator = new OrderByOperator(context, types, orderings);
    const output = drive(operator, pagesOf(types, rows, 8192));
    assert.ok(output.every((p) => p.positionCount <= 4096));
    assert.equal(
      output.reduce((n, p) => n + p.positionCount, 0),
      total,
    );
    // The third key is the input position: equal keys must come out in input order.
    assert.deepEqual(rowsOf(output, types), referenceSort(rows, orderings));
    assert.equal(context.memory.reservedBytes, 0);
  });

  it('merges runs whose blocks are constant (rle) with different values', () => {
    const types = [INTEGER, VARCHAR];
    const half = SORT_RUN_ROWS;
    const page = (value: number, label: string): Page => ({
      positionCount: half,
      blocks: [constantBlock(INTEGER, value, half), constantBlock(VARCHAR, label, half)],
    });
    const operator = new OrderByOperator(OperatorContext.standalone(), types, [ordering(0, INTEGER, false)]);
    const output = rowsOf(drive(operator, [page(1, 'one'), page(2, 'two'), page(1, 'uno')]), types);
    assert.equal(output.length, 3 * half);
    assert.deepEqual(output[0], [2, 'two']);
    assert.deepEqual(output[half], [1, 'one']);
    assert.deepEqual(output[2 * half - 1], [1, 'one']);
    assert.deepEqual(output[2 * half], [1, 'uno']);
  });

  it('sorts runs as input arrives, taking no input while a cut run waits for its sort', () => {
    const types = [INTEGER];
    const context = OperatorContext.standalone();
    const operator = new OrderByOperator(context, types, [ordering(0, INTEGER)]);
    const rows = Array.from({ length: SORT_RUN_ROWS }, (_, i) => [SORT_RUN_ROWS - i]);
    const pages = pagesOf(types, rows, 8192);
    let refusals = 0;
    for (const page of pages) {
      while (!operator.needsInput()) {
        refusals++;
        assert.equal(operator.getOutput(), null, 'no output before the input ends');
      }
      operator.addInput(page);
    }
    assert.ok(refusals > 0, 'the operator sorted full runs between input pages');
    while (!operator.needsInput()) operator.getOutput();
    // Sorted runs hold their permutation (4 bytes a row) beside their values (4 bytes a row): at
    // least the first run (4096 rows) was sorted before the input ended.
    assert.ok(context.memory.reservedBytes >= 4 * SORT_RUN_ROWS + 4 * 4096, `${context.memory.reservedBytes}`);
    operator.finish();
    let first = operator.getOutput();
    while (first === null) first = operator.getOutput();
    assert.equal(first.positionCount, 4096);
    assert.deepEqual(rowsOf([first], types).slice(0, 2), [[1], [2]]);
  });

  it('handles empty input, page size 1 and output channel selection', () => {
    const types = [INTEGER, VARCHAR];
    const empty = new OrderByOperator(OperatorContext.standalone(), types, [ordering(0, INTEGER)]);
    assert.deepEqual(drive(empty, []), []);
    assert.ok(empty.isFinished());
    const rows = [
      [2, 'b'],
      [1, 'a'],
      [3, 'c'],
    ];
    const operator = new OrderByOperator(OperatorContext.standalone(), types, [ordering(0, INTEGER, false)], [1]);
    assert.deepEqual(rowsOf(drive(operator, pagesOf(types, rows, 1)), [VARCHAR]), [['c'], ['b'], ['a']]);
  });

  it('reports the buffered memory and releases it when done', () => {
    const types = [INTEGER];
    const context = OperatorContext.standalone();
    const operator = new OrderByOperator(context, types, [ordering(0, INTEGER)]);
    operator.addInput(pageOf(types, [[3], [1]]));
    const afterOne = context.memory.reservedBytes;
    assert.ok(afterOne > 0);
    operator.addInput(pageOf(types, [[2]]));
    assert.ok(context.memory.reservedBytes > afterOne);
    operator.finish();
    assert.ok(context.memory.reservedBytes > 0);
    assert.deepEqual(rowsOf([operator.getOutput()!], types), [[1], [2], [3]]);
    assert.ok(operator.isFinished());
    assert.equal(context.memory.reservedBytes, 0);
  });

  it('fails with EXCEEDED_MEMORY_LIMIT past the query limit', () => {
    const types = [INTEGER];
    const operator = new OrderByOperator(OperatorContext.standalone('OrderBy', 1000), types, [ordering(0, INTEGER)]);
    const rows = Array.from({ length: 1000 }, (_, i) => [i]);
    assert.throws(() => operator.addInput(pageOf(types, rows)), {
      name: 'VivaceError',
      message: /Query exceeded per-query memory limit/,
    });
  });
});
