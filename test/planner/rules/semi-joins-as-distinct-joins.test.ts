/** Rule SemiJoinsAsDistinctJoins: a semi join with a much larger filtering side is probed the other way. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decorrelateExists } from '../../../src/planner/rules/decorrelate-exists.js';
import { decorrelateInPredicates } from '../../../src/planner/rules/decorrelate-in-predicates.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { semiJoinsAsDistinctJoins } from '../../../src/planner/rules/semi-joins-as-distinct-joins.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { transformUncorrelatedSubqueries } from '../../../src/planner/rules/transform-uncorrelated-subqueries.js';
import { first, nodesOf, prepared } from '../plan-helpers.js';

const before = [
  simplifyExpressions,
  transformUncorrelatedSubqueries,
  decorrelateInPredicates,
  decorrelateExists,
  predicatePushdown,
];

describe('rule SemiJoinsAsDistinctJoins', () => {
  it('builds on the small source and keeps each source row once', () => {
    const p = prepared('SELECT name FROM region WHERE regionkey IN (SELECT regionkey FROM nation)', [
      ...before,
      semiJoinsAsDistinctJoins,
    ]);
    assert.equal(nodesOf(p, 'SemiJoin').length, 0);
    const join = first(p, 'Join');
    assert.equal(join.right.kind, 'AssignUniqueId');
    assert.equal(nodesOf(p, 'MarkDistinct').length, 1);
  });

  it('keeps the semi join when the filtering side is small', () => {
    const p = prepared('SELECT name FROM nation WHERE regionkey IN (SELECT regionkey FROM region)', [
      ...before,
      semiJoinsAsDistinctJoins,
    ]);
    assert.equal(nodesOf(p, 'SemiJoin').length, 1);
  });
});
