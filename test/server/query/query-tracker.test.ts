/**
 * QueryTracker: the running-query limit and queue, QUERY_QUEUE_FULL, the per-user share, queued
 * queries waiting for their client's first poll, abandoned queries, retention.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StageSnapshot } from '../../../src/server/protocol/query-state.js';
import { QueryExecution } from '../../../src/server/query/query-execution.js';
import { QueryTracker } from '../../../src/server/query/query-tracker.js';

const session = { user: 'u', timeZone: 'UTC', properties: {} };
let next = 0;
const newQuery = (user = 'u') => new QueryExecution(`q${next++}`, 'SELECT 1', { ...session, user });

function controllable(query: QueryExecution): { start: () => Promise<void>; started: () => boolean; end: () => void } {
  let started = false;
  let end!: () => void;
  const done = new Promise<void>((resolve) => {
    end = () => {
      query.transition('FINISHED');
      query.markExecutionFinished();
      resolve();
    };
  });
  return {
    start: () => {
      started = true;
      query.transition('RUNNING');
      return done;
    },
    started: () => started,
    end,
  };
}

const options = { maxRunning: 2, maxQueued: 1, clientTimeoutMs: 1000, maxHistory: 1, minExpireAgeMs: 500 };

describe('QueryTracker', () => {
  it('runs at most maxRunning queries, queues the next in order, and rejects when the queue is full', async () => {
    const tracker = new QueryTracker(options);
    const queries = [newQuery(), newQuery(), newQuery(), newQuery()];
    const runs = queries.map(controllable);
    queries.forEach((q, i) => {
      tracker.admit(q, runs[i]!.start);
    });
    assert.deepEqual(
      runs.map((r) => r.started()),
      [true, true, false, false],
    );
    assert.equal(queries[2]!.state, 'QUEUED');
    assert.equal(queries[3]!.state, 'FAILED');
    assert.equal(queries[3]!.error?.errorName, 'QUERY_QUEUE_FULL');
    runs[0]!.end();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs[2]!.started(), false, 'a queued query its client never polled takes no slot');
    queries[2]!.touch();
    assert.equal(runs[2]!.started(), true, 'the queued query starts on its first poll once a slot is free');
    runs[1]!.end();
    runs[2]!.end();
    tracker.close();
  });

  it("keeps one user's queries within their share of the slots, so another user's query runs at once", async () => {
    const tracker = new QueryTracker({ ...options, maxRunning: 4, maxRunningPerUser: 2, maxQueued: 10 });
    const piles = [newQuery('a'), newQuery('a'), newQuery('a'), newQuery('a')];
    const pileRuns = piles.map(controllable);
    piles.forEach((q, i) => {
      q.touch();
      tracker.admit(q, pileRuns[i]!.start);
    });
    assert.deepEqual(
      pileRuns.map((r) => r.started()),
      [true, true, false, false],
    );
    const other = newQuery('b');
    const otherRun = controllable(other);
    tracker.admit(other, otherRun.start);
    assert.equal(otherRun.started(), true, 'a slot was left for user b');
    pileRuns[0]!.end();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(pileRuns[2]!.started(), true, "user a's next query takes the slot a's own query freed");
    assert.equal(pileRuns[3]!.started(), false);
    for (const run of [pileRuns[1]!, pileRuns[2]!, otherRun]) run.end();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(pileRuns[3]!.started(), true);
    pileRuns[3]!.end();
    tracker.close();
  });

  it('starts a later polled query before an earlier one its client never polled', async () => {
    const tracker = new QueryTracker({ ...options, maxRunning: 1, maxQueued: 10 });
    const [running, unpolled, polled] = [newQuery('a'), newQuery('b'), newQuery('c')];
    const runs = [running, unpolled, polled].map(controllable);
    running.touch();
    tracker.admit(running, runs[0]!.start);
    tracker.admit(unpolled, runs[1]!.start);
    tracker.admit(polled, runs[2]!.start);
    polled.touch();
    runs[0]!.end();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      runs.map((r) => r.started()),
      [true, false, true],
    );
    runs[2]!.end();
    tracker.close();
  });

  it('abandons a query never polled after the first-poll time-out, a polled one only after the client time-out', () => {
    const tracker = new QueryTracker({ ...options, firstPollTimeoutMs: 100 });
    const [never, polled] = [newQuery(), newQuery()];
    tracker.admit(never, controllable(never).start);
    polled.touch();
    tracker.admit(polled, controllable(polled).start);
    tracker.sweep(never.createTime + 101);
    assert.equal(never.state, 'FAILED');
    assert.equal(never.error?.errorName, 'ABANDONED_QUERY');
    assert.match(never.error?.message ?? '', /never requested within 0.1s/);
    assert.equal(polled.state, 'RUNNING');
    tracker.sweep(polled.lastClientAccess + 1001);
    assert.equal(polled.state, 'FAILED');
    tracker.close();
  });

  it('fails a query no client asked about for the client time-out with ABANDONED_QUERY', () => {
    const tracker = new QueryTracker(options);
    const query = newQuery();
    tracker.admit(query, controllable(query).start);
    tracker.sweep(query.lastClientAccess + 500);
    assert.equal(query.state, 'RUNNING');
    tracker.sweep(query.lastClientAccess + 1001);
    assert.equal(query.state, 'FAILED');
    assert.equal(query.error?.errorName, 'ABANDONED_QUERY');
    tracker.close();
  });

  it('keeps finished queries until there are more than maxHistory and they are old enough', () => {
    const tracker = new QueryTracker(options);
    const [a, b] = [newQuery(), newQuery()];
    for (const q of [a!, b!]) {
      const run = controllable(q);
      tracker.admit(q, run.start);
      run.end();
    }
    const end = Math.max(a!.endTime!, b!.endTime!);
    tracker.sweep(end + 100);
    assert.equal(tracker.list().length, 2, 'too young to expire');
    tracker.sweep(end + 600);
    assert.deepEqual(
      tracker.list().map((q) => q.queryId),
      [b!.queryId],
      'the oldest goes, maxHistory stay',
    );
    tracker.close();
  });

  it('prunes the stage details of finished queries past maxHistory at once, keeping their totals', () => {
    const tracker = new QueryTracker({ ...options, maxRunning: 5, minExpireAgeMs: 60_000 });
    const figures = {
      cpuNanos: 7_000_000,
      rawInputPositions: 42,
    } as unknown as StageSnapshot['tasks'][number]['figures'];
    const stageTree = (id: string): StageSnapshot => ({
      stageId: '0',
      state: 'FINISHED',
      partitioning: 'SINGLE',
      get plan() {
        return `plan of ${id}`;
      },
      tasks: [
        {
          nodeId: 'w1',
          state: 'FINISHED',
          info: { taskId: `${id}.0.0`, self: 'http://w1/v1/task/x', stats: {} },
          figures,
        },
      ],
      subStages: [],
      dynamicFilters: [{ id: 'df_1', domain: 'all' }],
    });
    const [a, b] = [newQuery(), newQuery()];
    for (const q of [a!, b!]) {
      q.stages = () => stageTree(q.queryId);
      const run = controllable(q);
      tracker.admit(q, run.start);
      run.end();
    }
    tracker.sweep(Math.max(a!.endTime!, b!.endTime!) + 10);
    assert.equal(tracker.list().length, 2, 'both are kept: too young to expire');
    assert.equal(a!.detailsPruned, true, 'the older one is past maxHistory (1)');
    assert.equal(b!.detailsPruned, false);
    const pruned = a!.stages?.();
    assert.deepEqual(pruned, {
      stageId: '0',
      state: 'FINISHED',
      partitioning: 'SINGLE',
      tasks: [
        {
          nodeId: 'w1',
          state: 'FINISHED',
          info: { taskId: `${a!.queryId}.0.0`, state: 'FINISHED', self: 'http://w1/v1/task/x' },
          figures,
        },
      ],
      subStages: [],
    });
    assert.equal(b!.stages?.()?.plan, `plan of ${b!.queryId}`);
    tracker.close();
  });

  it('calls onIdle when the last running query ends and none waits', async () => {
    let idle = 0;
    const tracker = new QueryTracker({ ...options, maxQueued: 5, onIdle: () => idle++ });
    const queries = [newQuery(), newQuery(), newQuery()];
    const runs = queries.map(controllable);
    queries.forEach((q, i) => {
      // Polled by their clients: a waiting query takes a slot only once polled.
      q.touch();
      tracker.admit(q, runs[i]!.start);
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    runs[0]!.end();
    await settle();
    assert.equal(idle, 0, 'the waiting query starts instead');
    runs[1]!.end();
    await settle();
    assert.equal(idle, 0);
    assert.equal(tracker.isIdle(), false);
    runs[2]!.end();
    await settle();
    assert.equal(idle, 1);
    assert.equal(tracker.isIdle(), true);
  });

  it('counts a finished query as served until its client has the final answer, a stopped client, or a failure', () => {
    const tracker = new QueryTracker(options);
    const running = newQuery();
    assert.equal(tracker.isServing(running), true, 'not ended');
    const finished = newQuery();
    finished.transition('FINISHED');
    finished.touch();
    assert.equal(tracker.isServing(finished), true, 'rows left to read');
    assert.equal(tracker.isServing(finished, finished.lastClientAccess + 1001), false, 'its client stopped asking');
    finished.finalAnswerSent = true;
    assert.equal(tracker.isServing(finished), false, 'final answer sent');
    const failed = newQuery();
    failed.transition('FAILED');
    assert.equal(tracker.isServing(failed), false, 'a failure has nothing to send');
    tracker.close();
  });
});
