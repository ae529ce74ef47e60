/**
 * Page-level pruning by the Parquet page index (a column index of per-page min/max/null counts and
 * an offset index of per-page byte ranges and first rows, which arrow-rs, parquet-mr and Vivace's
 * writer put after the row groups): within a row group that min/max statistics kept, the rows of
 * the pages whose bounds exclude the domain of a column are skipped, and of every column read only
 * the pages covering the remaining row ranges are fetched and decoded.
 *
 * Only flat columns take part (a nested column's pages do not map to rows one to one), and a row
 * group is pruned by pages only when every column read has an offset index; otherwise it is read
 * whole, as without a page index. Bounds are converted into the declared type exactly as chunk
 * statistics are (parquet-statistics.ts), so a page is skipped only when it cannot hold a match.
 */
import { type ColumnIndex, type OffsetIndex, readColumnIndex, readOffsetIndex } from 'hyparquet';
import { domainMayMatch, type LakeDomain } from '../domain.js';
import { type ByteRange, type CoalescingOptions, readRanges } from '../fs/range-coalescing.js';
import { type ParquetFooter, RAW_PARSERS } from './parquet-footer.js';
import type { SchemaTree } from './parquet-schema.js';
import { type PruningColumn, statisticsBounds } from './parquet-statistics.js';

type ColumnChunk = ParquetFooter['metadata']['row_groups'][number]['columns'][number];

/** Rows [start, end) of a row group. */
export interface RowRange {
  readonly start: number;
  readonly end: number;
}

/** A column read with its file field. */
export interface IndexedColumn {
  readonly column: PruningColumn;
  readonly field: SchemaTree;
}

/** The pages of one column chunk that cover a row range: the bytes to fetch and the rows they hold. */
export interface PageSpan {
  /** The dictionary page's bytes (from the chunk's start to its first data page), when it has one. */
  readonly dictionary: ByteRange | undefined;
  /** The data pages, back to back. */
  readonly pages: ByteRange;
  /** The first row of the first page and the end of the last page. */
  readonly firstRow: number;
  readonly endRow: number;
}

/** The chunk of a flat top-level field in a row group. */
export function flatChunk(footer: ParquetFooter, rowGroup: number, fieldName: string): ColumnChunk | undefined {
  return footer.metadata.row_groups[rowGroup]?.columns.find(
    (c) => c.meta_data?.path_in_schema.length === 1 && c.meta_data.path_in_schema[0] === fieldName,
  );
}

/** Whether a field is a flat (primitive, not repeated) column. */
export function isFlatField(field: SchemaTree): boolean {
  return field.children.length === 0 && field.element.repetition_type !== 'REPEATED';
}

/**
 * The offset indexes of the given chunks and the column indexes of the `filtered` ones, read in
 * coalesced byte ranges through `read`; undefined when some chunk has no offset index.
 */
export async function readPageIndexes(
  read: (offset: number, length: number) => Promise<Uint8Array>,
  chunks: readonly { readonly chunk: ColumnChunk; readonly field: SchemaTree; readonly filtered: boolean }[],
  coalescing?: CoalescingOptions,
): Promise<{ offsets: OffsetIndex[]; columns: (ColumnIndex | undefined)[] } | undefined> {
  const ranges: ByteRange[] = [];
  for (const { chunk, filtered } of chunks) {
    if (chunk.offset_index_offset === undefined || chunk.offset_index_length === undefined) return undefined;
    ranges.push({ offset: Number(chunk.offset_index_offset), length: chunk.offset_index_length });
    const hasColumnIndex =
      filtered && chunk.column_index_offset !== undefined && chunk.column_index_length !== undefined;
    ranges.push(
      hasColumnIndex
        ? { offset: Number(chunk.column_index_offset), length: Number(chunk.column_index_length) }
        : { offset: 0, length: 0 },
    );
  }
  // Only the indexes present are read: a placeholder range at offset 0 would coalesce with the
  // indexes (within the merge distance of small files) and read the file from its start.
  const present = ranges.filter((r) => r.length > 0);
  const presentParts = await readRanges(read, present, coalescing);
  let nextPart = 0;
  const parts = ranges.map((r) => (r.length === 0 ? new Uint8Array(0) : (presentParts[nextPart++] as Uint8Array)));
  const reader = (bytes: Uint8Array) => ({
    view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    offset: 0,
  });
  const offsets: OffsetIndex[] = [];
  const columns: (ColumnIndex | undefined)[] = [];
  for (const [i, { field }] of chunks.entries()) {
    const offsetBytes = parts[2 * i] as Uint8Array;
    const columnBytes = parts[2 * i + 1] as Uint8Array;
    offsets.push(readOffsetIndex(reader(offsetBytes)));
    columns.push(
      columnBytes.length === 0 ? undefined : readColumnIndex(reader(columnBytes), field.element, RAW_PARSERS),
    );
  }
  return { offsets, columns };
}

/** The first row of each page and the end of the last (the row group's row count). */
function pageStarts(offsetIndex: OffsetIndex, rows: number): number[] {
  const starts = offsetIndex.page_locations.map((page) => Number(page.first_row_index));
  starts.push(rows);
  return starts;
}

/**
 * The row ranges of a row group (`rows` rows) that may hold a match of `domain` by the column
 * indexes of its constrained columns (ascending, disjoint, neighbours merged): the whole group when
 * no page can be skipped, nothing when no page can match.
 */
export function selectRowRanges(
  rows: number,
  columns: readonly IndexedColumn[],
  offsets: readonly OffsetIndex[],
  columnIndexes: readonly (ColumnIndex | undefined)[],
  domain: LakeDomain,
): RowRange[] {
  // A bitmap of kept rows would cost a byte a row; ranges intersected column by column cost a page.
  let kept: RowRange[] = [{ start: 0, end: rows }];
  for (const [i, { column, field }] of columns.entries()) {
    const columnDomain = domain.columns[column.name];
    const index = columnIndexes[i];
    const offsetIndex = offsets[i];
    if (columnDomain === undefined || index === undefined || offsetIndex === undefined) continue;
    const starts = pageStarts(offsetIndex, rows);
    const matching: RowRange[] = [];
    for (let page = 0; page + 1 < starts.length; page++) {
      const start = starts[page] as number;
      const end = starts[page + 1] as number;
      const valueCount = end - start;
      const nullCount = index.null_counts?.[page] === undefined ? undefined : Number(index.null_counts[page]);
      let mayMatch: boolean;
      if (index.null_pages[page] === true) {
        mayMatch = domainMayMatch(columnDomain, { nullCount: valueCount, valueCount });
      } else {
        const range = statisticsBounds(
          { min_value: index.min_values[page], max_value: index.max_values[page] },
          field.element,
          column.type,
        );
        mayMatch = domainMayMatch(columnDomain, { ...range, nullCount, valueCount });
      }
      if (!mayMatch) continue;
      const last = matching[matching.length - 1];
      if (last !== undefined && last.end === start) matching[matching.length - 1] = { start: last.start, end };
      else matching.push({ start, end });
    }
    kept = intersect(kept, matching);
    if (kept.length === 0) break;
  }
  return kept;
}

function intersect(a: readonly RowRange[], b: readonly RowRange[]): RowRange[] {
  const out: RowRange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as RowRange;
    const y = b[j] as RowRange;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (start < end) out.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return out;
}

/** The pages of a chunk (by its offset index) covering rows [range.start, range.end). */
export function pageSpan(chunk: ColumnChunk, offsetIndex: OffsetIndex, rows: number, range: RowRange): PageSpan {
  const locations = offsetIndex.page_locations;
  const starts = pageStarts(offsetIndex, rows);
  let first = 0;
  while (first + 1 < locations.length && (starts[first + 1] as number) <= range.start) first++;
  let last = first;
  while (last + 1 < locations.length && (starts[last + 1] as number) < range.end) last++;
  const firstPage = locations[first] as OffsetIndex['page_locations'][number];
  const lastPage = locations[last] as OffsetIndex['page_locations'][number];
  const meta = chunk.meta_data;
  const dictionaryOffset = meta?.dictionary_page_offset;
  const firstDataPage = Number((locations[0] as OffsetIndex['page_locations'][number]).offset);
  const dictionary =
    dictionaryOffset !== undefined && Number(dictionaryOffset) < firstDataPage
      ? { offset: Number(dictionaryOffset), length: firstDataPage - Number(dictionaryOffset) }
      : undefined;
  const pagesStart = Number(firstPage.offset);
  return {
    dictionary,
    pages: { offset: pagesStart, length: Number(lastPage.offset) + lastPage.compressed_page_size - pagesStart },
    firstRow: starts[first] as number,
    endRow: starts[last + 1] as number,
  };
}
