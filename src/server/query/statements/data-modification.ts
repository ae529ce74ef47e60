/**
 * Statements that change a table's rows or columns in place: DELETE, UPDATE, MERGE (merge-statement.ts), TRUNCATE TABLE and
 * ALTER TABLE (RENAME TO, ADD COLUMN, DROP COLUMN, RENAME COLUMN), for connectors that declare
 * the row-level rewrite capability (`ConnectorMetadata.rowLevelRewrite`: the memory connector);
 * others answer NOT_SUPPORTED with Trino's message for the statement ("This connector does not
 * support deletes", ...). DELETE, UPDATE, ADD COLUMN and DROP COLUMN write the table's
 * new contents, computed by a query over its contents as of the statement's start, into a hidden
 * staging table with an ordinary INSERT — so the rewrite runs wherever the data is, on the workers
 * in a cluster — and then swap it in. That INSERT (and UPDATE's count) is built as a statement
 * tree around the user's own parsed expressions (dml-statements.ts), never as SQL text parsed
 * again, and runs as a sub-query through the ordinary analyzer, planner and placement; TRUNCATE swaps in no rows, and renames keep the rows. If
 * another statement committed to the table meanwhile, the swap is refused (TRANSACTION_CONFLICT)
 * and nothing changes, so no write is ever lost and readers see either the old or the new
 * contents.
 */
import type { Session } from '../../../analyzer/analysis-context.js';
import { resolveDataType } from '../../../analyzer/data-types.js';
import { canonical, resolveObjectName } from '../../../analyzer/names.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Page } from '../../../data/page.js';
import type { ColumnMetadata, QualifiedObjectName } from '../../../spi/metadata.js';
import type {
  AddColumn,
  Delete,
  DropColumn,
  Expression,
  Merge,
  RenameColumn,
  RenameTable,
  SetColumnType,
  Statement,
  TruncateTable,
  Update,
} from '../../../sql/ast.js';
import type { MetadataManager, RowLevelOperation } from '../../metadata/metadata-manager.js';
import {
  castTo,
  columnReference,
  countRowsWhere,
  insertSelect,
  isNotTrue,
  isTrue,
  nullOf,
  searchedCase,
} from './dml-statements.js';
import { executeMerge } from './merge-statement.js';
import { deleteWholePartitions, truncateWithoutRewrite } from './partition-delete.js';
import { countOf, replaceContents } from './staged-contents.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate, finishWithRowCount } from './statement-results.js';
import { runSubQuery } from './sub-query.js';

export type DataModification =
  | Delete
  | Update
  | Merge
  | SetColumnType
  | TruncateTable
  | RenameTable
  | AddColumn
  | DropColumn
  | RenameColumn;

export interface ModificationContext {
  readonly session: Session;
  readonly metadata: MetadataManager;
  /** Runs a statement over the current data and returns its pages (rows in its column order). */
  runQuery(statement: Statement): Promise<Page[]>;
}

export interface ModificationResult {
  readonly updateType: string;
  readonly updateCount?: number;
}

type TableData = Awaited<ReturnType<MetadataManager['tableData']>>;

/**
 * Writes `values` of the rows of `name` that pass `where` (one value per column of `columns`, in
 * order) as the table's new contents; returns their row count.
 */
function rewrite(
  context: ModificationContext,
  name: QualifiedObjectName,
  data: TableData,
  columns: readonly ColumnMetadata[],
  values: readonly Expression[],
  where: Expression | undefined,
  operation: RowLevelOperation,
): Promise<number> {
  return replaceContents(
    context.metadata,
    (statement) => context.runQuery(statement),
    name,
    data.version,
    columns,
    (staging) => insertSelect(staging, values, name, where),
    operation,
  );
}

export async function executeModification(
  statement: DataModification,
  context: ModificationContext,
): Promise<ModificationResult> {
  const metadata = context.metadata;
  switch (statement.kind) {
    case 'Merge':
      return executeMerge(statement, context);
    case 'TruncateTable': {
      const withoutRewrite = await truncateWithoutRewrite(statement, context);
      if (withoutRewrite !== undefined) return withoutRewrite;
      const name = resolveObjectName(statement.table, context.session);
      const data = await metadata.tableData(name, 'truncating tables');
      await metadata.replaceTable(
        name,
        data.version,
        { columns: data.columns, contents: 'empty' },
        'truncating tables',
      );
      return { updateType: 'TRUNCATE TABLE' };
    }
    case 'Delete': {
      const wholePartitions = await deleteWholePartitions(statement, context);
      if (wholePartitions !== undefined) return wholePartitions;
      const name = resolveObjectName(statement.table, context.session);
      const data = await metadata.tableData(name, 'deletes');
      const where = statement.where;
      if (where === undefined) {
        await metadata.replaceTable(name, data.version, { columns: data.columns, contents: 'empty' }, 'deletes');
        return { updateType: 'DELETE', updateCount: data.rowCount };
      }
      const kept = await rewrite(
        context,
        name,
        data,
        data.columns,
        data.columns.map((c) => columnReference(c.name, statement.pos)),
        isNotTrue(where),
        'deletes',
      );
      return { updateType: 'DELETE', updateCount: data.rowCount - kept };
    }
    case 'Update': {
      const name = resolveObjectName(statement.table, context.session);
      const data = await metadata.tableData(name, 'updates');
      const assignments = new Map<string, Expression>();
      for (const assignment of statement.assignments) {
        const column = canonical(assignment.name);
        const target = data.columns.find((c) => c.name === column);
        if (target === undefined) {
          throw new VivaceError('COLUMN_NOT_FOUND', `Column '${column}' cannot be resolved`, assignment.name.pos);
        }
        if (assignments.has(column)) {
          throw new VivaceError(
            'DUPLICATE_COLUMN_NAME',
            `Column '${column}' is assigned more than once`,
            assignment.pos,
          );
        }
        assignments.set(column, castTo(assignment.value, target.type));
      }
      const where = statement.where;
      const values = data.columns.map((c) => {
        const value = assignments.get(c.name);
        const current = columnReference(c.name, statement.pos);
        if (value === undefined) return current;
        return where === undefined ? value : searchedCase(isTrue(where), value, current);
      });
      // Counted first: the rewrite swaps the table, and the count must see the old contents.
      const counted = where === undefined ? undefined : isTrue(where);
      const updated = countOf(await context.runQuery(countRowsWhere(name, counted, statement.pos)));
      await rewrite(context, name, data, data.columns, values, undefined, 'updates');
      return { updateType: 'UPDATE', updateCount: updated };
    }
    case 'RenameTable': {
      const name = resolveObjectName(statement.source, context.session);
      if (statement.exists && (await metadata.getTable(name)) === undefined) return { updateType: 'RENAME TABLE' };
      // As Trino: a target without a catalog or schema takes the source's, not the session's.
      const target = resolveObjectName(statement.target, { catalog: name.catalog, schema: name.schema });
      if ((await metadata.alterableColumns(name, 'renameTable')) !== undefined) {
        if (target.catalog.toLowerCase() !== name.catalog.toLowerCase()) {
          throw new VivaceError('NOT_SUPPORTED', 'Table rename across catalogs is not supported');
        }
        await metadata.alterTable(name, {
          kind: 'renameTable',
          target: { schema: target.schema.toLowerCase(), table: target.name.toLowerCase() },
        });
        return { updateType: 'RENAME TABLE' };
      }
      const data = await metadata.tableData(name, 'renaming tables');
      await metadata.replaceTable(
        name,
        data.version,
        { columns: data.columns, contents: 'keep' },
        'renaming tables',
        target,
      );
      return { updateType: 'RENAME TABLE' };
    }
    case 'AddColumn': {
      const name = resolveObjectName(statement.table, context.session);
      if (statement.tableExists && (await metadata.getTable(name)) === undefined) return { updateType: 'ADD COLUMN' };
      const inPlace = await metadata.alterableColumns(name, 'addColumn');
      const data = inPlace === undefined ? await metadata.tableData(name, 'adding columns') : undefined;
      const current = inPlace ?? data?.columns ?? [];
      const column = canonical(statement.column.name);
      if (current.some((c) => c.name === column)) {
        if (statement.columnNotExists) return { updateType: 'ADD COLUMN' };
        throw new VivaceError('COLUMN_ALREADY_EXISTS', `Column '${column}' already exists`, statement.column.pos);
      }
      const type = resolveDataType(statement.column.type);
      const added = {
        name: column,
        type,
        nullable: true,
        ...(statement.column.comment ? { comment: statement.column.comment } : {}),
      };
      if (data === undefined) {
        await metadata.alterTable(name, { kind: 'addColumn', column: added });
        return { updateType: 'ADD COLUMN' };
      }
      const columns = [...data.columns, added];
      // Existing rows get NULL in the new column.
      const values = [
        ...data.columns.map((c) => columnReference(c.name, statement.pos)),
        nullOf(statement.column.type),
      ];
      await rewrite(context, name, data, columns, values, undefined, 'adding columns');
      return { updateType: 'ADD COLUMN' };
    }
    case 'DropColumn': {
      const name = resolveObjectName(statement.table, context.session);
      if (statement.tableExists && (await metadata.getTable(name)) === undefined) return { updateType: 'DROP COLUMN' };
      const inPlace = await metadata.alterableColumns(name, 'dropColumn');
      const data = inPlace === undefined ? await metadata.tableData(name, 'dropping columns') : undefined;
      const current = inPlace ?? data?.columns ?? [];
      const column = canonical(statement.column);
      const index = current.findIndex((c) => c.name === column);
      if (index < 0) {
        if (statement.columnExists) return { updateType: 'DROP COLUMN' };
        throw new VivaceError('COLUMN_NOT_FOUND', `Column '${column}' does not exist`, statement.column.pos);
      }
      if (current.length === 1) {
        throw new VivaceError('NOT_SUPPORTED', 'Cannot drop the only column in a table', statement.column.pos);
      }
      if (data === undefined) {
        await metadata.alterTable(name, { kind: 'dropColumn', column });
        return { updateType: 'DROP COLUMN' };
      }
      const columns = data.columns.filter((_, i) => i !== index);
      const values = columns.map((c) => columnReference(c.name, statement.pos));
      await rewrite(context, name, data, columns, values, undefined, 'dropping columns');
      return { updateType: 'DROP COLUMN' };
    }
    case 'SetColumnType': {
      const name = resolveObjectName(statement.table, context.session);
      if (statement.tableExists && (await metadata.getTable(name)) === undefined)
        return { updateType: 'SET COLUMN TYPE' };
      const data = await metadata.tableData(name, 'setting column types');
      const column = canonical(statement.column);
      if (!data.columns.some((c) => c.name === column)) {
        throw new VivaceError('COLUMN_NOT_FOUND', `Column '${column}' does not exist`, statement.column.pos);
      }
      const type = resolveDataType(statement.type);
      // Every row's value is cast to the new type; one that does not cast fails the statement.
      const columns = data.columns.map((c) => (c.name === column ? { ...c, type } : c));
      const values = data.columns.map((c) => {
        const reference = columnReference(c.name, statement.pos);
        return c.name === column ? castTo(reference, type) : reference;
      });
      await rewrite(context, name, data, columns, values, undefined, 'setting column types');
      return { updateType: 'SET COLUMN TYPE' };
    }
    case 'RenameColumn': {
      const name = resolveObjectName(statement.table, context.session);
      if (statement.tableExists && (await metadata.getTable(name)) === undefined)
        return { updateType: 'RENAME COLUMN' };
      const inPlace = await metadata.alterableColumns(name, 'renameColumn');
      const data = inPlace === undefined ? await metadata.tableData(name, 'renaming columns') : undefined;
      const current = inPlace ?? data?.columns ?? [];
      const source = canonical(statement.source);
      const target = canonical(statement.target);
      if (!current.some((c) => c.name === source)) {
        if (statement.columnExists) return { updateType: 'RENAME COLUMN' };
        throw new VivaceError('COLUMN_NOT_FOUND', `Column '${source}' does not exist`, statement.source.pos);
      }
      if (current.some((c) => c.name === target)) {
        throw new VivaceError('COLUMN_ALREADY_EXISTS', `Column '${target}' already exists`, statement.target.pos);
      }
      if (data === undefined) {
        await metadata.alterTable(name, { kind: 'renameColumn', from: source, to: target });
        return { updateType: 'RENAME COLUMN' };
      }
      const columns = data.columns.map((c) => (c.name === source ? { ...c, name: target } : c));
      await metadata.replaceTable(name, data.version, { columns, contents: 'keep' }, 'renaming columns');
      return { updateType: 'RENAME COLUMN' };
    }
  }
}

/** Runs DELETE, UPDATE, TRUNCATE TABLE or ALTER TABLE for `context.query` and ends it. */
export async function runDataModification(statement: DataModification, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  await context.resolveMetadata(statement);
  const result = await executeModification(statement, {
    session: context.session,
    metadata: engine.metadata,
    runQuery: async (inner) => {
      const pages: Page[] = [];
      // Its own id: tasks of two sub-queries of one statement (UPDATE counts, then rewrites) must
      // not share task ids on the workers.
      await runSubQuery(inner, context, { queryId: engine.newQueryId(), sql: query.sql, onPage: (p) => pages.push(p) });
      return pages;
    },
  });
  if (result.updateCount === undefined) {
    finishUpdate(query, result.updateType);
  } else {
    query.updateType = result.updateType;
    finishWithRowCount(query, result.updateCount);
  }
}
