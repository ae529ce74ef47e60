/**
 * ORDER BY (SortNode): buffers every input page, and when the input ends sorts an index
 * permutation of all rows by the sort keys (comparators specialised per key type, sort/sort-keys.ts),
 * then emits the rows in order, one page of at most `OUTPUT_PAGE_ROWS` rows per getOutput
 * (gathered from the concatenated input with copyPositions). Equal keys keep their input order.
 */
import { copyPositions } from '../../data/block-copy.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import { RowBuffer } from '../sort/row-buffer.js';
import { type SortOrdering, sortColumnsOf, sortedPermutation } from '../sort/sort-keys.js';

/** Rows per output page of the operators that emit buffered rows. */
export const OUTPUT_PAGE_ROWS = 4096;

export class OrderByOperator implements Operator {
  private readonly buffer: RowBuffer;
  private readonly outputChannels: readonly number[];
  private sorted: Page | null = null;
  private permutation: Int32Array | null = null;
  private emitted = 0;
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
    this.context.memory.setBytes(this.buffer.retainedBytes);
  }

  finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    const count = this.buffer.positionCount;
    if (count === 0) {
      this.close();
      return;
    }
    const page = this.buffer.takeConcatenated();
    const permutation = sortedPermutation(sortColumnsOf(page.blocks, this.orderBy), this.orderBy, count);
    this.sorted = page;
    this.permutation = permutation;
    this.context.memory.setBytes(pageSizeInBytes(page) + permutation.byteLength);
  }

  getOutput(): Page | null {
    const page = this.sorted;
    const permutation = this.permutation;
    if (page === null || permutation === null) return null;
    const start = this.emitted;
    const count = Math.min(OUTPUT_PAGE_ROWS, permutation.length - start);
    const positions = permutation.subarray(start, start + count);
    const blocks = this.outputChannels.map((channel) => copyPositions(page.blocks[channel]!, positions, count));
    this.emitted += count;
    if (this.emitted === permutation.length) this.close();
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
    this.sorted = null;
    this.permutation = null;
    this.buffer.clear();
    this.context.memory.setBytes(0);
  }
}
