/**
 * A page source for test connectors: one page of BIGINT values (or of row counts only when no
 * column is read), then finished.
 */
import { blockOf } from '../../src/data/block-builder.js';
import { createPage, type Page } from '../../src/data/page.js';
import type { ConnectorPageSource } from '../../src/spi/connector.js';
import { BIGINT } from '../../src/types/type.js';

export class BigintPageSource implements ConnectorPageSource {
  private page: Page | null;

  constructor(values: readonly number[], columns: number) {
    this.page = createPage(columns === 0 ? [] : [blockOf(BIGINT, [...values])], values.length);
  }

  getNextPage(): Page | null {
    const page = this.page;
    this.page = null;
    return page;
  }

  isFinished(): boolean {
    return this.page === null;
  }

  close(): void {
    this.page = null;
  }
}
