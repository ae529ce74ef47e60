/**
 * A coordinator and a worker in this process over real loopback HTTP: the worker's route
 * extension point (internal by default), announcement and withdrawal, an announcer that starts
 * before its coordinator and joins once it is up, and the active-worker listener.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { VERSION } from '../../../src/common/version.js';
import { audienceOf, createInternalToken, INTERNAL_BEARER_HEADER } from '../../../src/server/protocol/internal-auth.js';
import { loadNodeConfig } from '../../../src/server/protocol/node-config.js';
import type { NodeInfo } from '../../../src/server/protocol/node-info.js';
import { startCoordinator } from '../../../src/server/startup/coordinator-bootstrap.js';
import { startWorker } from '../../../src/server/worker/worker-server.js';
import { eventually } from './cluster-process-helpers.js';

const ETC = join(tmpdir(), 'vivace-no-such-etc');
const SECRET = 'in-process-secret';
const quiet = pino({ level: 'silent' });

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function config(overrides: Record<string, string>) {
  return loadNodeConfig(ETC, {
    'http-server.http.port': '0',
    'internal-communication.shared-secret': SECRET,
    'discovery.announcement-interval': '200ms',
    'failure-detector.warmup-interval': '200ms',
    ...overrides,
  });
}

describe('worker server', { timeout: 60_000 }, () => {
  it('serves plug-in routes as internal, announces, and withdraws on close', async () => {
    const coordinator = await startCoordinator(config({ 'node.id': 'c' }), { logger: quiet });
    const changes: (readonly NodeInfo[])[] = [];
    coordinator.nodeManager.onChange((active) => changes.push(active));
    let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
    try {
      worker = await startWorker(config({ 'node.id': 'w1', coordinator: 'false', 'discovery.uri': coordinator.url }), {
        logger: quiet,
        registerRoutes: [(app, context) => app.get('/v1/echo', async () => ({ node: context.config.nodeId }))],
      });
      assert.equal((await fetch(`${worker.url}/v1/echo`)).status, 401);
      const echo = await fetch(`${worker.url}/v1/echo`, {
        headers: { [INTERNAL_BEARER_HEADER]: createInternalToken(SECRET, 'c', audienceOf(worker.url)) },
      });
      assert.deepEqual(await echo.json(), { node: 'w1' });
      assert.deepEqual(await (await fetch(`${worker.url}/v1/info/state`)).json(), 'ACTIVE');
      const info = (await (await fetch(`${worker.url}/v1/info`)).json()) as Record<string, unknown>;
      assert.deepEqual(info.nodeVersion, { version: VERSION });
      assert.equal(info.coordinator, false);

      await worker.announcer.whenAnnounced();
      const active = await eventually('w1 active', 10_000, async () => {
        const workers = coordinator.nodeManager.activeWorkers();
        return workers.length === 1 ? workers : undefined;
      });
      assert.equal(active[0].nodeId, 'w1');
      assert.equal(active[0].uri, worker.url);
      assert.equal(active[0].version, VERSION);

      await worker.close();
      worker = undefined;
      assert.deepEqual(coordinator.registry.nodes(), [], 'the announcement is withdrawn');
      assert.deepEqual(coordinator.nodeManager.activeWorkers(), []);
      assert.deepEqual(
        changes.map((set) => set.map((node) => node.nodeId)),
        [['w1'], []],
      );
    } finally {
      await worker?.close();
      await coordinator.close();
    }
  });

  it('keeps announcing until a coordinator started later accepts it', async () => {
    const port = await freePort();
    const worker = await startWorker(
      config({ 'node.id': 'early', coordinator: 'false', 'discovery.uri': `http://127.0.0.1:${port}` }),
      { logger: quiet },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(worker.announcer.hasAnnounced, false);
      const coordinator = await startCoordinator(config({ 'node.id': 'late', 'http-server.http.port': String(port) }), {
        logger: quiet,
      });
      try {
        await worker.announcer.whenAnnounced();
        assert.deepEqual(
          coordinator.registry.nodes().map((node) => node.nodeId),
          ['early'],
        );
      } finally {
        await coordinator.close();
      }
    } finally {
      await worker.close();
    }
  });

  it('refuses an announcement signed with another secret', async () => {
    const coordinator = await startCoordinator(config({ 'node.id': 'c2' }), { logger: quiet });
    const worker = await startWorker(
      config({
        'node.id': 'stranger',
        coordinator: 'false',
        'discovery.uri': coordinator.url,
        'internal-communication.shared-secret': 'wrong',
      }),
      { logger: quiet },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(worker.announcer.hasAnnounced, false);
      assert.deepEqual(coordinator.registry.nodes(), []);
    } finally {
      await worker.close();
      await coordinator.close();
    }
  });
});
