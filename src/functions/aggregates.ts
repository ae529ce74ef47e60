/**
 * Aggregate functions with Trino's result types: sums of integers are bigint, of decimals
 * decimal(38,s); averages of integers are double and of decimals keep the type; the statistical
 * aggregates exist over bigint and double only (real arguments coerce to double) except the
 * two-variable ones and geometric_mean, which have real versions returning real.
 */
import { aggregate, overloads } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';

const DAY_TO_SECOND = 'interval day to second';
const YEAR_TO_MONTH = 'interval year to month';

const GENERAL: FunctionDefinition[] = [
  aggregate('count():bigint', 'Number of rows'),
  aggregate('count<T>(T):bigint', 'Number of non-null values'),
  aggregate('count_if(boolean):bigint', 'Number of true values'),
  aggregate('sum(bigint):bigint', 'Sum of the values', { intermediateType: 'bigint' }),
  aggregate('sum(real):real', 'Sum of the values'),
  aggregate('sum(double):double', 'Sum of the values'),
  aggregate('sum(decimal(p,s)):decimal(38,s)', 'Sum of the values', { intermediateType: 'decimal(38,s) and overflow' }),
  aggregate(`sum(${DAY_TO_SECOND}):${DAY_TO_SECOND}`, 'Sum of the values'),
  aggregate(`sum(${YEAR_TO_MONTH}):${YEAR_TO_MONTH}`, 'Sum of the values'),
  aggregate('avg(bigint):double', 'Average of the values', { intermediateType: 'row(count bigint, sum double)' }),
  aggregate('avg(real):real', 'Average of the values'),
  aggregate('avg(double):double', 'Average of the values', { intermediateType: 'row(count bigint, sum double)' }),
  aggregate('avg(decimal(p,s)):decimal(p,s)', 'Average of the values'),
  aggregate(`avg(${DAY_TO_SECOND}):${DAY_TO_SECOND}`, 'Average of the values'),
  aggregate(`avg(${YEAR_TO_MONTH}):${YEAR_TO_MONTH}`, 'Average of the values'),
  aggregate('min<T:orderable>(T):T', 'Smallest value'),
  aggregate('max<T:orderable>(T):T', 'Largest value'),
  aggregate('min<T:orderable>(T,bigint):array(T)', 'The n smallest values'),
  aggregate('max<T:orderable>(T,bigint):array(T)', 'The n largest values'),
  aggregate('min_by<V,K:orderable>(V,K):V', 'The value paired with the smallest key'),
  aggregate('max_by<V,K:orderable>(V,K):V', 'The value paired with the largest key'),
  aggregate('min_by<V,K:orderable>(V,K,bigint):array(V)', 'The values paired with the n smallest keys'),
  aggregate('max_by<V,K:orderable>(V,K,bigint):array(V)', 'The values paired with the n largest keys'),
  aggregate('arbitrary<T>(T):T', 'An arbitrary non-null value'),
  aggregate('any_value<T>(T):T', 'An arbitrary non-null value'),
  aggregate('bool_and(boolean):boolean', 'Whether every value is true', { aliases: ['every'] }),
  aggregate('bool_or(boolean):boolean', 'Whether some value is true'),
  aggregate('checksum<T:comparable>(T):varbinary', 'Order-insensitive checksum of the values'),
  aggregate('reduce_agg<T,S>(T,S,function(S,T,S),function(S,S,S)):S', 'Fold the values into a state'),
];

const COLLECTIONS: FunctionDefinition[] = [
  aggregate('array_agg<T>(T):array(T)', 'The values as an array, NULLs included'),
  aggregate('map_agg<K:comparable,V>(K,V):map(K,V)', 'A map from key/value pairs'),
  aggregate('multimap_agg<K:comparable,V>(K,V):map(K,array(V))', 'A map from keys to the arrays of their values'),
  aggregate('map_union<K,V>(map(K,V)):map(K,V)', 'Union of maps'),
  aggregate('histogram<T:comparable>(T):map(T,bigint)', 'Number of occurrences of each value'),
];

const BITWISE: FunctionDefinition[] = [
  aggregate('bitwise_and_agg(bigint):bigint', 'Bitwise AND of the values'),
  aggregate('bitwise_or_agg(bigint):bigint', 'Bitwise OR of the values'),
  aggregate('bitwise_xor_agg(bigint):bigint', 'Bitwise XOR of the values'),
];

const APPROXIMATE: FunctionDefinition[] = [
  aggregate('approx_distinct<T>(T):bigint', 'Approximate number of distinct values (standard error 2.3%)'),
  aggregate('approx_distinct<T>(T,double):bigint', 'Approximate number of distinct values with a standard error'),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,double):$T'), 'Approximate percentile'),
  ),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,array(double)):array($T)'), 'Approximate percentiles'),
  ),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,double,double):$T'), 'Approximate weighted percentile'),
  ),
  ...overloads(['bigint', 'real', 'double'], (s) =>
    aggregate(s('approx_percentile($T,double,array(double)):array($T)'), 'Approximate weighted percentiles'),
  ),
  aggregate('approx_most_frequent(bigint,bigint,bigint):map(bigint,bigint)', 'Approximate most frequent values'),
  aggregate('approx_most_frequent(bigint,varchar,bigint):map(varchar,bigint)', 'Approximate most frequent values'),
  aggregate('numeric_histogram(bigint,double):map(double,double)', 'Approximate histogram with up to n buckets'),
  aggregate('numeric_histogram(bigint,double,double):map(double,double)', 'Approximate weighted histogram'),
  aggregate('numeric_histogram(bigint,real):map(real,real)', 'Approximate histogram with up to n buckets'),
  aggregate('numeric_histogram(bigint,real,double):map(real,real)', 'Approximate weighted histogram'),
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
      aggregate(s(`${name}($T):double`), description, aliases === undefined ? {} : { aliases }),
    ),
  ),
  ...Object.entries(TWO_VARIABLE_STATISTICS).flatMap(([name, description]) =>
    overloads(['real', 'double'], (s) => aggregate(s(`${name}($T,$T):$T`), description)),
  ),
  aggregate('geometric_mean(bigint):double', 'Geometric mean'),
  aggregate('geometric_mean(double):double', 'Geometric mean'),
  aggregate('geometric_mean(real):real', 'Geometric mean'),
];

export const AGGREGATE_FUNCTIONS: readonly FunctionDefinition[] = [
  ...GENERAL,
  ...COLLECTIONS,
  ...BITWISE,
  ...APPROXIMATE,
  ...STATISTICS,
];
