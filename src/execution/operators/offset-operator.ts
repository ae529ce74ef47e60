/** OFFSET n (OffsetNode): drops the first `count` rows and passes the rest through unchanged. */
import { getPageRegion, type Page } from '../../data/page.js';
import type { OperatorContext } from '../operator-context.js';
import { SinglePageOperator } from './single-page-operator.js';

export class OffsetOperator extends SinglePageOperator {
  private remaining: number;

  /** @param count OffsetNode.count */
  constructor(context: OperatorContext, count: number) {
    super(context);
    this.remaining = Math.max(0, count);
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
}
