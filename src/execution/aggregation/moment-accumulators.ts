/**
 * Statistical aggregates over central moments, numerically stable (no sums of squares):
 *   - variance family (var_samp/variance, var_pop, stddev_samp/stddev, stddev_pop): Welford's update
 *     of (count, mean, M2) per row and Chan's formula to merge two states;
 *   - skewness and kurtosis: the same extended to M3 and M4 (Pébay's update and merge formulas);
 *     skewness = √n·M3 / M2^1.5 (NULL below 3 values), kurtosis is the sample excess kurtosis
 *     (n−1)n(n+1)/((n−2)(n−3))·M4/M2² − 3(n−1)²/((n−2)(n−3)) (NULL below 4 values);
 *   - geometric_mean: count and the sum of natural logs, exp(sum / count).
 * Results follow Presto: var_samp/stddev_samp are NULL below 2 values, var_pop/stddev_pop below 1.
 * Intermediate states: row(count bigint, mean double, m2 double[, m3 double, m4 double]) and, for
 * geometric_mean, row(count bigint, sum double).
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { float32Block, float64Block, rowBlock } from '../../data/block.js';
import { BIGINT, DOUBLE, type RowField, rowOf, type Type } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array } from './accumulator.js';
import { numberValues, rowFields } from './state-blocks.js';

export type MomentResult = 'var_samp' | 'var_pop' | 'stddev_samp' | 'stddev_pop' | 'skewness' | 'kurtosis';

function doubleFields(names: readonly string[]): RowField[] {
  return names.map((name) => ({ name, type: DOUBLE }));
}

export function momentStateType(higherMoments: boolean): Type {
  return rowOf([
    { name: 'count', type: BIGINT },
    ...doubleFields(higherMoments ? ['mean', 'm2', 'm3', 'm4'] : ['mean', 'm2']),
  ]);
}

export class CentralMomentsAccumulator extends BaseAccumulator {
  private counts = new Float64Array(0);
  private means = new Float64Array(0);
  private m2 = new Float64Array(0);
  private m3 = new Float64Array(0);
  private m4 = new Float64Array(0);
  private readonly higher: boolean;

  constructor(private readonly result: MomentResult) {
    const higher = result === 'skewness' || result === 'kurtosis';
    super(momentStateType(higher));
    this.higher = higher;
  }

  get retainedBytes(): number {
    return this.counts.byteLength * (this.higher ? 5 : 3);
  }

  protected grow(capacity: number): void {
    this.counts = growFloat64Array(this.counts, capacity);
    this.means = growFloat64Array(this.means, capacity);
    this.m2 = growFloat64Array(this.m2, capacity);
    if (this.higher) {
      this.m3 = growFloat64Array(this.m3, capacity);
      this.m4 = growFloat64Array(this.m4, capacity);
    }
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const block = args[0];
    const values = numberValues(block);
    const nulls = block.nulls;
    const counts = this.counts;
    const means = this.means;
    const m2 = this.m2;
    if (!this.higher) {
      for (let i = 0; i < count; i++) {
        if (nulls !== undefined && nulls[i] !== 0) continue;
        const g = groupIds[i];
        const x = values[i];
        const n = counts[g] + 1;
        counts[g] = n;
        const delta = x - means[g];
        const mean = means[g] + delta / n;
        means[g] = mean;
        m2[g] += delta * (x - mean);
      }
      return;
    }
    const m3 = this.m3;
    const m4 = this.m4;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      const x = values[i];
      const n1 = counts[g];
      const n = n1 + 1;
      counts[g] = n;
      const delta = x - means[g];
      const deltaN = delta / n;
      const deltaN2 = deltaN * deltaN;
      const term = delta * deltaN * n1;
      means[g] += deltaN;
      m4[g] += term * deltaN2 * (n * n - 3 * n + 3) + 6 * deltaN2 * m2[g] - 4 * deltaN * m3[g];
      m3[g] += term * deltaN * (n - 2) - 3 * deltaN * m2[g];
      m2[g] += term;
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const fields = rowFields(states).map(numberValues);
    const nulls = states.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const nb = fields[0][i];
      if (nb === 0) continue;
      const g = groupIds[i];
      const na = this.counts[g];
      const meanB = fields[1][i];
      const m2b = fields[2][i];
      if (na === 0) {
        this.counts[g] = nb;
        this.means[g] = meanB;
        this.m2[g] = m2b;
        if (this.higher) {
          this.m3[g] = fields[3][i];
          this.m4[g] = fields[4][i];
        }
        continue;
      }
      const n = na + nb;
      const delta = meanB - this.means[g];
      const delta2 = delta * delta;
      const m2a = this.m2[g];
      if (this.higher) {
        const m3a = this.m3[g];
        const m3b = fields[3][i];
        const m4b = fields[4][i];
        this.m4[g] =
          this.m4[g] +
          m4b +
          (delta2 * delta2 * na * nb * (na * na - na * nb + nb * nb)) / (n * n * n) +
          (6 * delta2 * (na * na * m2b + nb * nb * m2a)) / (n * n) +
          (4 * delta * (na * m3b - nb * m3a)) / n;
        this.m3[g] =
          m3a + m3b + (delta2 * delta * na * nb * (na - nb)) / (n * n) + (3 * delta * (na * m2b - nb * m2a)) / n;
      }
      this.m2[g] = m2a + m2b + (delta2 * na * nb) / n;
      this.means[g] = this.means[g] + (delta * nb) / n;
      this.counts[g] = n;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    const fields = [this.counts, this.means, this.m2, ...(this.higher ? [this.m3, this.m4] : [])];
    return rowBlock(
      to - from,
      fields.map((values) => float64Block(values.slice(from, to))),
    );
  }

  evaluateFinal(from: number, to: number): Block {
    const out = new Float64Array(to - from);
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const value = this.resultOf(g);
      if (value === null) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
      } else {
        out[g - from] = value;
      }
    }
    return float64Block(out, nulls);
  }

  private resultOf(g: number): number | null {
    const n = this.counts[g];
    const m2 = this.m2[g];
    switch (this.result) {
      case 'var_samp':
        return n < 2 ? null : m2 / (n - 1);
      case 'var_pop':
        return n < 1 ? null : m2 / n;
      case 'stddev_samp':
        return n < 2 ? null : Math.sqrt(m2 / (n - 1));
      case 'stddev_pop':
        return n < 1 ? null : Math.sqrt(m2 / n);
      case 'skewness':
        return n < 3 ? null : (Math.sqrt(n) * this.m3[g]) / m2 ** 1.5;
      case 'kurtosis': {
        if (n < 4) return null;
        const denominator = (n - 2) * (n - 3);
        return (
          (((n - 1) * n * (n + 1)) / denominator) * (this.m4[g] / (m2 * m2)) - (3 * (n - 1) * (n - 1)) / denominator
        );
      }
    }
  }
}

/** geometric_mean's partial state: the count and the sum of the values' natural logarithms. */
const LOG_SUM_STATE_TYPE: Type = rowOf([
  { name: 'count', type: BIGINT },
  { name: 'sum', type: DOUBLE },
]);

/** geometric_mean over bigint, double (double result) or real (real result). */
export class GeometricMeanAccumulator extends BaseAccumulator {
  private counts = new Float64Array(0);
  private logSums = new Float64Array(0);

  constructor(private readonly real: boolean) {
    super(LOG_SUM_STATE_TYPE);
  }

  get retainedBytes(): number {
    return this.counts.byteLength + this.logSums.byteLength;
  }

  protected grow(capacity: number): void {
    this.counts = growFloat64Array(this.counts, capacity);
    this.logSums = growFloat64Array(this.logSums, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const block = args[0];
    const values = numberValues(block);
    const nulls = block.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      this.counts[g]++;
      this.logSums[g] += Math.log(values[i]);
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const [countBlock, sumBlock] = rowFields(states);
    const counts = numberValues(countBlock);
    const sums = numberValues(sumBlock);
    const nulls = states.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      this.counts[g] += counts[i];
      this.logSums[g] += sums[i];
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return rowBlock(to - from, [float64Block(this.counts.slice(from, to)), float64Block(this.logSums.slice(from, to))]);
  }

  evaluateFinal(from: number, to: number): Block {
    const out = new Float64Array(to - from);
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const n = this.counts[g];
      if (n === 0) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
      } else {
        out[g - from] = Math.exp(this.logSums[g] / n);
      }
    }
    return this.real ? float32Block(Float32Array.from(out), nulls) : float64Block(out, nulls);
  }
}
