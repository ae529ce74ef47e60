/**
 * sum over bigint, intervals, double and real.
 *
 * Integer sums (bigint, interval day to second in ms, interval year to month in months) are kept in a
 * Float64Array while they stay within ±(2^53 − 1), where double addition is exact; a bigint group
 * whose sum leaves that range moves to an exact BigInt in a side map (`wide`), and a sum outside the
 * 64-bit range fails with Presto's `bigint addition overflow: a + b`. Interval sums fail with
 * NUMERIC_VALUE_OUT_OF_RANGE when they leave the range their type can hold. Floating sums are plain
 * double sums (real sums accumulate in double and round to real at the end).
 * Intermediate states: the sum in the result type for exact sums; for double and real, the sum and
 * its compensation (see FloatingSumAccumulator); NULL for an empty group.
 */

import { fail } from '../../common/invariant.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { float32Block, float64Block, int32Block, rowBlock } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { BIGINT, DOUBLE, rowOf, type Type } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array, growUint8Array, nullsWhereUnset } from './accumulator.js';
import { addCompensated, compensatedTotal } from './compensated-sum.js';
import { bigintAdditionOverflow, MAX_INT64, MIN_INT64, numberValues, rowFields } from './state-blocks.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_INT32 = 2147483647;

export type ExactSumKind = 'bigint' | 'interval day to second' | 'interval year to month';

export class ExactSumAccumulator extends BaseAccumulator {
  private sums = new Float64Array(0);
  /** 0: no value yet, 1: sum in `sums`, 2: sum in `wide`. */
  private state = new Uint8Array(0);
  private readonly wide = new Map<number, bigint>();

  constructor(
    private readonly kind: ExactSumKind,
    private readonly type: Type,
  ) {
    super(type);
  }

  get retainedBytes(): number {
    return this.sums.byteLength + this.state.byteLength + this.wide.size * 64;
  }

  protected grow(capacity: number): void {
    this.sums = growFloat64Array(this.sums, capacity);
    this.state = growUint8Array(this.state, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.addBlock(groupIds, args[0], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    this.addBlock(groupIds, states, count);
  }

  private addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void {
    const nulls = block.nulls;
    if (block.kind === 'int64') {
      for (let i = 0; i < count; i++) {
        if (nulls === undefined || nulls[i] === 0) this.addWide(groupIds[i], block.values[i]);
      }
      return;
    }
    const values = numberValues(block);
    const sums = this.sums;
    const state = this.state;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      const value = values[i];
      if (state[g] === 2) {
        this.addWide(g, BigInt(value));
        continue;
      }
      const sum = sums[g] + value;
      if (sum > MAX_SAFE || sum < -MAX_SAFE) {
        this.addWide(g, BigInt(value));
        continue;
      }
      sums[g] = sum;
      state[g] = 1;
    }
  }

  /** Exact addition for sums beyond ±2^53 (and every value read from an int64 block). */
  private addWide(g: number, value: bigint): void {
    const current =
      this.state[g] === 2
        ? (this.wide.get(g) ?? fail('a group in the wide state has a wide sum'))
        : BigInt(this.sums[g]);
    const sum = current + value;
    if (this.kind !== 'bigint') {
      throw new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', `${this.kind} addition overflow: ${current} + ${value}`);
    }
    if (sum < MIN_INT64 || sum > MAX_INT64) throw bigintAdditionOverflow(current, value);
    if (sum >= -BigInt(MAX_SAFE) && sum <= BigInt(MAX_SAFE)) {
      this.wide.delete(g);
      this.sums[g] = Number(sum);
      this.state[g] = 1;
    } else {
      this.wide.set(g, sum);
      this.state[g] = 2;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const nulls = nullsWhereUnset(this.state, from, to);
    if (this.kind === 'interval year to month') {
      const values = new Int32Array(to - from);
      for (let g = from; g < to; g++) {
        const sum = this.sums[g];
        if (sum > MAX_INT32 || sum < -MAX_INT32 - 1) {
          throw new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', `interval year to month sum overflow: ${sum}`);
        }
        values[g - from] = sum;
      }
      return int32Block(values, nulls);
    }
    if (this.wide.size === 0) return float64Block(this.sums.slice(from, to), nulls);
    const builder = createBlockBuilder(this.type.kind === 'bigint' ? BIGINT : this.type, to - from);
    for (let g = from; g < to; g++) {
      const state = this.state[g];
      if (state === 0) builder.appendNull();
      else if (state === 2) builder.appendBigInt(this.wide.get(g) ?? fail('a group in the wide state has a wide sum'));
      else builder.appendFloat64(this.sums[g]);
    }
    return builder.build();
  }
}

/**
 * sum(double) and sum(real), compensated (compensated-sum.ts), partial states carrying the sum and
 * its compensation (`row(sum double, compensation double)`): plain addition made `revenue =
 * (SELECT max(revenue) ...)` (TPC-H q15 over double columns) match or not from one run to the
 * next. Real results are rounded to real at the end.
 */
export class FloatingSumAccumulator extends BaseAccumulator {
  private sums = new Float64Array(0);
  private compensations = new Float64Array(0);
  private seen = new Uint8Array(0);

  constructor(private readonly real: boolean) {
    super(FLOATING_SUM_STATE);
  }

  get retainedBytes(): number {
    return this.sums.byteLength + this.compensations.byteLength + this.seen.byteLength;
  }

  protected grow(capacity: number): void {
    this.sums = growFloat64Array(this.sums, capacity);
    this.compensations = growFloat64Array(this.compensations, capacity);
    this.seen = growUint8Array(this.seen, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const block = args[0];
    this.addValues(groupIds, numberValues(block), block.nulls, count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const [sums, compensations] = rowFields(states);
    if (sums === undefined || compensations === undefined) fail('a floating sum state has a sum and a compensation');
    // A null state (an empty group) has null fields too.
    this.addValues(groupIds, numberValues(sums), sums.nulls, count);
    const target = this.compensations;
    const values = numberValues(compensations);
    const nulls = compensations.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      target[groupIds[i] as number] += values[i] as number;
    }
  }

  private addValues(
    groupIds: Int32Array,
    values: ArrayLike<number>,
    nulls: Uint8Array | undefined,
    count: number,
  ): void {
    const sums = this.sums;
    const compensations = this.compensations;
    const seen = this.seen;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i] as number;
      addCompensated(sums, compensations, g, values[i] as number);
      seen[g] = 1;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    const nulls = nullsWhereUnset(this.seen, from, to);
    return rowBlock(
      to - from,
      [float64Block(this.sums.slice(from, to), nulls), float64Block(this.compensations.slice(from, to), nulls)],
      nulls,
    );
  }

  evaluateFinal(from: number, to: number): Block {
    const nulls = nullsWhereUnset(this.seen, from, to);
    const totals = new Float64Array(to - from);
    for (let g = from; g < to; g++) totals[g - from] = compensatedTotal(this.sums, this.compensations, g);
    if (!this.real) return float64Block(totals, nulls);
    return float32Block(Float32Array.from(totals), nulls);
  }
}

/** The partial state of sum(double) and sum(real): the running sum and its lost low-order part. */
const FLOATING_SUM_STATE = rowOf([
  { name: 'sum', type: DOUBLE },
  { name: 'compensation', type: DOUBLE },
]);
