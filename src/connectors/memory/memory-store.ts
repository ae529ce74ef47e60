/**
 * The pages of memory tables held by this node, as Presto's MemoryPagesStore. Every node — the
 * coordinator without workers, each worker in a cluster — has one store per memory catalog; the
 * coordinator's metadata (memory-metadata.ts) knows which node holds which rows of a table.
 *
 * A fragment is a run of rows of one table record, in pages, keyed by a fragment id unique across
 * the cluster's lifetime (node id, a per-process instance id, a counter — a restarted worker never
 * reuses an id, so a split naming a fragment its holder lost fails instead of reading other data).
 * Writes append to it: each page sink has the table's *tail* fragment to itself while it writes
 * (a second concurrent sink opens a fragment of its own), so one write is one run of rows
 * [firstRow, rows) and the coordinator commits row ranges, not fragments. Small pages at the end
 * are merged as they arrive, as a counter in base 8 carries: eight trailing pages of one size class
 * (under 8 rows, under 64, under 512) become one page of the next — so a row is copied at most
 * three times, a bulk write of small pages (a selective filter's) at most twice, and a table
 * filled by thousands of single-row INSERTs is pages of 512 rows or more plus at most 21 small
 * ones: a scan of it costs about what a scan of one INSERT of those rows costs. (Before, every INSERT was a fragment of its own, every split carried a range per INSERT
 * and every scan gathered a thousand one-row pages again.) Merging keeps row numbers, the only
 * thing splits name; readers take the pages they need when they start (`readRows`), so a later
 * merge does not move rows under them.
 *
 * A row is only read once a commit on the coordinator names it in a split, so writing needs no
 * visibility protocol here. An aborted write is cut off the fragment's end while it is still the
 * last write there (and the fragment is then sealed: it never grows again, so "holds rows up to
 * rowEnd" stays a faithful test of a write's presence); otherwise its rows stay, never named by a
 * commit, until the table record is dropped.
 *
 * Bytes are accounted when a page is appended (within `memory.max-data-per-node`, as in Presto)
 * and released when rows are cut off, their table dropped, or their table record retired by a
 * rewrite (the pages stay readable for scans still running until the record is forgotten).
 */
import { randomUUID } from 'node:crypto';
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import { concatBlocks } from '../../data/block-copy.js';
import { createPage, getPageRegion, type Page, pageSizeInBytes } from '../../data/page.js';

/** Trailing pages of one size class merged at a time. */
const MERGE_FAN_IN = 8;
/** Pages of this many rows or more are never merged (8 pages under 512 rows make at most 4,088). */
const MERGED_BELOW_ROWS = 512;

/** 0 under 8 rows, 1 under 64, 2 under 512. */
function sizeClass(rows: number): number {
  return rows < 8 ? 0 : rows < 64 ? 1 : 2;
}

export interface StoredFragment {
  readonly tableId: number;
  /** The coordinator catalog instance that wrote it: only its writes append here. */
  readonly owner: string;
  readonly fragmentId: string;
  /** Pages in row order. */
  readonly pages: Page[];
  /** The first row of each page. */
  readonly firstRows: number[];
  /** Accounted bytes of each page. */
  readonly pageBytes: number[];
  rows: number;
  bytes: number;
  /** The write appending now, if any (one at a time). */
  writer: FragmentWrite | undefined;
  /** The last write opened here: only it may still be cut off. */
  lastWrite: number;
  /** Rows were cut off: no write appends here again. */
  sealed: boolean;
  /** Finished writes discarded without being cut off (their rows stay, never to be committed). */
  readonly discarded: Set<number>;
}

/** One page sink's run of rows in a fragment. */
export interface FragmentWrite {
  readonly fragment: StoredFragment;
  /** Store-wide number of the write. */
  readonly write: number;
  readonly firstRow: number;
  open: boolean;
}

interface StoredTable {
  readonly fragments: Map<string, StoredFragment>;
  /** The fragment the next write appends to, when no write is appending to it. */
  tail: StoredFragment | undefined;
  /** Its bytes no longer count against the limit (a rewrite replaced the record). */
  retired: boolean;
}

export class MemoryStore {
  private readonly tables = new Map<number, StoredTable>();
  private readonly instance = randomUUID().slice(0, 8);
  private nextFragment = 1;
  private nextWrite = 1;
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

  /**
   * Starts a write of table record `tableId` of catalog instance `owner`: at the end of its tail
   * fragment when that is free, else in a new one. A restarted coordinator numbers its records
   * from 1 again, so a tail left by an earlier one (another owner) is not appended to.
   */
  openWrite(tableId: number, owner: string): FragmentWrite {
    let table = this.tables.get(tableId);
    if (table === undefined) {
      table = { fragments: new Map(), tail: undefined, retired: false };
      this.tables.set(tableId, table);
    }
    let fragment = table.tail;
    if (fragment === undefined || fragment.writer !== undefined || fragment.sealed || fragment.owner !== owner) {
      fragment = {
        tableId,
        owner,
        fragmentId: `${this.nodeId}/${this.instance}/${this.nextFragment++}`,
        pages: [],
        firstRows: [],
        pageBytes: [],
        rows: 0,
        bytes: 0,
        writer: undefined,
        lastWrite: 0,
        sealed: false,
        discarded: new Set(),
      };
      table.fragments.set(fragment.fragmentId, fragment);
      table.tail = fragment;
    }
    const write: FragmentWrite = { fragment, write: this.nextWrite++, firstRow: fragment.rows, open: true };
    fragment.writer = write;
    fragment.lastWrite = write.write;
    return write;
  }

  /** Adds a page to an open write, within the node's limit for this catalog; answers its bytes. */
  append(write: FragmentWrite, page: Page): number {
    const fragment = write.fragment;
    if (!write.open || this.tables.get(fragment.tableId)?.fragments.get(fragment.fragmentId) !== fragment) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Memory fragment ${fragment.fragmentId} is no longer open`);
    }
    const bytes = pageSizeInBytes(page);
    if (this.usedBytes + bytes > this.maxBytes) {
      throw new VivaceError(
        'EXCEEDED_LOCAL_MEMORY_LIMIT',
        `Memory limit [${this.maxBytes}] for memory connector exceeded`,
      );
    }
    fragment.pages.push(page);
    fragment.firstRows.push(fragment.rows);
    fragment.pageBytes.push(bytes);
    fragment.rows += page.positionCount;
    this.account(fragment, bytes);
    this.mergeTail(fragment);
    return bytes;
  }

  /** Merges the last MERGE_FAN_IN pages while they are small and of one size class (and again, as a counter carries). */
  private mergeTail(fragment: StoredFragment): void {
    const { pages, pageBytes, firstRows } = fragment;
    for (;;) {
      const n = pages.length;
      if (n < MERGE_FAN_IN) return;
      const last = (pages[n - 1] as Page).positionCount;
      if (last >= MERGED_BELOW_ROWS) return;
      const size = sizeClass(last);
      let rows = 0;
      let bytes = 0;
      for (let p = n - MERGE_FAN_IN; p < n; p++) {
        const count = (pages[p] as Page).positionCount;
        if (count >= MERGED_BELOW_ROWS || sizeClass(count) !== size) return;
        rows += count;
        bytes += pageBytes[p] as number;
      }
      const merging = pages.slice(n - MERGE_FAN_IN);
      const merged = createPage(
        (merging[0] as Page).blocks.map((_, channel) =>
          concatBlocks(merging.map((page) => page.blocks[channel] as Block)),
        ),
        rows,
      );
      const mergedBytes = pageSizeInBytes(merged);
      this.account(fragment, mergedBytes - bytes);
      pages.splice(n - MERGE_FAN_IN, MERGE_FAN_IN, merged);
      pageBytes.splice(n - MERGE_FAN_IN, MERGE_FAN_IN, mergedBytes);
      firstRows.splice(n - MERGE_FAN_IN + 1, MERGE_FAN_IN - 1);
    }
  }

  private account(fragment: StoredFragment, bytes: number): void {
    fragment.bytes += bytes;
    if (this.tables.get(fragment.tableId)?.retired !== true) this.usedBytes += bytes;
  }

  /** Ends a write: its rows are [firstRow, rowEnd), and the fragment is free for the next write. */
  finishWrite(write: FragmentWrite): { readonly rowStart: number; readonly rowEnd: number } {
    const fragment = write.fragment;
    if (!write.open || this.tables.get(fragment.tableId)?.fragments.get(fragment.fragmentId) !== fragment) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Memory fragment ${fragment.fragmentId} was aborted`);
    }
    write.open = false;
    fragment.writer = undefined;
    const table = this.tables.get(fragment.tableId);
    if (table !== undefined && !fragment.sealed) table.tail = fragment;
    return { rowStart: write.firstRow, rowEnd: fragment.rows };
  }

  /** Drops the rows of a write that is still appending (a failed sink). */
  abortWrite(write: FragmentWrite): void {
    if (!write.open) return;
    write.open = false;
    write.fragment.writer = undefined;
    this.cutOff(write.fragment, write.firstRow);
  }

  /**
   * Drops the rows [rowStart, rowEnd) of a finished write that will not be committed, when they are
   * still the fragment's last rows and no write was opened after it; otherwise they stay, unnamed.
   */
  discard(tableId: number, fragmentId: string, write: number, rowStart: number, rowEnd: number): void {
    const fragment = this.get(tableId, fragmentId);
    if (fragment === undefined) return;
    if (fragment.writer === undefined && fragment.lastWrite === write && fragment.rows === rowEnd)
      this.cutOff(fragment, rowStart);
    else fragment.discarded.add(write);
  }

  /** Removes the rows from `firstRow` on; the fragment is sealed, or forgotten when nothing is left. */
  private cutOff(fragment: StoredFragment, firstRow: number): void {
    const table = this.tables.get(fragment.tableId);
    if (table === undefined || table.fragments.get(fragment.fragmentId) !== fragment) return;
    if (firstRow === 0) {
      table.fragments.delete(fragment.fragmentId);
      if (table.tail === fragment) table.tail = undefined;
      if (!table.retired) this.usedBytes -= fragment.bytes;
      return;
    }
    const { pages, firstRows, pageBytes } = fragment;
    while (pages.length > 0 && (firstRows[firstRows.length - 1] as number) >= firstRow) {
      pages.pop();
      firstRows.pop();
      this.account(fragment, -(pageBytes.pop() as number));
    }
    const last = pages.length - 1;
    const kept = firstRow - (firstRows[last] as number);
    if (last >= 0 && kept < (pages[last] as Page).positionCount) {
      // The write's first rows were merged into a page with earlier ones: keep that page's start.
      const prefix = getPageRegion(pages[last] as Page, 0, kept);
      const bytes = pageSizeInBytes(prefix);
      this.account(fragment, bytes - (pageBytes[last] as number));
      pages[last] = prefix;
      pageBytes[last] = bytes;
    }
    fragment.rows = firstRow;
    fragment.sealed = true;
    if (table.tail === fragment) table.tail = undefined;
  }

  /** Whether this process wrote the fragment (a restarted node has lost the fragments of its earlier run). */
  wrote(fragmentId: string): boolean {
    return fragmentId.startsWith(`${this.nodeId}/${this.instance}/`);
  }

  get(tableId: number, fragmentId: string): StoredFragment | undefined {
    return this.tables.get(tableId)?.fragments.get(fragmentId);
  }

  /** Whether the fragment holds the rows of write `write`, up to `rowEnd` (finished, neither cut off nor discarded). */
  holds(tableId: number, fragmentId: string, write: number, rowEnd: number): boolean {
    const fragment = this.get(tableId, fragmentId);
    return fragment !== undefined && fragment.rows >= rowEnd && !fragment.discarded.has(write);
  }

  /**
   * Rows [rowStart, rowEnd) of a fragment as pages (sharing its blocks; the first and last cut to
   * the range), taken now: merges after this do not affect them.
   */
  readRows(fragment: StoredFragment, rowStart: number, rowEnd: number, into: Page[]): void {
    const { pages, firstRows } = fragment;
    // The last page starting at or before rowStart.
    let low = 0;
    let high = pages.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((firstRows[middle] as number) <= rowStart) low = middle;
      else high = middle - 1;
    }
    for (let p = low; p < pages.length; p++) {
      const page = pages[p] as Page;
      const first = firstRows[p] as number;
      if (first >= rowEnd) break;
      const from = Math.max(rowStart, first) - first;
      const to = Math.min(rowEnd, first + page.positionCount) - first;
      if (to > from) into.push(getPageRegion(page, from, to - from));
    }
  }

  /** Stops counting a table record's bytes; its pages stay readable until `drop`. */
  retire(tableId: number): void {
    const table = this.tables.get(tableId);
    if (table === undefined || table.retired) return;
    for (const fragment of table.fragments.values()) this.usedBytes -= fragment.bytes;
    table.retired = true;
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
