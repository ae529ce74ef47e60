/**
 * The statements that describe metadata and answer with rows computed on the coordinator:
 * SHOW CATALOGS / SCHEMAS / TABLES / COLUMNS (DESCRIBE) / FUNCTIONS / CREATE TABLE|VIEW|SCHEMA /
 * STATS FOR t, and USE. Column names and shapes are Presto's; LIKE patterns (with ESCAPE) filter
 * names as in SQL. Every name is checked first so that errors point at the statement's text.
 * They await the metadata manager: connectors answer asynchronously.
 */

import { analyzeStatement } from '../../../analyzer/analyzer.js';
import { canonical, resolveObjectName } from '../../../analyzer/names.js';
import { VivaceError } from '../../../common/vivace-error.js';
import { formatDecimal } from '../../../data/number-format.js';
import { formatDate } from '../../../data/temporal-format.js';
import type { FunctionRegistry } from '../../../functions/function-registry.js';
import { likeMatcher } from '../../../functions/implementations/like.js';
import { planQuery } from '../../../planner/query-planner.js';
import { StatsCalculator } from '../../../planner/stats/stats-calculator.js';
import type { QualifiedObjectName } from '../../../spi/metadata.js';
import type {
  Identifier,
  Query,
  ShowCatalogs,
  ShowColumns,
  ShowCreate,
  ShowFunctions,
  ShowSchemas,
  ShowStats,
  ShowTables,
  SourcePosition,
  Use,
} from '../../../sql/ast.js';
import { formatSql } from '../../../sql/formatter.js';
import { formatStoredName } from '../../../sql/formatter-expression.js';
import { parseStatement } from '../../../sql/parser.js';
import { BOOLEAN, DOUBLE, type Type, VARCHAR } from '../../../types/type.js';
import { formatType } from '../../../types/type-signature.js';
import type { MetadataManager } from '../../metadata/metadata-manager.js';
import type { ResultColumn } from '../../protocol/query-state.js';
import { userMetadata } from '../../security/statement-access.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate, finishWithRows } from './statement-results.js';

export type MetadataStatement =
  | ShowCatalogs
  | ShowSchemas
  | ShowTables
  | ShowColumns
  | ShowFunctions
  | ShowCreate
  | ShowStats
  | Use;

/** The optimizer's estimates for a query's output (SHOW STATS FOR (query)). */
export interface QueryStatistics {
  readonly rowCount?: number;
  readonly columns: readonly {
    readonly name: string;
    readonly type: Type;
    readonly distinctValues?: number;
    readonly nullFraction?: number;
    readonly low?: number;
    readonly high?: number;
  }[];
}

export interface MetadataStatementContext {
  readonly catalog?: string;
  readonly schema?: string;
  readonly metadata: MetadataManager;
  readonly functions: FunctionRegistry;
  /** Plans a query and estimates its output, for SHOW STATS FOR (query). */
  readonly queryStatistics?: (query: Query) => Promise<QueryStatistics>;
}

export type MetadataStatementResult =
  | { readonly kind: 'rows'; readonly columns: readonly ResultColumn[]; readonly rows: readonly unknown[][] }
  | { readonly kind: 'use'; readonly catalog: string; readonly schema: string };

const varcharColumns = (...names: string[]): ResultColumn[] => names.map((name) => ({ name, type: VARCHAR }));

function likeFilter(like: string | undefined, escapeCharacter: string | undefined): (value: string) => boolean {
  return like === undefined ? () => true : likeMatcher(like, escapeCharacter);
}

function rows(columns: readonly ResultColumn[], values: readonly unknown[][]): MetadataStatementResult {
  return { kind: 'rows', columns, rows: values };
}

export async function executeMetadataStatement(
  statement: MetadataStatement,
  context: MetadataStatementContext,
): Promise<MetadataStatementResult> {
  switch (statement.kind) {
    case 'ShowCatalogs': {
      const matches = likeFilter(statement.like, statement.escape);
      return rows(
        varcharColumns('Catalog'),
        context.metadata
          .listCatalogs()
          .filter(matches)
          .map((c) => [c]),
      );
    }
    case 'ShowSchemas': {
      const catalog = requireCatalog(statement.catalog, context, statement.pos);
      const matches = likeFilter(statement.like, statement.escape);
      const schemas = new Set([...(await context.metadata.listSchemas(catalog)), 'information_schema']);
      return rows(
        varcharColumns('Schema'),
        [...schemas]
          .filter(matches)
          .sort()
          .map((s) => [s]),
      );
    }
    case 'ShowTables':
      return showTables(statement, context);
    case 'ShowColumns':
      return showColumns(statement, context);
    case 'ShowFunctions': {
      const matches = likeFilter(statement.like, statement.escape);
      const columns: ResultColumn[] = [
        ...varcharColumns('Function', 'Return Type', 'Argument Types', 'Function Type'),
        { name: 'Deterministic', type: BOOLEAN },
        { name: 'Description', type: VARCHAR },
      ];
      return rows(
        columns,
        context.functions
          .list()
          .filter((f) => matches(f.name))
          .map((f) => [f.name, f.returnType, f.argumentTypes, f.functionType, f.deterministic, f.description]),
      );
    }
    case 'ShowCreate':
      return showCreate(statement, context);
    case 'ShowStats':
      return showStats(statement, context);
    case 'Use': {
      const catalog = statement.catalog === undefined ? context.catalog : canonical(statement.catalog);
      if (catalog === undefined) {
        throw new VivaceError(
          'MISSING_CATALOG_NAME',
          'Catalog must be specified when session catalog is not set',
          statement.pos,
        );
      }
      if (!context.metadata.catalogExists(catalog)) {
        throw new VivaceError(
          'CATALOG_NOT_FOUND',
          `Catalog '${catalog}' does not exist`,
          (statement.catalog ?? statement).pos,
        );
      }
      const schema = canonical(statement.schema);
      if (!(await context.metadata.schemaExists(catalog, schema))) {
        throw new VivaceError('SCHEMA_NOT_FOUND', `Schema does not exist: ${catalog}.${schema}`, statement.schema.pos);
      }
      return { kind: 'use', catalog, schema };
    }
  }
}

function requireCatalog(
  identifier: Identifier | undefined,
  context: MetadataStatementContext,
  pos: SourcePosition,
): string {
  const catalog = identifier === undefined ? context.catalog : canonical(identifier);
  if (catalog === undefined) {
    throw new VivaceError('MISSING_CATALOG_NAME', 'Catalog must be specified when session catalog is not set', pos);
  }
  if (!context.metadata.catalogExists(catalog)) {
    throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${catalog}' does not exist`, (identifier ?? { pos }).pos);
  }
  return catalog;
}

async function showTables(statement: ShowTables, context: MetadataStatementContext): Promise<MetadataStatementResult> {
  const parts = statement.schema?.parts.map(canonical) ?? [];
  if (parts.length > 2) {
    throw new VivaceError(
      'SYNTAX_ERROR',
      `Too many parts in schema name: ${parts.join('.')}`,
      statement.schema?.pos ?? statement.pos,
    );
  }
  const catalog = parts.length === 2 ? parts[0] : context.catalog;
  const schema = parts.length > 0 ? parts[parts.length - 1] : context.schema;
  const pos = statement.schema?.pos ?? statement.pos;
  if (catalog === undefined) {
    throw new VivaceError('MISSING_CATALOG_NAME', 'Catalog must be specified when session catalog is not set', pos);
  }
  if (schema === undefined) {
    throw new VivaceError('MISSING_SCHEMA_NAME', 'Schema must be specified when session schema is not set', pos);
  }
  if (!context.metadata.catalogExists(catalog)) {
    throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${catalog}' does not exist`, pos);
  }
  if (!(await context.metadata.schemaExists(catalog, schema))) {
    throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${schema}' does not exist`, pos);
  }
  const matches = likeFilter(statement.like, statement.escape);
  const [tables, views] = await Promise.all([
    context.metadata.listTables(catalog, schema),
    context.metadata.listViews(catalog, schema),
  ]);
  const names = new Set([...tables, ...views].filter((t) => t.schema === schema).map((t) => t.name));
  return rows(
    varcharColumns('Table'),
    [...names]
      .filter(matches)
      .sort()
      .map((t) => [t]),
  );
}

async function relationColumns(
  name: QualifiedObjectName,
  context: MetadataStatementContext,
  pos: SourcePosition,
): Promise<readonly { name: string; type: Type; comment?: string; nullable?: boolean; extraInfo?: string }[]> {
  if (!context.metadata.catalogExists(name.catalog)) {
    throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${name.catalog}' does not exist`, pos);
  }
  if (!(await context.metadata.schemaExists(name.catalog, name.schema))) {
    throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${name.schema}' does not exist`, pos);
  }
  const view = await context.metadata.getView(name);
  if (view !== undefined) return view.columns;
  const table = await context.metadata.getTable(name);
  if (table === undefined) {
    throw new VivaceError('TABLE_NOT_FOUND', `Table '${name.catalog}.${name.schema}.${name.name}' does not exist`, pos);
  }
  return table.columns.filter((c) => !c.hidden);
}

async function showColumns(
  statement: ShowColumns,
  context: MetadataStatementContext,
): Promise<MetadataStatementResult> {
  const name = resolveObjectName(statement.table, context);
  const matches = likeFilter(statement.like, statement.escape);
  const columns = await relationColumns(name, context, statement.table.pos);
  return rows(
    varcharColumns('Column', 'Type', 'Extra', 'Comment'),
    columns.filter((c) => matches(c.name)).map((c) => [c.name, formatType(c.type), c.extraInfo ?? '', c.comment ?? '']),
  );
}

function qualifiedText(name: QualifiedObjectName): string {
  return [name.catalog, name.schema, name.name].map(formatStoredName).join('.');
}

async function showCreate(statement: ShowCreate, context: MetadataStatementContext): Promise<MetadataStatementResult> {
  if (statement.type === 'SCHEMA') {
    const parts = statement.name.parts.map(canonical);
    const catalog = parts.length === 2 ? parts[0] : context.catalog;
    const schema = parts.at(-1) ?? '';
    if (catalog === undefined || !context.metadata.catalogExists(catalog)) {
      throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${catalog ?? ''}' does not exist`, statement.name.pos);
    }
    if (!(await context.metadata.schemaExists(catalog, schema))) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${catalog}.${schema}' does not exist`, statement.name.pos);
    }
    return rows(varcharColumns('Create Schema'), [
      [`CREATE SCHEMA ${formatStoredName(catalog)}.${formatStoredName(schema)}`],
    ]);
  }
  const name = resolveObjectName(statement.name, context);
  const view = await context.metadata.getView(name);
  if (statement.type === 'VIEW') {
    if (view === undefined) {
      if ((await context.metadata.getTable(name)) !== undefined) {
        throw new VivaceError(
          'NOT_SUPPORTED',
          `Relation '${qualifiedText(name)}' is a table, not a view`,
          statement.name.pos,
        );
      }
      throw new VivaceError('TABLE_NOT_FOUND', `View '${qualifiedText(name)}' does not exist`, statement.name.pos);
    }
    // Stored text is re-formatted so that it reads the same however it was typed.
    const sql = formatSql(parseStatement(view.sql));
    const comment = view.comment === undefined ? '' : ` COMMENT '${view.comment.replaceAll("'", "''")}'`;
    return rows(varcharColumns('Create View'), [[`CREATE VIEW ${qualifiedText(name)}${comment} AS\n${sql}`]]);
  }
  if (view !== undefined) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Relation '${qualifiedText(name)}' is a view, not a table`,
      statement.name.pos,
    );
  }
  const columns = await relationColumns(name, context, statement.name.pos);
  const lines = columns.map(
    (c) =>
      `   ${formatStoredName(c.name)} ${formatType(c.type)}${c.nullable === false ? ' NOT NULL' : ''}` +
      (c.comment ? ` COMMENT '${c.comment.replaceAll("'", "''")}'` : ''),
  );
  const table = await context.metadata.getTable(name);
  return rows(varcharColumns('Create Table'), [
    [
      `CREATE TABLE ${qualifiedText(name)} (\n${lines.join(',\n')}\n)${commentText(table?.comment)}${propertiesText(table?.properties)}`,
    ],
  ]);
}

/** The table's `COMMENT '...'` line of SHOW CREATE TABLE (Trino's layout); empty without one. */
function commentText(comment: string | undefined): string {
  return comment === undefined ? '' : `\nCOMMENT '${comment.replaceAll("'", "''")}'`;
}

/** ` WITH (\n   name = value, ...\n)` of SHOW CREATE TABLE (Trino's layout); empty without properties. */
function propertiesText(properties: Readonly<Record<string, unknown>> | undefined): string {
  const entries = Object.entries(properties ?? {});
  if (entries.length === 0) return '';
  const value = (v: unknown): string =>
    Array.isArray(v)
      ? `ARRAY[${v.map(value).join(',')}]`
      : typeof v === 'string'
        ? `'${v.replaceAll("'", "''")}'`
        : String(v);
  return `\nWITH (\n${entries.map(([k, v]) => `   ${k} = ${value(v)}`).join(',\n')}\n)`;
}

/** A statistic value as SHOW STATS prints low/high values: numbers and dates as text. */
function statisticText(value: unknown, type: Type): string | null {
  if (value === undefined || value === null) return null;
  if (type.kind === 'date' && typeof value === 'number') return formatDate(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/** A connector's min/max (SPI values, spi/values.ts: a decimal is its unscaled value) as text. */
function tableStatisticText(value: unknown, type: Type): string | null {
  if (type.kind === 'decimal' && (typeof value === 'number' || typeof value === 'bigint')) {
    return formatDecimal(value, type.scale);
  }
  return statisticText(value, type);
}

const SHOW_STATS_COLUMNS: ResultColumn[] = [
  { name: 'column_name', type: VARCHAR },
  { name: 'data_size', type: DOUBLE },
  { name: 'distinct_values_count', type: DOUBLE },
  { name: 'nulls_fraction', type: DOUBLE },
  { name: 'row_count', type: DOUBLE },
  { name: 'low_value', type: VARCHAR },
  { name: 'high_value', type: VARCHAR },
];

/** SHOW STATS FOR (query): the estimates the optimizer derives for the query's output. */
async function showQueryStats(
  query: Query,
  context: MetadataStatementContext,
  pos: SourcePosition,
): Promise<MetadataStatementResult> {
  if (context.queryStatistics === undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'SHOW STATS for a query is not available here', pos);
  }
  const statistics = await context.queryStatistics(query);
  const values: unknown[][] = statistics.columns.map((column) => [
    column.name,
    null,
    column.distinctValues ?? null,
    column.nullFraction ?? null,
    null,
    statisticText(column.low, column.type),
    statisticText(column.high, column.type),
  ]);
  values.push([null, null, null, null, statistics.rowCount ?? null, null, null]);
  return rows(SHOW_STATS_COLUMNS, values);
}

async function showStats(statement: ShowStats, context: MetadataStatementContext): Promise<MetadataStatementResult> {
  if (statement.relation.kind === 'TableSubquery') {
    return showQueryStats(statement.relation.query, context, statement.relation.pos);
  }
  const name = resolveObjectName(statement.relation.name, context);
  const columns = await relationColumns(name, context, statement.relation.pos);
  const statistics = await context.metadata.getTableStatistics(name);
  const rowCount = statistics?.rowCount;
  const values: unknown[][] = columns.map((column) => {
    const stats = statistics?.columns[column.name];
    const nonNull = rowCount === undefined ? undefined : rowCount * (1 - (stats?.nullFraction ?? 0));
    const dataSize = stats?.averageSize !== undefined && nonNull !== undefined ? stats.averageSize * nonNull : null;
    return [
      column.name,
      dataSize,
      stats?.distinctValues ?? null,
      stats?.nullFraction ?? null,
      null,
      tableStatisticText(stats?.min, column.type),
      tableStatisticText(stats?.max, column.type),
    ];
  });
  values.push([null, null, null, null, rowCount ?? null, null, null]);
  return rows(SHOW_STATS_COLUMNS, values);
}

/** Runs a SHOW statement or USE for `context.query` and ends it. */
export async function runMetadataStatement(statement: MetadataStatement, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  const session = query.session;
  const statementMetadata = await context.resolveMetadata(statement);
  const result = await executeMetadataStatement(statement, {
    catalog: session.catalog,
    schema: session.schema,
    // Listings show only what the user may see (issue 17).
    metadata:
      engine.accessControl === undefined
        ? engine.metadata
        : userMetadata(engine.metadata, session.user, engine.accessControl),
    functions: engine.functions,
    queryStatistics: (inner) =>
      statementMetadata.analyze(() => {
        const analyzed = analyzeStatement(inner, context.analyzerOptions(statementMetadata));
        const plan = planQuery(analyzed, { metadata: statementMetadata, functions: engine.functions, session });
        const estimate = new StatsCalculator(statementMetadata).estimate(plan.source);
        return {
          ...(estimate.rowCount !== undefined ? { rowCount: estimate.rowCount } : {}),
          columns: analyzed.columns.map((column, i) => {
            const symbol = plan.columns[i];
            return {
              name: column.name,
              type: column.type,
              ...(symbol === undefined ? {} : estimate.symbols.get(symbol)),
            };
          }),
        };
      }),
  });
  if (result.kind === 'use') {
    query.setCatalog = result.catalog;
    query.setSchema = result.schema;
    finishUpdate(query, 'USE');
    return;
  }
  finishWithRows(query, result.columns, result.rows);
}
