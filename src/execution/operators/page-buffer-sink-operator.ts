/**
 * The last operator of a pipeline whose pages leave it: into a PageBuffer read by the statement
 * protocol (the query's results) or by another pipeline (a local exchange). Blocked while the
 * buffer is full, so a slow reader slows the query instead of filling memory.
 */
import type { Page } from '../../data/page.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import type { PageBuffer } from '../page-buffer.js';

export class PageBufferSinkOperator implements Operator {
  private finished = false;

  constructor(
    readonly context: OperatorContext,
    private readonly buffer: PageBuffer,
    /** Finish the buffer when this operator finishes (false when several sinks share it). */
    private readonly finishesBuffer: boolean,
  ) {}

  needsInput(): boolean {
    return !this.finished && !this.buffer.isFull();
  }

  addInput(page: Page): void {
    this.buffer.add(page);
  }

  getOutput(): Page | null {
    return null;
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.finishesBuffer) this.buffer.finish();
  }

  isFinished(): boolean {
    return this.finished;
  }

  isBlocked(): Promise<void> | undefined {
    return this.buffer.isFull() && !this.finished ? this.buffer.whenNotFull() : undefined;
  }

  close(): void {
    this.finished = true;
  }
}
