/**
 * Reads one memory split: the committed pages [pageStart, pageEnd) of a table as they were when
 * the split was made (pages are only ever appended, so later commits do not show up), one page
 * per call, restricted to the requested columns. A limit stops it early.
 */
import { createPage, getPageRegion, type Page, pageSizeInBytes, selectChannels } from '../../data/page.js';
import type { ConnectorPageSource } from '../../spi/connector.js';

export class MemoryPageSource implements ConnectorPageSource {
  private next: number;
  private remainingRows: number;
  private finished: boolean;
  completedBytes = 0;
  completedPositions = 0;

  constructor(
    private readonly pages: readonly Page[],
    pageStart: number,
    private readonly pageEnd: number,
    /** Table column index of each output channel. */
    private readonly channels: readonly number[],
    limit?: number,
  ) {
    this.next = pageStart;
    this.remainingRows = limit ?? Number.POSITIVE_INFINITY;
    this.finished = pageStart >= pageEnd || this.remainingRows <= 0;
  }

  getNextPage(): Page | null {
    if (this.finished) return null;
    const stored = this.pages[this.next++]!;
    if (this.next >= this.pageEnd) this.finished = true;
    let page =
      this.channels.length === 0 ? createPage([], stored.positionCount) : selectChannels(stored, this.channels);
    this.completedPositions += page.positionCount;
    this.completedBytes += pageSizeInBytes(page);
    if (page.positionCount >= this.remainingRows) {
      page = getPageRegion(page, 0, this.remainingRows);
      this.finished = true;
    }
    this.remainingRows -= page.positionCount;
    return page;
  }

  isFinished(): boolean {
    return this.finished;
  }

  close(): void {
    this.finished = true;
  }
}
