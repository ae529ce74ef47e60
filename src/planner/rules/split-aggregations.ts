/**
 * Splits a SINGLE aggregation into PARTIAL (below a future exchange: each task aggregates its own
 * rows) and FINAL (merges the partial states). The PARTIAL node outputs the grouping keys and one
 * state symbol per aggregate; a state symbol is declared with the aggregate's result type, its
 * actual representation being the execution layer's business. The FINAL aggregate takes the state
 * symbol as its only argument. Aggregations with DISTINCT or ORDER BY aggregates stay SINGLE (they
 * need all rows in one place). Not part of the default pipeline: AddExchanges applies it where it
 * inserts exchanges.
 */
import type { ResolvedFunction } from '../../functions/function-registry.js';
import type { Type } from '../../types/type.js';
import { ref } from '../expressions.js';
import type { AggregateCall, AggregationNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const splitAggregations: PlanRule = {
  name: 'SplitAggregations',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'Aggregation' && node.step === 'SINGLE' ? splitAggregation(node, context) : node,
    );
  },
};

/**
 * PARTIAL below FINAL for one SINGLE aggregation, or the node itself when it cannot be split.
 * `intermediateType` gives the type of each aggregate's state (the execution layer knows it);
 * plans whose partial states cross a network need it, in-process plans may leave it out.
 */
export function splitAggregation(
  node: AggregationNode,
  ctx: RuleContext,
  intermediateType?: (fn: ResolvedFunction) => Type,
): PlanNode {
  if (node.aggregates.some((a) => a.distinct || (a.orderBy?.length ?? 0) > 0)) return node;
  const states = node.aggregates.map((a) =>
    ctx.symbols.newSymbol(`${a.function.name}_partial`, intermediateType?.(a.function) ?? a.function.returnType),
  );
  const partialCalls: AggregateCall[] = node.aggregates.map((a, i) => ({ ...a, symbol: states[i].name }));
  const partial = ctx.factory.aggregation(node.source, node.groupingKeys, partialCalls, {
    step: 'PARTIAL',
    outputTypes: new Map(states.map((state) => [state.name, state.type] as const)),
    ...(node.groupIdSymbol !== undefined ? { groupIdSymbol: node.groupIdSymbol } : {}),
  });
  const finalCalls: AggregateCall[] = node.aggregates.map((a, i) => {
    const { mask: _mask, ...rest } = a;
    return { ...rest, args: [ref(states[i])] };
  });
  return { ...node, source: partial, aggregates: finalCalls, step: 'FINAL' };
}
