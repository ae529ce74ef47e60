/** Rule PushSemiJoinsIntoJoinSides: a filtering semi join moves below an inner join to its key's side. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlanNode } from '../../../src/planner/plan-nodes.js';
import { decorrelateInPredicates } from '../../../src/planner/rules/decorrelate-in-predicates.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { pushSemiJoinsIntoJoinSides } from '../../../src/planner/rules/push-semi-joins-into-join-sides.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { transformUncorrelatedSubqueries } from '../../../src/planner/rules/transform-uncorrelated-subqueries.js';
import { first, nodesOf, prepared } from '../plan-helpers.js';

const before = [simplifyExpressions, transformUncorrelatedSubqueries, decorrelateInPredicates, predicatePushdown];

function semiJoinSource(p: PlanNode): PlanNode {
  return first(p, 'SemiJoin').source;
}

describe('rule PushSemiJoinsIntoJoinSides', () => {
  const sql =
    'SELECT n.name FROM nation n, region r WHERE n.regionkey = r.regionkey AND n.nationkey IN (SELECT nationkey FROM supplier)';

  it('moves the semi join to the side holding its key', () => {
    const p = prepared(sql, [...before, pushSemiJoinsIntoJoinSides]);
    const source = semiJoinSource(p);
    assert.equal(source.kind, 'TableScan');
    assert.equal((source as { table: { name: string } }).table.name, 'nation');
    const join = first(p, 'Join');
    assert.equal(nodesOf(join, 'SemiJoin').length, 1);
  });

  it('leaves a semi join whose result is selected, not filtered', () => {
    const p = prepared(
      'SELECT n.name, n.nationkey IN (SELECT nationkey FROM supplier) FROM nation n, region r WHERE n.regionkey = r.regionkey',
      [...before, pushSemiJoinsIntoJoinSides],
    );
    assert.equal(semiJoinSource(p).kind, 'Join');
  });
});
