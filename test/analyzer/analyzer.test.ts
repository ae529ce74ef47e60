/** What the analyzer resolves: scopes, types, coercions, aggregation, windows, subqueries. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  BoundExpression,
  JoinRelation,
  QuerySpecificationRelation,
  SetOperationRelation,
} from '../../src/analyzer/bound-tree.js';
import { analyze, columnsOf } from './analyze-helpers.js';

function specification(sql: string) {
  const body = analyze(sql).query.body;
  assert.equal(body.kind, 'QuerySpecification');
  return (body as QuerySpecificationRelation).specification;
}

describe('analyzer: names and scopes', () => {
  it('expands * and t.* in relation order, skipping nothing visible', () => {
    assert.deepEqual(columnsOf('SELECT * FROM region'), [
      'regionkey bigint',
      'name varchar(25)',
      'comment varchar(152)',
    ]);
    assert.deepEqual(columnsOf('SELECT r.*, n.name FROM region r JOIN nation n ON r.regionkey = n.regionkey'), [
      'regionkey bigint',
      'name varchar(25)',
      'comment varchar(152)',
      'name varchar(25)',
    ]);
  });

  it('resolves table-qualified, schema-qualified and catalog-qualified column names', () => {
    assert.deepEqual(columnsOf('SELECT region.name, tiny.region.regionkey, tpch.tiny.region.comment FROM region'), [
      'name varchar(25)',
      'regionkey bigint',
      'comment varchar(152)',
    ]);
  });

  it('treats identifiers case-insensitively, quoted or not, and reports them lowercased', () => {
    assert.deepEqual(columnsOf('SELECT "NAME", Regionkey AS "Key" FROM REGION'), ['name varchar(25)', 'key bigint']);
  });

  it('names unnamed columns _colN by position', () => {
    assert.deepEqual(columnsOf('SELECT 1, name, 2.5 FROM region'), [
      '_col0 integer',
      'name varchar(25)',
      '_col2 decimal(2,1)',
    ]);
  });

  it('renames through table and column aliases', () => {
    assert.deepEqual(columnsOf('SELECT t.a, b FROM (SELECT regionkey, name FROM region) t (a, b)'), [
      'a bigint',
      'b varchar(25)',
    ]);
  });

  it('USING joins expose the joined column once, first, and keep qualified access', () => {
    assert.deepEqual(columnsOf('SELECT * FROM nation n JOIN region r USING (regionkey)'), [
      'regionkey bigint',
      'nationkey bigint',
      'name varchar(25)',
      'comment varchar(152)',
      'name varchar(25)',
      'comment varchar(152)',
    ]);
    assert.deepEqual(
      columnsOf('SELECT regionkey, n.regionkey, r.regionkey FROM nation n JOIN region r USING (regionkey)'),
      ['regionkey bigint', 'regionkey bigint', 'regionkey bigint'],
    );
    const body = analyze('SELECT * FROM nation NATURAL JOIN region').query.body as QuerySpecificationRelation;
    const join = body.specification.from as JoinRelation;
    assert.equal(join.using?.length, 3); // regionkey, name, comment
  });

  it('marks correlated subqueries and resolves outer references by depth', () => {
    const spec = specification(
      'SELECT name FROM nation n WHERE EXISTS (SELECT 1 FROM region r WHERE r.regionkey = n.regionkey)',
    );
    const where = spec.where as Extract<BoundExpression, { kind: 'Subquery' }>;
    assert.equal(where.kind, 'Subquery');
    assert.equal(where.subqueryKind, 'EXISTS');
    assert.equal(where.correlated, true);
    const inner = (where.query.body as QuerySpecificationRelation).specification.where;
    assert.match(JSON.stringify(inner), /"kind":"OuterRef","type":\{"kind":"bigint"\},"depth":1,"index":2/);
  });

  it('resolves WITH queries, later ones seeing earlier ones, and shadowing tables', () => {
    assert.deepEqual(
      columnsOf(
        'WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a), nation AS (SELECT 2 AS z) SELECT * FROM b, nation',
      ),
      ['y integer', 'z integer'],
    );
  });

  it('types recursive WITH queries from the anchor', () => {
    const analyzed = analyze(
      'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t',
    );
    assert.deepEqual(
      analyzed.columns.map((c) => c.name),
      ['n'],
    );
    assert.equal(analyzed.query.withQueries[0]?.recursive, true);
  });

  it('expands views with the session of their creation', () => {
    assert.deepEqual(columnsOf('SELECT * FROM memory.default.big_orders'), ['orderkey bigint', 'totalprice double']);
    assert.deepEqual(
      analyze('SELECT * FROM memory.default.big_orders').tables.map((t) => `${t.catalog}.${t.schema}.${t.name}`),
      ['tpch.tiny.orders'],
    );
  });

  it('lets lambda parameters shadow columns', () => {
    assert.deepEqual(columnsOf('SELECT transform(ARRAY[1, 2], name -> name * 2) FROM nation'), [
      '_col0 array(integer)',
    ]);
  });
});

describe('analyzer: types and coercions', () => {
  it('coerces arithmetic operands and picks Presto result types', () => {
    assert.deepEqual(
      columnsOf('SELECT nationkey + 1, size * 1.5, 1 / 2, 2.0 / 3, retailprice * 2 FROM nation, part LIMIT 1'),
      ['_col0 bigint', '_col1 decimal(12,1)', '_col2 integer', '_col3 decimal(2,1)', '_col4 double'],
    );
  });

  it('inserts an implicit cast where a coercion is needed', () => {
    const spec = specification('SELECT nationkey + 1 FROM nation');
    const call = spec.select[0] as Extract<BoundExpression, { kind: 'Call' }>;
    assert.equal(call.kind, 'Call');
    assert.deepEqual(call.args[1], {
      kind: 'Cast',
      type: { kind: 'bigint' },
      value: { kind: 'Constant', type: { kind: 'integer' }, value: 1 },
      safe: false,
      implicit: true,
    });
  });

  it('types literals as Presto does', () => {
    assert.deepEqual(
      columnsOf(
        "SELECT 1, 3000000000, 1.50, 1e3, 'abc', X'00ff', DATE '2020-01-02', TIMESTAMP '2020-01-02 03:04:05.123456', INTERVAL '3' DAY, INTERVAL '1-2' YEAR TO MONTH, NULL, true",
      ),
      [
        '_col0 integer',
        '_col1 bigint',
        '_col2 decimal(3,2)',
        '_col3 double',
        '_col4 varchar(3)',
        '_col5 varbinary',
        '_col6 date',
        '_col7 timestamp(6)',
        '_col8 interval day to second',
        '_col9 interval year to month',
        '_col10 unknown',
        '_col11 boolean',
      ],
    );
    const spec = specification("SELECT DATE '1998-12-01', INTERVAL '90' DAY, INTERVAL '1-2' YEAR TO MONTH, 1.50");
    assert.deepEqual(
      spec.select.map((e) => (e as { value: unknown }).value),
      [10561, 90 * 86_400_000, 14, '150'],
    );
  });

  it('finds common types for CASE, COALESCE, IN, VALUES and set operations', () => {
    assert.deepEqual(columnsOf('SELECT CASE WHEN true THEN 1 ELSE 2.5 END, coalesce(NULL, 1, nationkey) FROM nation'), [
      '_col0 decimal(11,1)',
      '_col1 bigint',
    ]);
    assert.deepEqual(columnsOf("SELECT * FROM (VALUES (1, 'a'), (2.5, 'bcd'))"), [
      '_col0 decimal(11,1)',
      '_col1 varchar(3)',
    ]);
    const body = analyze('SELECT 1 AS a UNION ALL SELECT nationkey FROM nation').query.body as SetOperationRelation;
    assert.equal(body.kind, 'SetOperation');
    assert.deepEqual(
      body.fields.map((f) => [f.name, f.type.kind]),
      [['a', 'bigint']],
    );
  });

  it('types row fields, subscripts, map access and unnest', () => {
    assert.deepEqual(
      columnsOf(
        "SELECT point.x, tags[1], attrs['a'], ROW(1, 'a'), t.tag FROM memory.default.nested CROSS JOIN UNNEST(tags) AS t (tag)",
      ),
      ['x double', '_col1 varchar', '_col2 bigint', '_col3 row(integer, varchar(1))', 'tag varchar'],
    );
    assert.deepEqual(columnsOf("SELECT * FROM UNNEST(ARRAY[1, 2], MAP(ARRAY['a'], ARRAY[1.5])) WITH ORDINALITY"), [
      '_col0 integer',
      '_col1 varchar(1)',
      '_col2 decimal(2,1)',
      'ordinality bigint',
    ]);
  });

  it('types special forms and date/time syntax', () => {
    assert.deepEqual(
      columnsOf(
        "SELECT if(true, 1), nullif(1, 2), try(1 / 0), extract(year FROM DATE '2020-01-01'), CURRENT_DATE, CURRENT_TIMESTAMP, LOCALTIMESTAMP(6), TIMESTAMP '2020-01-01 00:00:00' AT TIME ZONE 'UTC', substring('abc' FROM 2 FOR 1), position('b' IN 'abc'), trim(LEADING 'a' FROM 'aab')",
      ),
      [
        '_col0 integer',
        '_col1 integer',
        '_col2 integer',
        '_col3 bigint',
        '_col4 date',
        '_col5 timestamp(3) with time zone',
        '_col6 timestamp(6)',
        '_col7 timestamp(0) with time zone',
        '_col8 varchar(3)',
        '_col9 bigint',
        '_col10 varchar(3)',
      ],
    );
  });
});

describe('analyzer: aggregation', () => {
  it('pulls aggregates out and rewrites grouped expressions to key references', () => {
    const spec = specification(
      'SELECT regionkey + 1, count(*), sum(nationkey) * 2, count(*) FROM nation GROUP BY regionkey + 1 HAVING count(*) > 1',
    );
    assert.equal(spec.grouping?.keys.length, 1);
    assert.deepEqual(spec.grouping?.sets, [[0]]);
    assert.equal(spec.aggregates.length, 2, 'count(*) is collected once');
    assert.equal(spec.select[0]?.kind, 'FieldRef');
    assert.equal(spec.select[1]?.kind, 'AggregateRef');
    assert.equal(spec.having?.kind, 'Call');
  });

  it('treats a query with aggregates and no GROUP BY as one global group', () => {
    const spec = specification('SELECT count(*), max(name) FROM nation');
    assert.deepEqual(spec.grouping, { keys: [], sets: [[]] });
  });

  it('groups by ordinals and select expressions', () => {
    const spec = specification('SELECT regionkey * 2, count(*) FROM nation GROUP BY 1');
    assert.equal(spec.select[0]?.kind, 'FieldRef');
  });

  it('expands ROLLUP, CUBE and GROUPING SETS and multiplies elements', () => {
    assert.deepEqual(specification('SELECT count(*) FROM nation GROUP BY ROLLUP (regionkey, name)').grouping?.sets, [
      [0, 1],
      [0],
      [],
    ]);
    assert.deepEqual(specification('SELECT count(*) FROM nation GROUP BY CUBE (regionkey, name)').grouping?.sets, [
      [0, 1],
      [0],
      [1],
      [],
    ]);
    assert.deepEqual(
      specification('SELECT count(*) FROM nation GROUP BY comment, GROUPING SETS ((regionkey), (name), ())').grouping
        ?.sets,
      [[0, 1], [0, 2], [0]],
    );
    const grouping = specification(
      'SELECT regionkey, grouping(regionkey, name) FROM nation GROUP BY ROLLUP (regionkey, name)',
    ).select[1];
    assert.deepEqual(grouping, { kind: 'Grouping', type: { kind: 'integer' }, keys: [0, 1] });
  });

  it('keeps DISTINCT, FILTER and ORDER BY of aggregates', () => {
    const spec = specification(
      "SELECT count(DISTINCT regionkey), sum(nationkey) FILTER (WHERE name LIKE 'A%'), array_agg(name ORDER BY nationkey DESC) FROM nation",
    );
    assert.equal(spec.aggregates[0]?.distinct, true);
    assert.ok(spec.aggregates[1]?.filter);
    assert.equal(spec.aggregates[2]?.orderBy[0]?.ascending, false);
    assert.deepEqual(columnsOf('SELECT array_agg(name ORDER BY nationkey) FROM nation'), ['_col0 array(varchar(25))']);
  });

  it('orders by output aliases, ordinals and input columns', () => {
    const spec = specification(
      'SELECT regionkey AS r, count(*) AS c FROM nation GROUP BY regionkey ORDER BY c DESC, 1, regionkey',
    );
    assert.equal(spec.orderBy.length, 3);
    assert.equal(spec.orderBy[0]?.expression.kind, 'AggregateRef');
    assert.equal(spec.orderBy[0]?.ascending, false);
    assert.equal(spec.orderBy[0]?.nullsFirst, false);
    assert.equal(spec.orderBy[1]?.expression.kind, 'FieldRef');
    assert.equal(spec.orderBy[2]?.expression.kind, 'FieldRef');
  });
});

describe('analyzer: windows', () => {
  it('collects window functions with their partitioning, ordering and default frame', () => {
    const spec = specification(
      'SELECT name, rank() OVER (PARTITION BY regionkey ORDER BY name), sum(nationkey) OVER w FROM nation WINDOW w AS (ORDER BY nationkey ROWS 2 PRECEDING)',
    );
    assert.equal(spec.windowFunctions.length, 2);
    const [rank, sum] = spec.windowFunctions;
    assert.equal(rank?.partitionBy.length, 1);
    assert.deepEqual(rank?.frame, {
      type: 'RANGE',
      start: { type: 'UNBOUNDED_PRECEDING' },
      end: { type: 'CURRENT_ROW' },
    });
    assert.equal(sum?.frame.type, 'ROWS');
    assert.equal(sum?.frame.start.type, 'PRECEDING');
    assert.deepEqual(columnsOf('SELECT rank() OVER (ORDER BY name), lag(name, 1) OVER (ORDER BY name) FROM nation'), [
      '_col0 bigint',
      '_col1 varchar(25)',
    ]);
  });

  it('allows windows over aggregates in a grouped query', () => {
    const spec = specification(
      'SELECT regionkey, sum(count(*)) OVER (ORDER BY regionkey) FROM nation GROUP BY regionkey',
    );
    assert.equal(spec.windowFunctions[0]?.args[0]?.kind, 'AggregateRef');
    assert.equal(spec.windowFunctions[0]?.orderBy[0]?.expression.kind, 'FieldRef');
  });
});

describe('analyzer: queries', () => {
  it('reads LIMIT, OFFSET and FETCH FIRST', () => {
    const q = analyze('SELECT name FROM nation ORDER BY name OFFSET 2 ROWS FETCH FIRST 3 ROWS WITH TIES').query;
    assert.equal(q.offset, 2);
    assert.equal(q.limit, 3);
    assert.equal(q.withTies, true);
    assert.equal(analyze('SELECT name FROM nation LIMIT ALL').query.limit, undefined);
  });

  it('orders set operations by output names and ordinals', () => {
    const q = analyze('SELECT name FROM nation UNION SELECT name FROM region ORDER BY name DESC, 1').query;
    assert.equal(q.orderBy.length, 2);
    assert.equal(q.orderBy[0]?.expression.kind, 'FieldRef');
  });

  it('records the tables a query reads, once each', () => {
    assert.deepEqual(
      analyze('SELECT * FROM nation a, nation b, tpch.sf1.region').tables.map(
        (t) => `${t.catalog}.${t.schema}.${t.name}`,
      ),
      ['tpch.tiny.nation', 'tpch.sf1.region'],
    );
  });

  it('supports LATERAL subqueries referring to the left side', () => {
    const q = analyze(
      'SELECT n.name, x.c FROM nation n, LATERAL (SELECT count(*) AS c FROM region r WHERE r.regionkey = n.regionkey) x',
    );
    assert.deepEqual(
      q.columns.map((c) => c.name),
      ['name', 'c'],
    );
    const join = (q.query.body as QuerySpecificationRelation).specification.from as JoinRelation;
    assert.equal(join.lateral, true);
  });

  it('types quantified comparisons and IN subqueries with coercion', () => {
    assert.deepEqual(
      columnsOf(
        'SELECT nationkey > ALL (SELECT regionkey FROM region), 1 IN (SELECT nationkey FROM nation) FROM nation',
      ),
      ['_col0 boolean', '_col1 boolean'],
    );
  });
});
