/**
 * Types shared by the local planner and the per-operator planning functions (kept apart so the
 * two files do not import each other), and the one lookup of a symbol in a layout.
 */
import { fail } from '../common/invariant.js';
import type { PlanNode } from '../planner/plan-nodes.js';
import type { RowExpression } from '../planner/row-expression.js';
import type { ConnectorPageSink, ConnectorPageSource, ConnectorSplit, KeyFilter } from '../spi/connector.js';
import type { ConnectorSplitSource } from '../spi/split-source.js';
import type { Type } from '../types/type.js';
import type { DynamicFilterSummary } from './dynamic-filter/dynamic-filter-summary.js';
import type { EngineFunctions, SessionContext } from './expression/engine-functions.js';
import type { QueryMemoryPool } from './memory-context.js';
import type { Operator } from './operator.js';
import type { OperatorContext } from './operator-context.js';
import type { AdaptivePartialAggregation } from './operators/hash-aggregation-operator.js';
import type { TableScanOperator } from './operators/table-scan-operator.js';

export interface ScanSource {
  /** The scan's splits, pulled by the operator (single-node execution); absent for a task's scan. */
  readonly splitSource?: ConnectorSplitSource;
  /** `keyFilters`: the scan's dynamic filters that have arrived, as hints for the connector. */
  createPageSource(split: ConnectorSplit, keyFilters?: readonly KeyFilter[]): ConnectorPageSource;
  /** A task's scan: splits arrive later through the operator (`addSplit`, `noMoreSplits`). */
  attach?(operator: TableScanOperator): void;
}

export interface LocalPlannerContext {
  readonly functions: EngineFunctions;
  readonly session: SessionContext;
  readonly memory: QueryMemoryPool;
  /** Splits and page sources for a table scan node (single-node execution reads all splits). */
  scanSource(node: Extract<PlanNode, { kind: 'TableScan' }>): ScanSource;
  isCancelled(): boolean;
  /** Page sinks and the commit of a write (TableWriter/TableFinish nodes); absent for read-only plans. */
  readonly writes?: WriteTarget;
  /** The operator reading a RemoteSource node's pages from the tasks of other fragments. */
  readonly remoteSource?: (
    node: Extract<PlanNode, { kind: 'RemoteSource' }>,
    context: OperatorContext,
    layout: ReadonlyMap<string, { channel: number; type: Type }>,
  ) => Operator;
  /** Upper bound on the rows of the pages scans and VALUES emit (tests use 1); unbounded when absent. */
  readonly maxPageRows?: number;
  /**
   * The task's number among its stage's tasks: AssignUniqueId puts it above its row counter, so
   * ids are unique across the tasks (0 when absent: one task).
   */
  readonly uniqueIdPrefix?: number;
  /** How many tasks its stage has (1 when absent): a partitioned join's build holds a share of the keys. */
  readonly partitionCount?: number;
  /** When PARTIAL aggregations pass rows through (hash-aggregation-operator.ts); absent: never. */
  readonly adaptivePartialAggregation?: AdaptivePartialAggregation;
  /** A task's dynamic filters (planner/dynamic-filters.ts); absent: none are collected or applied. */
  readonly dynamicFilters?: TaskDynamicFilters;
}

/** Where a task's join builds report dynamic filters, and where its scans find them. */
export interface TaskDynamicFilters {
  /** The build side of a join has all its keys: filter `id`'s summary from this task. */
  publish(id: string, summary: DynamicFilterSummary): void;
  /** Filter `id` merged over every build task by the coordinator, once it has arrived. */
  domain(id: string): DynamicFilterSummary | undefined;
}

/** Where a TableWriter writes and how TableFinish commits or abandons the write. */
export interface WriteTarget {
  createPageSink(node: Extract<PlanNode, { kind: 'TableWriter' }>): ConnectorPageSink;
  commit(
    node: Extract<PlanNode, { kind: 'TableFinish' }>,
    fragments: readonly unknown[],
    rows: number,
  ): void | Promise<void>;
  abort(node: Extract<PlanNode, { kind: 'TableFinish' }>, fragments: readonly unknown[]): void | Promise<void>;
}

/** Output of visiting a node: the pipeline's operators so far and their output layout. */
export interface PhysicalOperation {
  readonly operators: Operator[];
  readonly layout: Map<string, { channel: number; type: Type }>;
}

/** What operator planning needs from the local planner. */
export interface PipelineBuilder {
  readonly context: LocalPlannerContext;
  visit(node: PlanNode): PhysicalOperation;
  operatorContext(type: string): OperatorContext;
  addPipeline(operators: Operator[]): void;
  filterProject(
    source: PhysicalOperation,
    predicate: RowExpression | undefined,
    assignments: readonly { symbol: string; expression: RowExpression }[] | undefined,
    outputs: readonly { name: string; type: Type }[],
  ): PhysicalOperation;
  project(
    source: PhysicalOperation,
    columns: readonly { symbol: string; channel: number; type: Type }[],
  ): PhysicalOperation;
}

/** Where a symbol the plan says a source produces sits in that source's output. */
export function entryOf(
  layout: ReadonlyMap<string, { readonly channel: number; readonly type: Type }>,
  symbol: string,
): { readonly channel: number; readonly type: Type } {
  return layout.get(symbol) ?? fail(`symbol ${symbol} is not produced by the source`);
}
