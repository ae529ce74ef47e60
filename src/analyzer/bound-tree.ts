/**
 * The analyzer's output: a bound, typed tree. Names are resolved to field positions, functions to
 * resolved signatures, implicit coercions are explicit casts, `*` is expanded, aggregates and
 * window functions are pulled out of expressions into their clause. The planner builds the logical
 * plan from this tree alone, never from the AST.
 *
 * Field references: `FieldRef.index` indexes the fields of the scope the expression is evaluated
 * in (documented on each clause below); `OuterRef` reaches the FROM scope of an enclosing query
 * (`depth` 1 is the directly enclosing one) and is what makes a subquery correlated.
 */
import type { SourcePosition } from '../common/vivace-error.js';
import type { ResolvedFunction } from '../functions/function-registry.js';
import type { QualifiedObjectName } from '../spi/metadata.js';
import type { Type } from '../types/type.js';

// ---------------------------------------------------------------------------------------------
// Fields and relation types

export interface Field {
  /** Canonical (lowercase) name; absent for unnamed expressions such as `SELECT 1 + 1`. */
  readonly name?: string;
  readonly type: Type;
  /** The relation qualifier the field answers to (`l` in `lineitem l`, or the table name parts). */
  readonly relationAlias?: readonly string[];
  /** Hidden fields are not expanded by `*`. */
  readonly hidden: boolean;
  /** The table column this field comes from, when it is one (for SHOW and lineage). */
  readonly origin?: { readonly table: QualifiedObjectName; readonly column: string };
  /** Set when the user may not read this column (issue 17): referencing it fails with this message. */
  readonly accessDenied?: string;
}

// ---------------------------------------------------------------------------------------------
// Expressions

export type BoundExpression =
  | FieldRef
  | OuterRef
  | Constant
  | Call
  | CastExpr
  | SpecialForm
  | SubqueryExpr
  | LambdaExpr
  | LambdaRef
  | AggregateRef
  | WindowRef
  | GroupingOperation;

interface Typed {
  readonly type: Type;
}

export interface FieldRef extends Typed {
  readonly kind: 'FieldRef';
  readonly index: number;
  /** Where the reference was written, for errors found later (e.g. not grouped). */
  readonly pos?: SourcePosition;
}

export interface OuterRef extends Typed {
  readonly kind: 'OuterRef';
  readonly depth: number;
  readonly index: number;
  readonly pos?: SourcePosition;
}

/**
 * A constant. Values are JSON-serialisable: numbers (integer types within ±2^53, real, double),
 * strings for bigint values beyond that and for decimal (unscaled digits with sign, e.g. `-1234`
 * for -12.34 as decimal(4,2)), strings for varchar/char, hex strings for varbinary, days since
 * the epoch for date, a normalised text for the other temporal types and intervals
 * (see analyzer/literal-values.ts), booleans, `null`.
 */
export interface Constant extends Typed {
  readonly kind: 'Constant';
  readonly value: unknown;
}

export interface Call extends Typed {
  readonly kind: 'Call';
  readonly function: ResolvedFunction;
  readonly args: readonly BoundExpression[];
}

export interface CastExpr extends Typed {
  readonly kind: 'Cast';
  readonly value: BoundExpression;
  /** TRY_CAST: NULL instead of an error. */
  readonly safe: boolean;
  /** Inserted by the analyzer to coerce, not written by the user. */
  readonly implicit: boolean;
}

/**
 * Forms with their own evaluation rules (short-circuit, null handling, laziness):
 * - AND, OR (two or more args), NOT
 * - IS_NULL
 * - IS_DISTINCT_FROM (two args of the same type)
 * - IF (condition, then, else), COALESCE (args), NULLIF (a, b: same type),
 * - SWITCH: searched CASE as [when1, then1, when2, then2, ..., else] (else is always present,
 *   NULL when not written); a simple CASE is rewritten to a SWITCH over `operand = value` tests
 *   with the operand bound once (WHEN's are EQUAL calls on the operand expression)
 * - IN (value, item1, item2, ...: all coerced to one type)
 * - BETWEEN (value, min, max: one type)
 * - LIKE (value varchar, pattern varchar[, escape varchar])
 * - ROW (items) → row type, ARRAY (items) → array type
 * - DEREFERENCE (row value, constant field index)
 * - TRY (value): errors of the value become NULL
 * - CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP, LOCALTIME, LOCALTIMESTAMP (no args; the
 *   precision is in the type), evaluated once per query in the session time zone
 * - AT_TIME_ZONE (value as time/timestamp with time zone, zone varchar or interval day to second)
 */
export interface SpecialForm extends Typed {
  readonly kind: 'SpecialForm';
  readonly form:
    | 'AND'
    | 'OR'
    | 'NOT'
    | 'IS_NULL'
    | 'IS_DISTINCT_FROM'
    | 'IF'
    | 'COALESCE'
    | 'NULLIF'
    | 'SWITCH'
    | 'IN'
    | 'BETWEEN'
    | 'LIKE'
    | 'ROW'
    | 'ARRAY'
    | 'DEREFERENCE'
    | 'TRY'
    | 'CURRENT_DATE'
    | 'CURRENT_TIME'
    | 'CURRENT_TIMESTAMP'
    | 'LOCALTIME'
    | 'LOCALTIMESTAMP'
    | 'AT_TIME_ZONE';
  readonly args: readonly BoundExpression[];
}

/**
 * A subquery used as a value:
 * - SCALAR: type of its single column; more than one row is SUBQUERY_MULTIPLE_ROWS at run time
 * - EXISTS: boolean
 * - IN: `value IN (subquery)`; the value is coerced to the common type of both sides and the
 *   planner casts the subquery's column to it when its type differs
 * - QUANTIFIED: `value <op> ANY|ALL (subquery)`
 */
export interface SubqueryExpr extends Typed {
  readonly kind: 'Subquery';
  readonly subqueryKind: 'SCALAR' | 'EXISTS' | 'IN' | 'QUANTIFIED';
  readonly query: BoundQuery;
  readonly value?: BoundExpression;
  readonly operator?: '=' | '<>' | '<' | '<=' | '>' | '>=';
  readonly quantifier?: 'ANY' | 'ALL';
  /** Whether the subquery refers to enclosing scopes (OuterRef with depth reaching out of it). */
  readonly correlated: boolean;
}

export interface LambdaExpr extends Typed {
  readonly kind: 'Lambda';
  readonly parameterTypes: readonly Type[];
  readonly body: BoundExpression;
}

/** A lambda parameter: `depth` 0 is the innermost enclosing lambda. */
export interface LambdaRef extends Typed {
  readonly kind: 'LambdaRef';
  readonly depth: number;
  readonly index: number;
}

/** The result of `aggregates[index]` of the enclosing query specification. */
export interface AggregateRef extends Typed {
  readonly kind: 'AggregateRef';
  readonly index: number;
}

/** The result of `windowFunctions[index]` of the enclosing query specification. */
export interface WindowRef extends Typed {
  readonly kind: 'WindowRef';
  readonly index: number;
}

/** `GROUPING(a, b)`: bit mask over the grouping keys given (key indexes) for the current set. */
export interface GroupingOperation extends Typed {
  readonly kind: 'Grouping';
  readonly keys: readonly number[];
}

// ---------------------------------------------------------------------------------------------
// Aggregation and windows

export interface SortKey {
  readonly expression: BoundExpression;
  readonly ascending: boolean;
  readonly nullsFirst: boolean;
}

/** Arguments, filter and ordering are over the FROM scope. */
export interface BoundAggregate {
  readonly function: ResolvedFunction;
  readonly args: readonly BoundExpression[];
  readonly distinct: boolean;
  readonly filter?: BoundExpression;
  readonly orderBy: readonly SortKey[];
}

export interface BoundFrameBound {
  readonly type: 'UNBOUNDED_PRECEDING' | 'PRECEDING' | 'CURRENT_ROW' | 'FOLLOWING' | 'UNBOUNDED_FOLLOWING';
  readonly offset?: BoundExpression;
}

export interface BoundFrame {
  readonly type: 'ROWS' | 'RANGE' | 'GROUPS';
  readonly start: BoundFrameBound;
  readonly end: BoundFrameBound;
}

/** Over the post-aggregation scope (or the FROM scope when the query does not aggregate). */
export interface BoundWindowFunction {
  readonly function: ResolvedFunction;
  readonly args: readonly BoundExpression[];
  readonly partitionBy: readonly BoundExpression[];
  readonly orderBy: readonly SortKey[];
  readonly frame: BoundFrame;
  readonly ignoreNulls: boolean;
  /** FILTER (WHERE ...) of an aggregate used as a window function. */
  readonly filter?: BoundExpression;
  readonly distinct: boolean;
}

// ---------------------------------------------------------------------------------------------
// Relations

export type BoundRelation =
  | TableScan
  | ValuesRelation
  | SubqueryRelation
  | JoinRelation
  | UnnestRelation
  | SetOperationRelation
  | QuerySpecificationRelation
  | CteReference
  | SampleRelation;

interface RelationBase {
  /** The fields this relation produces, in order. */
  readonly fields: readonly Field[];
}

export interface TableScan extends RelationBase {
  readonly kind: 'TableScan';
  readonly table: QualifiedObjectName;
  /** Column names, parallel to `fields`. */
  readonly columns: readonly string[];
}

export interface ValuesRelation extends RelationBase {
  readonly kind: 'Values';
  /** Each row has one expression per field, already coerced to the field types. */
  readonly rows: readonly (readonly BoundExpression[])[];
}

/** A query used as a relation (derived table, view, WITH query); renames happen in `fields`. */
export interface SubqueryRelation extends RelationBase {
  readonly kind: 'Subquery';
  readonly query: BoundQuery;
  /** LATERAL: the query may refer to the fields of the relations to its left. */
  readonly lateral: boolean;
}

/** `TABLESAMPLE`: each row of `relation` kept with probability `ratio` (0 to 1). */
export interface SampleRelation extends RelationBase {
  readonly kind: 'Sample';
  readonly relation: BoundRelation;
  /** SYSTEM may sample blocks of rows; Vivace samples rows for both (a finer, valid SYSTEM). */
  readonly sampleType: 'BERNOULLI' | 'SYSTEM';
  readonly ratio: number;
}

/** A reference to a WITH query by name (`cteId` indexes `BoundQuery.withQueries` of its owner). */
export interface CteReference extends RelationBase {
  readonly kind: 'CteReference';
  readonly name: string;
  readonly cteId: number;
  /** True for the self-reference inside a recursive WITH query. */
  readonly recursive: boolean;
}

/**
 * ON and CROSS joins: fields are the left fields then the right fields, and `condition` is over
 * them. USING and NATURAL joins: fields are the joined columns first (one per `using` pair, of
 * the pair's common type: the left value, the right one for RIGHT joins, their COALESCE for
 * FULL joins), then the left fields, then the right fields, where the sides' copies of the joined
 * columns are hidden (reachable by qualified name only), as in Presto.
 */
export interface JoinRelation extends RelationBase {
  readonly kind: 'Join';
  readonly joinType: 'CROSS' | 'INNER' | 'LEFT' | 'RIGHT' | 'FULL';
  readonly left: BoundRelation;
  readonly right: BoundRelation;
  /** Over the concatenation of left and right fields; absent for CROSS. */
  readonly condition?: BoundExpression;
  /** USING/NATURAL: pairs of (left field index, right field index) that are joined. */
  readonly using?: readonly { readonly left: number; readonly right: number; readonly type: Type }[];
  /** True when the right side is LATERAL (or UNNEST) and refers to the left side. */
  readonly lateral: boolean;
}

/** UNNEST(a, b, ...) [WITH ORDINALITY]; arrays give one field, maps two (key, value). */
export interface UnnestRelation extends RelationBase {
  readonly kind: 'Unnest';
  /**
   * FieldRef's index the fields of the relations to the left of the UNNEST in the same FROM
   * (a lateral reference: the join above is then `lateral`); OuterRef's reach enclosing queries.
   */
  readonly expressions: readonly BoundExpression[];
  readonly withOrdinality: boolean;
}

export interface SetOperationRelation extends RelationBase {
  readonly kind: 'SetOperation';
  readonly operator: 'UNION' | 'INTERSECT' | 'EXCEPT';
  readonly distinct: boolean;
  /** Inputs keep their own output types; the planner casts each to `fields`' common types. */
  readonly inputs: readonly BoundQueryBody[];
}

export interface QuerySpecificationRelation extends RelationBase {
  readonly kind: 'QuerySpecification';
  readonly specification: BoundQuerySpecification;
}

// ---------------------------------------------------------------------------------------------
// Queries

export interface GroupingAnalysis {
  /** Distinct grouping key expressions over the FROM scope. */
  readonly keys: readonly BoundExpression[];
  /** Each grouping set lists the key indexes it groups by; one set for a plain GROUP BY. */
  readonly sets: readonly (readonly number[])[];
}

/**
 * One SELECT. Scopes:
 * - FROM scope: the fields of `from` (or none without FROM: one row, no columns).
 * - post-aggregation scope (when `grouping` or aggregates exist): the grouping keys, then the
 *   aggregates; expressions refer to keys by FieldRef(keyIndex) and to aggregates by AggregateRef.
 * - select, having, window, order-by expressions are over the post-aggregation scope when the
 *   query aggregates, else over the FROM scope; window results are WindowRef's.
 */
export interface BoundQuerySpecification {
  readonly from?: BoundRelation;
  readonly where?: BoundExpression;
  readonly grouping?: GroupingAnalysis;
  readonly aggregates: readonly BoundAggregate[];
  readonly having?: BoundExpression;
  readonly windowFunctions: readonly BoundWindowFunction[];
  readonly select: readonly BoundExpression[];
  readonly outputs: readonly Field[];
  readonly distinct: boolean;
  /** ORDER BY keys; output aliases and ordinals are substituted by the select expression. */
  readonly orderBy: readonly SortKey[];
}

export type BoundQueryBody =
  | QuerySpecificationRelation
  | SetOperationRelation
  | ValuesRelation
  | SubqueryRelation
  | TableScan;

export interface BoundWithQuery {
  readonly name: string;
  readonly query: BoundQuery;
  readonly recursive: boolean;
  readonly fields: readonly Field[];
}

export interface BoundQuery {
  readonly withQueries: readonly BoundWithQuery[];
  readonly body: BoundQueryBody;
  /**
   * ORDER BY of a query whose body is not a simple SELECT (set operations, VALUES): keys over
   * the body's output fields. For a simple SELECT the ordering lives in the specification.
   */
  readonly orderBy: readonly SortKey[];
  readonly offset?: number;
  /** Row limit; absent for no limit. */
  readonly limit?: number;
  readonly withTies: boolean;
  readonly outputs: readonly Field[];
}

/** The result of analysing a query statement. */
export interface AnalyzedQuery {
  readonly query: BoundQuery;
  /** Output column names (Presto's `_colN` for unnamed ones) and types, as clients see them. */
  readonly columns: readonly { readonly name: string; readonly type: Type }[];
  /** Types of the `?` parameters, in order (`unknown` where the statement does not constrain them). */
  readonly parameterTypes: readonly Type[];
  /** Tables read, for access control and EXPLAIN (TYPE IO). */
  readonly tables: readonly QualifiedObjectName[];
}
