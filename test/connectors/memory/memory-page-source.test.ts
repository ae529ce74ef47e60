/**
 * MemoryPageSource: the pages of a split's ranges in order, restricted to the requested columns,
 * with runs of small pages (ranges of many fragments in one split) gathered into one page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryPageSource } from '../../../src/connectors/memory/memory-page-source.js';
import { int32Block, stringBlock } from '../../../src/data/block.js';
import { getValue } from '../../../src/data/block-values.js';
import { createPage, type Page } from '../../../src/data/page.js';
import { INTEGER, VARCHAR } from '../../../src/types/type.js';

/** One page of `rows` rows numbered from `first`: (n integer, s varchar). */
function page(first: number, rows: number): Page {
  const numbers = Int32Array.from({ length: rows }, (_, i) => first + i);
  return createPage([int32Block(numbers), stringBlock(Array.from(numbers, (n) => `v${n}`))]);
}

function drain(source: MemoryPageSource): Page[] {
  const pages: Page[] = [];
  for (let p = source.getNextPage(); p !== null; p = source.getNextPage()) pages.push(p);
  assert.equal(source.isFinished(), true);
  return pages;
}

function column(pages: readonly Page[], channel: number, type: typeof INTEGER | typeof VARCHAR): unknown[] {
  return pages.flatMap((p) => Array.from({ length: p.positionCount }, (_, i) => getValue(p.blocks[channel]!, type, i)));
}

describe('memory page source', () => {
  it('gathers runs of one-row pages into one page, in order', () => {
    const stored = Array.from({ length: 300 }, (_, i) => page(i, 1));
    const pages = drain(new MemoryPageSource(stored, [1, 0]));
    assert.equal(pages.length, 1, 'one page for 300 one-row pages');
    assert.equal(pages[0]!.positionCount, 300);
    assert.deepEqual(
      column(pages, 1, INTEGER),
      Array.from({ length: 300 }, (_, i) => i),
    );
    assert.equal(column(pages, 0, VARCHAR)[299], 'v299');
  });

  it('keeps large pages as they are and gathers only up to its page size', () => {
    const big = page(0, 5000);
    const smalls = Array.from({ length: 20 }, (_, i) => page(5000 + i * 600, 600));
    const pages = drain(new MemoryPageSource([big, ...smalls, page(99_007, 7)], [0]));
    assert.equal(pages[0]!.positionCount, 5000, 'the large page alone');
    // 20 pages of 600 rows: 13 fit in 8,192 rows, then the other 7 and the second range's page.
    assert.deepEqual(
      pages.map((p) => p.positionCount),
      [5000, 7800, 4200 + 7],
    );
    const numbers = column(pages, 0, INTEGER) as number[];
    assert.equal(numbers.length, 5000 + 12_000 + 7);
    assert.deepEqual(numbers.slice(0, 2), [0, 1]);
    assert.deepEqual(numbers.slice(-8), [16_999, 99_007, 99_008, 99_009, 99_010, 99_011, 99_012, 99_013]);
  });

  it('counts rows without columns for count(*)', () => {
    const pages = drain(new MemoryPageSource([page(0, 1), page(1, 1), page(2, 1)], []));
    assert.deepEqual(
      pages.map((p) => [p.positionCount, p.blocks.length]),
      [[3, 0]],
    );
  });

  it('is finished at once without pages', () => {
    const source = new MemoryPageSource([], [0]);
    assert.equal(source.isFinished(), true);
    assert.equal(source.getNextPage(), null);
  });
});
