/**
 * Column statistics of a memory table for the optimizer's join ordering: distinct counts and null
 * fractions estimated from a sample of the table's first rows (exact for tables up to the sample
 * size). A column whose sample is nearly all distinct is taken to be key-like and scaled to the
 * row count; otherwise the sample's distinct count stands. Cached per table version. A table whose
 * pages are on workers is sampled by the sinks that wrote them, and the coordinator merges their
 * samples.
 */
import { structuralKey } from '../../common/structural-key.js';
import { getValue } from '../../data/block-values.js';
import type { Page } from '../../data/page.js';
import type { ColumnMetadata, ColumnStatistics, TableStatistics } from '../../spi/metadata.js';

/** What statistics need of a memory table (its record lives in memory-metadata.ts). */
export interface TableData {
  readonly columns: readonly ColumnMetadata[];
  readonly version: number;
  readonly rowCount: number;
}

/** Rows sampled from the start of a table (or of a write). */
export const SAMPLE_ROWS = 100_000;
const KEY_LIKE_RATIO = 0.9;
/** Fragments' columns with at least one value in this many rows are merged by summing (see below). */
const MANY_VALUES_RATIO = 0.1;

const cache = new WeakMap<TableData, { version: number; statistics: TableStatistics }>();

/** `pagesOf` answers the table's pages when this node holds them all, else undefined. */
/** Statistics of one column in a sample, or null for a column without sampled rows. */
export type SampledColumn = ColumnStatistics | null;

/**
 * Distinct counts and null fractions of each column (in table order) from the first SAMPLE_ROWS
 * rows of `pages`, which hold `rowCount` rows in all.
 */
export function sampleColumns(
  columns: readonly { readonly type: ColumnMetadata['type'] }[],
  rowCount: number,
  pages: readonly Page[],
): SampledColumn[] {
  return columns.map((column, channel) => {
    const distinct = new Set<unknown>();
    let sampled = 0;
    let nulls = 0;
    for (const page of pages) {
      const block = page.blocks[channel];
      for (let p = 0; p < page.positionCount && sampled < SAMPLE_ROWS; p++, sampled++) {
        const value = getValue(block, column.type, p);
        if (value === null) nulls++;
        else distinct.add(typeof value === 'object' ? structuralKey(value) : value);
      }
      if (sampled >= SAMPLE_ROWS) break;
    }
    if (sampled === 0) return null;
    const nonNull = sampled - nulls;
    const keyLike = nonNull > 0 && distinct.size >= KEY_LIKE_RATIO * nonNull && rowCount > sampled;
    return {
      distinctValues: keyLike ? Math.round((distinct.size * rowCount) / sampled) : distinct.size,
      nullFraction: nulls / sampled,
    };
  });
}

/**
 * A table's column statistics from its fragments' samples (pages on other nodes): null fractions
 * weighted by rows; a column with many values per row in its fragments (at least one in
 * MANY_VALUES_RATIO, such as keys or keys repeated a few times) has the sum of the fragments'
 * distinct counts — sinks write different splits, whose keys rarely repeat — capped at the rows;
 * any other column the largest fragment's count (a few values, seen by every sink).
 */
export function mergeSampledColumns(columnCount: number, fragments: readonly SampledFragment[]): SampledColumn[] {
  const merger = new SampledColumnsMerger(columnCount);
  for (const fragment of fragments) merger.add(fragment);
  return merger.merged();
}

/** What a fragment's sink reported: its rows and what it sampled of each column. */
export interface SampledFragment {
  readonly rows: number;
  readonly columns?: readonly SampledColumn[];
}

/** The running sums `mergeSampledColumns` merges by, a fragment at a time. */
class SampledColumnsMerger {
  private readonly rows: Float64Array;
  private readonly nulls: Float64Array;
  private readonly nonNullRows: Float64Array;
  private readonly sum: Float64Array;
  private readonly max: Float64Array;

  constructor(readonly columnCount: number) {
    this.rows = new Float64Array(columnCount);
    this.nulls = new Float64Array(columnCount);
    this.nonNullRows = new Float64Array(columnCount);
    this.sum = new Float64Array(columnCount);
    this.max = new Float64Array(columnCount);
  }

  add(fragment: SampledFragment): void {
    for (let c = 0; c < this.columnCount; c++) {
      const column = fragment.columns?.[c];
      if (column === undefined || column === null) continue;
      const nullFraction = column.nullFraction ?? 0;
      const distinct = column.distinctValues ?? 0;
      this.rows[c] += fragment.rows;
      this.nulls[c] += fragment.rows * nullFraction;
      this.nonNullRows[c] += fragment.rows * (1 - nullFraction);
      this.sum[c] += distinct;
      this.max[c] = Math.max(this.max[c] ?? 0, distinct);
    }
  }

  merged(): SampledColumn[] {
    const merged: SampledColumn[] = [];
    for (let c = 0; c < this.columnCount; c++) {
      const rows = this.rows[c] ?? 0;
      const sum = this.sum[c] ?? 0;
      const nonNullRows = this.nonNullRows[c] ?? 0;
      const manyValues = sum >= MANY_VALUES_RATIO * nonNullRows;
      merged.push(
        rows === 0
          ? null
          : {
              distinctValues: manyValues ? Math.min(sum, Math.ceil(nonNullRows)) : (this.max[c] ?? 0),
              nullFraction: (this.nulls[c] ?? 0) / rows,
            },
      );
    }
    return merged;
  }
}

const mergers = new WeakMap<object, { merger: SampledColumnsMerger; merged: number }>();

/**
 * `mergeSampledColumns` of a table's write samples, which are only ever appended, kept up to date
 * sample by sample: a table filled by single-row INSERTs has a sample a row, and merging them all
 * again at every statement made each INSERT cost in proportion to the table.
 */
export function mergedFragmentColumns(columnCount: number, samples: readonly SampledFragment[]): SampledColumn[] {
  let entry = mergers.get(samples);
  if (entry === undefined || entry.merger.columnCount !== columnCount || entry.merged > samples.length) {
    entry = { merger: new SampledColumnsMerger(columnCount), merged: 0 };
    mergers.set(samples, entry);
  }
  for (; entry.merged < samples.length; entry.merged++) {
    const sample = samples[entry.merged];
    if (sample !== undefined) entry.merger.add(sample);
  }
  return entry.merger.merged();
}

/**
 * `pagesOf` answers the table's pages when this node holds them all (sampled here), else
 * undefined: then `fragmentColumns` merges what each fragment's sink sampled.
 */
export function memoryTableStatistics(
  table: TableData,
  pagesOf: () => readonly Page[] | undefined,
  fragmentColumns: () => SampledColumn[] = () => [],
): TableStatistics {
  const cached = cache.get(table);
  if (cached && cached.version === table.version) return cached.statistics;
  const pages = pagesOf();
  const sampled = pages === undefined ? fragmentColumns() : sampleColumns(table.columns, table.rowCount, pages);
  const columns: Record<string, ColumnStatistics> = {};
  table.columns.forEach((column, i) => {
    const statistics = sampled[i];
    if (statistics) columns[column.name] = statistics;
  });
  const statistics: TableStatistics = { rowCount: table.rowCount, columns };
  cache.set(table, { version: table.version, statistics });
  return statistics;
}
