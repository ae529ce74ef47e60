/**
 * Correlated `x IN (subquery)`, with SQL's NULL semantics, as Presto decorrelates it: input rows
 * are numbered and LEFT JOINed to the subquery rows that satisfy the correlated predicates and
 * could decide the IN (`x IS NULL OR v IS NULL OR x = v`), then aggregated back per row counting
 * the equal rows and all joined rows:
 *   CASE WHEN matches > 0 THEN TRUE WHEN joined > 0 THEN NULL ELSE FALSE END
 */
import { BIGINT, BOOLEAN } from '../../types/type.js';
import { decorrelate } from '../decorrelation/decorrelator.js';
import { countOf, leftJoinPerInputRow } from '../decorrelation/subquery-joins.js';
import { constant, FALSE, isNull, nullOf, or, ref, specialForm, TRUE } from '../expressions.js';
import { identity, symbolOf } from '../plan-factory.js';
import type { ApplyNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const decorrelateInPredicates: PlanRule = {
  name: 'DecorrelateInPredicates',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'Apply' && node.predicate.kind === 'IN' && node.correlation.length > 0
        ? rewrite(node, context)
        : node,
    );
  },
};

function rewrite(node: ApplyNode, ctx: RuleContext): PlanNode {
  const p = node.predicate;
  if (p.kind !== 'IN') return node;
  const decorrelated = decorrelate(node.subquery, new Set(node.correlation), ctx.factory);
  if ('failure' in decorrelated) {
    ctx.diagnostics.set(node.id, decorrelated.failure);
    return node;
  }
  const { factory, symbols, functions } = ctx;
  const value = symbolOf(node.input, p.value);
  const column = symbolOf(decorrelated.node, p.subqueryValue);
  const x = ref(value);
  const v = ref(column);
  const decisive = or(isNull(x), isNull(v), functions.equal(x, v));
  const perRow = leftJoinPerInputRow(ctx, node.input, decorrelated.node, [...decorrelated.predicates, decisive]);
  const isMatch = symbols.newSymbol('match', BOOLEAN);
  const withMatch = factory.projectWith(perRow.joined, [{ symbol: isMatch, expression: functions.equal(x, v) }]);
  const matches = symbols.newSymbol('count', BIGINT);
  const joinedRows = symbols.newSymbol('count', BIGINT);
  const regrouped = factory.aggregation(
    withMatch,
    [...node.input.outputs.map((s) => s.name), perRow.uniqueId.name],
    [{ ...countOf(ctx, perRow.marker, matches), mask: isMatch.name }, countOf(ctx, perRow.marker, joinedRows)],
  );
  const zero = constant(0, BIGINT);
  const result = specialForm('SWITCH', BOOLEAN, [
    functions.comparison('>', ref(matches), zero),
    TRUE,
    functions.comparison('>', ref(joinedRows), zero),
    nullOf(BOOLEAN),
    FALSE,
  ]);
  return factory.project(regrouped, [
    ...identity(node.input.outputs),
    { symbol: { name: node.result, type: BOOLEAN }, expression: result },
  ]);
}
