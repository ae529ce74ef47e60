/**
 * Built-in aggregates over window frames: count, count_if, sum, avg, bool_and/every, bool_or
 * (invertible: a row can be removed from the state) and min, max (not invertible).
 *
 * The state covers a window of rows [stateStart, stateEnd). Moving to the next row's frame adds
 * and removes only the rows that differ, so the common frames cost O(1) amortised per row:
 * UNBOUNDED PRECEDING to CURRENT ROW only adds, a sliding `n PRECEDING AND m FOLLOWING` adds one
 * row and removes one, and a frame equal to the previous row's (whole-partition or peer-group
 * frames) reuses the previous result. Invertible aggregates follow frames that move backwards too;
 * min and max keep a monotone deque of candidate rows while frames only move forwards and are
 * rebuilt over the frame otherwise.
 *
 * Sums: integer sums (bigint, intervals) are exact while they stay within ±2^53 in doubles; a
 * state that leaves that range is recomputed with BigInt over the frame (and fails beyond the
 * 64-bit range like Presto's sum). Floating sums use compensated (Neumaier) summation with NaN and
 * infinities counted apart, so removing rows neither poisons the sum nor lets rounding drift.
 */

import { fail } from '../../common/invariant.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import { flatten } from '../../data/block-copy.js';
import { getValue } from '../../data/block-values.js';
import type { Type } from '../../types/type.js';
import { createRowComparator, type SortColumn, type SortOrdering, sortColumnOf } from '../sort/sort-keys.js';
import { numericColumnOf } from './range-offsets.js';
import type { FrameArrays, WindowFunctionEvaluator } from './window-function.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MIN_INT64 = -(1n << 63n);
const MAX_INT64 = (1n << 63n) - 1n;

/** Rows an aggregate counts: the mask is true and, for aggregates of a value, the value is not NULL. */
export function includedRows(n: number, value: Block | null, mask: Block | null): Uint8Array | null {
  if (value === null && mask === null) return null;
  const included = new Uint8Array(n).fill(1);
  if (value !== null) {
    const flat = flatten(value);
    const nulls = flat.nulls;
    if (nulls !== undefined) for (let i = 0; i < n; i++) if (nulls[i] !== 0) included[i] = 0;
  }
  if (mask !== null) {
    const flat = flatten(mask);
    const values = flat.kind === 'boolean' ? flat.values : undefined;
    const nulls = flat.nulls;
    for (let i = 0; i < n; i++) {
      if (values === undefined || values[i] !== 1 || (nulls !== undefined && nulls[i] !== 0)) included[i] = 0;
    }
  }
  return included;
}

/** Shared frame walking: the subclass keeps a state over [stateStart, stateEnd). */
abstract class FrameAggregate implements WindowFunctionEvaluator {
  readonly usesFrame = true;
  protected stateStart = 0;
  protected stateEnd = 0;
  private previousStart = -1;
  private previousEnd = -1;

  reset(partitionStart: number): void {
    this.clear();
    this.stateStart = partitionStart;
    this.stateEnd = partitionStart;
    this.previousStart = -1;
    this.previousEnd = -1;
  }

  evaluate(from: number, to: number, frames: FrameArrays | null, out: BlockBuilder): void {
    const { start, end } = frames ?? fail('a function over a window frame is given its frames');
    for (let k = 0; k < to - from; k++) {
      const frameStart = start[k];
      const frameEnd = end[k];
      if (frameStart >= frameEnd) {
        this.writeEmpty(out);
        continue;
      }
      if (frameStart !== this.previousStart || frameEnd !== this.previousEnd) {
        this.moveTo(frameStart, frameEnd);
        this.previousStart = frameStart;
        this.previousEnd = frameEnd;
      }
      this.write(out);
    }
  }

  /** Makes the state cover exactly [frameStart, frameEnd). */
  protected abstract moveTo(frameStart: number, frameEnd: number): void;
  protected abstract clear(): void;
  /** Appends the result for the current state (a non-empty frame). */
  protected abstract write(out: BlockBuilder): void;
  /** Appends the result of an empty frame. */
  protected abstract writeEmpty(out: BlockBuilder): void;
}

/** An aggregate whose state supports removing rows. */
abstract class InvertibleAggregate extends FrameAggregate {
  protected abstract add(row: number): void;
  protected abstract remove(row: number): void;

  protected moveTo(frameStart: number, frameEnd: number): void {
    if (frameStart >= this.stateEnd || frameEnd <= this.stateStart) {
      // No overlap: start over rather than remove the whole old frame row by row.
      this.clear();
      this.stateStart = frameStart;
      this.stateEnd = frameStart;
    }
    while (this.stateStart > frameStart) this.add(--this.stateStart);
    while (this.stateEnd < frameEnd) this.add(this.stateEnd++);
    while (this.stateStart < frameStart) this.remove(this.stateStart++);
    while (this.stateEnd > frameEnd) this.remove(--this.stateEnd);
  }
}

/** count(*), count(x): rows (with a non-NULL x) where the mask holds. */
export class CountAggregate extends InvertibleAggregate {
  private count = 0;

  constructor(private readonly included: Uint8Array | null) {
    super();
  }

  protected clear(): void {
    this.count = 0;
  }

  protected add(row: number): void {
    if (this.included === null || this.included[row] === 1) this.count++;
  }

  protected remove(row: number): void {
    if (this.included === null || this.included[row] === 1) this.count--;
  }

  protected write(out: BlockBuilder): void {
    out.appendFloat64(this.count);
  }

  protected writeEmpty(out: BlockBuilder): void {
    out.appendFloat64(0);
  }
}

export type BooleanAggregateKind = 'count_if' | 'bool_and' | 'bool_or';

/** count_if, bool_and (every) and bool_or from counts of true and false values. */
export class BooleanAggregate extends InvertibleAggregate {
  private trues = 0;
  private falses = 0;
  private readonly values: Uint8Array;

  constructor(
    private readonly kind: BooleanAggregateKind,
    values: Block,
    private readonly included: Uint8Array | null,
  ) {
    super();
    const flat = flatten(values);
    this.values = flat.kind === 'boolean' ? flat.values : new Uint8Array(values.positionCount);
  }

  protected clear(): void {
    this.trues = 0;
    this.falses = 0;
  }

  protected add(row: number): void {
    if (this.included !== null && this.included[row] === 0) return;
    if (this.values[row] === 1) this.trues++;
    else this.falses++;
  }

  protected remove(row: number): void {
    if (this.included !== null && this.included[row] === 0) return;
    if (this.values[row] === 1) this.trues--;
    else this.falses--;
  }

  protected write(out: BlockBuilder): void {
    switch (this.kind) {
      case 'count_if':
        out.appendFloat64(this.trues);
        return;
      case 'bool_and':
        if (this.trues + this.falses === 0) out.appendNull();
        else out.appendBoolean(this.falses === 0);
        return;
      case 'bool_or':
        if (this.trues + this.falses === 0) out.appendNull();
        else out.appendBoolean(this.trues > 0);
        return;
    }
  }

  protected writeEmpty(out: BlockBuilder): void {
    if (this.kind === 'count_if') out.appendFloat64(0);
    else out.appendNull();
  }
}

/** What a numeric sum or average returns, by argument type. */
export type NumericResult = 'bigint' | 'double' | 'real' | 'interval day to second' | 'interval year to month';

/** The result kind of sum/avg over `argumentType`, or null when the built-in path does not handle it. */
export function numericResultOf(argumentType: Type): NumericResult | null {
  switch (argumentType.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'bigint';
    case 'double':
      return 'double';
    case 'real':
      return 'real';
    case 'interval day to second':
    case 'interval year to month':
      return argumentType.kind;
    default:
      return null;
  }
}

/** sum(x) and avg(x) over integers, bigint, double, real and intervals. */
export class NumericAggregate extends InvertibleAggregate {
  private readonly values: Float64Array;
  private readonly exact: boolean;
  /** Exact sums: whether some value or partial sum left ±2^53 (the double state is then unreliable). */
  private wide = false;
  private readonly hasWideValues: boolean;
  private count = 0;
  private sum = 0;
  private compensation = 0;
  private nans = 0;
  private positiveInfinities = 0;
  private negativeInfinities = 0;

  constructor(
    private readonly average: boolean,
    private readonly result: NumericResult,
    private readonly argument: Block,
    private readonly argumentType: Type,
    private readonly included: Uint8Array | null,
  ) {
    super();
    const column = numericColumnOf(argument, argumentType);
    this.values = column.values;
    this.exact = result === 'bigint' || result === 'interval day to second' || result === 'interval year to month';
    let wideValues = false;
    if (this.exact) for (const v of this.values) if (!(Math.abs(v) <= MAX_SAFE)) wideValues = true;
    this.hasWideValues = wideValues;
  }

  protected clear(): void {
    this.count = 0;
    this.sum = 0;
    this.compensation = 0;
    this.nans = 0;
    this.positiveInfinities = 0;
    this.negativeInfinities = 0;
    this.wide = this.hasWideValues;
  }

  protected add(row: number): void {
    if (this.included !== null && this.included[row] === 0) return;
    this.count++;
    this.accumulate(this.values[row]);
  }

  protected remove(row: number): void {
    if (this.included !== null && this.included[row] === 0) return;
    this.count--;
    const value = this.values[row];
    if (Number.isNaN(value)) this.nans--;
    else if (value === Number.POSITIVE_INFINITY) this.positiveInfinities--;
    else if (value === Number.NEGATIVE_INFINITY) this.negativeInfinities--;
    else this.addFinite(-value);
  }

  private accumulate(value: number): void {
    if (Number.isNaN(value)) this.nans++;
    else if (value === Number.POSITIVE_INFINITY) this.positiveInfinities++;
    else if (value === Number.NEGATIVE_INFINITY) this.negativeInfinities++;
    else this.addFinite(value);
  }

  private addFinite(value: number): void {
    if (this.exact) {
      this.sum += value;
      if (!(Math.abs(this.sum) <= MAX_SAFE)) this.wide = true;
      return;
    }
    // Neumaier's compensated summation.
    const sum = this.sum + value;
    if (Math.abs(this.sum) >= Math.abs(value)) this.compensation += this.sum - sum + value;
    else this.compensation += value - sum + this.sum;
    this.sum = sum;
  }

  private floatingTotal(): number {
    if (this.nans > 0 || (this.positiveInfinities > 0 && this.negativeInfinities > 0)) return Number.NaN;
    if (this.positiveInfinities > 0) return Number.POSITIVE_INFINITY;
    if (this.negativeInfinities > 0) return Number.NEGATIVE_INFINITY;
    return this.sum + this.compensation;
  }

  /** The exact sum of the state's rows with BigInt (after the double sum went out of range). */
  private exactTotal(): bigint {
    let total = 0n;
    for (let row = this.stateStart; row < this.stateEnd; row++) {
      if (this.included !== null && this.included[row] === 0) continue;
      const value = getValue(this.argument, this.argumentType, row) as number | bigint;
      const next = total + BigInt(value);
      if (next < MIN_INT64 || next > MAX_INT64) {
        throw new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', `bigint addition overflow: ${total} + ${value}`);
      }
      total = next;
    }
    return total;
  }

  protected write(out: BlockBuilder): void {
    if (this.count === 0) {
      out.appendNull();
      return;
    }
    if (this.exact) {
      const total = this.wide ? this.exactTotal() : this.sum;
      if (this.average) {
        const mean = Number(total) / this.count;
        out.append(this.result === 'bigint' ? mean : Math.floor(mean + 0.5));
        return;
      }
      if (this.result === 'interval year to month' && Math.abs(Number(total)) > 2147483647) {
        throw new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', 'interval year to month sum is out of range');
      }
      out.append(typeof total === 'bigint' && total >= -MAX_SAFE_BIG && total <= MAX_SAFE_BIG ? Number(total) : total);
      return;
    }
    const total = this.floatingTotal();
    out.append(this.average ? total / this.count : total);
  }

  protected writeEmpty(out: BlockBuilder): void {
    out.appendNull();
  }
}

const MAX_SAFE_BIG = BigInt(MAX_SAFE);

/** min(x) and max(x) over any orderable type. */
export class MinMaxAggregate extends FrameAggregate {
  private readonly column: SortColumn;
  private readonly compare: (a: number, b: number) => number;
  /** Candidate rows, best first; each later row is strictly better than nothing before it. */
  private deque = new Int32Array(16);
  private head = 0;
  private tail = 0;

  constructor(
    private readonly values: Block,
    type: Type,
    isMax: boolean,
    private readonly included: Uint8Array | null,
  ) {
    super();
    this.column = sortColumnOf(values, type);
    const ordering: SortOrdering = { channel: 0, type, ascending: !isMax, nullsFirst: false };
    const columns = [this.column];
    const rowComparator = createRowComparator([ordering], columns);
    this.compare = (a, b) => rowComparator(columns, a, columns, b);
  }

  protected clear(): void {
    this.head = 0;
    this.tail = 0;
  }

  protected moveTo(frameStart: number, frameEnd: number): void {
    if (frameStart < this.stateStart || frameEnd < this.stateEnd || frameStart >= this.stateEnd) {
      this.clear();
      this.stateStart = frameStart;
      this.stateEnd = frameStart;
    }
    while (this.stateEnd < frameEnd) this.push(this.stateEnd++);
    this.stateStart = frameStart;
    while (this.head < this.tail && this.deque[this.head] < frameStart) this.head++;
  }

  private push(row: number): void {
    const nulls = this.column.nulls;
    if ((this.included !== null && this.included[row] === 0) || (nulls !== undefined && nulls[row] !== 0)) return;
    // Drop candidates that can never be the best again: the new row is at least as good and outlives them.
    while (this.tail > this.head && this.compare(this.deque[this.tail - 1], row) >= 0) this.tail--;
    if (this.tail === this.deque.length) this.compact();
    this.deque[this.tail++] = row;
  }

  private compact(): void {
    const live = this.tail - this.head;
    if (this.head > 0 && live < this.deque.length / 2) {
      this.deque.copyWithin(0, this.head, this.tail);
    } else {
      const grown = new Int32Array(this.deque.length * 2);
      grown.set(this.deque.subarray(this.head, this.tail));
      this.deque = grown;
    }
    this.head = 0;
    this.tail = live;
  }

  protected write(out: BlockBuilder): void {
    if (this.head === this.tail) out.appendNull();
    else out.appendFrom(this.values, this.deque[this.head]);
  }

  protected writeEmpty(out: BlockBuilder): void {
    out.appendNull();
  }
}
