/**
 * DELETE of whole partitions, and TRUNCATE, for connectors that drop partitions or truncate tables
 * but do not rewrite rows (the lake connector, as Trino's Hive connector on non-transactional
 * tables). A table without partitions is deleted from only as a whole (no WHERE). The partitions holding
 * a matching row are found with a query over the hidden `$partition` column; if any of their rows
 * does not match, the DELETE fails with NOT_SUPPORTED (Trino's message); otherwise the matching
 * rows are counted and the connector drops those partitions. Not for connectors with row-level
 * rewrites (they delete any rows) nor tables without `$partition`. The queries are syntax trees
 * built around the user's parsed WHERE (dml-statements.ts), never SQL text formatted and parsed
 * again, so the WHERE means exactly what was written and its errors point at the user's text.
 */

import type { Session } from '../../../analyzer/analysis-context.js';
import { resolveObjectName } from '../../../analyzer/names.js';
import { fail } from '../../../common/invariant.js';
import { VivaceError } from '../../../common/vivace-error.js';
import { getValue } from '../../../data/block-values.js';
import type { Page } from '../../../data/page.js';
import type { ConnectorMetadata } from '../../../spi/connector.js';
import type { QualifiedObjectName } from '../../../spi/metadata.js';
import type { Delete, Expression, Statement, TruncateTable } from '../../../sql/ast.js';
import { BIGINT, VARCHAR } from '../../../types/type.js';
import { type MetadataManager, systemTableRefusal } from '../../metadata/metadata-manager.js';
import {
  and,
  columnReference,
  countRowsWhere,
  inStrings,
  isNotTrue,
  isTrue,
  selectDistinctWhere,
} from './dml-statements.js';

/** What data-modification.ts hands over (its own context and result types, restated to avoid a cycle). */
interface PartitionDeleteContext {
  readonly session: Session;
  readonly metadata: MetadataManager;
  /** Runs a statement over the current data and returns its pages. */
  runQuery(statement: Statement): Promise<Page[]>;
}

interface PartitionDeleteResult {
  readonly updateType: string;
  readonly updateCount?: number;
}

const PARTITION_COLUMN = '$partition';

function firstColumn(pages: readonly Page[], type: typeof BIGINT | typeof VARCHAR): unknown[] {
  const values: unknown[] = [];
  for (const page of pages) {
    for (let p = 0; p < page.positionCount; p++)
      values.push(getValue(page.blocks[0] ?? fail('a query page has its column'), type, p));
  }
  return values;
}

function wholePartitionsOnly(statement: Delete): VivaceError {
  return new VivaceError(
    'NOT_SUPPORTED',
    'Deletes must match whole partitions for non-transactional tables',
    statement.pos,
  );
}

/** The connector's metadata when it removes data only by whole partitions or tables (no rewrites). */
function withoutRewrites(name: QualifiedObjectName, context: PartitionDeleteContext): ConnectorMetadata | undefined {
  const connectorMetadata = context.metadata.catalogs.connectorOf(name.catalog)?.metadata;
  return connectorMetadata?.rowLevelRewrite === undefined ? connectorMetadata : undefined;
}

/** TRUNCATE TABLE when the table's connector truncates without rewriting rows; undefined otherwise. */
export async function truncateWithoutRewrite(
  statement: TruncateTable,
  context: PartitionDeleteContext,
): Promise<PartitionDeleteResult | undefined> {
  const name = resolveObjectName(statement.table, context.session);
  const connectorMetadata = withoutRewrites(name, context);
  if (connectorMetadata?.truncateTable === undefined) return undefined;
  if ((await context.metadata.getTable(name)) === undefined) return undefined; // the usual TABLE_NOT_FOUND
  await connectorMetadata.truncateTable({ schema: name.schema, table: name.name }, 'TRUNCATE');
  return { updateType: 'TRUNCATE TABLE' };
}

/**
 * The DELETE's result when the table's connector deletes whole partitions (or, for a table without
 * partitions, all of it, when there is no WHERE: the table is the one partition); undefined when
 * the connector rewrites rows or removes nothing by itself.
 */
export async function deleteWholePartitions(
  statement: Delete,
  context: PartitionDeleteContext,
): Promise<PartitionDeleteResult | undefined> {
  const name = resolveObjectName(statement.table, context.session);
  const connectorMetadata = withoutRewrites(name, context);
  if (connectorMetadata === undefined) return undefined;
  const table = await context.metadata.getTable(name);
  if (table === undefined) return undefined;
  if (table.systemTable === true) throw systemTableRefusal(name, statement.pos);
  const pos = statement.pos;
  const where = statement.where;
  if (!table.columns.some((c) => c.name === PARTITION_COLUMN && c.hidden === true)) {
    if (connectorMetadata.truncateTable === undefined) return undefined;
    // Trino's rule: without partitions, only a DELETE of everything needs no row rewrite.
    if (where !== undefined) throw wholePartitionsOnly(statement);
    const [rows] = firstColumn(await context.runQuery(countRowsWhere(name, undefined, pos)), BIGINT);
    await connectorMetadata.truncateTable({ schema: name.schema, table: name.name }, 'DELETE');
    return { updateType: 'DELETE', updateCount: Number(rows) };
  }
  if (connectorMetadata.deletePartitions === undefined) return undefined;
  const partitionColumn = () => columnReference(PARTITION_COLUMN, pos);
  // Each query gets its own copy of the user's WHERE (isTrue clones it).
  const matches = (): Expression =>
    where === undefined ? { kind: 'BooleanLiteral', value: true, pos } : isTrue(where);
  const partitions = firstColumn(
    await context.runQuery(selectDistinctWhere(partitionColumn(), name, matches(), pos)),
    VARCHAR,
  ) as string[];
  if (partitions.length === 0) return { updateType: 'DELETE', updateCount: 0 };
  const within = () => inStrings(partitionColumn(), partitions);
  const unmatched = where === undefined ? undefined : and(within(), isNotTrue(where));
  const [others] =
    unmatched === undefined ? [0] : firstColumn(await context.runQuery(countRowsWhere(name, unmatched, pos)), BIGINT);
  if (Number(others) > 0) throw wholePartitionsOnly(statement);
  const [deleted] = firstColumn(await context.runQuery(countRowsWhere(name, within(), pos)), BIGINT);
  await connectorMetadata.deletePartitions({ schema: name.schema, table: name.name }, partitions);
  return { updateType: 'DELETE', updateCount: Number(deleted) };
}
