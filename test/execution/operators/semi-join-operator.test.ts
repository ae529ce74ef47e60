import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JoinBridge } from '../../../src/execution/join/join-bridge.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import {
  type FilteringSet,
  HashSemiJoinOperator,
  SetBuilderOperator,
} from '../../../src/execution/operators/semi-join-operator.js';
import { BIGINT, BOOLEAN, INTEGER, type Type, VARCHAR } from '../../../src/types/type.js';
import { drive, pagesOf, random, randomInt, rowsOf } from './operator-harness.js';

function semiJoin(
  sourceType: Type,
  source: unknown[],
  filtering: unknown[],
  filteringType: Type = sourceType,
  pageSize = 3,
) {
  const bridge = new JoinBridge<FilteringSet>();
  const buildContext = OperatorContext.standalone();
  const builder = new SetBuilderOperator(buildContext, bridge, 1, filteringType);
  const probe = new HashSemiJoinOperator(OperatorContext.standalone(), bridge, 0);
  assert.ok(probe.isBlocked());
  for (const page of pagesOf(
    [VARCHAR, filteringType],
    filtering.map((v) => ['x', v]),
    pageSize,
  ))
    builder.addInput(page);
  builder.finish();
  assert.ok(!builder.isFinished());
  const output = drive(
    probe,
    pagesOf(
      [sourceType],
      source.map((v) => [v]),
      pageSize,
    ),
  );
  assert.ok(builder.isFinished());
  assert.equal(buildContext.memory.reservedBytes, 0);
  return rowsOf(output, [sourceType, BOOLEAN]).map((row) => row[1]);
}

describe('HashSemiJoinOperator', () => {
  it('marks found keys true and missing keys false', () => {
    assert.deepEqual(semiJoin(INTEGER, [1, 2, 3, 4], [2, 4, 4, 6]), [false, true, false, true]);
  });

  it('gives NULL for a NULL key, and for missing keys when the set contains NULL', () => {
    assert.deepEqual(semiJoin(INTEGER, [1, null], [1, 2]), [true, null]);
    assert.deepEqual(semiJoin(INTEGER, [1, 3, null], [1, null]), [true, null, null]);
  });

  it('is false against an empty filtering source, even for NULL keys', () => {
    assert.deepEqual(semiJoin(VARCHAR, ['a', null], []), [false, false]);
  });

  it('matches values across numeric block kinds (integer probe, bigint set)', () => {
    assert.deepEqual(semiJoin(INTEGER, [5, 6], [5, 2n ** 60n], BIGINT), [true, false]);
  });

  it('matches a reference on random strings, page size 1', () => {
    const next = random(8);
    const value = () => (next() < 0.05 ? null : `v${randomInt(next, 30)}`);
    const source = Array.from({ length: 200 }, value);
    const filtering = Array.from({ length: 40 }, () => `v${randomInt(next, 30)}`);
    const expected = source.map((v) => (v === null ? null : filtering.includes(v)));
    assert.deepEqual(semiJoin(VARCHAR, source, filtering, VARCHAR, 1), expected);
  });
});
