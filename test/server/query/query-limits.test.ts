/**
 * Limits and cancellation through the in-process engine: the per-query memory limit (session
 * `query_max_memory`), the run-time limit, and cancellation that stops every driver within a
 * second and releases the query's memory — while other queries go on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import type { QuerySession } from '../../../src/server/protocol/query-state.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';

const runner = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });

function session(properties: Record<string, string> = {}): QuerySession {
  return { user: 'test', catalog: 'tpch', schema: 'tiny', timeZone: 'UTC', properties };
}

/** A query over tpch.sf1 that runs for many seconds on this machine. */
const LONG_QUERY = 'SELECT orderkey, sum(quantity) FROM tpch.sf1.lineitem GROUP BY orderkey';

describe('per-query memory limit', () => {
  it('fails a query past query_max_memory with a message naming the limit, and frees its memory', async () => {
    const query = await runner.execute(
      'SELECT orderkey, count(*) FROM lineitem GROUP BY orderkey',
      session({ query_max_memory: '100kB' }),
    );
    assert.equal(query.error?.errorName, 'EXCEEDED_MEMORY_LIMIT');
    assert.match(query.error?.message ?? '', /^Query exceeded per-query memory limit of 100kB \[Allocated: /);
    await query.executionFinished;
    assert.equal(query.reservedMemoryBytes, 0);
  });

  it('lets the same query run under the default limit, and other queries go on', async () => {
    const failing = runner.execute(
      'SELECT orderkey, count(*) FROM lineitem GROUP BY orderkey',
      session({ query_max_memory: '100kB' }),
    );
    const passing = runner.execute('SELECT count(*) FROM (SELECT orderkey FROM lineitem GROUP BY orderkey)', session());
    assert.equal((await failing).error?.errorName, 'EXCEEDED_MEMORY_LIMIT');
    const ok = await passing;
    assert.equal(ok.error, undefined);
    assert.equal(ok.state, 'FINISHED');
  });
});

describe('run-time limit', () => {
  it('fails a query past query_max_run_time with EXCEEDED_TIME_LIMIT', async () => {
    const started = Date.now();
    const query = await runner.execute(LONG_QUERY, session({ query_max_run_time: '300ms' }));
    assert.equal(query.error?.errorName, 'EXCEEDED_TIME_LIMIT');
    assert.equal(query.error?.message, 'Query exceeded maximum time limit of 300ms');
    assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
  });
});

describe('cancellation', () => {
  it('stops every driver within a second and releases the memory', async () => {
    const query = runner.submit(LONG_QUERY, session());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(query.state, 'RUNNING');
    const canceledAt = Date.now();
    query.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    await query.executionFinished;
    const stopMs = Date.now() - canceledAt;
    assert.ok(stopMs < 1000, `drivers stopped after ${stopMs} ms`);
    assert.equal(query.state, 'FAILED');
    assert.equal(query.error?.errorName, 'USER_CANCELED');
    assert.equal(query.reservedMemoryBytes, 0);
  });
});
