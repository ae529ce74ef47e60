/**
 * Property test: for every aggregate, splitting random rows across several PARTIAL accumulators,
 * merging some states through an INTERMEDIATE one and finishing with a FINAL one gives the same
 * result as a SINGLE step (floating results up to rounding; collections up to element order where
 * the split changes the input order).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArgumentType } from '../../../src/functions/signature-binder.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DOUBLE,
  decimal,
  INTERVAL_DAY_TO_SECOND,
  INTERVAL_YEAR_TO_MONTH,
  mapOf,
  REAL,
  VARCHAR,
} from '../../../src/types/type.js';
import { aggregate, aggregateSplit, random, resolve } from './aggregation-test-support.js';

type Generator = (next: () => number) => unknown;

const ROWS = 400;
const GROUPS = 7;

const nullable =
  (generate: Generator): Generator =>
  (next) =>
    next() < 0.15 ? null : generate(next);
const int = (range: number) => nullable((next) => Math.floor(next() * range) - range / 2);
const dbl = nullable((next) => next() * 100 - 50);
const str = nullable((next) => `s${Math.floor(next() * 30)}`);
const bool = nullable((next) => next() < 0.5);
/** Practically unique strings: keys of min_by/max_by must not tie (ties pick an input-order row). */
const uniqueStr = nullable((next) => `u${Math.floor(next() * 1e12)}`);
const constant =
  (value: unknown): Generator =>
  () =>
    value;

interface Case {
  readonly name: string;
  readonly types: readonly ArgumentType[];
  readonly columns: readonly Generator[];
  /** Element order of array results depends on the split. */
  readonly unordered?: boolean;
}

const CASES: readonly Case[] = [
  { name: 'count', types: [], columns: [] },
  { name: 'count', types: [VARCHAR], columns: [str] },
  { name: 'count_if', types: [BOOLEAN], columns: [bool] },
  { name: 'sum', types: [BIGINT], columns: [int(1000)] },
  { name: 'sum', types: [DOUBLE], columns: [dbl] },
  { name: 'sum', types: [REAL], columns: [nullable((next) => Math.fround(next()))] },
  { name: 'sum', types: [decimal(12, 2)], columns: [int(1_000_000)] },
  {
    name: 'sum',
    types: [decimal(30, 2)],
    columns: [nullable((next) => BigInt(Math.floor(next() * 1e9)) * 10n ** 15n)],
  },
  { name: 'sum', types: [INTERVAL_DAY_TO_SECOND], columns: [int(100_000)] },
  { name: 'sum', types: [INTERVAL_YEAR_TO_MONTH], columns: [int(100)] },
  { name: 'avg', types: [BIGINT], columns: [int(1000)] },
  { name: 'avg', types: [DOUBLE], columns: [dbl] },
  { name: 'avg', types: [REAL], columns: [nullable((next) => Math.fround(next()))] },
  { name: 'avg', types: [decimal(10, 3)], columns: [int(100_000)] },
  {
    name: 'avg',
    types: [decimal(25, 1)],
    columns: [nullable((next) => BigInt(Math.floor(next() * 1e6)) * 10n ** 15n)],
  },
  { name: 'avg', types: [INTERVAL_DAY_TO_SECOND], columns: [int(10_000)] },
  { name: 'min', types: [BIGINT], columns: [int(1000)] },
  { name: 'max', types: [DOUBLE], columns: [dbl] },
  { name: 'max', types: [VARCHAR], columns: [str] },
  {
    name: 'min',
    types: [decimal(30, 0)],
    columns: [nullable((next) => BigInt(Math.floor(next() * 1e6)) * 10n ** 20n)],
  },
  { name: 'min', types: [BIGINT, BIGINT], columns: [int(1000), constant(3)] },
  { name: 'max', types: [VARCHAR, BIGINT], columns: [str, constant(2)] },
  { name: 'min_by', types: [VARCHAR, DOUBLE], columns: [str, dbl] },
  { name: 'max_by', types: [BIGINT, VARCHAR], columns: [int(100), uniqueStr] },
  { name: 'max_by', types: [VARCHAR, DOUBLE, BIGINT], columns: [str, dbl, constant(3)] },
  { name: 'bool_and', types: [BOOLEAN], columns: [bool] },
  { name: 'bool_or', types: [BOOLEAN], columns: [bool] },
  { name: 'bitwise_and_agg', types: [BIGINT], columns: [int(1 << 20)] },
  { name: 'bitwise_or_agg', types: [BIGINT], columns: [int(1 << 20)] },
  { name: 'bitwise_xor_agg', types: [BIGINT], columns: [int(1 << 20)] },
  { name: 'checksum', types: [VARCHAR], columns: [str] },
  { name: 'array_agg', types: [BIGINT], columns: [int(100)], unordered: true },
  { name: 'map_agg', types: [VARCHAR, BIGINT], columns: [str, constant(1)] },
  { name: 'multimap_agg', types: [VARCHAR, BIGINT], columns: [str, int(100)], unordered: true },
  {
    name: 'map_union',
    types: [mapOf(VARCHAR, BIGINT)],
    columns: [nullable((next) => new Map([[`k${Math.floor(next() * 5)}`, 1]]))],
  },
  { name: 'histogram', types: [VARCHAR], columns: [str] },
  { name: 'approx_distinct', types: [VARCHAR], columns: [str] },
  { name: 'approx_most_frequent', types: [BIGINT, VARCHAR, BIGINT], columns: [constant(3), str, constant(100)] },
  { name: 'numeric_histogram', types: [BIGINT, DOUBLE], columns: [constant(1000), dbl] },
  { name: 'approx_percentile', types: [BIGINT, DOUBLE], columns: [int(1000), constant(0.5)] },
  { name: 'var_samp', types: [DOUBLE], columns: [dbl] },
  { name: 'var_pop', types: [BIGINT], columns: [int(1000)] },
  { name: 'stddev_samp', types: [DOUBLE], columns: [dbl] },
  { name: 'stddev_pop', types: [DOUBLE], columns: [dbl] },
  { name: 'skewness', types: [DOUBLE], columns: [dbl] },
  { name: 'kurtosis', types: [BIGINT], columns: [int(1000)] },
  { name: 'corr', types: [DOUBLE, DOUBLE], columns: [dbl, dbl] },
  { name: 'covar_samp', types: [DOUBLE, DOUBLE], columns: [dbl, dbl] },
  { name: 'covar_pop', types: [REAL, REAL], columns: [dbl, dbl] },
  { name: 'regr_slope', types: [DOUBLE, DOUBLE], columns: [dbl, dbl] },
  { name: 'regr_intercept', types: [DOUBLE, DOUBLE], columns: [dbl, dbl] },
  { name: 'geometric_mean', types: [DOUBLE], columns: [nullable((next) => next() * 10 + 0.1)] },
  { name: 'arbitrary', types: [VARCHAR], columns: [nullable(() => 'same')] },
];

function normalize(value: unknown, unordered: boolean): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(9));
  if (Array.isArray(value)) {
    const items = value.map((v) => normalize(v, unordered));
    return unordered ? items.sort((a, b) => String(a).localeCompare(String(b))) : items;
  }
  if (value instanceof Map) {
    const entries = [...value].map(([k, v]) => [normalize(k, unordered), normalize(v, unordered)] as const);
    return entries.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  }
  return value;
}

describe('partial → intermediate → final equals single', () => {
  for (const testCase of CASES) {
    it(`${testCase.name}(${testCase.types.map((t) => ('kind' in t ? t.kind : '?')).join(', ')})`, () => {
      const fn = resolve(testCase.name, testCase.types);
      for (const seed of [1, 2, 3]) {
        const next = random(seed * 7919 + testCase.name.length);
        const groups = Array.from({ length: ROWS }, () => Math.floor(next() * GROUPS));
        const columns = testCase.columns.map((generate) => Array.from({ length: ROWS }, () => generate(next)));
        const single = aggregate(fn, columns, groups, {}, GROUPS);
        const split = aggregateSplit(fn, columns, groups, 3, () => Math.floor(next() * 3));
        assert.deepEqual(
          split.map((v) => normalize(v, testCase.unordered === true)),
          single.map((v) => normalize(v, testCase.unordered === true)),
        );
      }
    });
  }

  it('covers an array-of-percentiles state', () => {
    const fn = resolve('approx_percentile', [DOUBLE, arrayOf(DOUBLE)]);
    const values = [1, 2, 3, 4, 5, 6];
    const ps = new Array(6).fill([0.2, 0.8]);
    assert.deepEqual(
      aggregateSplit(fn, [values, ps], [0, 0, 0, 0, 0, 0], 2, (r) => r % 2),
      aggregate(fn, [values, ps]),
    );
  });
});
