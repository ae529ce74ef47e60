import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { LimitOperator } from '../../../src/execution/operators/limit-operator.js';
import { OffsetOperator } from '../../../src/execution/operators/offset-operator.js';
import { INTEGER, VARCHAR } from '../../../src/types/type.js';
import { drive, pageOf, pagesOf, rowsOf } from './operator-harness.js';

const types = [INTEGER, VARCHAR];
const rows = [
  [1, 'a'],
  [2, 'b'],
  [2, 'c'],
  [2, null],
  [3, 'd'],
  [4, 'e'],
];

describe('LimitOperator', () => {
  it('passes the first n rows, truncating the page that crosses the limit', () => {
    const operator = new LimitOperator(OperatorContext.standalone(), 3);
    assert.deepEqual(rowsOf(drive(operator, pagesOf(types, rows, 2)), types), rows.slice(0, 3));
  });

  it('is finished as soon as the limit is reached, without waiting for the end of input', () => {
    const operator = new LimitOperator(OperatorContext.standalone(), 2);
    operator.addInput(pageOf(types, rows.slice(0, 2)));
    assert.equal(operator.needsInput(), false);
    assert.equal(operator.isFinished(), false);
    assert.equal(operator.getOutput()?.positionCount, 2);
    assert.ok(operator.isFinished());
  });

  it('with count 0 is finished at once; with fewer rows than the limit passes everything', () => {
    assert.ok(new LimitOperator(OperatorContext.standalone(), 0).isFinished());
    const operator = new LimitOperator(OperatorContext.standalone(), 100);
    assert.deepEqual(rowsOf(drive(operator, pagesOf(types, rows, 1)), types), rows);
  });

  it('WITH TIES keeps the rows equal to the last one, across pages, NULLs equal', () => {
    const scheme = [{ channel: 0, type: INTEGER, ascending: true, nullsFirst: false }];
    for (const pageSize of [1, 2, 6]) {
      const operator = new LimitOperator(OperatorContext.standalone(), 2, scheme);
      assert.deepEqual(
        rowsOf(drive(operator, pagesOf(types, rows, pageSize)), types),
        rows.slice(0, 4),
        `size ${pageSize}`,
      );
      assert.ok(operator.isFinished());
    }
    const nullTies = [
      [null, 'x'],
      [null, 'y'],
      [null, 'z'],
      [5, 'w'],
    ];
    const operator = new LimitOperator(OperatorContext.standalone(), 1, scheme);
    assert.deepEqual(rowsOf(drive(operator, pagesOf(types, nullTies, 2)), types), nullTies.slice(0, 3));
    const allTied = new LimitOperator(OperatorContext.standalone(), 1, scheme);
    assert.deepEqual(rowsOf(drive(allTied, pagesOf(types, rows.slice(1, 4), 1)), types), rows.slice(1, 4));
  });
});

describe('OffsetOperator', () => {
  it('skips the first n rows across pages', () => {
    for (const [count, size] of [
      [0, 2],
      [1, 2],
      [3, 2],
      [4, 1],
      [6, 4],
      [10, 3],
    ] as const) {
      const operator = new OffsetOperator(OperatorContext.standalone(), count);
      assert.deepEqual(
        rowsOf(drive(operator, pagesOf(types, rows, size)), types),
        rows.slice(count),
        `offset ${count}`,
      );
    }
  });
});
