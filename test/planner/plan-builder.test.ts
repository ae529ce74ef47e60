/**
 * The plan builder: every relation and clause of the bound tree becomes the documented nodes
 * (checked on unoptimized plans).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { formatExpression } from '../../src/planner/expression-printer.js';
import type { PlanNode } from '../../src/planner/plan-nodes.js';
import { checkPlan } from '../../src/planner/plan-sanity-checker.js';
import { logicalPlan, nodesOf } from './plan-helpers.js';

function built(sql: string): PlanNode {
  const p = logicalPlan(sql);
  checkPlan(p, { allowCorrelated: true });
  return p;
}

function notSupported(sql: string, message: string): void {
  assert.throws(
    () => logicalPlan(sql),
    (e: unknown) => e instanceof VivaceError && e.errorName === 'NOT_SUPPORTED' && e.message === message,
  );
}

describe('plan builder: relations', () => {
  it('scans every column of a table with symbols named after the columns', () => {
    const [scan] = nodesOf(built('SELECT * FROM region'), 'TableScan');
    assert.deepEqual(
      scan!.outputs.map((s) => s.name),
      ['regionkey', 'name', 'comment'],
    );
  });

  it('gives repeated column names numbered symbols', () => {
    const scans = nodesOf(built('SELECT * FROM nation, region'), 'TableScan');
    assert.deepEqual(
      scans.flatMap((s) => s.outputs.map((o) => o.name)),
      ['nationkey', 'name', 'regionkey', 'comment', 'regionkey_1', 'name_2', 'comment_3'],
    );
  });

  it('names the Output columns as the analyzer does, mapping them to symbols', () => {
    const p = built('SELECT n.name, r.name, 1 + 1 FROM nation n JOIN region r ON n.regionkey = r.regionkey');
    assert.equal(p.kind, 'Output');
    if (p.kind !== 'Output') return;
    assert.deepEqual(p.columnNames, ['name', 'name', '_col2']);
    assert.deepEqual(p.columns, ['name', 'name_2', 'expr']);
  });

  it('plans VALUES as a Values node', () => {
    const [values] = nodesOf(built("SELECT * FROM (VALUES (1, 'a'), (2, 'b')) v(x, y)"), 'Values');
    assert.equal(values?.rows.length, 2);
    assert.equal(values?.outputs.length, 2);
  });

  it('plans a SELECT without FROM over one empty row', () => {
    const [values] = nodesOf(built('SELECT 1'), 'Values');
    assert.deepEqual(values?.rows, [[]]);
  });

  it('extracts equi-join criteria from ON and keeps the rest as the join filter', () => {
    const [join] = nodesOf(
      built('SELECT * FROM nation n JOIN region r ON n.regionkey = r.regionkey AND n.name < r.name'),
      'Join',
    );
    assert.deepEqual(join?.criteria, [{ left: 'regionkey', right: 'regionkey_1' }]);
    assert.equal(formatExpression(join!.filter!), '(name < name_2)');
  });

  it('plans CROSS and implicit joins as inner joins without criteria', () => {
    const [join] = nodesOf(built('SELECT * FROM nation, region'), 'Join');
    assert.equal(join?.joinType, 'INNER');
    assert.equal(join?.criteria.length, 0);
    assert.equal(join?.filter, undefined);
  });

  it('plans USING with the joined column first, from the left side', () => {
    const p = built('SELECT * FROM nation JOIN region USING (regionkey)');
    const [join] = nodesOf(p, 'Join');
    assert.deepEqual(join?.criteria, [{ left: 'regionkey', right: 'regionkey_1' }]);
    assert.deepEqual(p.kind === 'Output' && p.columns, [
      'regionkey',
      'nationkey',
      'name',
      'comment',
      'name_2',
      'comment_3',
    ]);
  });

  it('plans FULL JOIN USING with the COALESCE of both sides as the joined column', () => {
    const p = built('SELECT regionkey FROM nation FULL JOIN region USING (regionkey)');
    const coalesce = nodesOf(p, 'Project')
      .flatMap((n) => n.assignments)
      .find((a) => a.expression.kind === 'SpecialForm');
    assert.equal(formatExpression(coalesce!.expression), 'COALESCE(regionkey, regionkey_1)');
    assert.equal(nodesOf(p, 'Join')[0]?.joinType, 'FULL');
  });

  it('plans NATURAL joins on the common column names', () => {
    const [join] = nodesOf(built('SELECT * FROM nation NATURAL JOIN region'), 'Join');
    assert.equal(join?.criteria.length, 3);
  });

  it('casts USING columns of different types to their common type', () => {
    const p = built(
      'SELECT * FROM (SELECT CAST(regionkey AS integer) AS k FROM region) a JOIN (SELECT nationkey AS k FROM nation) b USING (k)',
    );
    const casts = nodesOf(p, 'Project')
      .flatMap((n) => n.assignments)
      .filter((a) => a.expression.kind === 'Cast');
    assert.ok(casts.some((c) => formatExpression(c.expression) === 'CAST(k AS bigint)'));
  });

  it('plans UNNEST with ordinality over one empty row', () => {
    const p = built('SELECT * FROM UNNEST(ARRAY[1, 2]) WITH ORDINALITY t(x, o)');
    const [unnest] = nodesOf(p, 'Unnest');
    assert.ok(unnest?.ordinality);
    assert.equal(unnest?.outer, false);
    assert.equal(unnest?.unnest[0]?.outputs.length, 1);
  });

  it('plans a lateral UNNEST replicating the relation to its left', () => {
    const [unnest] = nodesOf(
      built('SELECT n.name, x FROM nation n CROSS JOIN UNNEST(ARRAY[n.nationkey]) t(x)'),
      'Unnest',
    );
    assert.deepEqual(unnest?.replicate.slice(0, 4), ['nationkey', 'name', 'regionkey', 'comment']);
  });

  it('plans LEFT JOIN UNNEST ... ON TRUE as an outer unnest', () => {
    const [unnest] = nodesOf(
      built('SELECT x FROM nation n LEFT JOIN UNNEST(ARRAY[n.nationkey]) t(x) ON true'),
      'Unnest',
    );
    assert.equal(unnest?.outer, true);
  });

  it('unnests maps into key and value', () => {
    const [unnest] = nodesOf(built('SELECT * FROM UNNEST(MAP(ARRAY[1], ARRAY[2])) t(k, v)'), 'Unnest');
    assert.equal(unnest?.unnest[0]?.outputs.length, 2);
  });

  it('plans a LATERAL subquery as a correlated join', () => {
    const p = built('SELECT * FROM nation n, LATERAL (SELECT name FROM region r WHERE r.regionkey = n.regionkey)');
    const [join] = nodesOf(p, 'CorrelatedJoin');
    assert.equal(join?.joinType, 'INNER');
    assert.deepEqual(join?.correlation, ['regionkey']);
  });

  it('inlines a WITH query at each reference with fresh symbols', () => {
    const p = built('WITH r AS (SELECT * FROM region) SELECT * FROM r a JOIN r b ON a.regionkey = b.regionkey');
    const scans = nodesOf(p, 'TableScan');
    assert.equal(scans.length, 2);
    assert.notEqual(scans[0]!.outputs[0]!.name, scans[1]!.outputs[0]!.name);
  });

  it('resolves WITH queries by scope: an inner definition hides an outer one', () => {
    const p = built(
      'WITH x AS (SELECT 1 AS a) SELECT * FROM (WITH x AS (SELECT name AS a FROM region) SELECT * FROM x)',
    );
    assert.equal(nodesOf(p, 'TableScan').length, 1);
  });

  it('unrolls a recursive WITH query to max_recursion_depth levels plus a convergence check', () => {
    const p = built('WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t');
    const [union] = nodesOf(p, 'Union');
    // Levels 0..10 and the check: level 11 under LIMIT 1, whose projection calls fail().
    assert.equal(union?.sources.length, 12);
    assert.equal(nodesOf(p, 'Limit').length, 1);
    // Level k filters k times (each step's WHERE over the level below): 1 + 2 + ... + 11.
    assert.equal(nodesOf(p, 'Filter').length, 66);
    notSupported(
      'WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t',
      'Recursive WITH queries with UNION DISTINCT are not supported; use UNION ALL',
    );
  });
});

describe('plan builder: set operations', () => {
  it('plans UNION ALL as one Union over flattened inputs', () => {
    const p = built('SELECT name FROM nation UNION ALL SELECT name FROM region UNION ALL SELECT name FROM supplier');
    const [union] = nodesOf(p, 'Union');
    assert.equal(union?.sources.length, 3);
    assert.equal(nodesOf(p, 'Aggregation').length, 0);
  });

  it('plans UNION as Union + Aggregation on all columns', () => {
    const p = built('SELECT name FROM nation UNION SELECT name FROM region');
    const [aggregation] = nodesOf(p, 'Aggregation');
    assert.deepEqual(aggregation?.groupingKeys, [nodesOf(p, 'Union')[0]!.outputs[0]!.name]);
    assert.equal(aggregation?.aggregates.length, 0);
  });

  it('casts union inputs to the common column types', () => {
    const p = built('SELECT 1 UNION ALL SELECT CAST(2 AS bigint)');
    assert.equal(nodesOf(p, 'Union')[0]?.outputs[0]?.type.kind, 'bigint');
  });

  it('plans INTERSECT with markers counted by an aggregation', () => {
    const p = built('SELECT regionkey FROM nation INTERSECT SELECT regionkey FROM region');
    const [aggregation] = nodesOf(p, 'Aggregation');
    assert.equal(aggregation?.aggregates.length, 2);
    const [filter] = nodesOf(p, 'Filter');
    assert.match(formatExpression(filter!.predicate), /^\(\(count >= 1\) AND \(count_\d+ >= 1\)\)$/);
  });

  it('plans EXCEPT as rows of the first input absent from the second', () => {
    const [filter] = nodesOf(built('SELECT regionkey FROM nation EXCEPT SELECT regionkey FROM region'), 'Filter');
    assert.match(formatExpression(filter!.predicate), /^\(\(count >= 1\) AND \(count_\d+ = 0\)\)$/);
  });

  it('plans INTERSECT ALL and EXCEPT ALL with window counts and RowNumber', () => {
    const intersect = built('SELECT regionkey FROM nation INTERSECT ALL SELECT regionkey FROM region');
    assert.equal(nodesOf(intersect, 'RowNumber').length, 1);
    assert.equal(nodesOf(intersect, 'Window')[0]?.functions.length, 2);
    assert.match(formatExpression(nodesOf(intersect, 'Filter')[0]!.predicate), /least\(count, count_\d+\)/);
    const except = built('SELECT regionkey FROM nation EXCEPT ALL SELECT regionkey FROM region');
    assert.match(formatExpression(nodesOf(except, 'Filter')[0]!.predicate), /\(row_number <= \(count - count_\d+\)\)/);
  });
});

describe('plan builder: query clauses', () => {
  it('plans WHERE as a filter, conjuncts without subqueries first', () => {
    const p = built(
      'SELECT name FROM nation n WHERE regionkey = 1 AND EXISTS (SELECT 1 FROM region r WHERE r.regionkey = n.regionkey)',
    );
    const [apply] = nodesOf(p, 'Apply');
    assert.equal(apply?.input.kind, 'Filter');
  });

  it('plans GROUP BY as an aggregation over projected keys and arguments', () => {
    const p = built('SELECT regionkey + 1, sum(nationkey * 2) FROM nation GROUP BY regionkey + 1');
    const [aggregation] = nodesOf(p, 'Aggregation');
    assert.equal(aggregation?.groupingKeys.length, 1);
    assert.equal(aggregation?.aggregates[0]?.function.name, 'sum');
    assert.equal(aggregation?.source.kind, 'Project');
  });

  it('plans several grouping sets through GroupId', () => {
    const p = built('SELECT regionkey, nationkey, count(*) FROM nation GROUP BY ROLLUP (regionkey, nationkey)');
    const [groupId] = nodesOf(p, 'GroupId');
    assert.deepEqual(groupId?.groupingSets, [['regionkey', 'nationkey'], ['regionkey'], []]);
    const [aggregation] = nodesOf(p, 'Aggregation');
    assert.equal(aggregation?.groupIdSymbol, groupId?.groupIdSymbol);
    assert.ok(aggregation?.groupingKeys.includes(groupId!.groupIdSymbol));
  });

  it('gives an aggregate argument that is also a grouping key its own copy under GroupId', () => {
    const p = built('SELECT regionkey, max(regionkey) FROM nation GROUP BY CUBE (regionkey)');
    const [groupId] = nodesOf(p, 'GroupId');
    assert.equal(groupId?.aggregationArguments.length, 1);
    assert.notEqual(groupId?.aggregationArguments[0], 'regionkey');
  });

  it('computes GROUPING() from the group id', () => {
    const p = built('SELECT grouping(regionkey, nationkey) FROM nation GROUP BY ROLLUP (regionkey, nationkey)');
    const text = nodesOf(p, 'Project')
      .flatMap((n) => n.assignments)
      .map((a) => formatExpression(a.expression));
    assert.ok(text.includes('CASE WHEN (groupid = 0) THEN 0 WHEN (groupid = 1) THEN 1 ELSE 3 END'));
  });

  it('marks DISTINCT aggregates, masks FILTER and keeps ORDER BY of aggregates', () => {
    const p = built(
      'SELECT count(DISTINCT regionkey), count(*) FILTER (WHERE nationkey > 3), array_agg(name ORDER BY name DESC) FROM nation',
    );
    const [aggregation] = nodesOf(p, 'Aggregation');
    const [distinct, filtered, ordered] = aggregation!.aggregates;
    assert.equal(distinct?.distinct, true);
    assert.ok(filtered?.mask);
    assert.deepEqual(ordered?.orderBy, [{ symbol: 'name', ascending: false, nullsFirst: false }]);
  });

  it('plans HAVING as a filter above the aggregation', () => {
    const p = built('SELECT regionkey FROM nation GROUP BY regionkey HAVING count(*) > 2');
    const filter = nodesOf(p, 'Filter')[0]!;
    assert.equal(filter.source.kind, 'Aggregation');
  });

  it('groups window functions by identical partitioning and ordering', () => {
    const p = built(
      'SELECT rank() OVER (PARTITION BY regionkey ORDER BY name), sum(nationkey) OVER (PARTITION BY regionkey ORDER BY name), row_number() OVER () FROM nation',
    );
    const windows = nodesOf(p, 'Window');
    assert.equal(windows.length, 2);
    assert.deepEqual(windows.map((w) => w.functions.length).sort(), [1, 2]);
    const partitioned = windows.find((w) => w.functions.length === 2)!;
    assert.deepEqual(partitioned.partitionBy, ['regionkey']);
    assert.deepEqual(partitioned.orderBy, [{ symbol: 'name', ascending: true, nullsFirst: false }]);
  });

  it('projects window frame offsets into symbols', () => {
    const [window] = nodesOf(
      built('SELECT sum(nationkey) OVER (ORDER BY nationkey ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM nation'),
      'Window',
    );
    const frame = window!.functions[0]!.frame;
    assert.equal(frame.type, 'ROWS');
    assert.equal(frame.startType, 'PRECEDING');
    assert.ok(frame.startValue);
  });

  it('rejects DISTINCT window aggregates', () => {
    assert.throws(() => logicalPlan('SELECT count(DISTINCT name) OVER () FROM nation'), VivaceError);
  });

  it('plans SELECT DISTINCT as an aggregation over the outputs', () => {
    const [aggregation] = nodesOf(built('SELECT DISTINCT regionkey, regionkey + 1 FROM nation'), 'Aggregation');
    assert.equal(aggregation?.groupingKeys.length, 2);
    assert.equal(aggregation?.aggregates.length, 0);
  });

  it('sorts by ORDER BY keys not in the select list and drops them after', () => {
    const p = built('SELECT name FROM nation ORDER BY regionkey DESC');
    const [sort] = nodesOf(p, 'Sort');
    assert.deepEqual(sort?.orderBy, [{ symbol: 'regionkey', ascending: false, nullsFirst: false }]);
    assert.deepEqual(
      p.outputs.map((s) => s.name),
      ['name'],
    );
  });

  it('plans ORDER BY with LIMIT as TopN', () => {
    const [topN] = nodesOf(built('SELECT name FROM nation ORDER BY name LIMIT 3'), 'TopN');
    assert.equal(topN?.count, 3);
  });

  it('plans OFFSET and LIMIT as Offset then Limit after the Sort', () => {
    const p = built('SELECT name FROM nation ORDER BY name OFFSET 2 LIMIT 3');
    const [limit] = nodesOf(p, 'Limit');
    assert.equal(limit?.count, 3);
    assert.equal(limit?.source.kind, 'Offset');
    assert.equal((limit!.source as { source: PlanNode }).source.kind, 'Sort');
  });

  it('plans FETCH FIRST WITH TIES as a Limit with the ordering as tie-breaking scheme', () => {
    const [limit] = nodesOf(built('SELECT name FROM nation ORDER BY regionkey FETCH FIRST 2 ROWS WITH TIES'), 'Limit');
    assert.deepEqual(limit?.tiesResolvingScheme, [{ symbol: 'regionkey', ascending: true, nullsFirst: false }]);
  });

  it('orders a set operation by its output columns', () => {
    const [sort] = nodesOf(built('SELECT name FROM nation UNION SELECT name FROM region ORDER BY 1 DESC'), 'Sort');
    assert.equal(sort?.orderBy[0]?.ascending, false);
  });
});

describe('plan builder: subqueries', () => {
  it('plans a scalar subquery as a correlated join over EnforceSingleRow', () => {
    const [join] = nodesOf(built('SELECT (SELECT max(regionkey) FROM region)'), 'CorrelatedJoin');
    assert.equal(join?.joinType, 'LEFT');
    assert.equal(join?.subquery.kind, 'EnforceSingleRow');
    assert.deepEqual(join?.correlation, []);
  });

  it('plans EXISTS, IN and quantified comparisons as Apply nodes', () => {
    const p = built(
      'SELECT * FROM nation n WHERE EXISTS (SELECT 1 FROM region) AND regionkey IN (SELECT regionkey FROM region) AND regionkey > ALL (SELECT regionkey FROM region)',
    );
    assert.deepEqual(
      nodesOf(p, 'Apply')
        .map((a) => a.predicate.kind)
        .sort(),
      ['EXISTS', 'IN', 'QUANTIFIED'],
    );
  });

  it('casts the subquery column of IN to the common type', () => {
    const p = built('SELECT * FROM nation WHERE regionkey IN (SELECT CAST(regionkey AS integer) FROM region)');
    const [apply] = nodesOf(p, 'Apply');
    assert.equal(apply?.subquery.kind, 'Project');
    assert.equal(apply?.subquery.outputs[0]?.type.kind, 'bigint');
  });

  it('records the correlation of a subquery', () => {
    const [apply] = nodesOf(
      built('SELECT * FROM nation n WHERE EXISTS (SELECT 1 FROM region r WHERE r.regionkey = n.regionkey)'),
      'Apply',
    );
    assert.deepEqual(apply?.correlation, ['regionkey']);
  });

  it('resolves correlated references of subqueries after aggregation to grouping keys', () => {
    const p = built(
      'SELECT n.regionkey, (SELECT count(*) FROM region r WHERE r.regionkey = n.regionkey) FROM nation n GROUP BY n.regionkey',
    );
    assert.deepEqual(nodesOf(p, 'CorrelatedJoin')[0]?.correlation, ['regionkey']);
  });

  it('rejects correlated references to columns that are not grouped', () => {
    assert.throws(
      () =>
        logicalPlan(
          'SELECT count(*), (SELECT count(*) FROM region r WHERE r.regionkey = n.regionkey) FROM nation n GROUP BY n.name',
        ),
      (e: unknown) => e instanceof VivaceError && e.errorName === 'EXPRESSION_NOT_AGGREGATE',
    );
  });

  it('rejects subqueries inside lambdas and in VALUES', () => {
    notSupported(
      'SELECT transform(ARRAY[1], x -> (SELECT max(regionkey) FROM region)) FROM nation',
      'Subqueries inside lambda expressions are not supported',
    );
    notSupported('VALUES ((SELECT 1))', 'Subqueries in VALUES are not supported');
  });

  it('attaches subqueries of an inner join ON condition to the cross product', () => {
    const p = built(
      'SELECT * FROM nation n JOIN region r ON n.regionkey = r.regionkey AND r.regionkey IN (SELECT regionkey FROM region)',
    );
    const [filter] = nodesOf(p, 'Filter');
    assert.equal(filter?.source.kind, 'Apply');
  });
});
