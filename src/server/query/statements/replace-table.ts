/**
 * CREATE OR REPLACE TABLE of a table that exists: the table gets the new columns (and comment)
 * and the new rows — none, or a query's — in one swap, through the connector's row-level rewrite
 * (staged-contents.ts), so readers see the old table or the new one, never neither. A connector
 * without rewrites answers Trino's "This connector does not support replacing tables". Table
 * properties stay the connector's own: one it does not declare is refused as CREATE TABLE refuses
 * it, and a connector that replaces through rewrites declares none it could change here.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { ColumnMetadata, QualifiedObjectName } from '../../../spi/metadata.js';
import type { Insert, Statement } from '../../../sql/ast.js';
import type { MetadataManager } from '../../metadata/metadata-manager.js';
import { replaceContents } from './staged-contents.js';

export interface TableReplacement {
  readonly columns: readonly ColumnMetadata[];
  readonly properties: Readonly<Record<string, unknown>>;
  readonly comment?: string;
  /** The INSERT of the new rows into the staging table; none: the new table is empty. */
  readonly fill?: (staging: QualifiedObjectName) => Insert;
}

/** Replaces the existing table `name`; returns the rows the new table has. */
export async function replaceExistingTable(
  metadata: MetadataManager,
  runQuery: (statement: Statement) => Promise<unknown[]>,
  name: QualifiedObjectName,
  replacement: TableReplacement,
): Promise<number> {
  const data = await metadata.tableData(name, 'replacing tables');
  const property = Object.keys(replacement.properties)[0];
  if (property !== undefined) {
    throw new VivaceError(
      'INVALID_TABLE_PROPERTY',
      `Catalog '${name.catalog}' table property '${property}' does not exist`,
    );
  }
  let rows = 0;
  if (replacement.fill === undefined) {
    await metadata.replaceTable(
      name,
      data.version,
      { columns: replacement.columns, contents: 'empty' },
      'replacing tables',
    );
  } else {
    rows = await replaceContents(
      metadata,
      runQuery as Parameters<typeof replaceContents>[1],
      name,
      data.version,
      replacement.columns,
      replacement.fill,
      'replacing tables',
    );
  }
  // The new definition's comment, or none: nothing of the old table's definition stays.
  await metadata.setTableComment(name, replacement.comment ?? null).catch((error: unknown) => {
    if (!(error instanceof VivaceError && error.errorName === 'NOT_SUPPORTED') || replacement.comment !== undefined) {
      throw error;
    }
  });
  return rows;
}
