/**
 * Reads one memory split: the committed pages [pageStart, pageEnd) of each of its ranges (of one
 * or more fragments of a table) as they were when the split was made (pages are only ever
 * appended, so later commits do not show up), one page per call, restricted to the requested
 * columns. The engine counts the rows and enforces a scan's limit (closing the source once it is
 * reached).
 */
import { createPage, type Page, selectChannels } from '../../data/page.js';
import type { ConnectorPageSource } from '../../spi/connector.js';

/** Pages [pageStart, pageEnd) of `pages` (one fragment's). */
export interface StoredPageRange {
  readonly pages: readonly Page[];
  readonly pageStart: number;
  readonly pageEnd: number;
}

export class MemoryPageSource implements ConnectorPageSource {
  private range = 0;
  private next: number;
  private finished = false;

  constructor(
    private readonly ranges: readonly StoredPageRange[],
    /** Table column index of each output channel. */
    private readonly channels: readonly number[],
  ) {
    this.next = ranges[0]?.pageStart ?? 0;
    this.skipEmptyRanges();
  }

  /** Moves to the first range (from the current one) with a page left; finished when there is none. */
  private skipEmptyRanges(): void {
    for (;;) {
      const current = this.ranges[this.range];
      if (current === undefined) {
        this.finished = true;
        return;
      }
      if (this.next < current.pageEnd) return;
      this.range++;
      this.next = this.ranges[this.range]?.pageStart ?? 0;
    }
  }

  getNextPage(): Page | null {
    if (this.finished) return null;
    const current = this.ranges[this.range];
    const stored = current?.pages[this.next++];
    this.skipEmptyRanges();
    if (stored === undefined) return null;
    return this.channels.length === 0 ? createPage([], stored.positionCount) : selectChannels(stored, this.channels);
  }

  isFinished(): boolean {
    return this.finished;
  }

  close(): void {
    this.finished = true;
  }
}
