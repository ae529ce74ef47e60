/**
 * The accumulator contract: the grouped state of one aggregate call inside a hash aggregation.
 *
 * An accumulator is created per (ResolvedFunction, argument types) by aggregate-registry.ts. Its state
 * lives in typed arrays (or plain arrays of per-group objects for collections and sketches) indexed by
 * group id, grown by doubling as the operator reports more groups. All updates are vectorised: one
 * call per page, with one group id per position.
 *
 *   setGroupCount(n)      the operator's group count after grouping a page; must precede add* calls
 *                         that use group ids < n, and evaluate* of groups < n (a group that never got
 *                         input evaluates to the aggregate's empty value: NULL, or 0 for counts)
 *   addInput(groupIds, args, positionCount, mask?)
 *                         raw rows (PARTIAL and SINGLE steps): `args[i]` is the block of argument i;
 *                         with `mask` (a boolean block), positions where it is not true are skipped
 *   addIntermediate(groupIds, intermediate, positionCount)
 *                         states produced by evaluateIntermediate of other accumulators of the same
 *                         function (INTERMEDIATE and FINAL steps); merging is associative
 *   evaluateIntermediate(from, to)
 *                         the states of groups [from, to) as a block of `intermediateType`
 *   evaluateFinal(from, to)
 *                         the results of groups [from, to) as a block of the function's return type
 *   retainedBytes         the state's memory, for the operator's memory accounting
 *
 * Evaluation takes a group range (not the whole group count) so that operators emit bounded pages.
 * Every aggregate ignores NULL inputs except count(*) and array_agg (which keeps them), as Presto.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { copyPositions, flatten } from '../../data/block-copy.js';
import type { Type } from '../../types/type.js';

export interface Accumulator {
  readonly intermediateType: Type;
  readonly retainedBytes: number;
  setGroupCount(groupCount: number): void;
  addInput(groupIds: Int32Array, args: readonly Block[], positionCount: number, mask?: Block): void;
  addIntermediate(groupIds: Int32Array, intermediate: Block, positionCount: number): void;
  evaluateIntermediate(from: number, to: number): Block;
  evaluateFinal(from: number, to: number): Block;
}

/**
 * Base of every accumulator: applies the mask (gathering the selected positions), flattens the
 * argument blocks (dictionary and rle wrappers removed, so subclasses read typed arrays directly) and
 * tracks the capacity of per-group arrays.
 */
export abstract class BaseAccumulator implements Accumulator {
  /** Groups the per-group arrays can hold; grown by doubling. */
  protected capacity = 0;
  protected groupCount = 0;

  constructor(readonly intermediateType: Type) {}

  abstract get retainedBytes(): number;

  /** Reallocates per-group state to `capacity` groups, keeping the first `groupCount`. */
  protected abstract grow(capacity: number): void;
  /** Adds rows: every position is selected; blocks are flat. */
  protected abstract addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void;
  /** Merges states: the block is flat and every position carries a state (possibly a null one). */
  protected abstract mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void;
  abstract evaluateIntermediate(from: number, to: number): Block;
  abstract evaluateFinal(from: number, to: number): Block;

  setGroupCount(groupCount: number): void {
    if (groupCount > this.capacity) {
      const capacity = Math.max(groupCount, this.capacity * 2, 16);
      this.grow(capacity);
      this.capacity = capacity;
    }
    if (groupCount > this.groupCount) this.groupCount = groupCount;
  }

  addInput(groupIds: Int32Array, args: readonly Block[], positionCount: number, mask?: Block): void {
    if (positionCount === 0) return;
    if (mask !== undefined) {
      const selected = selectedPositions(mask, positionCount);
      if (selected === null) {
        // All positions selected: fall through with the inputs as they are.
      } else if (selected.length === 0) {
        return;
      } else {
        const count = selected.length;
        const ids = new Int32Array(count);
        for (let i = 0; i < count; i++) ids[i] = groupIds[selected[i]];
        this.addRows(
          ids,
          args.map((arg) => flatten(copyPositions(arg, selected, count))),
          count,
        );
        return;
      }
    }
    this.addRows(groupIds, args.map(flatten), positionCount);
  }

  addIntermediate(groupIds: Int32Array, intermediate: Block, positionCount: number): void {
    if (positionCount === 0) return;
    this.mergeStates(groupIds, flatten(intermediate), positionCount);
  }
}

/** Positions where the boolean `mask` is true; null when all are (the common case: no copy). */
export function selectedPositions(mask: Block, positionCount: number): Int32Array | null {
  const flat = flatten(mask);
  if (flat.kind !== 'boolean') return null;
  const values = flat.values;
  const nulls = flat.nulls;
  let count = 0;
  for (let i = 0; i < positionCount; i++) if (values[i] === 1 && (nulls === undefined || nulls[i] === 0)) count++;
  if (count === positionCount) return null;
  const selected = new Int32Array(count);
  let next = 0;
  for (let i = 0; i < positionCount; i++) {
    if (values[i] === 1 && (nulls === undefined || nulls[i] === 0)) selected[next++] = i;
  }
  return selected;
}

/** Whether position `i` of a flat block is null. */
export function isNullAt(block: FlatBlock, i: number): boolean {
  return block.nulls !== undefined && block.nulls[i] !== 0;
}

/** A Uint8Array of `length` with ones for the groups in [from, to) whose flag is 0 (no value); undefined if none. */
export function nullsWhereUnset(flags: Uint8Array, from: number, to: number): Uint8Array | undefined {
  let nulls: Uint8Array | undefined;
  for (let g = from; g < to; g++) {
    if (flags[g] === 0) {
      nulls ??= new Uint8Array(to - from);
      nulls[g - from] = 1;
    }
  }
  return nulls;
}

/** Like nullsWhereUnset for counts: groups whose count is 0 get NULL. */
export function nullsWhereZero(counts: Float64Array, from: number, to: number): Uint8Array | undefined {
  let nulls: Uint8Array | undefined;
  for (let g = from; g < to; g++) {
    if (counts[g] === 0) {
      nulls ??= new Uint8Array(to - from);
      nulls[g - from] = 1;
    }
  }
  return nulls;
}

export function growFloat64Array(array: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(capacity);
  grown.set(array.subarray(0, Math.min(array.length, capacity)));
  return grown;
}

export function growUint8Array(array: Uint8Array, capacity: number): Uint8Array<ArrayBuffer> {
  const grown = new Uint8Array(capacity);
  grown.set(array.subarray(0, Math.min(array.length, capacity)));
  return grown;
}

export function growInt32Array(array: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(capacity);
  grown.set(array.subarray(0, Math.min(array.length, capacity)));
  return grown;
}
