/**
 * TableWriter over an asynchronous page sink: blocked (no input taken) while an append or the
 * finish is pending, the fragment the finish resolves to reported, a rejected append failing the
 * operator, and an unfinished writer aborting its sink on close.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import { createPage, type Page } from '../../../src/data/page.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { TableWriterOperator } from '../../../src/execution/operators/table-writer-operator.js';
import type { ConnectorPageSink } from '../../../src/spi/connector.js';
import { BIGINT, VARCHAR } from '../../../src/types/type.js';

class SlowSink implements ConnectorPageSink {
  readonly pages: Page[] = [];
  aborted = false;
  release: (() => void) | undefined;
  failNext = false;

  appendPage(page: Page): Promise<void> {
    return new Promise((resolve, reject) => {
      this.release = () => {
        if (this.failNext) reject(new Error('disk full'));
        else {
          this.pages.push(page);
          resolve();
        }
      };
    });
  }

  async finish(): Promise<unknown> {
    return { files: this.pages.length };
  }

  abort(): Promise<void> {
    this.aborted = true;
    return Promise.resolve();
  }
}

const page = (values: number[]) => createPage([blockOf(BIGINT, values)], values.length);

describe('TableWriter with an asynchronous sink', () => {
  it('takes no input while an append is pending and reports the fragment finish resolves to', async () => {
    const sink = new SlowSink();
    const writer = new TableWriterOperator(OperatorContext.standalone(), () => sink, [0]);
    writer.addInput(page([1, 2]));
    assert.equal(writer.needsInput(), false);
    const blocked = writer.isBlocked();
    assert.ok(blocked !== undefined);
    sink.release?.();
    await blocked;
    assert.equal(writer.needsInput(), true);
    writer.addInput(page([3]));
    sink.release?.();
    await writer.isBlocked();
    writer.finish();
    await writer.isBlocked();
    const output = writer.getOutput();
    assert.ok(output !== null);
    assert.equal(getValue(output.blocks[0]!, BIGINT, 0), 3);
    assert.equal(getValue(output.blocks[1]!, VARCHAR, 0), '{"files":2}');
    assert.equal(writer.isFinished(), true);
  });

  it('fails when an append is rejected, and aborts the sink on close', async () => {
    const sink = new SlowSink();
    sink.failNext = true;
    const writer = new TableWriterOperator(OperatorContext.standalone(), () => sink, [0]);
    writer.addInput(page([1]));
    const blocked = writer.isBlocked();
    sink.release?.();
    await blocked;
    assert.throws(() => writer.getOutput(), /disk full/);
    writer.close();
    assert.equal(sink.aborted, true);
  });
});
