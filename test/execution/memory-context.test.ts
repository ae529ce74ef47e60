import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { VivaceError } from '../../src/common/vivace-error.js';
import { NodeMemoryPool, QueryMemoryPool } from '../../src/execution/memory-context.js';

const MB = 1024 * 1024;

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

  it("shares a query's limit on a node among its tasks and names the consumers of all of them", () => {
    const node = new NodeMemoryPool(10 * MB, 'worker-1');
    const query = node.acquireQueryPool('q1', 3 * MB, 'per-node');
    const taskA = new QueryMemoryPool('q1.1.0', Number.POSITIVE_INFINITY, { parent: query });
    const taskB = new QueryMemoryPool('q1.2.0', Number.POSITIVE_INFINITY, { parent: query });
    const build = taskA.newLocalContext('HashBuilderOperator');
    const buffer = taskB.newLocalContext('OutputBuffer');
    build.setBytes(2 * MB);
    buffer.setBytes(512 * 1024);
    assert.equal(query.reservedBytes, 2.5 * MB);
    assert.equal(node.reservedBytes, 2.5 * MB);
    assert.throws(() => buffer.setBytes(2 * MB), {
      errorName: 'EXCEEDED_LOCAL_MEMORY_LIMIT',
      message:
        'Query exceeded per-node memory limit of 3MB [Allocated: 2.50MB, Delta: 1.50MB, ' +
        'Top Consumers: {HashBuilderOperator=2MB, OutputBuffer=512kB}]',
    });
    // A refused reservation changes nothing at any level.
    assert.deepEqual(
      [buffer.reservedBytes, taskB.reservedBytes, query.reservedBytes, node.reservedBytes],
      [512 * 1024, 512 * 1024, 2.5 * MB, 2.5 * MB],
    );
    taskA.close();
    assert.equal(build.reservedBytes, 0, 'closing a task returns what its consumers still hold');
    assert.equal(node.reservedBytes, 512 * 1024);
    build.setBytes(MB);
    assert.equal(node.reservedBytes, 512 * 1024, 'a closed task reserves nothing more');
  });

  it('words a limit below the per-node one as the distributed limit one node alone passed', () => {
    const node = new NodeMemoryPool(10 * MB);
    const query = node.acquireQueryPool('q1', MB, 'distributed');
    assert.throws(() => query.newLocalContext('NestedLoopBuildOperator').setBytes(2 * MB), {
      errorName: 'EXCEEDED_MEMORY_LIMIT',
      message:
        /^Query exceeded distributed user memory limit of 1MB \[Allocated: 0B, Delta: 2MB, Top Consumers: \{\}\]$/,
    });
  });

  it('keeps one pool per query on a node until its last task releases it', () => {
    const node = new NodeMemoryPool(10 * MB);
    const first = node.acquireQueryPool('q1', MB, 'per-node');
    assert.equal(node.acquireQueryPool('q1', MB, 'per-node'), first);
    first.newLocalContext('X').setBytes(1000);
    assert.deepEqual(node.queryReservations(), [{ queryId: 'q1', reservedBytes: 1000 }]);
    node.releaseQueryPool(first);
    assert.equal(node.queryReservations().length, 1);
    node.releaseQueryPool(first);
    assert.deepEqual(node.queryReservations(), []);
    assert.notEqual(node.acquireQueryPool('q1', MB, 'per-node'), first);
  });

  it('kills the query holding the most on a full node, so a smaller one can go on', () => {
    const node = new NodeMemoryPool(4 * MB, 'worker-1');
    const big = node.acquireQueryPool('big', 4 * MB, 'per-node');
    const small = node.acquireQueryPool('small', 4 * MB, 'per-node');
    const bigBuild = big.newLocalContext('HashBuilderOperator');
    bigBuild.setBytes(3 * MB);
    const killed: VivaceError[] = [];
    // A task of the big query fails when killed, which closes its operators.
    big.onKill((error) => {
      killed.push(error);
      bigBuild.close();
    });
    const sort = small.newLocalContext('OrderByOperator');
    sort.setBytes(512 * 1024);
    sort.setBytes(2 * MB);
    assert.equal(killed.length, 1);
    assert.equal(killed[0]!.errorName, 'CLUSTER_OUT_OF_MEMORY');
    assert.match(
      killed[0]!.message,
      /^Query killed because the cluster is out of memory\. Please try again in a few minutes\. \[Node worker-1 memory pool of 4MB: Allocated: 3.50MB, Delta: 1.50MB, this query: 3MB, Top Consumers: \{HashBuilderOperator=3MB\}\]$/,
    );
    assert.equal(sort.reservedBytes, 2 * MB);
    assert.equal(node.reservedBytes, 2 * MB);
  });

  it('fails the requester itself when it holds the most on a full node', () => {
    const node = new NodeMemoryPool(4 * MB);
    const big = node.acquireQueryPool('big', 4 * MB, 'per-node');
    const small = node.acquireQueryPool('small', 4 * MB, 'per-node');
    let smallKilled = false;
    small.onKill(() => {
      smallKilled = true;
    });
    small.newLocalContext('OrderByOperator').setBytes(MB);
    const build = big.newLocalContext('HashBuilderOperator');
    build.setBytes(2 * MB);
    assert.throws(() => build.setBytes(3.5 * MB), { errorName: 'CLUSTER_OUT_OF_MEMORY' });
    assert.equal(smallKilled, false);
    assert.equal(node.reservedBytes, 3 * MB);
  });
});
