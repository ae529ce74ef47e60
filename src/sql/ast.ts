/**
 * The abstract syntax tree of Vivace's SQL dialect (Presto/Trino). The parser produces it, the
 * formatter prints it back to SQL, the analyzer resolves it. Every node is a readonly plain object
 * with a `kind` tag and the source position of its first token, so errors can point at the text.
 *
 * Conventions:
 * - Identifiers keep their text as written (`value`) and whether they were quoted; the analyzer
 *   canonicalises (unquoted and quoted names compare case-insensitively, as in Trino).
 * - Syntactic sugar that Presto also desugars is desugared by the parser: `a || b` is
 *   `concat(a, b)`, `SUBSTRING(x FROM a FOR b)` is `substring(x, a, b)`, `POSITION(x IN y)` is
 *   `strpos(y, x)`, `NOT BETWEEN`/`NOT IN`/`NOT LIKE`/`IS NOT DISTINCT FROM` are `Not` around the
 *   positive form, `!=` is `<>`. `IF`, `COALESCE`, `NULLIF`, `TRY` and `GROUPING` stay function
 *   calls; the analyzer gives them their special meaning.
 *
 * Why one long file: it is the one definition of the `Statement`, `Query`, `Relation` and
 * `Expression` unions, which the parser, formatter and analyzer switch over exhaustively; reading
 * a union next to its members is worth more than the length, and there is no logic here to split.
 */
import type { SourcePosition } from '../common/vivace-error.js';

export type { SourcePosition };

interface NodeBase {
  readonly pos: SourcePosition;
}

// ---------------------------------------------------------------------------------------------
// Names

export interface Identifier extends NodeBase {
  readonly kind: 'Identifier';
  readonly value: string;
  readonly quoted: boolean;
}

export interface QualifiedName extends NodeBase {
  readonly kind: 'QualifiedName';
  readonly parts: readonly Identifier[];
}

// ---------------------------------------------------------------------------------------------
// Data types as written in SQL (CAST targets, column definitions). The types module turns them
// into engine types.

export type TypeParameter =
  | { readonly kind: 'NumericParameter'; readonly value: number; readonly pos: SourcePosition }
  | {
      readonly kind: 'TypeParameter';
      readonly type: DataType;
      /** Field name of a `row(name type, ...)` field. */
      readonly name?: Identifier;
      readonly pos: SourcePosition;
    };

export interface DataType extends NodeBase {
  readonly kind: 'DataType';
  /**
   * The base name, lowercased, with multi-word names normalised: `double precision` is `double`,
   * and the suffixes are spelled out: `timestamp with time zone`, `time with time zone`,
   * `interval day to second`, `interval year to month`.
   */
  readonly name: string;
  readonly parameters: readonly TypeParameter[];
}

// ---------------------------------------------------------------------------------------------
// Expressions

export type Expression =
  | Identifier
  | DereferenceExpression
  | NullLiteral
  | BooleanLiteral
  | IntegerLiteral
  | DecimalLiteral
  | DoubleLiteral
  | StringLiteral
  | BinaryLiteral
  | GenericLiteral
  | IntervalLiteral
  | Parameter
  | ArithmeticBinary
  | ArithmeticUnary
  | Comparison
  | LogicalBinary
  | Not
  | IsNull
  | IsNotNull
  | Between
  | InList
  | InSubquery
  | Like
  | Exists
  | SubqueryExpression
  | QuantifiedComparison
  | SimpleCase
  | SearchedCase
  | Cast
  | FunctionCall
  | Lambda
  | ArrayConstructor
  | Subscript
  | RowConstructor
  | Extract
  | CurrentTime
  | AtTimeZone
  | Trim
  | JsonExists
  | JsonValue
  | JsonQuery
  | JsonObject
  | JsonArray;

/** `base.field`: a qualified column reference or a row field access; the analyzer decides. */
export interface DereferenceExpression extends NodeBase {
  readonly kind: 'Dereference';
  readonly base: Expression;
  readonly field: Identifier;
}

export interface NullLiteral extends NodeBase {
  readonly kind: 'NullLiteral';
}

export interface BooleanLiteral extends NodeBase {
  readonly kind: 'BooleanLiteral';
  readonly value: boolean;
}

/** An integer literal; the text is kept so values beyond 2^53 are exact. */
export interface IntegerLiteral extends NodeBase {
  readonly kind: 'IntegerLiteral';
  readonly text: string;
}

/** `1.5`, `.5`, `1.` and `DECIMAL '1.5'`: an exact decimal (Presto's default for such literals). */
export interface DecimalLiteral extends NodeBase {
  readonly kind: 'DecimalLiteral';
  readonly text: string;
}

/** `1e3`, `1.5E-2`: a double. */
export interface DoubleLiteral extends NodeBase {
  readonly kind: 'DoubleLiteral';
  readonly text: string;
}

export interface StringLiteral extends NodeBase {
  readonly kind: 'StringLiteral';
  readonly value: string;
}

/** `X'ab01'`: the hex digits, uppercased, without spaces. */
export interface BinaryLiteral extends NodeBase {
  readonly kind: 'BinaryLiteral';
  readonly hex: string;
}

/**
 * `DATE '2020-01-01'`, `TIME '...'`, `TIMESTAMP '...'`, `REAL '1.5'`, `JSON '...'`,
 * `BIGINT '1'`, ...: a string literal of the named type. `type` is the type name lowercased; the
 * types module decides the exact type from the text (a zone inside a TIMESTAMP literal makes it
 * `timestamp with time zone`).
 */
export interface GenericLiteral extends NodeBase {
  readonly kind: 'GenericLiteral';
  readonly type: string;
  readonly value: string;
}

export type IntervalField = 'YEAR' | 'MONTH' | 'DAY' | 'HOUR' | 'MINUTE' | 'SECOND';

/** `INTERVAL [+|-] '3' DAY`, `INTERVAL '1-2' YEAR TO MONTH`. */
export interface IntervalLiteral extends NodeBase {
  readonly kind: 'IntervalLiteral';
  readonly value: string;
  readonly sign: 1 | -1;
  readonly startField: IntervalField;
  readonly endField?: IntervalField;
}

/** `?`, numbered from 0 in order of appearance in the statement. */
export interface Parameter extends NodeBase {
  readonly kind: 'Parameter';
  readonly index: number;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

export interface ArithmeticBinary extends NodeBase {
  readonly kind: 'ArithmeticBinary';
  readonly operator: ArithmeticOperator;
  readonly left: Expression;
  readonly right: Expression;
}

export interface ArithmeticUnary extends NodeBase {
  readonly kind: 'ArithmeticUnary';
  readonly operator: '+' | '-';
  readonly value: Expression;
}

export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=' | 'IS DISTINCT FROM';

export interface Comparison extends NodeBase {
  readonly kind: 'Comparison';
  readonly operator: ComparisonOperator;
  readonly left: Expression;
  readonly right: Expression;
}

export interface LogicalBinary extends NodeBase {
  readonly kind: 'LogicalBinary';
  readonly operator: 'AND' | 'OR';
  readonly left: Expression;
  readonly right: Expression;
}

export interface Not extends NodeBase {
  readonly kind: 'Not';
  readonly value: Expression;
}

export interface IsNull extends NodeBase {
  readonly kind: 'IsNull';
  readonly value: Expression;
}

export interface IsNotNull extends NodeBase {
  readonly kind: 'IsNotNull';
  readonly value: Expression;
}

export interface Between extends NodeBase {
  readonly kind: 'Between';
  readonly value: Expression;
  readonly min: Expression;
  readonly max: Expression;
}

export interface InList extends NodeBase {
  readonly kind: 'InList';
  readonly value: Expression;
  readonly list: readonly Expression[];
}

export interface InSubquery extends NodeBase {
  readonly kind: 'InSubquery';
  readonly value: Expression;
  readonly query: Query;
}

export interface Like extends NodeBase {
  readonly kind: 'Like';
  readonly value: Expression;
  readonly pattern: Expression;
  readonly escape?: Expression;
}

export interface Exists extends NodeBase {
  readonly kind: 'Exists';
  readonly query: Query;
}

/** A scalar subquery `(SELECT ...)` used as a value. */
export interface SubqueryExpression extends NodeBase {
  readonly kind: 'SubqueryExpression';
  readonly query: Query;
}

/** `x = ANY (subquery)`, `x > ALL (subquery)`; `SOME` is parsed as `ANY`. */
export interface QuantifiedComparison extends NodeBase {
  readonly kind: 'QuantifiedComparison';
  readonly operator: Exclude<ComparisonOperator, 'IS DISTINCT FROM'>;
  readonly quantifier: 'ANY' | 'ALL';
  readonly value: Expression;
  readonly query: Query;
}

export interface WhenClause extends NodeBase {
  readonly kind: 'WhenClause';
  readonly operand: Expression;
  readonly result: Expression;
}

export interface SimpleCase extends NodeBase {
  readonly kind: 'SimpleCase';
  readonly operand: Expression;
  readonly whenClauses: readonly WhenClause[];
  readonly defaultValue?: Expression;
}

export interface SearchedCase extends NodeBase {
  readonly kind: 'SearchedCase';
  readonly whenClauses: readonly WhenClause[];
  readonly defaultValue?: Expression;
}

/** `CAST(x AS t)`, or `TRY_CAST(x AS t)` when `safe`. */
export interface Cast extends NodeBase {
  readonly kind: 'Cast';
  readonly value: Expression;
  readonly type: DataType;
  readonly safe: boolean;
}

export interface FunctionCall extends NodeBase {
  readonly kind: 'FunctionCall';
  readonly name: QualifiedName;
  /** `count(*)` has no arguments. */
  readonly args: readonly Expression[];
  readonly distinct: boolean;
  readonly filter?: Expression;
  /** `array_agg(x ORDER BY y)`. */
  readonly orderBy?: readonly SortItem[];
  readonly window?: WindowSpecification | WindowReference;
  readonly nullTreatment?: 'IGNORE' | 'RESPECT';
}

/** `x -> x + 1`, `(x, y) -> x + y`. */
export interface Lambda extends NodeBase {
  readonly kind: 'Lambda';
  readonly parameters: readonly Identifier[];
  readonly body: Expression;
}

export interface ArrayConstructor extends NodeBase {
  readonly kind: 'ArrayConstructor';
  readonly values: readonly Expression[];
}

export interface Subscript extends NodeBase {
  readonly kind: 'Subscript';
  readonly base: Expression;
  readonly index: Expression;
}

/** `ROW(a, b)` or a parenthesised list `(a, b)`. */
export interface RowConstructor extends NodeBase {
  readonly kind: 'Row';
  readonly items: readonly Expression[];
}

export type ExtractField =
  | 'YEAR'
  | 'QUARTER'
  | 'MONTH'
  | 'WEEK'
  | 'DAY'
  | 'DAY_OF_MONTH'
  | 'DAY_OF_WEEK'
  | 'DOW'
  | 'DAY_OF_YEAR'
  | 'DOY'
  | 'YEAR_OF_WEEK'
  | 'YOW'
  | 'HOUR'
  | 'MINUTE'
  | 'SECOND'
  | 'TIMEZONE_MINUTE'
  | 'TIMEZONE_HOUR';

export interface Extract extends NodeBase {
  readonly kind: 'Extract';
  readonly field: ExtractField;
  readonly value: Expression;
}

export interface CurrentTime extends NodeBase {
  readonly kind: 'CurrentTime';
  readonly function: 'CURRENT_DATE' | 'CURRENT_TIME' | 'CURRENT_TIMESTAMP' | 'LOCALTIME' | 'LOCALTIMESTAMP';
  readonly precision?: number;
}

export interface AtTimeZone extends NodeBase {
  readonly kind: 'AtTimeZone';
  readonly value: Expression;
  readonly zone: Expression;
}

/** `TRIM([BOTH|LEADING|TRAILING] [chars] FROM value)` and `TRIM(value)`. */
export interface Trim extends NodeBase {
  readonly kind: 'Trim';
  readonly specification: 'BOTH' | 'LEADING' | 'TRAILING';
  readonly characters?: Expression;
  readonly value: Expression;
}

// ---------------------------------------------------------------------------------------------
// SQL/JSON functions (Trino's json_exists, json_value, json_query, json_object, json_array)

export type JsonEncoding = 'UTF8' | 'UTF16' | 'UTF32';

/** `FORMAT JSON [ENCODING ...]` after an input, a value or a RETURNING type. */
export interface JsonFormat {
  readonly encoding?: JsonEncoding;
}

/** `input [FORMAT JSON], 'path' [PASSING value [FORMAT JSON] AS name, ...]`: what the query functions share. */
export interface JsonPathInvocation extends NodeBase {
  readonly kind: 'JsonPathInvocation';
  readonly input: Expression;
  readonly inputFormat?: JsonFormat;
  readonly path: StringLiteral;
  readonly passing: readonly JsonPathParameter[];
}

export interface JsonPathParameter extends NodeBase {
  readonly kind: 'JsonPathParameter';
  readonly name: Identifier;
  readonly value: Expression;
  readonly format?: JsonFormat;
}

/** `JSON_EXISTS(invocation [TRUE|FALSE|UNKNOWN|ERROR ON ERROR])`; FALSE ON ERROR by default. */
export interface JsonExists extends NodeBase {
  readonly kind: 'JsonExists';
  readonly invocation: JsonPathInvocation;
  readonly onError: 'TRUE' | 'FALSE' | 'UNKNOWN' | 'ERROR';
}

/** json_value's ON EMPTY / ON ERROR: NULL (the default), ERROR, or DEFAULT value. */
export interface JsonValueBehavior {
  readonly type: 'NULL' | 'ERROR' | 'DEFAULT';
  readonly value?: Expression;
}

export interface JsonValue extends NodeBase {
  readonly kind: 'JsonValue';
  readonly invocation: JsonPathInvocation;
  readonly returnType?: DataType;
  readonly onEmpty: JsonValueBehavior;
  readonly onError: JsonValueBehavior;
}

export type JsonQueryBehavior = 'NULL' | 'ERROR' | 'EMPTY_ARRAY' | 'EMPTY_OBJECT';

export interface JsonQuery extends NodeBase {
  readonly kind: 'JsonQuery';
  readonly invocation: JsonPathInvocation;
  readonly returnType?: DataType;
  readonly outputFormat?: JsonFormat;
  /** `WITH ARRAY WRAPPER` is UNCONDITIONAL. */
  readonly wrapper: 'WITHOUT' | 'CONDITIONAL' | 'UNCONDITIONAL';
  /** Absent when not written (KEEP is the default). */
  readonly quotes?: 'KEEP' | 'OMIT';
  readonly onEmpty: JsonQueryBehavior;
  readonly onError: JsonQueryBehavior;
}

/** `key VALUE value`, `KEY key VALUE value` or `key : value`. */
export interface JsonObjectMember extends NodeBase {
  readonly kind: 'JsonObjectMember';
  readonly key: Expression;
  readonly value: Expression;
  readonly format?: JsonFormat;
}

export interface JsonObject extends NodeBase {
  readonly kind: 'JsonObject';
  readonly members: readonly JsonObjectMember[];
  /** NULL ON NULL (the default) or ABSENT ON NULL. */
  readonly nullOnNull: boolean;
  /** WITH UNIQUE KEYS; WITHOUT is the default. */
  readonly uniqueKeys: boolean;
  readonly returnType?: DataType;
  readonly outputFormat?: JsonFormat;
}

export interface JsonArrayElement extends NodeBase {
  readonly kind: 'JsonArrayElement';
  readonly value: Expression;
  readonly format?: JsonFormat;
}

export interface JsonArray extends NodeBase {
  readonly kind: 'JsonArray';
  readonly elements: readonly JsonArrayElement[];
  /** NULL ON NULL, or ABSENT ON NULL (the default). */
  readonly nullOnNull: boolean;
  readonly returnType?: DataType;
  readonly outputFormat?: JsonFormat;
}

// ---------------------------------------------------------------------------------------------
// Ordering and windows

export interface SortItem extends NodeBase {
  readonly kind: 'SortItem';
  readonly key: Expression;
  readonly ordering: 'ASC' | 'DESC';
  /** Absent when not written: Presto's default is NULLS LAST for both orderings. */
  readonly nullOrdering?: 'FIRST' | 'LAST';
}

export interface FrameBound extends NodeBase {
  readonly kind: 'FrameBound';
  readonly type: 'UNBOUNDED_PRECEDING' | 'PRECEDING' | 'CURRENT_ROW' | 'FOLLOWING' | 'UNBOUNDED_FOLLOWING';
  readonly value?: Expression;
}

export interface WindowFrame extends NodeBase {
  readonly kind: 'WindowFrame';
  readonly type: 'ROWS' | 'RANGE' | 'GROUPS';
  readonly start: FrameBound;
  readonly end?: FrameBound;
}

export interface WindowSpecification extends NodeBase {
  readonly kind: 'WindowSpecification';
  /** `OVER (w ORDER BY x)`: a named window this one extends. */
  readonly existingWindowName?: Identifier;
  readonly partitionBy: readonly Expression[];
  readonly orderBy: readonly SortItem[];
  readonly frame?: WindowFrame;
}

/** `OVER w`. */
export interface WindowReference extends NodeBase {
  readonly kind: 'WindowReference';
  readonly name: Identifier;
}

export interface WindowDefinition extends NodeBase {
  readonly kind: 'WindowDefinition';
  readonly name: Identifier;
  readonly specification: WindowSpecification;
}

// ---------------------------------------------------------------------------------------------
// Queries

export interface WithQuery extends NodeBase {
  readonly kind: 'WithQuery';
  readonly name: Identifier;
  readonly columnNames?: readonly Identifier[];
  readonly query: Query;
}

export interface With extends NodeBase {
  readonly kind: 'With';
  readonly recursive: boolean;
  readonly queries: readonly WithQuery[];
}

/** `LIMIT n` / `LIMIT ALL` (count absent). */
export interface Limit extends NodeBase {
  readonly kind: 'Limit';
  readonly count?: Expression;
}

/** `FETCH FIRST [n] ROWS { ONLY | WITH TIES }` (count absent means 1). */
export interface FetchFirst extends NodeBase {
  readonly kind: 'FetchFirst';
  readonly count?: Expression;
  readonly withTies: boolean;
}

export interface Offset extends NodeBase {
  readonly kind: 'Offset';
  readonly count: Expression;
}

/** A complete query: WITH, a body, and the ORDER BY / OFFSET / LIMIT that apply to the body. */
export interface Query extends NodeBase {
  readonly kind: 'Query';
  readonly with?: With;
  readonly body: QueryBody;
  readonly orderBy?: readonly SortItem[];
  readonly offset?: Offset;
  readonly limit?: Limit | FetchFirst;
}

export type QueryBody = QuerySpecification | SetOperation | Values | TableSubquery | TableQuery;

export interface AllColumns extends NodeBase {
  readonly kind: 'AllColumns';
  /** `t.*` has the prefix `t`; an expression prefix (`row_col.*`) is a Dereference or Identifier. */
  readonly prefix?: Expression;
  /** `t.* AS (a, b)`. */
  readonly aliases?: readonly Identifier[];
}

export interface SingleColumn extends NodeBase {
  readonly kind: 'SingleColumn';
  readonly expression: Expression;
  readonly alias?: Identifier;
}

export type SelectItem = AllColumns | SingleColumn;

export interface SimpleGroupBy extends NodeBase {
  readonly kind: 'SimpleGroupBy';
  readonly expressions: readonly Expression[];
}

export interface GroupingSets extends NodeBase {
  readonly kind: 'GroupingSets';
  readonly sets: readonly (readonly Expression[])[];
}

export interface Rollup extends NodeBase {
  readonly kind: 'Rollup';
  readonly expressions: readonly Expression[];
}

export interface Cube extends NodeBase {
  readonly kind: 'Cube';
  readonly expressions: readonly Expression[];
}

export type GroupingElement = SimpleGroupBy | GroupingSets | Rollup | Cube;

export interface GroupBy extends NodeBase {
  readonly kind: 'GroupBy';
  /** `GROUP BY DISTINCT ...` removes duplicate grouping sets. */
  readonly distinct: boolean;
  readonly elements: readonly GroupingElement[];
}

export interface QuerySpecification extends NodeBase {
  readonly kind: 'QuerySpecification';
  readonly distinct: boolean;
  readonly select: readonly SelectItem[];
  readonly from?: Relation;
  readonly where?: Expression;
  readonly groupBy?: GroupBy;
  readonly having?: Expression;
  readonly windows: readonly WindowDefinition[];
}

export interface SetOperation extends NodeBase {
  readonly kind: 'SetOperation';
  readonly operator: 'UNION' | 'INTERSECT' | 'EXCEPT';
  /** `UNION` alone means DISTINCT; `UNION ALL` is `distinct: false`. */
  readonly distinct: boolean;
  readonly left: QueryBody;
  readonly right: QueryBody;
}

/** `VALUES (1, 'a'), (2, 'b')`; a row is a RowConstructor or a single expression. */
export interface Values extends NodeBase {
  readonly kind: 'Values';
  readonly rows: readonly Expression[];
}

/** A parenthesised query, as a query body or as a relation in FROM. */
export interface TableSubquery extends NodeBase {
  readonly kind: 'TableSubquery';
  readonly query: Query;
}

/** `TABLE t` as a query body. */
export interface TableQuery extends NodeBase {
  readonly kind: 'TableQuery';
  readonly name: QualifiedName;
}

// ---------------------------------------------------------------------------------------------
// Relations

export type Relation = Table | AliasedRelation | SampledRelation | TableSubquery | Join | Unnest | Lateral | Values;

export interface Table extends NodeBase {
  readonly kind: 'Table';
  readonly name: QualifiedName;
}

/** `relation TABLESAMPLE BERNOULLI|SYSTEM (percentage)`, after the relation's alias (Trino's grammar). */
export interface SampledRelation extends NodeBase {
  readonly kind: 'SampledRelation';
  readonly relation: Relation;
  readonly sampleType: 'BERNOULLI' | 'SYSTEM';
  readonly percentage: Expression;
}

export interface AliasedRelation extends NodeBase {
  readonly kind: 'AliasedRelation';
  readonly relation: Relation;
  readonly alias: Identifier;
  readonly columnNames?: readonly Identifier[];
}

export type JoinCriteria =
  | { readonly kind: 'JoinOn'; readonly condition: Expression }
  | { readonly kind: 'JoinUsing'; readonly columns: readonly Identifier[] }
  | { readonly kind: 'NaturalJoin' };

export interface Join extends NodeBase {
  readonly kind: 'Join';
  /** IMPLICIT is a comma in FROM. */
  readonly type: 'CROSS' | 'IMPLICIT' | 'INNER' | 'LEFT' | 'RIGHT' | 'FULL';
  readonly left: Relation;
  readonly right: Relation;
  /** Absent for CROSS and IMPLICIT joins. */
  readonly criteria?: JoinCriteria;
}

export interface Unnest extends NodeBase {
  readonly kind: 'Unnest';
  readonly expressions: readonly Expression[];
  readonly withOrdinality: boolean;
}

export interface Lateral extends NodeBase {
  readonly kind: 'Lateral';
  readonly query: Query;
}

// ---------------------------------------------------------------------------------------------
// Statements

export interface Property extends NodeBase {
  readonly kind: 'Property';
  readonly name: Identifier;
  readonly value: Expression;
}

export interface ColumnDefinition extends NodeBase {
  readonly kind: 'ColumnDefinition';
  readonly name: Identifier;
  readonly type: DataType;
  readonly nullable: boolean;
  readonly comment?: string;
  readonly properties: readonly Property[];
}

/** `LIKE table [INCLUDING | EXCLUDING PROPERTIES]` among CREATE TABLE's columns: that table's columns. */
export interface LikeClause extends NodeBase {
  readonly kind: 'LikeClause';
  readonly table: QualifiedName;
  /** INCLUDING PROPERTIES: the new table takes the other's properties (default EXCLUDING). */
  readonly includingProperties: boolean;
}

export interface Explain extends NodeBase {
  readonly kind: 'Explain';
  readonly analyze: boolean;
  readonly verbose: boolean;
  readonly type?: 'LOGICAL' | 'DISTRIBUTED' | 'IO' | 'VALIDATE';
  readonly format?: 'TEXT' | 'JSON' | 'GRAPHVIZ';
  readonly statement: Statement;
}

export interface ShowCatalogs extends NodeBase {
  readonly kind: 'ShowCatalogs';
  readonly like?: string;
  readonly escape?: string;
}

export interface ShowSchemas extends NodeBase {
  readonly kind: 'ShowSchemas';
  readonly catalog?: Identifier;
  readonly like?: string;
  readonly escape?: string;
}

export interface ShowTables extends NodeBase {
  readonly kind: 'ShowTables';
  readonly schema?: QualifiedName;
  readonly like?: string;
  readonly escape?: string;
}

/** `SHOW COLUMNS FROM t`, `DESCRIBE t`, `DESC t`. */
export interface ShowColumns extends NodeBase {
  readonly kind: 'ShowColumns';
  readonly table: QualifiedName;
  readonly like?: string;
  readonly escape?: string;
}

export interface ShowFunctions extends NodeBase {
  readonly kind: 'ShowFunctions';
  readonly like?: string;
  readonly escape?: string;
}

export interface ShowSession extends NodeBase {
  readonly kind: 'ShowSession';
  readonly like?: string;
  readonly escape?: string;
}

export interface ShowCreate extends NodeBase {
  readonly kind: 'ShowCreate';
  readonly type: 'TABLE' | 'VIEW' | 'SCHEMA';
  readonly name: QualifiedName;
}

/** `SHOW STATS FOR t` or `SHOW STATS FOR (query)`. */
export interface ShowStats extends NodeBase {
  readonly kind: 'ShowStats';
  readonly relation: Table | TableSubquery;
}

export interface DescribeInput extends NodeBase {
  readonly kind: 'DescribeInput';
  readonly name: Identifier;
}

export interface DescribeOutput extends NodeBase {
  readonly kind: 'DescribeOutput';
  readonly name: Identifier;
}

export interface Use extends NodeBase {
  readonly kind: 'Use';
  readonly catalog?: Identifier;
  readonly schema: Identifier;
}

export interface SetSession extends NodeBase {
  readonly kind: 'SetSession';
  readonly name: QualifiedName;
  readonly value: Expression;
}

export interface ResetSession extends NodeBase {
  readonly kind: 'ResetSession';
  readonly name: QualifiedName;
}

export interface CreateSchema extends NodeBase {
  readonly kind: 'CreateSchema';
  readonly name: QualifiedName;
  readonly notExists: boolean;
  readonly properties: readonly Property[];
}

/** `CREATE CATALOG [IF NOT EXISTS] name USING connector [COMMENT '...'] [AUTHORIZATION principal] [WITH (...)]` (Trino). */
export interface CreateCatalog extends NodeBase {
  readonly kind: 'CreateCatalog';
  readonly name: Identifier;
  readonly notExists: boolean;
  readonly connectorName: Identifier;
  readonly comment?: string;
  readonly authorization?: Identifier;
  readonly properties: readonly Property[];
}

/** `DROP CATALOG [IF EXISTS] name [CASCADE | RESTRICT]` (Trino). */
export interface DropCatalog extends NodeBase {
  readonly kind: 'DropCatalog';
  readonly name: Identifier;
  readonly exists: boolean;
  readonly cascade: boolean;
}

export interface DropSchema extends NodeBase {
  readonly kind: 'DropSchema';
  readonly name: QualifiedName;
  readonly exists: boolean;
  readonly cascade: boolean;
}

export interface CreateTable extends NodeBase {
  readonly kind: 'CreateTable';
  readonly name: QualifiedName;
  readonly notExists: boolean;
  /** `CREATE OR REPLACE TABLE`: an existing table of the name is replaced. */
  readonly replace?: boolean;
  /** Column definitions and `LIKE table` clauses, in the order written. */
  readonly columns: readonly (ColumnDefinition | LikeClause)[];
  readonly comment?: string;
  readonly properties: readonly Property[];
}

export interface CreateTableAsSelect extends NodeBase {
  readonly kind: 'CreateTableAsSelect';
  readonly name: QualifiedName;
  readonly notExists: boolean;
  /** `CREATE OR REPLACE TABLE ... AS`: an existing table of the name is replaced. */
  readonly replace?: boolean;
  readonly columnNames?: readonly Identifier[];
  readonly query: Query;
  readonly withData: boolean;
  readonly comment?: string;
  readonly properties: readonly Property[];
}

export interface Insert extends NodeBase {
  readonly kind: 'Insert';
  readonly target: QualifiedName;
  readonly columns?: readonly Identifier[];
  readonly query: Query;
}

export interface Delete extends NodeBase {
  readonly kind: 'Delete';
  readonly table: QualifiedName;
  readonly where?: Expression;
}

export interface UpdateAssignment extends NodeBase {
  readonly kind: 'UpdateAssignment';
  readonly name: Identifier;
  readonly value: Expression;
}

export interface Update extends NodeBase {
  readonly kind: 'Update';
  readonly table: QualifiedName;
  readonly assignments: readonly UpdateAssignment[];
  readonly where?: Expression;
}

/**
 * `MERGE INTO target [[AS] alias] USING source ON condition WHEN ...` (Trino's MERGE): each target
 * row matched by a source row takes the first WHEN MATCHED case whose condition holds (UPDATE SET
 * or DELETE); each source row matching no target row takes the first WHEN NOT MATCHED case whose
 * condition holds (INSERT).
 */
export interface Merge extends NodeBase {
  readonly kind: 'Merge';
  readonly target: QualifiedName;
  readonly targetAlias?: Identifier;
  readonly source: Relation;
  readonly condition: Expression;
  readonly cases: readonly MergeCase[];
}

export type MergeCase = MergeUpdate | MergeDelete | MergeInsert;

export interface MergeUpdate extends NodeBase {
  readonly kind: 'MergeUpdate';
  readonly condition?: Expression;
  readonly assignments: readonly UpdateAssignment[];
}

export interface MergeDelete extends NodeBase {
  readonly kind: 'MergeDelete';
  readonly condition?: Expression;
}

export interface MergeInsert extends NodeBase {
  readonly kind: 'MergeInsert';
  readonly condition?: Expression;
  /** The target columns the values go to; absent: every column, in order. */
  readonly columns?: readonly Identifier[];
  readonly values: readonly Expression[];
}

export interface TruncateTable extends NodeBase {
  readonly kind: 'TruncateTable';
  readonly table: QualifiedName;
}

export interface DropTable extends NodeBase {
  readonly kind: 'DropTable';
  readonly name: QualifiedName;
  readonly exists: boolean;
}

export interface RenameTable extends NodeBase {
  readonly kind: 'RenameTable';
  readonly exists: boolean;
  readonly source: QualifiedName;
  readonly target: QualifiedName;
}

export interface AddColumn extends NodeBase {
  readonly kind: 'AddColumn';
  readonly table: QualifiedName;
  readonly tableExists: boolean;
  readonly columnNotExists: boolean;
  readonly column: ColumnDefinition;
}

export interface DropColumn extends NodeBase {
  readonly kind: 'DropColumn';
  readonly table: QualifiedName;
  readonly tableExists: boolean;
  readonly columnExists: boolean;
  readonly column: Identifier;
}

export interface RenameColumn extends NodeBase {
  readonly kind: 'RenameColumn';
  readonly table: QualifiedName;
  readonly tableExists: boolean;
  readonly columnExists: boolean;
  readonly source: Identifier;
  readonly target: Identifier;
}

/** `ALTER TABLE t ALTER COLUMN c SET DATA TYPE type`. */
export interface SetColumnType extends NodeBase {
  readonly kind: 'SetColumnType';
  readonly table: QualifiedName;
  readonly tableExists: boolean;
  readonly column: Identifier;
  readonly type: DataType;
}

/** `ALTER VIEW v RENAME TO w`. */
export interface RenameView extends NodeBase {
  readonly kind: 'RenameView';
  readonly source: QualifiedName;
  readonly target: QualifiedName;
}

/** `SET TIME ZONE LOCAL | expression` (a zone id or a day-to-second interval offset). */
export interface SetTimeZone extends NodeBase {
  readonly kind: 'SetTimeZone';
  /** Absent: LOCAL (the server's zone). */
  readonly value?: Expression;
}

export interface CreateView extends NodeBase {
  readonly kind: 'CreateView';
  readonly name: QualifiedName;
  readonly replace: boolean;
  readonly comment?: string;
  readonly query: Query;
}

/** `COMMENT ON TABLE | VIEW | COLUMN name IS 'text' | NULL` (a column's name ends with the column). */
export interface Comment extends NodeBase {
  readonly kind: 'Comment';
  readonly target: 'TABLE' | 'VIEW' | 'COLUMN';
  readonly name: QualifiedName;
  /** null: remove the comment. */
  readonly comment: string | null;
}

export interface DropView extends NodeBase {
  readonly kind: 'DropView';
  readonly name: QualifiedName;
  readonly exists: boolean;
}

export interface Prepare extends NodeBase {
  readonly kind: 'Prepare';
  readonly name: Identifier;
  readonly statement: Statement;
}

export interface Execute extends NodeBase {
  readonly kind: 'Execute';
  readonly name: Identifier;
  readonly parameters: readonly Expression[];
}

/**
 * `EXECUTE IMMEDIATE 'sql' [USING ...]` (Trino 418+): a statement given as a string and run at once
 * with its `?` parameters bound, without a PREPARE. `statement` keeps the literal's position, so the
 * inner statement's errors point into the string.
 */
export interface ExecuteImmediate extends NodeBase {
  readonly kind: 'ExecuteImmediate';
  readonly statement: StringLiteral;
  readonly parameters: readonly Expression[];
}

export interface Deallocate extends NodeBase {
  readonly kind: 'Deallocate';
  readonly name: Identifier;
}

export interface StartTransaction extends NodeBase {
  readonly kind: 'StartTransaction';
  /** `ISOLATION LEVEL ...` and `READ ONLY|WRITE`, as written, uppercased. */
  readonly modes: readonly string[];
}

export interface Commit extends NodeBase {
  readonly kind: 'Commit';
}

export interface Rollback extends NodeBase {
  readonly kind: 'Rollback';
}

export interface CallArgument extends NodeBase {
  readonly kind: 'CallArgument';
  readonly name?: Identifier;
  readonly value: Expression;
}

/** `ANALYZE t [WITH (...)]`: compute and store the table's statistics. */
export interface Analyze extends NodeBase {
  readonly kind: 'Analyze';
  readonly table: QualifiedName;
  readonly properties: readonly Property[];
}

export interface Call extends NodeBase {
  readonly kind: 'Call';
  readonly name: QualifiedName;
  readonly arguments: readonly CallArgument[];
}

export type Statement =
  | Query
  | Explain
  | ShowCatalogs
  | ShowSchemas
  | ShowTables
  | ShowColumns
  | ShowFunctions
  | ShowSession
  | ShowCreate
  | ShowStats
  | DescribeInput
  | DescribeOutput
  | Use
  | SetSession
  | ResetSession
  | CreateCatalog
  | DropCatalog
  | CreateSchema
  | DropSchema
  | CreateTable
  | CreateTableAsSelect
  | Insert
  | Delete
  | Update
  | TruncateTable
  | DropTable
  | RenameTable
  | AddColumn
  | DropColumn
  | RenameColumn
  | CreateView
  | DropView
  | Prepare
  | ExecuteImmediate
  | Merge
  | Comment
  | SetColumnType
  | RenameView
  | SetTimeZone
  | Execute
  | Deallocate
  | StartTransaction
  | Commit
  | Rollback
  | Call
  | Analyze;

export type Node =
  | Statement
  | Expression
  | QueryBody
  | Relation
  | SelectItem
  | GroupingElement
  | GroupBy
  | SortItem
  | WindowSpecification
  | WindowReference
  | WindowDefinition
  | WindowFrame
  | FrameBound
  | WhenClause
  | With
  | WithQuery
  | Limit
  | FetchFirst
  | Offset
  | QualifiedName
  | DataType
  | Property
  | ColumnDefinition
  | UpdateAssignment
  | CallArgument;
