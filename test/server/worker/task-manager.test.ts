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

  it('keeps at most the newest maxDoneTasks done tasks, and never drops a running one', async () => {
    const manager = new TaskManager(dependencies, 'n', () => 'http://127.0.0.1:1', undefined, 3);
    const running = manager.getOrCreate('q0.0.0');
    for (let i = 1; i <= 5; i++) {
      manager.getOrCreate(`q${i}.0.0`).cancel(false);
      await settle();
    }
    assert.deepEqual(
      manager
        .list()
        .map((task) => task.taskId)
        .sort(),
      ['q0.0.0', 'q3.0.0', 'q4.0.0', 'q5.0.0'],
      'the two oldest done tasks are forgotten; the running one stays',
    );
    assert.equal(manager.get('q1.0.0'), undefined);
    running.cancel(false);
    await settle();
    // Done last, it is the newest: the oldest of the others goes.
    assert.notEqual(manager.get('q0.0.0'), undefined);
    assert.equal(manager.get('q3.0.0'), undefined);
  });
});
