/**
 * Runs the data definition statements on the coordinator, as Presto's DataDefinitionTasks:
 * CREATE/DROP SCHEMA, CREATE TABLE (column list), DROP TABLE, CREATE [OR REPLACE] VIEW and DROP
 * VIEW. Each awaits the metadata manager (connectors may be remote); the result is Presto's
 * update type (`CREATE TABLE`, ...) with no rows. Errors of the metadata layer get the position
 * of the name they are about. A view's query is analysed over the statement's own metadata view.
 */
import { analyzeStatement, type Session } from '../../../analyzer/analyzer.js';
import { resolveDataType } from '../../../analyzer/data-types.js';
import { canonical, resolveObjectName } from '../../../analyzer/names.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { FunctionRegistry } from '../../../functions/function-registry.js';
import type { ColumnMetadata, QualifiedObjectName, TableMetadata } from '../../../spi/metadata.js';
import type {
  Comment,
  CreateSchema,
  CreateTable,
  CreateView,
  DropSchema,
  DropTable,
  DropView,
  Identifier,
  LikeClause,
  QualifiedName,
  RenameView,
  SourcePosition,
} from '../../../sql/ast.js';
import { formatSql } from '../../../sql/formatter.js';
import type { MetadataManager } from '../../metadata/metadata-manager.js';
import type { StatementMetadata } from '../../metadata/statement-metadata.js';
import { propertyValues } from './property-values.js';
import { replaceExistingTable } from './replace-table.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate } from './statement-results.js';

export type DataDefinitionStatement =
  | CreateSchema
  | DropSchema
  | CreateTable
  | DropTable
  | CreateView
  | DropView
  | RenameView
  | Comment;

const UPDATE_TYPES: Record<DataDefinitionStatement['kind'], string> = {
  CreateSchema: 'CREATE SCHEMA',
  DropSchema: 'DROP SCHEMA',
  CreateTable: 'CREATE TABLE',
  DropTable: 'DROP TABLE',
  CreateView: 'CREATE VIEW',
  DropView: 'DROP VIEW',
  Comment: 'COMMENT',
  RenameView: 'RENAME VIEW',
};

export interface DataDefinitionContext {
  readonly session: Session;
  readonly metadata: MetadataManager;
  /** The statement's metadata, prefetched (a view's query is analysed over it). */
  readonly statementMetadata: StatementMetadata;
  readonly functions: FunctionRegistry;
}

/** Runs the statement and returns its update type. */
export async function executeDataDefinition(
  statement: DataDefinitionStatement,
  context: DataDefinitionContext,
): Promise<string> {
  switch (statement.kind) {
    case 'CreateSchema':
      await createSchema(statement, context);
      break;
    case 'DropSchema':
      await dropSchema(statement, context);
      break;
    case 'CreateTable':
      await createTable(statement, context);
      break;
    case 'DropTable':
      await dropTable(statement, context);
      break;
    case 'CreateView':
      await createView(statement, context);
      break;
    case 'DropView':
      await dropView(statement, context);
      break;
    case 'Comment':
      await setComment(statement, context);
      break;
    case 'RenameView': {
      const source = resolveObjectName(statement.source, context.session);
      // As Trino: a target without a catalog or schema takes the source's, not the session's.
      const target = resolveObjectName(statement.target, { catalog: source.catalog, schema: source.schema });
      requireCatalog(source.catalog, statement.source.pos, context);
      await at(statement.pos, () => context.metadata.renameView(source, target));
      break;
    }
  }
  return UPDATE_TYPES[statement.kind];
}

/** Runs `action`, giving a position-less VivaceError the position of the statement part it concerns. */
async function at<T>(pos: SourcePosition, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (e) {
    if (e instanceof VivaceError && e.location === undefined) {
      throw new VivaceError(e.errorCode, e.rawMessage, pos, { cause: e });
    }
    throw e;
  }
}

function schemaName(name: CreateSchema['name'], context: DataDefinitionContext): { catalog: string; schema: string } {
  const parts = name.parts.map(canonical);
  if (parts.length > 2)
    throw new VivaceError('SYNTAX_ERROR', `Too many parts in schema name: ${parts.join('.')}`, name.pos);
  const catalog = parts.length === 2 ? parts[0] : context.session.catalog;
  if (catalog === undefined) {
    throw new VivaceError(
      'MISSING_CATALOG_NAME',
      'Catalog must be specified when session catalog is not set',
      name.pos,
    );
  }
  return { catalog, schema: parts.at(-1) ?? '' };
}

function requireCatalog(catalog: string, pos: SourcePosition, context: DataDefinitionContext): void {
  if (!context.metadata.catalogExists(catalog)) {
    throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${catalog}' does not exist`, pos);
  }
}

async function createSchema(statement: CreateSchema, context: DataDefinitionContext): Promise<void> {
  const { catalog, schema } = schemaName(statement.name, context);
  requireCatalog(catalog, statement.name.pos, context);
  if (statement.notExists && (await context.metadata.schemaExists(catalog, schema))) return;
  const properties = propertyValues(statement.properties, 'SCHEMA');
  await at(statement.name.pos, () => context.metadata.createSchema(catalog, schema, properties));
}

async function dropSchema(statement: DropSchema, context: DataDefinitionContext): Promise<void> {
  const { catalog, schema } = schemaName(statement.name, context);
  requireCatalog(catalog, statement.name.pos, context);
  if (!(await context.metadata.schemaExists(catalog, schema))) {
    if (statement.exists) return;
    throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${catalog}.${schema}' does not exist`, statement.name.pos);
  }
  if (!statement.cascade) {
    const [tables, views] = await Promise.all([
      context.metadata.listTables(catalog, schema),
      context.metadata.listViews(catalog, schema),
    ]);
    if (tables.length + views.length > 0) {
      throw new VivaceError('SCHEMA_NOT_EMPTY', `Cannot drop non-empty schema '${schema}'`, statement.name.pos);
    }
  }
  await at(statement.name.pos, () => context.metadata.dropSchema(catalog, schema, statement.cascade));
}

/** Whether a table or a view of that name exists. */
async function relationExists(name: QualifiedObjectName, context: DataDefinitionContext): Promise<boolean> {
  const [table, view] = await Promise.all([context.metadata.getTable(name), context.metadata.getView(name)]);
  return table !== undefined || view !== undefined;
}

/** The table a LIKE clause copies, or TABLE_NOT_FOUND with Trino's message. */
async function likeTable(clause: LikeClause, context: DataDefinitionContext): Promise<TableMetadata> {
  const name = resolveObjectName(clause.table, context.session);
  const table = context.metadata.catalogExists(name.catalog) ? await context.metadata.getTable(name) : undefined;
  if (table === undefined) {
    throw new VivaceError(
      'TABLE_NOT_FOUND',
      `LIKE table '${name.catalog}.${name.schema}.${name.name}' does not exist`,
      clause.pos,
    );
  }
  return table;
}

async function createTable(statement: CreateTable, context: DataDefinitionContext): Promise<void> {
  const name = resolveObjectName(statement.name, context.session);
  requireCatalog(name.catalog, statement.name.pos, context);
  if (statement.notExists && (await relationExists(name, context))) return;
  const seen = new Set<string>();
  const columns: ColumnMetadata[] = [];
  let likeProperties: Readonly<Record<string, unknown>> | undefined;
  const add = (column: ColumnMetadata, pos: SourcePosition) => {
    if (seen.has(column.name)) {
      throw new VivaceError('DUPLICATE_COLUMN_NAME', `Column name '${column.name}' specified more than once`, pos);
    }
    seen.add(column.name);
    columns.push(column);
  };
  for (const element of statement.columns) {
    if (element.kind === 'LikeClause') {
      const like = await likeTable(element, context);
      for (const column of like.columns) if (column.hidden !== true) add(column, element.pos);
      if (element.includingProperties) {
        if (likeProperties !== undefined) {
          throw new VivaceError('NOT_SUPPORTED', 'Only one LIKE clause can specify INCLUDING PROPERTIES', element.pos);
        }
        likeProperties = like.properties ?? {};
      }
      continue;
    }
    const columnName = canonical(element.name);
    const type = resolveDataType(element.type);
    if (type.kind === 'unknown') {
      throw new VivaceError('TYPE_NOT_FOUND', `Unknown type 'unknown' for column '${columnName}'`, element.type.pos);
    }
    add({ name: columnName, type, nullable: element.nullable, comment: element.comment }, element.pos);
  }
  // The statement's own properties override those of a LIKE ... INCLUDING PROPERTIES (as Trino).
  const properties = { ...likeProperties, ...propertyValues(statement.properties, 'TABLE') };
  // Without a column list (only with properties) the connector infers the columns or refuses.
  if (columns.length === 0 && Object.keys(properties).length === 0) {
    throw new VivaceError('INVALID_TABLE_PROPERTY', 'Table must have at least one column', statement.pos);
  }
  if (statement.replace === true && (await context.metadata.getTable(name)) !== undefined) {
    // No rows to write: the replacement needs no query.
    const noQuery = async () => [];
    await at(statement.name.pos, () =>
      replaceExistingTable(context.metadata, noQuery, name, {
        columns,
        properties,
        ...(statement.comment !== undefined && { comment: statement.comment }),
      }),
    );
    return;
  }
  await at(statement.name.pos, () => context.metadata.createTable(name, columns, properties, statement.comment));
}

async function dropTable(statement: DropTable, context: DataDefinitionContext): Promise<void> {
  const name = resolveObjectName(statement.name, context.session);
  requireCatalog(name.catalog, statement.name.pos, context);
  if (statement.exists && !(await relationExists(name, context))) return;
  await at(statement.name.pos, () => context.metadata.dropTable(name));
}

async function createView(statement: CreateView, context: DataDefinitionContext): Promise<void> {
  const name = resolveObjectName(statement.name, context.session);
  requireCatalog(name.catalog, statement.name.pos, context);
  const analyzed = await context.statementMetadata.analyze(() =>
    analyzeStatement(statement.query, {
      session: context.session,
      metadata: context.statementMetadata,
      functions: context.functions,
    }),
  );
  analyzed.columns.forEach((column, i) => {
    if (analyzed.query.outputs[i]?.name === undefined) {
      throw new VivaceError(
        'MISSING_COLUMN_NAME',
        `Column name not specified at position ${i + 1}`,
        statement.query.pos,
      );
    }
    if (analyzed.columns.findIndex((c) => c.name === column.name) !== i) {
      throw new VivaceError(
        'DUPLICATE_COLUMN_NAME',
        `Column name '${column.name}' specified more than once`,
        statement.query.pos,
      );
    }
  });
  await at(statement.name.pos, () =>
    context.metadata.createView(
      {
        name,
        sql: formatSql(statement.query),
        catalog: context.session.catalog,
        schema: context.session.schema,
        columns: analyzed.columns.map((c) => ({ name: c.name, type: c.type })),
        comment: statement.comment,
      },
      statement.replace,
    ),
  );
}

async function dropView(statement: DropView, context: DataDefinitionContext): Promise<void> {
  const name = resolveObjectName(statement.name, context.session);
  requireCatalog(name.catalog, statement.name.pos, context);
  if (statement.exists && (await context.metadata.getView(name)) === undefined) return;
  await at(statement.name.pos, () => context.metadata.dropView(name));
}

/** COMMENT ON TABLE | VIEW | COLUMN (a column is named `table.column`). */
async function setComment(statement: Comment, context: DataDefinitionContext): Promise<void> {
  const { name, target, comment } = statement;
  if (target !== 'COLUMN') {
    const relation = resolveObjectName(name, context.session);
    requireCatalog(relation.catalog, name.pos, context);
    await at(name.pos, () =>
      target === 'TABLE'
        ? context.metadata.setTableComment(relation, comment)
        : context.metadata.setViewComment(relation, comment),
    );
    return;
  }
  if (name.parts.length < 2) {
    throw new VivaceError('SYNTAX_ERROR', `Invalid column name: ${name.parts.map(canonical).join('.')}`, name.pos);
  }
  const tableName: QualifiedName = { ...name, parts: name.parts.slice(0, -1) };
  const relation = resolveObjectName(tableName, context.session);
  requireCatalog(relation.catalog, name.pos, context);
  const column = canonical(name.parts[name.parts.length - 1] as Identifier);
  await at(name.pos, () => context.metadata.setColumnComment(relation, column, comment));
}

/** Runs a CREATE/DROP SCHEMA, TABLE or VIEW for `context.query` and ends it. */
export async function runDataDefinition(statement: DataDefinitionStatement, context: StatementContext): Promise<void> {
  const statementMetadata = await context.resolveMetadata(statement);
  const updateType = await executeDataDefinition(statement, {
    session: context.session,
    metadata: context.engine.metadata,
    statementMetadata,
    functions: context.engine.functions,
  });
  finishUpdate(context.query, updateType);
}
