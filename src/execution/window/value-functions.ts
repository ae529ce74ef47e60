/**
 * Value window functions: lag and lead (rows before or after the current one in the partition,
 * frames ignored) and first_value, last_value and nth_value (rows of the frame). With IGNORE NULLS
 * they count only rows whose value is not NULL; a prefix count of non-NULL rows over the index and
 * the list of their positions make each lookup O(1) instead of a scan.
 */

import { fail } from '../../common/invariant.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import { underlyingBlock, underlyingPosition } from '../../data/block-values.js';
import type { Type } from '../../types/type.js';
import { type NumericColumn, numericColumnOf } from './range-offsets.js';
import type { FrameArrays, WindowFunctionEvaluator } from './window-function.js';

/** Positions of the non-NULL values of a block and, per row, how many come before it. */
class NonNullIndex {
  /** prefix[i]: non-NULL values in rows [0, i). */
  readonly prefix: Int32Array;
  readonly positions: Int32Array;

  constructor(block: Block) {
    const n = block.positionCount;
    const flat = underlyingBlock(block);
    const nulls = flat.nulls;
    this.prefix = new Int32Array(n + 1);
    const positions = new Int32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      this.prefix[i] = count;
      if (nulls === undefined || nulls[underlyingPosition(block, i)] === 0) positions[count++] = i;
    }
    this.prefix[n] = count;
    this.positions = positions.subarray(0, count);
  }
}

/** lag(x [, offset [, default]]) and lead(...). */
export class OffsetValueEvaluator implements WindowFunctionEvaluator {
  readonly usesFrame = false;
  private readonly offsets: NumericColumn | null;
  private readonly nonNull: NonNullIndex | null;
  private partitionStart = 0;
  private partitionEnd = 0;

  constructor(
    private readonly forward: boolean,
    private readonly values: Block,
    offsets: { block: Block; type: Type } | null,
    private readonly defaults: Block | null,
    ignoreNulls: boolean,
  ) {
    this.offsets = offsets === null ? null : numericColumnOf(offsets.block, offsets.type);
    this.nonNull = ignoreNulls ? new NonNullIndex(values) : null;
  }

  reset(partitionStart: number, partitionEnd: number): void {
    this.partitionStart = partitionStart;
    this.partitionEnd = partitionEnd;
  }

  evaluate(from: number, to: number, _frames: FrameArrays | null, out: BlockBuilder): void {
    const offsets = this.offsets;
    for (let row = from; row < to; row++) {
      let offset = 1;
      if (offsets !== null) {
        if (offsets.nulls !== undefined && offsets.nulls[row] !== 0) {
          out.appendNull();
          continue;
        }
        offset = offsets.values[row];
        if (!(offset >= 0)) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Offset must be at least 0');
      }
      const target = this.target(row, offset);
      if (target >= 0) out.appendFrom(this.values, target);
      else if (this.defaults !== null) out.appendFrom(this.defaults, row);
      else out.appendNull();
    }
  }

  /** The row `offset` rows away (counting non-NULL values only with IGNORE NULLS), or −1. */
  private target(row: number, offset: number): number {
    const nonNull = this.nonNull;
    if (nonNull === null || offset === 0) {
      const target = this.forward ? row + offset : row - offset;
      return target >= this.partitionStart && target < this.partitionEnd ? target : -1;
    }
    const k = this.forward ? nonNull.prefix[row + 1] + offset - 1 : nonNull.prefix[row] - offset;
    if (k < 0 || k >= nonNull.positions.length) return -1;
    const target = nonNull.positions[k];
    return target >= this.partitionStart && target < this.partitionEnd ? target : -1;
  }
}

export type FrameValueKind = 'first_value' | 'last_value' | 'nth_value';

/** first_value(x), last_value(x) and nth_value(x, n) over the frame. */
export class FrameValueEvaluator implements WindowFunctionEvaluator {
  readonly usesFrame = true;
  private readonly nth: NumericColumn | null;
  private readonly nonNull: NonNullIndex | null;

  constructor(
    private readonly kind: FrameValueKind,
    private readonly values: Block,
    nth: { block: Block; type: Type } | null,
    ignoreNulls: boolean,
  ) {
    this.nth = nth === null ? null : numericColumnOf(nth.block, nth.type);
    this.nonNull = ignoreNulls ? new NonNullIndex(values) : null;
  }

  reset(): void {}

  evaluate(from: number, to: number, frames: FrameArrays | null, out: BlockBuilder): void {
    const { start, end } = frames ?? fail('a function over a window frame is given its frames');
    for (let row = from; row < to; row++) {
      const k = row - from;
      const target = this.target(row, start[k], end[k]);
      if (target >= 0) out.appendFrom(this.values, target);
      else out.appendNull();
    }
  }

  private target(row: number, frameStart: number, frameEnd: number): number {
    if (frameStart >= frameEnd) return -1;
    let n = 1;
    if (this.kind === 'nth_value') {
      const nth = this.nth ?? fail('nth_value has its n column');
      if (nth.nulls !== undefined && nth.nulls[row] !== 0) return -1;
      n = nth.values[row];
      if (!(n >= 1)) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Offset must be at least 1');
    }
    const nonNull = this.nonNull;
    if (nonNull === null) {
      if (this.kind === 'last_value') return frameEnd - 1;
      const target = frameStart + n - 1;
      return target < frameEnd ? target : -1;
    }
    if (this.kind === 'last_value') {
      const k = nonNull.prefix[frameEnd] - 1;
      return k >= 0 && nonNull.positions[k] >= frameStart ? nonNull.positions[k] : -1;
    }
    const k = nonNull.prefix[frameStart] + n - 1;
    return k < nonNull.positions.length && nonNull.positions[k] < frameEnd ? nonNull.positions[k] : -1;
  }
}
