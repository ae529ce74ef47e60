/**
 * The page sink of one writer into a lake table, on any node, from the insert handle alone
 * (lake-handles.ts). Pages arrive with one channel per target column (the INSERT's column list);
 * the sink arranges them in table order (NULL for columns the INSERT leaves out), and for a
 * partitioned table groups each page's rows by their partition values, one open file per
 * partition (`<partition dir>/<writeId>_<random>.<ext>`; Hive's `key=value` escaping, the default
 * partition for NULL); a bucketed table's rows go to one file per partition and bucket, named
 * `<bucket>_0_<writeId>_<random>.<ext>` (partition/hive-bucketing.ts), and with `sorted_by` each
 * file's rows are held and written in that order when it closes. A file is rolled over past
 * `targetMaxFileBytes` or `maxRowsPerFile` rows (so that a table written by few writers still has
 * many row groups, i.e. splits). Files are written under their final names and appear whole at
 * their OutputFile's commit; the write id keeps them invisible to readers until the coordinator
 * commits the write (lake-writes.ts). `finish` reports every file with its rows and size; `abort`
 * discards open files and deletes finished ones.
 */

import { randomBytes } from 'node:crypto';
import { fail } from '../../../common/invariant.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block } from '../../../data/block.js';
import { nullBlock } from '../../../data/block-builder.js';
import { concatBlocks } from '../../../data/block-copy.js';
import { getValue } from '../../../data/block-values.js';
import { copyPagePositions, createPage, getPageRegion, type Page } from '../../../data/page.js';
import type { ConnectorPageSink } from '../../../spi/connector.js';
import { compareValues } from '../domain.js';
import type { FileSystem, OutputFile } from '../fs/file-system.js';
import { joinLocation } from '../fs/location.js';
import { lakeError, messageOf } from '../lake-errors.js';
import { type ParquetCompression, ParquetFileWriter } from '../parquet/parquet-writer.js';
import {
  type BucketingVersion,
  type BucketKind,
  bucketFilePrefix,
  bucketKinds,
  bucketsOfRows,
} from '../partition/hive-bucketing.js';
import { makePartitionName, partitionValueText } from '../partition/hive-partitions.js';
import { CsvFileWriter } from '../text/csv-writer.js';
import { JsonLinesFileWriter } from '../text/json-lines.js';
import {
  fromJsonColumns,
  type LakeInsertHandle,
  type LakeWriteFragment,
  type TypedColumn,
  type WrittenFile,
} from './lake-handles.js';

interface FileWriter {
  write(page: Page): Promise<void>;
  finish(): Promise<number>;
  abort(): Promise<void>;
}

interface OpenFile {
  readonly writer: FileWriter;
  readonly output: OutputFile;
  readonly partitionValues?: readonly (string | null)[];
  /** The key of its partition (open files are counted per partition). */
  readonly partitionKey: string;
  rows: number;
  /** A sorted table's rows not yet written: they are sorted when the file is closed. */
  readonly buffered: Page[];
}

/**
 * Rows a sorted bucketed table's writer holds before it writes its largest file: every file is
 * sorted on its own, so holding fewer only makes more, smaller files.
 */
const SORT_BUFFER_ROWS = 1_000_000;

/** Most partitions one writer keeps files open for, unless the catalog says (Trino's hive.max-partitions-per-writers). */
export const MAX_OPEN_PARTITIONS = 100;

const EXTENSIONS = { PARQUET: 'parquet', CSV: 'csv', JSON: 'json' } as const;
/** Rows per page a sorted file is written in. */
const SORTED_PAGE_ROWS = 65_536;

/** The open file rows of these partition values and this bucket go to. */
function fileKey(values: readonly (string | null)[] | undefined, bucket: number | undefined): string {
  return `${bucket ?? ''}|${values === undefined ? '' : JSON.stringify(values)}`;
}

export class LakePageSink implements ConnectorPageSink {
  private readonly dataColumns: TypedColumn[];
  private readonly partitionColumns: TypedColumn[];
  /** For each table column (data, then partition), the input channel carrying it, or -1. */
  private readonly channelOfColumn: Int32Array;
  private readonly open = new Map<string, OpenFile>();
  private readonly written: WrittenFile[] = [];
  private state: 'open' | 'finished' | 'aborted' = 'open';
  /** A sorted bucketed table's sort columns (data-column channels); undefined: rows are written as they come. */
  private readonly sortedBy: readonly { readonly channel: number; readonly descending: boolean }[] | undefined;
  /** Rows buffered by every open file of a sorted table. */
  private bufferedRows = 0;
  /** A bucketed table's bucket columns (their data-column channels) and hash. */
  private readonly bucketing:
    | {
        readonly channels: readonly number[];
        readonly kinds: readonly BucketKind[];
        readonly version: BucketingVersion;
        readonly bucketCount: number;
      }
    | undefined;

  constructor(
    private readonly fs: FileSystem,
    private readonly handle: LakeInsertHandle,
    targetColumns: readonly string[],
  ) {
    this.dataColumns = fromJsonColumns(handle.dataColumns);
    this.partitionColumns = fromJsonColumns(handle.partitionColumns);
    const all = [...this.dataColumns, ...this.partitionColumns];
    this.channelOfColumn = new Int32Array(all.length).fill(-1);
    targetColumns.forEach((name, channel) => {
      const column = all.findIndex((c) => c.name === name);
      if (column < 0) {
        throw new VivaceError(
          'COLUMN_NOT_FOUND',
          `Column '${name}' not found in table ${handle.schema}.${handle.table}`,
        );
      }
      this.channelOfColumn[column] = channel;
    });
    const bucketing = handle.bucketing;
    if (bucketing !== undefined) {
      const columns = fromJsonColumns(bucketing.columns);
      this.bucketing = {
        channels: columns.map((c) => {
          const index = this.dataColumns.findIndex((d) => d.name === c.name);
          return index >= 0 ? index : fail('a bucket column is a data column');
        }),
        kinds: bucketKinds(columns.map((c) => c.type)),
        version: bucketing.version,
        bucketCount: bucketing.bucketCount,
      };
    }
    this.sortedBy = bucketing?.sortedBy?.map(({ column, descending }) => {
      const channel = this.dataColumns.findIndex((d) => d.name === column);
      return { channel: channel >= 0 ? channel : fail('a sort column is a data column'), descending };
    });
  }

  private tableBlocks(page: Page): Block[] {
    const all = [...this.dataColumns, ...this.partitionColumns];
    return all.map((column, i) => {
      const channel = this.channelOfColumn[i] ?? -1;
      return channel < 0
        ? nullBlock(column.type, page.positionCount)
        : (page.blocks[channel] ?? fail('a written page has every mapped channel'));
    });
  }

  async appendPage(page: Page): Promise<void> {
    if (this.state !== 'open') throw new VivaceError('GENERIC_INTERNAL_ERROR', `Lake page sink is ${this.state}`);
    if (page.positionCount === 0) return;
    const blocks = this.tableBlocks(page);
    const dataCount = this.dataColumns.length;
    const data = createPage(blocks.slice(0, dataCount), page.positionCount);
    if (this.partitionColumns.length === 0 && this.bucketing === undefined) {
      await this.writeTo(undefined, undefined, data);
      return;
    }
    // Group the rows by partition (values as Hive text) and bucket, then write each group to its file.
    const bucketing = this.bucketing;
    const buckets =
      bucketing === undefined
        ? undefined
        : bucketsOfRows(
            bucketing.channels.map((channel) => blocks[channel] ?? fail('a block per data column')),
            bucketing.channels.map((channel) => (this.dataColumns[channel] ?? fail('a data column')).type),
            bucketing.kinds,
            bucketing.version,
            bucketing.bucketCount,
            page.positionCount,
          );
    if (buckets !== undefined && this.partitionColumns.length === 0) {
      // Bucketed, not partitioned: the rows of each bucket, in order.
      const counts = new Int32Array((bucketing?.bucketCount ?? 0) + 1);
      for (let row = 0; row < page.positionCount; row++) counts[(buckets[row] ?? 0) + 1]++;
      for (let b = 1; b < counts.length; b++) counts[b] = (counts[b] ?? 0) + (counts[b - 1] ?? 0);
      const starts = counts.slice();
      const positions = new Int32Array(page.positionCount);
      for (let row = 0; row < page.positionCount; row++) positions[starts[buckets[row] ?? 0]++] = row;
      for (let b = 0; b + 1 < counts.length; b++) {
        const from = counts[b] ?? 0;
        const count = (counts[b + 1] ?? 0) - from;
        if (count === 0) continue;
        const rows =
          count === page.positionCount ? data : copyPagePositions(data, positions.subarray(from, from + count), count);
        await this.writeTo(undefined, b, rows);
      }
      return;
    }
    const groups = new Map<string, { values?: (string | null)[]; bucket?: number; positions: number[] }>();
    const partitionBlocks = blocks.slice(dataCount);
    for (let row = 0; row < page.positionCount; row++) {
      const values =
        this.partitionColumns.length === 0
          ? undefined
          : this.partitionColumns.map((column, i) =>
              partitionValueText(
                column.type,
                getValue(partitionBlocks[i] ?? fail('a partition block per partition column'), column.type, row),
              ),
            );
      const bucket = buckets?.[row];
      const key = fileKey(values, bucket);
      let group = groups.get(key);
      if (group === undefined) {
        group = { ...(values !== undefined && { values }), ...(bucket !== undefined && { bucket }), positions: [] };
        groups.set(key, group);
      }
      group.positions.push(row);
    }
    for (const group of groups.values()) {
      const positions = Int32Array.from(group.positions);
      const rows =
        positions.length === page.positionCount ? data : copyPagePositions(data, positions, positions.length);
      await this.writeTo(group.values, group.bucket, rows);
    }
  }

  private async writeTo(
    values: readonly (string | null)[] | undefined,
    bucket: number | undefined,
    page: Page,
  ): Promise<void> {
    const key = fileKey(values, bucket);
    let file = this.open.get(key);
    if (file === undefined) {
      const partitionKey = values === undefined ? '' : JSON.stringify(values);
      const openPartitions = new Set([...this.open.values()].map((f) => f.partitionKey));
      const limit = this.handle.maxOpenPartitions ?? MAX_OPEN_PARTITIONS;
      if (!openPartitions.has(partitionKey) && openPartitions.size >= limit) {
        throw lakeError('HIVE_TOO_MANY_OPEN_PARTITIONS', `Exceeded limit of ${limit} open writers for partitions`);
      }
      file = await this.openFile(values, bucket, partitionKey);
      this.open.set(key, file);
    }
    file.rows += page.positionCount;
    if (this.sortedBy !== undefined) {
      file.buffered.push(page);
      this.bufferedRows += page.positionCount;
      if (file.rows >= this.handle.maxRowsPerFile) {
        await this.closeOpen(key, file);
      } else if (this.bufferedRows >= SORT_BUFFER_ROWS) {
        const [largestKey, largest] = [...this.open.entries()].reduce((a, b) =>
          b[1].buffered.length > 0 && b[1].rows > a[1].rows ? b : a,
        );
        await this.closeOpen(largestKey, largest);
      }
      return;
    }
    await file.writer.write(page);
    if (file.output.bytesWritten >= this.handle.targetMaxFileBytes || file.rows >= this.handle.maxRowsPerFile) {
      await this.closeOpen(key, file);
    }
  }

  private async closeOpen(key: string, file: OpenFile): Promise<void> {
    this.open.delete(key);
    await this.close(file);
  }

  /** A sorted table's buffered rows, in the `sorted_by` order, as pages of at most 64 k rows. */
  private sortedPages(file: OpenFile): Page[] {
    const pages = file.buffered.splice(0);
    const count = pages.reduce((n, p) => n + p.positionCount, 0);
    this.bufferedRows -= count;
    if (count === 0) return [];
    const channels = pages[0]?.blocks.length ?? 0;
    const merged =
      pages.length === 1
        ? (pages[0] as Page)
        : createPage(
            Array.from({ length: channels }, (_, c) => concatBlocks(pages.map((p) => p.blocks[c] as Block))),
            count,
          );
    const keys = (this.sortedBy ?? []).map(({ channel, descending }) => {
      const type = this.dataColumns[channel]?.type ?? fail('a sort column is a data column');
      const block = merged.blocks[channel] ?? fail('a block per data column');
      const values = new Array<unknown>(count);
      for (let i = 0; i < count; i++) values[i] = getValue(block, type, i);
      return { values, descending };
    });
    const order = Int32Array.from({ length: count }, (_, i) => i).sort((a, b) => {
      for (const { values, descending } of keys) {
        const x = values[a];
        const y = values[b];
        if (x === y) continue;
        // Ascending: NULLs first; descending: NULLs last (Trino's sorted bucket files).
        if (x === null) return -1;
        if (y === null) return 1;
        const c = compareValues(x, y);
        if (c !== 0) return descending ? -c : c;
      }
      return a - b;
    });
    const sorted = copyPagePositions(merged, order, count);
    const out: Page[] = [];
    for (let start = 0; start < count; start += SORTED_PAGE_ROWS) {
      out.push(getPageRegion(sorted, start, Math.min(SORTED_PAGE_ROWS, count - start)));
    }
    return out;
  }

  private async openFile(
    values: readonly (string | null)[] | undefined,
    bucket: number | undefined,
    partitionKey: string,
  ): Promise<OpenFile> {
    // A bucket's files start with its number, as Hive's and Trino's do (`000003_0_...`).
    const prefix = bucket === undefined ? '' : bucketFilePrefix(bucket);
    const name = `${prefix}${this.handle.writeId}_${randomBytes(8).toString('hex')}.${EXTENSIONS[this.handle.format]}`;
    const directory =
      values === undefined
        ? this.handle.location
        : joinLocation(
            this.handle.location,
            makePartitionName(
              this.partitionColumns.map((c) => c.name),
              values,
            ),
          );
    const output = await this.fs.newOutputFile(joinLocation(directory, name), { exclusive: true });
    const columns = this.dataColumns;
    let writer: FileWriter;
    try {
      switch (this.handle.format) {
        case 'PARQUET':
          writer = ParquetFileWriter.create(output, {
            columns,
            compression: this.handle.compression as ParquetCompression,
            ...(this.handle.parquetRowGroupBytes !== undefined && {
              targetRowGroupBytes: this.handle.parquetRowGroupBytes,
            }),
          });
          break;
        case 'CSV':
          writer = new CsvFileWriter(output, {
            columns,
            ...(this.handle.text?.dialect !== undefined && { dialect: this.handle.text.dialect }),
            ...(this.handle.text?.nullFormat !== undefined && { nullFormat: this.handle.text.nullFormat }),
          });
          break;
        case 'JSON':
          writer = new JsonLinesFileWriter(output, { columns });
          break;
      }
    } catch (error) {
      await output.abort();
      throw error;
    }
    return {
      writer,
      output,
      ...(values !== undefined && { partitionValues: values }),
      partitionKey,
      rows: 0,
      buffered: [],
    };
  }

  private async close(file: OpenFile): Promise<void> {
    for (const page of this.sortedPages(file)) await file.writer.write(page);
    const size = await file.writer.finish();
    this.written.push({
      path: file.output.location,
      size,
      rows: file.rows,
      ...(file.partitionValues !== undefined && { partitionValues: file.partitionValues }),
    });
  }

  async finish(): Promise<LakeWriteFragment> {
    if (this.state !== 'open') throw new VivaceError('GENERIC_INTERNAL_ERROR', `Lake page sink is ${this.state}`);
    this.state = 'finished';
    try {
      for (const file of this.open.values()) await this.close(file);
      this.open.clear();
    } catch (error) {
      await this.discard();
      throw error instanceof VivaceError
        ? error
        : lakeError('HIVE_WRITER_CLOSE_ERROR', `Error committing write to Hive: ${messageOf(error)}`, error);
    }
    return { writeId: this.handle.writeId, files: this.written };
  }

  async abort(): Promise<void> {
    if (this.state === 'aborted') return;
    this.state = 'aborted';
    await this.discard();
  }

  private async discard(): Promise<void> {
    const open = [...this.open.values()];
    this.open.clear();
    await Promise.allSettled(open.map((file) => file.writer.abort()));
    await Promise.allSettled(this.written.map((file) => this.fs.delete(file.path)));
  }
}
