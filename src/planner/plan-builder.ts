/**
 * The logical plan of an analysed query: the builder parts in builder/ turn the bound tree into
 * plan nodes (subqueries in their correlated Apply/CorrelatedJoin form), under an Output node
 * naming the columns as the client sees them.
 */
import type { Session } from '../analyzer/analysis-context.js';
import type { AnalyzedQuery } from '../analyzer/bound-tree.js';
import type { FunctionRegistry } from '../functions/function-registry.js';
import type { MetadataView } from '../spi/metadata.js';
import type { BuilderContext } from './builder/builder-context.js';
import { QueryBuilder } from './builder/query-builder.js';
import { PlanFactory } from './plan-factory.js';
import type { OutputNode } from './plan-nodes.js';
import { PlannerFunctions } from './planner-functions.js';
import { PlanNodeIdAllocator, SymbolAllocator } from './symbol-allocator.js';

export interface PlanningContext {
  readonly metadata: MetadataView;
  readonly functions: FunctionRegistry;
  readonly session: Session;
}

/** The unoptimised plan of a query, with the allocators that made it (optimizer rules continue them). */
export interface LogicalPlan {
  readonly root: OutputNode;
  readonly symbols: SymbolAllocator;
  readonly ids: PlanNodeIdAllocator;
}

export function buildLogicalPlanWithAllocators(analyzed: AnalyzedQuery, context: PlanningContext): LogicalPlan {
  const symbols = new SymbolAllocator();
  const ids = new PlanNodeIdAllocator();
  const factory = new PlanFactory(ids);
  const ctx: BuilderContext = {
    session: context.session,
    metadata: context.metadata,
    functions: new PlannerFunctions(context.functions),
    symbols,
    factory,
    cteScope: undefined,
    recursionLevels: new Map(),
    // The builder and its context refer to each other: these run only once both exist.
    planQuery: (query, outer) => planner.planQuery(query, outer),
    planQueryBody: (body, outer) => planner.planQueryBody(body, outer),
  };
  const planner = new QueryBuilder(ctx);
  const plan = planner.planQuery(analyzed.query, undefined);
  const root = factory.output(
    plan.node,
    analyzed.columns.map((c) => c.name),
    plan.fields.map((f) => f.name),
  );
  return { root, symbols, ids };
}

/** The logical plan, before any optimization. */
export function buildLogicalPlan(analyzed: AnalyzedQuery, context: PlanningContext): OutputNode {
  return buildLogicalPlanWithAllocators(analyzed, context).root;
}
