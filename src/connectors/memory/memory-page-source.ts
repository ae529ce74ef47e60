/**
 * Reads one memory split: the committed rows of its ranges, as pages taken from the store when
 * the split starts (rows are only ever appended, and merging keeps row numbers, so later writes
 * do not show up), restricted to the requested columns. The engine counts the rows and enforces
 * a scan's limit (closing the source once it is reached).
 *
 * Runs of small pages come out as one page: every page costs each operator above the scan a call.
 * The store merges a fragment's small pages as they are written (memory-store.ts), but a split
 * gathering the ranges of many fragments, or a range cut from the middle of one, can still bring
 * several small pages together.
 */
import type { Block } from '../../data/block.js';
import { concatBlocks } from '../../data/block-copy.js';
import { createPage, type Page, selectChannels } from '../../data/page.js';
import type { ConnectorPageSource } from '../../spi/connector.js';

/** A stored page this small is gathered with the small pages after it... */
const SMALL_PAGE_ROWS = 1024;
/** ...until the gathered page holds this many rows (or this many pages). */
const GATHERED_PAGE_ROWS = 8192;
const MAX_GATHERED_PAGES = 1024;

export class MemoryPageSource implements ConnectorPageSource {
  private next = 0;
  private finished: boolean;

  constructor(
    /** The split's rows, in table column order. */
    private readonly pages: readonly Page[],
    /** Table column index of each output channel. */
    private readonly channels: readonly number[],
  ) {
    this.finished = pages.length === 0;
  }

  getNextPage(): Page | null {
    if (this.finished) return null;
    const first = this.pages[this.next++] as Page;
    let end = this.next;
    let rows = first.positionCount;
    if (rows < SMALL_PAGE_ROWS) {
      for (; end < this.pages.length && end - this.next < MAX_GATHERED_PAGES - 1; end++) {
        const count = (this.pages[end] as Page).positionCount;
        if (count >= SMALL_PAGE_ROWS || rows + count > GATHERED_PAGE_ROWS) break;
        rows += count;
      }
    }
    const gathered = this.pages.slice(this.next - 1, end);
    this.next = end;
    if (this.next >= this.pages.length) this.finished = true;
    if (this.channels.length === 0) return createPage([], rows);
    if (gathered.length === 1) return selectChannels(first, this.channels);
    return createPage(
      this.channels.map((channel) => concatBlocks(gathered.map((page) => page.blocks[channel] as Block))),
      rows,
    );
  }

  isFinished(): boolean {
    return this.finished;
  }

  close(): void {
    this.finished = true;
  }
}
