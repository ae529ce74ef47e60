/**
 * The shared frame of the simple streaming operators (AssignUniqueId, FilterAndProject,
 * MarkDistinct, Offset, Limit, RowNumber): each turns one input page into at most one output page
 * held until the driver takes it, never blocks, and is finished once its input ended and its output
 * was taken. A subclass writes `addInput` (setting `output`) and, where it has them, says when it
 * still has rows of earlier input to give (`producing`) or wants no more input (`ended`, a reached
 * limit). The driver's calls stay monomorphic per class, so the frame costs nothing per page.
 */
import type { Page } from '../../data/page.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

export abstract class SinglePageOperator implements Operator {
  /** The page the driver takes next, or null. */
  protected output: Page | null = null;
  /** No more input will come. */
  protected finishing = false;

  constructor(readonly context: OperatorContext) {}

  /** Rows of input already taken are still to come from getOutput (FilterAndProject's slices). */
  protected get producing(): boolean {
    return false;
  }

  /** The operator wants no more input (LIMIT reached): it finishes once its output is taken. */
  protected get ended(): boolean {
    return false;
  }

  abstract addInput(page: Page): void;

  needsInput(): boolean {
    return !this.finishing && this.output === null && !this.producing && !this.ended;
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
    return this.output === null && !this.producing && (this.finishing || this.ended);
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.output = null;
  }
}
