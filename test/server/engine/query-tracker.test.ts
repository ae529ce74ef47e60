/** QueryTracker: the running-query limit and queue, QUERY_QUEUE_FULL, abandoned queries, retention. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryExecution } from '../../../src/server/engine/query-execution.js';
import { QueryTracker } from '../../../src/server/engine/query-tracker.js';

const session = { user: 'u', timeZone: 'UTC', properties: {} };
let next = 0;
const newQuery = () => new QueryExecution(`q${next++}`, 'SELECT 1', session);

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
    assert.equal(runs[2]!.started(), true, 'the queued query starts when one ends');
    runs[1]!.end();
    runs[2]!.end();
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

  it('calls onIdle when the last running query ends and none waits', async () => {
    let idle = 0;
    const tracker = new QueryTracker({ ...options, maxQueued: 5, onIdle: () => idle++ });
    const queries = [newQuery(), newQuery(), newQuery()];
    const runs = queries.map(controllable);
    queries.forEach((q, i) => {
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
});
