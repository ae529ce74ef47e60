/** A filter directly over another filter becomes one filter with both predicates ANDed. */
import { and } from '../expressions.js';
import type { PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule } from '../rule.js';

export const mergeFilters: PlanRule = {
  name: 'MergeFilters',
  apply(plan: PlanNode): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Filter' || node.source.kind !== 'Filter') return node;
      const inner = node.source;
      return {
        ...node,
        source: inner.source,
        outputs: inner.source.outputs,
        predicate: and(inner.predicate, node.predicate),
      };
    });
  },
};
