/**
 * sum and avg over decimals, exactly. Unscaled values are summed per group in a Float64Array while
 * the sum stays within ±(2^53 − 1), and in a BigInt side table (`wide`) for the groups whose sum
 * left that range (back to the array when it returns). Long-decimal inputs (int64 and int128 blocks,
 * the intermediate states included) are read as numbers through the words' 32-bit halves when they
 * are safe integers, as nearly all are: no BigInt per row. sum returns decimal(38, s) and fails with NUMERIC_VALUE_OUT_OF_RANGE
 * (`Decimal overflow`) past 38 digits; avg returns decimal(p, s): the exact quotient rounded half up
 * (away from zero on a tie) at scale s.
 * Intermediate states: sum → decimal(38, s); avg → row(count bigint, sum decimal(38, s)).
 */

import { fail } from '../../common/invariant.js';
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

/** Exact per-group decimal sums (and counts, for avg). */
abstract class DecimalSums extends BaseAccumulator {
  protected sums = new Float64Array(0);
  /** 0: nothing summed, 1: sum in `sums`, 2: sum in `wide`. */
  protected state = new Uint8Array(0);
  protected readonly wide = new Map<number, bigint>();

  get retainedBytes(): number {
    return this.sums.byteLength + this.state.byteLength + this.wide.size * 80;
  }

  protected grow(capacity: number): void {
    this.sums = growFloat64Array(this.sums, capacity);
    this.state = growUint8Array(this.state, capacity);
  }

  /** Adds the non-null unscaled values of `block` to their groups; returns nothing, marks `added`. */
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
        // NaN when the value is not a safe integer: the sum below is NaN too and fails the bound.
        const value = is128 ? readInt128Number(halves, i) : readInt64Number(halves, i);
        if (state[g] !== 2) {
          const sum = sums[g] + value;
          if (sum <= MAX_SAFE && sum >= -MAX_SAFE) {
            sums[g] = sum;
            state[g] = 1;
            continue;
          }
        }
        this.addWide(g, is128 ? readInt128(block.values, i) : block.values[i]);
      }
      return;
    }
    const values = numberValues(block);
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      if (added !== undefined) added[g]++;
      const value = values[i];
      if (state[g] !== 2) {
        const sum = sums[g] + value;
        if (sum <= MAX_SAFE && sum >= -MAX_SAFE) {
          sums[g] = sum;
          state[g] = 1;
          continue;
        }
      }
      this.addWide(g, BigInt(value));
    }
  }

  private addWide(g: number, value: bigint): void {
    const sum =
      (this.state[g] === 2
        ? (this.wide.get(g) ?? fail('a group in the wide state has a wide sum'))
        : BigInt(this.sums[g])) + value;
    if (sum >= -MAX_SAFE_BIG && sum <= MAX_SAFE_BIG) {
      this.wide.delete(g);
      this.sums[g] = Number(sum);
      this.state[g] = 1;
    } else {
      this.wide.set(g, sum);
      this.state[g] = 2;
    }
  }

  protected sumOf(g: number): bigint | number {
    return this.state[g] === 2 ? (this.wide.get(g) ?? fail('a group in the wide state has a wide sum')) : this.sums[g];
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
