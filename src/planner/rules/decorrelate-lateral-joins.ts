/**
 * Correlated LATERAL joins: the subquery's correlated predicates are pulled out and become the
 * condition of an ordinary INNER or LEFT join. Scalar subqueries (under EnforceSingleRow) are not
 * handled here: joining them would lose the check that each input row gets at most one row.
 */

import { decorrelate } from '../decorrelation/decorrelator.js';
import { and } from '../expressions.js';
import { splitJoinCondition } from '../join-criteria.js';
import type { CorrelatedJoinNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const decorrelateLateralJoins: PlanRule = {
  name: 'DecorrelateLateralJoins',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'CorrelatedJoin' && node.correlation.length > 0 && node.subquery.kind !== 'EnforceSingleRow'
        ? rewrite(node, context)
        : node,
    );
  },
};

function rewrite(node: CorrelatedJoinNode, ctx: RuleContext): PlanNode {
  const decorrelated = decorrelate(node.subquery, new Set(node.correlation), ctx.factory);
  if ('failure' in decorrelated) {
    if (!ctx.diagnostics.has(node.id)) ctx.diagnostics.set(node.id, decorrelated.failure);
    return node;
  }
  const condition = and(...decorrelated.predicates, ...(node.filter ? [node.filter] : []));
  const split = splitJoinCondition(
    condition,
    new Set(node.input.outputs.map((s) => s.name)),
    new Set(decorrelated.node.outputs.map((s) => s.name)),
  );
  return ctx.factory.join(node.joinType, node.input, decorrelated.node, split.criteria, split.filter, node.outputs);
}
