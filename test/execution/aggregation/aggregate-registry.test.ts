import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccumulator, intermediateTypeOf } from '../../../src/execution/aggregation/aggregate-registry.js';
import { defaultFunctionRegistry, type ResolvedFunction } from '../../../src/functions/function-registry.js';
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
  rowOf,
  VARBINARY,
  VARCHAR,
} from '../../../src/types/type.js';

const registry = defaultFunctionRegistry();
const lambda = { kind: 'lambda' as const, arity: 2, bodyType: () => BIGINT };

/** One call per aggregate signature (argument types chosen to bind it). */
const CALLS: readonly [string, readonly ArgumentType[]][] = [
  ['count', []],
  ['count', [VARCHAR]],
  ['count_if', [BOOLEAN]],
  ['sum', [BIGINT]],
  ['sum', [REAL]],
  ['sum', [DOUBLE]],
  ['sum', [decimal(10, 2)]],
  ['sum', [INTERVAL_DAY_TO_SECOND]],
  ['sum', [INTERVAL_YEAR_TO_MONTH]],
  ['avg', [BIGINT]],
  ['avg', [REAL]],
  ['avg', [DOUBLE]],
  ['avg', [decimal(10, 2)]],
  ['avg', [INTERVAL_DAY_TO_SECOND]],
  ['avg', [INTERVAL_YEAR_TO_MONTH]],
  ['min', [VARCHAR]],
  ['max', [VARCHAR]],
  ['min', [VARCHAR, BIGINT]],
  ['max', [VARCHAR, BIGINT]],
  ['min_by', [VARCHAR, BIGINT]],
  ['max_by', [VARCHAR, BIGINT]],
  ['min_by', [VARCHAR, BIGINT, BIGINT]],
  ['max_by', [VARCHAR, BIGINT, BIGINT]],
  ['arbitrary', [VARCHAR]],
  ['any_value', [VARCHAR]],
  ['bool_and', [BOOLEAN]],
  ['bool_or', [BOOLEAN]],
  ['checksum', [VARCHAR]],
  ['reduce_agg', [BIGINT, BIGINT, lambda, lambda]],
  ['array_agg', [VARCHAR]],
  ['map_agg', [VARCHAR, BIGINT]],
  ['multimap_agg', [VARCHAR, BIGINT]],
  ['map_union', [mapOf(VARCHAR, BIGINT)]],
  ['histogram', [VARCHAR]],
  ['bitwise_and_agg', [BIGINT]],
  ['bitwise_or_agg', [BIGINT]],
  ['bitwise_xor_agg', [BIGINT]],
  ['approx_distinct', [VARCHAR]],
  ['approx_distinct', [VARCHAR, DOUBLE]],
  ...(['bigint', 'real', 'double'] as const).flatMap((kind): [string, ArgumentType[]][] => {
    const t = kind === 'bigint' ? BIGINT : kind === 'real' ? REAL : DOUBLE;
    return [
      ['approx_percentile', [t, DOUBLE]],
      ['approx_percentile', [t, arrayOf(DOUBLE)]],
      ['approx_percentile', [t, DOUBLE, DOUBLE]],
      ['approx_percentile', [t, DOUBLE, arrayOf(DOUBLE)]],
    ];
  }),
  ['approx_most_frequent', [BIGINT, BIGINT, BIGINT]],
  ['approx_most_frequent', [BIGINT, VARCHAR, BIGINT]],
  ['numeric_histogram', [BIGINT, DOUBLE]],
  ['numeric_histogram', [BIGINT, DOUBLE, DOUBLE]],
  ['numeric_histogram', [BIGINT, REAL]],
  ['numeric_histogram', [BIGINT, REAL, DOUBLE]],
  ...['stddev_samp', 'stddev_pop', 'var_samp', 'var_pop', 'kurtosis', 'skewness'].flatMap(
    (name): [string, ArgumentType[]][] => [
      [name, [BIGINT]],
      [name, [DOUBLE]],
    ],
  ),
  ...['corr', 'covar_samp', 'covar_pop', 'regr_slope', 'regr_intercept'].flatMap((name): [string, ArgumentType[]][] => [
    [name, [REAL, REAL]],
    [name, [DOUBLE, DOUBLE]],
  ]),
  ['geometric_mean', [BIGINT]],
  ['geometric_mean', [DOUBLE]],
  ['geometric_mean', [REAL]],
];

describe('aggregate registry', () => {
  const resolved: ResolvedFunction[] = CALLS.map(([name, types]) => registry.resolveFunction(name, types));

  it('has an accumulator for every aggregate signature of the function registry', () => {
    const covered = new Set(resolved.map((fn) => fn.id));
    const declared = new Set(
      registry
        .list()
        .filter((f) => f.functionType === 'aggregate')
        .map((f) => f.id),
    );
    assert.deepEqual(
      [...declared].filter((id) => !covered.has(id)),
      [],
    );
    for (const fn of resolved) {
      const accumulator = createAccumulator(fn, { lambdas: [() => 0, () => 0] });
      accumulator.setGroupCount(2);
      // Two groups without input evaluate to one value each, in both forms.
      assert.equal(accumulator.evaluateFinal(0, 2).positionCount, 2, fn.id);
      assert.equal(accumulator.evaluateIntermediate(0, 2).positionCount, 2, fn.id);
    }
  });

  it('declares intermediate types', () => {
    const of = (name: string, types: ArgumentType[]) => intermediateTypeOf(registry.resolveFunction(name, types));
    assert.deepEqual(of('count', []), BIGINT);
    assert.deepEqual(of('sum', [decimal(10, 2)]), decimal(38, 2));
    assert.deepEqual(of('sum', [REAL]), DOUBLE);
    assert.deepEqual(of('approx_distinct', [VARCHAR]), VARBINARY);
    assert.deepEqual(
      of('max_by', [VARCHAR, BIGINT]),
      rowOf([
        { name: 'key', type: BIGINT },
        { name: 'value', type: VARCHAR },
      ]),
    );
    assert.deepEqual(of('array_agg', [BIGINT]), arrayOf(BIGINT));
    assert.deepEqual(of('reduce_agg', [BIGINT, DOUBLE, lambda, lambda]), DOUBLE);
  });
});
