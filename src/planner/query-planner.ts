/**
 * The planner's entry points: `buildLogicalPlan` (the plan builder alone) and `planQuery`
 * (builder, then optimizer, then a sanity check of the result).
 */
import type { AnalyzedQuery } from '../analyzer/bound-tree.js';
import { optimize } from './optimizer.js';
import { buildLogicalPlan, buildLogicalPlanWithAllocators, type PlanningContext } from './plan-builder.js';
import type { OutputNode, PlanNode } from './plan-nodes.js';
import { checkPlan } from './plan-sanity-checker.js';
import { createRuleContext, type OptimizerOptions } from './rule.js';

export type { PlanningContext };
export { buildLogicalPlan };

export interface PlanQueryContext extends PlanningContext {
  /** Optimizer settings (session properties will map here). */
  readonly options?: Partial<OptimizerOptions>;
}

/** The optimized plan of an analysed query, rooted at its Output node. */
export function planQuery(analyzed: AnalyzedQuery, context: PlanQueryContext): OutputNode {
  const logical = buildLogicalPlanWithAllocators(analyzed, context);
  const ruleContext = createRuleContext(logical.root, {
    session: context.session,
    metadata: context.metadata,
    functions: context.functions,
    symbols: logical.symbols,
    ids: logical.ids,
    ...(context.options ? { options: context.options } : {}),
  });
  const optimized: PlanNode = optimize(logical.root, ruleContext);
  checkPlan(optimized);
  return optimized as OutputNode;
}
