/** Rule DecorrelateExists: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { decorrelateExists } from '../../../src/planner/rules/decorrelate-exists.js';
import { contextFor, definition, first, logicalPlan, nodesOf, prepared } from '../plan-helpers.js';

const rules = [decorrelateExists];

function resultOf(p: ReturnType<typeof prepared>, symbol: string): string {
  return definition(p, symbol) ?? '';
}

describe('rule DecorrelateExists', () => {
  it('turns one equality into a semi join on non-null keys', () => {
    const p = prepared(
      'SELECT * FROM orders o WHERE EXISTS (SELECT * FROM lineitem l WHERE l.orderkey = o.orderkey AND l.quantity > 10)',
      rules,
    );
    const semiJoin = first(p, 'SemiJoin');
    assert.equal(semiJoin.sourceKey, 'orderkey');
    assert.equal(
      formatExpression(first(semiJoin.filteringSource, 'Filter').predicate),
      `(NOT (${semiJoin.filteringKey} IS NULL))`,
    );
    assert.equal(resultOf(p, 'exists'), `COALESCE(${semiJoin.output}, false)`);
  });

  it('left-joins the distinct keys for several equalities', () => {
    const p = prepared(
      'SELECT * FROM partsupp ps WHERE EXISTS (SELECT * FROM lineitem l WHERE l.partkey = ps.partkey AND l.suppkey = ps.suppkey)',
      rules,
    );
    const join = first(p, 'Join');
    assert.equal(join.joinType, 'LEFT');
    assert.equal(join.criteria.length, 2);
    const distinct = first(join.right, 'Aggregation');
    assert.equal(distinct.groupingKeys.length, 2);
    assert.equal(distinct.aggregates.length, 0);
    assert.match(resultOf(p, 'exists'), /^\(NOT \(marker(_\d+)? IS NULL\)\)$/);
  });

  it('counts joined rows per numbered input row for other predicates (NOT EXISTS of Q21)', () => {
    const p = prepared(
      'SELECT * FROM lineitem l1 WHERE NOT EXISTS (SELECT * FROM lineitem l2 WHERE l2.orderkey = l1.orderkey AND l2.suppkey <> l1.suppkey)',
      rules,
    );
    assert.equal(nodesOf(p, 'AssignUniqueId').length, 1);
    const join = first(p, 'Join');
    assert.equal(join.criteria.length, 1);
    assert.ok(join.filter);
    assert.match(resultOf(p, 'exists'), /^\(count(_\d+)? > 0\)$/);
  });

  it('knows that a global aggregation always yields a row', () => {
    const p = prepared(
      'SELECT * FROM nation n WHERE EXISTS (SELECT count(*) FROM region r WHERE r.regionkey = n.regionkey)',
      rules,
    );
    assert.equal(resultOf(p, 'exists'), 'true');
  });

  it('pulls a predicate on a grouping key above the aggregation', () => {
    const p = prepared(
      'SELECT * FROM nation n WHERE EXISTS (SELECT r.regionkey FROM region r WHERE r.regionkey = n.regionkey GROUP BY r.regionkey)',
      rules,
    );
    assert.equal(nodesOf(p, 'Apply').length, 0);
    assert.equal(first(first(p, 'SemiJoin').filteringSource, 'Aggregation').groupingKeys.length, 1);
  });

  it('leaves correlated EXISTS it cannot decorrelate, saying why', () => {
    const plan = logicalPlan(
      'SELECT * FROM nation n WHERE EXISTS (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey GROUP BY r.name)',
    );
    const context = contextFor(plan);
    const result = decorrelateExists.apply(plan, context);
    assert.equal(context.diagnostics.get(first(result, 'Apply').id), 'an aggregation in a correlated subquery');
  });
});
