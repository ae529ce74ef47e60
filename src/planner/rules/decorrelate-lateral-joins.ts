/**
 * Correlated LATERAL joins: the subquery's correlated predicates are pulled out and become the
 * condition of an ordinary INNER or LEFT join. Scalar subqueries (under EnforceSingleRow) are not
 * handled here: joining them would lose the check that each input row gets at most one row.
 *
 * Projections at the top of the subquery that compute from the input's columns
 * (`LATERAL (SELECT t.a * 10 AS c ...)`) are evaluated above the join instead, where both sides'
 * columns are visible. Under a LEFT join a marker column tells joined rows from input rows without
 * a match, whose subquery columns must stay NULL.
 */

import { BOOLEAN } from '../../types/type.js';
import { decorrelate } from '../decorrelation/decorrelator.js';
import { and, ifThenElse, isNotNull, nullOf, readsAny, ref, TRUE } from '../expressions.js';
import { splitJoinCondition } from '../join-criteria.js';
import { identity, symbolOf } from '../plan-factory.js';
import type { CorrelatedJoinNode, PlanNode, ProjectNode } from '../plan-nodes.js';
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
  const correlation = new Set(node.correlation);
  // Correlated projections on top of the subquery, outermost first.
  const lifted: ProjectNode[] = [];
  let subquery = node.subquery;
  while (subquery.kind === 'Project' && subquery.assignments.some((a) => readsAny(a.expression, correlation))) {
    lifted.push(subquery);
    subquery = subquery.source;
  }
  const decorrelated = decorrelate(subquery, correlation, ctx.factory);
  if ('failure' in decorrelated) {
    if (!ctx.diagnostics.has(node.id)) ctx.diagnostics.set(node.id, decorrelated.failure);
    return node;
  }
  const marker = lifted.length > 0 && node.joinType === 'LEFT' ? ctx.symbols.newSymbol('marker', BOOLEAN) : undefined;
  const right = marker
    ? ctx.factory.projectWith(decorrelated.node, [{ symbol: marker, expression: TRUE }])
    : decorrelated.node;
  const condition = and(...decorrelated.predicates, ...(node.filter ? [node.filter] : []));
  const split = splitJoinCondition(
    condition,
    new Set(node.input.outputs.map((s) => s.name)),
    new Set(right.outputs.map((s) => s.name)),
  );
  if (lifted.length === 0) {
    return ctx.factory.join(node.joinType, node.input, right, split.criteria, split.filter, node.outputs);
  }
  let result: PlanNode = ctx.factory.join(node.joinType, node.input, right, split.criteria, split.filter, [
    ...node.input.outputs,
    ...right.outputs,
  ]);
  for (const projection of [...lifted].reverse()) {
    result = ctx.factory.project(result, [
      ...identity(node.input.outputs),
      ...(marker ? identity([marker]) : []),
      ...projection.assignments.map((a) => {
        const symbol = symbolOf(projection, a.symbol);
        const computed = marker !== undefined && a.expression.kind !== 'Symbol';
        return {
          symbol,
          expression: computed ? ifThenElse(isNotNull(ref(marker)), a.expression, nullOf(symbol.type)) : a.expression,
        };
      }),
    ]);
  }
  return ctx.factory.project(result, identity(node.outputs));
}
