/**
 * The pages of memory tables held by this node, as Presto's MemoryPagesStore. Every node — the
 * coordinator without workers, each worker in a cluster — has one store per memory catalog; the
 * coordinator's metadata (memory-metadata.ts) knows which node holds which fragment of a table.
 *
 * A fragment is what one page sink wrote: its pages in table column order, keyed by the table
 * record it was written for and a fragment id unique across the cluster's lifetime (node id, a
 * per-process instance id, a counter — a restarted worker never reuses an id, so a split naming a
 * fragment its holder lost fails instead of reading other data). A fragment is only read once a
 * commit on the coordinator names it in a split, so writing needs no visibility protocol here.
 *
 * Bytes are accounted when a page is appended (within `memory.max-data-per-node`, as in Presto)
 * and released when a fragment is discarded, its table dropped, or its table record retired by a
 * rewrite (the pages stay readable for scans still running until the record is forgotten).
 */
import { randomUUID } from 'node:crypto';
import { VivaceError } from '../../common/vivace-error.js';
import type { Page } from '../../data/page.js';

export interface StoredFragment {
  readonly tableId: number;
  readonly fragmentId: string;
  readonly pages: Page[];
  rows: number;
  bytes: number;
}

interface StoredTable {
  readonly fragments: Map<string, StoredFragment>;
  /** Its bytes no longer count against the limit (a rewrite replaced the record). */
  retired: boolean;
}

export class MemoryStore {
  private readonly tables = new Map<number, StoredTable>();
  private readonly instance = randomUUID().slice(0, 8);
  private nextFragment = 1;
  private usedBytes = 0;

  constructor(
    readonly nodeId: string,
    readonly maxBytes: number,
  ) {}

  get bytesInUse(): number {
    return this.usedBytes;
  }

  /** Fragments held, over all tables. */
  get fragmentCount(): number {
    let count = 0;
    for (const table of this.tables.values()) count += table.fragments.size;
    return count;
  }

  /** Opens an empty fragment of table record `tableId` for a page sink. */
  open(tableId: number): StoredFragment {
    let table = this.tables.get(tableId);
    if (table === undefined) {
      table = { fragments: new Map(), retired: false };
      this.tables.set(tableId, table);
    }
    const fragment: StoredFragment = {
      tableId,
      fragmentId: `${this.nodeId}/${this.instance}/${this.nextFragment++}`,
      pages: [],
      rows: 0,
      bytes: 0,
    };
    table.fragments.set(fragment.fragmentId, fragment);
    return fragment;
  }

  /** Adds a page to an open fragment, within the node's limit for this catalog. */
  append(fragment: StoredFragment, page: Page, bytes: number): void {
    if (this.tables.get(fragment.tableId)?.fragments.get(fragment.fragmentId) !== fragment) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Memory fragment ${fragment.fragmentId} is no longer open`);
    }
    if (this.usedBytes + bytes > this.maxBytes) {
      throw new VivaceError(
        'EXCEEDED_LOCAL_MEMORY_LIMIT',
        `Memory limit [${this.maxBytes}] for memory connector exceeded`,
      );
    }
    this.usedBytes += bytes;
    fragment.pages.push(page);
    fragment.rows += page.positionCount;
    fragment.bytes += bytes;
  }

  /** Whether this process wrote the fragment (a restarted node has lost the fragments of its earlier run). */
  wrote(fragmentId: string): boolean {
    return fragmentId.startsWith(`${this.nodeId}/${this.instance}/`);
  }

  get(tableId: number, fragmentId: string): StoredFragment | undefined {
    return this.tables.get(tableId)?.fragments.get(fragmentId);
  }

  /** Drops one fragment (an aborted or uncommitted write); a no-op when it is gone already. */
  discard(tableId: number, fragmentId: string): void {
    const table = this.tables.get(tableId);
    const fragment = table?.fragments.get(fragmentId);
    if (table === undefined || fragment === undefined) return;
    table.fragments.delete(fragmentId);
    if (!table.retired) this.usedBytes -= fragment.bytes;
  }

  /** Stops counting a table record's bytes; its pages stay readable until `drop`. */
  retire(tableId: number): void {
    const table = this.tables.get(tableId);
    if (table === undefined || table.retired) return;
    table.retired = true;
    for (const fragment of table.fragments.values()) this.usedBytes -= fragment.bytes;
  }

  /** Forgets a table record's pages. */
  drop(tableId: number): void {
    this.retire(tableId);
    this.tables.delete(tableId);
  }

  /**
   * Forgets every table record the coordinator no longer knows (dropped, or long replaced): the
   * ids below `idsBelow` that are not in `activeTableIds`. Records made after the coordinator
   * took that snapshot have ids at or above `idsBelow` and are left alone.
   */
  retainOnly(activeTableIds: ReadonlySet<number>, idsBelow: number): void {
    for (const tableId of [...this.tables.keys()]) {
      if (tableId < idsBelow && !activeTableIds.has(tableId)) this.drop(tableId);
    }
  }
}
