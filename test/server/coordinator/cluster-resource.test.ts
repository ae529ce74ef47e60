/** The cluster summary (`GET /v1/cluster`): query counts by state, worker counts, monotonic counters. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import {
  type ClusterActivitySource,
  ClusterSummarizer,
  type QueryActivity,
  registerClusterResource,
} from '../../../src/server/coordinator/cluster-resource.js';

function query(queryId: string, state: string, extra: Partial<QueryActivity> = {}): QueryActivity {
  return { queryId, state, processedRows: 0, processedBytes: 0, reservedMemoryBytes: 0, ...extra };
}

function source(
  queries: QueryActivity[],
  workers = { active: 0, failed: 0 },
): ClusterActivitySource & { list: QueryActivity[] } {
  const holder = {
    list: queries,
    queries: () => holder.list,
    activeWorkers: () => workers.active,
    failedWorkers: () => workers.failed,
    availableProcessors: () => 8,
  };
  return holder;
}

describe('cluster summary', () => {
  it('counts queries by state and sums the live figures of the unfinished ones', () => {
    const s = source(
      [
        query('a', 'RUNNING', {
          processedRows: 10,
          processedBytes: 100,
          reservedMemoryBytes: 1000,
          runningDrivers: 3,
          cpuTimeMillis: 500,
        }),
        query('b', 'RUNNING', { blocked: true, reservedMemoryBytes: 24, runningDrivers: 1 }),
        query('c', 'QUEUED'),
        query('d', 'PLANNING'),
        query('e', 'FINISHED', { processedRows: 5, processedBytes: 50, reservedMemoryBytes: 999, runningDrivers: 7 }),
        query('f', 'FAILED', { cpuTimeMillis: 1500 }),
      ],
      { active: 2, failed: 1 },
    );
    const summary = new ClusterSummarizer(s, () => 1234).summary();
    assert.equal(summary.runningQueries, 2, 'RUNNING and PLANNING run; the blocked one is counted apart');
    assert.equal(summary.blockedQueries, 1);
    assert.equal(summary.queuedQueries, 1);
    assert.equal(summary.finishedQueries, 1);
    assert.equal(summary.failedQueries, 1);
    assert.equal(summary.activeWorkers, 2);
    assert.equal(summary.failedWorkers, 1);
    assert.equal(summary.activeCoordinators, 1);
    assert.equal(summary.totalAvailableProcessors, 8);
    assert.equal(summary.runningDrivers, 4, 'finished queries hold no drivers');
    assert.equal(summary.reservedMemory, 1024, 'finished queries hold no memory');
    assert.equal(summary.totalInputRows, 15);
    assert.equal(summary.totalInputBytes, 150);
    assert.equal(summary.totalCpuTimeSecs, 2);
    assert.equal(summary.sampleTime, 1234);
  });

  it('keeps the cumulative counters when the runner forgets a query', () => {
    const s = source([
      query('a', 'FINISHED', { processedRows: 100, processedBytes: 800, cpuTimeMillis: 250 }),
      query('b', 'FAILED'),
    ]);
    const summarizer = new ClusterSummarizer(s);
    const before = summarizer.summary();
    s.list = [query('c', 'RUNNING', { processedRows: 1, processedBytes: 8 })];
    const after = summarizer.summary();
    assert.equal(before.totalInputRows, 100);
    assert.equal(after.totalInputRows, 101);
    assert.equal(after.totalInputBytes, 808);
    assert.equal(after.totalCpuTimeSecs, 0.25);
    assert.equal(after.finishedQueries, 1, 'the forgotten finished query still counts');
    assert.equal(after.failedQueries, 1);
    assert.equal(after.runningQueries, 1);
    // A third sample must not count the retired query twice.
    assert.equal(summarizer.summary().totalInputRows, 101);
  });

  it('is served as JSON at /v1/cluster', async () => {
    const app = Fastify();
    registerClusterResource(app, source([query('a', 'RUNNING', { processedRows: 7 })], { active: 3, failed: 0 }));
    const response = await app.inject({ method: 'GET', url: '/v1/cluster' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /application\/json/);
    assert.equal(response.headers['cache-control'], 'no-store');
    const body = response.json();
    assert.equal(body.runningQueries, 1);
    assert.equal(body.activeWorkers, 3);
    assert.equal(body.totalInputRows, 7);
    assert.equal(typeof body.sampleTime, 'number');
    await app.close();
  });
});
