/**
 * Reading Parquet files into Vivace pages. Given a file (through the lake file system), its footer
 * (cached by the caller), the row groups to read and the columns wanted (by the table's names and
 * declared types), the reader fetches only the needed column chunks of each row group by byte
 * range, neighbouring chunks coalesced into one read, has parquet-wasm (arrow-rs) decode them, and
 * converts the decoded Arrow arrays into blocks (arrow-to-blocks.ts), reading them in place in the
 * WebAssembly memory through the Arrow C data interface (arrow-ffi.ts), in pages of at most
 * `maxPageRows` rows.
 *
 * The decoder gets one top-level column of one row group at a time, as a small self-contained
 * Parquet file built from the fetched chunks (column-chunk-file.ts), and decodes it synchronously:
 * nothing buffers a whole file, a panic of the decoder on a corrupt file is caught (and the
 * WebAssembly instance replaced), and the reader yields to the event loop after each column chunk,
 * so a scan holds the event loop no longer than one column chunk takes to decode.
 *
 * A column missing from the file reads as NULL; columns are matched by name case-insensitively.
 * Errors name the file: HIVE_CANNOT_OPEN_SPLIT when its bytes cannot be read, HIVE_BAD_DATA for
 * corrupt data, HIVE_UNSUPPORTED_FORMAT for a feature the decoder lacks, and
 * HIVE_PARTITION_SCHEMA_MISMATCH when a column's file type cannot be read as its declared type.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { RecordBatch as WasmRecordBatch } from 'parquet-wasm';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block } from '../../../data/block.js';
import { nullBlock } from '../../../data/block-builder.js';
import { createPage, getPageRegion, type Page } from '../../../data/page.js';
import type { Type } from '../../../types/type.js';
import type { FileSystem } from '../fs/file-system.js';
import { type ByteRange, type CoalescingOptions, readRanges } from '../fs/range-coalescing.js';
import { lakeError, messageOf } from '../lake-errors.js';
import { readRecordBatch } from './arrow-ffi.js';
import { arrowToBlock } from './arrow-to-blocks.js';
import { columnChunkFile } from './column-chunk-file.js';
import { columnChunkRange, type ParquetFooter } from './parquet-footer.js';
import { findField, type SchemaTree, schemaTree } from './parquet-schema.js';
import { isWasmTrap, type ParquetWasm, withParquetWasm } from './parquet-wasm-host.js';

export interface ParquetColumn {
  /** The table column's name (matched to the file's fields case-insensitively). */
  readonly name: string;
  /** The table column's declared type, which the file's values are converted into. */
  readonly type: Type;
}

export interface ParquetReaderOptions {
  readonly fs: FileSystem;
  readonly footer: ParquetFooter;
  readonly columns: readonly ParquetColumn[];
  /** Row groups to read, ascending (default: all). */
  readonly rowGroups?: readonly number[];
  /** The most rows a page has (default 8192). */
  readonly maxPageRows?: number;
  /** Rows per decoded Arrow batch (default 65536). */
  readonly batchRows?: number;
  readonly coalescing?: CoalescingOptions;
}

export const DEFAULT_MAX_PAGE_ROWS = 8192;
export const DEFAULT_BATCH_ROWS = 65536;

/** I/O counters of a reader, for tests and benchmarks. */
export interface ParquetReadStatistics {
  /** Read requests sent to the file system (after coalescing). */
  reads: number;
  /** Bytes read from the file system. */
  bytesRead: number;
  /** Rows produced. */
  rows: number;
}

type ColumnChunk = ParquetFooter['metadata']['row_groups'][number]['columns'][number];

export class ParquetReader {
  readonly statistics: ParquetReadStatistics = { reads: 0, bytesRead: 0, rows: 0 };
  private readonly fields: (SchemaTree | undefined)[];
  private readonly maxPageRows: number;
  private readonly batchRows: number;

  constructor(private readonly options: ParquetReaderOptions) {
    const root = schemaTree(options.footer.metadata);
    this.fields = options.columns.map((c) => findField(root, c.name));
    this.maxPageRows = Math.max(1, options.maxPageRows ?? DEFAULT_MAX_PAGE_ROWS);
    this.batchRows = Math.max(1, options.batchRows ?? DEFAULT_BATCH_ROWS);
  }

  private get location(): string {
    return this.options.footer.location;
  }

  /** The pages of the selected row groups, in file order. */
  async *pages(): AsyncGenerator<Page> {
    const { footer } = this.options;
    const groups = this.options.rowGroups ?? footer.metadata.row_groups.map((_, i) => i);
    const fileNames = [
      ...new Set(this.fields.filter((f): f is SchemaTree => f !== undefined).map((f) => f.element.name)),
    ];
    for (const g of groups) {
      const group = footer.metadata.row_groups[g];
      if (group === undefined) {
        throw lakeError('HIVE_CANNOT_OPEN_SPLIT', `Parquet file ${this.location} has no row group ${g}`);
      }
      const rows = Number(group.num_rows);
      if (fileNames.length === 0) {
        // No requested column is in the file (or none requested: count(*)): the row count suffices.
        yield* this.slice(
          createPage(
            this.options.columns.map((c) => nullBlock(c.type, rows)),
            rows,
          ),
        );
        continue;
      }
      const chunks = await this.fetchChunks(g, fileNames);
      // Decode column by column; the batches of all columns cover the same rows (one batch size).
      const columnBatches = new Map<string, Block[][]>();
      let batchSizes: number[] | undefined;
      for (const name of fileNames) {
        const file = columnChunkFile(footer.metadata, g, name, (chunk) => chunks.get(chunk)!, {
          integerDecimalsAsIntegers: this.onlyDecimalTargets(name),
          stringsAsDictionary: this.dictionaryEncoded(g, name),
        });
        const { blocks, sizes } = await this.decodeColumn(file, name);
        if (batchSizes !== undefined && sizes.join() !== batchSizes.join()) {
          throw lakeError(
            'HIVE_BAD_DATA',
            `Columns of row group ${g} of Parquet file ${this.location} differ in row count`,
          );
        }
        batchSizes = sizes;
        columnBatches.set(name, blocks);
        await yieldToEventLoop();
      }
      chunks.clear();
      for (const [b, size] of (batchSizes ?? []).entries()) {
        const blocks = this.options.columns.map((column, i) => {
          const field = this.fields[i];
          return field === undefined ? nullBlock(column.type, size) : columnBatches.get(field.element.name)![b]![i]!;
        });
        yield* this.slice(createPage(blocks, size));
      }
    }
  }

  /** Whether every requested column read from file field `fieldName` is declared as a decimal. */
  private onlyDecimalTargets(fieldName: string): boolean {
    return this.options.columns.every(
      (column, i) => this.fields[i]?.element.name !== fieldName || column.type.kind === 'decimal',
    );
  }

  /**
   * Whether the field's chunk in the row group has dictionary-encoded data pages (all of them, by
   * the encoding statistics when the writer gave them; else by the chunk's list of encodings):
   * such string columns are read as dictionary blocks.
   */
  private dictionaryEncoded(rowGroup: number, fieldName: string): boolean {
    const chunk = this.options.footer.metadata.row_groups[rowGroup]?.columns.find(
      (c) => c.meta_data?.path_in_schema.length === 1 && c.meta_data.path_in_schema[0] === fieldName,
    );
    const meta = chunk?.meta_data;
    if (meta === undefined) return false;
    const isDictionary = (encoding: string) => encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY';
    const stats = meta.encoding_stats?.filter((s) => s.page_type === 'DATA_PAGE' || s.page_type === 'DATA_PAGE_V2');
    if (stats !== undefined && stats.length > 0) return stats.every((s) => isDictionary(s.encoding));
    return meta.encodings.some(isDictionary);
  }

  private *slice(page: Page): Iterable<Page> {
    for (let start = 0; start < page.positionCount; start += this.maxPageRows) {
      const count = Math.min(this.maxPageRows, page.positionCount - start);
      this.statistics.rows += count;
      yield getPageRegion(page, start, count);
    }
  }

  /** Reads the row group's chunks of the wanted fields, neighbouring ones in one read. */
  private async fetchChunks(rowGroup: number, fileNames: readonly string[]): Promise<Map<ColumnChunk, Uint8Array>> {
    const group = this.options.footer.metadata.row_groups[rowGroup]!;
    const wanted = new Set(fileNames);
    const selected = group.columns.filter((c) => wanted.has(c.meta_data!.path_in_schema[0]!));
    const ranges: ByteRange[] = selected.map((chunk) => {
      const { start, length } = columnChunkRange(chunk.meta_data!);
      return { offset: start, length };
    });
    let parts: Uint8Array[];
    try {
      parts = await readRanges(
        async (offset, length) => {
          const bytes = await this.options.fs.readRange(this.location, offset, length);
          this.statistics.reads++;
          this.statistics.bytesRead += bytes.length;
          return bytes;
        },
        ranges,
        this.options.coalescing,
      );
    } catch (error) {
      throw this.wrap(error, 'HIVE_CANNOT_OPEN_SPLIT', 'Error reading Parquet file');
    }
    return new Map(selected.map((chunk, i) => [chunk, parts[i]!]));
  }

  /**
   * Decodes one field's chunk file and converts its batches into blocks for every requested
   * column mapped to that field: blocks[batch][column index] (undefined for other columns).
   */
  private async decodeColumn(file: Uint8Array, fieldName: string): Promise<{ blocks: Block[][]; sizes: number[] }> {
    try {
      return await withParquetWasm((wasm) => {
        const table = wasm.readParquet(file, { batchSize: this.batchRows });
        try {
          const blocks: Block[][] = [];
          const sizes: number[] = [];
          for (let b = 0; b < table.numBatches; b++) {
            const batch = table.recordBatch(b)!;
            sizes.push(batch.numRows);
            blocks.push(this.convertBatch(wasm, batch, fieldName));
          }
          return { blocks, sizes };
        } finally {
          table.free();
        }
      });
    } catch (error) {
      throw this.wrap(error, 'HIVE_BAD_DATA', 'Error reading Parquet file');
    }
  }

  /** Converts a decoded batch, read in place in the WebAssembly memory, before it is freed. */
  private convertBatch(wasm: ParquetWasm, batch: WasmRecordBatch, fieldName: string): Block[] {
    const rows = batch.numRows;
    const ffi = batch.intoFFI();
    try {
      const [decoded] = readRecordBatch(wasm.wasmMemory().buffer as ArrayBuffer, ffi.arrayAddr(), ffi.schemaAddr());
      return this.options.columns.map((column, i) => {
        const field = this.fields[i];
        if (field === undefined || field.element.name !== fieldName) return undefined as unknown as Block;
        if (decoded === undefined) return nullBlock(column.type, rows);
        return arrowToBlock(decoded.column, column.type, field, { location: this.location, column: column.name });
      });
    } finally {
      ffi.free();
    }
  }

  private wrap(error: unknown, name: 'HIVE_CANNOT_OPEN_SPLIT' | 'HIVE_BAD_DATA', what: string): VivaceError {
    if (error instanceof VivaceError) return error;
    const message = messageOf(error).replace(/^Parquet error: /, '');
    if (isWasmTrap(error)) {
      return lakeError('HIVE_BAD_DATA', `${what} ${this.location}: the decoder failed (${message})`, error);
    }
    const unsupported = /not (yet )?supported|unsupported|disabled feature/i.test(message);
    return lakeError(unsupported ? 'HIVE_UNSUPPORTED_FORMAT' : name, `${what} ${this.location}: ${message}`, error);
  }
}
