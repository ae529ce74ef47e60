/**
 * The swap at the end of every row-level rewrite (DELETE, UPDATE, ADD/DROP COLUMN, MERGE): the
 * table's new contents are written into a hidden staging table by an ordinary INSERT, then swapped
 * in unless the table changed since the rewrite read it (TRANSACTION_CONFLICT), so readers see the
 * old or the new contents and no concurrent write is lost. A failed rewrite drops its staging table.
 */
import type { Page } from '../../../data/page.js';
import type { ColumnMetadata, QualifiedObjectName } from '../../../spi/metadata.js';
import type { Insert, Statement } from '../../../sql/ast.js';
import type { MetadataManager, RowLevelOperation } from '../../metadata/metadata-manager.js';

/** The single bigint a count(*) or an INSERT answers. */
export function countOf(pages: readonly Page[]): number {
  const block = pages[0]?.blocks[0] as { values: ArrayLike<number> } | undefined;
  return block === undefined ? 0 : Number(block.values[0]);
}

/**
 * Runs `insertInto(staging)` (an INSERT of the new contents into a staging table with `columns`)
 * and swaps the staging table in as `name`, expected at `version`; returns the rows written.
 */
export async function replaceContents(
  metadata: MetadataManager,
  runQuery: (statement: Statement) => Promise<Page[]>,
  name: QualifiedObjectName,
  version: number,
  columns: readonly ColumnMetadata[],
  insertInto: (staging: QualifiedObjectName) => Insert,
  operation: RowLevelOperation,
): Promise<number> {
  const staging = await metadata.createStagingTable(name, columns, operation);
  try {
    const rows = countOf(await runQuery(insertInto(staging)));
    await metadata.replaceTable(name, version, { columns, contents: { staging } }, operation);
    return rows;
  } catch (e) {
    try {
      await metadata.dropTable(staging);
    } catch {
      // Already gone (swapped in, or its catalog dropped it): nothing to undo.
    }
    throw e;
  }
}
