/**
 * Reads one memory split: the committed pages [pageStart, pageEnd) of a table as they were when
 * the split was made (pages are only ever appended, so later commits do not show up), one page
 * per call, restricted to the requested columns. The engine counts the rows and enforces a
 * scan's limit (closing the source once it is reached).
 */
import { createPage, type Page, selectChannels } from '../../data/page.js';
import type { ConnectorPageSource } from '../../spi/connector.js';

export class MemoryPageSource implements ConnectorPageSource {
  private next: number;
  private finished: boolean;

  constructor(
    private readonly pages: readonly Page[],
    pageStart: number,
    private readonly pageEnd: number,
    /** Table column index of each output channel. */
    private readonly channels: readonly number[],
  ) {
    this.next = pageStart;
    this.finished = pageStart >= pageEnd;
  }

  getNextPage(): Page | null {
    if (this.finished) return null;
    const stored = this.pages[this.next++];
    if (this.next >= this.pageEnd) this.finished = true;
    return this.channels.length === 0 ? createPage([], stored.positionCount) : selectChannels(stored, this.channels);
  }

  isFinished(): boolean {
    return this.finished;
  }

  close(): void {
    this.finished = true;
  }
}
