/**
 * The operator contract (Presto's): a driver pushes pages through a chain of operators, calling
 * `needsInput`/`addInput` on one and `getOutput` on the one before it, `finish` when the upstream
 * operator is done, and waiting on `isBlocked` (exchanges waiting for remote pages, outputs
 * waiting for buffer space). Operators are synchronous and page-at-a-time; none may hold the
 * event loop for long — a driver yields between pages.
 *
 * Lifecycle: created → addInput/getOutput* → finish → getOutput* until isFinished → close.
 * The driver calls `finish` again on every pass until the operator is finished or blocked, so an
 * operator with much work at the end of its input (a hash build) may do it in bounded slices.
 * `close` is idempotent and frees memory; it is also called on cancellation and failure.
 */
import type { Page } from '../data/page.js';
import type { OperatorContext } from './operator-context.js';

export interface Operator {
  readonly context: OperatorContext;
  needsInput(): boolean;
  addInput(page: Page): void;
  /** The next output page, or null when none is ready now. */
  getOutput(): Page | null;
  /** No more input will come. */
  finish(): void;
  isFinished(): boolean;
  /** A promise while the operator cannot make progress, else undefined. */
  isBlocked(): Promise<void> | undefined;
  close(): void;
}

/** Creates the operators of one pipeline for each driver of it. */
export interface OperatorFactory {
  readonly operatorId: number;
  readonly operatorType: string;
  create(context: OperatorContext): Operator;
}
