/**
 * DELETE of whole partitions, for connectors that drop partitions but do not rewrite rows (the
 * lake connector, as Trino's Hive connector on non-transactional tables): the partitions holding
 * a matching row are found with a query over the hidden `$partition` column; if any of their rows
 * does not match, the DELETE fails with NOT_SUPPORTED (Trino's message); otherwise the matching
 * rows are counted and the connector drops those partitions. Not for connectors with row-level
 * rewrites (they delete any rows) nor tables without `$partition`.
 */

import type { Session } from '../../../analyzer/analysis-context.js';
import { resolveObjectName } from '../../../analyzer/names.js';
import { fail } from '../../../common/invariant.js';
import { VivaceError } from '../../../common/vivace-error.js';
import { getValue } from '../../../data/block-values.js';
import type { Page } from '../../../data/page.js';
import type { Delete, Statement } from '../../../sql/ast.js';
import { formatExpression } from '../../../sql/formatter.js';
import { parseStatement } from '../../../sql/parser.js';
import { BIGINT, VARCHAR } from '../../../types/type.js';
import type { MetadataManager } from '../../metadata/metadata-manager.js';

/** What data-modification.ts hands over (its own context and result types, restated to avoid a cycle). */
interface PartitionDeleteContext {
  readonly session: Session;
  readonly metadata: MetadataManager;
  /** Runs a statement over the current data and returns its pages. */
  runQuery(statement: Statement): Promise<Page[]>;
}

interface PartitionDeleteResult {
  readonly updateType: string;
  readonly updateCount: number;
}

const PARTITION_COLUMN = '$partition';

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function stringLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function firstColumn(pages: readonly Page[], type: typeof BIGINT | typeof VARCHAR): unknown[] {
  const values: unknown[] = [];
  for (const page of pages) {
    for (let p = 0; p < page.positionCount; p++)
      values.push(getValue(page.blocks[0] ?? fail('a query page has its column'), type, p));
  }
  return values;
}

/** The DELETE's result when the table's connector deletes whole partitions; undefined otherwise. */
export async function deleteWholePartitions(
  statement: Delete,
  context: PartitionDeleteContext,
): Promise<PartitionDeleteResult | undefined> {
  const name = resolveObjectName(statement.table, context.session);
  const connectorMetadata = context.metadata.catalogs.connectorOf(name.catalog)?.metadata;
  if (connectorMetadata?.deletePartitions === undefined || connectorMetadata.rowLevelRewrite !== undefined) {
    return undefined;
  }
  const table = await context.metadata.getTable(name);
  if (table === undefined || !table.columns.some((c) => c.name === PARTITION_COLUMN && c.hidden === true)) {
    return undefined;
  }
  const from = [name.catalog, name.schema, name.name].map(quote).join('.');
  const matches = statement.where === undefined ? 'true' : `coalesce((${formatExpression(statement.where)}), false)`;
  const partitions = firstColumn(
    await context.runQuery(parseQuery(`SELECT DISTINCT ${quote(PARTITION_COLUMN)} FROM ${from} WHERE ${matches}`)),
    VARCHAR,
  ) as string[];
  if (partitions.length === 0) return { updateType: 'DELETE', updateCount: 0 };
  const within = `${quote(PARTITION_COLUMN)} IN (${partitions.map(stringLiteral).join(', ')})`;
  const [others] = firstColumn(
    await context.runQuery(parseQuery(`SELECT count(*) FROM ${from} WHERE ${within} AND NOT ${matches}`)),
    BIGINT,
  );
  if (Number(others) > 0) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      'Deletes must match whole partitions for non-transactional tables',
      statement.pos,
    );
  }
  const [deleted] = firstColumn(
    await context.runQuery(parseQuery(`SELECT count(*) FROM ${from} WHERE ${within}`)),
    BIGINT,
  );
  await connectorMetadata.deletePartitions({ schema: name.schema, table: name.name }, partitions);
  return { updateType: 'DELETE', updateCount: Number(deleted) };
}

/**
 * The partition queries are built as text around the user's WHERE (formatted back) and parsed:
 * they read the hidden `$partition` column, which no syntax-tree builder of dml-statements.ts covers.
 */
function parseQuery(sql: string): Statement {
  return parseStatement(sql);
}
