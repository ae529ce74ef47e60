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

/** The side each join type becomes when its inputs trade places. */
const SWAPPED_TYPE: Record<JoinNode['joinType'], JoinNode['joinType']> = {
  INNER: 'INNER',
  LEFT: 'RIGHT',
  RIGHT: 'LEFT',
  FULL: 'FULL',
};

/**
 * Builds the hash table on the smaller input. Outer joins trade places too (a LEFT join whose
 * preserved side is small becomes a RIGHT join building on it, as TPC-H Q21's anti joins against
 * the whole of lineitem): the engine's joins emit unmatched build rows, so either side can be the
 * preserved one. Outer joins only swap for a clear gain (their build keeps a matched flag per row).
 */
function swapIfBuildIsLarger(node: JoinNode, ctx: RuleContext): JoinNode {
  if (node.joinType === 'FULL') return node;
  const left = ctx.stats.rowCount(node.left);
  const right = ctx.stats.rowCount(node.right);
  if (left === undefined || right === undefined || right <= left) return node;
  if (node.joinType !== 'INNER' && right < left * OUTER_SWAP_RATIO) return node;
  return {
    ...node,
    joinType: SWAPPED_TYPE[node.joinType],
    left: node.right,
    right: node.left,
    criteria: node.criteria.map((c) => ({ left: c.right, right: c.left })),
  };
}

/** An outer join swaps only when its build side is estimated this many times the other. */
const OUTER_SWAP_RATIO = 4;
