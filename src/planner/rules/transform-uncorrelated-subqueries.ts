/**
 * Subqueries that do not refer to their input become ordinary joins:
 * - a CorrelatedJoin becomes a Join (a cross join for scalar subqueries, whose EnforceSingleRow
 *   guarantees one row);
 * - `x IN (subquery)` becomes a SemiJoin (SQL NULL semantics are the SemiJoin's);
 * - EXISTS becomes a cross join with `count(*) > 0` over the subquery's first row.
 */
import { BIGINT, BOOLEAN } from '../../types/type.js';
import { constant, ref } from '../expressions.js';
import { splitJoinCondition } from '../join-criteria.js';
import type { ApplyNode, CorrelatedJoinNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const transformUncorrelatedSubqueries: PlanRule = {
  name: 'TransformUncorrelatedSubqueries',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind === 'Apply' && node.correlation.length === 0) return applyToJoin(node, context);
      if (node.kind === 'CorrelatedJoin' && node.correlation.length === 0) return correlatedToJoin(node, context);
      return node;
    });
  },
};

function applyToJoin(node: ApplyNode, ctx: RuleContext): PlanNode {
  const { factory } = ctx;
  const result = node.outputs[node.outputs.length - 1];
  switch (node.predicate.kind) {
    case 'IN':
      return factory.semiJoin(node.input, node.subquery, node.predicate.value, node.predicate.subqueryValue, result);
    case 'EXISTS': {
      const count = ctx.symbols.newSymbol('count', BIGINT);
      const counted = factory.aggregation(
        factory.limit(node.subquery, 1),
        [],
        [{ symbol: count.name, function: ctx.functions.aggregate('count', []), args: [], distinct: false }],
      );
      const exists = factory.project(counted, [
        {
          symbol: { name: result.name, type: BOOLEAN },
          expression: ctx.functions.comparison('>', ref(count), constant(0, BIGINT)),
        },
      ]);
      return factory.join('INNER', node.input, exists);
    }
    default:
      return node;
  }
}

function correlatedToJoin(node: CorrelatedJoinNode, ctx: RuleContext): PlanNode {
  const split = splitJoinCondition(
    node.filter,
    new Set(node.input.outputs.map((s) => s.name)),
    new Set(node.subquery.outputs.map((s) => s.name)),
  );
  // One row per input row whatever happens: a LEFT join adds nothing then.
  const joinType = node.joinType === 'LEFT' && !node.filter && yieldsOneRow(node.subquery) ? 'INNER' : node.joinType;
  return ctx.factory.join(joinType, node.input, node.subquery, split.criteria, split.filter, node.outputs);
}

/** Whether a plan yields exactly one row. */
export function yieldsOneRow(node: PlanNode): boolean {
  switch (node.kind) {
    case 'EnforceSingleRow':
      return true;
    case 'Aggregation':
      return node.groupingKeys.length === 0;
    case 'Values':
      return node.rows.length === 1;
    case 'Project':
      return yieldsOneRow(node.source);
    default:
      return false;
  }
}
