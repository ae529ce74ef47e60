/**
 * The page sink of one writer into a lake table, on any node, from the insert handle alone
 * (lake-handles.ts). Pages arrive with one channel per target column (the INSERT's column list);
 * the sink arranges them in table order (NULL for columns the INSERT leaves out), and for a
 * partitioned table groups each page's rows by their partition values, one open file per
 * partition (`<partition dir>/<writeId>_<random>.<ext>`; Hive's `key=value` escaping, the default
 * partition for NULL). A file is rolled over past `targetMaxFileBytes` or `maxRowsPerFile` rows
 * (so that a table written by few writers still has many row groups, i.e. splits). Files are written under
 * their final names and appear whole at their OutputFile's commit; the write id keeps them
 * invisible to readers until the coordinator commits the write (lake-writes.ts). `finish` reports
 * every file with its rows and size; `abort` discards open files and deletes finished ones.
 */

import { randomBytes } from 'node:crypto';
import { fail } from '../../../common/invariant.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block } from '../../../data/block.js';
import { nullBlock } from '../../../data/block-builder.js';
import { getValue } from '../../../data/block-values.js';
import { copyPagePositions, createPage, type Page } from '../../../data/page.js';
import type { ConnectorPageSink } from '../../../spi/connector.js';
import type { FileSystem, OutputFile } from '../fs/file-system.js';
import { joinLocation } from '../fs/location.js';
import { lakeError, messageOf } from '../lake-errors.js';
import { type ParquetCompression, ParquetFileWriter } from '../parquet/parquet-writer.js';
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
  rows: number;
}

/** Most partitions one writer keeps files open for (Trino's hive.max-partitions-per-writers). */
export const MAX_OPEN_PARTITIONS = 100;

const EXTENSIONS = { PARQUET: 'parquet', CSV: 'csv', JSON: 'json' } as const;

export class LakePageSink implements ConnectorPageSink {
  private readonly dataColumns: TypedColumn[];
  private readonly partitionColumns: TypedColumn[];
  /** For each table column (data, then partition), the input channel carrying it, or -1. */
  private readonly channelOfColumn: Int32Array;
  private readonly open = new Map<string, OpenFile>();
  private readonly written: WrittenFile[] = [];
  private state: 'open' | 'finished' | 'aborted' = 'open';

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
    if (this.partitionColumns.length === 0) {
      await this.writeTo(undefined, data);
      return;
    }
    // Group the rows by partition (values as Hive text), then write each group to its file.
    const groups = new Map<string, { values: (string | null)[]; positions: number[] }>();
    const partitionBlocks = blocks.slice(dataCount);
    for (let row = 0; row < page.positionCount; row++) {
      const values = this.partitionColumns.map((column, i) =>
        partitionValueText(
          column.type,
          getValue(partitionBlocks[i] ?? fail('a partition block per partition column'), column.type, row),
        ),
      );
      const key = JSON.stringify(values);
      let group = groups.get(key);
      if (group === undefined) {
        group = { values, positions: [] };
        groups.set(key, group);
      }
      group.positions.push(row);
    }
    for (const group of groups.values()) {
      const positions = Int32Array.from(group.positions);
      const rows =
        positions.length === page.positionCount ? data : copyPagePositions(data, positions, positions.length);
      await this.writeTo(group.values, rows);
    }
  }

  private async writeTo(values: readonly (string | null)[] | undefined, page: Page): Promise<void> {
    const key = values === undefined ? '' : JSON.stringify(values);
    let file = this.open.get(key);
    if (file === undefined) {
      if (this.open.size >= MAX_OPEN_PARTITIONS) {
        throw lakeError(
          'HIVE_TOO_MANY_OPEN_PARTITIONS',
          `Exceeded limit of ${MAX_OPEN_PARTITIONS} open writers for partitions`,
        );
      }
      file = await this.openFile(values);
      this.open.set(key, file);
    }
    await file.writer.write(page);
    file.rows += page.positionCount;
    if (file.output.bytesWritten >= this.handle.targetMaxFileBytes || file.rows >= this.handle.maxRowsPerFile) {
      this.open.delete(key);
      await this.close(file);
    }
  }

  private async openFile(values: readonly (string | null)[] | undefined): Promise<OpenFile> {
    const name = `${this.handle.writeId}_${randomBytes(8).toString('hex')}.${EXTENSIONS[this.handle.format]}`;
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
    return { writer, output, ...(values !== undefined && { partitionValues: values }), rows: 0 };
  }

  private async close(file: OpenFile): Promise<void> {
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
