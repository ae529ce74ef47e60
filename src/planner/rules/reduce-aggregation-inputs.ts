/**
 * An aggregation joined on one of its grouping keys with a much smaller input only needs the
 * groups that join finds: its input is first semi-joined with the small side's keys, so it
 * aggregates thousands of rows instead of millions (TPC-H Q17 and Q2: the per-part average or
 * minimum is computed only for the parts the query selected). The small side is planned twice
 * (once as the filter, once in the join); it is small by construction. The join still decides
 * which groups survive, so results are unchanged; NULL keys match nothing in either.
 */

import { BOOLEAN } from '../../types/type.js';
import { symbolOf } from '../plan-factory.js';
import type { AggregationNode, JoinNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan, withSources } from '../plan-utils.js';
import type { PlanRule, RuleContext } from '../rule.js';

/** The small side must be estimated at least this many times smaller than the aggregation's input. */
const REDUCTION_RATIO = 2;

function withFreshIds(node: PlanNode, context: RuleContext): PlanNode {
  return rewritePlan(node, (n) => ({ ...n, id: context.ids.nextId() }));
}

function reduced(
  aggregation: AggregationNode,
  key: string,
  small: PlanNode,
  smallKey: string,
  context: RuleContext,
): AggregationNode {
  const factory = context.factory;
  const keySymbol = symbolOf(small, smallKey);
  const keys = factory.projectTo(withFreshIds(small, context), [keySymbol]);
  const marker = context.symbols.newSymbol('reduced', BOOLEAN);
  const semi = factory.semiJoin(aggregation.source, keys, key, smallKey, marker);
  const filtered = factory.filter(semi, { kind: 'Symbol', name: marker.name, type: BOOLEAN });
  return { ...aggregation, source: factory.projectTo(filtered, aggregation.source.outputs) };
}

function tryReduce(join: JoinNode, side: 'left' | 'right', context: RuleContext): JoinNode | undefined {
  const aggregation = side === 'left' ? join.left : join.right;
  const small = side === 'left' ? join.right : join.left;
  if (aggregation.kind !== 'Aggregation' || aggregation.step !== 'SINGLE' || aggregation.groupIdSymbol)
    return undefined;
  if (aggregation.groupingKeys.length === 0) return undefined;
  // Already reduced (the rule runs once, but a plan may come back through it).
  if (aggregation.source.kind === 'Project' && aggregation.source.source.kind === 'Filter') {
    const filter = aggregation.source.source;
    if (filter.source.kind === 'SemiJoin' && filter.source.output.startsWith('reduced')) return undefined;
  }
  const criterion = join.criteria.find((c) => aggregation.groupingKeys.includes(side === 'left' ? c.left : c.right));
  if (criterion === undefined) return undefined;
  const smallRows = context.stats.rowCount(small);
  const inputRows = context.stats.rowCount(aggregation.source);
  if (smallRows === undefined || inputRows === undefined) return undefined;
  if (smallRows * REDUCTION_RATIO > inputRows || smallRows > context.options.broadcastMaxRows) return undefined;
  const key = side === 'left' ? criterion.left : criterion.right;
  const smallKey = side === 'left' ? criterion.right : criterion.left;
  const narrowed = reduced(aggregation, key, small, smallKey, context);
  return withSources(join, side === 'left' ? [narrowed, join.right] : [join.left, narrowed]) as JoinNode;
}

export const reduceAggregationInputs: PlanRule = {
  name: 'ReduceAggregationInputs',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Join' || node.joinType !== 'INNER') return node;
      return tryReduce(node, 'left', context) ?? tryReduce(node, 'right', context) ?? node;
    });
  },
};
