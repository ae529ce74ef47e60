/** Rule DecorrelateScalarSubqueries: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { decorrelateScalarSubqueries } from '../../../src/planner/rules/decorrelate-scalar-subqueries.js';
import { contextFor, definition, first, logicalPlan, nodesOf, prepared, projections } from '../plan-helpers.js';

const rules = [decorrelateScalarSubqueries];

describe('rule DecorrelateScalarSubqueries', () => {
  it('left-joins an aggregation grouped by the correlation key', () => {
    const p = prepared(
      'SELECT n.name, (SELECT max(s.acctbal) FROM supplier s WHERE s.nationkey = n.nationkey) FROM nation n',
      rules,
    );
    assert.equal(nodesOf(p, 'CorrelatedJoin').length, 0);
    const join = first(p, 'Join');
    assert.equal(join.joinType, 'LEFT');
    assert.deepEqual(join.criteria, [{ left: 'nationkey', right: 'nationkey_2' }]);
    assert.deepEqual(first(join.right, 'Aggregation').groupingKeys, ['nationkey_2']);
  });

  it('turns a missing group into 0 for count', () => {
    const p = prepared('SELECT (SELECT count(*) FROM supplier s WHERE s.nationkey = n.nationkey) FROM nation n', rules);
    assert.match(definition(p, 'count') ?? '', /^COALESCE\(count_\d+, 0\)$/);
  });

  it('evaluates the projection above the aggregation after the join', () => {
    const p = prepared(
      'SELECT * FROM part p WHERE p.retailprice < (SELECT 0.2 * avg(l.quantity) FROM lineitem l WHERE l.partkey = p.partkey)',
      rules,
    );
    const join = first(p, 'Join');
    assert.equal(nodesOf(join, 'Project').length, 0);
    assert.ok(projections(p).some((text) => text.endsWith(':= (CAST(0.2 AS double) * avg)')));
  });

  it('projects an outer expression used as the correlation key', () => {
    const p = prepared(
      'SELECT (SELECT max(r.name) FROM region r WHERE r.regionkey = n.regionkey + 1) FROM nation n',
      rules,
    );
    const join = first(p, 'Join');
    assert.equal(join.left.kind, 'Project');
  });

  it('numbers the input rows when the correlation is not an equality', () => {
    const p = prepared('SELECT (SELECT count(*) FROM region r WHERE r.regionkey < n.regionkey) FROM nation n', rules);
    const uniqueId = first(p, 'AssignUniqueId');
    const join = first(p, 'Join');
    assert.equal(join.joinType, 'LEFT');
    assert.equal(formatExpression(join.filter!), '(regionkey_1 < regionkey)');
    const aggregation = first(p, 'Aggregation');
    assert.ok(aggregation.groupingKeys.includes(uniqueId.idSymbol));
    assert.ok(aggregation.aggregates.every((a) => a.mask?.startsWith('marker')));
  });

  it('turns a scalar subquery without aggregation into a per-row LEFT JOIN that fails on several rows', () => {
    const sql = 'SELECT (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey) FROM nation n';
    const plan = logicalPlan(sql);
    const result = decorrelateScalarSubqueries.apply(plan, contextFor(plan));
    assert.equal(nodesOf(result, 'CorrelatedJoin').length, 0);
    assert.equal(first(result, 'Join').joinType, 'LEFT');
    const aggregation = first(result, 'Aggregation');
    assert.deepEqual(
      aggregation.aggregates.map((a) => a.function.name),
      ['count', 'arbitrary'],
    );
    assert.ok(projections(result).some((p) => p.includes('fail(') && p.includes('multiple rows')));
  });
});
