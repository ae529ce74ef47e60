import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFunctionRegistry } from '../../src/functions/function-registry.js';
import type { ArgumentType } from '../../src/functions/signature-binder.js';
import { formatType, parseType } from '../../src/types/type-signature.js';
import { args, describeResolution, lambda, lambdaReturning } from './helpers.js';

const registry = defaultFunctionRegistry();
const t = parseType;

/** [function called, arguments, expected `canonical(bound argument types) -> return type`]. */
const CASES: readonly [string, ArgumentType[], string][] = [
  // exact matches win over coercions
  ['abs', args('integer'), 'abs(integer) -> integer'],
  ['abs', args('tinyint'), 'abs(tinyint) -> tinyint'],
  ['abs', args('decimal(7,3)'), 'abs(decimal(7,3)) -> decimal(7,3)'],
  ['abs', args('unknown'), 'abs(tinyint) -> tinyint'],
  ['sqrt', args('integer'), 'sqrt(double) -> double'],
  ['ceil', args('real'), 'ceiling(real) -> real'],
  ['ceiling', args('decimal(5,2)'), 'ceiling(decimal(5,2)) -> decimal(4,0)'],
  ['floor', args('decimal(10,0)'), 'floor(decimal(10,0)) -> decimal(10,0)'],
  ['round', args('decimal(5,2)', 'integer'), 'round(decimal(5,2), integer) -> decimal(6,2)'],
  ['round', args('decimal(38,2)', 'integer'), 'round(decimal(38,2), integer) -> decimal(38,2)'],
  ['round', args('decimal(5,2)'), 'round(decimal(5,2)) -> decimal(4,0)'],
  ['round', args('double', 'tinyint'), 'round(double, integer) -> double'],
  ['round', args('integer', 'integer'), 'round(integer, integer) -> integer'],
  ['truncate', args('decimal(5,2)'), 'truncate(decimal(5,2)) -> decimal(3,0)'],
  ['truncate', args('decimal(2,2)'), 'truncate(decimal(2,2)) -> decimal(1,0)'],
  ['truncate', args('real'), 'truncate(real) -> real'],
  // decimal(19,0) coerces to real and double, so it is the most specific choice for a bigint
  ['truncate', args('bigint'), 'truncate(decimal(19,0)) -> decimal(19,0)'],
  ['sign', args('decimal(9,4)'), 'sign(decimal(9,4)) -> decimal(1,0)'],
  ['mod', args('integer', 'bigint'), 'mod(bigint, bigint) -> bigint'],
  ['mod', args('decimal(10,2)', 'integer'), 'mod(decimal(10,2), decimal(10,0)) -> decimal(10,2)'],
  ['pow', args('integer', 'integer'), 'power(double, double) -> double'],
  ['rand', args(), 'random() -> double'],
  ['random', args('integer', 'integer'), 'random(integer, integer) -> integer'],
  ['greatest', args('integer', 'bigint'), 'greatest(bigint, bigint) -> bigint'],
  [
    'least',
    args('decimal(5,2)', 'integer', 'unknown'),
    'least(decimal(12,2), decimal(12,2), decimal(12,2)) -> decimal(12,2)',
  ],
  ['width_bucket', args('integer', 'array(double)'), 'width_bucket(double, array(double)) -> bigint'],
  // strings: varchar(x) binds the length
  ['substr', args('varchar(10)', 'integer'), 'substring(varchar(10), bigint) -> varchar(10)'],
  ['substring', args('varchar', 'bigint', 'bigint'), 'substring(varchar, bigint, bigint) -> varchar'],
  ['substr', args('char(4)', 'bigint'), 'substring(char(4), bigint) -> varchar(4)'],
  ['substr', args('varbinary', 'integer'), 'substring(varbinary, bigint) -> varbinary'],
  ['length', args('varchar(7)'), 'length(varchar(7)) -> bigint'],
  ['length', args('varbinary'), 'length(varbinary) -> bigint'],
  ['upper', args('char(3)'), 'upper(char(3)) -> char(3)'],
  ['lower', args('unknown'), 'lower(char(0)) -> char(0)'],
  ['concat', args('varchar(3)', 'varchar(5)'), 'concat(varchar, varchar) -> varchar'],
  ['concat', args('varchar(3)', 'char(2)', 'varchar'), 'concat(varchar, varchar, varchar) -> varchar'],
  ['concat', args('char(3)', 'char(2)'), 'concat(char(3), char(2)) -> char(5)'],
  [
    'concat',
    args('array(integer)', 'array(bigint)', 'array(tinyint)'),
    'concat(array(bigint), array(bigint), array(bigint)) -> array(bigint)',
  ],
  ['concat', args('array(varchar(2))', 'varchar(5)'), 'concat(array(varchar(5)), varchar(5)) -> array(varchar(5))'],
  ['concat_ws', args('varchar(1)', 'varchar(2)', 'varchar(3)'), 'concat_ws(varchar, varchar, varchar) -> varchar'],
  [
    'replace',
    args('varchar(3)', 'varchar(1)', 'varchar(2)'),
    'replace(varchar(3), varchar(1), varchar(2)) -> varchar(11)',
  ],
  ['replace', args('varchar', 'varchar(1)', 'varchar(2)'), 'replace(varchar, varchar(1), varchar(2)) -> varchar'],
  ['split', args('varchar(20)', 'varchar(1)'), 'split(varchar(20), varchar(1)) -> array(varchar(20))'],
  ['trim', args('char(6)'), 'trim(char(6)) -> varchar(6)'],
  ['strpos', args('varchar(5)', 'varchar(1)', 'integer'), 'strpos(varchar(5), varchar(1), bigint) -> bigint'],
  ['chr', args('integer'), 'chr(bigint) -> varchar(1)'],
  [
    'regexp_extract',
    args('varchar(9)', 'varchar(4)', 'integer'),
    'regexp_extract(varchar(9), varchar(4), bigint) -> varchar(9)',
  ],
  ['url_encode', args('varchar(10)'), 'url_encode(varchar(10)) -> varchar(120)'],
  [
    'json_extract_scalar',
    args('varchar(30)', 'varchar(3)'),
    'json_extract_scalar(varchar(30), varchar(3)) -> varchar(30)',
  ],
  ['json_array_contains', args('json', 'integer'), 'json_array_contains(json, bigint) -> boolean'],
  ['bitwise_left_shift', args('smallint', 'integer'), 'bitwise_left_shift(smallint, bigint) -> smallint'],
  ['typeof', args('unknown'), 'typeof(unknown) -> varchar'],
  ['md5', args('varbinary'), 'md5(varbinary) -> varbinary'],
  // date and time
  ['year', args('timestamp(6) with time zone'), 'year(timestamp(6) with time zone) -> bigint'],
  ['year', args('interval year to month'), 'year(interval year to month) -> bigint'],
  ['dow', args('date'), 'day_of_week(date) -> bigint'],
  ['hour', args('time(3)'), 'hour(time(3)) -> bigint'],
  ['date_add', args('varchar(3)', 'integer', 'date'), 'date_add(varchar(3), bigint, date) -> date'],
  [
    'date_add',
    args('varchar(4)', 'bigint', 'timestamp(6)'),
    'date_add(varchar(4), bigint, timestamp(6)) -> timestamp(6)',
  ],
  [
    'date_diff',
    args('varchar(3)', 'timestamp(3)', 'timestamp(6)'),
    'date_diff(varchar(3), timestamp(6), timestamp(6)) -> bigint',
  ],
  [
    'date_diff',
    args('varchar(3)', 'date', 'timestamp(3)'),
    'date_diff(varchar(3), timestamp(3), timestamp(3)) -> bigint',
  ],
  [
    'date_trunc',
    args('varchar(5)', 'timestamp(3) with time zone'),
    'date_trunc(varchar(5), timestamp(3) with time zone) -> timestamp(3) with time zone',
  ],
  ['to_iso8601', args('timestamp(3)'), 'to_iso8601(timestamp(3)) -> varchar(26)'],
  ['to_iso8601', args('timestamp(0) with time zone'), 'to_iso8601(timestamp(0) with time zone) -> varchar(28)'],
  ['from_unixtime', args('bigint'), 'from_unixtime(double) -> timestamp(3) with time zone'],
  [
    'with_timezone',
    args('timestamp(6)', 'varchar(13)'),
    'with_timezone(timestamp(6), varchar(13)) -> timestamp(6) with time zone',
  ],
  ['last_day_of_month', args('date'), 'last_day_of_month(date) -> date'],
  ['now', args(), 'now() -> timestamp(3) with time zone'],
  // arrays, maps and lambdas
  ['array_max', args('array(integer)'), 'array_max(array(integer)) -> integer'],
  ['cardinality', args('map(varchar, bigint)'), 'cardinality(map(varchar, bigint)) -> bigint'],
  ['contains', args('array(bigint)', 'integer'), 'contains(array(bigint), bigint) -> boolean'],
  ['contains', args('array(integer)', 'bigint'), 'contains(array(bigint), bigint) -> boolean'],
  ['array_position', args('array(varchar(3))', 'unknown'), 'array_position(array(varchar(3)), varchar(3)) -> bigint'],
  ['element_at', args('array(date)', 'integer'), 'element_at(array(date), bigint) -> date'],
  [
    'element_at',
    args('map(varchar(2), double)', 'varchar(5)'),
    'element_at(map(varchar(5), double), varchar(5)) -> double',
  ],
  ['flatten', args('array(array(real))'), 'flatten(array(array(real))) -> array(real)'],
  ['repeat', args('unknown', 'integer'), 'repeat(unknown, integer) -> array(unknown)'],
  ['sequence', args('integer', 'integer'), 'sequence(bigint, bigint) -> array(bigint)'],
  [
    'sequence',
    args('date', 'date', 'interval day to second'),
    'sequence(date, date, interval day to second) -> array(date)',
  ],
  [
    'sequence',
    args('timestamp(6)', 'timestamp(3)', 'interval year to month'),
    'sequence(timestamp(6), timestamp(6), interval year to month) -> array(timestamp(6))',
  ],
  [
    'zip',
    args('array(integer)', 'array(varchar)'),
    'zip(array(integer), array(varchar)) -> array(row(integer, varchar))',
  ],
  ['array_sort', args('array(varchar)'), 'array_sort(array(varchar)) -> array(varchar)'],
  [
    'array_sort',
    args('array(double)', lambdaReturning(2, 'integer')),
    'array_sort(array(double), function(double,double,integer)) -> array(double)',
  ],
  [
    'transform',
    args('array(integer)', lambdaReturning(1, 'varchar')),
    'transform(array(integer), function(integer,varchar)) -> array(varchar)',
  ],
  [
    'transform',
    args('array(integer)', lambdaReturning(1, 'unknown')),
    'transform(array(integer), function(integer,unknown)) -> array(unknown)',
  ],
  [
    'filter',
    args('array(bigint)', lambdaReturning(1, 'boolean')),
    'filter(array(bigint), function(bigint,boolean)) -> array(bigint)',
  ],
  [
    'filter',
    args('array(bigint)', lambdaReturning(1, 'unknown')),
    'filter(array(bigint), function(bigint,boolean)) -> array(bigint)',
  ],
  [
    'any_match',
    args('array(varchar)', lambdaReturning(1, 'boolean')),
    'any_match(array(varchar), function(varchar,boolean)) -> boolean',
  ],
  [
    'reduce',
    args(
      'array(integer)',
      'bigint',
      lambda(2, (p) => p[0]!),
      lambdaReturning(1, 'double'),
    ),
    'reduce(array(integer), bigint, function(bigint,integer,bigint), function(bigint,double)) -> double',
  ],
  // the state widens when the input lambda returns a wider type than the initial state
  [
    'reduce',
    args(
      'array(double)',
      'integer',
      lambda(2, (p) => registry.resolveOperator('ADD', p).returnType),
      lambda(1, (p) => p[0]!),
    ),
    'reduce(array(double), double, function(double,double,double), function(double,double)) -> double',
  ],
  [
    'zip_with',
    args('array(integer)', 'array(varchar)', lambdaReturning(2, 'boolean')),
    'zip_with(array(integer), array(varchar), function(integer,varchar,boolean)) -> array(boolean)',
  ],
  ['map', args(), 'map() -> map(unknown, unknown)'],
  [
    'map',
    args('array(varchar(1))', 'array(integer)'),
    'map(array(varchar(1)), array(integer)) -> map(varchar(1), integer)',
  ],
  ['map_keys', args('map(bigint, array(varchar))'), 'map_keys(map(bigint, array(varchar))) -> array(bigint)'],
  [
    'map_concat',
    args('map(varchar, integer)', 'map(varchar(3), bigint)'),
    'map_concat(map(varchar, bigint), map(varchar, bigint)) -> map(varchar, bigint)',
  ],
  [
    'map_from_entries',
    args('array(row(varchar, bigint))'),
    'map_from_entries(array(row(varchar, bigint))) -> map(varchar, bigint)',
  ],
  [
    'transform_values',
    args('map(varchar, bigint)', lambdaReturning(2, 'double')),
    'transform_values(map(varchar, bigint), function(varchar,bigint,double)) -> map(varchar, double)',
  ],
  [
    'map_filter',
    args('map(integer, integer)', lambdaReturning(2, 'boolean')),
    'map_filter(map(integer, integer), function(integer,integer,boolean)) -> map(integer, integer)',
  ],
  // aggregates
  ['count', args(), 'count() -> bigint'],
  ['count', args('varchar'), 'count(varchar) -> bigint'],
  ['count_if', args('boolean'), 'count_if(boolean) -> bigint'],
  ['sum', args('tinyint'), 'sum(bigint) -> bigint'],
  ['sum', args('smallint'), 'sum(bigint) -> bigint'],
  ['sum', args('integer'), 'sum(bigint) -> bigint'],
  ['sum', args('bigint'), 'sum(bigint) -> bigint'],
  ['sum', args('real'), 'sum(real) -> real'],
  ['sum', args('double'), 'sum(double) -> double'],
  ['sum', args('decimal(12,2)'), 'sum(decimal(12,2)) -> decimal(38,2)'],
  ['sum', args('interval day to second'), 'sum(interval day to second) -> interval day to second'],
  ['avg', args('tinyint'), 'avg(bigint) -> double'],
  ['avg', args('integer'), 'avg(bigint) -> double'],
  ['avg', args('bigint'), 'avg(bigint) -> double'],
  ['avg', args('real'), 'avg(real) -> real'],
  ['avg', args('double'), 'avg(double) -> double'],
  ['avg', args('decimal(12,2)'), 'avg(decimal(12,2)) -> decimal(12,2)'],
  ['avg', args('interval year to month'), 'avg(interval year to month) -> interval year to month'],
  ['min', args('varchar(3)'), 'min(varchar(3)) -> varchar(3)'],
  ['max', args('date', 'integer'), 'max(date, bigint) -> array(date)'],
  ['max_by', args('varchar', 'double', 'integer'), 'max_by(varchar, double, bigint) -> array(varchar)'],
  ['array_agg', args('unknown'), 'array_agg(unknown) -> array(unknown)'],
  ['map_agg', args('varchar', 'double'), 'map_agg(varchar, double) -> map(varchar, double)'],
  ['histogram', args('bigint'), 'histogram(bigint) -> map(bigint, bigint)'],
  ['approx_percentile', args('integer', 'double'), 'approx_percentile(bigint, double) -> bigint'],
  ['approx_percentile', args('double', 'array(double)'), 'approx_percentile(double, array(double)) -> array(double)'],
  ['stddev', args('integer'), 'stddev_samp(bigint) -> double'],
  ['variance', args('real'), 'var_samp(double) -> double'],
  ['corr', args('real', 'real'), 'corr(real, real) -> real'],
  ['corr', args('integer', 'double'), 'corr(double, double) -> double'],
  ['geometric_mean', args('real'), 'geometric_mean(real) -> real'],
  ['every', args('boolean'), 'bool_and(boolean) -> boolean'],
  ['checksum', args('array(varchar)'), 'checksum(array(varchar)) -> varbinary'],
  // window functions
  ['row_number', args(), 'row_number() -> bigint'],
  ['ntile', args('integer'), 'ntile(bigint) -> bigint'],
  ['lag', args('varchar(3)'), 'lag(varchar(3)) -> varchar(3)'],
  ['lead', args('integer', 'integer', 'unknown'), 'lead(integer, bigint, integer) -> integer'],
  ['lead', args('integer', 'integer', 'bigint'), 'lead(bigint, bigint, bigint) -> bigint'],
  ['nth_value', args('double', 'integer'), 'nth_value(double, bigint) -> double'],
  ['percent_rank', args(), 'percent_rank() -> double'],
];

describe('function resolution', () => {
  it('has a broad table of calls', () => {
    assert.ok(CASES.length >= 60, `only ${CASES.length} cases`);
  });

  for (const [name, callArgs, expected] of CASES) {
    const text = callArgs.map((a) => (a.kind === 'lambda' ? `lambda/${a.arity}` : formatType(a))).join(', ');
    it(`${name}(${text})`, () => {
      assert.equal(describeResolution(registry.resolveFunction(name, callArgs)), expected);
    });
  }

  it('reports the declared signature as the implementation key', () => {
    const resolved = registry.resolveFunction('substr', args('varchar(10)', 'integer'));
    assert.equal(resolved.name, 'substring');
    assert.equal(resolved.kind, 'scalar');
    assert.equal(resolved.signature, 'substring(varchar(x),bigint):varchar(x)');
    assert.equal(resolved.id, resolved.signature);
    assert.equal(resolved.deterministic, true);
  });

  it('keeps aliases on the canonical implementation', () => {
    assert.equal(
      registry.resolveFunction('ceil', args('bigint')).id,
      registry.resolveFunction('ceiling', args('bigint')).id,
    );
    assert.equal(registry.resolveFunction('rand', args()).id, 'random():double');
  });

  it('marks non-deterministic functions', () => {
    for (const name of ['rand', 'random', 'now']) {
      assert.equal(registry.resolveFunction(name, []).deterministic, false, name);
    }
    assert.equal(registry.resolveFunction('shuffle', args('array(integer)')).deterministic, false);
    assert.equal(registry.resolveFunction('pi', []).deterministic, true);
  });

  it('resolves names case-insensitively', () => {
    assert.equal(describeResolution(registry.resolveFunction('ABS', args('bigint'))), 'abs(bigint) -> bigint');
  });

  it('reports the kind of aggregates and window functions', () => {
    assert.equal(registry.resolveFunction('sum', args('bigint')).kind, 'aggregate');
    assert.equal(registry.resolveFunction('rank', []).kind, 'window');
  });

  it('types a lambda body once per parameter types', () => {
    let calls = 0;
    const body = lambda(1, (p) => {
      calls++;
      return p[0]!;
    });
    registry.resolveFunction('transform', [t('array(integer)'), body]);
    assert.equal(calls, 1);
  });
});
