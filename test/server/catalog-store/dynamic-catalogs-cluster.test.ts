/**
 * CREATE CATALOG and DROP CATALOG on a real cluster (a coordinator and two workers): a catalog
 * created at run time is queried on the workers without restarting them, is back after every
 * process restarts, and is gone after DROP; a failed CREATE leaves nothing; secrets never show in
 * the query text of /v1/query.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, type RoleProcess, startCluster, stopProcess } from '../cluster/cluster-process-helpers.js';

interface Outcome {
  rows: unknown[][];
  nodes: number;
  error?: { message: string; errorName: string };
}

async function run(coordinator: string, sql: string): Promise<Outcome> {
  let response = await fetch(`${coordinator}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { 'X-Service-User': 'test', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'tiny' },
  });
  const rows: unknown[][] = [];
  for (;;) {
    const results = (await response.json()) as {
      data?: unknown[][];
      nextUri?: string;
      error?: { message: string; errorName: string };
      stats: { nodes: number };
    };
    if (results.data) rows.push(...results.data);
    if (results.error) return { rows, nodes: results.stats.nodes, error: results.error };
    if (!results.nextUri) return { rows, nodes: results.stats.nodes };
    response = await fetch(results.nextUri);
  }
}

async function ok(coordinator: string, sql: string): Promise<Outcome> {
  const outcome = await run(coordinator, sql);
  if (outcome.error) throw new Error(`${sql}: ${outcome.error.message}`);
  return outcome;
}

describe('catalogs created at run time, on a 2-worker cluster', { timeout: 300_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-dynamic-catalogs-etc-'));
  writeFileSync(join(etc, 'config.properties'), 'discovery.announcement-interval=1s\n');
  const env = { VIVACE_INTERNAL_SHARED_SECRET: 'dynamic-catalogs-secret' };
  let coordinator: RoleProcess;
  let workers: RoleProcess[] = [];

  async function start(): Promise<void> {
    ({ coordinator, workers } = await startCluster(etc, env));
    await eventually('both workers running queries', 60_000, async () =>
      (await ok(coordinator.url, 'SELECT count(*) FROM tiny.orders')).nodes >= 2 ? true : undefined,
    );
  }

  async function stop(): Promise<void> {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
  }

  before(start);
  after(stop);

  it('creates a catalog that the workers query at once, lists it, and keeps it across a restart of every process', async () => {
    const created = await ok(
      coordinator.url,
      'CREATE CATALOG extra USING tpch WITH ("tpch.column-naming" = \'STANDARD\')',
    );
    assert.deepEqual(created.rows, [[true]]);
    const file = join(etc, 'catalog', 'extra.properties');
    assert.match(readFileSync(file, 'utf8'), /connector\.name=tpch\ntpch\.column-naming=STANDARD\n/);
    const count = await ok(coordinator.url, 'SELECT count(*) FROM extra.tiny.orders WHERE o_orderkey > 0');
    assert.deepEqual(count.rows, [[15000]]);
    assert.ok(count.nodes >= 2, `ran on the workers (nodes: ${count.nodes})`);
    assert.deepEqual((await ok(coordinator.url, 'SHOW CATALOGS')).rows.flat().includes('extra'), true);
    assert.deepEqual(
      (await ok(coordinator.url, "SELECT connector_name FROM system.metadata.catalogs WHERE catalog_name = 'extra'"))
        .rows,
      [['tpch']],
    );
    const again = await run(coordinator.url, 'CREATE CATALOG extra USING tpch');
    assert.equal(again.error?.errorName, 'ALREADY_EXISTS');
    await ok(coordinator.url, 'CREATE CATALOG IF NOT EXISTS extra USING tpch');

    await stop();
    await start();
    const afterRestart = await ok(coordinator.url, 'SELECT count(*) FROM extra.tiny.orders WHERE o_orderkey > 0');
    assert.deepEqual(afterRestart.rows, [[15000]]);
    assert.ok(afterRestart.nodes >= 2);

    await ok(coordinator.url, 'DROP CATALOG extra');
    assert.equal(existsSync(file), false, 'the file is gone');
    const dropped = await run(coordinator.url, 'SELECT count(*) FROM extra.tiny.orders');
    assert.match(dropped.error?.message ?? '', /extra/);
    assert.equal((await run(coordinator.url, 'DROP CATALOG extra')).error?.errorName, 'NOT_FOUND');
    await ok(coordinator.url, 'DROP CATALOG IF EXISTS extra');
  });

  it('fails a CREATE CATALOG with an unknown connector or key, leaving no catalog and no file', async () => {
    const unknownConnector = await run(coordinator.url, 'CREATE CATALOG bad1 USING nosuch');
    assert.equal(unknownConnector.error?.errorName, 'NOT_FOUND');
    assert.match(unknownConnector.error?.message ?? '', /nosuch/);
    const unknownKey = await run(coordinator.url, 'CREATE CATALOG bad2 USING tpch WITH ("no.such.key" = \'1\')');
    assert.equal(unknownKey.error?.errorName, 'INVALID_ARGUMENTS');
    assert.match(unknownKey.error?.message ?? '', /no\.such\.key/);
    const catalogs = (await ok(coordinator.url, 'SHOW CATALOGS')).rows.flat();
    assert.equal(catalogs.includes('bad1') || catalogs.includes('bad2'), false);
    assert.equal(existsSync(join(etc, 'catalog', 'bad1.properties')), false);
    assert.equal(existsSync(join(etc, 'catalog', 'bad2.properties')), false);
  });

  it('masks secret property values in the query text of /v1/query and system.runtime.queries', async () => {
    await run(
      coordinator.url,
      `CREATE CATALOG leaky USING tpch WITH ("s3.aws-secret-key" = 'hunter2-secret', "tpch.column-naming" = 'SIMPLIFIED')`,
    );
    const list = (await (await fetch(`${coordinator.url}/v1/query`)).json()) as { query: string }[];
    const texts = list.map((q) => q.query).filter((text) => text.includes('leaky'));
    assert.ok(texts.length > 0);
    for (const text of texts) {
      assert.equal(text.includes('hunter2'), false, text);
      assert.match(text, /"s3\.aws-secret-key" = '\*\*\*'/);
      assert.match(text, /'SIMPLIFIED'/, 'values that are not secrets stay');
    }
    const rows = (await ok(coordinator.url, "SELECT query FROM system.runtime.queries WHERE query LIKE '%leaky%'"))
      .rows;
    assert.ok(rows.length > 0);
    assert.equal(JSON.stringify(rows).includes('hunter2'), false);
  });
});
