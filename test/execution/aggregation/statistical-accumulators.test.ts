import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BIGINT, DOUBLE, REAL } from '../../../src/types/type.js';
import { aggregate, aggregateOne, random, resolve } from './aggregation-test-support.js';

function close(actual: unknown, expected: number, tolerance = 1e-9): void {
  assert.equal(typeof actual, 'number', `expected a number, got ${String(actual)}`);
  const scale = Math.max(1, Math.abs(expected));
  assert.ok(Math.abs((actual as number) - expected) <= tolerance * scale, `${actual} is not close to ${expected}`);
}

/** Two-pass reference moments. */
function moments(xs: readonly number[]): { n: number; mean: number; m2: number; m3: number; m4: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const x of xs) {
    const d = x - mean;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  return { n, mean, m2, m3, m4 };
}

describe('variance and standard deviation', () => {
  it('match the two-pass definitions', () => {
    const xs = [2, 4, 4, 4, 5, 5, 7, 9];
    const { n, m2 } = moments(xs);
    close(aggregateOne('var_pop', [DOUBLE], xs), m2 / n);
    close(aggregateOne('var_samp', [DOUBLE], xs), m2 / (n - 1));
    close(aggregateOne('variance', [BIGINT], xs), m2 / (n - 1));
    close(aggregateOne('stddev_pop', [DOUBLE], xs), 2);
    close(aggregateOne('stddev', [DOUBLE], xs), Math.sqrt(m2 / (n - 1)));
    close(aggregateOne('stddev_samp', [BIGINT], [...xs, null]), Math.sqrt(m2 / (n - 1)));
  });

  it('are NULL for too few values', () => {
    assert.equal(aggregateOne('var_samp', [DOUBLE], [3]), null);
    assert.equal(aggregateOne('stddev_samp', [DOUBLE], [null]), null);
    assert.equal(aggregateOne('var_pop', [DOUBLE], [3]), 0);
    assert.equal(aggregateOne('stddev_pop', [DOUBLE], [null, null]), null);
  });

  it('stay accurate for large offsets (no catastrophic cancellation)', () => {
    const xs = [1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16];
    close(aggregateOne('var_samp', [DOUBLE], xs), 30, 1e-12);
  });
});

describe('skewness and kurtosis', () => {
  it('match the definitions on random data', () => {
    const next = random(7);
    const xs = Array.from({ length: 500 }, () => next() ** 3 * 100);
    const { n, m2, m3, m4 } = moments(xs);
    close(aggregateOne('skewness', [DOUBLE], xs), (Math.sqrt(n) * m3) / m2 ** 1.5, 1e-9);
    const expectedKurtosis =
      (((n - 1) * n * (n + 1)) / ((n - 2) * (n - 3))) * (m4 / (m2 * m2)) - (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
    close(aggregateOne('kurtosis', [DOUBLE], xs), expectedKurtosis, 1e-9);
  });

  it('are NULL below 3 and 4 values', () => {
    assert.equal(aggregateOne('skewness', [DOUBLE], [1, 2]), null);
    assert.equal(aggregateOne('kurtosis', [BIGINT], [1, 2, 3]), null);
    assert.equal(typeof aggregateOne('kurtosis', [BIGINT], [1, 2, 3, 9]), 'number');
  });
});

describe('covariance, correlation, regression', () => {
  const ys = [1, 3, 2, 5, 4];
  const xs = [1, 2, 3, 4, 5];
  const meanX = 3;
  const meanY = 3;
  let c2 = 0;
  let m2x = 0;
  let m2y = 0;
  for (let i = 0; i < 5; i++) {
    c2 += (xs[i]! - meanX) * (ys[i]! - meanY);
    m2x += (xs[i]! - meanX) ** 2;
    m2y += (ys[i]! - meanY) ** 2;
  }

  it('match the definitions, with y the first argument', () => {
    close(aggregateOne('covar_pop', [DOUBLE, DOUBLE], ys, xs), c2 / 5);
    close(aggregateOne('covar_samp', [DOUBLE, DOUBLE], ys, xs), c2 / 4);
    close(aggregateOne('corr', [DOUBLE, DOUBLE], ys, xs), c2 / Math.sqrt(m2x * m2y));
    close(aggregateOne('regr_slope', [DOUBLE, DOUBLE], ys, xs), c2 / m2x);
    close(aggregateOne('regr_intercept', [DOUBLE, DOUBLE], ys, xs), meanY - (c2 / m2x) * meanX);
    assert.equal(aggregateOne('corr', [REAL, REAL], ys, xs), Math.fround(c2 / Math.sqrt(m2x * m2y)));
  });

  it('ignore rows with a NULL in either argument; NULL when undefined', () => {
    close(aggregateOne('covar_pop', [DOUBLE, DOUBLE], [...ys, null, 7], [...xs, 9, null]), c2 / 5);
    assert.equal(aggregateOne('covar_samp', [DOUBLE, DOUBLE], [1], [2]), null);
    assert.equal(aggregateOne('corr', [DOUBLE, DOUBLE], [1, 2], [3, 3]), null);
    assert.equal(aggregateOne('regr_slope', [DOUBLE, DOUBLE], [1, 2], [3, 3]), null);
    assert.equal(aggregateOne('covar_pop', [DOUBLE, DOUBLE], [null], [null]), null);
  });

  it('work per group', () => {
    const result = aggregate(
      resolve('covar_pop', [DOUBLE, DOUBLE]),
      [
        [1, 2, 10, 30],
        [1, 2, 1, 2],
      ],
      [0, 0, 1, 1],
    );
    close(result[0], 0.25);
    close(result[1], 5);
  });
});
