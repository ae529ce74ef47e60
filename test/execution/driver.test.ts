import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { float64Block } from '../../src/data/block.js';
import type { Page } from '../../src/data/page.js';
import { Driver } from '../../src/execution/driver.js';
import { PageBuffer } from '../../src/execution/page-buffer.js';
import { runDrivers } from '../../src/execution/task-executor.js';
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
