/**
 * SplitAssigner: the pending-split bound per task, top-ups as splits complete, node affinity,
 * noMoreSplits only once the source is exhausted, batches pulled from the split source as tasks
 * have room (not the whole listing at once), listing failures and closing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { SplitAssigner, type SplitAssignerEvents } from '../../../src/server/scheduler/split-assigner.js';
import type { ConnectorSplit } from '../../../src/spi/connector.js';
import { type ConnectorSplitSource, fixedSplitSource, type SplitBatch } from '../../../src/spi/split-source.js';

const a = { partition: 0, nodeId: 'a', nodeUri: 'http://a' };
const b = { partition: 1, nodeId: 'b', nodeUri: 'http://b' };

function splits(n: number, addresses?: string[]) {
  return Array.from({ length: n }, (_, i) => ({ id: i, ...(addresses ? { addresses } : {}) }));
}

function recorder(): SplitAssignerEvents & { batches: number; failures: unknown[] } {
  const events = {
    batches: 0,
    failures: [] as unknown[],
    onSplits: () => {
      events.batches++;
    },
    onFailure: (error: unknown) => {
      events.failures.push(error);
    },
  };
  return events;
}

/** A source of `total` splits answering batches of at most `batchLimit`, recording calls. */
function countingSource(total: number, batchLimit: number) {
  let next = 0;
  const calls: number[] = [];
  let closed = false;
  const source: ConnectorSplitSource = {
    async nextBatch(maxSplits: number): Promise<SplitBatch> {
      calls.push(maxSplits);
      const count = Math.min(maxSplits, batchLimit, total - next);
      const batch: ConnectorSplit[] = Array.from({ length: count }, (_, i) => ({ id: next + i }));
      next += count;
      return { splits: batch, noMoreSplits: next >= total };
    },
    close() {
      closed = true;
    },
  };
  return { source, calls, isClosed: () => closed, handedOut: () => next };
}

describe('SplitAssigner', () => {
  it('gives each task at most the bound of unfinished splits and tops up as they complete', async () => {
    const assigner = new SplitAssigner('7', fixedSplitSource(splits(10)), [a, b], 3, recorder());
    await assigner.fill();
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

  it('gives a single task every listed split with noMoreSplits at once: no task to balance against', async () => {
    const assigner = new SplitAssigner('7', fixedSplitSource(splits(16, ['a'])), [a], 6, recorder());
    await assigner.fill();
    const only = assigner.next(a, 0)!;
    assert.equal(only.splits.length, 16);
    assert.equal(only.noMoreSplits, true);
    assert.equal(assigner.next(a, 0), undefined);
  });

  it('spreads a table of few splits over the tasks instead of filling the first task first', async () => {
    const assigner = new SplitAssigner('7', fixedSplitSource(splits(4)), [a, b], 6, recorder());
    await assigner.fill();
    assert.deepEqual(
      assigner.next(a, 0)!.splits.map((s) => s.sequenceId),
      [0, 1],
    );
    const toB = assigner.next(b, 0)!;
    assert.deepEqual(
      toB.splits.map((s) => s.sequenceId),
      [2, 3],
    );
    assert.equal(toB.noMoreSplits, true);
  });

  it('knows the split count of a fully listed table of unbound splits, and may then run fewer tasks', async () => {
    const assigner = new SplitAssigner('7', fixedSplitSource(splits(1)), [a, b], 6, recorder());
    assert.equal(assigner.knownUnboundSplitCount, undefined, 'nothing listed yet');
    await assigner.fill();
    assert.equal(assigner.knownUnboundSplitCount, 1);
    const onlyB = { ...b, partition: 0 };
    assigner.replaceTasks([onlyB]);
    const toB = assigner.next(onlyB, 0)!;
    assert.equal(toB.splits.length, 1);
    assert.equal(toB.noMoreSplits, true);
    assert.equal(assigner.next(onlyB, 0), undefined);
  });

  it('does not count splits bound to nodes, nor a listing that is not over', async () => {
    const bound = new SplitAssigner('7', fixedSplitSource(splits(1, ['a'])), [a, b], 6, recorder());
    await bound.fill();
    assert.equal(bound.knownUnboundSplitCount, undefined);
    const unfinished = new SplitAssigner('7', countingSource(5000, 1000).source, [a, b], 6, recorder());
    await unfinished.fill();
    assert.equal(unfinished.knownUnboundSplitCount, undefined);
  });

  it('knows the nodes of a fully listed table whose splits are all bound to nodes', async () => {
    const bound = new SplitAssigner(
      '7',
      fixedSplitSource([...splits(2, ['a']), ...splits(1, ['b', 'c'])]),
      [a, b],
      6,
      recorder(),
    );
    assert.equal(bound.knownBoundNodes, undefined, 'nothing listed yet');
    await bound.fill();
    assert.deepEqual([...bound.knownBoundNodes!].sort(), ['a', 'b', 'c']);
    const mixed = new SplitAssigner('7', fixedSplitSource([...splits(1, ['a']), ...splits(1)]), [a, b], 6, recorder());
    await mixed.fill();
    assert.equal(mixed.knownBoundNodes, undefined, 'a split that may run anywhere');
    const empty = new SplitAssigner('7', fixedSplitSource([]), [a, b], 6, recorder());
    await empty.fill();
    assert.deepEqual([...empty.knownBoundNodes!], []);
  });

  it('refuses to replace its tasks once a split is assigned', async () => {
    const assigner = new SplitAssigner('7', fixedSplitSource(splits(4)), [a, b], 6, recorder());
    await assigner.fill();
    assigner.next(a, 0);
    assert.throws(() => assigner.replaceTasks([a]), /after splits were assigned/);
  });

  it('gives the queue to the task with fewer splits pending, and one split to an idle task', async () => {
    const assigner = new SplitAssigner('7', fixedSplitSource(splits(9)), [a, b], 6, recorder());
    await assigner.fill();
    assert.equal(assigner.next(a, 0)!.splits.length, 5, 'half of 9, rounded up');
    assert.equal(assigner.next(b, 0)!.splits.length, 4);
    assert.equal(assigner.next(b, 0), undefined, 'nothing queued');
    assert.equal(assigner.remaining, 0);
    const three = new SplitAssigner('7', fixedSplitSource(splits(3)), [a, b], 6, recorder());
    await three.fill();
    assert.equal(three.next(a, 0)!.splits.length, 2);
    assert.equal(three.next(a, 0), undefined, 'a holds more than its share');
    assert.equal(three.next(b, 0)!.splits.length, 1);
  });

  it('gives the first of two tasks to report at the tail no more than its half of the queue', async () => {
    // b's pending count is as of its last report; it may be as far along as a is.
    const assigner = new SplitAssigner('7', fixedSplitSource(splits(16)), [a, b], 6, recorder());
    await assigner.fill();
    assert.equal(assigner.next(a, 0)!.splits.length, 6);
    assert.equal(assigner.next(b, 0)!.splits.length, 6);
    assert.equal(assigner.next(a, 4)!.splits.length, 2, 'half of the 4 queued, not all 4');
    assert.equal(assigner.next(b, 4)!.splits.length, 1, 'half of the 2 left');
    // The last goes to whichever reports next.
    const toB = assigner.next(b, 5)!;
    assert.equal(toB.splits.length, 1);
    assert.equal(toB.noMoreSplits, true);
  });

  it('sends a split that names its node only to the task on that node', async () => {
    const source = fixedSplitSource([...splits(2, ['b']), ...splits(1)]);
    const assigner = new SplitAssigner('1', source, [a, b], 10, recorder());
    await assigner.fill();
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

  it('gives a task every split its node holds at once, past the balancing bound', async () => {
    // Held by node b: no other task could take them, so the bound of 2 (which keeps unbound
    // splits for faster tasks) would only make b wait for status rounds.
    const held = new SplitAssigner('1', fixedSplitSource(splits(5, ['b'])), [a, b], 2, recorder());
    await held.fill();
    const toB = held.next(b, 0)!;
    assert.equal(toB.splits.length, 5);
    assert.equal(toB.noMoreSplits, true);
  });

  it('fails the query when a split names nodes without a task', async () => {
    const events = recorder();
    const assigner = new SplitAssigner('1', fixedSplitSource(splits(1, ['gone'])), [a], 10, events, 'memory.s.t');
    await assigner.fill();
    assert.equal(events.failures.length, 1);
    const error = events.failures[0] as VivaceError;
    assert.ok(error instanceof VivaceError);
    assert.equal(error.errorName, 'NO_NODES_AVAILABLE');
    assert.equal(error.message, "Data of table 'memory.s.t' is held by gone, which is not an active worker");
    assert.equal(assigner.next(a, 0), undefined);
  });

  it('pulls batches as the tasks have room, and says noMoreSplits only at the end of the listing', async () => {
    const listing = countingSource(100_000, 50);
    const events = recorder();
    const assigner = new SplitAssigner('3', listing.source, [a, b], 4, events);
    await assigner.fill();
    assert.equal(listing.calls.length, 1, 'one batch before the first assignment');
    assert.equal(events.batches, 1);
    const first = assigner.next(a, 0)!;
    assert.equal(first.splits.length, 4);
    assert.equal(first.noMoreSplits, undefined, 'the listing goes on');
    // The queue holds more than both tasks can take: no further batch is asked for yet.
    assert.equal(assigner.next(b, 0)!.splits.length, 4);
    assert.equal(listing.calls.length, 1);
    // As tasks complete splits and the queue runs low, the next batches come, one at a time.
    let completedA = 0;
    let completedB = 0;
    for (let round = 0; round < 20; round++) {
      completedA += 4;
      completedB += 4;
      assigner.next(a, completedA);
      assigner.next(b, completedB);
      await assigner.fill();
    }
    assert.ok(listing.calls.length > 1 && listing.calls.length < 10, `batches asked: ${listing.calls.length}`);
    assert.ok(listing.handedOut() < 1000, 'the source is not drained ahead of the tasks');
    assert.equal(listing.isClosed(), false);
    const asked = listing.calls.length;
    assigner.close();
    assert.equal(listing.isClosed(), true, 'the end of the query stops the listing');
    await assigner.fill();
    assigner.next(a, completedA + 4);
    assert.equal(listing.calls.length, asked, 'nothing is asked after close');
  });

  it('reports a failed listing', async () => {
    const events = recorder();
    const source: ConnectorSplitSource = {
      nextBatch: async () => {
        throw new VivaceError('GENERIC_INTERNAL_ERROR', 'listing failed');
      },
      close: () => {},
    };
    const assigner = new SplitAssigner('1', source, [a], 2, events);
    await assigner.fill();
    assert.equal((events.failures[0] as Error).message, 'listing failed');
  });

  it('sends every split of a bucket to the task the bucket maps to, in every scan of the stage, never balancing', async () => {
    const bucketSplits = (buckets: number[]) => buckets.map((bucket, i) => ({ id: i, bucket }));
    // Orders and lineitem of one stage: buckets 0-3 of each; the lineitem queue is uneven.
    const orders = new SplitAssigner(
      'o',
      fixedSplitSource(bucketSplits([0, 1, 2, 3])),
      [a, b],
      6,
      recorder(),
      'orders',
      true,
    );
    const lineitem = new SplitAssigner(
      'l',
      fixedSplitSource(bucketSplits([0, 0, 0, 2, 2, 1, 3])),
      [a, b],
      6,
      recorder(),
      'lineitem',
      true,
    );
    await Promise.all([orders.fill(), lineitem.fill()]);
    const buckets = (source: ReturnType<SplitAssigner['next']>) =>
      source!.splits.map((s) => (s.split as { bucket: number }).bucket);
    assert.deepEqual(buckets(orders.next(a, 0)), [0, 2]);
    assert.deepEqual(buckets(orders.next(b, 0)), [1, 3]);
    // Task a holds five lineitem splits while b holds two: a fair share would move some to b.
    const lineitemA = lineitem.next(a, 0)!;
    assert.deepEqual(buckets(lineitemA), [0, 0, 0, 2, 2]);
    assert.equal(lineitemA.noMoreSplits, true);
    assert.deepEqual(buckets(lineitem.next(b, 0)), [1, 3]);
    assert.equal(lineitem.knownUnboundSplitCount, 0);
  });

  it('counts the buckets, not the splits, of a bucketed scan as the tasks it can keep busy', async () => {
    const assigner = new SplitAssigner(
      'l',
      fixedSplitSource([0, 0, 0, 0].map((bucket, id) => ({ id, bucket }))),
      [a, b],
      6,
      recorder(),
      'lineitem',
      true,
    );
    await assigner.fill();
    assert.equal(assigner.knownUnboundSplitCount, 1);
  });

  it('fails a bucketed scan whose split has no bucket', async () => {
    const events = recorder();
    const assigner = new SplitAssigner('l', fixedSplitSource([{ id: 1 }]), [a, b], 6, events, 'lineitem', true);
    await assigner.fill();
    assert.match((events.failures[0] as Error).message, /A split of table 'lineitem' has no bucket/);
  });
});
