import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { float64Block } from '../../src/data/block.js';
import type { Page } from '../../src/data/page.js';
import { Driver } from '../../src/execution/driver.js';
import { PageBuffer } from '../../src/execution/page-buffer.js';
import { DriverExecutor, runDrivers } from '../../src/execution/task-executor.js';
import { CollectingSinkOperator, ListSourceOperator } from './test-operators.js';

function page(...values: number[]): Page {
  return { positionCount: values.length, blocks: [float64Block(Float64Array.from(values))] };
}

describe('driver', () => {
  it('moves every page from source to sink, records statistics, and closes', () => {
    const source = new ListSourceOperator([page(1, 2), page(3)]);
    const sink = new CollectingSinkOperator();
    const driver = new Driver([source, sink]);
    const progress = driver.process(1000);
    assert.equal(progress.state, 'FINISHED');
    assert.deepEqual(
      sink.pages.map((p) => p.positionCount),
      [2, 1],
    );
    assert.equal(sink.context.stats.inputPositions, 3);
    assert.equal(sink.context.stats.addInputCalls, 2);
    assert.equal(source.context.stats.outputPositions, 3);
    assert.ok(sink.closed);
  });

  it('reports a failure instead of throwing, and closes its operators', () => {
    const sink = new CollectingSinkOperator();
    sink.addInput = () => {
      throw new Error('boom');
    };
    const driver = new Driver([new ListSourceOperator([page(1)]), sink]);
    assert.equal(driver.process(1000).state, 'FAILED');
    assert.equal(driver.error?.errorName, 'GENERIC_INTERNAL_ERROR');
    assert.ok(sink.closed);
  });

  it('yields when the quantum is used up', () => {
    const pages = Array.from({ length: 10_000 }, (_, i) => page(i));
    const driver = new Driver([new ListSourceOperator(pages), new CollectingSinkOperator()]);
    assert.equal(driver.process(0).state, 'RUNNING');
  });
});

describe('task executor', () => {
  it('runs drivers to completion, waiting on blocked ones without spinning', async () => {
    const buffer = new PageBuffer(1); // full after one page: the producer blocks until read
    const { PageBufferSinkOperator } = await import('../../src/execution/operators/page-buffer-sink-operator.js');
    const { PageBufferSourceOperator } = await import('../../src/execution/operators/page-buffer-source-operator.js');
    const { OperatorContext } = await import('../../src/execution/operator-context.js');
    const producer = new Driver([
      new ListSourceOperator([page(1), page(2), page(3)]),
      new PageBufferSinkOperator(OperatorContext.standalone(), buffer, true),
    ]);
    const sink = new CollectingSinkOperator();
    const consumer = new Driver([new PageBufferSourceOperator(OperatorContext.standalone(), buffer), sink]);
    await runDrivers([producer, consumer]);
    assert.deepEqual(
      sink.pages.map((p) => (p.blocks[0] as { values: Float64Array }).values[0]),
      [1, 2, 3],
    );
  });

  it('stops with USER_CANCELED when cancelled', async () => {
    const pages = Array.from({ length: 100_000 }, (_, i) => page(i));
    const driver = new Driver([new ListSourceOperator(pages), new CollectingSinkOperator()]);
    let calls = 0;
    await assert.rejects(
      runDrivers([driver], { quantumMs: 1, isCancelled: () => ++calls > 3 }),
      (e: Error & { errorName?: string }) => e.errorName === 'USER_CANCELED',
    );
  });
});

/** A source that never ends: every getOutput is one page, and it counts the pages per label. */
function endlessDriver(label: string, log: string[]): Driver {
  const source = new ListSourceOperator([]);
  let closed = false;
  source.getOutput = () => {
    log.push(label);
    return page(1);
  };
  source.isFinished = () => closed;
  source.close = () => {
    closed = true;
  };
  return new Driver([source, new CollectingSinkOperator()]);
}

function eventLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('process-wide driver executor', () => {
  it('runs one slice per event-loop turn however many tasks are busy', async () => {
    // A slice of 0 ms runs exactly one quantum (of one step) per turn: 40 busy tasks must not put
    // 40 quanta between two turns of the event loop, as a loop per task did.
    const executor = new DriverExecutor(0);
    const log: string[] = [];
    const tasks = Array.from({ length: 40 }, (_, i) =>
      executor.submit([endlessDriver(`t${i}`, log)], { quantumMs: 0 }),
    );
    for (let turn = 0; turn < 10; turn++) await eventLoopTurn();
    assert.ok(log.length >= 5 && log.length <= 12, `${log.length} quanta in 10 turns`);
    for (const task of tasks) task.cancel();
    await Promise.all(tasks.map((task) => task.done.catch(() => undefined)));
  });

  it('takes tasks round robin', async () => {
    // No fresh lane (0 ms): the round robin that tasks past their first milliseconds share.
    const executor = new DriverExecutor(0, 0);
    const log: string[] = [];
    const a = executor.submit([endlessDriver('a', log), endlessDriver('a', log)], { quantumMs: 0 });
    const b = executor.submit([endlessDriver('b', log)], { quantumMs: 0 });
    const c = executor.submit([endlessDriver('c', log)], { quantumMs: 0 });
    try {
      for (let turn = 0; turn < 12; turn++) await eventLoopTurn();
      // Each quantum of one step pulls one page; a task with two drivers still gets one turn in three.
      assert.deepEqual(log.slice(0, 9), ['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
    } finally {
      for (const task of [a, b, c]) task.cancel();
      await Promise.all([a, b, c].map((task) => task.done.catch(() => undefined)));
    }
  });

  it('runs tasks that have used little time before those that have used more', async () => {
    // Slices of one quantum; a task is fresh for its first 3 ms. `a` spins 1 ms a page, so after
    // its first few quanta it goes behind `b`, which then runs alone until it has used its 3 ms.
    const executor = new DriverExecutor(0, 3);
    const log: string[] = [];
    const spinning = (label: string, ms: number) => {
      const driver = endlessDriver(label, log);
      const source = (driver as unknown as { operators: { getOutput: () => unknown }[] }).operators[0]!;
      const next = source.getOutput.bind(source);
      source.getOutput = () => {
        const until = performance.now() + ms;
        while (performance.now() < until) {
          // spin
        }
        return next();
      };
      return driver;
    };
    const a = executor.submit([spinning('a', 1)], { quantumMs: 0 });
    const tasks = [a];
    try {
      for (let turn = 0; turn < 8; turn++) await eventLoopTurn();
      const before = log.length;
      tasks.push(executor.submit([spinning('b', 0.05)], { quantumMs: 0 }));
      for (let turn = 0; turn < 12; turn++) await eventLoopTurn();
      assert.deepEqual(log.slice(before, before + 10), Array(10).fill('b'), log.join(''));
    } finally {
      for (const task of tasks) task.cancel();
      await Promise.all(tasks.map((task) => task.done.catch(() => undefined)));
    }
  });

  it('cancel() stops a task at once, blocked or not, and closes its drivers', async () => {
    const executor = new DriverExecutor(0);
    const never = new CollectingSinkOperator();
    never.isBlocked = () => new Promise<void>(() => {});
    const blockedSink = new Driver([new ListSourceOperator([page(1)]), never]);
    const task = executor.submit([blockedSink], { quantumMs: 0 });
    for (let turn = 0; turn < 3; turn++) await eventLoopTurn();
    task.cancel();
    await assert.rejects(task.done, (e: Error & { errorName?: string }) => e.errorName === 'USER_CANCELED');
    assert.ok(never.closed);
    assert.equal(executor.queuedTasks, 0);
  });
});
