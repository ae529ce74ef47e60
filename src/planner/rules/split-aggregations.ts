/**
 * Splits a SINGLE aggregation into PARTIAL (below a future exchange: each task aggregates its own
 * rows) and FINAL (merges the partial states). The PARTIAL node outputs the grouping keys and one
 * state symbol per aggregate, typed with the intermediate type the aggregate's signature declares
 * (what its accumulator emits and reads; the states cross the network between stages). The FINAL aggregate takes the state
 * symbol as its only argument. Aggregations with DISTINCT or ORDER BY aggregates stay SINGLE (they
 * need all rows in one place), as do those of aggregates that are not decomposable (listagg). Not part of the default pipeline: AddExchanges applies it where it
 * inserts exchanges.
 */
import { fail } from '../../common/invariant.js';
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

/** PARTIAL below FINAL for one SINGLE aggregation, or the node itself when it cannot be split. */
export function splitAggregation(node: AggregationNode, ctx: RuleContext): PlanNode {
  if (node.aggregates.some((a) => a.distinct || (a.orderBy?.length ?? 0) > 0 || a.function.decomposable === false)) {
    return node;
  }
  const states = node.aggregates.map((a) =>
    ctx.symbols.newSymbol(
      `${a.function.name}_partial`,
      a.function.intermediateType ?? fail(`aggregate ${a.function.signature} declares no intermediate type`),
    ),
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
