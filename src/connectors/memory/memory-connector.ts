/**
 * The memory connector: tables held as lists of pages in this process, as Presto's memory
 * catalog. Metadata and DDL in memory-metadata.ts, writes in memory-writes.ts and
 * memory-page-sink.ts, reads in memory-page-source.ts. Splits are groups of consecutive committed
 * pages, captured when the splits are made (table version and page range), so a query reads the
 * table as it was when it started even while an INSERT commits. Each split names the node holding
 * its pages in `addresses` (today always this node).
 *
 * Catalog property: `memory.max-data-per-node` (default 128MB, as in Presto).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type {
  Connector,
  ConnectorFactory,
  ConnectorInsertTarget,
  ConnectorPageSink,
  ConnectorPageSource,
  ConnectorSplit,
  PageSourceRequest,
  SplitRequest,
} from '../../spi/connector.js';
import { checkKnownProperties, parseDataSize } from '../catalog/connector-properties.js';
import { MemoryMetadata, type MemoryTable } from './memory-metadata.js';
import { MemoryPageSink } from './memory-page-sink.js';
import { MemoryPageSource } from './memory-page-source.js';
import { MemoryWrites } from './memory-writes.js';

export const MEMORY_MAX_DATA_PROPERTY = 'memory.max-data-per-node';
export const DEFAULT_MEMORY_MAX_DATA_BYTES = 128 * 1024 * 1024;

/** The JSON form of a memory split: committed pages [pageStart, pageEnd) of a table at a version. */
export interface MemorySplit extends ConnectorSplit {
  readonly tableId: number;
  readonly version: number;
  readonly pageStart: number;
  readonly pageEnd: number;
  readonly addresses: readonly string[];
}

export interface MemoryConnectorOptions {
  /** The id of the node this connector instance runs on (split addresses). */
  readonly nodeId: string;
  readonly maxDataBytes?: number;
}

function asMemorySplit(split: ConnectorSplit): MemorySplit {
  const { tableId, version, pageStart, pageEnd } = split;
  if (
    !Number.isSafeInteger(tableId) ||
    !Number.isSafeInteger(version) ||
    !Number.isSafeInteger(pageStart) ||
    !Number.isSafeInteger(pageEnd)
  ) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not a memory split: ${JSON.stringify(split)}`);
  }
  return split as MemorySplit;
}

/** Groups pages [0, pageCount) into at most `count` runs of about equal row counts. */
function pageGroups(table: MemoryTable, pageCount: number, count: number): { start: number; end: number }[] {
  let rows = 0;
  for (let i = 0; i < pageCount; i++) rows += table.pages[i]!.positionCount;
  const target = Math.max(1, Math.ceil(rows / count));
  const groups: { start: number; end: number }[] = [];
  let start = 0;
  let groupRows = 0;
  for (let i = 0; i < pageCount; i++) {
    groupRows += table.pages[i]!.positionCount;
    if (groupRows >= target || i === pageCount - 1) {
      groups.push({ start, end: i + 1 });
      start = i + 1;
      groupRows = 0;
    }
  }
  return groups;
}

export class MemoryConnector implements Connector {
  readonly metadata: MemoryMetadata;
  readonly writes: MemoryWrites;
  readonly nodeId: string;

  constructor(
    readonly catalogName: string,
    options: MemoryConnectorOptions,
  ) {
    this.nodeId = options.nodeId;
    this.metadata = new MemoryMetadata(
      catalogName,
      (table) => this.writes.tableDropped(table),
      (table) => this.writes.tableAdded(table),
    );
    this.writes = new MemoryWrites(
      this.metadata,
      options.nodeId,
      options.maxDataBytes ?? DEFAULT_MEMORY_MAX_DATA_BYTES,
    );
  }

  getSplits(request: SplitRequest): readonly ConnectorSplit[] {
    const table = this.metadata.requireTable(request.table);
    const pageCount = table.pages.length;
    if (pageCount === 0 || request.constraint?.none === true) return [];
    const count = Math.max(1, Math.min(pageCount, Math.floor(request.desiredSplits)));
    return pageGroups(table, pageCount, count).map(
      (group): MemorySplit => ({
        tableId: table.id,
        version: table.version,
        pageStart: group.start,
        pageEnd: group.end,
        addresses: [this.nodeId],
      }),
    );
  }

  createPageSource(request: PageSourceRequest): ConnectorPageSource {
    const split = asMemorySplit(request.split);
    const table = this.metadata.tableById(split.tableId);
    const qualified = `${this.catalogName}.${request.table.schema}.${request.table.table}`;
    if (table === undefined) {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified}' was dropped while being read`);
    }
    if (split.pageEnd > table.pages.length || split.pageStart > split.pageEnd) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Split ${JSON.stringify(split)} is outside table '${qualified}'`);
    }
    const channels = request.columns.map((name) => {
      const index = table.columns.findIndex((column) => column.name === name);
      if (index < 0) throw new VivaceError('COLUMN_NOT_FOUND', `Column '${name}' not found in table '${qualified}'`);
      return index;
    });
    return new MemoryPageSource(table.pages, split.pageStart, split.pageEnd, channels, request.limit);
  }

  createPageSink(target: ConnectorInsertTarget): ConnectorPageSink {
    return new MemoryPageSink(this.writes, this.metadata.requireTable(target.table), target.columns);
  }

  finishInsert(target: ConnectorInsertTarget, fragments: readonly unknown[]): void {
    this.writes.commit(target, fragments);
  }

  /** Discards the buffered pages of an INSERT that will not be committed (query failed after its sinks finished). */
  abortInsert(fragments: readonly unknown[]): void {
    this.writes.discardFragments(fragments);
  }
}

export function createMemoryConnector(catalogName: string, options: MemoryConnectorOptions): MemoryConnector {
  return new MemoryConnector(catalogName, options);
}

/** `connector.name=memory`; the factory is bound to the node it runs on. */
export function createMemoryConnectorFactory(nodeId: string): ConnectorFactory {
  return {
    name: 'memory',
    create(catalogName, properties) {
      checkKnownProperties(properties, [MEMORY_MAX_DATA_PROPERTY]);
      const limit = properties[MEMORY_MAX_DATA_PROPERTY];
      return createMemoryConnector(catalogName, {
        nodeId,
        maxDataBytes: limit === undefined ? undefined : parseDataSize(MEMORY_MAX_DATA_PROPERTY, limit),
      });
    },
  };
}
