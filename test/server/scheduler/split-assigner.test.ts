/** SplitAssigner: the pending-split bound per task, top-ups as splits complete, node affinity, noMoreSplits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SplitAssigner } from '../../../src/server/scheduler/split-assigner.js';

const a = { partition: 0, nodeId: 'a', nodeUri: 'http://a' };
const b = { partition: 1, nodeId: 'b', nodeUri: 'http://b' };

function splits(n: number, addresses?: string[]) {
  return Array.from({ length: n }, (_, i) => ({ id: i, ...(addresses ? { addresses } : {}) }));
}

describe('SplitAssigner', () => {
  it('gives each task at most the bound of unfinished splits and tops up as they complete', () => {
    const assigner = new SplitAssigner('7', splits(10), [a, b], 3);
    const first = assigner.next(a, 0)!;
    assert.deepEqual(
      first.splits.map((s) => s.sequenceId),
      [0, 1, 2],
    );
    assert.equal(first.noMoreSplits, undefined);
    assert.equal(assigner.next(a, 0), undefined, 'no room until a split completes');
    assert.deepEqual(
      assigner.next(b, 0)!.splits.map((s) => s.sequenceId),
      [3, 4, 5],
    );
    assert.deepEqual(
      assigner.next(a, 2)!.splits.map((s) => s.sequenceId),
      [6, 7],
    );
    const last = assigner.next(b, 3)!;
    assert.deepEqual(
      last.splits.map((s) => s.sequenceId),
      [8, 9],
    );
    assert.equal(last.noMoreSplits, true);
    assert.deepEqual(assigner.next(a, 5), { planNodeId: '7', splits: [], noMoreSplits: true });
    assert.equal(assigner.next(a, 5), undefined, 'noMoreSplits is said once');
    assert.equal(assigner.remaining, 0);
  });

  it('sends a split that names its node only to the task on that node', () => {
    const assigner = new SplitAssigner('1', [...splits(2, ['b']), ...splits(1)], [a, b], 10);
    const toA = assigner.next(a, 0)!;
    assert.deepEqual(
      toA.splits.map((s) => s.sequenceId),
      [2],
    );
    assert.equal(toA.noMoreSplits, true, 'nothing else may run on a');
    assert.deepEqual(
      assigner.next(b, 0)!.splits.map((s) => s.sequenceId),
      [0, 1],
    );
  });

  it('runs a split whose nodes have no task anywhere', () => {
    const assigner = new SplitAssigner('1', splits(1, ['gone']), [a], 10);
    assert.deepEqual(
      assigner.next(a, 0)!.splits.map((s) => s.sequenceId),
      [0],
    );
  });
});
