/**
 * Caps the number of rows in the pages a pipeline starts from (the `maxPageRows` option of the
 * local planner). Tests run whole query suites with 1-row pages this way, which exercises every
 * operator's page-boundary handling (state carried across pages, partial groups, join probes
 * resumed mid-page) that large default pages would hide. Slices share the source's typed arrays.
 */
import { getPageRegion, type Page } from '../data/page.js';
import type { CountedPageSource } from './metered-page-source.js';

/** `page` cut into consecutive regions of at most `maxRows` rows (the page itself when it fits). */
export function slicePage(page: Page, maxRows: number): Page[] {
  if (page.positionCount <= maxRows) return [page];
  const slices: Page[] = [];
  for (let start = 0; start < page.positionCount; start += maxRows) {
    slices.push(getPageRegion(page, start, Math.min(maxRows, page.positionCount - start)));
  }
  return slices;
}

/** A page source handing out its delegate's pages in regions of at most `maxRows` rows. */
export class SlicingPageSource implements CountedPageSource {
  private current: Page | null = null;
  private offset = 0;

  constructor(
    private readonly delegate: CountedPageSource,
    private readonly maxRows: number,
  ) {}

  getNextPage(): Page | null {
    if (this.current === null) {
      const page = this.delegate.getNextPage();
      if (page === null || page.positionCount <= this.maxRows) return page;
      this.current = page;
      this.offset = 0;
    }
    const page = this.current;
    const length = Math.min(this.maxRows, page.positionCount - this.offset);
    const slice = getPageRegion(page, this.offset, length);
    this.offset += length;
    if (this.offset >= page.positionCount) this.current = null;
    return slice;
  }

  isFinished(): boolean {
    return this.current === null && this.delegate.isFinished();
  }

  isBlocked(): Promise<void> | undefined {
    return this.current === null ? this.delegate.isBlocked?.() : undefined;
  }

  get completedBytes(): number {
    return this.delegate.completedBytes;
  }

  get completedPositions(): number {
    return this.delegate.completedPositions;
  }

  get readTimeNanos(): number {
    return this.delegate.readTimeNanos;
  }

  close(): void {
    this.current = null;
    this.delegate.close();
  }
}
