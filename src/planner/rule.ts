/**
 * The contract between the optimizer and its rules. A rule rewrites a whole plan and returns the
 * same object when it changed nothing; rules share the allocators (fresh symbols and node ids),
 * the function registry, metadata statistics and the optimizer options through the context.
 */
import type { Session } from '../analyzer/analysis-context.js';
import type { FunctionRegistry } from '../functions/function-registry.js';
import type { MetadataView } from '../spi/metadata.js';
import { PlanFactory } from './plan-factory.js';
import type { PlanNode } from './plan-nodes.js';
import { PlannerFunctions } from './planner-functions.js';
import { StatsCalculator } from './stats/stats-calculator.js';
import { PlanNodeIdAllocator, SymbolAllocator } from './symbol-allocator.js';

export interface OptimizerOptions {
  /** Reorder inner joins by estimated cost (otherwise only to avoid cross joins). */
  readonly joinReordering: boolean;
  /** Clusters up to this many relations are ordered exhaustively; larger ones greedily. */
  readonly maxRelationsForExhaustiveReordering: number;
  /** A join whose build side is estimated at most this many rows is REPLICATED. */
  readonly broadcastMaxRows: number;
}

export const DEFAULT_OPTIMIZER_OPTIONS: OptimizerOptions = {
  joinReordering: true,
  maxRelationsForExhaustiveReordering: 9,
  broadcastMaxRows: 1_000_000,
};

export interface RuleContext {
  readonly session: Session;
  readonly metadata: MetadataView;
  readonly registry: FunctionRegistry;
  readonly functions: PlannerFunctions;
  readonly symbols: SymbolAllocator;
  readonly ids: PlanNodeIdAllocator;
  readonly factory: PlanFactory;
  readonly stats: StatsCalculator;
  readonly options: OptimizerOptions;
  /** Why a rule left a node it could not handle (node id → reason), for the final error message. */
  readonly diagnostics: Map<string, string>;
}

export interface PlanRule {
  readonly name: string;
  apply(plan: PlanNode, context: RuleContext): PlanNode;
}

export interface RuleContextInput {
  readonly session: Session;
  readonly metadata: MetadataView;
  readonly functions: FunctionRegistry;
  readonly options?: Partial<OptimizerOptions>;
  readonly symbols?: SymbolAllocator;
  readonly ids?: PlanNodeIdAllocator;
}

/** A context for optimizing `plan`: allocators continue after its symbols and ids. */
export function createRuleContext(plan: PlanNode, input: RuleContextInput): RuleContext {
  const symbols = input.symbols ?? SymbolAllocator.forPlan(plan);
  const ids = input.ids ?? PlanNodeIdAllocator.forPlan(plan);
  return {
    session: input.session,
    metadata: input.metadata,
    registry: input.functions,
    functions: new PlannerFunctions(input.functions),
    symbols,
    ids,
    factory: new PlanFactory(ids),
    stats: new StatsCalculator(input.metadata),
    options: { ...DEFAULT_OPTIMIZER_OPTIONS, ...input.options },
    diagnostics: new Map(),
  };
}
