/**
 * Window functions (WindowNode): sorts the input by (partition keys, order keys) into a WindowIndex
 * (window/window-index.ts) — in sorted runs as pages arrive, then merged in slices when the input
 * ends, a few milliseconds per `finish` call, so no call holds the event loop for long whatever the
 * size of a partition — then emits the rows in that order, at
 * most OUTPUT_PAGE_ROWS per getOutput, each with one extra column per function. A page may end in
 * the middle of a partition: evaluators keep their state across pages of one partition, so work
 * per call stays bounded however large a partition is. Frames are computed per function (shared
 * between functions with the same frame) for the rows of the page.
 *
 * A function whose values have no fixed width (array_agg over frames, string results) can make
 * rows of any size: array_agg over a whole-partition frame gives every row the partition. Pages of
 * such functions start at one row and double while they stay under WINDOW_PAGE_BYTES, and shrink
 * when they pass it, so no page is built much larger than that.
 *
 * Output columns: the input channels, then one per function, in order.
 */

import { fail } from '../../common/invariant.js';
import type { Block } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { blockSizeInBytes } from '../../data/block-values.js';
import { getPageRegion, type Page, pageSizeInBytes } from '../../data/page.js';
import { physicalKindOf } from '../../data/physical-type.js';
import type { Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import type { SortOrdering } from '../sort/sort-keys.js';
import { createWindowEvaluator } from '../window/window-evaluators.js';
import { FrameComputer } from '../window/window-frames.js';
import type { FrameArrays, WindowFunctionEvaluator, WindowFunctionSpec } from '../window/window-function.js';
import { type WindowIndex, WindowIndexBuilder } from '../window/window-index.js';
import { OUTPUT_PAGE_ROWS } from './order-by-operator.js';

/** The output page size aimed at when window functions produce values without a fixed width. */
export const WINDOW_PAGE_BYTES = 8 * 1024 * 1024;

const FIXED_WIDTH_KINDS = new Set(['boolean', 'int32', 'float64', 'float32', 'int64', 'int128', 'timestamptz']);

/** How long one `finish` call may spend building the index before the driver gets control back. */
const BUILD_SLICE_MS = 5;

interface FrameSlot {
  readonly computer: FrameComputer;
  readonly frames: FrameArrays;
}

export class WindowOperator implements Operator {
  private readonly builder: WindowIndexBuilder;
  private building = false;
  private index: WindowIndex | null = null;
  private evaluators: WindowFunctionEvaluator[] = [];
  /** Per function, its frame computation (functions with equal frames share one), or null. */
  private frameSlots: (FrameSlot | null)[] = [];
  private partition = 0;
  private cursor = 0;
  private finishing = false;
  private done = false;
  /** Rows of the next output page: adapted to WINDOW_PAGE_BYTES when values have no fixed width. */
  private pageRows: number;
  private readonly sizedOutput: boolean;

  /**
   * @param types the input channel types
   * @param partitionBy WindowNode.partitionBy as channels
   * @param orderBy WindowNode.orderBy as channels
   * @param functions WindowNode.functions
   */
  constructor(
    readonly context: OperatorContext,
    types: readonly Type[],
    partitionBy: readonly number[],
    private readonly orderBy: readonly SortOrdering[],
    private readonly functions: readonly WindowFunctionSpec[],
  ) {
    this.builder = new WindowIndexBuilder(types, partitionBy, orderBy);
    this.sizedOutput = functions.some((f) => !FIXED_WIDTH_KINDS.has(physicalKindOf(f.returnType)));
    this.pageRows = this.sizedOutput ? 1 : OUTPUT_PAGE_ROWS;
  }

  needsInput(): boolean {
    return !this.finishing && !this.builder.hasPendingSorts;
  }

  addInput(page: Page): void {
    this.builder.add(page);
    this.context.memory.setBytes(this.builder.retainedBytes);
  }

  /** Called on every driver pass once the input ended: builds the index a slice at a time. */
  finish(): void {
    if (!this.finishing) {
      this.finishing = true;
      if (this.builder.positionCount === 0) {
        this.close();
        return;
      }
      this.builder.finishInput();
      this.building = true;
    }
    if (!this.building) return;
    const index = this.builder.buildSome(performance.now() + BUILD_SLICE_MS);
    this.context.memory.setBytes(this.builder.retainedBytes);
    if (index === undefined) return;
    this.building = false;
    this.index = index;
    this.context.memory.setBytes(pageSizeInBytes(index.page) + index.structureBytes);
    this.evaluators = this.functions.map((spec) => createWindowEvaluator(spec, index));
    const shared = new Map<string, FrameSlot>();
    this.frameSlots = this.functions.map((spec, i) => {
      if (!this.evaluators[i].usesFrame) return null;
      const key = JSON.stringify(spec.frame);
      let slot = shared.get(key);
      if (slot === undefined) {
        slot = {
          computer: new FrameComputer(index, spec.frame, this.orderBy),
          frames: { start: new Int32Array(OUTPUT_PAGE_ROWS), end: new Int32Array(OUTPUT_PAGE_ROWS) },
        };
        shared.set(key, slot);
      }
      return slot;
    });
    this.partition = -1;
  }

  getOutput(): Page | null {
    const index = this.index;
    if (index === null) {
      // Input rows cut into runs are sorted here, a slice per driver pass, before more input is taken.
      if (!this.finishing && this.builder.hasPendingSorts) {
        this.builder.sortSome(performance.now() + BUILD_SLICE_MS);
        this.context.memory.setBytes(this.builder.retainedBytes);
      }
      return null;
    }
    const total = index.rowCount;
    const from = this.cursor;
    const to = Math.min(total, from + this.pageRows);
    const builders = this.functions.map((spec) => createBlockBuilder(spec.returnType, to - from));
    const slots = [...new Set(this.frameSlots.filter((slot): slot is FrameSlot => slot !== null))];
    let row = from;
    while (row < to) {
      if (this.partition < 0 || row >= index.partitionStarts[this.partition + 1]) this.startPartition(row);
      const segmentEnd = Math.min(to, index.partitionStarts[this.partition + 1]);
      for (const slot of slots) slot.computer.compute(row, segmentEnd, slot.frames);
      for (let f = 0; f < this.evaluators.length; f++) {
        this.evaluators[f].evaluate(row, segmentEnd, this.frameSlots[f]?.frames ?? null, builders[f]);
      }
      row = segmentEnd;
    }
    const computed = builders.map((b) => b.build());
    if (this.sizedOutput) this.adaptPageRows(to - from, computed);
    const blocks: Block[] = [...getPageRegion(index.page, from, to - from).blocks, ...computed];
    this.cursor = to;
    if (to === total) this.close();
    return { positionCount: to - from, blocks };
  }

  /** Doubles the page while its computed values stay under half the budget; shrinks it past the budget. */
  private adaptPageRows(rows: number, computed: readonly Block[]): void {
    let bytes = 0;
    for (const block of computed) bytes += blockSizeInBytes(block);
    if (bytes > WINDOW_PAGE_BYTES) {
      this.pageRows = Math.max(1, Math.floor((rows * WINDOW_PAGE_BYTES) / bytes));
    } else if (bytes < WINDOW_PAGE_BYTES / 2 && rows === this.pageRows) {
      this.pageRows = Math.min(OUTPUT_PAGE_ROWS, rows * 2);
    }
  }

  private startPartition(row: number): void {
    const index = this.index ?? fail('partitions start once the window index is built');
    this.partition++;
    while (index.partitionStarts[this.partition + 1] <= row) this.partition++;
    const start = index.partitionStarts[this.partition];
    const end = index.partitionStarts[this.partition + 1];
    for (const evaluator of this.evaluators) evaluator.reset(start, end);
    for (const slot of this.frameSlots) slot?.computer.reset(start, end);
  }

  isFinished(): boolean {
    return this.done;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.done = this.finishing;
    this.index = null;
    this.evaluators = [];
    this.frameSlots = [];
    this.building = false;
    this.builder.clear();
    this.context.memory.setBytes(0);
  }
}
