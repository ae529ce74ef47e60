/**
 * ORDER BY ... LIMIT n (TopNNode, every step): keeps the best `count` rows seen so far in a binary
 * heap whose root is the worst kept row, so most rows of a large input are rejected by one
 * comparison with the root. Heap entries point into the input pages they came from; a page is
 * released when none of its rows is kept, and when the retained pages hold many more rows than
 * the heap (a few kept rows pinning whole pages) the kept rows are compacted into one new page.
 * At the end the kept rows are sorted and emitted in pages of at most OUTPUT_PAGE_ROWS rows.
 */

import { fail } from '../../common/invariant.js';
import type { Block } from '../../data/block.js';
import { concatBlocks, copyPositions } from '../../data/block-copy.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import {
  createRowComparator,
  type RowComparator,
  type SortColumn,
  type SortOrdering,
  sortColumnsOf,
  sortedPermutation,
} from '../sort/sort-keys.js';
import { OUTPUT_PAGE_ROWS } from './order-by-operator.js';

interface RetainedPage {
  readonly page: Page;
  readonly columns: readonly SortColumn[];
  readonly bytes: number;
  /** Heap entries pointing into this page. */
  references: number;
}

/** What a slot holds once its page is released (a shared stand-in, so slots are never null). */
const RELEASED: RetainedPage = { page: { positionCount: 0, blocks: [] }, columns: [], bytes: 0, references: 0 };
/** The comparator until the first page: it is built from that page's sort columns. */
const NO_COMPARATOR_YET: RowComparator = () => fail('TopN compares rows only after its first page');

export class TopNOperator implements Operator {
  private comparator: RowComparator = NO_COMPARATOR_YET;
  private readonly slots: RetainedPage[] = [];
  private freeSlots: number[] = [];
  private heapSlot = new Int32Array(16);
  private heapPosition = new Int32Array(16);
  private size = 0;
  private retainedRows = 0;
  private retainedBytes = 0;
  private finishing = false;
  private done: boolean;
  private output: Page | null = null;
  private outputOrder: Int32Array | null = null;
  private emitted = 0;

  /**
   * @param types the input channel types (all are output)
   * @param count TopNNode.count
   * @param orderBy TopNNode.orderBy mapped to channels
   */
  constructor(
    readonly context: OperatorContext,
    private readonly types: readonly Type[],
    private readonly count: number,
    private readonly orderBy: readonly SortOrdering[],
  ) {
    this.done = count <= 0;
    this.finishing = this.done;
  }

  needsInput(): boolean {
    return !this.finishing;
  }

  addInput(page: Page): void {
    if (page.positionCount === 0) return;
    const columns = sortColumnsOf(page.blocks, this.orderBy);
    if (this.comparator === NO_COMPARATOR_YET) this.comparator = createRowComparator(this.orderBy, columns);
    // One reference pins the page while its rows are offered (a row kept and then displaced by a
    // later row of the same page must not release it).
    const retained: RetainedPage = { page, columns, bytes: pageSizeInBytes(page), references: 1 };
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = retained;
    this.retainedRows += page.positionCount;
    this.retainedBytes += retained.bytes;
    for (let position = 0; position < page.positionCount; position++) this.offer(slot, retained, position);
    this.release(slot, retained);
    if (this.retainedRows > 2 * this.size + OUTPUT_PAGE_ROWS) this.compact();
    this.context.memory.setBytes(this.retainedBytes + this.heapSlot.byteLength * 2);
  }

  private offer(slot: number, retained: RetainedPage, position: number): void {
    const compare = this.comparator;
    if (this.size < this.count) {
      this.ensureHeapCapacity();
      const at = this.size++;
      this.heapSlot[at] = slot;
      this.heapPosition[at] = position;
      retained.references++;
      this.siftUp(at);
      return;
    }
    const rootSlot = this.heapSlot[0];
    const root = this.slots[rootSlot];
    if (compare(retained.columns, position, root.columns, this.heapPosition[0]) >= 0) return;
    this.release(rootSlot, root);
    this.heapSlot[0] = slot;
    this.heapPosition[0] = position;
    retained.references++;
    this.siftDown(0);
  }

  private release(slot: number, retained: RetainedPage): void {
    if (--retained.references > 0) return;
    this.slots[slot] = RELEASED;
    this.freeSlots.push(slot);
    this.retainedRows -= retained.page.positionCount;
    this.retainedBytes -= retained.bytes;
  }

  private ensureHeapCapacity(): void {
    if (this.size < this.heapSlot.length) return;
    const capacity = this.heapSlot.length * 2;
    const slots = new Int32Array(capacity);
    slots.set(this.heapSlot);
    const positions = new Int32Array(capacity);
    positions.set(this.heapPosition);
    this.heapSlot = slots;
    this.heapPosition = positions;
  }

  /** Whether heap entry a sorts after heap entry b (the heap keeps the worst row at the root). */
  private after(a: number, b: number): boolean {
    const x = this.slots[this.heapSlot[a]];
    const y = this.slots[this.heapSlot[b]];
    return this.comparator(x.columns, this.heapPosition[a], y.columns, this.heapPosition[b]) > 0;
  }

  private swap(a: number, b: number): void {
    const slot = this.heapSlot[a];
    const position = this.heapPosition[a];
    this.heapSlot[a] = this.heapSlot[b];
    this.heapPosition[a] = this.heapPosition[b];
    this.heapSlot[b] = slot;
    this.heapPosition[b] = position;
  }

  private siftUp(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.after(at, parent)) return;
      this.swap(at, parent);
      at = parent;
    }
  }

  private siftDown(at: number): void {
    const size = this.size;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) return;
      const right = left + 1;
      const worst = right < size && this.after(right, left) ? right : left;
      if (!this.after(worst, at)) return;
      this.swap(at, worst);
      at = worst;
    }
  }

  /** Copies the kept rows into one page and points the heap at it. */
  private compact(): void {
    const kept = this.gatherKept();
    for (let i = 0; i < this.slots.length; i++) this.slots[i] = RELEASED;
    this.slots.length = 1;
    this.freeSlots = [];
    const retained: RetainedPage = {
      page: kept,
      columns: sortColumnsOf(kept.blocks, this.orderBy),
      bytes: pageSizeInBytes(kept),
      references: this.size,
    };
    this.slots[0] = retained;
    for (let i = 0; i < this.size; i++) {
      this.heapSlot[i] = 0;
      this.heapPosition[i] = i;
    }
    this.retainedRows = kept.positionCount;
    this.retainedBytes = retained.bytes;
  }

  /** The heap's rows as one page, in heap order. */
  private gatherKept(): Page {
    const size = this.size;
    const bySlot = new Map<number, number[]>();
    for (let i = 0; i < size; i++) {
      const slot = this.heapSlot[i];
      let entries = bySlot.get(slot);
      if (entries === undefined) bySlot.set(slot, (entries = []));
      entries.push(i);
    }
    const parts: Page[] = [];
    const heapOrder: number[] = [];
    for (const [slot, entries] of bySlot) {
      const positions = Int32Array.from(entries, (i) => this.heapPosition[i]);
      const page = this.slots[slot].page;
      parts.push({
        positionCount: positions.length,
        blocks: page.blocks.map((block) => copyPositions(block, positions, positions.length)),
      });
      for (const i of entries) heapOrder.push(i);
    }
    const blocks: Block[] = this.types.map((_, channel) => concatBlocks(parts.map((p) => p.blocks[channel])));
    // Row r of the concatenation is heap entry heapOrder[r]: reorder so row i is heap entry i.
    const inverse = new Int32Array(size);
    for (let r = 0; r < size; r++) inverse[heapOrder[r]] = r;
    return { positionCount: size, blocks: blocks.map((block) => copyPositions(block, inverse, size)) };
  }

  finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    if (this.size === 0) {
      this.close();
      return;
    }
    const kept = this.gatherKept();
    this.output = kept;
    this.outputOrder = sortedPermutation(sortColumnsOf(kept.blocks, this.orderBy), this.orderBy, kept.positionCount);
    this.slots.length = 0;
    this.size = 0;
    this.context.memory.setBytes(pageSizeInBytes(kept) + this.outputOrder.byteLength);
  }

  getOutput(): Page | null {
    const page = this.output;
    const order = this.outputOrder;
    if (page === null || order === null) return null;
    const start = this.emitted;
    const count = Math.min(OUTPUT_PAGE_ROWS, order.length - start);
    const positions = order.subarray(start, start + count);
    const blocks = page.blocks.map((block) => copyPositions(block, positions, count));
    this.emitted += count;
    if (this.emitted === order.length) this.close();
    return { positionCount: count, blocks };
  }

  isFinished(): boolean {
    return this.done;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.done = this.done || this.finishing;
    this.output = null;
    this.outputOrder = null;
    this.slots.length = 0;
    this.size = 0;
    this.context.memory.setBytes(0);
  }
}
