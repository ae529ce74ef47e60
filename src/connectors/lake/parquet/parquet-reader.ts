/**
 * Reading Parquet files into Vivace pages. Given a file (through the lake file system), its footer
 * (cached by the caller), the row groups to read and the columns wanted (by the table's names and
 * declared types), the reader fetches only the needed column chunks of each row group by byte
 * range, neighbouring chunks coalesced into one read, has parquet-wasm decode them into Arrow, and
 * converts those into blocks (arrow-to-blocks.ts) in pages of at most `maxPageRows` rows.
 *
 * parquet-wasm reads through a Blob-like object (`size`, `slice`, `arrayBuffer`) that this module
 * provides: its answers come from the footer bytes already read and from the row group's prefetched
 * chunks, so the decoder itself issues no I/O and never sees more of the file than one row group's
 * selected chunks. Nothing buffers a whole file. Decoding proceeds one batch (`batchRows` rows of one
 * row group) at a time, yielding to the event loop between batches, so a scan never holds the
 * event loop longer than one batch takes to decode.
 *
 * A column missing from the file reads as NULL; columns are matched by name case-insensitively. Errors
 * name the file: HIVE_CANNOT_OPEN_SPLIT when it cannot be opened, HIVE_BAD_DATA for corrupt data,
 * HIVE_PARTITION_SCHEMA_MISMATCH when a column's file type cannot be read as its declared type.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ParquetFile as WasmParquetFile, RecordBatch as WasmRecordBatch } from 'parquet-wasm';
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
  /** Rows decoded at a time (default 65536): the unit of work between yields to the event loop. */
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

/**
 * The byte source behind the Blob-like object parquet-wasm reads from: the footer tail and the
 * current row group's prefetched chunks; anything else (which the decoder should not ask for) is
 * read from the file system and counted.
 */
class PrefetchedRanges {
  private buffers: { offset: number; bytes: Uint8Array }[] = [];

  constructor(
    private readonly fs: FileSystem,
    private readonly footer: ParquetFooter,
    private readonly statistics: ParquetReadStatistics,
  ) {}

  set(buffers: { offset: number; bytes: Uint8Array }[]): void {
    this.buffers = buffers;
  }

  async read(start: number, end: number): Promise<ArrayBuffer> {
    const out = new Uint8Array(end - start);
    let position = start;
    while (position < end) {
      const piece = this.find(position);
      if (piece !== undefined) {
        const from = position - piece.offset;
        const count = Math.min(end - position, piece.bytes.length - from);
        out.set(piece.bytes.subarray(from, from + count), position - start);
        position += count;
        continue;
      }
      // Not prefetched: read up to the next known piece (or the end).
      let until = end;
      for (const b of this.allPieces()) if (b.offset > position && b.offset < until) until = b.offset;
      const bytes = await this.fs.readRange(this.footer.location, position, until - position);
      this.statistics.reads++;
      this.statistics.bytesRead += bytes.length;
      out.set(bytes, position - start);
      position = until;
    }
    return out.buffer;
  }

  private *allPieces(): Iterable<{ offset: number; bytes: Uint8Array }> {
    yield { offset: this.footer.fileSize - this.footer.tail.length, bytes: this.footer.tail };
    yield* this.buffers;
  }

  private find(position: number): { offset: number; bytes: Uint8Array } | undefined {
    for (const piece of this.allPieces()) {
      if (position >= piece.offset && position < piece.offset + piece.bytes.length) return piece;
    }
    return undefined;
  }
}

/** The Blob-like view parquet-wasm reads a file through (it calls only size, slice and arrayBuffer). */
class RangeBlob {
  constructor(
    private readonly source: PrefetchedRanges,
    private readonly start: number,
    private readonly end: number,
  ) {}

  get size(): number {
    return this.end - this.start;
  }

  slice(from?: number, to?: number): RangeBlob {
    const size = this.size;
    const a = Math.max(0, Math.min(size, from ?? 0));
    const b = Math.max(a, Math.min(size, to ?? size));
    return new RangeBlob(this.source, this.start + a, this.start + b);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.source.read(this.start, this.end);
  }
}

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
    if (fileNames.length === 0) {
      // No requested column is in the file (or none requested: count(*)): row counts suffice.
      for (const g of groups) yield* this.nullPages(Number(footer.metadata.row_groups[g]!.num_rows));
      return;
    }
    const source = new PrefetchedRanges(this.options.fs, footer, this.statistics);
    let file: WasmParquetFile | undefined;
    try {
      file = await withParquetWasm((wasm) =>
        wasm.ParquetFile.fromFile(new RangeBlob(source, 0, footer.fileSize) as never),
      );
    } catch (error) {
      throw this.wrap(error, 'HIVE_CANNOT_OPEN_SPLIT', 'Error opening Parquet file');
    }
    try {
      for (const g of groups) {
        await this.prefetch(source, g, fileNames);
        yield* this.rowGroupPages(file, g, fileNames);
        source.set([]);
      }
    } finally {
      try {
        file.free();
      } catch {
        // a trapped instance cannot free; it is discarded anyway
      }
    }
  }

  private *nullPages(rows: number): Iterable<Page> {
    for (let start = 0; start < rows; start += this.maxPageRows) {
      const count = Math.min(this.maxPageRows, rows - start);
      this.statistics.rows += count;
      yield createPage(
        this.options.columns.map((c) => nullBlock(c.type, count)),
        count,
      );
    }
  }

  /** Reads the row group's chunks of the wanted columns, coalesced, before decoding starts. */
  private async prefetch(source: PrefetchedRanges, rowGroup: number, fileNames: readonly string[]): Promise<void> {
    const group = this.options.footer.metadata.row_groups[rowGroup];
    if (group === undefined) {
      throw lakeError('HIVE_CANNOT_OPEN_SPLIT', `Parquet file ${this.location} has no row group ${rowGroup}`);
    }
    const wanted = new Set(fileNames);
    const ranges: ByteRange[] = [];
    for (const chunk of group.columns) {
      const meta = chunk.meta_data!;
      if (!wanted.has(meta.path_in_schema[0]!)) continue;
      const { start, length } = columnChunkRange(meta);
      ranges.push({ offset: start, length });
    }
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
    source.set(ranges.map((range, i) => ({ offset: range.offset, bytes: parts[i]! })));
  }

  private async *rowGroupPages(
    file: WasmParquetFile,
    rowGroup: number,
    fileNames: readonly string[],
  ): AsyncGenerator<Page> {
    let reader: ReadableStreamDefaultReader<WasmRecordBatch>;
    try {
      const stream = await withParquetWasm(() =>
        file.stream({ rowGroups: [rowGroup], columns: [...fileNames], batchSize: this.batchRows }),
      );
      reader = stream.getReader();
    } catch (error) {
      throw this.wrap(error, 'HIVE_BAD_DATA', 'Error reading Parquet file');
    }
    try {
      for (;;) {
        let blocks: Block[];
        let rows: number;
        try {
          const next = await withParquetWasm(() => reader.read());
          if (next.done) break;
          ({ blocks, rows } = await withParquetWasm((wasm) => this.convertBatch(wasm, next.value)));
        } catch (error) {
          throw this.wrap(error, 'HIVE_BAD_DATA', 'Error reading Parquet file');
        }
        const page = createPage(blocks, rows);
        for (let start = 0; start < rows; start += this.maxPageRows) {
          const count = Math.min(this.maxPageRows, rows - start);
          this.statistics.rows += count;
          yield getPageRegion(page, start, count);
        }
        await yieldToEventLoop();
      }
    } finally {
      reader.releaseLock();
    }
  }

  /**
   * Converts a decoded batch into blocks, reading its arrays in place in the WebAssembly memory
   * (arrow-ffi.ts) and copying them into the blocks before the batch is freed.
   */
  private convertBatch(wasm: ParquetWasm, batch: WasmRecordBatch): { blocks: Block[]; rows: number } {
    const rows = batch.numRows;
    const ffi = batch.intoFFI();
    try {
      const fields = readRecordBatch(wasm.wasmMemory().buffer as ArrayBuffer, ffi.arrayAddr(), ffi.schemaAddr());
      const blocks = this.options.columns.map((column, i) => {
        const field = this.fields[i];
        const data = field === undefined ? undefined : fields.find((f) => f.name === field.element.name)?.column;
        if (data === undefined) return nullBlock(column.type, rows);
        return arrowToBlock(data, column.type, field, { location: this.location, column: column.name });
      });
      return { blocks, rows };
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
