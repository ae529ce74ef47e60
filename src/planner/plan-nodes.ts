/**
 * Logical and physical plan nodes. One tree from planning to execution: the plan builder makes
 * it from the analyzer's bound tree, optimizer rules rewrite it (adding exchanges, choosing join
 * distribution, splitting aggregations), the fragmenter cuts it at remote exchanges into
 * fragments that travel to workers as JSON, and the local planner turns a fragment into operator
 * pipelines. Every node has an `id` (unique in its plan) and declares its output symbols, in
 * order: the channel layout of the pages it produces.
 */

import type { ResolvedFunction } from '../functions/function-registry.js';
import type { QualifiedObjectName } from '../spi/metadata.js';
import type { TupleDomain } from '../spi/tuple-domain.js';

export type { ColumnDomain, TupleDomain, ValueRange } from '../spi/tuple-domain.js';

import type { PlanSymbol, RowExpression } from './row-expression.js';

export type PlanNodeId = string;

interface PlanNodeBase {
  readonly id: PlanNodeId;
  readonly outputs: readonly PlanSymbol[];
}

export interface Ordering {
  readonly symbol: string;
  readonly ascending: boolean;
  readonly nullsFirst: boolean;
}

export interface TableScanNode extends PlanNodeBase {
  readonly kind: 'TableScan';
  readonly table: QualifiedObjectName;
  /**
   * The connector's table handle (plain data): the table's, then as pushdown answers reshaped it;
   * it goes with the plan to every split request and page source.
   */
  readonly handle?: unknown;
  /** Output symbol → column name. */
  readonly assignments: readonly { readonly symbol: string; readonly column: string }[];
  /**
   * The values rows may have, offered to the connector (SPI values, spi/values.ts): a hint for
   * skipping data; the Filter above keeps what the connector did not guarantee.
   */
  readonly constraint?: TupleDomain;
  /** The engine reads at most this many rows of each split (and offers it to the connector). */
  readonly limit?: number;
  /**
   * Dynamic filters this scan waits for and applies (planner/dynamic-filters.ts): each narrows
   * `symbol` to the join keys the build side of join filter `id` produced.
   */
  readonly dynamicFilters?: readonly DynamicFilterAssignment[];
  /**
   * The plan relies on the connector's partitioning of this scan (add-exchanges.ts): every split
   * of one bucket must run in the same task, with the same bucket of the other scans of its stage.
   */
  readonly bucketed?: true;
}

/** A dynamic filter's id and the symbol it reads (a join's build key) or narrows (a scan's output). */
export interface DynamicFilterAssignment {
  readonly id: string;
  readonly symbol: string;
  /**
   * On a scan: the filter only prunes the scan's splits; its rows go straight into the filter's
   * own join (same task, nothing in between), which drops them as cheaply as a row filter would.
   */
  readonly splitsOnly?: true;
}

export interface ValuesNode extends PlanNodeBase {
  readonly kind: 'Values';
  readonly rows: readonly (readonly RowExpression[])[];
}

export interface FilterNode extends PlanNodeBase {
  readonly kind: 'Filter';
  readonly source: PlanNode;
  readonly predicate: RowExpression;
}

export interface ProjectNode extends PlanNodeBase {
  readonly kind: 'Project';
  readonly source: PlanNode;
  /** One expression per output symbol, in output order. */
  readonly assignments: readonly { readonly symbol: string; readonly expression: RowExpression }[];
}

export type AggregationStep = 'SINGLE' | 'PARTIAL' | 'INTERMEDIATE' | 'FINAL';

export interface AggregateCall {
  /** The output symbol. */
  readonly symbol: string;
  readonly function: ResolvedFunction;
  readonly args: readonly RowExpression[];
  readonly distinct: boolean;
  /** A boolean symbol: rows where it is not true are ignored (FILTER, and MarkDistinct masks). */
  readonly mask?: string;
  readonly orderBy?: readonly Ordering[];
}

export interface AggregationNode extends PlanNodeBase {
  readonly kind: 'Aggregation';
  readonly source: PlanNode;
  readonly groupingKeys: readonly string[];
  readonly aggregates: readonly AggregateCall[];
  readonly step: AggregationStep;
  /** Set for a global aggregation over grouping sets: the symbol GroupId produced. */
  readonly groupIdSymbol?: string;
  /**
   * The groups the statistics expect (capped), set when the plan is distributed: the operator's
   * hash table is sized for them at once instead of doubling through every size on the way.
   */
  readonly expectedGroups?: number;
}

/** Replicates each row once per grouping set, nulling the keys not in the set (GROUPING SETS). */
export interface GroupIdNode extends PlanNodeBase {
  readonly kind: 'GroupId';
  readonly source: PlanNode;
  readonly groupingSets: readonly (readonly string[])[];
  /** Symbols passed through unchanged (aggregation arguments). */
  readonly aggregationArguments: readonly string[];
  readonly groupIdSymbol: string;
}

/** Adds a boolean symbol that is true for the first row of each distinct combination. */
export interface MarkDistinctNode extends PlanNodeBase {
  readonly kind: 'MarkDistinct';
  readonly source: PlanNode;
  readonly markerSymbol: string;
  readonly distinctSymbols: readonly string[];
}

export type JoinType = 'INNER' | 'LEFT' | 'RIGHT' | 'FULL';

export interface JoinNode extends PlanNodeBase {
  readonly kind: 'Join';
  readonly joinType: JoinType;
  /** Probe side. */
  readonly left: PlanNode;
  /** Build side. */
  readonly right: PlanNode;
  /** Equi-join clauses; empty for a cross or pure non-equi join (nested loop). */
  readonly criteria: readonly { readonly left: string; readonly right: string }[];
  /** Extra condition over both sides' symbols. */
  readonly filter?: RowExpression;
  readonly distribution?: 'PARTITIONED' | 'REPLICATED';
  /** Dynamic filters collected from the build side's keys (`symbol`: a `criteria[i].right`). */
  readonly dynamicFilters?: readonly DynamicFilterAssignment[];
}

/** `source` rows with `output` = whether `sourceKey` is in `filteringSource`'s `filteringKey` (SQL IN semantics with NULLs). */
export interface SemiJoinNode extends PlanNodeBase {
  readonly kind: 'SemiJoin';
  readonly source: PlanNode;
  readonly filteringSource: PlanNode;
  readonly sourceKey: string;
  readonly filteringKey: string;
  readonly output: string;
  readonly distribution?: 'PARTITIONED' | 'REPLICATED';
  /**
   * Dynamic filters collected from `filteringKey` (`symbol`), when a filter directly above keeps
   * only the rows whose `output` is true.
   */
  readonly dynamicFilters?: readonly DynamicFilterAssignment[];
}

export interface SortNode extends PlanNodeBase {
  readonly kind: 'Sort';
  readonly source: PlanNode;
  readonly orderBy: readonly Ordering[];
  /** Partial: sorts within one task; a merging exchange above completes it. */
  readonly partial: boolean;
}

export interface TopNNode extends PlanNodeBase {
  readonly kind: 'TopN';
  readonly source: PlanNode;
  readonly count: number;
  readonly orderBy: readonly Ordering[];
  readonly step: 'SINGLE' | 'PARTIAL' | 'FINAL';
}

export interface LimitNode extends PlanNodeBase {
  readonly kind: 'Limit';
  readonly source: PlanNode;
  readonly count: number;
  readonly partial: boolean;
  /** WITH TIES: rows equal on these orderings to the last one are kept too. */
  readonly tiesResolvingScheme?: readonly Ordering[];
}

export interface OffsetNode extends PlanNodeBase {
  readonly kind: 'Offset';
  readonly source: PlanNode;
  readonly count: number;
}

export interface WindowFrameSpec {
  readonly type: 'ROWS' | 'RANGE' | 'GROUPS';
  readonly startType: 'UNBOUNDED_PRECEDING' | 'PRECEDING' | 'CURRENT_ROW' | 'FOLLOWING' | 'UNBOUNDED_FOLLOWING';
  readonly startValue?: string;
  readonly endType: 'UNBOUNDED_PRECEDING' | 'PRECEDING' | 'CURRENT_ROW' | 'FOLLOWING' | 'UNBOUNDED_FOLLOWING';
  readonly endValue?: string;
}

export interface WindowFunctionCall {
  readonly symbol: string;
  readonly function: ResolvedFunction;
  readonly args: readonly RowExpression[];
  readonly frame: WindowFrameSpec;
  readonly ignoreNulls: boolean;
  readonly mask?: string;
}

export interface WindowNode extends PlanNodeBase {
  readonly kind: 'Window';
  readonly source: PlanNode;
  readonly partitionBy: readonly string[];
  readonly orderBy: readonly Ordering[];
  readonly functions: readonly WindowFunctionCall[];
}

/** UNION ALL: `symbolMapping[i][j]` is source i's symbol for output j. */
export interface UnionNode extends PlanNodeBase {
  readonly kind: 'Union';
  readonly sources: readonly PlanNode[];
  readonly symbolMapping: readonly (readonly string[])[];
}

export interface UnnestNode extends PlanNodeBase {
  readonly kind: 'Unnest';
  readonly source: PlanNode;
  /** Source symbols copied to every produced row. */
  readonly replicate: readonly string[];
  /** Each array/map symbol and the symbols its elements (fields, or key and value) become. */
  readonly unnest: readonly { readonly symbol: string; readonly outputs: readonly string[] }[];
  readonly ordinality?: string;
  /** LEFT JOIN UNNEST: an input row with an empty collection still yields one row of NULLs. */
  readonly outer: boolean;
}

/** Fails with SUBQUERY_MULTIPLE_ROWS on a second row; yields one NULL row on empty input. */
export interface EnforceSingleRowNode extends PlanNodeBase {
  readonly kind: 'EnforceSingleRow';
  readonly source: PlanNode;
}

export interface AssignUniqueIdNode extends PlanNodeBase {
  readonly kind: 'AssignUniqueId';
  readonly source: PlanNode;
  readonly idSymbol: string;
}

/** Rows numbered per partition (row_number without a full window), for EXCEPT/INTERSECT ALL. */
export interface RowNumberNode extends PlanNodeBase {
  readonly kind: 'RowNumber';
  readonly source: PlanNode;
  readonly partitionBy: readonly string[];
  readonly rowNumberSymbol: string;
  readonly maxRowCountPerPartition?: number;
}

export type ExchangeType = 'GATHER' | 'REPARTITION' | 'REPLICATE';

export interface ExchangeNode extends PlanNodeBase {
  readonly kind: 'Exchange';
  readonly type: ExchangeType;
  readonly scope: 'LOCAL' | 'REMOTE';
  readonly sources: readonly PlanNode[];
  /** Per source, its symbols for each output (like Union). */
  readonly inputs: readonly (readonly string[])[];
  /** REPARTITION: hash of these symbols. */
  readonly partitionKeys?: readonly string[];
  /**
   * REPARTITION of a partitioned semi join's filtering side: rows whose key is NULL, and one
   * arbitrary row, go to every partition, so that each task knows whether the whole set holds a
   * NULL and whether it is empty (what `x IN (...)` answers for a key it does not find).
   */
  readonly replicateNullsAndAny?: true;
  /** GATHER that merges sorted streams. */
  readonly orderBy?: readonly Ordering[];
  /**
   * REPARTITION: the rows the statistics expect it to carry (the groups of the FINAL aggregation
   * it feeds); the scheduler gives a hash stage fed only by such small exchanges fewer tasks.
   */
  readonly estimatedRows?: number;
}

/** After fragmentation: pages pulled from the tasks of other fragments. */
export interface RemoteSourceNode extends PlanNodeBase {
  readonly kind: 'RemoteSource';
  readonly sourceFragmentIds: readonly string[];
  readonly exchangeType: ExchangeType;
  readonly orderBy?: readonly Ordering[];
}

export interface TableWriterNode extends PlanNodeBase {
  readonly kind: 'TableWriter';
  readonly source: PlanNode;
  readonly target: QualifiedObjectName;
  readonly columns: readonly string[];
  /** Source symbols written to `columns`, in order. */
  readonly columnSymbols: readonly string[];
  /** The connector's JSON handle for the write, so sinks on workers need no metadata. */
  readonly handle?: unknown;
}

export interface TableFinishNode extends PlanNodeBase {
  readonly kind: 'TableFinish';
  readonly source: PlanNode;
  readonly target: QualifiedObjectName;
}

/**
 * Planner-internal, removed by decorrelation before a plan leaves the planner: for each `input`
 * row, `subquery` (which may refer to the input symbols listed in `correlation`) is evaluated and
 * the boolean `result` of the predicate over it is added to the row. EXISTS: whether the subquery
 * yields a row; IN: `value IN (subquery's subqueryValue)` with SQL NULL semantics; QUANTIFIED:
 * `value <operator> ANY|ALL (subquery's subqueryValue)`.
 */
export interface ApplyNode extends PlanNodeBase {
  readonly kind: 'Apply';
  readonly input: PlanNode;
  readonly subquery: PlanNode;
  /** Input symbols the subquery refers to; empty when it is uncorrelated. */
  readonly correlation: readonly string[];
  readonly result: string;
  readonly predicate: SubqueryPredicate;
}

export type SubqueryPredicate =
  | { readonly kind: 'EXISTS' }
  | { readonly kind: 'IN'; readonly value: string; readonly subqueryValue: string }
  | {
      readonly kind: 'QUANTIFIED';
      readonly value: string;
      readonly subqueryValue: string;
      readonly operator: '=' | '<>' | '<' | '<=' | '>' | '>=';
      readonly quantifier: 'ANY' | 'ALL';
    };

/**
 * Planner-internal, removed by decorrelation: each `input` row joined with the rows `subquery`
 * yields for it (LATERAL, and scalar subqueries, whose subquery is topped by EnforceSingleRow).
 * Outputs are the input's then the subquery's symbols.
 */
export interface CorrelatedJoinNode extends PlanNodeBase {
  readonly kind: 'CorrelatedJoin';
  readonly joinType: 'INNER' | 'LEFT';
  readonly input: PlanNode;
  readonly subquery: PlanNode;
  /** Input symbols the subquery refers to; empty when it is uncorrelated. */
  readonly correlation: readonly string[];
  /** ON condition of a LATERAL join, over both sides' symbols. */
  readonly filter?: RowExpression;
}

/** The root: the query's result columns, named as the client sees them. */
export interface OutputNode extends PlanNodeBase {
  readonly kind: 'Output';
  readonly source: PlanNode;
  readonly columnNames: readonly string[];
  /** Source symbol for each column (a symbol may appear several times). */
  readonly columns: readonly string[];
}

export type PlanNode =
  | TableScanNode
  | ValuesNode
  | FilterNode
  | ProjectNode
  | AggregationNode
  | GroupIdNode
  | MarkDistinctNode
  | JoinNode
  | SemiJoinNode
  | SortNode
  | TopNNode
  | LimitNode
  | OffsetNode
  | WindowNode
  | UnionNode
  | UnnestNode
  | EnforceSingleRowNode
  | AssignUniqueIdNode
  | RowNumberNode
  | ExchangeNode
  | RemoteSourceNode
  | TableWriterNode
  | TableFinishNode
  | OutputNode
  | ApplyNode
  | CorrelatedJoinNode;

export type PlanNodeKind = PlanNode['kind'];

/** The direct inputs of a node. */
export function sourcesOf(node: PlanNode): readonly PlanNode[] {
  switch (node.kind) {
    case 'TableScan':
    case 'Values':
    case 'RemoteSource':
      return [];
    case 'Join':
      return [node.left, node.right];
    case 'SemiJoin':
      return [node.source, node.filteringSource];
    case 'Union':
    case 'Exchange':
      return node.sources;
    case 'Apply':
    case 'CorrelatedJoin':
      return [node.input, node.subquery];
    default:
      return [node.source];
  }
}
