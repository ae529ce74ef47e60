/**
 * Outer joins under a filter that rejects the NULL rows they add become inner (or less outer)
 * joins: a conjunct that cannot be TRUE when every column of the null-supplying side is NULL
 * (found by substituting NULLs and folding: the result is FALSE or NULL) removes exactly those
 * rows. `x > 5` and `x = y` reject NULLs; `x IS NULL` and `COALESCE(x, 0) = 0` do not.
 */

import { ExpressionSimplifier } from '../expression-simplifier.js';
import { conjuncts, isDeterministic, nullOf, readsAny, substitute } from '../expressions.js';
import type { JoinNode, JoinType, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const outerToInnerJoins: PlanRule = {
  name: 'OuterToInnerJoins',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    const simplifier = new ExpressionSimplifier(context.registry, context.session.timeZone);
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Filter' || node.source.kind !== 'Join' || node.source.joinType === 'INNER') return node;
      const join = node.source;
      const terms = conjuncts(node.predicate).filter(isDeterministic);
      const rejectsLeft = terms.some((t) => rejectsNulls(t, join.left, simplifier));
      const rejectsRight = terms.some((t) => rejectsNulls(t, join.right, simplifier));
      const joinType = convert(join.joinType, rejectsLeft, rejectsRight);
      if (joinType === join.joinType) return node;
      const converted: JoinNode = { ...join, joinType };
      return { ...node, source: converted };
    });
  },
};

function convert(type: JoinType, rejectsLeft: boolean, rejectsRight: boolean): JoinType {
  switch (type) {
    case 'LEFT':
      return rejectsRight ? 'INNER' : type;
    case 'RIGHT':
      return rejectsLeft ? 'INNER' : type;
    case 'FULL':
      // Rejecting rows whose left side is NULL drops the right-only rows: what is left is a LEFT join.
      if (rejectsLeft && rejectsRight) return 'INNER';
      if (rejectsLeft) return 'LEFT';
      if (rejectsRight) return 'RIGHT';
      return type;
    default:
      return type;
  }
}

/** Whether `predicate` is never TRUE when all of `side`'s outputs are NULL. */
export function rejectsNulls(predicate: RowExpression, side: PlanNode, simplifier: ExpressionSimplifier): boolean {
  const symbols = new Set(side.outputs.map((s) => s.name));
  if (!readsAny(predicate, symbols)) return false;
  const nulls = new Map<string, RowExpression>(side.outputs.map((s) => [s.name, nullOf(s.type)]));
  const folded = simplifier.simplify(substitute(predicate, nulls));
  return folded.kind === 'Constant' && folded.value !== true;
}
