/**
 * The interface spec's own words, checked against a real cluster of processes (a coordinator,
 * then two workers with a shared secret, as `npm start` runs them), so that none of these
 * details drifts back (issue 19):
 * - §4.1 "Final results have `data`, `columns`, and `stats.state` set to FINISHED";
 * - §4.1 the POST is answered with chunked transfer encoding and `X-Content-Type-Options: nosniff`,
 *   the GETs carry `Vary` listing `Accept-Encoding` and `User-Agent`;
 * - §4.3 `/v1/node` answers `text/javascript` with `Vary: Accept`;
 * - §4.2 `GET /v1/task` and `GET /v1/task/{taskId}` answer 200 with task records (no
 *   authentication is configured), while POST, DELETE and results still need the internal header;
 * - a query sent before any worker announced itself says in its record, its statement response
 *   and the CLI that it ran on the coordinator only.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runBatch } from '../../../src/client/cli/batch-runner.js';
import { newClientSession } from '../../../src/client/client-session.js';
import { eventually, type RoleProcess, startRole, stopProcess } from './cluster-process-helpers.js';

const SECRET = 'spec-conformance-secret';
const HEADERS = { 'X-Service-User': 'spec', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'tiny' };

interface StatementResponse {
  id: string;
  infoUri: string;
  nextUri?: string;
  columns?: { name: string; type: string }[];
  data?: unknown[][];
  stats: { state: string };
  warnings?: { warningCode: { code: number; name: string }; message: string }[];
  error?: { message: string; errorName: string };
}

/** Every response of one statement, the POST's first. */
async function allResponses(coordinator: string, sql: string): Promise<StatementResponse[]> {
  let response = await fetch(`${coordinator}/v1/statement`, { method: 'POST', body: sql, headers: HEADERS });
  const responses: StatementResponse[] = [];
  for (;;) {
    const body = (await response.json()) as StatementResponse;
    responses.push(body);
    if (!body.nextUri) return responses;
    response = await fetch(body.nextUri);
  }
}

describe('the interface as the spec shows it, on a real cluster', { timeout: 120_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-spec-etc-'));
  // As `vivace start` configures a coordinator with workers: they are expected to run the work.
  writeFileSync(
    join(etc, 'config.properties'),
    'discovery.announcement-interval=1s\nnode-scheduler.include-coordinator=false\n',
  );
  const env = { VIVACE_INTERNAL_SHARED_SECRET: SECRET };
  let coordinator: RoleProcess;
  const workers: RoleProcess[] = [];

  before(async () => {
    coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'], env);
  });

  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
  });

  it('says in the statement response and the query record that a query ran on the coordinator only', async () => {
    const responses = await allResponses(coordinator.url, 'SELECT count(*) FROM nation');
    const final = responses.at(-1)!;
    assert.equal(final.stats.state, 'FINISHED');
    assert.deepEqual(
      responses.flatMap((r) => r.data ?? []),
      [[25]],
    );
    assert.equal(final.warnings?.[0]?.warningCode.name, 'COORDINATOR_ONLY_EXECUTION');
    assert.match(final.warnings?.[0]?.message ?? '', /coordinator only/);
    const record = (await (await fetch(final.infoUri)).json()) as { warnings: { warningCode: { name: string } }[] };
    assert.deepEqual(
      record.warnings.map((w) => w.warningCode.name),
      ['COORDINATOR_ONLY_EXECUTION'],
    );
    const list = (await (await fetch(`${coordinator.url}/v1/query`)).json()) as {
      queryId: string;
      warnings: { warningCode: { name: string } }[];
    }[];
    assert.equal(list.find((q) => q.queryId === final.id)?.warnings[0]?.warningCode.name, 'COORDINATOR_ONLY_EXECUTION');
    // The CLI shows it, as Trino's shows warnings.
    let out = '';
    let err = '';
    const code = await runBatch(
      newClientSession(coordinator.url, 'spec', { catalog: 'tpch', schema: 'tiny' }),
      'SELECT count(*) FROM region',
      { format: 'CSV', debug: false, ignoreErrors: false },
      { out: { write: (t: string) => (out += t) }, err: { write: (t: string) => (err += t) }, statusTerminal: false },
    );
    assert.equal(code, 0);
    assert.equal(out, '"5"\n');
    assert.match(err, /^WARNING: No worker was active: the query ran on the coordinator only/);
  });

  it('runs the same query on the workers, without the warning, once they have joined', async () => {
    const startWorker = (nodeId: string) =>
      startRole(['worker', '--etc', etc, '--port', '0', '--node-id', nodeId, '--discovery-uri', coordinator.url], env);
    workers.push(...(await Promise.all([startWorker('worker-1'), startWorker('worker-2')])));
    await eventually('two active workers', 20_000, async () => {
      const summary = (await (await fetch(`${coordinator.url}/v1/cluster`)).json()) as { activeWorkers: number };
      return summary.activeWorkers === 2 ? true : undefined;
    });
    const responses = await allResponses(coordinator.url, 'SELECT count(*) FROM nation');
    const final = responses.at(-1)!;
    assert.deepEqual(
      responses.flatMap((r) => r.data ?? []),
      [[25]],
    );
    assert.equal(final.warnings, undefined);
    const record = (await (await fetch(final.infoUri)).json()) as { warnings: unknown[] };
    assert.deepEqual(record.warnings, []);
  });

  it('§4.1: final results have data, columns and FINISHED, even when the rows came earlier', async () => {
    for (const sql of [
      'SELECT orderkey, totalprice FROM orders WHERE orderkey < 100 ORDER BY totalprice',
      'SELECT nationkey, name FROM nation',
      'SELECT * FROM nation WHERE nationkey < 0',
    ]) {
      const responses = await allResponses(coordinator.url, sql);
      const final = responses.at(-1)!;
      assert.equal(final.nextUri, undefined, sql);
      assert.equal(final.stats.state, 'FINISHED', sql);
      assert.ok(Array.isArray(final.data), `${sql}: the final response has data`);
      assert.ok(Array.isArray(final.columns) && final.columns.length > 0, `${sql}: and columns`);
      // Every in-progress response has a nextUri.
      for (const response of responses.slice(0, -1)) assert.ok(response.nextUri, sql);
    }
    const rows = (await allResponses(coordinator.url, 'SELECT orderkey FROM orders WHERE orderkey < 100')).flatMap(
      (r) => r.data ?? [],
    );
    const [[count]] = (await allResponses(coordinator.url, 'SELECT count(*) FROM orders WHERE orderkey < 100')).flatMap(
      (r) => r.data ?? [],
    ) as [[number]];
    assert.equal(rows.length, count, 'no row twice, none lost');
  });

  it('§4.1: the POST is chunked with nosniff; GETs vary by Accept-Encoding and User-Agent', async () => {
    const post = await fetch(`${coordinator.url}/v1/statement`, { method: 'POST', body: 'SELECT 1', headers: HEADERS });
    assert.equal(post.status, 200);
    assert.equal(post.headers.get('transfer-encoding'), 'chunked');
    assert.equal(post.headers.get('content-length'), null);
    assert.equal(post.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(post.headers.get('content-type'), 'application/json');
    let next = ((await post.json()) as StatementResponse).nextUri;
    assert.ok(next);
    while (next) {
      const get = await fetch(next);
      assert.equal(get.status, 200);
      assert.equal(get.headers.get('x-content-type-options'), 'nosniff');
      const vary = (get.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
      assert.ok(vary.includes('accept-encoding') && vary.includes('user-agent'), `Vary: ${vary}`);
      next = ((await get.json()) as StatementResponse).nextUri;
    }
  });

  it('§4.3: /v1/node answers text/javascript with Vary: Accept', async () => {
    const response = await fetch(`${coordinator.url}/v1/node`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(response.headers.get('vary'), 'Accept');
    assert.ok(Array.isArray(await response.json()));
  });

  it('§4.2: task records are readable with GET; changing them and their results still need the internal header', async () => {
    await allResponses(coordinator.url, 'SELECT returnflag, count(*) FROM lineitem GROUP BY returnflag');
    const worker = workers[0]!.url;
    const list = await fetch(`${worker}/v1/task`);
    assert.equal(list.status, 200);
    const tasks = (await list.json()) as { taskId: string; self: string; outputBuffers: unknown; stats: unknown }[];
    assert.ok(tasks.length > 0, 'the worker lists the tasks it ran');
    const taskId = tasks[0]!.taskId;
    assert.match(taskId, /^\w+\.\d+\.\d+(\.\d+)?$/);
    const one = await fetch(`${worker}/v1/task/${taskId}`);
    assert.equal(one.status, 200);
    const record = (await one.json()) as Record<string, unknown>;
    for (const section of ['outputBuffers', 'noMoreSplits', 'stats', 'failures', 'outputs']) {
      assert.ok(section in record, `task record has ${section}`);
    }
    assert.equal((await fetch(`${worker}/v1/task/${taskId}`, { method: 'POST', body: '{}' })).status, 401);
    assert.equal((await fetch(`${worker}/v1/task/${taskId}`, { method: 'DELETE' })).status, 401);
    assert.equal((await fetch(`${worker}/v1/task/${taskId}/results/0/0`)).status, 401);
    assert.equal((await fetch(`${worker}/v1/task/${taskId}/results/0`, { method: 'DELETE' })).status, 401);
    assert.equal((await fetch(`${worker}/v1/status`)).status, 401);
  });
});
