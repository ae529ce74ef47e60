/**
 * Writes into memory tables. Each page sink buffers its pages in a pending write of its own,
 * invisible to readers; `finish` turns it into a fragment (plain JSON naming the write), and
 * `commit` publishes every fragment of one INSERT at once: all their pages become visible with a
 * single version bump, or — if any fragment is unknown or the table was dropped meanwhile — none
 * do and the pending pages are discarded. An aborted sink discards its pages at once.
 *
 * Bytes are accounted when a page is buffered (pending and committed data together must stay
 * within `memory.max-data-per-node`, as in Presto) and released on abort, discard or DROP.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Page } from '../../data/page.js';
import type { ConnectorInsertTarget } from '../../spi/connector.js';
import type { MemoryMetadata, MemoryTable } from './memory-metadata.js';

/** What a finished sink hands to `finishInsert`. */
export interface MemoryWriteFragment {
  readonly writeId: string;
  readonly tableId: number;
  /** The node holding the pages (where the sink ran). */
  readonly nodeId: string;
  readonly rows: number;
  readonly pages: number;
}

export interface PendingWrite {
  readonly writeId: string;
  readonly tableId: number;
  readonly pages: Page[];
  rows: number;
  bytes: number;
  finished: boolean;
}

export class MemoryWrites {
  private readonly pending = new Map<string, PendingWrite>();
  private nextWriteId = 1;
  /** Committed plus pending bytes. */
  private usedBytes = 0;

  constructor(
    private readonly metadata: MemoryMetadata,
    readonly nodeId: string,
    readonly maxBytes: number,
  ) {}

  get bytesInUse(): number {
    return this.usedBytes;
  }

  get pendingWriteCount(): number {
    return this.pending.size;
  }

  begin(table: MemoryTable): PendingWrite {
    const write: PendingWrite = {
      writeId: `${this.nodeId}/${this.nextWriteId++}`,
      tableId: table.id,
      pages: [],
      rows: 0,
      bytes: 0,
      finished: false,
    };
    this.pending.set(write.writeId, write);
    return write;
  }

  /** Buffers a page into a pending write, within the connector's memory limit. */
  append(write: PendingWrite, page: Page, bytes: number): void {
    if (this.pending.get(write.writeId) !== write || write.finished) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Memory write ${write.writeId} is no longer open`);
    }
    if (this.usedBytes + bytes > this.maxBytes) {
      throw new VivaceError(
        'EXCEEDED_LOCAL_MEMORY_LIMIT',
        `Memory limit [${this.maxBytes}] for memory connector exceeded`,
      );
    }
    this.usedBytes += bytes;
    write.pages.push(page);
    write.rows += page.positionCount;
    write.bytes += bytes;
  }

  finish(write: PendingWrite): MemoryWriteFragment {
    if (this.pending.get(write.writeId) !== write) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Memory write ${write.writeId} was aborted`);
    }
    write.finished = true;
    return {
      writeId: write.writeId,
      tableId: write.tableId,
      nodeId: this.nodeId,
      rows: write.rows,
      pages: write.pages.length,
    };
  }

  /** Drops a pending write and its pages (a no-op when it is already gone). */
  discard(writeId: string): void {
    const write = this.pending.get(writeId);
    if (write === undefined) return;
    this.pending.delete(writeId);
    this.usedBytes -= write.bytes;
  }

  /** Discards the pending writes named by fragments of a failed or abandoned INSERT. */
  discardFragments(fragments: readonly unknown[]): void {
    for (const fragment of fragments) {
      const writeId = (fragment as Partial<MemoryWriteFragment> | null)?.writeId;
      if (typeof writeId === 'string') this.discard(writeId);
    }
  }

  /** Makes the pages of every fragment visible in the target table at once, or none of them. */
  commit(target: ConnectorInsertTarget, fragments: readonly unknown[]): void {
    const writes: PendingWrite[] = [];
    try {
      const table = this.metadata.requireTable(target.table);
      const seen = new Set<string>();
      for (const fragment of fragments) {
        const writeId = (fragment as Partial<MemoryWriteFragment> | null)?.writeId;
        const write = typeof writeId === 'string' && !seen.has(writeId) ? this.pending.get(writeId) : undefined;
        if (write === undefined || !write.finished) {
          throw new VivaceError(
            'GENERIC_INTERNAL_ERROR',
            `Unknown or unfinished memory write: ${JSON.stringify(fragment)}`,
          );
        }
        if (write.tableId !== table.id) {
          // Dropped and re-created, or rewritten (DELETE, UPDATE, ALTER) while this write ran.
          throw new VivaceError(
            'TRANSACTION_CONFLICT',
            `Table '${this.metadata.catalogName}.${table.schema}.${table.name}' was changed by another statement during the write; run it again`,
          );
        }
        seen.add(write.writeId);
        writes.push(write);
      }
      for (const write of writes) {
        for (const page of write.pages) table.pages.push(page);
        table.rowCount += write.rows;
        table.bytes += write.bytes;
        this.pending.delete(write.writeId);
      }
      table.version++;
    } catch (e) {
      this.discardFragments(fragments);
      throw e;
    }
  }

  /** Counts the bytes of a table's new contents (a rewrite). */
  tableAdded(table: MemoryTable): void {
    this.usedBytes += table.bytes;
  }

  /** Releases the bytes of a dropped table. */
  tableDropped(table: MemoryTable): void {
    this.usedBytes -= table.bytes;
  }
}
