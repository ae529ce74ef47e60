import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { AssignUniqueIdOperator, ROW_ID_BITS } from '../../../src/execution/operators/assign-unique-id-operator.js';
import { EnforceSingleRowOperator } from '../../../src/execution/operators/enforce-single-row-operator.js';
import { ValuesOperator } from '../../../src/execution/operators/values-operator.js';
import { BIGINT, INTEGER, VARCHAR } from '../../../src/types/type.js';
import { drive, pageOf, pagesOf, rowsOf } from './operator-harness.js';

const types = [INTEGER, VARCHAR];

describe('ValuesOperator', () => {
  it('emits its pages in order, skipping empty ones and splitting large ones', () => {
    const big = pageOf(
      [INTEGER],
      Array.from({ length: 5000 }, (_, i) => [i]),
    );
    const operator = new ValuesOperator(OperatorContext.standalone(), [
      pageOf([INTEGER], []),
      big,
      pageOf([INTEGER], [[-1]]),
    ]);
    const output = drive(operator, []);
    assert.deepEqual(
      output.map((p) => p.positionCount),
      [4096, 904, 1],
    );
    assert.deepEqual(rowsOf(output, [INTEGER]).at(-1), [-1]);
    assert.ok(new ValuesOperator(OperatorContext.standalone(), []).isFinished());
  });
});

describe('EnforceSingleRowOperator', () => {
  it('passes a single row through', () => {
    const operator = new EnforceSingleRowOperator(OperatorContext.standalone(), types);
    assert.deepEqual(rowsOf(drive(operator, [pageOf(types, []), pageOf(types, [[1, 'a']])]), types), [[1, 'a']]);
  });

  it('yields one NULL row on empty input', () => {
    const operator = new EnforceSingleRowOperator(OperatorContext.standalone(), types);
    assert.deepEqual(rowsOf(drive(operator, []), types), [[null, null]]);
  });

  it('fails on a second row, in the same page or a later one', () => {
    const error = { name: 'VivaceError', message: 'Scalar sub-query has returned multiple rows' };
    assert.throws(
      () =>
        drive(new EnforceSingleRowOperator(OperatorContext.standalone(), types), [
          pageOf(types, [
            [1, 'a'],
            [2, 'b'],
          ]),
        ]),
      error,
    );
    assert.throws(
      () =>
        drive(
          new EnforceSingleRowOperator(OperatorContext.standalone(), types),
          pagesOf(
            types,
            [
              [1, 'a'],
              [2, 'b'],
            ],
            1,
          ),
        ),
      error,
    );
    try {
      drive(
        new EnforceSingleRowOperator(OperatorContext.standalone(), types),
        pagesOf(
          types,
          [
            [1, 'a'],
            [2, 'b'],
          ],
          1,
        ),
      );
    } catch (e) {
      assert.equal((e as { errorName: string }).errorName, 'SUBQUERY_MULTIPLE_ROWS');
    }
  });
});

describe('AssignUniqueIdOperator', () => {
  it('appends ids unique per row, prefixed by the task', () => {
    const operator = new AssignUniqueIdOperator(OperatorContext.standalone(), 3);
    const output = drive(
      operator,
      pagesOf(
        types,
        [
          [1, 'a'],
          [2, 'b'],
          [3, 'c'],
        ],
        2,
      ),
    );
    const base = 3 * 2 ** ROW_ID_BITS;
    assert.deepEqual(rowsOf(output, [INTEGER, VARCHAR, BIGINT]), [
      [1, 'a', base],
      [2, 'b', base + 1],
      [3, 'c', base + 2],
    ]);
    const other = drive(new AssignUniqueIdOperator(OperatorContext.standalone(), 4), [pageOf(types, [[1, 'a']])]);
    assert.notEqual(rowsOf(other, [INTEGER, VARCHAR, BIGINT])[0]![2], base);
  });

  it('rejects prefixes that would leave the safe integer range', () => {
    assert.throws(() => new AssignUniqueIdOperator(OperatorContext.standalone(), 2 ** 13));
    assert.throws(() => new AssignUniqueIdOperator(OperatorContext.standalone(), -1));
  });
});
