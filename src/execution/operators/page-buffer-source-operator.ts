/** Reads pages from a PageBuffer filled by other pipelines (the source side of a local exchange). */
import type { Page } from '../../data/page.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import type { PageBuffer } from '../page-buffer.js';

export class PageBufferSourceOperator implements Operator {
  constructor(
    readonly context: OperatorContext,
    private readonly buffer: PageBuffer,
  ) {}

  needsInput(): boolean {
    return false;
  }

  addInput(): void {
    throw new Error('a buffer source takes no input');
  }

  getOutput(): Page | null {
    return this.buffer.poll();
  }

  finish(): void {}

  isFinished(): boolean {
    return this.buffer.isDone();
  }

  isBlocked(): Promise<void> | undefined {
    return this.buffer.bufferedPages === 0 && !this.buffer.isDone() ? this.buffer.whenReady() : undefined;
  }

  close(): void {}
}
