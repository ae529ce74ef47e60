/**
 * The memory connector: tables held as pages in the memory of the nodes that wrote them, as
 * Presto's memory catalog. Metadata and DDL live on the coordinator (memory-metadata.ts); pages
 * live in each node's store (memory-store.ts), written by page sinks wherever the writers run
 * (memory-page-sink.ts) — on the workers in a cluster, in the coordinator's own process without
 * workers. A split is one or more committed row ranges of fragments held by one node, named in
 * `addresses` so the scheduler reads it there; it also carries the table's column names, since
 * the reading node has no metadata. Small ranges of one node share a split, a large one is cut
 * into several. Splits are made from the rows committed when the query starts, so a query reads
 * the table as it was then even while an INSERT commits.
 *
 * Catalog property: `memory.max-data-per-node` (default 128MB, as in Presto).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Page } from '../../data/page.js';
import {
  COORDINATOR_ONLY,
  type Connector,
  type ConnectorFactory,
  type ConnectorInsertTarget,
  type ConnectorPageSink,
  type ConnectorPageSource,
  type ConnectorSplit,
  type ConnectorSplitSource,
  type PageSourceRequest,
  type ScanTable,
  type SchemaTableName,
  type SplitPlacement,
  type SplitRequest,
} from '../../spi/connector.js';
import { fixedSplitSource } from '../../spi/split-source.js';
import { checkKnownProperties, parseDataSize } from '../catalog/connector-properties.js';
import { createInsertHandle, parseInsertHandle } from './memory-insert-handle.js';
import { MemoryMetadata } from './memory-metadata.js';
import { MemoryPageSink, type MemoryWriteFragment } from './memory-page-sink.js';
import { MemoryPageSource } from './memory-page-source.js';
import { MemoryStore, type StoredFragment } from './memory-store.js';

export const MEMORY_MAX_DATA_PROPERTY = 'memory.max-data-per-node';
export const DEFAULT_MEMORY_MAX_DATA_BYTES = 128 * 1024 * 1024;

/** Rows [rowStart, rowEnd) of one fragment of a table record. */
export interface MemoryRowRange {
  readonly fragmentId: string;
  readonly rowStart: number;
  readonly rowEnd: number;
}

/** The JSON form of a memory split: row ranges of fragments of one table record, all on one node. */
export interface MemorySplit extends ConnectorSplit {
  readonly tableId: number;
  readonly ranges: readonly MemoryRowRange[];
  /** The table's column names in page order when the split was made. */
  readonly columns: readonly string[];
  readonly addresses: readonly string[];
}

export interface MemoryConnectorOptions {
  /** The id of the node this connector instance runs on (where its sinks' pages are). */
  readonly nodeId: string;
  readonly maxDataBytes?: number;
}

function isRowRange(value: unknown): value is MemoryRowRange {
  const range = value as Partial<MemoryRowRange> | null;
  return (
    range !== null &&
    typeof range === 'object' &&
    typeof range.fragmentId === 'string' &&
    Number.isSafeInteger(range.rowStart) &&
    Number.isSafeInteger(range.rowEnd)
  );
}

function asMemorySplit(split: ConnectorSplit): MemorySplit {
  const { tableId, ranges, columns } = split;
  if (
    !Number.isSafeInteger(tableId) ||
    !Array.isArray(ranges) ||
    ranges.length === 0 ||
    !ranges.every(isRowRange) ||
    !Array.isArray(columns)
  ) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not a memory split: ${JSON.stringify(split)}`);
  }
  return split as MemorySplit;
}

function asWriteFragments(fragments: readonly unknown[]): MemoryWriteFragment[] {
  return fragments.map((fragment) => {
    const value = fragment as Partial<MemoryWriteFragment> | null;
    if (
      value === null ||
      typeof value !== 'object' ||
      !Number.isSafeInteger(value.tableId) ||
      typeof value.fragmentId !== 'string' ||
      typeof value.nodeId !== 'string' ||
      !Number.isSafeInteger(value.write) ||
      !Number.isSafeInteger(value.rowStart) ||
      !Number.isSafeInteger(value.rowEnd) ||
      value.rows !== (value.rowEnd as number) - (value.rowStart as number) ||
      (value.rows as number) < 0
    ) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not a memory write fragment: ${JSON.stringify(fragment)}`);
    }
    return value as MemoryWriteFragment;
  });
}

/** A committed range is not cut into parts smaller than this many rows. */
const MIN_SPLIT_ROWS = 1024;

export class MemoryConnector implements Connector {
  readonly metadata: MemoryMetadata;
  /** This node's pages. */
  readonly store: MemoryStore;
  readonly nodeId: string;

  constructor(
    readonly catalogName: string,
    options: MemoryConnectorOptions,
  ) {
    this.nodeId = options.nodeId;
    this.store = new MemoryStore(options.nodeId, options.maxDataBytes ?? DEFAULT_MEMORY_MAX_DATA_BYTES);
    this.metadata = new MemoryMetadata(catalogName, this.store);
  }

  /** Made at once, from the fragments committed now: the query reads the table as of its start. */
  getSplits(request: SplitRequest): ConnectorSplitSource {
    return fixedSplitSource(this.listSplits(request));
  }

  /**
   * Every split of a scan: the row ranges committed now, about `desiredSplits` of them by rows. A
   * large range is cut into parts (of at least MIN_SPLIT_ROWS); ranges on the same node are
   * gathered into one split until it holds its share of the rows.
   */
  listSplits(request: SplitRequest): MemorySplit[] {
    const table = this.metadata.requireTable(request.table);
    if (table.rowCount === 0 || request.constraint?.none === true) return [];
    const desired = Math.max(1, Math.floor(request.desiredSplits));
    const rowsPerSplit = Math.max(1, Math.ceil(table.rowCount / desired));
    const columns = table.columns.map((column) => column.name);
    const splits: MemorySplit[] = [];
    /** The split being filled on each node. */
    const open = new Map<string, { ranges: MemoryRowRange[]; rows: number }>();
    for (const fragment of table.fragments) {
      const { ranges, fragmentId, nodeId } = fragment;
      for (let r = 0; r < ranges.length; r += 2) {
        const start = ranges[r] as number;
        const rows = (ranges[r + 1] as number) - start;
        const parts = Math.max(1, Math.min(Math.floor(rows / MIN_SPLIT_ROWS), Math.round(rows / rowsPerSplit)));
        for (let part = 0; part < parts; part++) {
          const group = open.get(nodeId) ?? { ranges: [], rows: 0 };
          const rowStart = start + Math.floor((part * rows) / parts);
          const rowEnd = start + Math.floor(((part + 1) * rows) / parts);
          group.ranges.push({ fragmentId, rowStart, rowEnd });
          group.rows += rowEnd - rowStart;
          if (group.rows >= rowsPerSplit) {
            splits.push({ tableId: table.id, ranges: group.ranges, columns, addresses: [nodeId] });
            open.delete(nodeId);
          } else {
            open.set(nodeId, group);
          }
        }
      }
    }
    for (const [nodeId, group] of open) {
      splits.push({ tableId: table.id, ranges: group.ranges, columns, addresses: [nodeId] });
    }
    return splits;
  }

  /**
   * Scans (and writes) of a table run where its pages are: on the workers holding them, or here
   * when this node (the coordinator) holds them. A table without pages can go anywhere.
   */
  splitPlacement(scan: ScanTable): SplitPlacement {
    const nodes = this.metadata.dataNodes(scan.table);
    return nodes.includes(this.nodeId) ? COORDINATOR_ONLY : { kind: 'nodes', nodes };
  }

  createPageSource(request: PageSourceRequest): ConnectorPageSource {
    const split = asMemorySplit(request.split);
    const qualified = `${this.catalogName}.${request.table.schema}.${request.table.table}`;
    const channels = request.columns.map((name) => {
      const index = split.columns.indexOf(name);
      if (index < 0) throw new VivaceError('COLUMN_NOT_FOUND', `Column '${name}' not found in table '${qualified}'`);
      return index;
    });
    const pages: Page[] = [];
    for (const range of split.ranges) {
      this.store.readRows(this.storedFragment(split, range, qualified), range.rowStart, range.rowEnd, pages);
    }
    return new MemoryPageSource(pages, channels);
  }

  /** The fragment holding one range of `split`, on this node. */
  private storedFragment(split: MemorySplit, range: MemoryRowRange, qualified: string): StoredFragment {
    const stored = this.store.get(split.tableId, range.fragmentId);
    if (stored === undefined && this.store.wrote(range.fragmentId)) {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified}' was dropped while being read`);
    }
    if (stored === undefined && split.addresses.includes(this.nodeId)) {
      throw new VivaceError(
        'GENERIC_INTERNAL_ERROR',
        `Data of table '${qualified}' held by ${this.nodeId} was lost: the node restarted since it was written`,
      );
    }
    if (stored === undefined) {
      throw new VivaceError(
        'GENERIC_INTERNAL_ERROR',
        `Data of table '${qualified}' is held by ${split.addresses.join(', ')}, not by ${this.nodeId}`,
      );
    }
    if (range.rowEnd > stored.rows || range.rowStart < 0 || range.rowStart > range.rowEnd) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Split ${JSON.stringify(split)} is outside table '${qualified}'`);
    }
    return stored;
  }

  /** Made on the coordinator: what a sink on any node needs to write the table. */
  async insertHandle(target: { readonly table: SchemaTableName }): Promise<unknown> {
    return this.currentInsertHandle(target.table);
  }

  private currentInsertHandle(name: SchemaTableName): unknown {
    const table = this.metadata.requireTable(name);
    return createInsertHandle(
      table.id,
      this.metadata.instance,
      `${this.catalogName}.${table.schema}.${table.name}`,
      table.columns,
      this.metadata.activeTables(),
    );
  }

  createPageSink(target: ConnectorInsertTarget): ConnectorPageSink {
    const handle = parseInsertHandle(target.handle ?? this.currentInsertHandle(target.table));
    this.store.retainOnly(handle.activeTableIds, handle.tableIdsBelow);
    return new MemoryPageSink(this.store, handle, target.columns);
  }

  async finishInsert(target: ConnectorInsertTarget, fragments: readonly unknown[]): Promise<void> {
    try {
      this.metadata.commitInsert(target.table, asWriteFragments(fragments));
    } catch (e) {
      this.discardFragments(fragments);
      throw e;
    }
  }

  /**
   * Discards the pages of sinks whose write will not be committed, where this node holds them.
   * A worker's share of such a write is forgotten with its table record (clean-up on its next
   * write): a worker's own failed sinks discard their pages at once.
   */
  async abortInsert(fragments: readonly unknown[]): Promise<void> {
    this.discardFragments(fragments);
  }

  private discardFragments(fragments: readonly unknown[]): void {
    for (const fragment of fragments) {
      const value = fragment as Partial<MemoryWriteFragment> | null;
      if (
        value?.nodeId === this.nodeId &&
        typeof value.fragmentId === 'string' &&
        value.tableId !== undefined &&
        value.write !== undefined &&
        value.rowStart !== undefined &&
        value.rowEnd !== undefined
      ) {
        this.store.discard(value.tableId, value.fragmentId, value.write, value.rowStart, value.rowEnd);
      }
    }
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
