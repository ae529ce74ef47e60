/**
 * DISTINCT aggregates (`count(DISTINCT x)`, TPC-H Q16):
 * - when every aggregate is DISTINCT over the same arguments (and none has a FILTER or ORDER
 *   BY), a two-level aggregation: group by the keys and the arguments first, then aggregate
 *   plainly;
 * - otherwise one MarkDistinct per distinct argument set marks the first row of each (keys,
 *   arguments[, filter]) combination, and the aggregate becomes a plain one masked by the mark
 *   (ANDed with its FILTER mask when it has one).
 */
import { BOOLEAN } from '../../types/type.js';
import { and, ref } from '../expressions.js';
import type { AggregateCall, AggregationNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanSymbol } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const implementDistinctAggregations: PlanRule = {
  name: 'ImplementDistinctAggregations',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'Aggregation' && node.step === 'SINGLE' && node.aggregates.some((a) => a.distinct)
        ? rewrite(node, context)
        : node,
    );
  },
};

function argumentSymbols(a: AggregateCall): string[] {
  return a.args.flatMap((arg) => (arg.kind === 'Symbol' ? [arg.name] : []));
}

function rewrite(node: AggregationNode, ctx: RuleContext): PlanNode {
  const distinct = node.aggregates.filter((a) => a.distinct);
  const argumentKey = (a: AggregateCall) => JSON.stringify(argumentSymbols(a));
  const singleSet =
    distinct.length === node.aggregates.length &&
    new Set(distinct.map(argumentKey)).size === 1 &&
    distinct.every((a) => !a.mask && !(a.orderBy?.length ?? 0) && a.args.every((arg) => arg.kind === 'Symbol'));
  if (singleSet) {
    const keys = [...new Set([...node.groupingKeys, ...argumentSymbols(distinct[0])])];
    const inner = ctx.factory.aggregation(node.source, keys, []);
    return {
      ...node,
      source: inner,
      aggregates: node.aggregates.map((a) => ({ ...a, distinct: false })),
    };
  }

  let source = node.source;
  const markers = new Map<string, PlanSymbol>();
  const combined: { symbol: PlanSymbol; expression: ReturnType<typeof and> }[] = [];
  const aggregates = node.aggregates.map((a): AggregateCall => {
    if (!a.distinct) return a;
    const distinctSymbols = [...new Set([...node.groupingKeys, ...argumentSymbols(a), ...(a.mask ? [a.mask] : [])])];
    const key = JSON.stringify(distinctSymbols);
    let marker = markers.get(key);
    if (!marker) {
      marker = ctx.symbols.newSymbol('is_distinct', BOOLEAN);
      source = ctx.factory.markDistinct(source, marker, distinctSymbols);
      markers.set(key, marker);
    }
    let mask = marker;
    if (a.mask) {
      mask = ctx.symbols.newSymbol('mask', BOOLEAN);
      combined.push({
        symbol: mask,
        expression: and(ref(marker), ref({ name: a.mask, type: BOOLEAN })),
      });
    }
    return { ...a, distinct: false, mask: mask.name };
  });
  if (combined.length > 0) source = ctx.factory.projectWith(source, combined);
  return { ...node, source, aggregates };
}
