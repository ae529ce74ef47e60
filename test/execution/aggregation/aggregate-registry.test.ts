import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccumulator } from '../../../src/execution/aggregation/aggregate-registry.js';
import {
  createDefaultFunctionRegistry,
  defaultFunctionRegistry,
  type ResolvedFunction,
} from '../../../src/functions/function-registry.js';
import type { ArgumentType } from '../../../src/functions/signature-binder.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
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
  ['listagg', [VARCHAR, VARCHAR, BOOLEAN, VARCHAR, BOOLEAN]],
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
    const of = (name: string, types: ArgumentType[]) => registry.resolveFunction(name, types).intermediateType;
    assert.deepEqual(of('count', []), BIGINT);
    assert.deepEqual(of('sum', [decimal(10, 2)]), decimal(38, 2));
    assert.deepEqual(
      of('sum', [REAL]),
      rowOf([
        { name: 'sum', type: DOUBLE },
        { name: 'compensation', type: DOUBLE },
      ]),
    );
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

  it('declares, for every aggregate signature, the intermediate type its accumulator really produces', () => {
    // The planner types partial states from the signature and the accumulator builds its blocks
    // from its own type: the two must never drift. CALLS covers every signature (test above);
    // generic ones are bound again with other types for their variables.
    const others: ArgumentType[] = [
      BIGINT,
      DOUBLE,
      REAL,
      VARCHAR,
      decimal(20, 5),
      arrayOf(BIGINT),
      rowOf([{ type: DATE }]),
    ];
    const calls: ResolvedFunction[] = [...resolved];
    for (const fn of resolved) {
      const generic = registry.signaturesOf(fn.name).some((s) => s.text === fn.id && s.typeVariables.length > 0);
      if (!generic || fn.name === 'reduce_agg') continue;
      for (const other of others) {
        const types = fn.argumentTypes.map((t, i) => (i === 0 || (fn.name.endsWith('_by') && i === 1) ? other : t));
        try {
          calls.push(registry.resolveFunction(fn.name, types));
        } catch {
          // a type the signature's constraints refuse (e.g. an unorderable key)
        }
      }
    }
    assert.ok(calls.length > resolved.length + 40, `only ${calls.length} calls`);
    for (const fn of calls) {
      const declared = fn.intermediateType;
      assert.ok(declared, `${fn.signature} declares no intermediate type`);
      const accumulator = createAccumulator(fn, { lambdas: [() => 0, () => 0] });
      assert.deepEqual(declared, accumulator.intermediateType, fn.signature);
      // And the accumulator's state blocks are of that type: a PARTIAL block reads back in a FINAL step.
      accumulator.setGroupCount(1);
      const state = accumulator.evaluateIntermediate(0, 1);
      const final = createAccumulator(fn, { lambdas: [() => 0, () => 0] });
      final.setGroupCount(1);
      final.addIntermediate(new Int32Array(1), state, 1);
      assert.equal(final.evaluateFinal(0, 1).positionCount, 1, fn.signature);
    }
  });

  it('refuses an aggregate definition without an intermediate type, or with an unbound variable in it', () => {
    const custom = createDefaultFunctionRegistry();
    assert.throws(
      () => custom.register({ kind: 'aggregate', signature: 'agg_a(double):double', description: 'a' }),
      /an aggregate must declare its intermediate type/,
    );
    assert.throws(
      () =>
        custom.register({
          kind: 'aggregate',
          signature: 'agg_b<T>(T):T',
          description: 'b',
          intermediateType: 'row(n bigint, kept array(U))',
        }),
      /Malformed function signature/,
    );
    custom.register({
      kind: 'aggregate',
      signature: 'agg_c<T>(T,bigint):array(T)',
      description: 'c',
      intermediateType: 'row(n bigint, kept array(T), interval day to second)',
    });
    assert.deepEqual(
      custom.resolveFunction('agg_c', [VARCHAR, BIGINT]).intermediateType,
      rowOf([{ name: 'n', type: BIGINT }, { name: 'kept', type: arrayOf(VARCHAR) }, { type: INTERVAL_DAY_TO_SECOND }]),
    );
  });
});
