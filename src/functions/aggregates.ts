/**
 * Aggregate functions with Trino's result types: sums of integers are bigint, of decimals
 * decimal(38,s); averages of integers are double and of decimals keep the type; the statistical
 * aggregates exist over bigint and double only (real arguments coerce to double) except the
 * two-variable ones and geometric_mean, which have real versions returning real. Each declares the
 * type of its partial state (`intermediateType`), which crosses stages in a distributed plan.
 */
import { aggregate, overloads } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';

const DAY_TO_SECOND = 'interval day to second';
const YEAR_TO_MONTH = 'interval year to month';

// Intermediate (partial state) types shared by several aggregates; the accumulators build exactly
// these (test/execution/aggregation/aggregate-registry.test.ts checks every signature).
/** Count and compensated double sum: avg over bigint/real/double/intervals (average-accumulators.ts). */
const AVERAGE_STATE = { intermediateType: 'row(count bigint, sum double, compensation double)' };
/** Count and the sum of logarithms: geometric_mean. */
const LOG_SUM_STATE = { intermediateType: 'row(count bigint, sum double)' };
/** A compensated double sum: the sum and the low-order part its additions lost (sum-accumulators.ts). */
const FLOATING_SUM_STATE = { intermediateType: 'row(sum double, compensation double)' };
/** Serialized sketches and digests (HyperLogLog, t-digest, histograms, checksums). */
const SKETCH = { intermediateType: 'varbinary' };
/** min/max(x, n): the limit and the kept values. */
const TOP_N_STATE = { intermediateType: 'row(n bigint, values array(T))' };
/** min_by/max_by(v, k): the best key and its value. */
const BY_STATE = { intermediateType: 'row(key K, value V)' };
/** min_by/max_by(v, k, n): the limit, the kept keys and their values. */
const TOP_N_BY_STATE = { intermediateType: 'row(n bigint, keys array(K), values array(V))' };
/** Central moments up to the second (variances, standard deviations) or fourth (skewness, kurtosis). */
const MOMENT_STATE = 'row(count bigint, mean double, m2 double)';
const HIGHER_MOMENT_STATE = 'row(count bigint, mean double, m2 double, m3 double, m4 double)';
const HIGHER_MOMENTS: ReadonlySet<string> = new Set(['skewness', 'kurtosis']);
/** Co-moments of two variables (covariances, correlation, regression). */
const COVARIANCE_STATE = {
  intermediateType: 'row(count bigint, mean_x double, mean_y double, c2 double, m2_x double, m2_y double)',
};

const GENERAL: FunctionDefinition[] = [
  aggregate('count():bigint', 'Number of rows', { intermediateType: 'bigint' }),
  aggregate('count<T>(T):bigint', 'Number of non-null values', { intermediateType: 'bigint' }),
  aggregate('count_if(boolean):bigint', 'Number of true values', { intermediateType: 'bigint' }),
  aggregate('sum(bigint):bigint', 'Sum of the values', { intermediateType: 'bigint' }),
  aggregate('sum(real):real', 'Sum of the values', FLOATING_SUM_STATE),
  aggregate('sum(double):double', 'Sum of the values', FLOATING_SUM_STATE),
  aggregate('sum(decimal(p,s)):decimal(38,s)', 'Sum of the values', { intermediateType: 'decimal(38,s)' }),
  aggregate(`sum(${DAY_TO_SECOND}):${DAY_TO_SECOND}`, 'Sum of the values', { intermediateType: DAY_TO_SECOND }),
  aggregate(`sum(${YEAR_TO_MONTH}):${YEAR_TO_MONTH}`, 'Sum of the values', { intermediateType: YEAR_TO_MONTH }),
  aggregate('avg(bigint):double', 'Average of the values', AVERAGE_STATE),
  aggregate('avg(real):real', 'Average of the values', AVERAGE_STATE),
  aggregate('avg(double):double', 'Average of the values', AVERAGE_STATE),
  aggregate('avg(decimal(p,s)):decimal(p,s)', 'Average of the values', {
    intermediateType: 'row(count bigint, sum decimal(38,s))',
  }),
  aggregate(`avg(${DAY_TO_SECOND}):${DAY_TO_SECOND}`, 'Average of the values', AVERAGE_STATE),
  aggregate(`avg(${YEAR_TO_MONTH}):${YEAR_TO_MONTH}`, 'Average of the values', AVERAGE_STATE),
  aggregate('min<T:orderable>(T):T', 'Smallest value', { intermediateType: 'T' }),
  aggregate('max<T:orderable>(T):T', 'Largest value', { intermediateType: 'T' }),
  aggregate('min<T:orderable>(T,bigint):array(T)', 'The n smallest values', TOP_N_STATE),
  aggregate('max<T:orderable>(T,bigint):array(T)', 'The n largest values', TOP_N_STATE),
  aggregate('min_by<V,K:orderable>(V,K):V', 'The value paired with the smallest key', BY_STATE),
  aggregate('max_by<V,K:orderable>(V,K):V', 'The value paired with the largest key', BY_STATE),
  aggregate('min_by<V,K:orderable>(V,K,bigint):array(V)', 'The values paired with the n smallest keys', TOP_N_BY_STATE),
  aggregate('max_by<V,K:orderable>(V,K,bigint):array(V)', 'The values paired with the n largest keys', TOP_N_BY_STATE),
  aggregate('arbitrary<T>(T):T', 'An arbitrary non-null value', { intermediateType: 'T' }),
  aggregate('any_value<T>(T):T', 'An arbitrary non-null value', { intermediateType: 'T' }),
  aggregate('bool_and(boolean):boolean', 'Whether every value is true', {
    aliases: ['every'],
    intermediateType: 'boolean',
  }),
  aggregate('bool_or(boolean):boolean', 'Whether some value is true', { intermediateType: 'boolean' }),
  aggregate('checksum<T:comparable>(T):varbinary', 'Order-insensitive checksum of the values', SKETCH),
  aggregate('reduce_agg<T,S>(T,S,function(S,T,S),function(S,S,S)):S', 'Fold the values into a state', {
    intermediateType: 'S',
  }),
];

const COLLECTIONS: FunctionDefinition[] = [
  aggregate('array_agg<T>(T):array(T)', 'The values as an array, NULLs included', { intermediateType: 'array(T)' }),
  // LISTAGG(value, separator ON OVERFLOW ...) WITHIN GROUP (ORDER BY ...), as the parser spells it out.
  aggregate(
    'listagg(varchar(x),varchar(y),boolean,varchar(z),boolean):varchar',
    'The non-null values joined by the separator, in the WITHIN GROUP order',
    { intermediateType: 'array(varchar)', decomposable: false },
  ),
  aggregate('map_agg<K:comparable,V>(K,V):map(K,V)', 'A map from key/value pairs', { intermediateType: 'map(K,V)' }),
  aggregate('multimap_agg<K:comparable,V>(K,V):map(K,array(V))', 'A map from keys to the arrays of their values', {
    intermediateType: 'map(K,array(V))',
  }),
  aggregate('map_union<K,V>(map(K,V)):map(K,V)', 'Union of maps', { intermediateType: 'map(K,V)' }),
  aggregate('histogram<T:comparable>(T):map(T,bigint)', 'Number of occurrences of each value', {
    intermediateType: 'map(T,bigint)',
  }),
];

const BITWISE: FunctionDefinition[] = [
  aggregate('bitwise_and_agg(bigint):bigint', 'Bitwise AND of the values', { intermediateType: 'bigint' }),
  aggregate('bitwise_or_agg(bigint):bigint', 'Bitwise OR of the values', { intermediateType: 'bigint' }),
  aggregate('bitwise_xor_agg(bigint):bigint', 'Bitwise XOR of the values', { intermediateType: 'bigint' }),
];

const APPROXIMATE: FunctionDefinition[] = [
  aggregate('approx_distinct<T>(T):bigint', 'Approximate number of distinct values (standard error 2.3%)', SKETCH),
  aggregate(
    'approx_distinct<T>(T,double):bigint',
    'Approximate number of distinct values with a standard error',
    SKETCH,
  ),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,double):$T'), 'Approximate percentile', SKETCH),
  ),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,array(double)):array($T)'), 'Approximate percentiles', SKETCH),
  ),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,double,double):$T'), 'Approximate weighted percentile', SKETCH),
  ),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,double,array(double)):array($T)'), 'Approximate weighted percentiles', SKETCH),
  ),
  aggregate(
    'approx_most_frequent(bigint,bigint,bigint):map(bigint,bigint)',
    'Approximate most frequent values',
    SKETCH,
  ),
  aggregate(
    'approx_most_frequent(bigint,varchar,bigint):map(varchar,bigint)',
    'Approximate most frequent values',
    SKETCH,
  ),
  aggregate(
    'numeric_histogram(bigint,double):map(double,double)',
    'Approximate histogram with up to n buckets',
    SKETCH,
  ),
  aggregate('numeric_histogram(bigint,double,double):map(double,double)', 'Approximate weighted histogram', SKETCH),
  aggregate('numeric_histogram(bigint,real):map(real,real)', 'Approximate histogram with up to n buckets', SKETCH),
  aggregate('numeric_histogram(bigint,real,double):map(real,real)', 'Approximate weighted histogram', SKETCH),
];

/** name → description, each over bigint and double, returning double. */
const ONE_VARIABLE_STATISTICS: Readonly<Record<string, { description: string; aliases?: string[] }>> = {
  stddev_samp: { description: 'Sample standard deviation', aliases: ['stddev'] },
  stddev_pop: { description: 'Population standard deviation' },
  var_samp: { description: 'Sample variance', aliases: ['variance'] },
  var_pop: { description: 'Population variance' },
  kurtosis: { description: 'Excess kurtosis' },
  skewness: { description: "Fisher's moment coefficient of skewness" },
};

const TWO_VARIABLE_STATISTICS: Readonly<Record<string, string>> = {
  corr: 'Correlation coefficient',
  covar_samp: 'Sample covariance',
  covar_pop: 'Population covariance',
  regr_slope: 'Slope of the linear regression of y on x',
  regr_intercept: 'Intercept of the linear regression of y on x',
};

const STATISTICS: FunctionDefinition[] = [
  ...Object.entries(ONE_VARIABLE_STATISTICS).flatMap(([name, { description, aliases }]) =>
    overloads(['bigint', 'double'], (s) =>
      aggregate(s(`${name}($T):double`), description, {
        intermediateType: HIGHER_MOMENTS.has(name) ? HIGHER_MOMENT_STATE : MOMENT_STATE,
        ...(aliases === undefined ? {} : { aliases }),
      }),
    ),
  ),
  ...Object.entries(TWO_VARIABLE_STATISTICS).flatMap(([name, description]) =>
    overloads(['real', 'double'], (s) => aggregate(s(`${name}($T,$T):$T`), description, COVARIANCE_STATE)),
  ),
  aggregate('geometric_mean(bigint):double', 'Geometric mean', LOG_SUM_STATE),
  aggregate('geometric_mean(double):double', 'Geometric mean', LOG_SUM_STATE),
  aggregate('geometric_mean(real):real', 'Geometric mean', LOG_SUM_STATE),
];

export const AGGREGATE_FUNCTIONS: readonly FunctionDefinition[] = [
  ...GENERAL,
  ...COLLECTIONS,
  ...BITWISE,
  ...APPROXIMATE,
  ...STATISTICS,
];
