/**
 * A lake catalog over S3 made at run time on a real cluster (a coordinator and two workers, the
 * coordinator scheduling no splits itself): CREATE CATALOG reaches the workers with their tasks,
 * a CTAS writes its files into the bucket from the workers, and a read of the table runs its
 * splits on both workers, each reading the bucket with the catalog's own S3 settings.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  type S3TestEnvironment,
  startS3TestEnvironment,
  testS3Properties,
} from '../../connectors/lake/fs/s3-test-server.js';
import {
  eventually,
  type RoleProcess,
  runStatement,
  startCluster,
  stopProcess,
} from '../cluster/cluster-process-helpers.js';

/** Runs a statement; returns its rows and query id. */
async function runWithId(coordinator: string, sql: string): Promise<{ id: string; rows: unknown[][] }> {
  let response = await fetch(`${coordinator}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { 'X-Service-User': 'test', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'tiny' },
  });
  const rows: unknown[][] = [];
  let id = '';
  for (;;) {
    const results = (await response.json()) as {
      id: string;
      data?: unknown[][];
      nextUri?: string;
      error?: { message: string };
    };
    id = results.id;
    if (results.error) throw new Error(`${sql}: ${results.error.message}`);
    if (results.data) rows.push(...results.data);
    if (!results.nextUri) return { id, rows };
    response = await fetch(results.nextUri);
  }
}

describe('a lake catalog on S3 created at run time, on a 2-worker cluster', { timeout: 300_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-s3-catalog-etc-'));
  writeFileSync(
    join(etc, 'config.properties'),
    [
      'discovery.announcement-interval=1s',
      'node-scheduler.include-coordinator=false',
      'catalog.store=memory',
      // the machine the tests run on may be shared and loaded: room for a slow answer
      'http-server.request-headers-timeout=30s',
      'http-server.request-timeout=60s',
      '',
    ].join('\n'),
  );
  const env = { VIVACE_INTERNAL_SHARED_SECRET: 's3-catalog-secret' };
  let s3: S3TestEnvironment;
  let coordinator: RoleProcess;
  let workers: RoleProcess[] = [];

  before(async () => {
    s3 = await startS3TestEnvironment(join(etc, 'storage'), ['warehouse']);
    ({ coordinator, workers } = await startCluster(etc, env));
    await eventually('both workers running queries', 60_000, async () => {
      const read = await runWithId(coordinator.url, 'SELECT count(*) FROM tiny.orders WHERE orderkey > 0');
      const nodes = await runStatement(
        coordinator.url,
        `SELECT count(DISTINCT node_id) FROM system.runtime.tasks WHERE query_id = '${read.id}'`,
      );
      return Number(nodes[0]?.[0]) >= 2 ? true : undefined;
    });
  });
  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
    await s3?.close();
    rmSync(etc, { recursive: true, force: true });
  });

  it('creates the catalog, writes a table into the bucket from the workers and reads it on both', async () => {
    const properties: Record<string, string> = {
      'hive.metastore.catalog.dir': 's3://warehouse/meta',
      ...testS3Properties(s3.proxy.endpoint),
      // several files, each a split of its own (small files would share one, and a leaf stage
      // with fewer splits than workers runs fewer tasks), so the read has splits for both workers
      'vivace.writer.max-rows-per-file': '2000',
      'hive.max-split-size': '1kB',
    };
    const list = Object.entries(properties)
      .map(([key, value]) => `"${key}" = '${value}'`)
      .join(', ');
    await runWithId(coordinator.url, `CREATE CATALOG lake_s3 USING hive WITH (${list})`);
    await runWithId(coordinator.url, 'CREATE SCHEMA lake_s3.sales');
    await runWithId(
      coordinator.url,
      'CREATE TABLE lake_s3.sales.orders AS SELECT orderkey, custkey, totalprice FROM tpch.tiny.orders',
    );
    const written = s3.proxy.requests.filter(
      (r) => (r.method === 'PUT' || r.method === 'POST') && r.path.startsWith('/warehouse/meta/sales/orders/'),
    );
    assert.ok(
      written.some((r) => r.path.endsWith('.parquet')),
      'data files went to the bucket',
    );

    const read = await runWithId(
      coordinator.url,
      'SELECT count(*), count(DISTINCT custkey), sum(orderkey) FROM lake_s3.sales.orders',
    );
    assert.deepEqual(read.rows, [[15000, 1000, 449872500]]);
    const readers = await runStatement(
      coordinator.url,
      `SELECT DISTINCT node_id FROM system.runtime.tasks WHERE query_id = '${read.id}' AND completed_splits > 0 ORDER BY 1`,
    );
    assert.deepEqual(readers, [['worker-1'], ['worker-2']], 'both workers read splits from S3');
  });
});
