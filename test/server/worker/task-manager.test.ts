/** The worker's task manager: which tasks are running, and the call when the last one has ended. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NodeMemoryPool } from '../../../src/execution/memory-context.js';
import type { SqlTaskDependencies } from '../../../src/server/task/sql-task.js';
import { TaskManager } from '../../../src/server/worker/task-resource.js';

const dependencies = {
  nodeMemory: new NodeMemoryPool(1 << 30),
  createExchangeClient: () => {
    throw new Error('no exchanges in this test');
  },
} as unknown as SqlTaskDependencies;

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('task manager', () => {
  it('is idle once every task it made has ended, and says so once per time it gets there', async () => {
    let idleCalls = 0;
    const manager = new TaskManager(
      dependencies,
      'n',
      () => 'http://127.0.0.1:1',
      () => idleCalls++,
    );
    assert.equal(manager.isIdle(), true);
    const first = manager.getOrCreate('q1.0.0');
    const second = manager.getOrCreate('q1.1.0');
    assert.equal(manager.getOrCreate('q1.0.0'), first, 'the same task on a second mention');
    assert.equal(manager.isIdle(), false);
    first.cancel(false);
    await settle();
    assert.equal(manager.isIdle(), false, 'one task still runs');
    assert.equal(idleCalls, 0);
    second.cancel(true);
    await settle();
    assert.equal(manager.isIdle(), true);
    assert.equal(idleCalls, 1);
    // Done tasks stay listed (readable), and do not count as running.
    assert.equal(manager.list().length, 2);
    manager.getOrCreate('q2.0.0');
    assert.equal(manager.isIdle(), false);
  });
});
