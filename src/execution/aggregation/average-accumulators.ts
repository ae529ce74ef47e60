/**
 * avg over bigint, double, real and the interval types: a count and a double sum per group (as
 * Presto, whose bigint average also sums in double). Results: double for bigint and double, real for
 * real, and for intervals the mean rounded half up to a whole millisecond or month. An empty group
 * gives NULL. The sum is compensated (compensated-sum.ts), so an average does not depend on how its
 * rows were split among tasks. Intermediate state: row(count bigint, sum double, compensation double).
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { float32Block, float64Block, int32Block, rowBlock } from '../../data/block.js';
import { BIGINT, DOUBLE, rowOf, type Type } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array, nullsWhereZero } from './accumulator.js';
import { addCompensated, compensatedTotal } from './compensated-sum.js';
import { numberValues, rowFields } from './state-blocks.js';

export type AverageResult = 'double' | 'real' | 'interval day to second' | 'interval year to month';

export const AVERAGE_STATE_TYPE: Type = rowOf([
  { name: 'count', type: BIGINT },
  { name: 'sum', type: DOUBLE },
  { name: 'compensation', type: DOUBLE },
]);

export class AverageAccumulator extends BaseAccumulator {
  private counts = new Float64Array(0);
  private sums = new Float64Array(0);
  private compensations = new Float64Array(0);

  constructor(private readonly result: AverageResult) {
    super(AVERAGE_STATE_TYPE);
  }

  get retainedBytes(): number {
    return this.counts.byteLength + this.sums.byteLength + this.compensations.byteLength;
  }

  protected grow(capacity: number): void {
    this.counts = growFloat64Array(this.counts, capacity);
    this.sums = growFloat64Array(this.sums, capacity);
    this.compensations = growFloat64Array(this.compensations, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const block = args[0];
    const values = numberValues(block);
    const nulls = block.nulls;
    const counts = this.counts;
    const sums = this.sums;
    const compensations = this.compensations;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i] as number;
      counts[g]++;
      addCompensated(sums, compensations, g, values[i] as number);
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const [countBlock, sumBlock, compensationBlock] = rowFields(states);
    const stateCounts = numberValues(countBlock);
    const stateSums = numberValues(sumBlock);
    const stateCompensations = numberValues(compensationBlock);
    const nulls = states.nulls;
    const counts = this.counts;
    const sums = this.sums;
    const compensations = this.compensations;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i] as number;
      counts[g] += stateCounts[i] as number;
      addCompensated(sums, compensations, g, stateSums[i] as number);
      compensations[g] += stateCompensations[i] as number;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return rowBlock(to - from, [
      float64Block(this.counts.slice(from, to)),
      float64Block(this.sums.slice(from, to)),
      float64Block(this.compensations.slice(from, to)),
    ]);
  }

  evaluateFinal(from: number, to: number): Block {
    const n = to - from;
    const nulls = nullsWhereZero(this.counts, from, to);
    const means = new Float64Array(n);
    for (let g = from; g < to; g++) {
      const c = this.counts[g];
      means[g - from] = c === 0 ? 0 : compensatedTotal(this.sums, this.compensations, g) / c;
    }
    switch (this.result) {
      case 'double':
        return float64Block(means, nulls);
      case 'real':
        return float32Block(Float32Array.from(means), nulls);
      case 'interval day to second':
        for (let i = 0; i < n; i++) means[i] = Math.floor(means[i] + 0.5);
        return float64Block(means, nulls);
      case 'interval year to month':
        return int32Block(
          Int32Array.from(means, (m) => Math.floor(m + 0.5)),
          nulls,
        );
    }
  }
}
