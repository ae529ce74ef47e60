/**
 * ORDER BY (SortNode), in bounded steps so a large sort never holds the event loop: input pages
 * are cut into sorted runs sized so one run's sort takes a few milliseconds
 * (sort/sorted-run-builder.ts); pending runs are sorted from getOutput, one driver pass at a time,
 * while the operator takes no input; when the input ends the runs are merged lazily
 * (sort/sorted-runs.ts), one page of at most `OUTPUT_PAGE_ROWS` rows per getOutput. An input that
 * fits one run is sorted once and gathered straight from its permutation. Equal keys keep their
 * input order.
 */
import { copyPositions } from '../../data/block-copy.js';
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import type { SortOrdering } from '../sort/sort-keys.js';
import { SortedRunBuilder } from '../sort/sorted-run-builder.js';
import { MergedGather, RunMerger, type SortedRun } from '../sort/sorted-runs.js';

/** Rows per output page of the operators that emit buffered rows. */
export const OUTPUT_PAGE_ROWS = 4096;

/** The largest sorted run (numbers radix sort this many in a few milliseconds). */
export const SORT_RUN_ROWS = 1 << 16;
/** Time given to pending sorts per getOutput call. */
const SORT_SLICE_MS = 5;

export class OrderByOperator implements Operator {
  private readonly builder: SortedRunBuilder;
  private readonly outputChannels: readonly number[];
  private runs: SortedRun[] = [];
  /** Set when the input ends with more than one run. */
  private merger: RunMerger | null = null;
  /** Set when the input ends with exactly one run: its rows are emitted in permutation order. */
  private single: SortedRun | null = null;
  private emitted = 0;
  private readonly runIds = new Int32Array(OUTPUT_PAGE_ROWS);
  private readonly positions = new Int32Array(OUTPUT_PAGE_ROWS);
  private finishing = false;
  /** Set once the input ended and every run is sorted: the merge (or single run) is set up. */
  private merging = false;
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
    this.builder = new SortedRunBuilder(types, orderBy, SORT_RUN_ROWS);
    this.outputChannels = outputChannels ?? types.map((_, i) => i);
  }

  needsInput(): boolean {
    return !this.finishing && !this.builder.hasPendingSorts;
  }

  addInput(page: Page): void {
    this.builder.add(page);
    this.context.memory.setBytes(this.builder.retainedBytes);
  }

  finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    this.builder.finishInput();
    if (!this.builder.hasPendingSorts) this.startMerge();
  }

  getOutput(): Page | null {
    if (this.builder.hasPendingSorts) {
      const sorted = this.builder.sortSome(performance.now() + SORT_SLICE_MS);
      this.context.memory.setBytes(this.builder.retainedBytes);
      if (!sorted || !this.finishing) return null;
      this.startMerge();
    }
    if (this.single !== null) return this.nextFromSingleRun(this.single);
    if (this.merger !== null) return this.nextMerged(this.merger);
    return null;
  }

  /** Every run is sorted and no input is left: the runs are merged (or the only one read out). */
  private startMerge(): void {
    if (this.merging) return;
    this.merging = true;
    this.runs = this.builder.takeRuns();
    let bytes = 0;
    for (const run of this.runs) bytes += run.retainedBytes;
    this.context.memory.setBytes(bytes);
    if (this.runs.length === 0) {
      this.close();
    } else if (this.runs.length === 1) {
      this.single = this.runs[0];
    } else {
      this.merger = new RunMerger(this.runs, this.orderBy);
    }
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
    this.single = null;
    this.merger = null;
    this.builder.clear();
    this.context.memory.setBytes(0);
  }
}
