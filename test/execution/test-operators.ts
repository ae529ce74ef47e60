/** Small operators for testing drivers and executors: a page source and a collecting sink. */
import type { Page } from '../../src/data/page.js';
import type { Operator } from '../../src/execution/operator.js';
import { OperatorContext } from '../../src/execution/operator-context.js';

export class ListSourceOperator implements Operator {
  readonly context = OperatorContext.standalone('ListSource');
  private index = 0;

  constructor(private readonly pages: readonly Page[]) {}

  needsInput(): boolean {
    return false;
  }
  addInput(): void {
    throw new Error('no input');
  }
  getOutput(): Page | null {
    return this.index < this.pages.length ? this.pages[this.index++]! : null;
  }
  finish(): void {
    this.index = this.pages.length;
  }
  isFinished(): boolean {
    return this.index >= this.pages.length;
  }
  isBlocked(): Promise<void> | undefined {
    return undefined;
  }
  close(): void {}
}

export class CollectingSinkOperator implements Operator {
  readonly context = OperatorContext.standalone('CollectingSink');
  readonly pages: Page[] = [];
  private finished = false;
  closed = false;

  needsInput(): boolean {
    return !this.finished;
  }
  addInput(page: Page): void {
    this.pages.push(page);
  }
  getOutput(): Page | null {
    return null;
  }
  finish(): void {
    this.finished = true;
  }
  isFinished(): boolean {
    return this.finished;
  }
  isBlocked(): Promise<void> | undefined {
    return undefined;
  }
  close(): void {
    this.closed = true;
  }
}
