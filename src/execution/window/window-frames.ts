/**
 * Frame computation: for each row of a partition, the rows [start, end) its frame covers.
 *   ROWS    bounds count rows: `n PRECEDING` is the row n before the current one.
 *   GROUPS  bounds count peer groups: `n PRECEDING` starts at the peer group n before the current
 *           row's; CURRENT ROW is the current row's peer group.
 *   RANGE   bounds are values of the single sort key: `x PRECEDING` covers the rows whose key is
 *           within x before the current key (in sort direction); CURRENT ROW is the peer group.
 *           For a row whose sort key is NULL, offset bounds behave like CURRENT ROW (the frame is
 *           the NULL peer group, extended by UNBOUNDED bounds); rows with a non-NULL key never see
 *           NULL keys through an offset bound (as Trino).
 * Offsets come from a channel and may differ per row; a NULL or negative offset fails the query
 * with INVALID_WINDOW_FRAME. Frames are clamped to the partition; a frame that misses it is empty.
 */

import { fail } from '../../common/invariant.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { Type } from '../../types/type.js';
import { compareDoubles, type SortOrdering } from '../sort/sort-keys.js';
import { createRangeArithmetic, type NumericColumn, numericColumnOf, type RangeArithmetic } from './range-offsets.js';
import type { FrameArrays, FrameBoundType, WindowFrame } from './window-function.js';
import type { WindowIndex } from './window-index.js';

export const INVALID_FRAME_OFFSET_MESSAGE = 'Window frame offset value must not be negative or null';

function isOffsetBound(type: FrameBoundType): boolean {
  return type === 'PRECEDING' || type === 'FOLLOWING';
}

export class FrameComputer {
  private readonly startOffsets: NumericColumn | null;
  private readonly endOffsets: NumericColumn | null;
  private readonly range: RangeArithmetic | null = null;
  /** Sort direction of the RANGE key: 1 ascending, −1 descending. */
  private readonly direction: 1 | -1 = 1;
  private partitionStart = 0;
  private partitionEnd = 0;
  /** RANGE: the rows of the partition whose sort key is not NULL. */
  private nonNullStart = 0;
  private nonNullEnd = 0;

  constructor(
    private readonly index: WindowIndex,
    private readonly frame: WindowFrame,
    orderBy: readonly SortOrdering[],
  ) {
    const offsetColumn = (channel: number | undefined, bound: FrameBoundType): NumericColumn | null => {
      if (!isOffsetBound(bound)) return null;
      if (channel === undefined)
        throw new VivaceError('GENERIC_INTERNAL_ERROR', `A ${bound} frame bound needs an offset`);
      return numericColumnOf(index.page.blocks[channel], index.types[channel]);
    };
    this.startOffsets = offsetColumn(frame.startChannel, frame.startType);
    this.endOffsets = offsetColumn(frame.endChannel, frame.endType);
    if (frame.type === 'RANGE' && (this.startOffsets !== null || this.endOffsets !== null)) {
      if (orderBy.length !== 1) {
        throw new VivaceError('GENERIC_INTERNAL_ERROR', 'A RANGE frame with offsets needs exactly one ORDER BY key');
      }
      const key = orderBy[0];
      const offsetChannel =
        (this.startOffsets !== null ? frame.startChannel : frame.endChannel) ??
        fail('a frame bound with an offset has its offset channel');
      this.range = createRangeArithmetic(index.page.blocks[key.channel], key.type, index.types[offsetChannel] as Type);
      this.direction = key.ascending ? 1 : -1;
    }
  }

  reset(partitionStart: number, partitionEnd: number): void {
    this.partitionStart = partitionStart;
    this.partitionEnd = partitionEnd;
    const range = this.range;
    if (range === null) return;
    const nulls = range.keyNulls;
    const isNull = (row: number) => nulls !== undefined && nulls[row] !== 0;
    // NULL keys form one peer group at the start or the end of the partition.
    this.nonNullStart = isNull(partitionStart) ? this.index.peerEnd(partitionStart) : partitionStart;
    this.nonNullEnd =
      partitionEnd > this.nonNullStart && isNull(partitionEnd - 1)
        ? this.index.peerStart(partitionEnd - 1)
        : partitionEnd;
  }

  /** Writes the frames of rows [from, to) of the current partition into `out` (at 0 .. to − from). */
  compute(from: number, to: number, out: FrameArrays): void {
    const ps = this.partitionStart;
    const last = this.partitionEnd - 1;
    for (let row = from; row < to; row++) {
      const startOffset = this.startOffsets === null ? 0 : readOffset(this.startOffsets, row);
      const endOffset = this.endOffsets === null ? 0 : readOffset(this.endOffsets, row);
      let start: number;
      let end: number;
      switch (this.frame.type) {
        case 'ROWS':
          start = this.rowsBound(this.frame.startType, row, startOffset, true);
          end = this.rowsBound(this.frame.endType, row, endOffset, false);
          break;
        case 'GROUPS':
          start = this.groupsBound(this.frame.startType, row, startOffset, true);
          end = this.groupsBound(this.frame.endType, row, endOffset, false);
          break;
        case 'RANGE':
          start = this.rangeBound(this.frame.startType, row, this.startOffsets, true);
          end = this.rangeBound(this.frame.endType, row, this.endOffsets, false);
          break;
      }
      // `end` is inclusive here.
      if (start < ps) start = ps;
      if (end > last) end = last;
      const k = row - from;
      if (start > end) {
        out.start[k] = 0;
        out.end[k] = 0;
      } else {
        out.start[k] = start;
        out.end[k] = end + 1;
      }
    }
  }

  private rowsBound(type: FrameBoundType, row: number, offset: number, isStart: boolean): number {
    switch (type) {
      case 'UNBOUNDED_PRECEDING':
        return isStart ? this.partitionStart : this.partitionStart - 1;
      case 'PRECEDING':
        return row - offset;
      case 'CURRENT_ROW':
        return row;
      case 'FOLLOWING':
        return row + offset;
      case 'UNBOUNDED_FOLLOWING':
        return isStart ? this.partitionEnd : this.partitionEnd - 1;
    }
  }

  private groupsBound(type: FrameBoundType, row: number, offset: number, isStart: boolean): number {
    const index = this.index;
    const group = index.groupOf[row];
    const firstGroup = index.groupOf[this.partitionStart];
    const lastGroup = index.groupOf[this.partitionEnd - 1];
    let target: number;
    switch (type) {
      case 'UNBOUNDED_PRECEDING':
      case 'UNBOUNDED_FOLLOWING':
        return this.rowsBound(type, row, 0, isStart);
      case 'PRECEDING':
        target = group - offset;
        break;
      case 'CURRENT_ROW':
        target = group;
        break;
      case 'FOLLOWING':
        target = group + offset;
        break;
    }
    if (isStart) {
      if (target < firstGroup) return this.partitionStart;
      if (target > lastGroup) return this.partitionEnd;
      return index.groupStarts[target];
    }
    if (target < firstGroup) return this.partitionStart - 1;
    if (target > lastGroup) return this.partitionEnd - 1;
    return index.groupStarts[target + 1] - 1;
  }

  private rangeBound(type: FrameBoundType, row: number, offsets: NumericColumn | null, isStart: boolean): number {
    const index = this.index;
    switch (type) {
      case 'UNBOUNDED_PRECEDING':
      case 'UNBOUNDED_FOLLOWING':
        return this.rowsBound(type, row, 0, isStart);
      case 'CURRENT_ROW':
        return isStart ? index.peerStart(row) : index.peerEnd(row) - 1;
      default:
        break;
    }
    // Only PRECEDING and FOLLOWING remain: they have offsets, validated (not NULL) by readOffset.
    const range = this.range ?? fail('a RANGE frame with offsets has its key arithmetic');
    const offset =
      range.offsetAt(offsets ?? fail('an offset bound has offsets'), row) ?? fail('readOffset rejects NULL offsets');
    if (range.keyNulls !== undefined && range.keyNulls[row] !== 0) {
      return isStart ? index.peerStart(row) : index.peerEnd(row) - 1;
    }
    // PRECEDING moves against the sort direction, FOLLOWING with it.
    const sign = (type === 'PRECEDING' ? -this.direction : this.direction) as 1 | -1;
    const bound = range.bound(range.keys[row], offset, sign);
    return isStart ? this.firstAtOrAfter(range.keys, bound) : this.firstAfter(range.keys, bound) - 1;
  }

  /** The first non-NULL-key row whose key is not before `value` in sort order (nonNullEnd if none). */
  private firstAtOrAfter(keys: Float64Array, value: number): number {
    const direction = this.direction;
    let low = this.nonNullStart;
    let high = this.nonNullEnd;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (direction * compareDoubles(keys[middle], value) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first non-NULL-key row whose key is after `value` in sort order (nonNullEnd if none). */
  private firstAfter(keys: Float64Array, value: number): number {
    const direction = this.direction;
    let low = this.nonNullStart;
    let high = this.nonNullEnd;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (direction * compareDoubles(keys[middle], value) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function readOffset(offsets: NumericColumn, row: number): number {
  const value = offsets.values[row];
  if ((offsets.nulls !== undefined && offsets.nulls[row] !== 0) || !(value >= 0)) {
    throw new VivaceError('INVALID_WINDOW_FRAME', INVALID_FRAME_OFFSET_MESSAGE);
  }
  return value;
}
