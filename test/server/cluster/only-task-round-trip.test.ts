/**
 * The only task of a query is one round trip (issue 18): a coordinator and a worker in this process
 * over loopback HTTP, the worker's requests counted. A query that runs as one task with a small
 * output gets its rows with the task's creation — no results request, no DELETE of the buffer —
 * and one whose output is larger than an inline answer takes is read with results requests as
 * before; both answer what they should.
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { loadNodeConfig } from '../../../src/server/protocol/node-config.js';
import { startCoordinator } from '../../../src/server/startup/coordinator-bootstrap.js';
import { defaultWorkerRoutes } from '../../../src/server/worker/worker-routes.js';
import { startWorker } from '../../../src/server/worker/worker-server.js';
import { eventually, postStatement } from './cluster-process-helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

const ETC = join(tmpdir(), 'vivace-no-such-etc');
const quiet = pino({ level: 'silent' });

function config(overrides: Record<string, string>) {
  return loadNodeConfig(ETC, {
    'http-server.http.port': '0',
    'internal-communication.shared-secret': 'only-task-secret',
    'discovery.announcement-interval': '200ms',
    'failure-detector.warmup-interval': '200ms',
    ...overrides,
  });
}

describe('the only task of a query', { timeout: 120_000 }, () => {
  let coordinator: Awaited<ReturnType<typeof startCoordinator>>;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  /** Method and path of every task request the worker received, for the query ids asked about. */
  const requests: string[] = [];

  before(async () => {
    coordinator = await startCoordinator(config({ 'node.id': 'c' }), { logger: quiet });
    worker = await startWorker(config({ 'node.id': 'w', coordinator: 'false', 'discovery.uri': coordinator.url }), {
      logger: quiet,
      registerRoutes: [
        (app) =>
          app.addHook('onRequest', async (request) => {
            if (request.url.startsWith('/v1/task/')) requests.push(`${request.method} ${request.url}`);
          }),
        ...defaultWorkerRoutes,
      ],
    });
    await eventually('the worker is active', 20_000, async () =>
      coordinator.nodeManager.activeWorkers().length === 1 ? true : undefined,
    );
  });

  after(async () => {
    await worker?.close();
    await coordinator?.close();
  });

  async function run(sql: string): Promise<{ id: string; rows: unknown[][]; stages: number }> {
    let last = (await postStatement(coordinator.url, sql)) as Json;
    const rows: unknown[][] = [...(last.data ?? [])];
    while (last.nextUri) {
      last = (await (await fetch(last.nextUri)).json()) as Json;
      rows.push(...(last.data ?? []));
    }
    assert.equal(last.error, undefined, `${sql}: ${last.error?.message}`);
    const count = (stage: Json | undefined): number =>
      stage === undefined ? 0 : 1 + (stage.subStages as Json[]).reduce((n, s) => n + count(s), 0);
    return { id: last.id as string, rows, stages: count(last.stats.rootStage) };
  }

  const of = (id: string) => requests.filter((r) => r.includes(`/v1/task/${id}.`));

  it('gets a small output with the creation: one request to the worker', async () => {
    const { id, rows, stages } = await run('SELECT name FROM nation WHERE regionkey = 1 ORDER BY name');
    assert.equal(stages, 1);
    assert.deepEqual(rows, [['ARGENTINA'], ['BRAZIL'], ['CANADA'], ['PERU'], ['UNITED STATES']]);
    assert.deepEqual(
      of(id).map((r) => r.split(' ')[0]),
      ['POST'],
      of(id).join('\n'),
    );
  });

  it('reads an output too large to come inline with results requests', async () => {
    const { id, rows, stages } = await run(
      'SELECT a.comment, b.comment FROM nation a CROSS JOIN nation b CROSS JOIN nation c',
    );
    assert.equal(stages, 1);
    assert.equal(rows.length, 25 * 25 * 25);
    const seen = of(id);
    assert.ok(
      seen.some((r) => r.startsWith('GET') && r.includes('/results/0/')),
      seen.join('\n'),
    );
    assert.ok(
      seen.some((r) => r.startsWith('DELETE') && r.includes('/results/0')),
      seen.join('\n'),
    );
  });
});
