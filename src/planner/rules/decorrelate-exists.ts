/**
 * Correlated EXISTS (TPC-H Q4, Q21, Q22). The subquery's output columns do not matter, so its
 * top projections and sorts are dropped (a global aggregation makes EXISTS always true, LIMIT 0
 * always false); then its correlated predicates are pulled out and:
 * - one equality `inner = outer`: a SemiJoin of the outer value against the non-null inner
 *   values, EXISTS being `COALESCE(semijoin, FALSE)` (an outer NULL matches nothing);
 * - several equalities: a LEFT JOIN to the distinct inner keys with a marker, EXISTS being
 *   `marker IS NOT NULL`;
 * - any other predicate (Q21's `l2.suppkey <> l1.suppkey`): rows numbered, LEFT JOINed on the
 *   predicates and counted back per row, EXISTS being `count > 0`.
 */
import { BIGINT, BOOLEAN } from '../../types/type.js';
import { decorrelate, equalityCorrelations } from '../decorrelation/decorrelator.js';
import { countOf, leftJoinPerInputRow, projectOuterKeys, regroupPerInputRow } from '../decorrelation/subquery-joins.js';
import { coalesce, constant, FALSE, isNotNull, ref, TRUE } from '../expressions.js';
import { identity } from '../plan-factory.js';
import type { ApplyNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const decorrelateExists: PlanRule = {
  name: 'DecorrelateExists',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'Apply' && node.predicate.kind === 'EXISTS' && node.correlation.length > 0
        ? rewrite(node, context)
        : node,
    );
  },
};

function withResult(ctx: RuleContext, node: ApplyNode, source: PlanNode, expression: RowExpression): PlanNode {
  const result = { name: node.result, type: BOOLEAN };
  return ctx.factory.project(source, [...identity(node.input.outputs), { symbol: result, expression }]);
}

function rewrite(node: ApplyNode, ctx: RuleContext): PlanNode {
  let subquery = node.subquery;
  for (;;) {
    if (subquery.kind === 'Project' || subquery.kind === 'Sort') subquery = subquery.source;
    else if (subquery.kind === 'Limit' && subquery.count > 0 && !subquery.tiesResolvingScheme)
      subquery = subquery.source;
    else break;
  }
  if (subquery.kind === 'Limit' && subquery.count === 0) return withResult(ctx, node, node.input, FALSE);
  if (subquery.kind === 'Aggregation' && subquery.groupingKeys.length === 0) {
    return withResult(ctx, node, node.input, TRUE);
  }
  const correlation = new Set(node.correlation);
  const decorrelated = decorrelate(subquery, correlation, ctx.factory);
  if ('failure' in decorrelated) {
    ctx.diagnostics.set(node.id, decorrelated.failure);
    return node;
  }
  const pairs = equalityCorrelations(decorrelated.predicates, decorrelated.node, correlation);
  const { factory, symbols } = ctx;
  if (pairs && pairs.length === 1) {
    const outer = projectOuterKeys(ctx, node.input, pairs);
    const inner = pairs[0].inner;
    const filtering = factory.filter(decorrelated.node, isNotNull(ref(inner)));
    const matched = symbols.newSymbol('exists', BOOLEAN);
    const semiJoin = factory.semiJoin(outer.node, filtering, outer.keys[0].name, inner.name, matched);
    return withResult(ctx, node, semiJoin, coalesce(ref(matched), FALSE));
  }
  if (pairs && pairs.length > 1) {
    const outer = projectOuterKeys(ctx, node.input, pairs);
    const innerKeys = [...new Set(pairs.map((p) => p.inner.name))];
    const distinctKeys = factory.aggregation(decorrelated.node, innerKeys, []);
    const marker = symbols.newSymbol('marker', BOOLEAN);
    const marked = factory.projectWith(distinctKeys, [{ symbol: marker, expression: TRUE }]);
    const criteria = pairs.map((p, i) => ({ left: outer.keys[i].name, right: p.inner.name }));
    const join = factory.join('LEFT', outer.node, marked, criteria, undefined, [...outer.node.outputs, marker]);
    return withResult(ctx, node, join, isNotNull(ref(marker)));
  }
  const perRow = leftJoinPerInputRow(ctx, node.input, decorrelated.node, decorrelated.predicates);
  const count = symbols.newSymbol('count', BIGINT);
  const regrouped = regroupPerInputRow(ctx, perRow, node.input, [countOf(ctx, perRow.marker, count)]);
  return withResult(ctx, node, regrouped, ctx.functions.comparison('>', ref(count), constant(0, BIGINT)));
}
