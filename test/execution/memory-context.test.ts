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

  it('formats and parses data sizes as Presto does', () => {
    assert.equal(formatBytes(17), '17B');
    assert.equal(formatBytes(1024), '1kB');
    assert.equal(formatBytes(1536 * 1024 * 1024), '1.50GB');
    assert.equal(parseBytes('1GB'), 1024 ** 3);
    assert.equal(parseBytes('512 MB'), 512 * 1024 ** 2);
    assert.throws(() => parseBytes('lots'), /Invalid data size/);
  });
});
