/**
 * Reads the splits of one table through the connector's page sources: a source operator (never
 * needs input) that hands out the pages of its splits in order. Splits arrive up front or
 * incrementally (`addSplit`, then `noMoreSplits`), which is how the scheduler feeds leaf tasks.
 */
import type { Page } from '../../data/page.js';
import type { ConnectorPageSource, ConnectorSplit } from '../../spi/connector.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

export type PageSourceProvider = (split: ConnectorSplit) => ConnectorPageSource;

export class TableScanOperator implements Operator {
  private readonly pending: ConnectorSplit[] = [];
  private source: ConnectorPageSource | undefined;
  private allSplitsAdded = false;
  /** Splits read to the end (the scheduler tops up a task's splits as they complete). */
  completedSplits = 0;
  /** Called when a split has been read to the end. */
  onSplitCompleted: (() => void) | undefined;
  private finished = false;
  private waiting: { promise: Promise<void>; resolve: () => void } | undefined;

  constructor(
    readonly context: OperatorContext,
    private readonly createPageSource: PageSourceProvider,
    splits?: readonly ConnectorSplit[],
  ) {
    if (splits) {
      this.pending.push(...splits);
      this.allSplitsAdded = true;
    }
  }

  addSplit(split: ConnectorSplit): void {
    this.pending.push(split);
    this.wake();
  }

  noMoreSplits(): void {
    this.allSplitsAdded = true;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve();
  }

  needsInput(): boolean {
    return false;
  }

  addInput(): void {
    throw new Error('a table scan takes no input');
  }

  getOutput(): Page | null {
    for (;;) {
      if (this.finished) return null;
      if (!this.source) {
        const split = this.pending.shift();
        if (!split) {
          if (this.allSplitsAdded) this.finished = true;
          return null;
        }
        this.source = this.createPageSource(split);
      }
      const source = this.source;
      if (source.isBlocked?.()) return null;
      const before = source.completedBytes;
      const positionsBefore = source.completedPositions;
      const page = source.getNextPage();
      this.context.stats.rawInputDataSize += source.completedBytes - before;
      this.context.stats.rawInputPositions += source.completedPositions - positionsBefore;
      if (page !== null) return page;
      if (!source.isFinished()) return null;
      source.close();
      this.source = undefined;
      this.completedSplits++;
      this.onSplitCompleted?.();
    }
  }

  finish(): void {
    this.finished = true;
    this.close();
  }

  isFinished(): boolean {
    return this.finished;
  }

  isBlocked(): Promise<void> | undefined {
    const blocked = this.source?.isBlocked?.();
    if (blocked) return blocked;
    if (!this.source && this.pending.length === 0 && !this.allSplitsAdded && !this.finished) {
      this.waiting ??= withResolvers();
      return this.waiting.promise;
    }
    return undefined;
  }

  /** Splits assigned but not yet started. */
  get queuedSplits(): number {
    return this.pending.length;
  }

  /** 1 while a split is being read. */
  get runningSplits(): number {
    return this.source === undefined ? 0 : 1;
  }

  close(): void {
    this.source?.close();
    this.source = undefined;
    this.pending.length = 0;
  }
}

function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
