/**
 * Reading one lake split: each of its parts (a file, or row groups of one) through the format
 * readers — Parquet (parquet/parquet-reader.ts: only the requested columns' chunks, by byte range),
 * CSV and JSON lines (text/) — with partition values and hidden columns (`$path`, `$file_size`,
 * `$file_modified_time`, `$partition`) added as constant blocks. The readers are asynchronous; the
 * page source keeps one page decoded ahead and is blocked while it waits (the engine's table scan
 * waits on `isBlocked`). Errors name the file: a reader's own VivaceError as it is (HIVE_BAD_DATA,
 * HIVE_PARTITION_SCHEMA_MISMATCH, ...), anything else HIVE_CANNOT_OPEN_SPLIT.
 */
import { fail } from '../../../common/invariant.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block } from '../../../data/block.js';
import { constantBlock, createBlockBuilder } from '../../../data/block-builder.js';
import { createPage, getPageRegion, type Page, selectChannels } from '../../../data/page.js';
import type { ConnectorPageSource, KeyFilter, PageSourceRequest } from '../../../spi/connector.js';
import type { TupleDomain } from '../../../spi/tuple-domain.js';
import { BIGINT, INTEGER, VARCHAR } from '../../../types/type.js';
import type { FileSystem } from '../fs/file-system.js';
import { lakeError, messageOf } from '../lake-errors.js';
import type { ParquetFooterCache } from '../parquet/parquet-footer.js';
import { ParquetReader } from '../parquet/parquet-reader.js';
import { parsePartitionValue } from '../partition/hive-partitions.js';
import type { ReadTiming } from '../read-timing.js';
import { readCsv } from '../text/csv-reader.js';
import { readJsonLines } from '../text/json-lines.js';
import { lakeDomain } from './lake-domains.js';
import {
  asSplit,
  asTableHandle,
  fromJsonColumns,
  type LakeSplitPart,
  type LakeTableHandle,
  type TypedColumn,
} from './lake-handles.js';
import {
  BUCKET_COLUMN,
  FILE_MODIFIED_TIME_COLUMN,
  FILE_MODIFIED_TIME_TYPE,
  FILE_SIZE_COLUMN,
  PARTITION_COLUMN,
  PATH_COLUMN,
} from './lake-table-definition.js';

export interface PageSourceContext {
  readonly fs: FileSystem;
  readonly footers: ParquetFooterCache;
  readonly maxPageRows: number;
}

/** Where each output column comes from. */
type ColumnSource =
  | { readonly kind: 'data'; readonly index: number }
  | { readonly kind: 'partition'; readonly index: number; readonly column: TypedColumn }
  | { readonly kind: 'path' | 'size' | 'modified' | 'partition-name' | 'bucket' };

export class LakePageSource implements ConnectorPageSource {
  private next: Page | null = null;
  private done = false;
  private closed = false;
  private failure: { error: unknown } | undefined;
  private pending: Promise<void> | undefined;
  /** Bytes the readers have read so far (counted as they go, ahead of the pages handed out). */
  private bytes = 0;
  /** Bytes reported through `completedBytes`: up to the page last handed out (the engine counts deltas per call). */
  private reportedBytes = 0;
  private bytesAtNext = 0;
  /** The readers' decoding time (`readTimeNanos`). */
  private readonly timing: ReadTiming = { nanos: 0 };
  private readonly pages: AsyncGenerator<Page>;

  constructor(
    private readonly context: PageSourceContext,
    request: PageSourceRequest,
  ) {
    this.pages = this.read(asTableHandle(request.handle), request);
    this.fetch();
  }

  get completedBytes(): number {
    return this.reportedBytes;
  }

  get readTimeNanos(): number {
    return this.timing.nanos;
  }

  private fetch(): void {
    this.pending = this.pages.next().then(
      (result) => {
        this.pending = undefined;
        if (result.done === true) this.done = true;
        else this.next = result.value;
        this.bytesAtNext = this.bytes;
      },
      (error: unknown) => {
        this.pending = undefined;
        this.failure = { error };
      },
    );
  }

  getNextPage(): Page | null {
    if (this.failure !== undefined) throw this.failure.error;
    const page = this.next;
    this.reportedBytes = this.bytesAtNext;
    if (page !== null) {
      this.next = null;
      if (!this.done && !this.closed) this.fetch();
    }
    return page;
  }

  isFinished(): boolean {
    return this.closed || (this.done && this.next === null && this.failure === undefined);
  }

  isBlocked(): Promise<void> | undefined {
    return this.pending;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.next = null;
    void this.pages.return(undefined).catch(() => undefined);
  }

  private async *read(handle: LakeTableHandle, request: PageSourceRequest): AsyncGenerator<Page> {
    const split = asSplit(request.split);
    if (handle.propertiesTable !== undefined) {
      yield propertiesRow(handle, request.columns);
      return;
    }
    const dataColumns = fromJsonColumns(handle.dataColumns);
    const partitionColumns = fromJsonColumns(handle.partitionColumns);
    const wanted: TypedColumn[] = [];
    const sources: ColumnSource[] = request.columns.map((name) => {
      const data = dataColumns.findIndex((c) => c.name === name);
      if (data >= 0) {
        let index = wanted.findIndex((c) => c.name === name);
        if (index < 0) index = wanted.push(dataColumns[data] ?? fail('the data column found by name')) - 1;
        return { kind: 'data', index };
      }
      const partition = partitionColumns.findIndex((c) => c.name === name);
      if (partition >= 0)
        return {
          kind: 'partition',
          index: partition,
          column: partitionColumns[partition] ?? fail('the partition column found by name'),
        };
      switch (name) {
        case PATH_COLUMN:
          return { kind: 'path' };
        case FILE_SIZE_COLUMN:
          return { kind: 'size' };
        case FILE_MODIFIED_TIME_COLUMN:
          return { kind: 'modified' };
        case PARTITION_COLUMN:
          return { kind: 'partition-name' };
      }
      if (name === BUCKET_COLUMN && handle.bucketing !== undefined) return { kind: 'bucket' };
      throw new VivaceError(
        'COLUMN_NOT_FOUND',
        `Column '${name}' not found in table '${handle.schema}.${handle.table}'`,
      );
    });
    if (handle.partitionsTable === true) {
      yield partitionRows(split.parts, sources);
      return;
    }
    let remaining = request.limit ?? Number.POSITIVE_INFINITY;
    for (const part of split.parts) {
      if (remaining <= 0) return;
      const constants = new Map<ColumnSource, unknown>();
      for (const source of sources) {
        switch (source.kind) {
          case 'data':
            break;
          case 'partition':
            constants.set(
              source,
              parsePartitionValue(source.column.name, part.partitionValues?.[source.index] ?? null, source.column.type),
            );
            break;
          case 'path':
            constants.set(source, part.path);
            break;
          case 'size':
            constants.set(source, part.size);
            break;
          case 'modified':
            constants.set(source, { millis: part.modified, picos: 0, zone: 'UTC' });
            break;
          case 'partition-name':
            constants.set(source, part.partitionName ?? null);
            break;
          case 'bucket':
            constants.set(source, part.bucket ?? null);
            break;
        }
      }
      try {
        for await (const page of this.readPart(
          handle,
          part,
          dataColumns,
          wanted,
          request.constraint,
          request.keyFilters,
        )) {
          if (this.closed) return;
          const rows = Math.min(page.positionCount, remaining);
          const region = rows < page.positionCount ? getPageRegion(page, 0, rows) : page;
          remaining -= rows;
          const blocks: Block[] = sources.map((source) =>
            source.kind === 'data'
              ? (region.blocks[source.index] ?? fail('the reader returns every wanted column'))
              : constantBlock(typeOf(source), constants.get(source), rows),
          );
          yield createPage(blocks, rows);
          if (remaining <= 0) return;
        }
      } catch (error) {
        throw wrapError(error, part.path);
      }
    }
  }

  private async *readPart(
    handle: LakeTableHandle,
    part: LakeSplitPart,
    dataColumns: readonly TypedColumn[],
    wanted: readonly TypedColumn[],
    constraint: TupleDomain | undefined,
    keyFilters: readonly KeyFilter[] | undefined,
  ): AsyncGenerator<Page> {
    const { fs, footers, maxPageRows } = this.context;
    switch (handle.format) {
      case 'PARQUET': {
        const footer = await footers.get(fs, part.path, { size: part.size, lastModified: part.modified });
        const domain = lakeDomain(constraint);
        const reader = new ParquetReader({
          fs,
          footer,
          columns: wanted,
          // Pages the page index shows cannot match are skipped (the engine still filters rows).
          ...(domain !== undefined && { domain }),
          // The join keys that arrived: rows they exclude are dropped before their other columns are converted.
          ...(keyFilters !== undefined && { keyFilters }),
          ...(part.rowGroups !== undefined && { rowGroups: part.rowGroups }),
          maxPageRows,
        });
        let counted = 0;
        let decodeCounted = 0;
        const count = () => {
          this.bytes += reader.statistics.bytesRead - counted;
          counted = reader.statistics.bytesRead;
          this.timing.nanos += reader.statistics.decodeNanos - decodeCounted;
          decodeCounted = reader.statistics.decodeNanos;
        };
        for await (const page of reader.pages()) {
          count();
          yield page;
        }
        count();
        return;
      }
      case 'CSV': {
        // Fields map to columns by position: read every data column, hand out the wanted ones.
        const channels = wanted.map((c) => dataColumns.findIndex((d) => d.name === c.name));
        const last = Math.max(-1, ...channels);
        const columns = dataColumns.slice(0, last + 1);
        const text = handle.text ?? {};
        for await (const page of readCsv({
          fs,
          location: part.path,
          columns,
          ...(text.dialect !== undefined && { dialect: text.dialect }),
          ...(text.skipHeaderLines !== undefined && { skipHeaderLines: text.skipHeaderLines }),
          ...(text.nullFormat !== undefined && { nullFormat: text.nullFormat }),
          maxPageRows,
          timing: this.timing,
        })) {
          yield selectChannels(page, channels);
        }
        this.bytes += part.size;
        return;
      }
      case 'JSON':
        yield* readJsonLines({ fs, location: part.path, columns: wanted, maxPageRows, timing: this.timing });
        this.bytes += part.size;
        return;
    }
  }
}

/** The one row of a `$properties` table: the requested parameters' values. */
function propertiesRow(handle: LakeTableHandle, columns: readonly string[]): Page {
  const parameters = handle.propertiesTable ?? {};
  const blocks = columns.map((column) => constantBlock(VARCHAR, parameters[column] ?? null, 1));
  return createPage(blocks, 1);
}

/** The rows of a `$partitions` split: each partition's values, typed as its columns. */
function partitionRows(parts: readonly LakeSplitPart[], sources: readonly ColumnSource[]): Page {
  const blocks = sources.map((source) => {
    if (source.kind !== 'partition') {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'a $partitions table has only partition columns');
    }
    const builder = createBlockBuilder(source.column.type, parts.length);
    for (const part of parts) {
      const value = parsePartitionValue(
        source.column.name,
        part.partitionValues?.[source.index] ?? null,
        source.column.type,
      );
      if (value === null) builder.appendNull();
      else builder.append(value);
    }
    return builder.build();
  });
  return createPage(blocks, parts.length);
}

function typeOf(source: ColumnSource) {
  switch (source.kind) {
    case 'partition':
      return source.column.type;
    case 'size':
      return BIGINT;
    case 'bucket':
      return INTEGER;
    case 'modified':
      return FILE_MODIFIED_TIME_TYPE;
    default:
      return VARCHAR;
  }
}

function wrapError(error: unknown, path: string): VivaceError {
  if (error instanceof VivaceError) {
    if (error.rawMessage.includes(path) || !error.errorName.startsWith('HIVE_')) return error;
    return new VivaceError(error.errorCode, `${error.rawMessage} (file ${path})`, undefined, { cause: error });
  }
  return lakeError('HIVE_CANNOT_OPEN_SPLIT', `Error opening Hive split ${path}: ${messageOf(error)}`, error);
}
