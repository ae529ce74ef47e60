import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoryTableStatistics } from '../../../src/connectors/memory/memory-statistics.js';
import { blockOf } from '../../../src/data/block-builder.js';
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

describe('memory table statistics', () => {
  it('counts distinct values and nulls exactly on small tables', () => {
    const statistics = memoryTableStatistics(table(1000));
    assert.equal(statistics.rowCount, 1000);
    assert.deepEqual(statistics.columns.k, { distinctValues: 1000, nullFraction: 0 });
    assert.deepEqual(statistics.columns.flag, { distinctValues: 3, nullFraction: 0.1 });
  });

  it('scales key-like columns of large tables from the sample and keeps small cardinalities', () => {
    const statistics = memoryTableStatistics(table(250_000));
    assert.equal(statistics.columns.k?.distinctValues, 250_000);
    assert.equal(statistics.columns.flag?.distinctValues, 3);
  });

  it('caches per table version', () => {
    const t = table(10);
    assert.equal(memoryTableStatistics(t), memoryTableStatistics(t));
    assert.notEqual(memoryTableStatistics(t), memoryTableStatistics({ ...t, version: 2 }));
  });
});
