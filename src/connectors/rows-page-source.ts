/**
 * A page source over rows computed in full when the scan starts (information_schema, the system
 * catalog): the requested columns of the rows as one page (the engine counts them and enforces a
 * limit). The rows may arrive later (listing another catalog's tables waits for that catalog's
 * metadata): until they do, the source is blocked; a failure to compute them fails the scan.
 */
import { blockOf } from '../data/block-builder.js';
import { createPage, type Page } from '../data/page.js';
import type { ConnectorPageSource, PageSourceRequest } from '../spi/connector.js';
import type { ColumnMetadata } from '../spi/metadata.js';

type Rows = readonly (readonly unknown[])[];

export class RowsPageSource implements ConnectorPageSource {
  private page: Page | null = null;
  private pending: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;
  private closed = false;

  constructor(page: Page | null | Promise<Page | null>) {
    if (page instanceof Promise) {
      this.pending = page.then(
        (ready) => {
          this.pending = undefined;
          if (!this.closed) this.page = ready;
        },
        (error: unknown) => {
          this.pending = undefined;
          this.failure = { error };
        },
      );
    } else {
      this.page = page;
    }
  }

  /** The request's columns of `rows` (one value per table column each). */
  static of(
    request: PageSourceRequest,
    tableColumns: readonly Pick<ColumnMetadata, 'name'>[],
    rows: Rows | Promise<Rows>,
  ): RowsPageSource {
    const build = (all: Rows): Page => {
      const blocks = request.columns.map((column, i) => {
        const index = tableColumns.findIndex((c) => c.name === column);
        return blockOf(
          request.columnTypes[i],
          all.map((row) => row[index] ?? null),
        );
      });
      return createPage(blocks, all.length);
    };
    return new RowsPageSource(rows instanceof Promise ? rows.then(build) : build(rows));
  }

  getNextPage(): Page | null {
    if (this.failure !== undefined) throw this.failure.error;
    const page = this.page;
    this.page = null;
    return page;
  }

  isFinished(): boolean {
    return this.pending === undefined && this.page === null && this.failure === undefined;
  }

  isBlocked(): Promise<void> | undefined {
    return this.pending;
  }

  close(): void {
    this.closed = true;
    this.page = null;
  }
}
