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
import type { OffsetIndex } from 'hyparquet';
import type { RecordBatch as WasmRecordBatch } from 'parquet-wasm';
import { NANOS_PER_MILLI } from '../../../common/units.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block } from '../../../data/block.js';
import { nullBlock } from '../../../data/block-builder.js';
import { copyPositions } from '../../../data/block-copy.js';
import { createPage, getPageRegion, type Page } from '../../../data/page.js';
import type { KeyFilter } from '../../../spi/connector.js';
import type { Type } from '../../../types/type.js';
import type { LakeColumnDomain, LakeDomain } from '../domain.js';
import { selectRows } from '../domain-row-filter.js';
import type { FileSystem } from '../fs/file-system.js';
import { type ByteRange, type CoalescingOptions, DEFAULT_MAX_GAP, readRanges } from '../fs/range-coalescing.js';
import { lakeError, messageOf } from '../lake-errors.js';
import { readRecordBatch } from './arrow-ffi.js';
import { gatherArrowColumn } from './arrow-gather.js';
import { arrowToBlock } from './arrow-to-blocks.js';
import { columnChunkFile } from './column-chunk-file.js';
import { allDataPagesDictionaryEncoded } from './parquet-dictionary.js';
import { columnChunkRange, type ParquetFooter } from './parquet-footer.js';
import {
  flatChunk,
  type IndexedColumn,
  isFlatField,
  type PageSpan,
  pageSpan,
  type RowRange,
  readPageIndexes,
  selectRowRanges,
} from './parquet-page-index.js';
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
  /**
   * The query's domain on the table's columns (by the names of `columns`): with it, pages that the
   * page index shows cannot match are skipped (rows of the kept pages are all returned; the engine
   * still filters). Row groups are pruned before, by the caller (`selectRowGroups`).
   */
  readonly domain?: LakeDomain;
  /** Use the page index when there is a domain (default true). */
  readonly pageIndex?: boolean;
  /**
   * With a domain, return only the rows that may satisfy it, converting the other columns only at
   * those rows (default true; see `batchPage`).
   */
  readonly rowFilter?: boolean;
  /** Join keys that arrived for the scan (dynamic filters): rows they exclude are dropped the same way. */
  readonly keyFilters?: readonly KeyFilter[];
}

export const DEFAULT_MAX_PAGE_ROWS = 8192;
export const DEFAULT_BATCH_ROWS = 65536;

/** Above this share of a batch's rows kept by the domain, the reader returns the batch whole. */
const MOSTLY_SELECTED = 0.9;

/** I/O counters of a reader, for tests and benchmarks. */
export interface ParquetReadStatistics {
  /** Read requests sent to the file system (after coalescing). */
  reads: number;
  /** Bytes read from the file system. */
  bytesRead: number;
  /** Rows produced. */
  rows: number;
  /** Rows of selected row groups not read because the page index excluded their pages. */
  rowsSkippedByPageIndex: number;
  /** Rows decoded but not returned because their values cannot satisfy the domain. */
  rowsFilteredByDomain: number;
  /**
   * Nanoseconds spent decoding and converting (the synchronous work between reads). It runs while
   * the engine waits on the page source, outside any operator call, so the scan reports it itself.
   */
  decodeNanos: number;
}

/** A requested column the domain or a join's keys constrain, read from a flat field of the file. */
type ConstrainedColumn = {
  readonly index: number;
  readonly field: string;
} & (
  | { readonly domain: LakeColumnDomain; readonly keys?: undefined }
  | { readonly keys: KeyFilter; readonly domain?: undefined }
);

type ColumnChunk = ParquetFooter['metadata']['row_groups'][number]['columns'][number];

/** A field's column chunk decoded into Arrow batches in WebAssembly memory. */
interface DecodedColumn {
  readonly name: string;
  readonly wasm: ParquetWasm;
  readonly table: ReturnType<ParquetWasm['readParquet']>;
  readonly sizes: readonly number[];
}

export class ParquetReader {
  readonly statistics: ParquetReadStatistics = {
    reads: 0,
    bytesRead: 0,
    rows: 0,
    rowsSkippedByPageIndex: 0,
    rowsFilteredByDomain: 0,
    decodeNanos: 0,
  };
  private readonly fields: (SchemaTree | undefined)[];
  private readonly maxPageRows: number;
  private readonly batchRows: number;
  private scratchBuffer = new Uint8Array(0);
  private readonly constrained: readonly ConstrainedColumn[];
  private readonly constrainedFields: ReadonlySet<string>;
  private positions = new Int32Array(0);

  constructor(private readonly options: ParquetReaderOptions) {
    const root = schemaTree(options.footer.metadata);
    this.fields = options.columns.map((c) => findField(root, c.name));
    const domain = options.domain;
    const flatField = (index: number) => {
      const field = this.fields[index];
      return field !== undefined && isFlatField(field) ? field.element.name : undefined;
    };
    const constrained: ConstrainedColumn[] = [];
    if (options.rowFilter !== false) {
      for (const [index, column] of options.columns.entries()) {
        const field = flatField(index);
        if (field === undefined) continue;
        const columnDomain = domain?.columns[column.name];
        if (columnDomain !== undefined) constrained.push({ index, field, domain: columnDomain });
        for (const keys of options.keyFilters ?? []) {
          if (keys.column === column.name) constrained.push({ index, field, keys });
        }
      }
    }
    this.constrained = constrained;
    this.constrainedFields = new Set(this.constrained.map((c) => c.field));
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
      const plan = await this.pagePlan(g, fileNames);
      if (plan === undefined) {
        yield* this.readRows(g, fileNames, undefined);
        continue;
      }
      for (const range of plan.ranges) yield* this.readRows(g, fileNames, { range, offsets: plan.offsets });
    }
  }

  /**
   * Reads rows of a row group: all of them, or (page-index pruning) the rows of `subset.range`,
   * fetching of each column only the pages that cover the range.
   */
  private async *readRows(
    g: number,
    fileNames: readonly string[],
    subset: { readonly range: RowRange; readonly offsets: ReadonlyMap<string, OffsetIndex> } | undefined,
  ): AsyncGenerator<Page> {
    const { footer } = this.options;
    const { chunks, pageSubsets, skips } = await this.fetchChunks(g, fileNames, subset);
    // Decode column by column, keeping the decoded batches in WebAssembly memory; the batches of all
    // columns cover the same rows (one batch size). Blocks are then made batch by batch, each handed
    // on as pages before the next is converted: the JS objects of a batch (strings) die young.
    const decoded: DecodedColumn[] = [];
    try {
      let batchSizes: readonly number[] | undefined;
      for (const name of fileNames) {
        const started = performance.now();
        let file: Uint8Array;
        try {
          file = columnChunkFile(footer.metadata, g, name, (chunk) => chunks.get(chunk) as Uint8Array, {
            integerDecimalsAsIntegers: this.onlyDecimalTargets(name),
            stringsAsDictionary: this.dictionaryEncoded(g, name),
            pageSubsets,
            allocate: (size) => this.scratch(size),
          });
        } catch (error) {
          // Pages whose compressed data the native codec rejects (page-decompression.ts).
          throw this.wrap(error, 'HIVE_BAD_DATA', `Error reading column ${name} of row group ${g} of Parquet file`);
        }
        const window =
          subset === undefined
            ? undefined
            : { offset: skips.get(name) ?? 0, limit: subset.range.end - subset.range.start };
        this.statistics.decodeNanos += (performance.now() - started) * NANOS_PER_MILLI;
        const column = await this.decodeColumn(file, name, window);
        decoded.push(column);
        if (batchSizes !== undefined && column.sizes.join() !== batchSizes.join()) {
          throw lakeError(
            'HIVE_BAD_DATA',
            `Columns of row group ${g} of Parquet file ${this.location} differ in row count`,
          );
        }
        batchSizes = column.sizes;
        await yieldToEventLoop();
      }
      chunks.clear();
      for (const [b, size] of (batchSizes ?? []).entries()) {
        const started = performance.now();
        const page = this.batchPage(decoded, b, size);
        this.statistics.decodeNanos += (performance.now() - started) * NANOS_PER_MILLI;
        if (page !== undefined) yield* this.slice(page);
      }
    } finally {
      for (const column of decoded) column.table.free();
    }
  }

  /**
   * Batch `b` (of `size` rows) of the decoded fields as one page. Without a domain on a column read
   * here, every column is converted whole. With one (late materialization): the constrained
   * columns are converted first, the rows that may satisfy their domains selected
   * (domain-row-filter.ts), and the other columns converted only at those rows — gathered in Arrow
   * form first where the values have a fixed width (arrow-gather.ts), else converted whole and
   * copied. A batch none of whose rows can match yields no page.
   */
  private batchPage(decoded: readonly DecodedColumn[], b: number, size: number): Page | undefined {
    const converted = new Map<string, (Block | undefined)[]>();
    let selection: Int32Array | undefined;
    // Join keys whose filtering proved not to pay (most rows pass) are no longer applied.
    const active = this.constrained.filter((c) => c.keys === undefined || c.keys.isActive());
    if (active.length > 0) {
      for (const column of decoded) {
        if (this.constrainedFields.has(column.name)) converted.set(column.name, this.convertDecoded(column, b));
      }
      selection = selectRows(
        active.map((c) => {
          const type = this.typeOf(c.index);
          const block = converted.get(c.field)?.[c.index] ?? nullBlock(type, size);
          // A key filter is a key test as it is (its record() reports what it saw and kept).
          return c.keys === undefined ? { block, type, domain: c.domain } : { block, type, keys: c.keys };
        }),
        size,
        this.positionsScratch(size),
      );
      // Nearly every row kept: converting the rest whole and leaving the few to the engine's filter
      // is cheaper than gathering every column (q01's date bound keeps 98 % of lineitem).
      if (selection !== undefined && selection.length > size * MOSTLY_SELECTED) selection = undefined;
      if (selection !== undefined) {
        this.statistics.rowsFilteredByDomain += size - selection.length;
        if (selection.length === 0) return undefined;
      }
    }
    for (const column of decoded) {
      if (!converted.has(column.name)) converted.set(column.name, this.convertDecoded(column, b, selection));
    }
    const rows = selection?.length ?? size;
    const blocks = this.options.columns.map((column, i) => {
      const field = this.fields[i];
      const block = field === undefined ? undefined : converted.get(field.element.name)?.[i];
      if (block === undefined) return nullBlock(column.type, rows);
      // Converted whole (a constrained column, or values gathering does not apply to): copy the rows.
      return selection !== undefined && block.positionCount !== rows
        ? copyPositions(block, selection, selection.length)
        : block;
    });
    return createPage(blocks, rows);
  }

  /** A positions buffer reused batch after batch: a selection is consumed before the next batch. */
  private positionsScratch(size: number): Int32Array {
    if (this.positions.length < size) this.positions = new Int32Array(size);
    return this.positions;
  }

  private typeOf(index: number): Type {
    return (this.options.columns[index] as ParquetColumn).type;
  }

  /**
   * The row ranges of row group `g` to read when the page index lets pages be skipped (see
   * parquet-page-index.ts), with the offset index of every field read; undefined to read it whole.
   */
  private async pagePlan(
    g: number,
    fileNames: readonly string[],
  ): Promise<{ ranges: RowRange[]; offsets: Map<string, OffsetIndex> } | undefined> {
    const domain = this.options.domain;
    if (domain === undefined || this.options.pageIndex === false) return undefined;
    const constrained: IndexedColumn[] = [];
    for (const [i, column] of this.options.columns.entries()) {
      const field = this.fields[i];
      if (field !== undefined && domain.columns[column.name] !== undefined) constrained.push({ column, field });
    }
    if (constrained.length === 0) return undefined;
    const root = schemaTree(this.options.footer.metadata);
    const entries = [];
    for (const name of fileNames) {
      const field = root.children.find((c) => c.element.name === name);
      const chunk = flatChunk(this.options.footer, g, name);
      if (field === undefined || chunk === undefined || !isFlatField(field)) return undefined;
      entries.push({ chunk, field, filtered: constrained.some((c) => c.field.element.name === name) });
    }
    let indexes: Awaited<ReturnType<typeof readPageIndexes>>;
    try {
      indexes = await readPageIndexes((offset, length) => this.read(offset, length), entries, this.options.coalescing);
    } catch (error) {
      throw this.wrap(error, 'HIVE_BAD_DATA', 'Error reading the page index of Parquet file');
    }
    if (indexes === undefined) return undefined;
    const position = new Map(fileNames.map((name, i) => [name, i]));
    const at = (c: IndexedColumn) => position.get(c.field.element.name) ?? -1;
    const rows = Number(this.options.footer.metadata.row_groups[g]?.num_rows ?? 0);
    const ranges = selectRowRanges(
      rows,
      constrained,
      constrained.map((c) => indexes.offsets[at(c)] as OffsetIndex),
      constrained.map((c) => indexes.columns[at(c)]),
      domain,
    );
    const whole = ranges.length === 1 && ranges[0]?.start === 0 && ranges[0].end === rows;
    if (whole) return undefined;
    this.statistics.rowsSkippedByPageIndex += rows - ranges.reduce((sum, r) => sum + r.end - r.start, 0);
    return { ranges, offsets: new Map(fileNames.map((name, i) => [name, indexes.offsets[i] as OffsetIndex])) };
  }

  private async read(offset: number, length: number): Promise<Uint8Array> {
    const bytes = await this.options.fs.readRange(this.location, offset, length);
    this.statistics.reads++;
    this.statistics.bytesRead += bytes.length;
    return bytes;
  }

  /**
   * A buffer of at least `size` bytes, reused for every column chunk file of this reader: the
   * decoder copies each file into WebAssembly memory before the next is assembled, and allocating
   * a megabyte-sized buffer per column chunk would drive the garbage collector (external memory).
   */
  private scratch(size: number): Uint8Array {
    if (this.scratchBuffer.length < size) this.scratchBuffer = new Uint8Array(Math.ceil(size * 1.25));
    return this.scratchBuffer;
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
    return meta !== undefined && allDataPagesDictionaryEncoded(meta);
  }

  private *slice(page: Page): Iterable<Page> {
    for (let start = 0; start < page.positionCount; start += this.maxPageRows) {
      const count = Math.min(this.maxPageRows, page.positionCount - start);
      this.statistics.rows += count;
      yield getPageRegion(page, start, count);
    }
  }

  /**
   * Reads the row group's chunks of the wanted fields, neighbouring ones in one read: whole, or
   * (page-index pruning) the dictionary page and the data pages covering `subset.range`, with the
   * rows of each field's first fetched page to skip.
   */
  private async fetchChunks(
    rowGroup: number,
    fileNames: readonly string[],
    subset: { readonly range: RowRange; readonly offsets: ReadonlyMap<string, OffsetIndex> } | undefined,
  ): Promise<{
    chunks: Map<ColumnChunk, Uint8Array>;
    pageSubsets: Map<ColumnChunk, { dictionaryLength: number; rows: number }> | undefined;
    skips: Map<string, number>;
  }> {
    const group = this.options.footer.metadata.row_groups[rowGroup];
    const wanted = new Set(fileNames);
    const selected = (group?.columns ?? []).filter((c) => {
      const top = c.meta_data?.path_in_schema[0];
      return top !== undefined && wanted.has(top);
    });
    const rows = Number(group?.num_rows ?? 0);
    const ranges: ByteRange[] = [];
    const spans: (PageSpan | undefined)[] = [];
    const skips = new Map<string, number>();
    for (const chunk of selected) {
      const meta = chunk.meta_data as NonNullable<ColumnChunk['meta_data']>;
      const name = meta.path_in_schema[0] as string;
      const offsetIndex = subset?.offsets.get(name);
      if (subset === undefined || offsetIndex === undefined) {
        const { start, length } = columnChunkRange(meta);
        ranges.push({ offset: start, length }, { offset: 0, length: 0 });
        spans.push(undefined);
        continue;
      }
      const span = pageSpan(chunk, offsetIndex, rows, subset.range);
      ranges.push(span.dictionary ?? { offset: 0, length: 0 }, span.pages);
      spans.push(span);
      skips.set(name, subset.range.start - span.firstRow);
    }
    const wantedRanges = ranges.filter((r) => r.length > 0);
    let coalescing = this.options.coalescing;
    if (subset !== undefined) {
      // The pages the index excluded are what pruning saves: two columns' kept pages lie a chunk's
      // remainder apart, so merging them across a gap larger than the bytes wanted would read more
      // skipped bytes than kept ones (a whole small file within the 1 MiB merge distance).
      const wantedBytes = wantedRanges.reduce((sum, r) => sum + r.length, 0);
      coalescing = { ...coalescing, maxGap: Math.min(coalescing?.maxGap ?? DEFAULT_MAX_GAP, wantedBytes) };
    }
    let parts: Uint8Array[];
    try {
      parts = await readRanges((offset, length) => this.read(offset, length), wantedRanges, coalescing);
    } catch (error) {
      throw this.wrap(error, 'HIVE_CANNOT_OPEN_SPLIT', 'Error reading Parquet file');
    }
    // Put the parts back in place of the ranges (empty ranges were not read).
    let next = 0;
    const bytesOf = (range: ByteRange) => (range.length === 0 ? new Uint8Array(0) : (parts[next++] as Uint8Array));
    const chunks = new Map<ColumnChunk, Uint8Array>();
    const pageSubsets =
      subset === undefined ? undefined : new Map<ColumnChunk, { dictionaryLength: number; rows: number }>();
    for (const [i, chunk] of selected.entries()) {
      const first = bytesOf(ranges[2 * i] as ByteRange);
      const second = bytesOf(ranges[2 * i + 1] as ByteRange);
      const span = spans[i];
      if (span === undefined) {
        chunks.set(chunk, first);
        continue;
      }
      const bytes = new Uint8Array(first.length + second.length);
      bytes.set(first, 0);
      bytes.set(second, first.length);
      chunks.set(chunk, bytes);
      pageSubsets?.set(chunk, { dictionaryLength: first.length, rows: span.endRow - span.firstRow });
    }
    return { chunks, pageSubsets, skips };
  }

  /**
   * Decodes one field's chunk file and converts its batches into blocks for every requested
   * column mapped to that field: blocks[batch][column index] (undefined for other columns).
   */
  /** Decodes one field's chunk file into Arrow batches kept in WebAssembly memory (freed by the caller). */
  private async decodeColumn(
    file: Uint8Array,
    fieldName: string,
    window: { readonly offset: number; readonly limit: number } | undefined,
  ): Promise<DecodedColumn> {
    try {
      return await withParquetWasm((wasm) => {
        const started = performance.now();
        try {
          const table = wasm.readParquet(file, { batchSize: this.batchRows, ...window });
          const sizes: number[] = [];
          try {
            for (let b = 0; b < table.numBatches; b++) sizes.push(table.recordBatch(b)?.numRows ?? 0);
          } catch (error) {
            table.free();
            throw error;
          }
          return { name: fieldName, wasm, table, sizes };
        } finally {
          this.statistics.decodeNanos += (performance.now() - started) * NANOS_PER_MILLI;
        }
      });
    } catch (error) {
      throw this.wrap(error, 'HIVE_BAD_DATA', 'Error reading Parquet file');
    }
  }

  /**
   * The blocks of batch `b` of a decoded field: blocks[column index] (undefined for other columns),
   * only at the rows of `selection` where the field's values can be gathered before conversion.
   */
  private convertDecoded(column: DecodedColumn, b: number, selection?: Int32Array): (Block | undefined)[] {
    try {
      const batch = column.table.recordBatch(b);
      if (batch === undefined) throw lakeError('HIVE_BAD_DATA', `Parquet file ${this.location}: batch ${b} is missing`);
      return this.convertBatch(column.wasm, batch, column.name, selection);
    } catch (error) {
      throw this.wrap(error, 'HIVE_BAD_DATA', 'Error reading Parquet file');
    }
  }

  /** Converts a decoded batch, read in place in the WebAssembly memory, before it is freed. */
  private convertBatch(
    wasm: ParquetWasm,
    batch: WasmRecordBatch,
    fieldName: string,
    selection: Int32Array | undefined,
  ): (Block | undefined)[] {
    const rows = batch.numRows;
    const ffi = batch.intoFFI();
    try {
      const [decoded] = readRecordBatch(wasm.wasmMemory().buffer as ArrayBuffer, ffi.arrayAddr(), ffi.schemaAddr());
      const gathered =
        decoded === undefined || selection === undefined ? undefined : gatherArrowColumn(decoded.column, selection);
      return this.options.columns.map((column, i) => {
        const field = this.fields[i];
        if (field === undefined || field.element.name !== fieldName) return undefined;
        if (decoded === undefined) return nullBlock(column.type, selection?.length ?? rows);
        return arrowToBlock(gathered ?? decoded.column, column.type, field, {
          location: this.location,
          column: column.name,
        });
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
