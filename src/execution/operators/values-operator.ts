/**
 * VALUES (ValuesNode): emits pages given up front (the local planner evaluates the rows' constant
 * expressions into pages), one per getOutput. A page larger than OUTPUT_PAGE_ROWS is emitted in
 * regions of that size.
 */
import { getPageRegion, type Page } from '../../data/page.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import { OUTPUT_PAGE_ROWS } from './order-by-operator.js';

export class ValuesOperator implements Operator {
  private pageIndex = 0;
  private offset = 0;

  constructor(
    readonly context: OperatorContext,
    private readonly pages: readonly Page[],
  ) {
    this.skipEmpty();
  }

  private skipEmpty(): void {
    while (this.pageIndex < this.pages.length && this.pages[this.pageIndex].positionCount === 0) this.pageIndex++;
  }

  needsInput(): boolean {
    return false;
  }

  addInput(): void {
    throw new Error('ValuesOperator takes no input');
  }

  getOutput(): Page | null {
    const page = this.pages[this.pageIndex];
    if (page === undefined) return null;
    const count = Math.min(OUTPUT_PAGE_ROWS, page.positionCount - this.offset);
    const region = getPageRegion(page, this.offset, count);
    this.offset += count;
    if (this.offset === page.positionCount) {
      this.pageIndex++;
      this.offset = 0;
      this.skipEmpty();
    }
    return region;
  }

  finish(): void {
    this.pageIndex = this.pages.length;
  }

  isFinished(): boolean {
    return this.pageIndex >= this.pages.length;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.pageIndex = this.pages.length;
  }
}
