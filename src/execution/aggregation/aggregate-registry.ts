/**
 * Maps a resolved aggregate call (ResolvedFunction: canonical name, bound argument and return types)
 * to its accumulator. The type of its intermediate state is declared by the signature
 * (`ResolvedFunction.intermediateType`, functions/aggregates.ts) and each accumulator emits exactly
 * that type (a test walks every signature). Every aggregate
 * signature of functions/aggregates.ts has an accumulator here; an unknown one fails with
 * FUNCTION_NOT_FOUND. DISTINCT and ORDER BY inside the call are added by wrapping
 * (distinct-accumulator.ts, ordered-accumulator.ts).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { ResolvedFunction } from '../../functions/function-registry.js';
import type { DecimalType, MapType, Type } from '../../types/type.js';
import type { Accumulator } from './accumulator.js';
import { ApproxDistinctAccumulator } from './approx-distinct-accumulator.js';
import { ApproxMostFrequentAccumulator } from './approx-most-frequent-accumulator.js';
import { ApproxPercentileAccumulator } from './approx-percentile-accumulator.js';
import { ArbitraryAccumulator } from './arbitrary-accumulator.js';
import { AverageAccumulator } from './average-accumulators.js';
import { BitwiseAccumulator, type BitwiseOperation } from './bitwise-accumulators.js';
import { BooleanAccumulator } from './boolean-accumulators.js';
import { ChecksumAccumulator } from './checksum-accumulator.js';
import {
  ArrayAggAccumulator,
  HistogramAccumulator,
  MapAggAccumulator,
  MultimapAggAccumulator,
} from './collection-accumulators.js';
import { CountAccumulator } from './count-accumulators.js';
import { CovarianceAccumulator, type CovarianceResult } from './covariance-accumulators.js';
import { DecimalAverageAccumulator, DecimalSumAccumulator } from './decimal-accumulators.js';
import { DistinctAccumulator } from './distinct-accumulator.js';
import { ListaggAccumulator } from './listagg-accumulator.js';
import { createMinMaxAccumulator } from './min-max-accumulators.js';
import { MinMaxByAccumulator } from './min-max-by-accumulators.js';
import { CentralMomentsAccumulator, GeometricMeanAccumulator, type MomentResult } from './moment-accumulators.js';
import { NumericHistogramAccumulator } from './numeric-histogram-accumulator.js';
import { type AggregateOrdering, OrderedAccumulator } from './ordered-accumulator.js';
import { type LambdaFunction, ReduceAggAccumulator } from './reduce-agg-accumulator.js';
import { ExactSumAccumulator, FloatingSumAccumulator } from './sum-accumulators.js';
import { TopNAccumulator } from './top-n-accumulators.js';

export interface AccumulatorOptions {
  /** Evaluated lambda arguments, in argument order (reduce_agg's input and combine functions). */
  readonly lambdas?: readonly LambdaFunction[];
  /** DISTINCT: only the first row of each distinct argument combination per group is aggregated. */
  readonly distinct?: boolean;
  /** ORDER BY inside the call: addInput then takes one extra block per ordering after the arguments. */
  readonly orderBy?: readonly AggregateOrdering[];
}

const MOMENTS: Readonly<Record<string, MomentResult>> = {
  stddev_samp: 'stddev_samp',
  stddev: 'stddev_samp',
  stddev_pop: 'stddev_pop',
  var_samp: 'var_samp',
  variance: 'var_samp',
  var_pop: 'var_pop',
  skewness: 'skewness',
  kurtosis: 'kurtosis',
};

const COVARIANCES: ReadonlySet<string> = new Set(['corr', 'covar_samp', 'covar_pop', 'regr_slope', 'regr_intercept']);

const BITWISE: Readonly<Record<string, BitwiseOperation>> = {
  bitwise_and_agg: 'and',
  bitwise_or_agg: 'or',
  bitwise_xor_agg: 'xor',
};

/** The accumulator of one aggregate call, wrapped for DISTINCT and ORDER BY when asked. */
export function createAccumulator(fn: ResolvedFunction, options: AccumulatorOptions = {}): Accumulator {
  let accumulator = createPlainAccumulator(fn, options.lambdas ?? []);
  const argumentTypes = valueArgumentTypes(fn);
  if (options.orderBy !== undefined && options.orderBy.length > 0) {
    accumulator = new OrderedAccumulator(accumulator, argumentTypes.length, options.orderBy);
  }
  if (options.distinct === true) accumulator = new DistinctAccumulator(accumulator, argumentTypes);
  return accumulator;
}

/** The argument types that are values (lambda arguments excluded). */
function valueArgumentTypes(fn: ResolvedFunction): Type[] {
  return fn.argumentTypes.filter((type) => type.kind !== 'function');
}

function createPlainAccumulator(fn: ResolvedFunction, lambdas: readonly LambdaFunction[]): Accumulator {
  const args = fn.argumentTypes;
  const first = args[0];
  const name = fn.name;
  const moment = MOMENTS[name];
  if (moment !== undefined) return new CentralMomentsAccumulator(moment);
  if (COVARIANCES.has(name)) return new CovarianceAccumulator(name as CovarianceResult, first?.kind === 'real');
  const bitwise = BITWISE[name];
  if (bitwise !== undefined) return new BitwiseAccumulator(bitwise);
  switch (name) {
    case 'count':
      return new CountAccumulator(args.length === 0 ? 'rows' : 'nonNull');
    case 'count_if':
      return new CountAccumulator('true');
    case 'sum':
      return sumAccumulator(first);
    case 'avg':
      return averageAccumulator(first);
    case 'min':
    case 'max':
      return args.length === 1
        ? createMinMaxAccumulator(first, name === 'max')
        : new TopNAccumulator(first, undefined, name === 'max', name);
    case 'min_by':
    case 'max_by':
      return args.length === 2
        ? new MinMaxByAccumulator(first, args[1], name === 'max_by')
        : new TopNAccumulator(args[1], first, name === 'max_by', name);
    case 'arbitrary':
    case 'any_value':
      return new ArbitraryAccumulator(first);
    case 'bool_and':
    case 'every':
      return new BooleanAccumulator(true);
    case 'bool_or':
      return new BooleanAccumulator(false);
    case 'checksum':
      return new ChecksumAccumulator(first);
    case 'array_agg':
      return new ArrayAggAccumulator(first);
    case 'listagg':
      return new ListaggAccumulator();
    case 'map_agg':
      return new MapAggAccumulator(first, args[1], false);
    case 'map_union': {
      const map = first as MapType;
      return new MapAggAccumulator(map.key, map.value, true);
    }
    case 'multimap_agg':
      return new MultimapAggAccumulator(first, args[1]);
    case 'histogram':
      return new HistogramAccumulator(first);
    case 'approx_distinct':
      return new ApproxDistinctAccumulator(first);
    case 'approx_percentile':
      return new ApproxPercentileAccumulator(first, args.length === 3, args[args.length - 1].kind === 'array');
    case 'approx_most_frequent':
      return new ApproxMostFrequentAccumulator(args[1]);
    case 'numeric_histogram':
      return new NumericHistogramAccumulator(args[1].kind === 'real', args.length === 3);
    case 'geometric_mean':
      return new GeometricMeanAccumulator(first.kind === 'real');
    case 'reduce_agg': {
      const [input, combine] = lambdas;
      if (input === undefined || combine === undefined) {
        throw new VivaceError('GENERIC_INTERNAL_ERROR', 'reduce_agg needs its input and combine functions');
      }
      return new ReduceAggAccumulator(first, args[1], input, combine);
    }
    default:
      throw new VivaceError('FUNCTION_NOT_FOUND', `No accumulator for aggregate function ${fn.signature}`);
  }
}

function sumAccumulator(type: Type): Accumulator {
  switch (type.kind) {
    case 'double':
      return new FloatingSumAccumulator(false);
    case 'real':
      return new FloatingSumAccumulator(true);
    case 'decimal':
      return new DecimalSumAccumulator(type);
    case 'interval day to second':
    case 'interval year to month':
      return new ExactSumAccumulator(type.kind, type);
    default:
      return new ExactSumAccumulator('bigint', type);
  }
}

function averageAccumulator(type: Type): Accumulator {
  switch (type.kind) {
    case 'real':
      return new AverageAccumulator('real');
    case 'decimal':
      return new DecimalAverageAccumulator(type as DecimalType);
    case 'interval day to second':
    case 'interval year to month':
      return new AverageAccumulator(type.kind);
    default:
      return new AverageAccumulator('double');
  }
}
