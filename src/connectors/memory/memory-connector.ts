/**
 * The memory connector: tables held as pages in the memory of the nodes that wrote them, as
 * Presto's memory catalog. Metadata and DDL live on the coordinator (memory-metadata.ts); pages
 * live in each node's store (memory-store.ts), written by page sinks wherever the writers run
 * (memory-page-sink.ts) — on the workers in a cluster, in the coordinator's own process without
 * workers. A split is one or more page ranges of committed fragments held by one node, named in
 * `addresses` so the scheduler reads it there; it also carries the table's column names, since
 * the reading node has no metadata. Small fragments of one node share a split: a table filled by
 * thousands of single-row INSERTs has thousands of one-page fragments, and a split (and a
 * scheduler round trip) for each made every scan of it cost seconds. Splits are made from the fragments committed when the query
 * starts, so a query reads the table as it was then even while an INSERT commits.
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
import { type MemoryFragment, MemoryMetadata } from './memory-metadata.js';
import { MemoryPageSink, type MemoryWriteFragment } from './memory-page-sink.js';
import { MemoryPageSource } from './memory-page-source.js';
import { MemoryStore } from './memory-store.js';

export const MEMORY_MAX_DATA_PROPERTY = 'memory.max-data-per-node';
export const DEFAULT_MEMORY_MAX_DATA_BYTES = 128 * 1024 * 1024;

/** Pages [pageStart, pageEnd) of one fragment of a table record. */
export interface MemoryPageRange {
  readonly fragmentId: string;
  readonly pageStart: number;
  readonly pageEnd: number;
}

/** The JSON form of a memory split: page ranges of fragments of one table record, all on one node. */
export interface MemorySplit extends ConnectorSplit {
  readonly tableId: number;
  readonly ranges: readonly MemoryPageRange[];
  /** The table's column names in page order when the split was made. */
  readonly columns: readonly string[];
  readonly addresses: readonly string[];
}

export interface MemoryConnectorOptions {
  /** The id of the node this connector instance runs on (where its sinks' pages are). */
  readonly nodeId: string;
  readonly maxDataBytes?: number;
}

function isPageRange(value: unknown): value is MemoryPageRange {
  const range = value as Partial<MemoryPageRange> | null;
  return (
    range !== null &&
    typeof range === 'object' &&
    typeof range.fragmentId === 'string' &&
    Number.isSafeInteger(range.pageStart) &&
    Number.isSafeInteger(range.pageEnd)
  );
}

function asMemorySplit(split: ConnectorSplit): MemorySplit {
  const { tableId, ranges, columns } = split;
  if (
    !Number.isSafeInteger(tableId) ||
    !Array.isArray(ranges) ||
    ranges.length === 0 ||
    !ranges.every(isPageRange) ||
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
      !Number.isSafeInteger(value.rows) ||
      !Number.isSafeInteger(value.pages)
    ) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not a memory write fragment: ${JSON.stringify(fragment)}`);
    }
    return value as MemoryWriteFragment;
  });
}

/** How many splits each fragment gets: about `desired` in all, by rows, at most one per page. */
function splitCounts(fragments: readonly MemoryFragment[], rowCount: number, desired: number): number[] {
  return fragments.map((fragment) =>
    Math.max(1, Math.min(fragment.pages, Math.round((desired * fragment.rows) / Math.max(1, rowCount)))),
  );
}

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
   * Every split of a scan: page ranges of the fragments committed now, about `desiredSplits` of
   * them by rows. A large fragment is cut into several ranges; ranges of small fragments on the
   * same node are gathered into one split until it holds its share of the rows.
   */
  listSplits(request: SplitRequest): MemorySplit[] {
    const table = this.metadata.requireTable(request.table);
    if (table.fragments.length === 0 || request.constraint?.none === true) return [];
    const desired = Math.max(1, Math.floor(request.desiredSplits));
    const counts = splitCounts(table.fragments, table.rowCount, desired);
    const rowsPerSplit = Math.max(1, Math.ceil(table.rowCount / desired));
    const columns = table.columns.map((column) => column.name);
    const splits: MemorySplit[] = [];
    /** The split being filled on each node. */
    const open = new Map<string, { ranges: MemoryPageRange[]; rows: number }>();
    const close = (nodeId: string, ranges: MemoryPageRange[]) =>
      splits.push({ tableId: table.id, ranges, columns, addresses: [nodeId] });
    table.fragments.forEach((fragment, i) => {
      const count = counts[i];
      for (let part = 0; part < count; part++) {
        const group = open.get(fragment.nodeId) ?? { ranges: [], rows: 0 };
        group.ranges.push({
          fragmentId: fragment.fragmentId,
          pageStart: Math.floor((part * fragment.pages) / count),
          pageEnd: Math.floor(((part + 1) * fragment.pages) / count),
        });
        group.rows += fragment.rows / count;
        if (group.rows >= rowsPerSplit) {
          close(fragment.nodeId, group.ranges);
          open.delete(fragment.nodeId);
        } else {
          open.set(fragment.nodeId, group);
        }
      }
    });
    for (const [nodeId, group] of open) close(nodeId, group.ranges);
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
    // Fields named, not spread: spreading each JSON-parsed range cost 240 ns, a table filled by
    // single-row INSERTs has a range a row.
    const ranges = split.ranges.map((range) => ({
      fragmentId: range.fragmentId,
      pageStart: range.pageStart,
      pageEnd: range.pageEnd,
      pages: this.storedPages(split, range, qualified),
    }));
    return new MemoryPageSource(ranges, channels);
  }

  /** The pages of one range of `split`, held by this node. */
  private storedPages(split: MemorySplit, range: MemoryPageRange, qualified: string): readonly Page[] {
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
    if (range.pageEnd > stored.pages.length || range.pageStart > range.pageEnd) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Split ${JSON.stringify(split)} is outside table '${qualified}'`);
    }
    return stored.pages;
  }

  /** Made on the coordinator: what a sink on any node needs to write the table. */
  async insertHandle(target: { readonly table: SchemaTableName }): Promise<unknown> {
    return this.currentInsertHandle(target.table);
  }

  private currentInsertHandle(name: SchemaTableName): unknown {
    const table = this.metadata.requireTable(name);
    return createInsertHandle(
      table.id,
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
      if (value?.nodeId === this.nodeId && typeof value.fragmentId === 'string' && value.tableId !== undefined) {
        this.store.discard(value.tableId, value.fragmentId);
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
