/** Rule PruneUnusedColumns: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pruneUnusedColumns } from '../../../src/planner/rules/prune-unused-columns.js';
import { PlanDsl } from '../plan-dsl.js';
import { applyRule, first, nodesOf, prepared } from '../plan-helpers.js';

describe('rule PruneUnusedColumns', () => {
  it('keeps only the columns a query reads in its scans', () => {
    const p = prepared('SELECT name FROM nation WHERE regionkey = 1', [pruneUnusedColumns]);
    assert.deepEqual(
      first(p, 'TableScan').assignments.map((a) => a.column),
      ['name', 'regionkey'],
    );
  });

  it('drops unused aggregates, window functions and join outputs', () => {
    const p = prepared(
      'SELECT k FROM (SELECT n.regionkey AS k, count(*) AS c, max(r.name) AS m, rank() OVER (ORDER BY n.name) AS rk FROM nation n JOIN region r ON n.regionkey = r.regionkey GROUP BY n.regionkey, n.name)',
      [pruneUnusedColumns],
    );
    assert.equal(first(p, 'Aggregation').aggregates.length, 0);
    assert.equal(nodesOf(p, 'Window').length, 0);
    const join = first(p, 'Join');
    assert.deepEqual(join.outputs.map((s) => s.name).sort(), ['name', 'regionkey']);
    assert.deepEqual(
      first(join.right, 'TableScan').assignments.map((a) => a.column),
      ['regionkey'],
    );
  });

  it('removes subqueries whose result is not used', () => {
    const p = prepared(
      'SELECT name FROM (SELECT name, regionkey IN (SELECT regionkey FROM region) AS f, (SELECT max(regionkey) FROM region) AS m FROM nation)',
      [pruneUnusedColumns],
    );
    assert.equal(nodesOf(p, 'Apply').length, 0);
    assert.equal(nodesOf(p, 'CorrelatedJoin').length, 0);
  });

  it('keeps a correlated join that can change the row count even when its columns are unused', () => {
    const p = prepared(
      'SELECT n.name FROM nation n, LATERAL (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey)',
      [pruneUnusedColumns],
    );
    assert.equal(nodesOf(p, 'CorrelatedJoin').length, 1);
  });

  it('removes unused union columns in every branch', () => {
    const p = prepared(
      'SELECT a FROM (SELECT name AS a, regionkey AS b FROM nation UNION ALL SELECT name, regionkey FROM region)',
      [pruneUnusedColumns],
    );
    const union = first(p, 'Union');
    assert.equal(union.outputs.length, 1);
    for (const scan of nodesOf(union, 'TableScan'))
      assert.deepEqual(
        scan.assignments.map((a) => a.column),
        ['name'],
      );
  });

  it('removes nodes that only add an unused symbol', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint, name varchar(25)');
    const id = dsl.symbols.newSymbol('unique', { kind: 'bigint' });
    const marker = dsl.symbols.newSymbol('marker', { kind: 'boolean' });
    const marked = dsl.factory.markDistinct(dsl.factory.assignUniqueId(scan, id), marker, ['name']);
    const root = dsl.factory.output(marked, ['name'], ['name']);
    const pruned = applyRule(pruneUnusedColumns, root);
    assert.equal(nodesOf(pruned, 'MarkDistinct').length, 0);
    assert.equal(nodesOf(pruned, 'AssignUniqueId').length, 0);
    assert.deepEqual(
      first(pruned, 'TableScan').assignments.map((a) => a.column),
      ['name'],
    );
  });

  it('keeps grouping keys and the arguments of used aggregates', () => {
    const p = prepared('SELECT s FROM (SELECT regionkey, sum(nationkey) AS s FROM nation GROUP BY regionkey)', [
      pruneUnusedColumns,
    ]);
    assert.deepEqual(first(p, 'Aggregation').groupingKeys, ['regionkey']);
    assert.deepEqual(
      first(p, 'TableScan')
        .assignments.map((a) => a.column)
        .sort(),
      ['nationkey', 'regionkey'],
    );
  });
});
