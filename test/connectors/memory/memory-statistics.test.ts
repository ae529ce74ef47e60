import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  memoryTableStatistics,
  mergedFragmentColumns,
  mergeSampledColumns,
} from '../../../src/connectors/memory/memory-statistics.js';
import { blockOf } from '../../../src/data/block-builder.js';
import type { Page } from '../../../src/data/page.js';
import { BIGINT, varchar } from '../../../src/types/type.js';

function table(rows: number, version = 1) {
  const keys = Array.from({ length: rows }, (_, i) => i);
  const flags = Array.from({ length: rows }, (_, i) => (i % 10 === 0 ? null : ['A', 'B', 'C'][i % 3]!));
  return {
    columns: [
      { name: 'k', type: BIGINT },
      { name: 'flag', type: varchar(1) },
    ],
    pages: [{ positionCount: rows, blocks: [blockOf(BIGINT, keys), blockOf(varchar(1), flags)] }],
    version,
    rowCount: rows,
  };
}

function withPages<T extends { pages: readonly Page[] }>(t: T): [T, () => readonly Page[]] {
  return [t, () => t.pages];
}

describe('memory table statistics', () => {
  it('counts distinct values and nulls exactly on small tables', () => {
    const statistics = memoryTableStatistics(...withPages(table(1000)));
    assert.equal(statistics.rowCount, 1000);
    assert.deepEqual(statistics.columns.k, { distinctValues: 1000, nullFraction: 0 });
    assert.deepEqual(statistics.columns.flag, { distinctValues: 3, nullFraction: 0.1 });
  });

  it('scales key-like columns of large tables from the sample and keeps small cardinalities', () => {
    const statistics = memoryTableStatistics(...withPages(table(250_000)));
    assert.equal(statistics.columns.k?.distinctValues, 250_000);
    assert.equal(statistics.columns.flag?.distinctValues, 3);
  });

  it('caches per table version', () => {
    const t = table(10);
    assert.equal(memoryTableStatistics(...withPages(t)), memoryTableStatistics(...withPages(t)));
    assert.notEqual(memoryTableStatistics(...withPages(t)), memoryTableStatistics(...withPages({ ...t, version: 2 })));
  });

  it('merges the samples of fragments held by other nodes', () => {
    const t = table(2000);
    const keys = { distinctValues: 1000, nullFraction: 0 };
    const flags = (nulls: number) => ({ distinctValues: 3, nullFraction: nulls });
    // orderkey-like: each key on 4 rows, every sink a different range.
    const repeated = { distinctValues: 250, nullFraction: 0 };
    const merged = mergeSampledColumns(3, [
      { rows: 1000, columns: [keys, flags(0.2), repeated] },
      { rows: 1000, columns: [keys, flags(0), repeated] },
    ]);
    assert.deepEqual(merged, [
      { distinctValues: 2000, nullFraction: 0 },
      { distinctValues: 3, nullFraction: 0.1 },
      { distinctValues: 500, nullFraction: 0 },
    ]);
    assert.deepEqual(
      memoryTableStatistics(
        t,
        () => undefined,
        () => merged,
      ),
      { rowCount: 2000, columns: { k: merged[0], flag: merged[1] } },
    );
  });

  it('keeps the merged samples of a table up to date as writes are committed, as merging them all again would', () => {
    const samples: { rows: number; columns?: ({ distinctValues: number; nullFraction: number } | null)[] }[] = [];
    assert.deepEqual(mergedFragmentColumns(2, samples), [null, null]);
    for (let i = 0; i < 40; i++) {
      samples.push({
        rows: 1 + (i % 3),
        columns: [
          { distinctValues: 1 + (i % 3), nullFraction: 0 },
          i % 4 === 0 ? null : { distinctValues: 1, nullFraction: 0.5 },
        ],
      });
      if (i % 7 === 0) samples.push({ rows: 2 });
      assert.deepEqual(mergedFragmentColumns(2, samples), mergeSampledColumns(2, samples), `after ${i + 1} writes`);
    }
    // Another record (a rewritten table) starts over.
    const rewritten = samples.slice(0, 3);
    assert.deepEqual(mergedFragmentColumns(2, rewritten), mergeSampledColumns(2, rewritten));
  });

  it('has only the row count when the pages are on other nodes and nothing was sampled', () => {
    const t = table(10);
    assert.deepEqual(
      memoryTableStatistics(t, () => undefined),
      { rowCount: 10, columns: {} },
    );
  });
});
