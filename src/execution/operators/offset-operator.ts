/** OFFSET n (OffsetNode): drops the first `count` rows and passes the rest through unchanged. */
import { getPageRegion, type Page } from '../../data/page.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

export class OffsetOperator implements Operator {
  private remaining: number;
  private output: Page | null = null;
  private finishing = false;

  /** @param count OffsetNode.count */
  constructor(
    readonly context: OperatorContext,
    count: number,
  ) {
    this.remaining = Math.max(0, count);
  }

  needsInput(): boolean {
    return !this.finishing && this.output === null;
  }

  addInput(page: Page): void {
    const rows = page.positionCount;
    if (this.remaining >= rows) {
      this.remaining -= rows;
      return;
    }
    const skipped = this.remaining;
    this.remaining = 0;
    this.output = skipped === 0 ? page : getPageRegion(page, skipped, rows - skipped);
  }

  getOutput(): Page | null {
    const page = this.output;
    this.output = null;
    return page;
  }

  finish(): void {
    this.finishing = true;
  }

  isFinished(): boolean {
    return this.finishing && this.output === null;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.output = null;
  }
}
