/**
 * What every part of the plan builder shares: metadata and functions, the symbol and node
 * factories, the WITH queries in scope, and callbacks into the query planner (so the relation,
 * subquery and set-operation planners need not import it: the layers forbid import cycles).
 */
import type { Session } from '../../analyzer/analysis-context.js';
import type { BoundQuery, BoundQueryBody } from '../../analyzer/bound-tree.js';
import type { MetadataView } from '../../spi/metadata.js';
import type { PlanFactory } from '../plan-factory.js';
import type { PlannerFunctions } from '../planner-functions.js';
import type { SymbolAllocator } from '../symbol-allocator.js';
import type { OuterScope, RelationPlan } from './relation-plan.js';

/** A WITH query, planned afresh (new symbols) at each reference. */
export interface CteDefinition {
  readonly name: string;
  readonly query: BoundQuery;
  /** The scope its query was analysed in (a WITH inside a subquery may be correlated). */
  readonly outer: OuterScope | undefined;
  /** The WITH queries its own query sees (those defined before it, and enclosing ones). */
  readonly scope: CteScope | undefined;
}

/** WITH queries visible at a point of the query, innermost first (as the analyzer resolved them). */
export interface CteScope {
  readonly definitions: ReadonlyMap<string, CteDefinition>;
  readonly parent: CteScope | undefined;
}

export interface BuilderContext {
  readonly session: Session;
  readonly metadata: MetadataView;
  readonly functions: PlannerFunctions;
  readonly symbols: SymbolAllocator;
  readonly factory: PlanFactory;
  /** The WITH queries in scope where planning currently is; set by the query planner. */
  cteScope: CteScope | undefined;
  /**
   * While a recursive WITH query's step is planned: how its self-reference is planned (as the
   * previous level of the unrolled recursion), by the query's name.
   */
  recursionLevels: Map<string, () => RelationPlan>;
  planQuery(query: BoundQuery, outer: OuterScope | undefined): RelationPlan;
  planQueryBody(body: BoundQueryBody, outer: OuterScope | undefined): RelationPlan;
}
