/**
 * Build side and distribution of joins: an inner join whose left (probe) input is estimated
 * smaller than its right (build) input swaps them; a join whose build side is estimated at most
 * `broadcastMaxRows` rows is REPLICATED (the build side copied to every task), otherwise
 * PARTITIONED on the join keys. Joins without equi-criteria are REPLICATED (nested loops), except
 * RIGHT and FULL ones, which must see the whole build side in one place. Semi joins follow the
 * size of their filtering source. Unknown estimates mean PARTITIONED and no swap.
 */
import type { JoinNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const chooseJoinDistribution: PlanRule = {
  name: 'ChooseJoinDistribution',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    const small = (node: PlanNode) => {
      const rows = context.stats.rowCount(node);
      return rows !== undefined && rows <= context.options.broadcastMaxRows;
    };
    return rewritePlan(plan, (node) => {
      if (node.kind === 'SemiJoin') {
        const distribution = small(node.filteringSource) ? 'REPLICATED' : 'PARTITIONED';
        return node.distribution === distribution ? node : { ...node, distribution };
      }
      if (node.kind !== 'Join') return node;
      const join = swapIfBuildIsLarger(node, context);
      let distribution: JoinNode['distribution'];
      if (join.joinType === 'RIGHT' || join.joinType === 'FULL') distribution = 'PARTITIONED';
      else if (join.criteria.length === 0) distribution = 'REPLICATED';
      else distribution = small(join.right) ? 'REPLICATED' : 'PARTITIONED';
      return join.distribution === distribution && join === node ? node : { ...join, distribution };
    });
  },
};

function swapIfBuildIsLarger(node: JoinNode, ctx: RuleContext): JoinNode {
  if (node.joinType !== 'INNER') return node;
  const left = ctx.stats.rowCount(node.left);
  const right = ctx.stats.rowCount(node.right);
  if (left === undefined || right === undefined || right <= left) return node;
  return {
    ...node,
    left: node.right,
    right: node.left,
    criteria: node.criteria.map((c) => ({ left: c.right, right: c.left })),
  };
}
