/**
 * Reads the splits of one table through the connector's page sources: a source operator (never
 * needs input) that hands out the pages of its splits in order. Splits come one of two ways: a
 * task's scan is given them by the scheduler (`addSplit`, then `noMoreSplits`); a scan run in the
 * coordinator's own process pulls them from the connector's split source, a batch at a time, the
 * next batch asked for while the last splits of the previous one are read — so the first split
 * runs while the connector is still listing, and closing the scan (a LIMIT reached, a failure)
 * stops the listing.
 */
import type { Page } from '../../data/page.js';
import type { ConnectorSplit } from '../../spi/connector.js';
import type { ConnectorSplitSource } from '../../spi/split-source.js';
import type { CountedPageSource } from '../metered-page-source.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

/** A split's page source, wrapped by the engine (metered-page-source.ts). */
export type PageSourceProvider = (split: ConnectorSplit) => CountedPageSource;

/** Splits asked of a split source at a time. */
const SPLIT_BATCH_SIZE = 100;
/** The next batch is asked for when no more than this many splits are left to start. */
const SPLITS_LOW_WATER = 4;

export class TableScanOperator implements Operator {
  private readonly pending: ConnectorSplit[] = [];
  private source: CountedPageSource | undefined;
  private allSplitsAdded = false;
  /** Splits read to the end (the scheduler tops up a task's splits as they complete). */
  completedSplits = 0;
  /** Called when a split has been read to the end. */
  onSplitCompleted: (() => void) | undefined;
  private finished = false;
  private waiting: { promise: Promise<void>; resolve: () => void } | undefined;
  /** A `nextBatch` in flight; a failed one's error, thrown from `getOutput`. */
  private fetching: Promise<void> | undefined;
  private splitFailure: { error: unknown } | undefined;
  private splitSourceClosed = false;
  /** The current source's read time already added to the statistics. */
  private readNanosCounted = 0;

  constructor(
    readonly context: OperatorContext,
    private readonly createPageSource: PageSourceProvider,
    /** Where the splits come from; absent when the scheduler adds them. */
    private readonly splitSource?: ConnectorSplitSource,
  ) {}

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

  /** Asks the split source for the next batch, unless one is on its way or none can come. */
  private fetchSplits(): void {
    const splitSource = this.splitSource;
    if (splitSource === undefined || this.fetching || this.allSplitsAdded || this.splitSourceClosed) return;
    this.fetching = splitSource.nextBatch(SPLIT_BATCH_SIZE).then(
      (batch) => {
        this.fetching = undefined;
        if (this.splitSourceClosed) return;
        this.pending.push(...batch.splits);
        if (batch.noMoreSplits) {
          this.allSplitsAdded = true;
          this.closeSplitSource();
        }
      },
      (error: unknown) => {
        this.fetching = undefined;
        this.splitFailure = { error };
      },
    );
  }

  private closeSplitSource(): void {
    if (this.splitSource === undefined || this.splitSourceClosed) return;
    this.splitSourceClosed = true;
    this.splitSource.close();
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
      if (this.splitFailure !== undefined) throw this.splitFailure.error;
      if (!this.source) {
        const split = this.pending.shift();
        if (!split) {
          if (this.allSplitsAdded) this.finished = true;
          else this.fetchSplits();
          return null;
        }
        if (this.pending.length <= SPLITS_LOW_WATER) this.fetchSplits();
        this.source = this.createPageSource(split);
      }
      const source = this.source;
      this.countReadTime(source);
      if (source.isBlocked?.()) return null;
      const before = source.completedBytes;
      const positionsBefore = source.completedPositions;
      const page = source.getNextPage();
      this.context.stats.rawInputDataSize += source.completedBytes - before;
      this.context.stats.rawInputPositions += source.completedPositions - positionsBefore;
      if (page !== null) return page;
      if (!source.isFinished()) return null;
      this.endSource();
      this.completedSplits++;
      this.onSplitCompleted?.();
    }
  }

  /** Closes the current source (if any), counting the last of its read time. */
  private endSource(): void {
    const source = this.source;
    if (source === undefined) return;
    source.close();
    this.countReadTime(source);
    this.source = undefined;
    this.readNanosCounted = 0;
  }

  /** Adds what the source spent decoding since the last look (its readers run between the scan's calls). */
  private countReadTime(source: CountedPageSource): void {
    const nanos = source.readTimeNanos;
    this.context.stats.readWall += nanos - this.readNanosCounted;
    this.readNanosCounted = nanos;
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
      if (this.splitSource !== undefined) {
        if (this.splitFailure !== undefined) return undefined;
        this.fetchSplits();
        return this.fetching;
      }
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
    this.endSource();
    this.pending.length = 0;
    this.closeSplitSource();
  }
}

function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
