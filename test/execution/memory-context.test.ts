import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBytes, parseBytes, QueryMemoryPool } from '../../src/execution/memory-context.js';

describe('memory accounting', () => {
  it('sums operator reservations, tracks the peak and frees on close', () => {
    const pool = new QueryMemoryPool('q', 1000);
    const a = pool.newLocalContext();
    const b = pool.newLocalContext();
    a.setBytes(300);
    b.setBytes(500);
    a.setBytes(100);
    assert.equal(pool.reservedBytes, 600);
    assert.equal(pool.peakBytes, 800);
    a.close();
    b.close();
    assert.equal(pool.reservedBytes, 0);
  });

  it('fails past the limit with EXCEEDED_MEMORY_LIMIT naming the limit, leaving the reservation unchanged', () => {
    const pool = new QueryMemoryPool('q', 1024 * 1024);
    const a = pool.newLocalContext();
    a.setBytes(1000);
    assert.throws(
      () => a.setBytes(2 * 1024 * 1024),
      (e: Error & { errorName?: string }) =>
        e.errorName === 'EXCEEDED_MEMORY_LIMIT' && e.message.includes('per-query memory limit of 1MB'),
    );
    assert.equal(pool.reservedBytes, 1000);
  });

  it('names what was allocated, the refused delta and the top three consumers, largest first', () => {
    const pool = new QueryMemoryPool('q', 1024 * 1024);
    const aggregation = pool.newLocalContext('HashAggregationOperator');
    const sort = pool.newLocalContext('OrderByOperator');
    const otherSort = pool.newLocalContext('OrderByOperator');
    const join = pool.newLocalContext('HashBuilderOperator');
    const scan = pool.newLocalContext('TableScanOperator');
    aggregation.setBytes(400 * 1024);
    sort.setBytes(200 * 1024);
    otherSort.setBytes(300 * 1024);
    join.setBytes(100 * 1024);
    scan.setBytes(1024);
    assert.throws(() => join.setBytes(200 * 1024), {
      name: 'VivaceError',
      message:
        'Query exceeded per-query memory limit of 1MB [Allocated: 1001kB, Delta: 100kB, ' +
        'Top Consumers: {OrderByOperator=500kB, HashAggregationOperator=400kB, HashBuilderOperator=100kB}]',
    });
    assert.equal(join.reservedBytes, 100 * 1024);
    assert.equal(pool.reservedBytes, 1001 * 1024);
  });

  it('formats and parses data sizes as Presto does', () => {
    assert.equal(formatBytes(17), '17B');
    assert.equal(formatBytes(1024), '1kB');
    assert.equal(formatBytes(1536 * 1024 * 1024), '1.50GB');
    assert.equal(parseBytes('1GB'), 1024 ** 3);
    assert.equal(parseBytes('512 MB'), 512 * 1024 ** 2);
    assert.throws(() => parseBytes('lots'), /Invalid data size/);
  });
});
