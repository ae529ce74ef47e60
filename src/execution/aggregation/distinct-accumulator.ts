/**
 * DISTINCT for an aggregate call evaluated directly by the operator (when the planner did not turn
 * it into a MarkDistinct mask): a GroupByHash over (group id, arguments) lets only the first row of
 * each distinct (group, arguments) combination through to the wrapped accumulator. Blocks after the
 * first `argumentCount` (ORDER BY keys for an ordered wrapper) are passed along without taking part
 * in the distinctness. NULL arguments are values here; the wrapped aggregate ignores them as usual.
 * Distinct aggregations are never split into partial and final steps, so intermediate states are
 * simply forwarded.
 */
import type { Block } from '../../data/block.js';
import { float64Block } from '../../data/block.js';
import { copyPositions } from '../../data/block-copy.js';
import { BIGINT, type Type } from '../../types/type.js';
import { createGroupByHash, type GroupByHash } from '../hash/group-by-hash.js';
import { type Accumulator, selectedPositions } from './accumulator.js';

export class DistinctAccumulator implements Accumulator {
  private readonly hash: GroupByHash;
  private ids = new Int32Array(0);

  constructor(
    private readonly inner: Accumulator,
    argumentTypes: readonly Type[],
  ) {
    this.hash = createGroupByHash([BIGINT, ...argumentTypes]);
  }

  get intermediateType(): Type {
    return this.inner.intermediateType;
  }

  get retainedBytes(): number {
    return this.hash.retainedBytes + this.ids.byteLength + this.inner.retainedBytes;
  }

  setGroupCount(groupCount: number): void {
    this.inner.setGroupCount(groupCount);
  }

  addInput(groupIds: Int32Array, args: readonly Block[], positionCount: number, mask?: Block): void {
    if (positionCount === 0) return;
    let ids = groupIds;
    let blocks = args;
    let count = positionCount;
    const selected = mask === undefined ? null : selectedPositions(mask, positionCount);
    if (selected !== null) {
      count = selected.length;
      if (count === 0) return;
      ids = new Int32Array(count);
      for (let i = 0; i < count; i++) ids[i] = groupIds[selected[i]];
      blocks = args.map((block) => copyPositions(block, selected, count));
    }
    const keyColumns = this.hash.keyTypes.length - 1;
    const groupColumn = new Float64Array(count);
    for (let i = 0; i < count; i++) groupColumn[i] = ids[i];
    if (this.ids.length < count) this.ids = new Int32Array(count);
    const before = this.hash.groupCount;
    this.hash.getGroupIds([float64Block(groupColumn), ...blocks.slice(0, keyColumns)], count, this.ids);
    const after = this.hash.groupCount;
    if (after === before) return;
    // New combinations get consecutive ids in order of first occurrence.
    const firsts = new Int32Array(after - before);
    let next = before;
    for (let i = 0; i < count && next < after; i++) {
      if (this.ids[i] === next) firsts[next++ - before] = i;
    }
    const keptIds = new Int32Array(firsts.length);
    for (let i = 0; i < firsts.length; i++) keptIds[i] = ids[firsts[i]];
    this.inner.addInput(
      keptIds,
      blocks.map((block) => copyPositions(block, firsts, firsts.length)),
      firsts.length,
    );
  }

  addIntermediate(groupIds: Int32Array, intermediate: Block, positionCount: number): void {
    this.inner.addIntermediate(groupIds, intermediate, positionCount);
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.inner.evaluateIntermediate(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    return this.inner.evaluateFinal(from, to);
  }
}
