/**
 * sum and avg over decimals, exactly. Unscaled values are summed per group in a Float64Array, and
 * what would take a group's number beyond ±(2^53 − 1) is carried into a BigInt side table
 * (`DecimalSums`), so even a sum far past 2^53 costs no BigInt per row. Long-decimal inputs (int64
 * and int128 blocks, intermediate states included) are read as numbers through the words' 32-bit
 * halves when they are safe integers, as nearly all are. sum returns decimal(38, s) and fails with
 * NUMERIC_VALUE_OUT_OF_RANGE (`Decimal overflow`) past 38 digits; avg returns decimal(p, s): the
 * exact quotient rounded half up (away from zero on a tie) at scale s.
 * Intermediate states: sum → decimal(38, s); avg → row(count bigint, sum decimal(38, s)).
 */

import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { float64Block, rowBlock } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { readInt64Number, readInt128, readInt128Number, wordHalves } from '../../data/int128.js';
import { BIGINT, type DecimalType, decimal, rowOf, type Type } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array, growUint8Array } from './accumulator.js';
import { numberValues, rowFields } from './state-blocks.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_SAFE_BIG = BigInt(MAX_SAFE);
const DECIMAL_LIMIT = 10n ** 38n;

export function decimalSumStateType(input: DecimalType): Type {
  return decimal(38, input.scale);
}

export function decimalAverageStateType(input: DecimalType): Type {
  return rowOf([
    { name: 'count', type: BIGINT },
    { name: 'sum', type: decimal(38, input.scale) },
  ]);
}

function decimalOverflow(): VivaceError {
  return new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', 'Decimal overflow');
}

/**
 * Exact per-group decimal sums (and counts, for avg). A group's sum is `sums[g]` (a safe integer)
 * plus its entry in `carried` (a BigInt, absent when 0): when adding a value would take `sums[g]`
 * beyond ±(2^53 − 1), the number part moves into the BigInt and restarts at 0. So a group whose
 * sum is far past 2^53 still adds on numbers, and touches a BigInt once per ~2^53 of input.
 */
abstract class DecimalSums extends BaseAccumulator {
  protected sums = new Float64Array(0);
  /** 0: nothing summed, 1: something summed. */
  protected state = new Uint8Array(0);
  protected readonly carried = new Map<number, bigint>();

  get retainedBytes(): number {
    return this.sums.byteLength + this.state.byteLength + this.carried.size * 80;
  }

  protected grow(capacity: number): void {
    this.sums = growFloat64Array(this.sums, capacity);
    this.state = growUint8Array(this.state, capacity);
  }

  /** Adds the non-null unscaled values of `block` to their groups; counts them in `added` when given. */
  protected addValues(groupIds: Int32Array, block: FlatBlock, count: number, added?: Float64Array): void {
    const nulls = block.nulls;
    const sums = this.sums;
    const state = this.state;
    if (block.kind === 'int64' || block.kind === 'int128') {
      const halves = wordHalves(block.values);
      const is128 = block.kind === 'int128';
      for (let i = 0; i < count; i++) {
        if (nulls !== undefined && nulls[i] !== 0) continue;
        const g = groupIds[i];
        if (added !== undefined) added[g]++;
        state[g] = 1;
        // NaN when the value is not a safe integer: the sum below is NaN too and fails the bound.
        const value = is128 ? readInt128Number(halves, i) : readInt64Number(halves, i);
        const sum = sums[g] + value;
        if (sum <= MAX_SAFE && sum >= -MAX_SAFE) sums[g] = sum;
        else this.carry(g, is128 ? readInt128(block.values, i) : block.values[i]);
      }
      return;
    }
    const values = numberValues(block);
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      if (added !== undefined) added[g]++;
      state[g] = 1;
      const sum = sums[g] + values[i];
      if (sum <= MAX_SAFE && sum >= -MAX_SAFE) sums[g] = sum;
      else this.carry(g, BigInt(values[i]));
    }
  }

  /** Moves the group's number part and `value` into its BigInt part. */
  private carry(g: number, value: bigint): void {
    this.carried.set(g, (this.carried.get(g) ?? 0n) + BigInt(this.sums[g]) + value);
    this.sums[g] = 0;
  }

  /** The group's sum: a number while it has no BigInt part or the total is a safe integer again. */
  protected sumOf(g: number): bigint | number {
    const carried = this.carried.get(g);
    if (carried === undefined) return this.sums[g];
    const sum = carried + BigInt(this.sums[g]);
    return sum >= -MAX_SAFE_BIG && sum <= MAX_SAFE_BIG ? Number(sum) : sum;
  }

  /** The sums of [from, to) as decimal(38, s), NULL where nothing was summed (when `nullIfEmpty`). */
  protected sumBlock(from: number, to: number, type: Type, nullIfEmpty: boolean): Block {
    const builder = createBlockBuilder(type, to - from);
    for (let g = from; g < to; g++) {
      if (this.state[g] === 0 && nullIfEmpty) {
        builder.appendNull();
        continue;
      }
      const sum = this.sumOf(g);
      if (typeof sum === 'bigint') {
        if (sum >= DECIMAL_LIMIT || sum <= -DECIMAL_LIMIT) throw decimalOverflow();
        builder.appendBigInt(sum);
      } else {
        builder.appendFloat64(sum);
      }
    }
    return builder.build();
  }
}

export class DecimalSumAccumulator extends DecimalSums {
  private readonly resultType: Type;

  constructor(input: DecimalType) {
    super(decimalSumStateType(input));
    this.resultType = decimal(38, input.scale);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.addValues(groupIds, args[0], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    this.addValues(groupIds, states, count);
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.sumBlock(from, to, this.resultType, true);
  }

  evaluateFinal(from: number, to: number): Block {
    return this.sumBlock(from, to, this.resultType, true);
  }
}

export class DecimalAverageAccumulator extends DecimalSums {
  private counts = new Float64Array(0);
  private readonly sumType: Type;

  constructor(private readonly input: DecimalType) {
    super(decimalAverageStateType(input));
    this.sumType = decimal(38, input.scale);
  }

  override get retainedBytes(): number {
    return super.retainedBytes + this.counts.byteLength;
  }

  protected override grow(capacity: number): void {
    super.grow(capacity);
    this.counts = growFloat64Array(this.counts, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.addValues(groupIds, args[0], count, this.counts);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const [countBlock, sumBlock] = rowFields(states);
    const stateCounts = numberValues(countBlock);
    const nulls = states.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls === undefined || nulls[i] === 0) this.counts[groupIds[i]] += stateCounts[i];
    }
    this.addValues(groupIds, sumBlock, count);
  }

  evaluateIntermediate(from: number, to: number): Block {
    return rowBlock(to - from, [
      float64Block(this.counts.slice(from, to)),
      this.sumBlock(from, to, this.sumType, false),
    ]);
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.input, to - from);
    const small = this.input.precision <= 15;
    for (let g = from; g < to; g++) {
      const count = this.counts[g];
      if (count === 0) {
        builder.appendNull();
        continue;
      }
      const mean = roundedQuotient(this.sumOf(g), count);
      builder.append(small ? Number(mean) : BigInt(mean));
    }
    return builder.build();
  }
}

/** sum / count rounded half away from zero, exactly. */
export function roundedQuotient(sum: bigint | number, count: number): bigint | number {
  if (typeof sum === 'number') {
    const remainder = sum % count;
    const quotient = (sum - remainder) / count;
    if (2 * Math.abs(remainder) >= count) return quotient + (sum < 0 ? -1 : 1);
    return quotient;
  }
  const divisor = BigInt(count);
  const quotient = sum / divisor;
  const remainder = sum % divisor;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice >= divisor) return quotient + (sum < 0n ? -1n : 1n);
  return quotient;
}
