/**
 * EnforceSingleRow over a plan that always yields exactly one row (a global aggregation, a
 * one-row VALUES, through projections) checks nothing: it is removed.
 */
import type { PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule } from '../rule.js';
import { yieldsOneRow } from './transform-uncorrelated-subqueries.js';

export const removeRedundantEnforceSingleRow: PlanRule = {
  name: 'RemoveRedundantEnforceSingleRow',
  apply(plan: PlanNode): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'EnforceSingleRow' && yieldsOneRow(node.source) ? node.source : node,
    );
  },
};
