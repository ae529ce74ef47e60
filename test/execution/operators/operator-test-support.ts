/** Helpers for operator tests: drive an operator over pages, read result rows. */
import type { Block } from '../../../src/data/block.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import type { Page } from '../../../src/data/page.js';
import type { Operator } from '../../../src/execution/operator.js';
import type { Type } from '../../../src/types/type.js';

/** Feeds `pages` (respecting needsInput), finishes, and collects every output page. */
export function drive(operator: Operator, pages: readonly Page[]): Page[] {
  const output: Page[] = [];
  const drain = () => {
    for (let page = operator.getOutput(); page !== null; page = operator.getOutput()) output.push(page);
  };
  for (const page of pages) {
    let guard = 0;
    while (!operator.needsInput()) {
      if (operator.isFinished()) return output;
      drain();
      if (++guard > 1000) throw new Error('operator never asks for input');
    }
    operator.addInput(page);
    drain();
  }
  operator.finish();
  let guard = 0;
  while (!operator.isFinished()) {
    drain();
    if (++guard > 1_000_000) throw new Error('operator never finishes');
  }
  drain();
  return output;
}

/** Rows (column-wise values) split into pages of `pageSize` rows. */
export function pagesOf(types: readonly Type[], columns: readonly (readonly unknown[])[], pageSize: number): Page[] {
  const rows = columns[0]?.length ?? 0;
  const pages: Page[] = [];
  for (let start = 0; start < rows; start += pageSize) {
    const end = Math.min(rows, start + pageSize);
    const blocks: Block[] = columns.map((column, c) => blockOf(types[c]!, column.slice(start, end)));
    pages.push({ positionCount: end - start, blocks });
  }
  return pages;
}

/** All rows of the pages as arrays of values. */
export function rowsOf(pages: readonly Page[], types: readonly Type[]): unknown[][] {
  const rows: unknown[][] = [];
  for (const page of pages) {
    for (let i = 0; i < page.positionCount; i++)
      rows.push(page.blocks.map((block, c) => getValue(block, types[c]!, i)));
  }
  return rows;
}

/** Rows sorted by their JSON form, for order-insensitive comparisons. */
export function sortedRows(rows: unknown[][]): unknown[][] {
  const key = (row: unknown[]) => JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
