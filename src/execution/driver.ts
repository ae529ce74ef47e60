/**
 * A driver moves pages through one chain of operators (a pipeline instance), as Presto's Driver:
 * for each adjacent pair it hands the upstream operator's output to the downstream one when that
 * one needs input, propagates `finish`, and stops when the last operator is finished.
 *
 * Drivers are cooperative: `process(quantumMs)` works until the quantum is used up, the driver
 * blocks, or it finishes, then returns so the caller can yield to the event loop (HTTP stays
 * responsive while heavy queries run). Every operator call is timed into its statistics.
 */

import { NANOS_PER_MILLI } from '../common/units.js';
import { toVivaceError, type VivaceError } from '../common/vivace-error.js';
import type { Page } from '../data/page.js';
import { pageSizeInBytes as pageRetainedBytes } from '../data/page.js';
import type { Operator } from './operator.js';

export type DriverState = 'RUNNING' | 'BLOCKED' | 'FINISHED' | 'FAILED';

export interface DriverProgress {
  readonly state: DriverState;
  /** Resolves when a blocked driver can make progress again. */
  readonly blocked?: Promise<void>;
}

export class Driver {
  private closed = false;
  private failure: VivaceError | undefined;
  /** Epoch milliseconds: created, first run, and finished (the task's driver statistics). */
  readonly createdAt = Date.now();
  startedAt: number | undefined;
  endedAt: number | undefined;
  /** Nanoseconds spent in `process` (scheduled time). */
  scheduledNanos = 0;

  /** A pipeline's operators, source first and sink (TaskOutput, result collector) last. */
  constructor(readonly operators: readonly Operator[]) {
    if (operators.length < 2) throw new Error('a driver needs a source and a sink operator');
  }

  get error(): VivaceError | undefined {
    return this.failure;
  }

  isFinished(): boolean {
    return this.closed || this.operators[this.operators.length - 1].isFinished();
  }

  /** Runs until `quantumMs` has passed, the driver blocks, finishes or fails. */
  process(quantumMs: number): DriverProgress {
    if (this.failure) return { state: 'FAILED' };
    this.startedAt ??= Date.now();
    const began = performance.now();
    const deadline = began + quantumMs;
    try {
      return this.processUntil(deadline);
    } finally {
      this.scheduledNanos += (performance.now() - began) * NANOS_PER_MILLI;
    }
  }

  private processUntil(deadline: number): DriverProgress {
    try {
      for (;;) {
        if (this.isFinished()) {
          this.close();
          return { state: 'FINISHED' };
        }
        const blocked = this.step();
        if (blocked) return { state: 'BLOCKED', blocked };
        if (performance.now() >= deadline) return { state: 'RUNNING' };
      }
    } catch (e) {
      this.failure = toVivaceError(e);
      this.close();
      return { state: 'FAILED' };
    }
  }

  /** One pass over the operator pairs; returns a promise when nothing can move. */
  private step(): Promise<void> | undefined {
    const operators = this.operators;
    let moved = false;
    for (let i = 0; i < operators.length - 1; i++) {
      const current = operators[i];
      const next = operators[i + 1];
      if (current.isBlocked() || next.isBlocked()) continue;
      if (!current.isFinished() && next.needsInput()) {
        const page = timedGetOutput(current);
        if (page !== null && page.positionCount > 0) {
          timedAddInput(next, page);
          moved = true;
        }
      }
      if (current.isFinished()) {
        timedFinish(next);
      }
    }
    if (moved) return undefined;
    const waits = operators.map((o) => o.isBlocked()).filter((p): p is Promise<void> => p !== undefined);
    if (waits.length === 0) return undefined;
    const started = performance.now();
    const blocked = Promise.race(waits);
    void blocked.then(() => {
      const nanos = (performance.now() - started) * NANOS_PER_MILLI;
      for (const o of operators) o.context.stats.blockedWall += nanos;
    });
    return blocked;
  }

  /** Closes every operator (idempotent); called on finish, failure and cancellation. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.endedAt = Date.now();
    for (const operator of this.operators) {
      try {
        operator.close();
      } catch (e) {
        this.failure ??= toVivaceError(e);
      }
      operator.context.memory.close();
    }
  }
}

function timedGetOutput(operator: Operator): Page | null {
  const stats = operator.context.stats;
  const start = performance.now();
  const page = operator.getOutput();
  stats.getOutputWall += (performance.now() - start) * NANOS_PER_MILLI;
  stats.getOutputCalls++;
  if (page !== null) {
    stats.outputPositions += page.positionCount;
    stats.outputDataSize += pageRetainedBytes(page);
  }
  return page;
}

function timedAddInput(operator: Operator, page: Page): void {
  const stats = operator.context.stats;
  stats.inputPositions += page.positionCount;
  stats.inputDataSize += pageRetainedBytes(page);
  const start = performance.now();
  operator.addInput(page);
  stats.addInputWall += (performance.now() - start) * NANOS_PER_MILLI;
  stats.addInputCalls++;
}

function timedFinish(operator: Operator): void {
  if (operator.isFinished()) return;
  const stats = operator.context.stats;
  const start = performance.now();
  operator.finish();
  stats.finishWall += (performance.now() - start) * NANOS_PER_MILLI;
  stats.finishCalls++;
}
