/**
 * ORDER BY inside an aggregate call (array_agg(x ORDER BY y), ...): the rows are buffered with their
 * group ids, and at the first evaluation sorted by (group id, ORDER BY keys) — a stable index sort —
 * and fed to the wrapped accumulator in that order, in chunks. `addInput` receives the argument blocks
 * followed by one block per ORDER BY key. Ordered aggregations are never split into partial and final
 * steps (they need all rows), so intermediate states are forwarded to the wrapped accumulator.
 */
import type { Block } from '../../data/block.js';
import { concatBlocks, copyPositions } from '../../data/block-copy.js';
import { blockSizeInBytes, getValue } from '../../data/block-values.js';
import type { Type } from '../../types/type.js';
import { compareValues } from '../expression/value-comparison.js';
import { type Accumulator, selectedPositions } from './accumulator.js';

export interface AggregateOrdering {
  readonly type: Type;
  readonly ascending: boolean;
  readonly nullsFirst: boolean;
}

const FEED_CHUNK = 4096;

export class OrderedAccumulator implements Accumulator {
  private readonly pages: { groupIds: Int32Array; blocks: readonly Block[] }[] = [];
  private bufferedBytes = 0;
  private flushed = false;

  constructor(
    private readonly inner: Accumulator,
    private readonly argumentCount: number,
    private readonly orderings: readonly AggregateOrdering[],
  ) {}

  get intermediateType(): Type {
    return this.inner.intermediateType;
  }

  get retainedBytes(): number {
    return this.bufferedBytes + this.inner.retainedBytes;
  }

  setGroupCount(groupCount: number): void {
    this.inner.setGroupCount(groupCount);
  }

  addInput(groupIds: Int32Array, args: readonly Block[], positionCount: number, mask?: Block): void {
    if (positionCount === 0) return;
    const selected = mask === undefined ? null : selectedPositions(mask, positionCount);
    if (selected !== null && selected.length === 0) return;
    const count = selected === null ? positionCount : selected.length;
    const ids = new Int32Array(count);
    for (let i = 0; i < count; i++) ids[i] = groupIds[selected === null ? i : selected[i]];
    const blocks = selected === null ? args : args.map((block) => copyPositions(block, selected, count));
    this.pages.push({ groupIds: ids, blocks });
    this.bufferedBytes += ids.byteLength;
    for (const block of blocks) this.bufferedBytes += blockSizeInBytes(block);
  }

  addIntermediate(groupIds: Int32Array, intermediate: Block, positionCount: number): void {
    this.inner.addIntermediate(groupIds, intermediate, positionCount);
  }

  evaluateIntermediate(from: number, to: number): Block {
    this.flush();
    return this.inner.evaluateIntermediate(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    this.flush();
    return this.inner.evaluateFinal(from, to);
  }

  /** Sorts the buffered rows and feeds them to the wrapped accumulator (once). */
  private flush(): void {
    if (this.flushed) return;
    this.flushed = true;
    if (this.pages.length === 0) return;
    let total = 0;
    for (const page of this.pages) total += page.groupIds.length;
    const groupIds = new Int32Array(total);
    let offset = 0;
    for (const page of this.pages) {
      groupIds.set(page.groupIds, offset);
      offset += page.groupIds.length;
    }
    const columns = this.pages[0].blocks.map((_, c) => concatBlocks(this.pages.map((page) => page.blocks[c])));
    const keys = this.orderings.map((ordering, k) => {
      const block = columns[this.argumentCount + k];
      const values: unknown[] = new Array(total);
      for (let i = 0; i < total; i++) values[i] = getValue(block, ordering.type, i);
      return values;
    });
    const order = new Int32Array(total);
    for (let i = 0; i < total; i++) order[i] = i;
    // Int32Array.prototype.sort is not guaranteed stable for a comparator: break ties on the index.
    order.sort((a, b) => {
      const byGroup = groupIds[a] - groupIds[b];
      if (byGroup !== 0) return byGroup;
      for (let k = 0; k < keys.length; k++) {
        const order = this.compareKey(this.orderings[k], keys[k][a], keys[k][b]);
        if (order !== 0) return order;
      }
      return a - b;
    });
    this.pages.length = 0;
    this.bufferedBytes = 0;
    const argumentColumns = columns.slice(0, this.argumentCount);
    for (let start = 0; start < total; start += FEED_CHUNK) {
      const count = Math.min(FEED_CHUNK, total - start);
      const positions = order.subarray(start, start + count);
      const ids = new Int32Array(count);
      for (let i = 0; i < count; i++) ids[i] = groupIds[positions[i]];
      this.inner.addInput(
        ids,
        argumentColumns.map((block) => copyPositions(block, positions, count)),
        count,
      );
    }
  }

  private compareKey(ordering: AggregateOrdering, a: unknown, b: unknown): number {
    if (a === null || b === null) {
      if (a === b) return 0;
      return (a === null) === ordering.nullsFirst ? -1 : 1;
    }
    const order = compareValues(ordering.type, a, b);
    return ordering.ascending ? order : -order;
  }
}
