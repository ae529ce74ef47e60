/**
 * A real cluster: a coordinator and two worker processes on loopback with a shared secret. Checks
 * the node resource against spec §2.4, the internal-request signature, that a paused worker
 * doesn't hold up the coordinator's HTTP server, that a killed worker shows in
 * `/v1/node/failed` with its failure, and that a restarted worker rejoins.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  audienceOf,
  COORDINATOR_AUDIENCE,
  createInternalToken,
  INTERNAL_BEARER_HEADER,
} from '../../../src/server/protocol/internal-auth.js';
import { eventually, type RoleProcess, startRole, stopProcess } from './cluster-process-helpers.js';

const SECRET = 'cluster-test-secret';
const DURATION = /^\d+\.\d{2}(ns|us|ms|s|m|h|d)$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface NodeRecordJson {
  uri: string;
  recentRequests: number;
  recentFailures: number;
  recentSuccesses: number;
  recentFailureRatio: number;
  lastRequestTime?: string;
  lastResponseTime?: string;
  age: string;
  recentFailuresByType: Record<string, number>;
  lastFailureInfo?: { message: string; stack: string[]; suppressed: unknown[]; type: string };
}

async function nodes(coordinator: string, path = '/v1/node'): Promise<NodeRecordJson[]> {
  const response = await fetch(`${coordinator}${path}`);
  assert.equal(response.status, 200);
  return (await response.json()) as NodeRecordJson[];
}

describe('a coordinator and two worker processes', { timeout: 120_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-cluster-etc-'));
  writeFileSync(join(etc, 'node.properties'), 'node.environment=cluster_test\n');
  writeFileSync(join(etc, 'config.properties'), 'discovery.announcement-interval=1s\n');
  const env = { VIVACE_INTERNAL_SHARED_SECRET: SECRET };
  let coordinator: RoleProcess;
  const workers: RoleProcess[] = [];

  const startWorker = (nodeId: string) =>
    startRole(['worker', '--etc', etc, '--port', '0', '--node-id', nodeId, '--discovery-uri', coordinator.url], env);

  async function healthy(uris: string[]): Promise<NodeRecordJson[] | undefined> {
    const [all, failed] = await Promise.all([nodes(coordinator.url), nodes(coordinator.url, '/v1/node/failed')]);
    const failedUris = new Set(failed.map((record) => record.uri));
    const wanted = all.filter((record) => uris.includes(record.uri) && !failedUris.has(record.uri));
    return wanted.length === uris.length ? wanted : undefined;
  }

  before(async () => {
    coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'], env);
    workers.push(...(await Promise.all([startWorker('worker-1'), startWorker('worker-2')])));
  });

  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
  });

  it('lists every worker in /v1/node with every field of the node record', async () => {
    const records = await eventually('both workers healthy', 20_000, () => healthy(workers.map((w) => w.url)));
    const response = await fetch(`${coordinator.url}/v1/node`);
    assert.match(response.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(response.headers.get('vary'), 'Accept');
    for (const record of records) {
      assert.deepEqual(Object.keys(record).sort(), [
        'age',
        'lastRequestTime',
        'lastResponseTime',
        'recentFailureRatio',
        'recentFailures',
        'recentFailuresByType',
        'recentRequests',
        'recentSuccesses',
        'uri',
      ]);
      assert.ok(workers.some((worker) => worker.url === record.uri));
      for (const field of ['recentRequests', 'recentFailures', 'recentSuccesses', 'recentFailureRatio'] as const) {
        assert.equal(typeof record[field], 'number', field);
      }
      assert.ok(record.recentRequests > 0);
      assert.equal(record.recentFailures, 0);
      assert.equal(record.recentFailureRatio, 0);
      assert.match(record.lastRequestTime ?? '', TIMESTAMP);
      assert.match(record.lastResponseTime ?? '', TIMESTAMP);
      assert.match(record.age, DURATION);
      assert.deepEqual(record.recentFailuresByType, {});
    }
    assert.deepEqual(await nodes(coordinator.url, '/v1/node/failed'), []);
  });

  it('refuses internal requests without the signed header and accepts them with it', async () => {
    const signed = { [INTERNAL_BEARER_HEADER]: createInternalToken(SECRET, 'test-client', COORDINATOR_AUDIENCE) };
    const forged = {
      [INTERNAL_BEARER_HEADER]: createInternalToken('not-the-secret', 'test-client', COORDINATOR_AUDIENCE),
    };
    assert.equal((await fetch(`${coordinator.url}/v1/service`)).status, 401);
    assert.equal((await fetch(`${coordinator.url}/v1/service`, { headers: forged })).status, 401);
    const services = await fetch(`${coordinator.url}/v1/service/vivace`, { headers: signed });
    assert.equal(services.status, 200);
    const body = (await services.json()) as { environment: string; services: { nodeId: string }[] };
    assert.equal(body.environment, 'cluster_test');
    assert.deepEqual(body.services.map((s) => s.nodeId).sort(), ['worker-1', 'worker-2']);
    const announce = await fetch(`${coordinator.url}/v1/announcement/intruder`, {
      method: 'PUT',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(announce.status, 401);
    // On a worker everything but the info resource is internal.
    const worker = workers[0].url;
    assert.equal((await fetch(`${worker}/v1/status`)).status, 401);
    assert.equal((await fetch(`${worker}/v1/status`, { headers: signed })).status, 401, 'a token for the coordinator');
    const signedForWorker = {
      [INTERNAL_BEARER_HEADER]: createInternalToken(SECRET, 'test-client', audienceOf(worker)),
    };
    assert.equal((await fetch(`${worker}/v1/status`, { headers: signedForWorker })).status, 200);
    assert.equal((await fetch(`${worker}/v1/info`)).status, 200);
    // The read-only resources of the coordinator stay open.
    assert.equal((await fetch(`${coordinator.url}/v1/info`)).status, 200);
  });

  it('keeps serving HTTP while a worker is paused', async () => {
    const paused = workers[0];
    process.kill(paused.pid, 'SIGSTOP');
    try {
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        const started = performance.now();
        const [info, list] = await Promise.all([
          fetch(`${coordinator.url}/v1/info`),
          fetch(`${coordinator.url}/v1/node`),
        ]);
        assert.equal(info.status, 200);
        assert.equal(list.status, 200);
        await list.arrayBuffer();
        const elapsed = performance.now() - started;
        // A hang would last until the worker resumes; the bound leaves room for a loaded machine.
        assert.ok(elapsed < 2000, `coordinator took ${elapsed} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The paused worker's pings time out and are counted as failures.
      const record = (await nodes(coordinator.url)).find((r) => r.uri === paused.url);
      assert.ok(record && record.recentFailures > 0, JSON.stringify(record));
    } finally {
      process.kill(paused.pid, 'SIGCONT');
    }
  });

  it('moves a killed worker to /v1/node/failed with its failure, and takes it back when it restarts', async () => {
    const victim = workers[1];
    await stopProcess(victim.child, 'SIGKILL');
    const started = Date.now();
    const failed = await eventually('the killed worker listed as failed', 10_000, async () =>
      (await nodes(coordinator.url, '/v1/node/failed')).find((record) => record.uri === victim.url),
    );
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert.ok(failed.lastFailureInfo, 'lastFailureInfo present');
    assert.equal(typeof failed.lastFailureInfo.type, 'string');
    assert.equal(typeof failed.lastFailureInfo.message, 'string');
    assert.ok(Array.isArray(failed.lastFailureInfo.stack));
    assert.ok(failed.lastFailureInfo.stack.every((line) => typeof line === 'string'));
    assert.ok(Array.isArray(failed.lastFailureInfo.suppressed));
    assert.ok(failed.recentFailures > 0);
    assert.ok((failed.recentFailuresByType[failed.lastFailureInfo.type] ?? 0) > 0);

    const restarted = await startWorker('worker-2');
    workers[1] = restarted;
    await eventually('the restarted worker healthy', 15_000, () => healthy([restarted.url]));
    const failedNow = await nodes(coordinator.url, '/v1/node/failed');
    assert.equal(
      failedNow.some((record) => record.uri === victim.url || record.uri === restarted.url),
      false,
    );
  });
});
