/**
 * ORDER BY (SortNode), in bounded steps so a large sort never holds the event loop: input pages
 * are buffered into runs of at most `SORT_RUN_ROWS` rows (the first ones smaller), each run is sorted as soon as it is full
 * (an index permutation by the sort keys, comparators specialised per key type, sort/sort-keys.ts),
 * and when the input ends the runs are merged lazily (sort/sorted-runs.ts), one page of at most
 * `OUTPUT_PAGE_ROWS` rows per getOutput. An input that fits one run is sorted once and gathered
 * straight from its permutation. Equal keys keep their input order.
 */
import { copyPositions } from '../../data/block-copy.js';
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import { RowBuffer } from '../sort/row-buffer.js';
import type { SortOrdering } from '../sort/sort-keys.js';
import { MergedGather, RunMerger, type SortedRun, sortRun } from '../sort/sorted-runs.js';

/** Rows per output page of the operators that emit buffered rows. */
export const OUTPUT_PAGE_ROWS = 4096;

/** Rows per sorted run: sorting one takes a few milliseconds to a few tens. */
export const SORT_RUN_ROWS = 1 << 16;
/**
 * The first run is this small and each next one twice as large, up to SORT_RUN_ROWS: the sort code
 * is still cold (interpreted) on the first runs, where a full run would take several times longer.
 */
const FIRST_RUN_ROWS = 1 << 12;

export class OrderByOperator implements Operator {
  private readonly buffer: RowBuffer;
  private readonly outputChannels: readonly number[];
  private runs: SortedRun[] = [];
  private runBytes = 0;
  private runRows = FIRST_RUN_ROWS;
  /** Set when the input ends with more than one run. */
  private merger: RunMerger | null = null;
  /** Set when the input ends with exactly one run: its rows are emitted in permutation order. */
  private single: SortedRun | null = null;
  private emitted = 0;
  private readonly runIds = new Int32Array(OUTPUT_PAGE_ROWS);
  private readonly positions = new Int32Array(OUTPUT_PAGE_ROWS);
  private finishing = false;
  private done = false;

  /**
   * @param types the input channel types
   * @param orderBy the sort keys (SortNode.orderBy mapped to channels)
   * @param outputChannels the input channels to output, in order (default: all)
   */
  constructor(
    readonly context: OperatorContext,
    types: readonly Type[],
    private readonly orderBy: readonly SortOrdering[],
    outputChannels?: readonly number[],
  ) {
    this.buffer = new RowBuffer(types);
    this.outputChannels = outputChannels ?? types.map((_, i) => i);
  }

  needsInput(): boolean {
    return !this.finishing;
  }

  addInput(page: Page): void {
    this.buffer.add(page);
    if (this.buffer.positionCount >= this.runRows) this.sealRun();
    this.context.memory.setBytes(this.runBytes + this.buffer.retainedBytes);
  }

  /** Sorts the buffered rows into a new run. */
  private sealRun(): void {
    const run = sortRun(this.buffer.takeConcatenated(), this.orderBy);
    this.runs.push(run);
    this.runBytes += run.retainedBytes;
    this.runRows = Math.min(2 * this.runRows, SORT_RUN_ROWS);
  }

  finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    if (this.buffer.positionCount > 0) this.sealRun();
    this.context.memory.setBytes(this.runBytes);
    if (this.runs.length === 0) {
      this.close();
    } else if (this.runs.length === 1) {
      this.single = this.runs[0];
    } else {
      this.merger = new RunMerger(this.runs, this.orderBy);
    }
  }

  getOutput(): Page | null {
    if (this.single !== null) return this.nextFromSingleRun(this.single);
    if (this.merger !== null) return this.nextMerged(this.merger);
    return null;
  }

  private nextFromSingleRun(run: SortedRun): Page {
    const permutation = run.permutation;
    const start = this.emitted;
    const count = Math.min(OUTPUT_PAGE_ROWS, permutation.length - start);
    const positions = permutation.subarray(start, start + count);
    const blocks = this.outputChannels.map((channel) => copyPositions(run.page.blocks[channel], positions, count));
    this.emitted += count;
    if (this.emitted === permutation.length) this.close();
    return { positionCount: count, blocks };
  }

  private nextMerged(merger: RunMerger): Page {
    const count = merger.next(OUTPUT_PAGE_ROWS, this.runIds, this.positions);
    const gather = new MergedGather(this.runs, this.runIds, this.positions, count);
    const blocks = this.outputChannels.map((channel) => gather.block(channel));
    if (merger.remainingRows === 0) this.close();
    return { positionCount: count, blocks };
  }

  isFinished(): boolean {
    return this.done;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.done = this.finishing;
    this.runs = [];
    this.runBytes = 0;
    this.single = null;
    this.merger = null;
    this.buffer.clear();
    this.context.memory.setBytes(0);
  }
}
