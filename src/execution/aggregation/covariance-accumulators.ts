/**
 * Two-variable statistics over (y, x) pairs — corr, covar_samp, covar_pop, regr_slope, regr_intercept
 * — from one numerically stable co-moment state per group: count, mean of x, mean of y, the
 * co-moment C = Σ(x − x̄)(y − ȳ), and M2 of x and of y, updated per row (Welford) and merged with
 * Chan's formulas. Rows where either argument is NULL are ignored. As in Presto, the first argument is
 * the dependent variable y and the second the independent x; covar_samp is NULL below 2 pairs,
 * covar_pop below 1, and corr/regr_* give NULL when the result is not finite (no variance).
 * The real overloads compute in double and round the result to real.
 * Intermediate state: row(count bigint, mean_x, mean_y, c2, m2_x, m2_y double).
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { float32Block, float64Block, rowBlock } from '../../data/block.js';
import { BIGINT, DOUBLE, rowOf, type Type } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array } from './accumulator.js';
import { numberValues, rowFields } from './state-blocks.js';

export type CovarianceResult = 'corr' | 'covar_samp' | 'covar_pop' | 'regr_slope' | 'regr_intercept';

export const COVARIANCE_STATE_TYPE: Type = rowOf([
  { name: 'count', type: BIGINT },
  ...['mean_x', 'mean_y', 'c2', 'm2_x', 'm2_y'].map((name) => ({ name, type: DOUBLE })),
]);

export class CovarianceAccumulator extends BaseAccumulator {
  private counts = new Float64Array(0);
  private meanX = new Float64Array(0);
  private meanY = new Float64Array(0);
  private c2 = new Float64Array(0);
  private m2X = new Float64Array(0);
  private m2Y = new Float64Array(0);

  constructor(
    private readonly result: CovarianceResult,
    private readonly real: boolean,
  ) {
    super(COVARIANCE_STATE_TYPE);
  }

  get retainedBytes(): number {
    return this.counts.byteLength * 6;
  }

  protected grow(capacity: number): void {
    this.counts = growFloat64Array(this.counts, capacity);
    this.meanX = growFloat64Array(this.meanX, capacity);
    this.meanY = growFloat64Array(this.meanY, capacity);
    this.c2 = growFloat64Array(this.c2, capacity);
    this.m2X = growFloat64Array(this.m2X, capacity);
    this.m2Y = growFloat64Array(this.m2Y, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const yBlock = args[0];
    const xBlock = args[1];
    const ys = numberValues(yBlock);
    const xs = numberValues(xBlock);
    const yNulls = yBlock.nulls;
    const xNulls = xBlock.nulls;
    for (let i = 0; i < count; i++) {
      if ((yNulls !== undefined && yNulls[i] !== 0) || (xNulls !== undefined && xNulls[i] !== 0)) continue;
      const g = groupIds[i];
      const x = xs[i];
      const y = ys[i];
      const n = this.counts[g] + 1;
      this.counts[g] = n;
      const dx = x - this.meanX[g];
      const dy = y - this.meanY[g];
      const meanX = this.meanX[g] + dx / n;
      const meanY = this.meanY[g] + dy / n;
      this.meanX[g] = meanX;
      this.meanY[g] = meanY;
      this.c2[g] += dx * (y - meanY);
      this.m2X[g] += dx * (x - meanX);
      this.m2Y[g] += dy * (y - meanY);
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const [counts, meanXs, meanYs, c2s, m2Xs, m2Ys] = rowFields(states).map(numberValues);
    const nulls = states.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const nb = counts[i];
      if (nb === 0) continue;
      const g = groupIds[i];
      const na = this.counts[g];
      const n = na + nb;
      const dx = meanXs[i] - this.meanX[g];
      const dy = meanYs[i] - this.meanY[g];
      const weight = (na * nb) / n;
      this.c2[g] = this.c2[g] + c2s[i] + dx * dy * weight;
      this.m2X[g] = this.m2X[g] + m2Xs[i] + dx * dx * weight;
      this.m2Y[g] = this.m2Y[g] + m2Ys[i] + dy * dy * weight;
      this.meanX[g] = this.meanX[g] + (dx * nb) / n;
      this.meanY[g] = this.meanY[g] + (dy * nb) / n;
      this.counts[g] = n;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return rowBlock(
      to - from,
      [this.counts, this.meanX, this.meanY, this.c2, this.m2X, this.m2Y].map((values) =>
        float64Block(values.slice(from, to)),
      ),
    );
  }

  evaluateFinal(from: number, to: number): Block {
    const out = new Float64Array(to - from);
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const value = this.resultOf(g);
      if (value === null || !Number.isFinite(value)) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
      } else {
        out[g - from] = value;
      }
    }
    return this.real ? float32Block(Float32Array.from(out), nulls) : float64Block(out, nulls);
  }

  private resultOf(g: number): number | null {
    const n = this.counts[g];
    if (n === 0) return null;
    switch (this.result) {
      case 'covar_pop':
        return this.c2[g] / n;
      case 'covar_samp':
        return n < 2 ? null : this.c2[g] / (n - 1);
      case 'corr':
        return this.c2[g] / Math.sqrt(this.m2X[g] * this.m2Y[g]);
      case 'regr_slope':
        return this.c2[g] / this.m2X[g];
      case 'regr_intercept':
        return this.meanY[g] - (this.c2[g] / this.m2X[g]) * this.meanX[g];
    }
  }
}
