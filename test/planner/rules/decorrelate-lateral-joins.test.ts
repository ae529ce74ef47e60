/** Rule DecorrelateLateralJoins: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { decorrelateLateralJoins } from '../../../src/planner/rules/decorrelate-lateral-joins.js';
import { contextFor, first, logicalPlan, nodesOf, prepared } from '../plan-helpers.js';

describe('rule DecorrelateLateralJoins', () => {
  it('turns a correlated LATERAL subquery into a join on its correlated predicates', () => {
    const p = prepared(
      'SELECT * FROM nation n, LATERAL (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey AND r.name <> n.name)',
      [decorrelateLateralJoins],
    );
    const join = first(p, 'Join');
    assert.equal(join.joinType, 'INNER');
    assert.deepEqual(join.criteria, [{ left: 'regionkey', right: 'regionkey_1' }]);
    assert.equal(formatExpression(join.filter!), '(name_2 <> name)');
  });

  it('keeps LEFT JOIN LATERAL a LEFT join, with the ON condition', () => {
    const p = prepared(
      "SELECT * FROM nation n LEFT JOIN LATERAL (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey) x ON x.name <> 'ASIA'",
      [decorrelateLateralJoins],
    );
    const join = first(p, 'Join');
    assert.equal(join.joinType, 'LEFT');
    assert.equal(formatExpression(join.filter!), "(name_2 <> CAST('ASIA' AS varchar(25)))");
  });

  it('evaluates a correlated select list above the join', () => {
    const p = prepared('SELECT n.name, l.c FROM nation n CROSS JOIN LATERAL (SELECT n.nationkey * 10 AS c) l', [
      decorrelateLateralJoins,
    ]);
    assert.equal(nodesOf(p, 'CorrelatedJoin').length, 0);
    assert.equal(first(p, 'Join').joinType, 'INNER');
    const computed = nodesOf(p, 'Project').flatMap((n) => n.assignments.map((a) => formatExpression(a.expression)));
    assert.ok(
      computed.some((e) => e.includes('nationkey') && e.includes('10')),
      computed.join('; '),
    );
  });

  it('keeps the subquery columns NULL for LEFT JOIN LATERAL rows without a match', () => {
    const p = prepared(
      'SELECT n.name, l.c FROM nation n LEFT JOIN LATERAL (SELECT n.nationkey + r.regionkey AS c FROM region r WHERE r.regionkey > n.nationkey) l ON true',
      [decorrelateLateralJoins],
    );
    assert.equal(first(p, 'Join').joinType, 'LEFT');
    const computed = nodesOf(p, 'Project').flatMap((n) => n.assignments.map((a) => formatExpression(a.expression)));
    assert.ok(computed.includes('IF((NOT (marker IS NULL)), (nationkey + regionkey_1), null)'), computed.join('; '));
  });

  it('cannot decorrelate a LIMIT per input row', () => {
    const plan = logicalPlan(
      'SELECT * FROM nation n, LATERAL (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey LIMIT 1)',
    );
    const context = contextFor(plan);
    const result = decorrelateLateralJoins.apply(plan, context);
    assert.equal(nodesOf(result, 'CorrelatedJoin').length, 1);
    assert.equal(context.diagnostics.get(first(result, 'CorrelatedJoin').id), 'a LIMIT in a correlated subquery');
  });
});
