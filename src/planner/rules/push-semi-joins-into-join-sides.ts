/**
 * A semi join that only filters (`Filter[in] ← SemiJoin[key IN (...)]`) above an inner join
 * moves to the join side that has its key: `x IN (subquery)` removes rows of that side before the
 * join multiplies them (TPC-H Q18: the 57 big orders are found before lineitem meets orders, not
 * after). Its output symbol stays available above the join (it is true for every row kept).
 */
import { and, conjuncts } from '../expressions.js';
import { symbolOf } from '../plan-factory.js';
import type { JoinNode, PlanNode, SemiJoinNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

function isSymbol(e: RowExpression, name: string): boolean {
  return e.kind === 'Symbol' && e.name === name;
}

export const pushSemiJoinsIntoJoinSides: PlanRule = {
  name: 'PushSemiJoinsIntoJoinSides',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Filter' || node.source.kind !== 'SemiJoin') return node;
      const semi: SemiJoinNode = node.source;
      if (semi.source.kind !== 'Join' || semi.source.joinType !== 'INNER') return node;
      const terms = conjuncts(node.predicate);
      if (!terms.some((t) => isSymbol(t, semi.output))) return node;
      const join: JoinNode = semi.source;
      const onLeft = join.left.outputs.some((o) => o.name === semi.sourceKey);
      const onRight = join.right.outputs.some((o) => o.name === semi.sourceKey);
      if (onLeft === onRight) return node;
      const side = onLeft ? join.left : join.right;
      const outputSymbol = symbolOf(semi, semi.output);
      const filteredSide = context.factory.filter(
        context.factory.semiJoin(side, semi.filteringSource, semi.sourceKey, semi.filteringKey, outputSymbol),
        { kind: 'Symbol', name: semi.output, type: outputSymbol.type },
      );
      const moved: JoinNode = {
        ...join,
        left: onLeft ? filteredSide : join.left,
        right: onRight ? filteredSide : join.right,
        outputs: [...join.outputs, outputSymbol],
      };
      const rest = terms.filter((t) => !isSymbol(t, semi.output));
      return rest.length === 0 ? moved : context.factory.filter(moved, and(...rest));
    });
  },
};
