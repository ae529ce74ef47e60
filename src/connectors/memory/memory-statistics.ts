/**
 * Column statistics of a memory table for the optimizer's join ordering: distinct counts and null
 * fractions estimated from a sample of the table's first rows (exact for tables up to the sample
 * size). A column whose sample is nearly all distinct is taken to be key-like and scaled to the
 * row count; otherwise the sample's distinct count stands. Cached per table version. A table whose
 * pages are on workers has its row count only: the coordinator cannot sample them.
 */
import { getValue } from '../../data/block-values.js';
import type { Page } from '../../data/page.js';
import type { ColumnMetadata, ColumnStatistics, TableStatistics } from '../../spi/metadata.js';

/** What statistics need of a memory table (its record lives in memory-metadata.ts). */
export interface TableData {
  readonly columns: readonly ColumnMetadata[];
  readonly version: number;
  readonly rowCount: number;
}

const SAMPLE_ROWS = 100_000;
const KEY_LIKE_RATIO = 0.9;

const cache = new WeakMap<TableData, { version: number; statistics: TableStatistics }>();

/** `pagesOf` answers the table's pages when this node holds them all, else undefined. */
export function memoryTableStatistics(table: TableData, pagesOf: () => readonly Page[] | undefined): TableStatistics {
  const cached = cache.get(table);
  if (cached && cached.version === table.version) return cached.statistics;
  const columns: Record<string, ColumnStatistics> = {};
  const pages = pagesOf() ?? [];
  table.columns.forEach((column, channel) => {
    const distinct = new Set<unknown>();
    let sampled = 0;
    let nulls = 0;
    for (const page of pages) {
      const block = page.blocks[channel]!;
      for (let p = 0; p < page.positionCount && sampled < SAMPLE_ROWS; p++, sampled++) {
        const value = getValue(block, column.type, p);
        if (value === null) nulls++;
        else distinct.add(typeof value === 'object' ? JSON.stringify(value) : value);
      }
      if (sampled >= SAMPLE_ROWS) break;
    }
    if (sampled === 0) return;
    const nonNull = sampled - nulls;
    const keyLike = nonNull > 0 && distinct.size >= KEY_LIKE_RATIO * nonNull && table.rowCount > sampled;
    columns[column.name] = {
      distinctValues: keyLike ? Math.round((distinct.size * table.rowCount) / sampled) : distinct.size,
      nullFraction: nulls / sampled,
    };
  });
  const statistics: TableStatistics = { rowCount: table.rowCount, columns };
  cache.set(table, { version: table.version, statistics });
  return statistics;
}
