/**
 * A page source over rows computed in full when the scan starts (information_schema, the system
 * catalog): the requested columns of the rows, at most `limit` of them, as one page.
 */
import { blockOf } from '../data/block-builder.js';
import { createPage, type Page } from '../data/page.js';
import type { ConnectorPageSource, PageSourceRequest } from '../spi/connector.js';
import type { ColumnMetadata } from '../spi/metadata.js';

export class RowsPageSource implements ConnectorPageSource {
  completedBytes = 0;
  completedPositions = 0;

  constructor(private page: Page | null) {}

  /** The request's columns of `rows` (one value per table column each). */
  static of(
    request: PageSourceRequest,
    tableColumns: readonly Pick<ColumnMetadata, 'name'>[],
    rows: readonly (readonly unknown[])[],
  ): RowsPageSource {
    const limited = request.limit === undefined ? rows : rows.slice(0, request.limit);
    const blocks = request.columns.map((column, i) => {
      const index = tableColumns.findIndex((c) => c.name === column);
      return blockOf(
        request.columnTypes[i]!,
        limited.map((row) => row[index] ?? null),
      );
    });
    return new RowsPageSource(createPage(blocks, limited.length));
  }

  getNextPage(): Page | null {
    const page = this.page;
    this.page = null;
    if (page) this.completedPositions += page.positionCount;
    return page;
  }

  isFinished(): boolean {
    return this.page === null;
  }

  close(): void {
    this.page = null;
  }
}
