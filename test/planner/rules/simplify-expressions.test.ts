/** Rule SimplifyExpressions: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { first, nodesOf, prepared } from '../plan-helpers.js';

describe('rule SimplifyExpressions', () => {
  it('folds date arithmetic in filters', () => {
    const p = prepared("SELECT * FROM orders WHERE orderdate < DATE '1995-01-31' + INTERVAL '1' MONTH", [
      simplifyExpressions,
    ]);
    assert.equal(formatExpression(first(p, 'Filter').predicate), "(orderdate < DATE '1995-02-28')");
  });

  it('removes filters that are always true', () => {
    const p = prepared('SELECT * FROM nation WHERE 1 = 1', [simplifyExpressions]);
    assert.equal(nodesOf(p, 'Filter').length, 0);
  });

  it('replaces filters that are never true by an empty VALUES', () => {
    const p = prepared('SELECT name FROM nation WHERE 1 = 2 OR NULL', [simplifyExpressions]);
    assert.equal(nodesOf(p, 'TableScan').length, 0);
    assert.deepEqual(first(p, 'Values').rows, []);
  });

  it('folds the arguments of non-deterministic calls but not the calls', () => {
    const p = prepared('SELECT * FROM nation WHERE rand() < 2 - 1', [simplifyExpressions]);
    assert.equal(formatExpression(first(p, 'Filter').predicate), '(random() < 1)');
  });

  it('reads COALESCE(x, FALSE) in a filter as x, but not under NOT', () => {
    const p = prepared(
      'SELECT * FROM nation WHERE COALESCE(regionkey > 1, false) AND NOT COALESCE(nationkey > 1, false)',
      [simplifyExpressions],
    );
    assert.equal(
      formatExpression(first(p, 'Filter').predicate),
      '((regionkey > 1) AND (NOT COALESCE((nationkey > 1), false)))',
    );
  });

  it('simplifies projections too', () => {
    const p = prepared('SELECT CAST(1 AS bigint) + 2, name FROM nation', [simplifyExpressions]);
    const assignment = first(p, 'Project').assignments.find((a) => a.expression.kind === 'Constant');
    assert.deepEqual(assignment?.expression, { kind: 'Constant', type: { kind: 'bigint' }, value: 3 });
  });
});
