import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { GroupIdOperator } from '../../../src/execution/operators/group-id-operator.js';
import { MarkDistinctOperator } from '../../../src/execution/operators/mark-distinct-operator.js';
import { RowNumberOperator } from '../../../src/execution/operators/row-number-operator.js';
import { BIGINT, BOOLEAN, DOUBLE, INTEGER, VARCHAR } from '../../../src/types/type.js';
import { drive, pagesOf, rowsOf } from './operator-test-support.js';

describe('MarkDistinctOperator', () => {
  const columns = [
    ['a', 'b', 'a', null, null, 'b', 'c'],
    [1, 1, 1, 2, 2, 2, null],
  ];
  const expectedMarks = [true, true, false, true, false, true, true];

  for (const pageSize of [1, 3, 4096]) {
    it(`marks the first occurrence of each key combination (pages of ${pageSize})`, () => {
      const context = OperatorContext.standalone();
      const operator = new MarkDistinctOperator(context, {
        distinctChannels: [0, 1],
        distinctTypes: [VARCHAR, INTEGER],
      });
      const output = drive(operator, pagesOf([VARCHAR, INTEGER], columns, pageSize));
      const rows = rowsOf(output, [VARCHAR, INTEGER, BOOLEAN]);
      assert.deepEqual(
        rows.map((row) => row[2]),
        expectedMarks,
      );
      assert.deepEqual(
        rows.map((row) => row.slice(0, 2)),
        columns[0]!.map((v, i) => [v, columns[1]![i]]),
      );
      assert.ok(context.memory.reservedBytes > 0);
      operator.close();
      assert.equal(context.memory.reservedBytes, 0);
    });
  }

  it('marks 120k distinct values once each across pages', () => {
    const n = 120_000;
    const values = Array.from({ length: 2 * n }, (_, i) => i % n);
    const operator = new MarkDistinctOperator(OperatorContext.standalone(), {
      distinctChannels: [0],
      distinctTypes: [BIGINT],
    });
    const output = drive(operator, pagesOf([BIGINT], [values], 4096));
    let marked = 0;
    for (const row of rowsOf(output, [BIGINT, BOOLEAN])) if (row[1] === true) marked++;
    assert.equal(marked, n);
  });
});

describe('GroupIdOperator', () => {
  it('replicates rows per grouping set, nulling absent keys, appending the group id', () => {
    // Keys (a, b); sets: (a, b), (a), (); one aggregation argument x.
    const operator = new GroupIdOperator(OperatorContext.standalone(), {
      groupingKeyChannels: [0, 1],
      groupingKeyTypes: [VARCHAR, BIGINT],
      groupingSets: [[0, 1], [0], []],
      aggregationArgumentChannels: [2],
    });
    const pages = pagesOf(
      [VARCHAR, BIGINT, DOUBLE],
      [
        ['p', 'q'],
        [1, 2],
        [0.5, 1.5],
      ],
      10,
    );
    const rows = rowsOf(drive(operator, pages), [VARCHAR, BIGINT, DOUBLE, BIGINT]);
    assert.deepEqual(rows, [
      ['p', 1, 0.5, 0],
      ['q', 2, 1.5, 0],
      ['p', null, 0.5, 1],
      ['q', null, 1.5, 1],
      [null, null, 0.5, 2],
      [null, null, 1.5, 2],
    ]);
  });

  it('handles pages of one row and no input', () => {
    const parameters = {
      groupingKeyChannels: [0],
      groupingKeyTypes: [BIGINT],
      groupingSets: [[0], []],
      aggregationArgumentChannels: [],
    };
    const rows = rowsOf(
      drive(new GroupIdOperator(OperatorContext.standalone(), parameters), pagesOf([BIGINT], [[7, 8]], 1)),
      [BIGINT, BIGINT],
    );
    assert.deepEqual(rows, [
      [7, 0],
      [null, 1],
      [8, 0],
      [null, 1],
    ]);
    assert.deepEqual(drive(new GroupIdOperator(OperatorContext.standalone(), parameters), []), []);
  });
});

describe('RowNumberOperator', () => {
  const columns = [['a', 'b', 'a', null, 'a', null, 'b']];

  for (const pageSize of [1, 4096]) {
    it(`numbers rows per partition in input order (pages of ${pageSize})`, () => {
      const operator = new RowNumberOperator(OperatorContext.standalone(), {
        partitionChannels: [0],
        partitionTypes: [VARCHAR],
      });
      const rows = rowsOf(drive(operator, pagesOf([VARCHAR], columns, pageSize)), [VARCHAR, BIGINT]);
      assert.deepEqual(
        rows.map((row) => row[1]),
        [1, 1, 2, 1, 3, 2, 2],
      );
    });
  }

  it('drops rows beyond the maximum per partition', () => {
    const operator = new RowNumberOperator(OperatorContext.standalone(), {
      partitionChannels: [0],
      partitionTypes: [VARCHAR],
      maxRowCountPerPartition: 1,
    });
    const rows = rowsOf(drive(operator, pagesOf([VARCHAR], columns, 3)), [VARCHAR, BIGINT]);
    assert.deepEqual(rows, [
      ['a', 1],
      ['b', 1],
      [null, 1],
    ]);
  });

  it('without partitions numbers all rows and finishes at the maximum', () => {
    const context = OperatorContext.standalone();
    const operator = new RowNumberOperator(context, {
      partitionChannels: [],
      partitionTypes: [],
      maxRowCountPerPartition: 5,
    });
    const pages = pagesOf([BIGINT], [Array.from({ length: 12 }, (_, i) => i * 10)], 4);
    operator.addInput(pages[0]!);
    assert.deepEqual(
      rowsOf([operator.getOutput()!], [BIGINT, BIGINT]).map((row) => row[1]),
      [1, 2, 3, 4],
    );
    operator.addInput(pages[1]!);
    assert.deepEqual(rowsOf([operator.getOutput()!], [BIGINT, BIGINT]), [[40, 5]]);
    assert.equal(operator.needsInput(), false);
    assert.equal(operator.isFinished(), true);
    operator.close();
    assert.equal(context.memory.reservedBytes, 0);
  });

  it('numbers 150k partitions', () => {
    const n = 150_000;
    const keys = Array.from({ length: 2 * n }, (_, i) => i % n);
    const operator = new RowNumberOperator(OperatorContext.standalone(), {
      partitionChannels: [0],
      partitionTypes: [BIGINT],
    });
    const rows = rowsOf(drive(operator, pagesOf([BIGINT], [keys], 4096)), [BIGINT, BIGINT]);
    assert.equal(rows.length, 2 * n);
    assert.deepEqual(rows[n - 1], [n - 1, 1]);
    assert.deepEqual(rows[2 * n - 1], [n - 1, 2]);
  });
});
