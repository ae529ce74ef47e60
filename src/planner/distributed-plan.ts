/**
 * The distributed form of an optimized plan, composed in one place: AddExchanges inserts the
 * remote exchanges (splitting aggregations into partial and final steps, choosing join
 * distributions), then the fragmenter cuts the plan at those exchanges into the fragments a
 * cluster runs as stages. A plan small enough for one node (the placement policy's choice) gets
 * no exchanges: the whole plan is one fragment, run as one task, as it would run in process.
 * Execution on the workers and EXPLAIN (TYPE DISTRIBUTED) both call this,
 * so what EXPLAIN prints is what runs.
 */
import { addExchanges, type JoinDistributionType } from './add-exchanges.js';
import { addDynamicFilters } from './dynamic-filters.js';
import { type FragmentedPlan, fragmentPlan } from './fragmenter.js';
import type { OutputNode } from './plan-nodes.js';
import { createRuleContext, type RuleContextInput } from './rule.js';

export interface DistributedPlanOptions {
  /** Session `join_distribution_type`. */
  readonly joinDistribution: JoinDistributionType;
  /** One stage without exchanges (the plan runs as one task on one node). */
  readonly singleStage?: boolean;
  /**
   * Session `enable_dynamic_filtering`: joins' build keys narrow their probe sides' scans
   * (dynamic-filters.ts). Not for a single stage: its inputs are small by the statistics, and
   * waiting for a build would only add a round trip to a query of milliseconds.
   */
  readonly dynamicFiltering?: boolean;
  /** Session `use_table_scan_node_partitioning` (add-exchanges.ts; default true). */
  readonly tableScanPartitioning?: boolean;
  /** Session `colocated_join` (add-exchanges.ts; default true). */
  readonly colocatedJoins?: boolean;
}

/** Fragments `plan` (optimized, single-node) into the stages of a distributed query. */
export function planDistributed(
  plan: OutputNode,
  context: Pick<RuleContextInput, 'session' | 'metadata' | 'functions'>,
  options: DistributedPlanOptions,
): FragmentedPlan {
  const ruleContext = createRuleContext(plan, context);
  if (options.singleStage === true) return fragmentPlan(plan, ruleContext.ids);
  const distributed = addExchanges(plan, ruleContext, options);
  return fragmentPlan(
    options.dynamicFiltering === true ? addDynamicFilters(distributed) : distributed,
    ruleContext.ids,
  );
}
