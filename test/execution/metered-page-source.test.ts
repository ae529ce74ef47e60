/**
 * MeteredPageSource, the engine's wrapper around every connector page source: it counts rows and
 * bytes (the connector's storage bytes when it reports them, the pages' size otherwise) and
 * enforces the scan's limit for connectors that ignore it, cutting the last page and closing the
 * connector's source.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Page, pageSizeInBytes } from '../../src/data/page.js';
import { MeteredPageSource } from '../../src/execution/metered-page-source.js';
import type { ConnectorPageSource } from '../../src/spi/connector.js';
import { BIGINT } from '../../src/types/type.js';
import { pageOf, rowsOf } from './operators/operator-harness.js';

/** A connector page source over fixed pages that ignores any limit, optionally reporting storage bytes. */
class IgnoringSource implements ConnectorPageSource {
  closed = false;
  completedBytes?: number;
  private index = 0;
  constructor(
    private readonly pages: Page[],
    private readonly storageBytesPerPage?: number,
  ) {
    if (storageBytesPerPage !== undefined) this.completedBytes = 0;
  }
  getNextPage(): Page | null {
    const page = this.pages[this.index++] ?? null;
    if (page && this.storageBytesPerPage !== undefined) this.completedBytes! += this.storageBytesPerPage;
    return page;
  }
  isFinished(): boolean {
    return this.index >= this.pages.length;
  }
  close(): void {
    this.closed = true;
  }
}

const page = (first: number, count: number) =>
  pageOf(
    [BIGINT],
    Array.from({ length: count }, (_, i) => [first + i]),
  );

function drain(source: ConnectorPageSource): Page[] {
  const pages: Page[] = [];
  for (let guard = 0; !source.isFinished() && guard < 100; guard++) {
    const next = source.getNextPage();
    if (next) pages.push(next);
  }
  return pages;
}

describe('MeteredPageSource', () => {
  it('counts rows and the pages’ size when the connector reports no bytes', () => {
    const pages = [page(0, 3), page(3, 4)];
    const source = new MeteredPageSource(new IgnoringSource(pages));
    assert.equal(drain(source).length, 2);
    assert.equal(source.completedPositions, 7);
    assert.equal(source.completedBytes, pageSizeInBytes(pages[0]!) + pageSizeInBytes(pages[1]!));
  });

  it('counts the bytes the connector read from storage when it reports them', () => {
    const source = new MeteredPageSource(new IgnoringSource([page(0, 3), page(3, 4)], 1000));
    drain(source);
    assert.equal(source.completedBytes, 2000);
  });

  it('enforces the limit for a connector that ignores it, and closes the connector’s source', () => {
    const connector = new IgnoringSource([page(0, 3), page(3, 4), page(7, 4)]);
    const source = new MeteredPageSource(connector, 5);
    const pages = drain(source);
    assert.deepEqual(rowsOf(pages, [BIGINT]), [[0], [1], [2], [3], [4]]);
    assert.equal(source.isFinished(), true);
    assert.equal(connector.closed, true, 'the connector source is closed at the limit');
    assert.equal(source.completedPositions, 7, 'rows read count, not rows returned');
    assert.equal(source.getNextPage(), null);
  });

  it('reads nothing at limit 0', () => {
    const connector = new IgnoringSource([page(0, 3)]);
    const source = new MeteredPageSource(connector, 0);
    assert.equal(source.isFinished(), true);
    assert.equal(source.getNextPage(), null);
    assert.equal(connector.closed, true);
    assert.equal(source.completedPositions, 0);
  });
});
