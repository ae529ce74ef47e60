/**
 * The query state machine (QueryExecution): the one way every statement ends a query — finish
 * (FINISHING, then FINISHED), end after an error (an early stop finishes a read, fails a write), the stop
 * check everything running asks, and sub-queries canceled with their parent.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { QueryExecution } from '../../../src/server/query/query-execution.js';

const session = { user: 'u', timeZone: 'UTC', properties: {} };
let next = 0;
const newQuery = () => new QueryExecution(`q${next++}`, 'SELECT 1', session);

describe('the query state machine', () => {
  it('finishes a running query: FINISHED, its results closed, its end time set', () => {
    const query = newQuery();
    query.transition('RUNNING');
    query.finish();
    assert.equal(query.state, 'FINISHED');
    assert.ok(query.results.isDone());
    assert.ok(query.endTime !== undefined);
  });

  it('ends a read stopped early by its client as FINISHED, a write stopped early as FAILED', () => {
    const read = newQuery();
    read.transition('RUNNING');
    read.stopEarly();
    read.endAfterError(new VivaceError('USER_CANCELED', 'stopped'), true);
    assert.equal(read.state, 'FINISHED');
    assert.equal(read.error, undefined);

    const write = newQuery();
    write.transition('RUNNING');
    write.stopEarly();
    write.endAfterError(new VivaceError('GENERIC_INTERNAL_ERROR', 'a sink failed'), false);
    assert.equal(write.state, 'FAILED');
    assert.equal(write.error?.message, 'a sink failed');
  });

  it('keeps the cancel error of a canceled query when its execution then throws', () => {
    const query = newQuery();
    query.transition('RUNNING');
    query.cancel(new VivaceError('EXCEEDED_TIME_LIMIT', 'Query exceeded maximum time limit of 1s'));
    query.endAfterError(new VivaceError('USER_CANCELED', 'Query was canceled'), true);
    assert.equal(query.state, 'FAILED');
    assert.equal(query.error?.errorName, 'EXCEEDED_TIME_LIMIT');
  });

  it('tells whatever runs to stop once canceled, failed or stopped early, not before', () => {
    const running = newQuery();
    running.transition('RUNNING');
    assert.equal(running.shouldStop, false);
    const canceled = newQuery();
    canceled.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    const failed = newQuery();
    failed.fail(new VivaceError('EXCEEDED_MEMORY_LIMIT', 'too much'));
    const stopped = newQuery();
    stopped.stopEarly();
    assert.deepEqual(
      [canceled, failed, stopped].map((q) => q.shouldStop),
      [true, true, true],
    );
  });

  it("cancels a sub-query with its parent's error when the parent ends first", async () => {
    const parent = newQuery();
    const sub = newQuery();
    parent.transition('RUNNING');
    sub.transition('RUNNING');
    const linked = sub.cancelWith(parent);
    parent.fail(new VivaceError('EXCEEDED_TIME_LIMIT', 'Query exceeded maximum time limit of 1s'));
    await linked;
    assert.equal(sub.state, 'FAILED');
    assert.ok(sub.isCanceled);
    assert.equal(sub.error?.errorName, 'EXCEEDED_TIME_LIMIT');
  });

  it('leaves the parent alone when the sub-query ends first', async () => {
    const parent = newQuery();
    const sub = newQuery();
    parent.transition('RUNNING');
    const linked = sub.cancelWith(parent);
    sub.finish();
    await linked;
    assert.equal(parent.state, 'RUNNING');
    assert.equal(sub.state, 'FINISHED');
  });
});
