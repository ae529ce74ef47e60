/**
 * The optimizer: a fixed sequence of rules, some groups repeated until the plan stops changing.
 * Order matters: expressions are folded and columns pruned first; subqueries are decorrelated
 * (anything left correlated is NOT_SUPPORTED, naming the pattern); DISTINCT aggregates are
 * implemented; predicates are pushed down (turning outer joins inner where a filter allows) and
 * into scans; joins are reordered by cost, then their build sides and distributions chosen;
 * limits are pushed down; finally projections are pruned and merged.
 */
import { structurallyEqual } from '../common/structural-key.js';
import { VivaceError } from '../common/vivace-error.js';
import type { PlanNode } from './plan-nodes.js';
import { walkPlan } from './plan-utils.js';
import type { PlanRule, RuleContext } from './rule.js';
import { chooseJoinDistribution } from './rules/choose-join-distribution.js';
import { decorrelateExists } from './rules/decorrelate-exists.js';
import { decorrelateInPredicates } from './rules/decorrelate-in-predicates.js';
import { decorrelateLateralJoins } from './rules/decorrelate-lateral-joins.js';
import { decorrelateScalarSubqueries } from './rules/decorrelate-scalar-subqueries.js';
import { implementDistinctAggregations } from './rules/implement-distinct-aggregations.js';
import { mergeFilters } from './rules/merge-filters.js';
import { mergeProjections } from './rules/merge-projections.js';
import { outerToInnerJoins } from './rules/outer-to-inner-joins.js';
import { predicatePushdown } from './rules/predicate-pushdown.js';
import { pruneUnusedColumns } from './rules/prune-unused-columns.js';
import { pushConstraintsIntoScans } from './rules/push-constraints-into-scans.js';
import { pushLimitsDown } from './rules/push-limits-down.js';
import { pushSemiJoinsIntoJoinSides } from './rules/push-semi-joins-into-join-sides.js';
import { reduceAggregationInputs } from './rules/reduce-aggregation-inputs.js';
import { removeRedundantEnforceSingleRow } from './rules/remove-redundant-enforce-single-row.js';
import { removeRedundantProjections } from './rules/remove-redundant-projections.js';
import { reorderJoins } from './rules/reorder-joins.js';
import { semiJoinsAsDistinctJoins } from './rules/semi-joins-as-distinct-joins.js';
import { simplifyExpressions } from './rules/simplify-expressions.js';
import { transformQuantifiedComparisons } from './rules/transform-quantified-comparisons.js';
import { transformUncorrelatedSubqueries } from './rules/transform-uncorrelated-subqueries.js';

export type OptimizerStep =
  | { readonly kind: 'rule'; readonly rule: PlanRule }
  | { readonly kind: 'fixpoint'; readonly rules: readonly PlanRule[] }
  | { readonly kind: 'check'; readonly name: string; readonly check: (plan: PlanNode, ctx: RuleContext) => void };

const once = (rule: PlanRule): OptimizerStep => ({ kind: 'rule', rule });
const repeat = (...rules: PlanRule[]): OptimizerStep => ({ kind: 'fixpoint', rules });

/** Fixpoint groups stop after this many rounds even if a rule keeps changing the plan. */
const MAX_ROUNDS = 10;

export const OPTIMIZER_STEPS: readonly OptimizerStep[] = [
  once(simplifyExpressions),
  once(pruneUnusedColumns),
  repeat(
    transformQuantifiedComparisons,
    removeRedundantEnforceSingleRow,
    transformUncorrelatedSubqueries,
    decorrelateScalarSubqueries,
    decorrelateExists,
    decorrelateInPredicates,
    decorrelateLateralJoins,
  ),
  { kind: 'check', name: 'NoCorrelatedSubqueries', check: rejectCorrelatedSubqueries },
  once(implementDistinctAggregations),
  repeat(simplifyExpressions, predicatePushdown, outerToInnerJoins, mergeFilters),
  once(pruneUnusedColumns),
  repeat(mergeProjections, removeRedundantProjections),
  once(reorderJoins),
  repeat(predicatePushdown, mergeFilters, simplifyExpressions, pushSemiJoinsIntoJoinSides),
  once(semiJoinsAsDistinctJoins),
  once(reduceAggregationInputs),
  once(pushConstraintsIntoScans),
  once(pruneUnusedColumns),
  once(chooseJoinDistribution),
  repeat(pushLimitsDown),
  repeat(pruneUnusedColumns, mergeProjections, removeRedundantProjections, mergeFilters),
];

export function optimize(
  plan: PlanNode,
  context: RuleContext,
  steps: readonly OptimizerStep[] = OPTIMIZER_STEPS,
): PlanNode {
  let current = plan;
  for (const step of steps) {
    switch (step.kind) {
      case 'rule':
        current = step.rule.apply(current, context);
        break;
      case 'check':
        step.check(current, context);
        break;
      case 'fixpoint':
        current = toFixpoint(current, step.rules, context);
        break;
    }
  }
  return current;
}

function toFixpoint(plan: PlanNode, rules: readonly PlanRule[], context: RuleContext): PlanNode {
  let current = plan;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = current;
    for (const rule of rules) current = rule.apply(current, context);
    // No rule rebuilt anything, or what they rebuilt has the same structure (rules give rebuilt
    // nodes new ids): done. The comparison shares the untouched subtrees at once.
    if (current === before || structurallyEqual(before, current, isNodeId)) break;
  }
  return current;
}

const isNodeId = (property: string) => property === 'id';

/** Anything correlated still in the plan is a pattern no rule could decorrelate. */
export function rejectCorrelatedSubqueries(plan: PlanNode, context: RuleContext): void {
  walkPlan(plan, (node) => {
    if (node.kind !== 'Apply' && node.kind !== 'CorrelatedJoin') return;
    const reason =
      context.diagnostics.get(node.id) ??
      (node.kind === 'Apply' ? `a correlated ${node.predicate.kind} subquery` : 'a correlated subquery');
    throw new VivaceError('NOT_SUPPORTED', `Given correlated subquery is not supported: ${reason}`);
  });
}
