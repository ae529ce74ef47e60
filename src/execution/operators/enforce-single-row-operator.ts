/**
 * EnforceSingleRowNode (scalar subqueries): passes a single input row through, fails with
 * SUBQUERY_MULTIPLE_ROWS as soon as a second row arrives, and produces one row of NULLs when the
 * input is empty (a scalar subquery without rows is NULL).
 */
import { VivaceError } from '../../common/vivace-error.js';
import { nullBlock } from '../../data/block-builder.js';
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

export class EnforceSingleRowOperator implements Operator {
  private seenRow = false;
  private output: Page | null = null;
  private finishing = false;

  /** @param types the input channel types (the NULL row has one NULL of each) */
  constructor(
    readonly context: OperatorContext,
    private readonly types: readonly Type[],
  ) {}

  needsInput(): boolean {
    return !this.finishing;
  }

  addInput(page: Page): void {
    if (page.positionCount === 0) return;
    if (this.seenRow || page.positionCount > 1) {
      throw new VivaceError('SUBQUERY_MULTIPLE_ROWS', 'Scalar sub-query has returned multiple rows');
    }
    this.seenRow = true;
    this.output = page;
  }

  getOutput(): Page | null {
    const page = this.output;
    this.output = null;
    return page;
  }

  finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    if (!this.seenRow) {
      this.seenRow = true;
      this.output = { positionCount: 1, blocks: this.types.map((type) => nullBlock(type, 1)) };
    }
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
