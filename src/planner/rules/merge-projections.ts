/**
 * A projection over another projection becomes one, inlining the inner definitions into the
 * outer expressions. An inner expression is inlined only where that duplicates no work: when it
 * is a symbol or constant, or when the outer projection reads it at most once; otherwise both
 * projections stay (a non-deterministic expression in particular is never evaluated twice).
 */
import { substitute, visitExpression } from '../expressions.js';
import type { PlanNode, ProjectNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { RowExpression } from '../row-expression.js';
import type { PlanRule } from '../rule.js';

export const mergeProjections: PlanRule = {
  name: 'MergeProjections',
  apply(plan: PlanNode): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Project' || node.source.kind !== 'Project') return node;
      return merge(node, node.source) ?? node;
    });
  },
};

function merge(outer: ProjectNode, inner: ProjectNode): ProjectNode | undefined {
  const uses = new Map<string, number>();
  for (const a of outer.assignments) {
    visitExpression(a.expression, (x) => {
      if (x.kind === 'Symbol') uses.set(x.name, (uses.get(x.name) ?? 0) + 1);
    });
  }
  const definitions = new Map<string, RowExpression>();
  for (const a of inner.assignments) {
    const trivial = a.expression.kind === 'Symbol' || a.expression.kind === 'Constant';
    if (!trivial && (uses.get(a.symbol) ?? 0) > 1) return undefined;
    definitions.set(a.symbol, a.expression);
  }
  return {
    ...outer,
    source: inner.source,
    assignments: outer.assignments.map((a) => ({
      symbol: a.symbol,
      expression: substitute(a.expression, definitions),
    })),
  };
}
