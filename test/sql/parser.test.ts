import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { VivaceError } from '../../src/common/vivace-error.js';
import type { Expression, Query, QuerySpecification, Statement } from '../../src/sql/ast.js';
import { parseDataType, parseExpression, parseStatement, parseStatementInLiteral } from '../../src/sql/parser.js';
import { column, fn, ident, int, item, qname, selectQuery, str, stripPos, type } from './ast-test-utils.js';

const e = (sql: string) => stripPos(parseExpression(sql));
const s = (sql: string) => stripPos(parseStatement(sql));
const t = (sql: string) => stripPos(parseDataType(sql));

/** The QuerySpecification of a plain `SELECT ...` statement, without positions. */
function spec(sql: string) {
  const statement = parseStatement(sql) as Query;
  assert.equal(statement.kind, 'Query');
  return stripPos(statement.body as QuerySpecification);
}

const a = column('a');
const b = column('b');
const c = column('c');
const x = column('x');

/** A position-less expression built loosely for comparison. */
type Bare = ReturnType<typeof int>;

function binary(operator: '+' | '-' | '*' | '/' | '%', left: unknown, right: unknown): Bare {
  return { kind: 'ArithmeticBinary', operator, left, right } as unknown as Bare;
}
function compare(operator: string, left: unknown, right: unknown): Bare {
  return { kind: 'Comparison', operator, left, right } as unknown as Bare;
}
function logical(operator: 'AND' | 'OR', left: unknown, right: unknown): Bare {
  return { kind: 'LogicalBinary', operator, left, right } as unknown as Bare;
}
function not(value: unknown): Bare {
  return { kind: 'Not', value } as unknown as Bare;
}
function table(...parts: string[]) {
  return { kind: 'Table', name: qname(...parts) };
}
function select1(n: string) {
  return { kind: 'QuerySpecification', distinct: false, select: [item(int(n))], windows: [] };
}

describe('parser: literals', () => {
  it('parses numbers, keeping their text', () => {
    assert.deepEqual(e('123'), int('123'));
    assert.deepEqual(e('1.5'), { kind: 'DecimalLiteral', text: '1.5' });
    assert.deepEqual(e('.5'), { kind: 'DecimalLiteral', text: '.5' });
    assert.deepEqual(e('1.'), { kind: 'DecimalLiteral', text: '1.' });
    assert.deepEqual(e('1.5E-3'), { kind: 'DoubleLiteral', text: '1.5E-3' });
    assert.deepEqual(e('9223372036854775807'), int('9223372036854775807'));
  });

  it('folds a minus into the numeric literal after it', () => {
    assert.deepEqual(e('-5'), int('-5'));
    assert.deepEqual(e('- 9223372036854775808'), int('-9223372036854775808'));
    assert.deepEqual(e('-1.5'), { kind: 'DecimalLiteral', text: '-1.5' });
    assert.deepEqual(e('-1e2'), { kind: 'DoubleLiteral', text: '-1e2' });
    assert.deepEqual(e('+5'), { kind: 'ArithmeticUnary', operator: '+', value: int('5') });
    assert.deepEqual(e('1 - -5'), binary('-', int('1'), int('-5')));
  });

  it('parses strings, booleans, null and binary literals', () => {
    assert.deepEqual(e("'it''s'"), str("it's"));
    assert.deepEqual(e('TRUE'), { kind: 'BooleanLiteral', value: true });
    assert.deepEqual(e('false'), { kind: 'BooleanLiteral', value: false });
    assert.deepEqual(e('NULL'), { kind: 'NullLiteral' });
    assert.deepEqual(e("X'0a ff'"), { kind: 'BinaryLiteral', hex: '0AFF' });
  });

  it('decodes Unicode strings with the default and a custom escape', () => {
    assert.deepEqual(e("U&'\\0041\\+01F600\\\\'"), str('A😀\\'));
    assert.deepEqual(e("U&'#0041##' UESCAPE '#'"), str('A#'));
    assert.deepEqual(e("U&'plain'"), str('plain'));
  });

  it('parses typed literals', () => {
    assert.deepEqual(e("DATE '2020-01-01'"), { kind: 'GenericLiteral', type: 'date', value: '2020-01-01' });
    assert.deepEqual(e("Timestamp '2020-01-01 00:00 UTC'"), {
      kind: 'GenericLiteral',
      type: 'timestamp',
      value: '2020-01-01 00:00 UTC',
    });
    assert.deepEqual(e("TIME '01:02'"), { kind: 'GenericLiteral', type: 'time', value: '01:02' });
    assert.deepEqual(e("REAL '1.5'"), { kind: 'GenericLiteral', type: 'real', value: '1.5' });
    assert.deepEqual(e("json '{}'"), { kind: 'GenericLiteral', type: 'json', value: '{}' });
    assert.deepEqual(e("BIGINT '7'"), { kind: 'GenericLiteral', type: 'bigint', value: '7' });
    assert.deepEqual(e("DOUBLE PRECISION '2'"), { kind: 'GenericLiteral', type: 'double', value: '2' });
    assert.deepEqual(e("DECIMAL ' 1.20 '"), { kind: 'DecimalLiteral', text: '1.20' });
  });

  it('parses interval literals with sign and fields', () => {
    assert.deepEqual(e("INTERVAL '3' DAY"), { kind: 'IntervalLiteral', value: '3', sign: 1, startField: 'DAY' });
    assert.deepEqual(e("INTERVAL -'3' hour"), { kind: 'IntervalLiteral', value: '3', sign: -1, startField: 'HOUR' });
    assert.deepEqual(e("INTERVAL + '1-2' YEAR TO MONTH"), {
      kind: 'IntervalLiteral',
      value: '1-2',
      sign: 1,
      startField: 'YEAR',
      endField: 'MONTH',
    });
  });

  it('numbers parameters in order of appearance', () => {
    const spec1 = spec('SELECT ?, f(?) FROM t WHERE a = ? LIMIT ?') as unknown as Record<string, unknown>;
    assert.deepEqual(spec1.select, [
      item({ kind: 'Parameter', index: 0 }),
      item(fn('f', { kind: 'Parameter', index: 1 })),
    ]);
    assert.deepEqual(spec1.where, compare('=', a, { kind: 'Parameter', index: 2 }));
    const query = s('SELECT ?, f(?) FROM t WHERE a = ? LIMIT ?') as unknown as Record<string, unknown>;
    assert.deepEqual(query.limit, { kind: 'Limit', count: { kind: 'Parameter', index: 3 } });
  });
});

describe('parser: names', () => {
  it('keeps identifier text as written and unescapes quoted ones', () => {
    assert.deepEqual(e('MyCol'), ident('MyCol'));
    assert.deepEqual(e('"My ""Col"""'), ident('My "Col"', true));
    assert.deepEqual(e('"select"'), ident('select', true));
  });

  it('parses dereference chains and subscripts', () => {
    assert.deepEqual(e('a.b.c'), column('a', 'b', 'c'));
    assert.deepEqual(e('a[1].b'), {
      kind: 'Dereference',
      base: { kind: 'Subscript', base: a, index: int('1') },
      field: ident('b'),
    });
    assert.deepEqual(e("m['k'][2]"), {
      kind: 'Subscript',
      base: { kind: 'Subscript', base: column('m'), index: str('k') },
      index: int('2'),
    });
  });

  it('lets non-reserved keywords be identifiers', () => {
    const words = 'date, year, comment, position, data, first, last, row, value, zone, time, timestamp, interval';
    const selected = spec(`SELECT ${words}, limit, offset, window, filter, over FROM t`).select;
    assert.deepEqual(
      selected,
      [...words.split(', '), 'limit', 'offset', 'window', 'filter', 'over'].map((w) => item(ident(w))),
    );
  });
});

describe('parser: operators and precedence', () => {
  it('gives * higher precedence than +, and associates to the left', () => {
    assert.deepEqual(e('1 + 2 * 3'), binary('+', int('1'), binary('*', int('2'), int('3'))));
    assert.deepEqual(e('1 - 2 - 3'), binary('-', binary('-', int('1'), int('2')), int('3')));
    assert.deepEqual(e('a / b % c'), binary('%', binary('/', a, b), c));
  });

  it('gives || lower precedence than + and desugars it to concat', () => {
    assert.deepEqual(e('a || b + c'), fn('concat', a, binary('+', b, c)));
    assert.deepEqual(e('a || b || c'), fn('concat', fn('concat', a, b), c));
  });

  it('binds unary minus looser than dereference and AT TIME ZONE', () => {
    assert.deepEqual(e('-x.y'), { kind: 'ArithmeticUnary', operator: '-', value: column('x', 'y') });
    assert.deepEqual(e("-x AT TIME ZONE 'UTC'"), {
      kind: 'ArithmeticUnary',
      operator: '-',
      value: { kind: 'AtTimeZone', value: x, zone: str('UTC') },
    });
    assert.deepEqual(e('- - x'), {
      kind: 'ArithmeticUnary',
      operator: '-',
      value: { kind: 'ArithmeticUnary', operator: '-', value: x },
    });
  });

  it('gives AND higher precedence than OR and NOT higher than AND', () => {
    assert.deepEqual(e('a OR b AND c'), logical('OR', a, logical('AND', b, c)));
    assert.deepEqual(e('NOT a AND b'), logical('AND', not(a), b));
    assert.deepEqual(e('a AND b OR c AND x'), logical('OR', logical('AND', a, b), logical('AND', c, x)));
  });

  it('applies NOT to a whole predicate', () => {
    assert.deepEqual(e('NOT a = b'), not(compare('=', a, b)));
    assert.deepEqual(e('NOT NOT a'), not(not(a)));
  });

  it('parses comparisons and normalises != to <>', () => {
    for (const op of ['=', '<>', '<', '<=', '>', '>=']) assert.deepEqual(e(`a ${op} b`), compare(op, a, b));
    assert.deepEqual(e('a != b'), compare('<>', a, b));
    assert.deepEqual(e('a + 1 = b * 2'), compare('=', binary('+', a, int('1')), binary('*', b, int('2'))));
  });

  it('parses AT TIME ZONE with a string or an interval', () => {
    assert.deepEqual(e("x AT TIME ZONE 'America/New_York'"), {
      kind: 'AtTimeZone',
      value: x,
      zone: str('America/New_York'),
    });
    assert.deepEqual(e("x AT TIME ZONE INTERVAL '2' HOUR"), {
      kind: 'AtTimeZone',
      value: x,
      zone: { kind: 'IntervalLiteral', value: '2', sign: 1, startField: 'HOUR' },
    });
  });
});

describe('parser: predicates', () => {
  it('parses IS [NOT] NULL and IS [NOT] DISTINCT FROM', () => {
    assert.deepEqual(e('a IS NULL'), { kind: 'IsNull', value: a });
    assert.deepEqual(e('a IS NOT NULL'), { kind: 'IsNotNull', value: a });
    assert.deepEqual(e('a IS DISTINCT FROM b'), compare('IS DISTINCT FROM', a, b));
    assert.deepEqual(e('a IS NOT DISTINCT FROM b'), not(compare('IS DISTINCT FROM', a, b)));
  });

  it('parses [NOT] BETWEEN with value expressions as bounds', () => {
    assert.deepEqual(e('a BETWEEN 1 AND b + 1'), {
      kind: 'Between',
      value: a,
      min: int('1'),
      max: binary('+', b, int('1')),
    });
    assert.deepEqual(
      e('a NOT BETWEEN 1 AND 2 AND c'),
      logical('AND', not({ kind: 'Between', value: a, min: int('1'), max: int('2') }), c),
    );
  });

  it('parses [NOT] IN lists and subqueries', () => {
    assert.deepEqual(e('a IN (1, 2)'), { kind: 'InList', value: a, list: [int('1'), int('2')] });
    assert.deepEqual(e('a NOT IN (b)'), not({ kind: 'InList', value: a, list: [b] }));
    assert.deepEqual(e('a IN (SELECT 1)'), {
      kind: 'InSubquery',
      value: a,
      query: { kind: 'Query', body: select1('1') },
    });
  });

  it('parses [NOT] LIKE with ESCAPE', () => {
    assert.deepEqual(e("a LIKE 'x%'"), { kind: 'Like', value: a, pattern: str('x%') });
    assert.deepEqual(
      e("a NOT LIKE 'x!%' ESCAPE '!'"),
      not({ kind: 'Like', value: a, pattern: str('x!%'), escape: str('!') }),
    );
  });

  it('parses quantified comparisons, SOME as ANY', () => {
    const query = { kind: 'Query', body: select1('1') };
    assert.deepEqual(e('a = ANY (SELECT 1)'), {
      kind: 'QuantifiedComparison',
      operator: '=',
      quantifier: 'ANY',
      value: a,
      query,
    });
    assert.deepEqual(e('a < SOME (SELECT 1)'), {
      kind: 'QuantifiedComparison',
      operator: '<',
      quantifier: 'ANY',
      value: a,
      query,
    });
    assert.deepEqual(e('a >= ALL (SELECT 1)'), {
      kind: 'QuantifiedComparison',
      operator: '>=',
      quantifier: 'ALL',
      value: a,
      query,
    });
  });

  it('parses EXISTS and scalar subqueries', () => {
    const query = { kind: 'Query', body: select1('1') };
    assert.deepEqual(e('EXISTS (SELECT 1)'), { kind: 'Exists', query });
    assert.deepEqual(e('(SELECT 1) + 1'), binary('+', { kind: 'SubqueryExpression', query }, int('1')));
    assert.deepEqual(e('NOT EXISTS (SELECT 1)'), not({ kind: 'Exists', query }));
  });

  it('parses a parenthesised set operation as one scalar subquery', () => {
    const sub = (n: string) => ({ kind: 'TableSubquery', query: { kind: 'Query', body: select1(n) } });
    assert.deepEqual(e('((SELECT 1) UNION (SELECT 2))'), {
      kind: 'SubqueryExpression',
      query: {
        kind: 'Query',
        body: { kind: 'SetOperation', operator: 'UNION', distinct: true, left: sub('1'), right: sub('2') },
      },
    });
  });
});

describe('parser: special forms', () => {
  it('parses searched and simple CASE', () => {
    assert.deepEqual(e('CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END'), {
      kind: 'SearchedCase',
      whenClauses: [
        { kind: 'WhenClause', operand: a, result: int('1') },
        { kind: 'WhenClause', operand: b, result: int('2') },
      ],
      defaultValue: int('3'),
    });
    assert.deepEqual(e("CASE x WHEN 1 THEN 'one' END"), {
      kind: 'SimpleCase',
      operand: x,
      whenClauses: [{ kind: 'WhenClause', operand: int('1'), result: str('one') }],
    });
  });

  it('parses CAST and TRY_CAST', () => {
    assert.deepEqual(e('CAST(a AS varchar(10))'), { kind: 'Cast', value: a, type: type('varchar', 10), safe: false });
    assert.deepEqual(e('try_cast(a AS bigint)'), { kind: 'Cast', value: a, type: type('bigint'), safe: true });
  });

  it('parses EXTRACT with every field spelling', () => {
    assert.deepEqual(e('EXTRACT(year FROM x)'), { kind: 'Extract', field: 'YEAR', value: x });
    assert.deepEqual(e('extract(DAY_OF_WEEK FROM x + 1)'), {
      kind: 'Extract',
      field: 'DAY_OF_WEEK',
      value: binary('+', x, int('1')),
    });
  });

  it('desugars SUBSTRING ... FROM ... FOR and POSITION ... IN', () => {
    assert.deepEqual(e('SUBSTRING(a FROM 2 FOR 3)'), fn('substring', a, int('2'), int('3')));
    assert.deepEqual(e('substring(a FROM 2)'), fn('substring', a, int('2')));
    assert.deepEqual(e('substring(a, 2, 3)'), fn('substring', a, int('2'), int('3')));
    assert.deepEqual(e("POSITION('x' IN a)"), fn('strpos', a, str('x')));
  });

  it('parses TRIM in all its forms', () => {
    assert.deepEqual(e('TRIM(a)'), { kind: 'Trim', specification: 'BOTH', value: a });
    assert.deepEqual(e("trim(LEADING 'x' FROM a)"), {
      kind: 'Trim',
      specification: 'LEADING',
      characters: str('x'),
      value: a,
    });
    assert.deepEqual(e('TRIM(TRAILING FROM a)'), { kind: 'Trim', specification: 'TRAILING', value: a });
    assert.deepEqual(e("TRIM('x' FROM a)"), { kind: 'Trim', specification: 'BOTH', characters: str('x'), value: a });
    assert.deepEqual(e("TRIM(a, 'x')"), { kind: 'Trim', specification: 'BOTH', characters: str('x'), value: a });
    assert.deepEqual(e('TRIM(both)'), { kind: 'Trim', specification: 'BOTH', value: column('both') });
  });

  it('parses CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP, LOCALTIME and LOCALTIMESTAMP', () => {
    assert.deepEqual(e('CURRENT_DATE'), { kind: 'CurrentTime', function: 'CURRENT_DATE' });
    assert.deepEqual(e('current_time'), { kind: 'CurrentTime', function: 'CURRENT_TIME' });
    assert.deepEqual(e('CURRENT_TIME(3)'), { kind: 'CurrentTime', function: 'CURRENT_TIME', precision: 3 });
    assert.deepEqual(e('CURRENT_TIMESTAMP(6)'), { kind: 'CurrentTime', function: 'CURRENT_TIMESTAMP', precision: 6 });
    assert.deepEqual(e('LOCALTIME'), { kind: 'CurrentTime', function: 'LOCALTIME' });
    assert.deepEqual(e('LOCALTIMESTAMP(0)'), { kind: 'CurrentTime', function: 'LOCALTIMESTAMP', precision: 0 });
  });

  it('parses ARRAY[...], ROW(...) and parenthesised rows', () => {
    assert.deepEqual(e('ARRAY[1, 2]'), { kind: 'ArrayConstructor', values: [int('1'), int('2')] });
    assert.deepEqual(e('ARRAY[]'), { kind: 'ArrayConstructor', values: [] });
    assert.deepEqual(e("ROW(1, 'a')"), { kind: 'Row', items: [int('1'), str('a')] });
    assert.deepEqual(e('(a, b)'), { kind: 'Row', items: [a, b] });
    assert.deepEqual(e('(a)'), a);
  });

  it('parses lambdas with one or several parameters', () => {
    assert.deepEqual(
      e('transform(a, x -> x + 1)'),
      fn('transform', a, {
        kind: 'Lambda',
        parameters: [ident('x')],
        body: binary('+', x, int('1')),
      }),
    );
    assert.deepEqual(
      e('reduce(a, 0, (s, x) -> s + x, s -> s)'),
      fn(
        'reduce',
        a,
        int('0'),
        { kind: 'Lambda', parameters: [ident('s'), ident('x')], body: binary('+', column('s'), x) },
        { kind: 'Lambda', parameters: [ident('s')], body: column('s') },
      ),
    );
    assert.deepEqual(e('f(() -> 1)'), fn('f', { kind: 'Lambda', parameters: [], body: int('1') }));
  });

  it('keeps IF, COALESCE, NULLIF, TRY and GROUPING as function calls', () => {
    assert.deepEqual(e('IF(a, 1, 2)'), fn('IF', a, int('1'), int('2')));
    assert.deepEqual(e('coalesce(a, b)'), fn('coalesce', a, b));
    assert.deepEqual(e('NULLIF(a, b)'), fn('NULLIF', a, b));
    assert.deepEqual(e('try(a / b)'), fn('try', binary('/', a, b)));
    assert.deepEqual(e('GROUPING(a, t.b)'), fn('grouping', a, column('t', 'b')));
  });

  it('parses NORMALIZE with an optional form', () => {
    assert.deepEqual(e('normalize(a)'), fn('normalize', a));
    assert.deepEqual(e('NORMALIZE(a, NFKD)'), fn('normalize', a, str('NFKD')));
  });
});

describe('parser: function calls and windows', () => {
  it('parses count(*), DISTINCT, ALL and qualified names', () => {
    assert.deepEqual(e('count(*)'), fn('count'));
    assert.deepEqual(e('f()'), fn('f'));
    assert.deepEqual(e('count(DISTINCT a)'), { ...fn('count', a), distinct: true });
    assert.deepEqual(e('count(ALL a)'), fn('count', a));
    assert.deepEqual(e('system.builtin.f(a)'), {
      kind: 'FunctionCall',
      name: qname('system', 'builtin', 'f'),
      args: [a],
      distinct: false,
    });
  });

  it('parses ORDER BY inside a call and FILTER after it', () => {
    assert.deepEqual(e('array_agg(a ORDER BY b DESC) FILTER (WHERE c)'), {
      ...fn('array_agg', a),
      orderBy: [{ kind: 'SortItem', key: b, ordering: 'DESC' }],
      filter: c,
    });
  });

  it('parses OVER with partitioning, ordering and frames', () => {
    assert.deepEqual(
      e('sum(a) OVER (PARTITION BY b, c ORDER BY x NULLS FIRST ROWS BETWEEN 2 PRECEDING AND UNBOUNDED FOLLOWING)'),
      {
        ...fn('sum', a),
        window: {
          kind: 'WindowSpecification',
          partitionBy: [b, c],
          orderBy: [{ kind: 'SortItem', key: x, ordering: 'ASC', nullOrdering: 'FIRST' }],
          frame: {
            kind: 'WindowFrame',
            type: 'ROWS',
            start: { kind: 'FrameBound', type: 'PRECEDING', value: int('2') },
            end: { kind: 'FrameBound', type: 'UNBOUNDED_FOLLOWING' },
          },
        },
      },
    );
    assert.deepEqual(e('rank() OVER ()'), {
      ...fn('rank'),
      window: { kind: 'WindowSpecification', partitionBy: [], orderBy: [] },
    });
    const frame = (sql: string) => (e(`f() OVER (${sql})`) as { window: { frame: unknown } }).window.frame;
    assert.deepEqual(frame('RANGE UNBOUNDED PRECEDING'), {
      kind: 'WindowFrame',
      type: 'RANGE',
      start: { kind: 'FrameBound', type: 'UNBOUNDED_PRECEDING' },
    });
    assert.deepEqual(frame('GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING'), {
      kind: 'WindowFrame',
      type: 'GROUPS',
      start: { kind: 'FrameBound', type: 'CURRENT_ROW' },
      end: { kind: 'FrameBound', type: 'FOLLOWING', value: int('1') },
    });
  });

  it('parses named windows: OVER w and OVER (w ORDER BY ...)', () => {
    assert.deepEqual(e('rank() OVER w'), { ...fn('rank'), window: { kind: 'WindowReference', name: ident('w') } });
    assert.deepEqual(e('rank() OVER (w ORDER BY a)'), {
      ...fn('rank'),
      window: {
        kind: 'WindowSpecification',
        existingWindowName: ident('w'),
        partitionBy: [],
        orderBy: [{ kind: 'SortItem', key: a, ordering: 'ASC' }],
      },
    });
  });

  it('parses IGNORE NULLS and RESPECT NULLS before OVER', () => {
    assert.deepEqual(e('lag(a) IGNORE NULLS OVER w'), {
      ...fn('lag', a),
      window: { kind: 'WindowReference', name: ident('w') },
      nullTreatment: 'IGNORE',
    });
    assert.deepEqual((e('first_value(a) RESPECT NULLS OVER ()') as { nullTreatment: string }).nullTreatment, 'RESPECT');
  });
});

describe('parser: data types', () => {
  it('lowercases names and reads parameters', () => {
    assert.deepEqual(t('VARCHAR'), type('varchar'));
    assert.deepEqual(t('varchar(10)'), type('varchar', 10));
    assert.deepEqual(t('char(3)'), type('char', 3));
    assert.deepEqual(t('DECIMAL(10, 2)'), type('decimal', 10, 2));
    assert.deepEqual(t('decimal(10)'), type('decimal', 10));
    assert.deepEqual(t('double precision'), type('double'));
    assert.deepEqual(t('my_type'), type('my_type'));
  });

  it('spells out timestamp, time and interval names', () => {
    assert.deepEqual(t('timestamp'), type('timestamp'));
    assert.deepEqual(t('timestamp(3)'), type('timestamp', 3));
    assert.deepEqual(t('timestamp(6) WITH TIME ZONE'), type('timestamp with time zone', 6));
    assert.deepEqual(t('timestamp without time zone'), type('timestamp'));
    assert.deepEqual(t('time with time zone'), type('time with time zone'));
    assert.deepEqual(t('time(3)'), type('time', 3));
    assert.deepEqual(t('interval day to second'), type('interval day to second'));
    assert.deepEqual(t('INTERVAL YEAR TO MONTH'), type('interval year to month'));
  });

  it('parses array and map in both notations', () => {
    assert.deepEqual(t('array(bigint)'), type('array', type('bigint')));
    assert.deepEqual(t('array<bigint>'), type('array', type('bigint')));
    assert.deepEqual(t('bigint array'), type('array', type('bigint')));
    assert.deepEqual(t('map(varchar, array(integer))'), type('map', type('varchar'), type('array', type('integer'))));
    assert.deepEqual(t('map<varchar,array<integer>>'), type('map', type('varchar'), type('array', type('integer'))));
  });

  it('parses row types with and without field names', () => {
    assert.deepEqual(t('row(a bigint, "B" varchar(3))'), {
      kind: 'DataType',
      name: 'row',
      parameters: [
        { kind: 'TypeParameter', type: type('bigint'), name: ident('a') },
        { kind: 'TypeParameter', type: type('varchar', 3), name: ident('B', true) },
      ],
    });
    assert.deepEqual(t('row(bigint, double precision, interval day to second, timestamp with time zone)'), {
      kind: 'DataType',
      name: 'row',
      parameters: [
        { kind: 'TypeParameter', type: type('bigint') },
        { kind: 'TypeParameter', type: type('double') },
        { kind: 'TypeParameter', type: type('interval day to second') },
        { kind: 'TypeParameter', type: type('timestamp with time zone') },
      ],
    });
  });
});

describe('parser: select lists', () => {
  it('parses *, t.*, expr.* and t.* AS (...)', () => {
    assert.deepEqual(spec('SELECT *, t.*, s.t.*, f(a).*, t.* AS (x, y) FROM t').select, [
      { kind: 'AllColumns' },
      { kind: 'AllColumns', prefix: column('t') },
      { kind: 'AllColumns', prefix: column('s', 't') },
      { kind: 'AllColumns', prefix: fn('f', a) },
      { kind: 'AllColumns', prefix: column('t'), aliases: [ident('x'), ident('y')] },
    ]);
  });

  it('parses aliases with and without AS, and DISTINCT / ALL', () => {
    const selected = spec('SELECT DISTINCT a x, b AS "Y", c FROM t');
    assert.equal(selected.distinct, true);
    assert.deepEqual(selected.select, [
      item(a, 'x'),
      { kind: 'SingleColumn', expression: b, alias: ident('Y', true) },
      item(c),
    ]);
    assert.equal(spec('SELECT ALL a').distinct, false);
  });

  it('parses a query without FROM', () => {
    assert.deepEqual(s('SELECT 1'), selectQuery([item(int('1'))]));
  });
});

describe('parser: FROM and joins', () => {
  it('turns commas into implicit joins, left-associative', () => {
    assert.deepEqual(spec('SELECT * FROM a, b, c').from, {
      kind: 'Join',
      type: 'IMPLICIT',
      left: { kind: 'Join', type: 'IMPLICIT', left: table('a'), right: table('b') },
      right: table('c'),
    });
  });

  it('parses every join type and criteria', () => {
    const from = (sql: string) => spec(`SELECT * FROM a ${sql}`).from;
    const on = { kind: 'JoinOn', condition: compare('=', column('a', 'x'), column('b', 'x')) };
    assert.deepEqual(from('JOIN b ON a.x = b.x'), {
      kind: 'Join',
      type: 'INNER',
      left: table('a'),
      right: table('b'),
      criteria: on,
    });
    assert.deepEqual(from('INNER JOIN b ON a.x = b.x'), {
      kind: 'Join',
      type: 'INNER',
      left: table('a'),
      right: table('b'),
      criteria: on,
    });
    assert.deepEqual(from('LEFT OUTER JOIN b USING (x, y)'), {
      kind: 'Join',
      type: 'LEFT',
      left: table('a'),
      right: table('b'),
      criteria: { kind: 'JoinUsing', columns: [ident('x'), ident('y')] },
    });
    assert.deepEqual((from('RIGHT JOIN b ON true') as { type: string }).type, 'RIGHT');
    assert.deepEqual((from('FULL OUTER JOIN b ON true') as { type: string }).type, 'FULL');
    assert.deepEqual(from('CROSS JOIN b'), { kind: 'Join', type: 'CROSS', left: table('a'), right: table('b') });
    assert.deepEqual(from('NATURAL JOIN b'), {
      kind: 'Join',
      type: 'INNER',
      left: table('a'),
      right: table('b'),
      criteria: { kind: 'NaturalJoin' },
    });
    assert.deepEqual((from('NATURAL LEFT JOIN b') as { type: string }).type, 'LEFT');
  });

  it('chains joins left to right and nests a join written before its ON', () => {
    assert.deepEqual(spec('SELECT * FROM a JOIN b ON x JOIN c ON y').from, {
      kind: 'Join',
      type: 'INNER',
      left: {
        kind: 'Join',
        type: 'INNER',
        left: table('a'),
        right: table('b'),
        criteria: { kind: 'JoinOn', condition: x },
      },
      right: table('c'),
      criteria: { kind: 'JoinOn', condition: column('y') },
    });
    assert.deepEqual(spec('SELECT * FROM a JOIN b JOIN c ON x ON y').from, {
      kind: 'Join',
      type: 'INNER',
      left: table('a'),
      right: {
        kind: 'Join',
        type: 'INNER',
        left: table('b'),
        right: table('c'),
        criteria: { kind: 'JoinOn', condition: x },
      },
      criteria: { kind: 'JoinOn', condition: column('y') },
    });
  });

  it('parses aliases, column aliases and qualified table names', () => {
    assert.deepEqual(spec('SELECT * FROM c.s.t AS x (p, q)').from, {
      kind: 'AliasedRelation',
      relation: table('c', 's', 't'),
      alias: ident('x'),
      columnNames: [ident('p'), ident('q')],
    });
    assert.deepEqual(spec('SELECT * FROM t x').from, {
      kind: 'AliasedRelation',
      relation: table('t'),
      alias: ident('x'),
    });
  });

  it('parses subqueries, VALUES, UNNEST, LATERAL and parenthesised joins', () => {
    assert.deepEqual(spec('SELECT * FROM (SELECT 1) s').from, {
      kind: 'AliasedRelation',
      relation: { kind: 'TableSubquery', query: { kind: 'Query', body: select1('1') } },
      alias: ident('s'),
    });
    assert.deepEqual(spec("SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(n, s)").from, {
      kind: 'AliasedRelation',
      relation: {
        kind: 'TableSubquery',
        query: {
          kind: 'Query',
          body: {
            kind: 'Values',
            rows: [
              { kind: 'Row', items: [int('1'), str('a')] },
              { kind: 'Row', items: [int('2'), str('b')] },
            ],
          },
        },
      },
      alias: ident('v'),
      columnNames: [ident('n'), ident('s')],
    });
    assert.deepEqual(spec('SELECT * FROM UNNEST(a, b) WITH ORDINALITY AS u(x, y, n)').from, {
      kind: 'AliasedRelation',
      relation: { kind: 'Unnest', expressions: [a, b], withOrdinality: true },
      alias: ident('u'),
      columnNames: [ident('x'), ident('y'), ident('n')],
    });
    assert.deepEqual(spec('SELECT * FROM t, UNNEST(t.a)').from, {
      kind: 'Join',
      type: 'IMPLICIT',
      left: table('t'),
      right: { kind: 'Unnest', expressions: [column('t', 'a')], withOrdinality: false },
    });
    assert.deepEqual(spec('SELECT * FROM LATERAL (SELECT 1)').from, {
      kind: 'Lateral',
      query: { kind: 'Query', body: select1('1') },
    });
    assert.deepEqual(spec('SELECT * FROM (a CROSS JOIN b) j').from, {
      kind: 'AliasedRelation',
      relation: { kind: 'Join', type: 'CROSS', left: table('a'), right: table('b') },
      alias: ident('j'),
    });
    assert.deepEqual(spec('SELECT * FROM ((t))').from, table('t'));
  });

  it('reads a parenthesised set operation in FROM as one subquery', () => {
    const sub = (n: string) => ({ kind: 'TableSubquery', query: { kind: 'Query', body: select1(n) } });
    assert.deepEqual(spec('SELECT * FROM ((SELECT 1) UNION ALL (SELECT 2) LIMIT 1) u').from, {
      kind: 'AliasedRelation',
      relation: {
        kind: 'TableSubquery',
        query: {
          kind: 'Query',
          body: { kind: 'SetOperation', operator: 'UNION', distinct: false, left: sub('1'), right: sub('2') },
          limit: { kind: 'Limit', count: int('1') },
        },
      },
      alias: ident('u'),
    });
  });

  it('reads LIMIT, OFFSET, FETCH and WINDOW after a table as clauses only when they fit', () => {
    assert.deepEqual(spec('SELECT * FROM t limit').from, {
      kind: 'AliasedRelation',
      relation: table('t'),
      alias: ident('limit'),
    });
    assert.deepEqual(spec('SELECT * FROM t window').from, {
      kind: 'AliasedRelation',
      relation: table('t'),
      alias: ident('window'),
    });
    const limited = s('SELECT * FROM t limit 5') as Record<string, unknown>;
    assert.deepEqual(limited.limit, { kind: 'Limit', count: int('5') });
    const offset = s('SELECT * FROM t OFFSET 2') as Record<string, unknown>;
    assert.deepEqual(offset.offset, { kind: 'Offset', count: int('2') });
    const fetched = s('SELECT * FROM t FETCH FIRST 2 ROWS ONLY') as Record<string, unknown>;
    assert.deepEqual(fetched.limit, { kind: 'FetchFirst', count: int('2'), withTies: false });
  });
});

describe('parser: WHERE, GROUP BY, HAVING, WINDOW', () => {
  it('parses WHERE and HAVING', () => {
    const selected = spec('SELECT a FROM t WHERE a > 1 GROUP BY a HAVING count(*) > 2');
    assert.deepEqual(selected.where, compare('>', a, int('1')));
    assert.deepEqual(selected.having, compare('>', fn('count'), int('2')));
  });

  it('parses GROUP BY expressions and ordinals, one SimpleGroupBy per element', () => {
    assert.deepEqual(spec('SELECT a FROM t GROUP BY a, 2, (b, c), ()').groupBy, {
      kind: 'GroupBy',
      distinct: false,
      elements: [
        { kind: 'SimpleGroupBy', expressions: [a] },
        { kind: 'SimpleGroupBy', expressions: [int('2')] },
        { kind: 'SimpleGroupBy', expressions: [b, c] },
        { kind: 'SimpleGroupBy', expressions: [] },
      ],
    });
    assert.deepEqual(spec('SELECT a FROM t GROUP BY (a + b) * 2').groupBy!.elements, [
      { kind: 'SimpleGroupBy', expressions: [binary('*', binary('+', a, b), int('2'))] },
    ]);
  });

  it('parses GROUPING SETS, ROLLUP, CUBE and their mixtures, with DISTINCT or ALL', () => {
    assert.deepEqual(
      spec('SELECT a FROM t GROUP BY DISTINCT GROUPING SETS ((a, b), (a), (), c), ROLLUP (a, b), CUBE (c), x').groupBy,
      {
        kind: 'GroupBy',
        distinct: true,
        elements: [
          { kind: 'GroupingSets', sets: [[a, b], [a], [], [c]] },
          { kind: 'Rollup', expressions: [a, b] },
          { kind: 'Cube', expressions: [c] },
          { kind: 'SimpleGroupBy', expressions: [x] },
        ],
      },
    );
    assert.equal(spec('SELECT a FROM t GROUP BY ALL a').groupBy!.distinct, false);
  });

  it('parses WINDOW definitions', () => {
    assert.deepEqual(spec('SELECT rank() OVER w FROM t WINDOW w AS (PARTITION BY a), v AS (w ORDER BY b)').windows, [
      {
        kind: 'WindowDefinition',
        name: ident('w'),
        specification: { kind: 'WindowSpecification', partitionBy: [a], orderBy: [] },
      },
      {
        kind: 'WindowDefinition',
        name: ident('v'),
        specification: {
          kind: 'WindowSpecification',
          existingWindowName: ident('w'),
          partitionBy: [],
          orderBy: [{ kind: 'SortItem', key: b, ordering: 'ASC' }],
        },
      },
    ]);
  });
});

describe('parser: query structure', () => {
  it('attaches ORDER BY, OFFSET and LIMIT to the query', () => {
    assert.deepEqual(s('SELECT a FROM t ORDER BY a DESC NULLS LAST, 2 ASC OFFSET 10 ROWS LIMIT 5'), {
      ...selectQuery([item(a)], 't'),
      orderBy: [
        { kind: 'SortItem', key: a, ordering: 'DESC', nullOrdering: 'LAST' },
        { kind: 'SortItem', key: int('2'), ordering: 'ASC' },
      ],
      offset: { kind: 'Offset', count: int('10') },
      limit: { kind: 'Limit', count: int('5') },
    });
    assert.deepEqual((s('SELECT a FROM t LIMIT ALL') as Record<string, unknown>).limit, { kind: 'Limit' });
  });

  it('parses FETCH FIRST / NEXT with ONLY or WITH TIES', () => {
    const limit = (sql: string) => (s(`SELECT a FROM t ORDER BY a ${sql}`) as Record<string, unknown>).limit;
    assert.deepEqual(limit('FETCH FIRST 3 ROWS ONLY'), { kind: 'FetchFirst', count: int('3'), withTies: false });
    assert.deepEqual(limit('FETCH NEXT ROW WITH TIES'), { kind: 'FetchFirst', withTies: true });
    assert.deepEqual(limit('OFFSET 1 ROW FETCH FIRST 1 ROW ONLY'), {
      kind: 'FetchFirst',
      count: int('1'),
      withTies: false,
    });
  });

  it('parses WITH and WITH RECURSIVE with column aliases', () => {
    assert.deepEqual(s('WITH RECURSIVE r (n) AS (SELECT 1), s AS (TABLE r) SELECT * FROM s'), {
      kind: 'Query',
      with: {
        kind: 'With',
        recursive: true,
        queries: [
          {
            kind: 'WithQuery',
            name: ident('r'),
            columnNames: [ident('n')],
            query: { kind: 'Query', body: select1('1') },
          },
          {
            kind: 'WithQuery',
            name: ident('s'),
            query: { kind: 'Query', body: { kind: 'TableQuery', name: qname('r') } },
          },
        ],
      },
      body: {
        kind: 'QuerySpecification',
        distinct: false,
        select: [{ kind: 'AllColumns' }],
        from: table('s'),
        windows: [],
      },
    });
  });

  it('parses TABLE t and VALUES as query bodies', () => {
    assert.deepEqual(s('TABLE c.s.t'), { kind: 'Query', body: { kind: 'TableQuery', name: qname('c', 's', 't') } });
    assert.deepEqual(s('VALUES 1, (2)'), { kind: 'Query', body: { kind: 'Values', rows: [int('1'), int('2')] } });
  });

  it('gives INTERSECT precedence over UNION and EXCEPT, all left-associative', () => {
    const set = (operator: string, distinct: boolean, left: unknown, right: unknown) => ({
      kind: 'SetOperation',
      operator,
      distinct,
      left,
      right,
    });
    assert.deepEqual(
      (s('SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 EXCEPT ALL SELECT 4') as Query).body &&
        s('SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 EXCEPT ALL SELECT 4'),
      {
        kind: 'Query',
        body: set(
          'EXCEPT',
          false,
          set('UNION', true, select1('1'), set('INTERSECT', true, select1('2'), select1('3'))),
          select1('4'),
        ),
      },
    );
    assert.deepEqual(s('SELECT 1 INTERSECT ALL SELECT 2 INTERSECT DISTINCT SELECT 3'), {
      kind: 'Query',
      body: set('INTERSECT', true, set('INTERSECT', false, select1('1'), select1('2')), select1('3')),
    });
  });

  it('makes parenthesised query bodies TableSubqueries with their own ORDER BY and LIMIT', () => {
    assert.deepEqual(s('(SELECT 1 ORDER BY 1 LIMIT 1) UNION (SELECT 2) ORDER BY 1'), {
      kind: 'Query',
      body: {
        kind: 'SetOperation',
        operator: 'UNION',
        distinct: true,
        left: {
          kind: 'TableSubquery',
          query: {
            kind: 'Query',
            body: select1('1'),
            orderBy: [{ kind: 'SortItem', key: int('1'), ordering: 'ASC' }],
            limit: { kind: 'Limit', count: int('1') },
          },
        },
        right: { kind: 'TableSubquery', query: { kind: 'Query', body: select1('2') } },
      },
      orderBy: [{ kind: 'SortItem', key: int('1'), ordering: 'ASC' }],
    });
  });

  it('accepts one trailing semicolon', () => {
    assert.deepEqual(s('SELECT 1;'), s('SELECT 1'));
    assert.deepEqual(s('SELECT 1 ; -- done'), s('SELECT 1'));
  });

  it('parses the 22 TPC-H queries', () => {
    const dir = 'test/sql/tpch';
    const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
    assert.equal(files.length, 22);
    for (const file of files) {
      const statement = parseStatement(readFileSync(join(dir, file), 'utf8'));
      assert.equal(statement.kind, 'Query', file);
    }
  });
});

describe('parser: statements', () => {
  const query1 = { kind: 'Query', body: select1('1') };

  it('parses EXPLAIN with ANALYZE, VERBOSE and options', () => {
    assert.deepEqual(s('EXPLAIN SELECT 1'), { kind: 'Explain', analyze: false, verbose: false, statement: query1 });
    assert.deepEqual(s('EXPLAIN ANALYZE VERBOSE SELECT 1'), {
      kind: 'Explain',
      analyze: true,
      verbose: true,
      statement: query1,
    });
    assert.deepEqual(s('EXPLAIN (TYPE LOGICAL, FORMAT GRAPHVIZ) SELECT 1'), {
      kind: 'Explain',
      analyze: false,
      verbose: false,
      type: 'LOGICAL',
      format: 'GRAPHVIZ',
      statement: query1,
    });
    assert.deepEqual((s('EXPLAIN (TYPE IO) SELECT 1') as Record<string, unknown>).type, 'IO');
    assert.deepEqual((s('EXPLAIN (TYPE VALIDATE) SELECT 1') as Record<string, unknown>).type, 'VALIDATE');
    assert.deepEqual((s('EXPLAIN (FORMAT TEXT) SELECT 1') as Record<string, unknown>).format, 'TEXT');
    const explained = parseStatement('EXPLAIN (SELECT 1)');
    assert.ok(explained.kind === 'Explain' && explained.statement.kind === 'Query');
    assert.equal(explained.statement.body.kind, 'TableSubquery');
  });

  it('parses SHOW statements', () => {
    assert.deepEqual(s("SHOW CATALOGS LIKE 'h%' ESCAPE '\\'"), { kind: 'ShowCatalogs', like: 'h%', escape: '\\' });
    assert.deepEqual(s('SHOW SCHEMAS'), { kind: 'ShowSchemas' });
    assert.deepEqual(s("SHOW SCHEMAS FROM hive LIKE 't%'"), {
      kind: 'ShowSchemas',
      catalog: ident('hive'),
      like: 't%',
    });
    assert.deepEqual(s('SHOW SCHEMAS IN hive'), { kind: 'ShowSchemas', catalog: ident('hive') });
    assert.deepEqual(s("SHOW TABLES FROM hive.web LIKE 'p%'"), {
      kind: 'ShowTables',
      schema: qname('hive', 'web'),
      like: 'p%',
    });
    assert.deepEqual(s('SHOW TABLES'), { kind: 'ShowTables' });
    assert.deepEqual(s('SHOW COLUMNS FROM t'), { kind: 'ShowColumns', table: qname('t') });
    assert.deepEqual(s('SHOW COLUMNS IN s.t'), { kind: 'ShowColumns', table: qname('s', 't') });
    assert.deepEqual(s("SHOW FUNCTIONS LIKE 'a%'"), { kind: 'ShowFunctions', like: 'a%' });
    assert.deepEqual(s('SHOW SESSION'), { kind: 'ShowSession' });
    assert.deepEqual(s("SHOW SESSION LIKE 'q%'"), { kind: 'ShowSession', like: 'q%' });
    assert.deepEqual(s('SHOW CREATE TABLE t'), { kind: 'ShowCreate', type: 'TABLE', name: qname('t') });
    assert.deepEqual(s('SHOW CREATE VIEW v'), { kind: 'ShowCreate', type: 'VIEW', name: qname('v') });
    assert.deepEqual(s('SHOW CREATE SCHEMA c.s'), { kind: 'ShowCreate', type: 'SCHEMA', name: qname('c', 's') });
    assert.deepEqual(s('SHOW STATS FOR t'), { kind: 'ShowStats', relation: table('t') });
    assert.deepEqual(s('SHOW STATS FOR (SELECT 1)'), {
      kind: 'ShowStats',
      relation: { kind: 'TableSubquery', query: query1 },
    });
  });

  it('parses DESCRIBE, DESC, DESCRIBE INPUT and DESCRIBE OUTPUT', () => {
    assert.deepEqual(s('DESCRIBE t'), { kind: 'ShowColumns', table: qname('t') });
    assert.deepEqual(s('DESC c.s.t'), { kind: 'ShowColumns', table: qname('c', 's', 't') });
    assert.deepEqual(s('DESCRIBE INPUT p'), { kind: 'DescribeInput', name: ident('p') });
    assert.deepEqual(s('DESCRIBE OUTPUT p'), { kind: 'DescribeOutput', name: ident('p') });
    assert.deepEqual(s('DESCRIBE input'), { kind: 'ShowColumns', table: qname('input') });
  });

  it('parses USE, SET SESSION and RESET SESSION', () => {
    assert.deepEqual(s('USE s'), { kind: 'Use', schema: ident('s') });
    assert.deepEqual(s('USE c.s'), { kind: 'Use', catalog: ident('c'), schema: ident('s') });
    assert.deepEqual(s("SET SESSION hive.x = 'y'"), { kind: 'SetSession', name: qname('hive', 'x'), value: str('y') });
    assert.deepEqual(s('SET SESSION x = 1 + 1'), {
      kind: 'SetSession',
      name: qname('x'),
      value: binary('+', int('1'), int('1')),
    });
    assert.deepEqual(s('RESET SESSION c.x'), { kind: 'ResetSession', name: qname('c', 'x') });
  });

  it('parses CREATE SCHEMA and DROP SCHEMA', () => {
    assert.deepEqual(s("CREATE SCHEMA IF NOT EXISTS c.s WITH (location = 's3://x')"), {
      kind: 'CreateSchema',
      name: qname('c', 's'),
      notExists: true,
      properties: [{ kind: 'Property', name: ident('location'), value: str('s3://x') }],
    });
    assert.deepEqual(s('CREATE SCHEMA s'), {
      kind: 'CreateSchema',
      name: qname('s'),
      notExists: false,
      properties: [],
    });
    assert.deepEqual(s('DROP SCHEMA IF EXISTS s CASCADE'), {
      kind: 'DropSchema',
      name: qname('s'),
      exists: true,
      cascade: true,
    });
    assert.deepEqual(s('DROP SCHEMA s RESTRICT'), {
      kind: 'DropSchema',
      name: qname('s'),
      exists: false,
      cascade: false,
    });
  });

  it('parses CREATE TABLE with column definitions', () => {
    assert.deepEqual(
      s(
        "CREATE TABLE IF NOT EXISTS t (id bigint NOT NULL COMMENT 'key' WITH (p = 1), name varchar(20)) COMMENT 'people' WITH (format = 'ORC')",
      ),
      {
        kind: 'CreateTable',
        name: qname('t'),
        notExists: true,
        columns: [
          {
            kind: 'ColumnDefinition',
            name: ident('id'),
            type: type('bigint'),
            nullable: false,
            comment: 'key',
            properties: [{ kind: 'Property', name: ident('p'), value: int('1') }],
          },
          { kind: 'ColumnDefinition', name: ident('name'), type: type('varchar', 20), nullable: true, properties: [] },
        ],
        comment: 'people',
        properties: [{ kind: 'Property', name: ident('format'), value: str('ORC') }],
      },
    );
  });

  it('parses CREATE TABLE AS with column names, comment, properties and data options', () => {
    assert.deepEqual(s("CREATE TABLE IF NOT EXISTS t (a, b) COMMENT 'c' WITH (x = 1) AS SELECT 1 WITH NO DATA"), {
      kind: 'CreateTableAsSelect',
      name: qname('t'),
      notExists: true,
      columnNames: [ident('a'), ident('b')],
      query: query1,
      withData: false,
      comment: 'c',
      properties: [{ kind: 'Property', name: ident('x'), value: int('1') }],
    });
    assert.deepEqual(s('CREATE TABLE t AS (SELECT 1) WITH DATA'), {
      kind: 'CreateTableAsSelect',
      name: qname('t'),
      notExists: false,
      query: query1,
      withData: true,
      properties: [],
    });
    assert.deepEqual((s('CREATE TABLE t AS SELECT 1') as Record<string, unknown>).withData, true);
  });

  it('parses INSERT, DELETE, UPDATE and TRUNCATE', () => {
    assert.deepEqual(s('INSERT INTO c.s.t (a, b) SELECT 1'), {
      kind: 'Insert',
      target: qname('c', 's', 't'),
      columns: [ident('a'), ident('b')],
      query: query1,
    });
    assert.deepEqual(s('INSERT INTO t VALUES (1, 2)'), {
      kind: 'Insert',
      target: qname('t'),
      query: { kind: 'Query', body: { kind: 'Values', rows: [{ kind: 'Row', items: [int('1'), int('2')] }] } },
    });
    assert.deepEqual(s('INSERT INTO t (SELECT 1)'), {
      kind: 'Insert',
      target: qname('t'),
      query: { kind: 'Query', body: { kind: 'TableSubquery', query: query1 } },
    });
    assert.deepEqual(s('DELETE FROM t WHERE a = 1'), {
      kind: 'Delete',
      table: qname('t'),
      where: compare('=', a, int('1')),
    });
    assert.deepEqual(s('DELETE FROM t'), { kind: 'Delete', table: qname('t') });
    assert.deepEqual(s('UPDATE t SET a = 1, b = b + 1 WHERE c'), {
      kind: 'Update',
      table: qname('t'),
      assignments: [
        { kind: 'UpdateAssignment', name: ident('a'), value: int('1') },
        { kind: 'UpdateAssignment', name: ident('b'), value: binary('+', b, int('1')) },
      ],
      where: c,
    });
    assert.deepEqual(s('TRUNCATE TABLE t'), { kind: 'TruncateTable', table: qname('t') });
  });

  it('parses COMMENT ON TABLE, VIEW and COLUMN, with a text or NULL', () => {
    assert.deepEqual(s("COMMENT ON TABLE s.t IS 'x'"), {
      kind: 'Comment',
      target: 'TABLE',
      name: qname('s', 't'),
      comment: 'x',
    });
    assert.deepEqual(s('COMMENT ON COLUMN t.a IS NULL'), {
      kind: 'Comment',
      target: 'COLUMN',
      name: qname('t', 'a'),
      comment: null,
    });
    assert.deepEqual(s("COMMENT ON VIEW v IS ''"), { kind: 'Comment', target: 'VIEW', name: qname('v'), comment: '' });
    assert.throws(
      () => s("COMMENT ON SCHEMA s IS 'x'"),
      /line 1:12: mismatched input 'SCHEMA'. Expecting: 'COLUMN', 'TABLE', 'VIEW'/,
    );
  });

  it('parses MERGE with each kind of case, and MERGE and MATCHED as ordinary names elsewhere', () => {
    assert.deepEqual(
      s(
        'MERGE INTO t AS x USING u ON x.a = u.a WHEN MATCHED AND c THEN DELETE WHEN MATCHED THEN UPDATE SET b = 1 WHEN NOT MATCHED THEN INSERT (a) VALUES (2)',
      ),
      {
        kind: 'Merge',
        target: qname('t'),
        targetAlias: ident('x'),
        source: { kind: 'Table', name: qname('u') },
        condition: compare('=', column('x', 'a'), column('u', 'a')),
        cases: [
          { kind: 'MergeDelete', condition: c },
          { kind: 'MergeUpdate', assignments: [{ kind: 'UpdateAssignment', name: ident('b'), value: int('1') }] },
          { kind: 'MergeInsert', columns: [ident('a')], values: [int('2')] },
        ],
      },
    );
    const merged = s(
      'MERGE INTO t USING (VALUES 1) s(a) ON t.a = s.a WHEN NOT MATCHED AND s.a > 0 THEN INSERT VALUES (s.a)',
    );
    assert.equal(merged.kind, 'Merge');
    assert.equal(s('SELECT merge, matched FROM t').kind, 'Query');
  });

  it('parses DROP TABLE and the ALTER TABLE forms', () => {
    assert.deepEqual(s('DROP TABLE IF EXISTS t'), { kind: 'DropTable', name: qname('t'), exists: true });
    assert.deepEqual(s('DROP TABLE t'), { kind: 'DropTable', name: qname('t'), exists: false });
    assert.deepEqual(s('ALTER TABLE IF EXISTS t RENAME TO s.u'), {
      kind: 'RenameTable',
      exists: true,
      source: qname('t'),
      target: qname('s', 'u'),
    });
    assert.deepEqual(s("ALTER TABLE t ADD COLUMN IF NOT EXISTS c double COMMENT 'x'"), {
      kind: 'AddColumn',
      table: qname('t'),
      tableExists: false,
      columnNotExists: true,
      column: {
        kind: 'ColumnDefinition',
        name: ident('c'),
        type: type('double'),
        nullable: true,
        comment: 'x',
        properties: [],
      },
    });
    assert.deepEqual(s('ALTER TABLE IF EXISTS t DROP COLUMN IF EXISTS c'), {
      kind: 'DropColumn',
      table: qname('t'),
      tableExists: true,
      columnExists: true,
      column: ident('c'),
    });
    assert.deepEqual(s('ALTER TABLE t RENAME COLUMN a TO b'), {
      kind: 'RenameColumn',
      table: qname('t'),
      tableExists: false,
      columnExists: false,
      source: ident('a'),
      target: ident('b'),
    });
  });

  it('parses CREATE [OR REPLACE] VIEW and DROP VIEW', () => {
    assert.deepEqual(s("CREATE OR REPLACE VIEW v COMMENT 'x' AS SELECT 1"), {
      kind: 'CreateView',
      name: qname('v'),
      replace: true,
      comment: 'x',
      query: query1,
    });
    assert.deepEqual(s('CREATE VIEW v AS SELECT 1'), {
      kind: 'CreateView',
      name: qname('v'),
      replace: false,
      query: query1,
    });
    assert.deepEqual(s('DROP VIEW IF EXISTS v'), { kind: 'DropView', name: qname('v'), exists: true });
  });

  it('parses PREPARE, EXECUTE and DEALLOCATE PREPARE', () => {
    assert.deepEqual(s('PREPARE p FROM SELECT ?'), {
      kind: 'Prepare',
      name: ident('p'),
      statement: {
        kind: 'Query',
        body: {
          kind: 'QuerySpecification',
          distinct: false,
          select: [item({ kind: 'Parameter', index: 0 })],
          windows: [],
        },
      },
    });
    assert.deepEqual(s("EXECUTE p USING 1, 'a'"), {
      kind: 'Execute',
      name: ident('p'),
      parameters: [int('1'), str('a')],
    });
    assert.deepEqual(s('EXECUTE p'), { kind: 'Execute', name: ident('p'), parameters: [] });
    assert.deepEqual(s('DEALLOCATE PREPARE p'), { kind: 'Deallocate', name: ident('p') });
  });

  it('parses EXECUTE IMMEDIATE, and EXECUTE of a statement prepared as "immediate"', () => {
    assert.deepEqual(s("EXECUTE IMMEDIATE 'SELECT ?' USING 1"), {
      kind: 'ExecuteImmediate',
      statement: str('SELECT ?'),
      parameters: [int('1')],
    });
    assert.deepEqual(s("execute immediate 'it''s'"), {
      kind: 'ExecuteImmediate',
      statement: str("it's"),
      parameters: [],
    });
    assert.deepEqual(s('EXECUTE immediate USING 1'), {
      kind: 'Execute',
      name: ident('immediate'),
      parameters: [int('1')],
    });
  });

  it("parses the statement inside a literal at the literal's place, so errors point into it", () => {
    assert.throws(
      () => parseStatementInLiteral('SELECT *\n FRM t', { line: 2, column: 5, offset: 30 }),
      (e: VivaceError) => e.location?.line === 3 && e.location.column === 2 && /mismatched input 'FRM'/.test(e.message),
    );
    const inner = parseStatementInLiteral('SELECT x', { line: 1, column: 19, offset: 18 });
    assert.equal(inner.kind, 'Query');
  });

  it('parses transaction statements', () => {
    assert.deepEqual(s('START TRANSACTION'), { kind: 'StartTransaction', modes: [] });
    assert.deepEqual(s('START TRANSACTION ISOLATION LEVEL READ COMMITTED, READ WRITE'), {
      kind: 'StartTransaction',
      modes: ['ISOLATION LEVEL READ COMMITTED', 'READ WRITE'],
    });
    assert.deepEqual(s('start transaction read only, isolation level serializable').kind, 'StartTransaction');
    assert.deepEqual((s('START TRANSACTION ISOLATION LEVEL REPEATABLE READ') as Record<string, unknown>).modes, [
      'ISOLATION LEVEL REPEATABLE READ',
    ]);
    assert.deepEqual((s('START TRANSACTION ISOLATION LEVEL READ UNCOMMITTED') as Record<string, unknown>).modes, [
      'ISOLATION LEVEL READ UNCOMMITTED',
    ]);
    assert.deepEqual(s('COMMIT'), { kind: 'Commit' });
    assert.deepEqual(s('COMMIT WORK'), { kind: 'Commit' });
    assert.deepEqual(s('ROLLBACK WORK'), { kind: 'Rollback' });
  });

  it('parses CALL with positional and named arguments', () => {
    assert.deepEqual(s("CALL system.sync(1, schema_name => 'x')"), {
      kind: 'Call',
      name: qname('system', 'sync'),
      arguments: [
        { kind: 'CallArgument', value: int('1') },
        { kind: 'CallArgument', name: ident('schema_name'), value: str('x') },
      ],
    });
    assert.deepEqual(s('CALL p()'), { kind: 'Call', name: qname('p'), arguments: [] });
  });

  it('parses CREATE TABLE without a column list when properties say where the columns come from', () => {
    assert.deepEqual(s("CREATE TABLE t WITH (external_location = 'x')"), {
      kind: 'CreateTable',
      name: qname('t'),
      notExists: false,
      columns: [],
      properties: [{ kind: 'Property', name: ident('external_location'), value: str('x') }],
    });
    assert.equal(s('CREATE TABLE t WITH (x = 1) AS SELECT 1').kind, 'CreateTableAsSelect');
    assert.throws(() => s('CREATE TABLE t'), /mismatched input/);
  });

  it('parses ANALYZE with properties', () => {
    assert.deepEqual(s('ANALYZE c.s.t'), { kind: 'Analyze', table: qname('c', 's', 't'), properties: [] });
    assert.deepEqual(s('ANALYZE t WITH (x = 1)'), {
      kind: 'Analyze',
      table: qname('t'),
      properties: [{ kind: 'Property', name: ident('x'), value: int('1') }],
    });
  });
});

describe('parser: positions', () => {
  it('puts nodes at their first token and binary operators at the operator, 1-based line and column, 0-based offset', () => {
    const statement = parseStatement('SELECT\n  a + b * 2 AS total\nFROM t') as Query;
    assert.deepEqual(statement.pos, { line: 1, column: 1, offset: 0 });
    const body = statement.body as QuerySpecification;
    const selected = body.select[0]!;
    assert.equal(selected.kind, 'SingleColumn');
    if (selected.kind !== 'SingleColumn') return;
    const sum = selected.expression as Extract<Expression, { kind: 'ArithmeticBinary' }>;
    assert.deepEqual(sum.pos, { line: 2, column: 5, offset: 11 });
    assert.deepEqual(sum.left.pos, { line: 2, column: 3, offset: 9 });
    const product = sum.right as Extract<Expression, { kind: 'ArithmeticBinary' }>;
    assert.deepEqual(product.pos, { line: 2, column: 9, offset: 15 });
    assert.deepEqual(product.right.pos, { line: 2, column: 11, offset: 17 });
    assert.deepEqual(selected.alias!.pos, { line: 2, column: 16, offset: 22 });
    assert.deepEqual(body.from!.pos, { line: 3, column: 6, offset: 33 });
  });

  it('places comparisons at the operator and predicates at their first keyword, as Trino', () => {
    const expression = parseExpression('x  =  f(y)') as Extract<Expression, { kind: 'Comparison' }>;
    assert.deepEqual(expression.pos, { line: 1, column: 4, offset: 3 });
    assert.deepEqual(expression.left.pos, { line: 1, column: 1, offset: 0 });
    assert.deepEqual(expression.right.pos, { line: 1, column: 7, offset: 6 });
    const between = parseExpression('  a NOT BETWEEN 1 AND 2') as Extract<Expression, { kind: 'Not' }>;
    assert.deepEqual(between.pos, { line: 1, column: 5, offset: 4 });
    assert.deepEqual(between.value.pos, { line: 1, column: 5, offset: 4 });
    const like = parseExpression('a LIKE b') as Extract<Expression, { kind: 'Like' }>;
    assert.deepEqual(like.pos, { line: 1, column: 3, offset: 2 });
    const or = parseExpression('NOT 1 OR 2');
    assert.deepEqual(or.pos, { line: 1, column: 7, offset: 6 });
    const negative = parseExpression('  -5');
    assert.deepEqual(negative.pos, { line: 1, column: 3, offset: 2 });
  });

  it('places statements, joins and subqueries at their first token', () => {
    const statement = parseStatement('  EXPLAIN SELECT * FROM a JOIN (SELECT 1) s ON true');
    assert.deepEqual(statement.pos, { line: 1, column: 3, offset: 2 });
    if (statement.kind !== 'Explain') return assert.fail('not an explain');
    const query = statement.statement as Query;
    assert.deepEqual(query.pos, { line: 1, column: 11, offset: 10 });
    const join = (query.body as QuerySpecification).from!;
    assert.equal(join.kind, 'Join');
    if (join.kind !== 'Join') return;
    assert.deepEqual(join.pos, { line: 1, column: 25, offset: 24 });
    assert.deepEqual(join.right.pos, { line: 1, column: 32, offset: 31 });
  });

  it('positions data types and their parameters', () => {
    const parsed = parseDataType(' map(varchar, bigint)');
    assert.deepEqual(parsed.pos, { line: 1, column: 2, offset: 1 });
    assert.deepEqual(parsed.parameters[1]!.pos, { line: 1, column: 15, offset: 14 });
  });
});

describe('parser: entry points', () => {
  it('returns the kinds of every statement form', () => {
    const kinds: Record<string, Statement['kind']> = {
      'SELECT 1': 'Query',
      'EXPLAIN SELECT 1': 'Explain',
      'SHOW CATALOGS': 'ShowCatalogs',
      'CALL p()': 'Call',
    };
    for (const [sql, kind] of Object.entries(kinds)) assert.equal(parseStatement(sql).kind, kind);
  });
});
