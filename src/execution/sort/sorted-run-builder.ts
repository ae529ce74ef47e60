/**
 * Cuts the input of a blocking sort (ORDER BY, a window's index) into sorted runs whose sorts each
 * take about `TARGET_SORT_MS`, so no single call holds a worker's event loop for long. A fixed run
 * size cannot do that: 16384 TPC-H comments sort in 15 ms on an idle machine and in 140 ms on a
 * loaded one, while 65536 doubles radix sort in 3 ms. So the size adapts to what the last sorts
 * measured (rows per millisecond, smoothed), between `MIN_RUN_ROWS` and the caller's maximum.
 *
 * Sorting is separate from buffering: `add` only buffers and cuts full runs into pending pieces;
 * `sortSome(deadline)` sorts pending pieces until the deadline (at least one). An operator stops
 * asking for input while pieces are pending and sorts them from its `getOutput`, one driver pass at
 * a time. Runs are cut in input order, so the merge of the runs is stable.
 */
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { slicePage } from '../page-slicing.js';
import { RowBuffer } from './row-buffer.js';
import type { SortOrdering } from './sort-keys.js';
import { type SortedRun, sortRun } from './sorted-runs.js';

/** What one run's sort should take: well inside the workers' 100 ms answer bound. */
export const TARGET_SORT_MS = 8;
/** Below this a run costs more in merge comparisons than its sort saves in latency. */
export const MIN_RUN_ROWS = 1024;
/** The first run: small, since the sort code is still cold (interpreted). */
const FIRST_RUN_ROWS = 4096;
/** Weight of the newest measurement in the smoothed sort speed. */
const SPEED_WEIGHT = 0.5;

export class SortedRunBuilder {
  private readonly buffer: RowBuffer;
  private pending: Page[] = [];
  private pendingRows = 0;
  private pendingBytes = 0;
  private runs: SortedRun[] = [];
  private runBytes = 0;
  private sortedRows = 0;
  private runRows: number;
  /** Rows sorted per millisecond, smoothed; undefined until a run large enough to time was sorted. */
  private rowsPerMs: number | undefined;

  constructor(
    types: readonly Type[],
    private readonly orderings: readonly SortOrdering[],
    private readonly maxRunRows: number,
  ) {
    this.buffer = new RowBuffer(types);
    this.runRows = Math.min(FIRST_RUN_ROWS, maxRunRows);
  }

  /** Rows taken in: sorted, pending and buffered. */
  get positionCount(): number {
    return this.sortedRows + this.pendingRows + this.buffer.positionCount;
  }

  /** Bytes held by the runs, the pending pieces and the buffered pages. */
  get retainedBytes(): number {
    return this.runBytes + this.pendingBytes + this.buffer.retainedBytes;
  }

  /** True while cut pieces wait for their sort (the operator should not take input then). */
  get hasPendingSorts(): boolean {
    return this.pending.length > 0;
  }

  /** The rows per run the next cut uses (for tests and statistics). */
  get nextRunRows(): number {
    return this.runRows;
  }

  add(page: Page): void {
    this.buffer.add(page);
    if (this.buffer.positionCount >= this.runRows) this.cut();
  }

  /** No more input: whatever is buffered becomes pending pieces. */
  finishInput(): void {
    if (this.buffer.positionCount > 0) this.cut();
  }

  /**
   * Sorts pending pieces until `deadline` (performance.now()), at least one; true when none is left.
   */
  sortSome(deadline: number): boolean {
    while (this.pending.length > 0) {
      const piece = this.pending.shift();
      if (piece === undefined) break;
      this.pendingRows -= piece.positionCount;
      const started = performance.now();
      const run = sortRun(piece, this.orderings);
      const elapsed = performance.now() - started;
      this.pendingBytes -= run.retainedBytes - run.permutation.byteLength;
      this.learn(piece.positionCount, elapsed);
      this.runs.push(run);
      this.runBytes += run.retainedBytes;
      this.sortedRows += run.permutation.length;
      if (performance.now() >= deadline) break;
    }
    return this.pending.length === 0;
  }

  /** The sorted runs, once no piece is pending; the builder keeps no reference to them. */
  takeRuns(): SortedRun[] {
    if (this.pending.length > 0 || this.buffer.positionCount > 0) {
      throw new Error('sorted runs are taken once every piece is sorted');
    }
    const runs = this.runs;
    this.runs = [];
    this.runBytes = 0;
    this.sortedRows = 0;
    return runs;
  }

  clear(): void {
    this.buffer.clear();
    this.pending = [];
    this.pendingRows = 0;
    this.pendingBytes = 0;
    this.runs = [];
    this.runBytes = 0;
    this.sortedRows = 0;
  }

  private cut(): void {
    for (const piece of slicePage(this.buffer.takeConcatenated(), this.runRows)) {
      this.pending.push(piece);
      this.pendingRows += piece.positionCount;
      this.pendingBytes += pageSizeInBytes(piece);
    }
  }

  /** Sets the next run size from how fast `rows` rows sorted in `elapsedMs`. */
  private learn(rows: number, elapsedMs: number): void {
    if (rows < MIN_RUN_ROWS || elapsedMs <= 0.05) {
      if (rows >= this.runRows) this.runRows = Math.min(2 * this.runRows, this.maxRunRows);
      return;
    }
    const speed = rows / elapsedMs;
    this.rowsPerMs = this.rowsPerMs === undefined ? speed : SPEED_WEIGHT * speed + (1 - SPEED_WEIGHT) * this.rowsPerMs;
    const target = Math.round(this.rowsPerMs * TARGET_SORT_MS);
    this.runRows = Math.max(MIN_RUN_ROWS, Math.min(this.maxRunRows, target));
  }
}
