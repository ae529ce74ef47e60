/** Rule DecorrelateInPredicates: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { decorrelateInPredicates } from '../../../src/planner/rules/decorrelate-in-predicates.js';
import { definition, first, nodesOf, prepared } from '../plan-helpers.js';

describe('rule DecorrelateInPredicates', () => {
  it('counts equal and undecided rows per numbered input row', () => {
    const p = prepared(
      'SELECT n.nationkey IN (SELECT s.nationkey FROM supplier s WHERE s.acctbal > n.regionkey) FROM nation n',
      [decorrelateInPredicates],
    );
    assert.equal(nodesOf(p, 'Apply').length, 0);
    const join = first(p, 'Join');
    assert.equal(join.joinType, 'LEFT');
    assert.match(
      formatExpression(join.filter!),
      /\(\(nationkey IS NULL\) OR \(nationkey_\d+ IS NULL\) OR \(nationkey = nationkey_\d+\)\)/,
    );
    const aggregation = first(p, 'Aggregation');
    assert.equal(aggregation.aggregates.length, 2);
    assert.ok(aggregation.aggregates[0]?.mask);
    assert.match(
      definition(p, 'in') ?? '',
      /^CASE WHEN \(count > 0\) THEN true WHEN \(count_\d+ > 0\) THEN null ELSE false END$/,
    );
  });

  it('leaves uncorrelated IN to the semi-join rule', () => {
    const p = prepared('SELECT * FROM nation WHERE regionkey IN (SELECT regionkey FROM region)', [
      decorrelateInPredicates,
    ]);
    assert.equal(nodesOf(p, 'Apply').length, 1);
  });
});
