/**
 * The engine's wrapper around every connector page source: it counts what the source produced —
 * rows, and bytes (the connector's own count of bytes read from storage when it keeps one, the
 * pages' in-memory size otherwise) — as the scan's raw input statistics, and it enforces the
 * scan's limit: once that many rows are out, the last page is cut and the connector's source is
 * closed. Connectors therefore neither count nor cut, and one that ignores the limit (a hint to
 * it) is still correct.
 */
import { getPageRegion, type Page, pageSizeInBytes } from '../data/page.js';
import type { ConnectorPageSource } from '../spi/connector.js';

/** A page source with the counts the scan operator reports (this wrapper, and wrappers over it). */
export interface CountedPageSource extends ConnectorPageSource {
  /** Bytes read so far. */
  readonly completedBytes: number;
  /** Rows read so far (before the limit cut them). */
  readonly completedPositions: number;
  /** The connector's `readTimeNanos` (0 for sources that do all their work in `getNextPage`). */
  readonly readTimeNanos: number;
}

export class MeteredPageSource implements CountedPageSource {
  completedBytes = 0;
  completedPositions = 0;
  private remainingRows: number;
  private done = false;

  constructor(
    private readonly delegate: ConnectorPageSource,
    limit?: number,
  ) {
    this.remainingRows = limit ?? Number.POSITIVE_INFINITY;
    if (this.remainingRows <= 0) this.finish();
  }

  getNextPage(): Page | null {
    if (this.done) return null;
    const storageBytesBefore = this.delegate.completedBytes;
    let page = this.delegate.getNextPage();
    if (page === null) return null;
    this.completedPositions += page.positionCount;
    const storageBytes = this.delegate.completedBytes;
    this.completedBytes +=
      storageBytes === undefined ? pageSizeInBytes(page) : storageBytes - (storageBytesBefore ?? 0);
    if (page.positionCount >= this.remainingRows) {
      page = getPageRegion(page, 0, this.remainingRows);
      this.finish();
    }
    this.remainingRows -= page.positionCount;
    return page;
  }

  /** The limit is reached: the connector's source is done with. */
  private finish(): void {
    this.done = true;
    this.delegate.close();
  }

  get readTimeNanos(): number {
    return this.delegate.readTimeNanos ?? 0;
  }

  isFinished(): boolean {
    return this.done || this.delegate.isFinished();
  }

  isBlocked(): Promise<void> | undefined {
    return this.done ? undefined : this.delegate.isBlocked?.();
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    this.delegate.close();
  }
}
