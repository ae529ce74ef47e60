/** Rule PredicatePushdown: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import type { PlanNode } from '../../../src/planner/plan-nodes.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { first, nodesOf, prepared } from '../plan-helpers.js';

const rules = [simplifyExpressions, predicatePushdown];

function filterOver(p: PlanNode, kind: PlanNode['kind'], table?: string): string[] {
  return nodesOf(p, 'Filter')
    .filter(
      (f) =>
        f.source.kind === kind &&
        (table === undefined || (f.source.kind === 'TableScan' && f.source.table.name === table)),
    )
    .map((f) => formatExpression(f.predicate));
}

describe('rule PredicatePushdown', () => {
  it('pushes conjuncts of one side into that side and equalities into join criteria', () => {
    const p = prepared(
      "SELECT * FROM nation n, region r WHERE n.regionkey = r.regionkey AND r.name = 'ASIA' AND n.nationkey > 3",
      rules,
    );
    const join = first(p, 'Join');
    assert.deepEqual(join.criteria, [{ left: 'regionkey', right: 'regionkey_1' }]);
    assert.deepEqual(filterOver(p, 'TableScan', 'region'), ["(name_2 = 'ASIA')"]);
    assert.deepEqual(filterOver(p, 'TableScan', 'nation'), ['(nationkey > 3)']);
    assert.equal(nodesOf(p, 'Filter').length, 2);
  });

  it('derives what a two-sided OR implies for each side, keeping the OR at the join', () => {
    const p = prepared(
      "SELECT * FROM nation n, region r WHERE n.regionkey = r.regionkey AND ((n.nationkey = 1 AND r.name = 'ASIA') OR (n.nationkey = 2 AND r.name = 'EUROPE'))",
      rules,
    );
    assert.deepEqual(filterOver(p, 'TableScan', 'nation'), ['((nationkey = 1) OR (nationkey = 2))']);
    assert.deepEqual(filterOver(p, 'TableScan', 'region'), ["((name_2 = 'ASIA') OR (name_2 = 'EUROPE'))"]);
    assert.match(formatExpression(first(p, 'Join').filter!), /OR/);
  });

  it('derives nothing for a side one disjunct says nothing about', () => {
    const p = prepared(
      "SELECT * FROM nation n, region r WHERE n.regionkey = r.regionkey AND (n.nationkey = 1 OR r.name = 'ASIA')",
      rules,
    );
    assert.deepEqual(filterOver(p, 'TableScan', 'nation'), []);
    assert.deepEqual(filterOver(p, 'TableScan', 'region'), []);
  });

  it('keeps other two-sided conjuncts as the join filter', () => {
    const p = prepared('SELECT * FROM nation n, region r WHERE n.regionkey = r.regionkey AND n.name < r.name', rules);
    assert.equal(formatExpression(first(p, 'Join').filter!), '(name < name_2)');
  });

  it('projects expressions compared across the sides into criteria', () => {
    const p = prepared('SELECT * FROM nation n, region r WHERE n.regionkey + 1 = r.regionkey * 2', rules);
    const join = first(p, 'Join');
    assert.equal(join.criteria.length, 1);
    assert.equal(join.left.kind, 'Project');
    assert.equal(join.right.kind, 'Project');
  });

  it('copies a conjunct on a join key to the other side of an inner join', () => {
    const p = prepared(
      'SELECT * FROM nation n JOIN region r ON n.regionkey = r.regionkey WHERE n.regionkey = 2',
      rules,
    );
    assert.deepEqual(filterOver(p, 'TableScan', 'region'), ['(regionkey_1 = 2)']);
  });

  it('inlines projections when pushing through them', () => {
    const p = prepared('SELECT * FROM (SELECT nationkey + 1 AS k FROM nation) WHERE k > 3', rules);
    assert.deepEqual(filterOver(p, 'TableScan'), ['((nationkey + 1) > 3)']);
  });

  it('does not push a filter on the null-supplying side below a LEFT join', () => {
    const p = prepared(
      'SELECT * FROM nation n LEFT JOIN region r ON n.regionkey = r.regionkey WHERE r.name IS NULL AND n.nationkey > 1',
      rules,
    );
    assert.deepEqual(filterOver(p, 'Join'), ['(name_2 IS NULL)']);
    assert.deepEqual(filterOver(p, 'TableScan', 'nation'), ['(nationkey > 1)']);
  });

  it('pushes ON conjuncts of the null-supplying side into it, keeping those of the preserved side', () => {
    const p = prepared(
      "SELECT * FROM nation n LEFT JOIN region r ON n.regionkey = r.regionkey AND r.name <> 'ASIA' AND n.nationkey > 1",
      rules,
    );
    assert.deepEqual(filterOver(p, 'TableScan', 'region'), ["(name_2 <> 'ASIA')"]);
    assert.equal(formatExpression(first(p, 'Join').filter!), '(nationkey > 1)');
  });

  it('pushes nothing into either side of a FULL join from above', () => {
    const p = prepared(
      'SELECT * FROM nation n FULL JOIN region r ON n.regionkey = r.regionkey WHERE n.nationkey > 1',
      rules,
    );
    assert.deepEqual(filterOver(p, 'Join'), ['(nationkey > 1)']);
  });

  it('pushes conjuncts on grouping keys below an aggregation, not those on aggregates', () => {
    const p = prepared(
      'SELECT * FROM (SELECT regionkey, count(*) AS c FROM nation GROUP BY regionkey) WHERE regionkey = 1 AND c > 2',
      rules,
    );
    assert.deepEqual(filterOver(p, 'TableScan'), ['(regionkey = 1)']);
    assert.deepEqual(filterOver(p, 'Aggregation'), ['(count > 2)']);
  });

  it('pushes into every branch of a union', () => {
    const p = prepared(
      "SELECT * FROM (SELECT name FROM nation UNION ALL SELECT name FROM region) WHERE name = 'X'",
      rules,
    );
    assert.equal(filterOver(p, 'TableScan').length, 2);
  });

  it('never moves a non-deterministic conjunct', () => {
    const p = prepared(
      'SELECT * FROM (SELECT nationkey, random() AS r FROM nation) WHERE r < 0.5 AND nationkey > 1',
      rules,
    );
    assert.deepEqual(filterOver(p, 'TableScan'), ['(nationkey > 1)']);
    assert.deepEqual(filterOver(p, 'Project'), ['(r < 0.5)']);
  });
});
