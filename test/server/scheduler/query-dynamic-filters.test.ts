/**
 * The coordinator's dynamic filters (scheduler/query-dynamic-filters.ts): complete once every
 * build task reported, "all keys" from a task that ended without reporting, waits bounded by a
 * timeout, and a complete filter as a split constraint.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeferredSplitSource } from '../../../src/server/scheduler/deferred-split-source.js';
import { filterConstraint, QueryDynamicFilters } from '../../../src/server/scheduler/query-dynamic-filters.js';
import { fixedSplitSource } from '../../../src/spi/split-source.js';

const never = new Promise<void>(() => undefined);

/** Filter `id` built by the tasks `taskIds`, each from its share of the keys (a partitioned join). */
function partitioned(id: string, taskIds: string[]) {
  return new Map([[id, { taskIds, replicated: false }]]);
}

describe('query dynamic filters', () => {
  it('completes a filter when every task of its build stage reported, with the union of their keys', () => {
    const filters = new QueryDynamicFilters(partitioned('df_0', ['q.1.0', 'q.1.1']));
    filters.report('q.1.0', { df_0: { min: 1, max: 5, values: [1, 5] } });
    assert.equal(filters.completed('df_0'), undefined);
    filters.report('q.1.0', { df_0: { min: 100, max: 100, values: [100] } });
    assert.equal(filters.completed('df_0'), undefined, 'a task counts once');
    filters.report('q.1.1', { df_0: { min: 3, max: 9, values: [3, 9] }, df_9: { min: 0, max: 0 } });
    assert.deepEqual(filters.completed('df_0'), { min: 1, max: 9, values: [1, 5, 3, 9] });
    assert.equal(filters.completed('df_9'), undefined);
  });

  it("completes a replicated join's filter with the first task's report: every task holds every key", () => {
    const filters = new QueryDynamicFilters(new Map([['df_0', { taskIds: ['a', 'b'], replicated: true }]]));
    filters.report('b', { df_0: { min: 2, max: 4, values: [2, 4] } });
    assert.deepEqual(filters.completed('df_0'), { min: 2, max: 4, values: [2, 4] });
    filters.report('a', { df_0: { min: 2, max: 4, values: [4, 2] } });
    assert.deepEqual(filters.completed('df_0'), { min: 2, max: 4, values: [2, 4] }, 'later reports change nothing');
    const partial = new QueryDynamicFilters(partitioned('df_0', ['a', 'b']));
    partial.report('b', { df_0: { min: 2, max: 4, values: [2, 4] } });
    assert.equal(partial.completed('df_0'), undefined, 'a partitioned join waits for every share');
  });

  it("says of a filter its tasks apply from their own builds that the coordinator's is for splits", () => {
    const filters = new QueryDynamicFilters(
      new Map([
        ['df_0', { taskIds: ['a', 'b'], replicated: false, probedInTask: true }],
        ['df_1', { taskIds: ['a', 'b'], replicated: false }],
      ]),
    );
    filters.report('a', { df_0: { min: 1, max: 4 }, df_1: { min: 1, max: 4 } });
    filters.report('b', { df_0: { min: 3, max: 9 }, df_1: { min: 3, max: 9 } });
    assert.equal(filters.describe('df_0').domain, "range [1, 9]; each task filters by its own build's keys");
    assert.equal(filters.describe('df_1').domain, 'range [1, 9]');
    const gaveUp = new QueryDynamicFilters(
      new Map([['df_0', { taskIds: ['a'], replicated: false, probedInTask: true }]]),
    );
    gaveUp.report('a', { df_0: { all: true } });
    assert.equal(gaveUp.describe('df_0').domain, 'all', 'no filter at all: nothing to add');
  });

  it('completes a filter as every key as soon as one task gave up on it', () => {
    const filters = new QueryDynamicFilters(partitioned('df_0', ['a', 'b', 'c']));
    filters.report('a', { df_0: { min: 1, max: 2 } });
    filters.report('b', { df_0: { all: true } });
    assert.deepEqual(filters.completed('df_0'), { all: true });
    filters.report('c', { df_0: { min: 7, max: 7, values: [7] } });
    assert.deepEqual(filters.completed('df_0'), { all: true });
  });

  it('takes a task that ended without reporting, or reported garbage, as every key', () => {
    const filters = new QueryDynamicFilters(partitioned('df_0', ['a', 'b']));
    filters.report('a', { df_0: { min: 1, max: 2 } });
    filters.taskDone('b');
    assert.deepEqual(filters.completed('df_0'), { all: true });
    const garbage = new QueryDynamicFilters(partitioned('df_0', ['a']));
    garbage.report('a', { df_0: { min: 'x' } });
    assert.deepEqual(garbage.completed('df_0'), { all: true });
  });

  it('wakes a waiting scan when its filters complete, or lets it go at the timeout', async () => {
    const filters = new QueryDynamicFilters(partitioned('df_0', ['a']));
    const waiting = filters.whenComplete(['df_0'], 60_000, never);
    setTimeout(() => filters.report('a', { df_0: {} }), 5);
    await waiting;
    assert.deepEqual(filters.completed('df_0'), {});
    const slow = new QueryDynamicFilters(partitioned('df_1', ['a']));
    const started = Date.now();
    await slow.whenComplete(['df_1'], 30, never);
    assert.ok(Date.now() - started < 5_000);
    assert.equal(slow.completed('df_1'), undefined);
  });

  it('turns a complete filter into a split constraint on the scanned column', () => {
    assert.deepEqual(filterConstraint({ min: 3, max: 8, values: [8, 3] }, 'orderkey'), {
      columns: {
        orderkey: {
          nullAllowed: false,
          ranges: [
            { low: { value: 3, inclusive: true }, high: { value: 3, inclusive: true } },
            { low: { value: 8, inclusive: true }, high: { value: 8, inclusive: true } },
          ],
        },
      },
    });
    assert.deepEqual(filterConstraint({ min: 3, max: 8 }, 'k'), {
      columns: {
        k: {
          nullAllowed: false,
          ranges: [{ low: { value: 3, inclusive: true }, high: { value: 8, inclusive: true } }],
        },
      },
    });
    assert.deepEqual(filterConstraint({}, 'k'), { none: true, columns: {} });
    assert.equal(filterConstraint({ all: true }, 'k'), undefined);
  });
});

describe('deferred split source', () => {
  it('opens its source on the first batch, and closes it once even when closed while opening', async () => {
    let opened = 0;
    let closed = 0;
    const make = () => {
      opened++;
      const inner = fixedSplitSource([{ n: 1 }, { n: 2 }]);
      return { nextBatch: (max: number) => inner.nextBatch(max), close: () => closed++ };
    };
    const source = new DeferredSplitSource(async () => make());
    assert.equal(opened, 0);
    assert.deepEqual(await source.nextBatch(10), { splits: [{ n: 1 }, { n: 2 }], noMoreSplits: true });
    source.close();
    source.close();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual([opened, closed], [1, 1]);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const late = new DeferredSplitSource(async () => {
      await gate;
      return make();
    });
    const pending = late.nextBatch(10);
    late.close();
    release();
    assert.deepEqual(await pending, { splits: [], noMoreSplits: true });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual([opened, closed], [2, 2]);
  });
});
