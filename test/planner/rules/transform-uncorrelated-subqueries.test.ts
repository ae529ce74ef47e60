/** Rule TransformUncorrelatedSubqueries: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transformUncorrelatedSubqueries } from '../../../src/planner/rules/transform-uncorrelated-subqueries.js';
import { first, nodesOf, prepared } from '../plan-helpers.js';

const rules = [transformUncorrelatedSubqueries];

describe('rule TransformUncorrelatedSubqueries', () => {
  it('turns an uncorrelated IN into a semi join', () => {
    const p = prepared('SELECT * FROM nation WHERE regionkey IN (SELECT regionkey FROM region)', rules);
    const semiJoin = first(p, 'SemiJoin');
    assert.equal(semiJoin.sourceKey, 'regionkey');
    assert.equal(semiJoin.filteringKey, 'regionkey_1');
    assert.equal(nodesOf(p, 'Apply').length, 0);
  });

  it('turns an uncorrelated EXISTS into a cross join with count(*) > 0 over one row', () => {
    const p = prepared('SELECT * FROM nation WHERE EXISTS (SELECT * FROM region)', rules);
    const join = first(p, 'Join');
    assert.equal(join.criteria.length, 0);
    assert.equal(first(join.right, 'Limit').count, 1);
    assert.equal(first(join.right, 'Aggregation').aggregates[0]?.function.name, 'count');
  });

  it('turns an uncorrelated scalar subquery into a cross join with its single row', () => {
    const p = prepared('SELECT name, (SELECT max(regionkey) FROM region) FROM nation', rules);
    const join = first(p, 'Join');
    assert.equal(join.joinType, 'INNER');
    assert.equal(join.right.kind, 'EnforceSingleRow');
  });

  it('leaves correlated subqueries alone', () => {
    const p = prepared(
      'SELECT * FROM nation n WHERE EXISTS (SELECT * FROM region r WHERE r.regionkey = n.regionkey)',
      rules,
    );
    assert.equal(nodesOf(p, 'Apply').length, 1);
  });
});
