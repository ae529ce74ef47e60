/** Page slicing for the `maxPageRows` planner option: regions of at most n rows, in order, sharing data. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../../src/data/page.js';
import { SlicingPageSource, slicePage } from '../../src/execution/page-slicing.js';
import type { ConnectorPageSource } from '../../src/spi/connector.js';
import { INTEGER, VARCHAR } from '../../src/types/type.js';
import { pageOf, rowsOf } from './operators/operator-harness.js';

const types = [INTEGER, VARCHAR];
const rows = [
  [1, 'a'],
  [2, null],
  [3, 'c'],
  [4, 'd'],
  [5, 'e'],
];

/** A page source over fixed pages that counts its calls. */
class FixedPageSource implements ConnectorPageSource {
  completedBytes = 0;
  completedPositions = 0;
  readTimeNanos = 0;
  closed = false;
  private index = 0;
  constructor(private readonly pages: Page[]) {}
  getNextPage(): Page | null {
    const page = this.pages[this.index++] ?? null;
    if (page) this.completedPositions += page.positionCount;
    return page;
  }
  isFinished(): boolean {
    return this.index >= this.pages.length;
  }
  close(): void {
    this.closed = true;
  }
}

function drain(source: ConnectorPageSource): Page[] {
  const pages: Page[] = [];
  for (let guard = 0; !source.isFinished() && guard < 100; guard++) {
    const page = source.getNextPage();
    if (page) pages.push(page);
  }
  return pages;
}

describe('slicePage', () => {
  it('cuts a page into regions of at most n rows, keeping row order and NULLs', () => {
    const slices = slicePage(pageOf(types, rows), 2);
    assert.deepEqual(
      slices.map((p) => p.positionCount),
      [2, 2, 1],
    );
    assert.deepEqual(rowsOf(slices, types), rows);
  });

  it('returns a page that already fits as it is', () => {
    const page = pageOf(types, rows);
    assert.deepEqual(slicePage(page, 5), [page]);
  });
});

describe('SlicingPageSource', () => {
  it('hands out every page of its delegate in 1-row pages and finishes after the last slice', () => {
    const delegate = new FixedPageSource([pageOf(types, rows.slice(0, 3)), pageOf(types, rows.slice(3))]);
    const pages = drain(new SlicingPageSource(delegate, 1));
    assert.deepEqual(
      pages.map((p) => p.positionCount),
      [1, 1, 1, 1, 1],
    );
    assert.deepEqual(rowsOf(pages, types), rows);
  });

  it('is not finished while a sliced page still has rows, even when the delegate is', () => {
    const delegate = new FixedPageSource([pageOf(types, rows)]);
    const source = new SlicingPageSource(delegate, 2);
    assert.equal(source.getNextPage()?.positionCount, 2);
    assert.equal(delegate.isFinished(), true);
    assert.equal(source.isFinished(), false);
    assert.equal(source.completedPositions, 5);
  });

  it('closes its delegate', () => {
    const delegate = new FixedPageSource([pageOf(types, rows)]);
    new SlicingPageSource(delegate, 2).close();
    assert.equal(delegate.closed, true);
  });
});
