/**
 * A connector no server file knows — the tests' throw-away connector, declaring that any worker
 * can read its splits — plugged into a coordinator and two workers (in this process, over real
 * loopback HTTP) through the servers' `connectorFactories` option and an `etc/catalog` file. Its
 * scans run as tasks on both workers, which read every split between them, and the answers are
 * right; a filter it guarantees leaves no Filter in the plan, and its handle, carrying the filter,
 * reaches the workers' split listing and page sources; with no worker the same query runs in the
 * coordinator and says so.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { getValue } from '../../../src/data/block-values.js';
import { loadNodeConfig } from '../../../src/server/protocol/node-config.js';
import type { QuerySession, StageSnapshot } from '../../../src/server/protocol/query-state.js';
import { type RunningCoordinator, startCoordinator } from '../../../src/server/startup/coordinator-bootstrap.js';
import { type RunningWorker, startWorker } from '../../../src/server/worker/worker-server.js';
import { BIGINT, VARCHAR } from '../../../src/types/type.js';
import { ROWS_PER_SPLIT, SPLITS, THROWAWAY_CONNECTOR_FACTORY } from '../../connectors/throwaway-connector.js';
import { eventually } from './cluster-process-helpers.js';

const SECRET = 'plugin-connector-secret';
const quiet = pino({ level: 'silent' });
const SESSION: QuerySession = { user: 'test', catalog: 'plug', schema: 's', timeZone: 'UTC', properties: {} };
const TOTAL = SPLITS * ROWS_PER_SPLIT;

function leafStages(stage: StageSnapshot | undefined): StageSnapshot[] {
  if (stage === undefined) return [];
  const below = stage.subStages.flatMap(leafStages);
  return stage.partitioning === 'SOURCE' ? [stage, ...below] : below;
}

describe('a plug-in connector that declares any worker', { timeout: 120_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-plugin-etc-'));
  mkdirSync(join(etc, 'catalog'));
  writeFileSync(join(etc, 'catalog', 'plug.properties'), 'connector.name=throwaway\n');
  const config = (overrides: Record<string, string>) =>
    loadNodeConfig(etc, {
      'http-server.http.port': '0',
      'internal-communication.shared-secret': SECRET,
      'discovery.announcement-interval': '200ms',
      'failure-detector.warmup-interval': '200ms',
      ...overrides,
    });
  let coordinator: RunningCoordinator;
  const workers: RunningWorker[] = [];

  before(async () => {
    const factories = [THROWAWAY_CONNECTOR_FACTORY];
    coordinator = await startCoordinator(config({ 'node.id': 'coordinator' }), {
      logger: quiet,
      connectorFactories: factories,
    });
    for (const nodeId of ['worker-1', 'worker-2']) {
      workers.push(
        await startWorker(config({ 'node.id': nodeId, coordinator: 'false', 'discovery.uri': coordinator.url }), {
          logger: quiet,
          connectorFactories: factories,
        }),
      );
    }
    await eventually('two active workers', 30_000, async () =>
      coordinator.nodeManager.activeWorkers().length === 2 ? true : undefined,
    );
  });

  after(async () => {
    for (const worker of workers) await worker.close();
    await coordinator?.close();
    rmSync(etc, { recursive: true, force: true });
  });

  it('runs its scans as tasks on both workers', async () => {
    const query = await coordinator.runner.execute('SELECT count(*), sum(n), max(n) FROM numbers', SESSION);
    if (query.error) throw query.error;
    const page = query.results.poll()!;
    assert.deepEqual(
      [0, 1, 2].map((c) => getValue(page.blocks[c]!, BIGINT, 0)),
      [TOTAL, (TOTAL * (TOTAL - 1)) / 2, TOTAL - 1],
    );
    assert.deepEqual(query.warnings, []);
    const [leaf, ...others] = leafStages(query.stages?.());
    assert.ok(leaf, 'the query ran as stages');
    assert.equal(others.length, 0);
    assert.match(leaf.plan ?? '', /plug\.s\.numbers/);
    assert.deepEqual(leaf.tasks.map((task) => task.nodeId).sort(), ['worker-1', 'worker-2']);
    const splitsRead = leaf.tasks.map((task) => {
      const progress = task.info.splitProgress as { completed: number }[];
      return progress.reduce((sum, scan) => sum + scan.completed, 0);
    });
    assert.ok(
      splitsRead.every((count) => count > 0),
      `both workers read splits: ${splitsRead}`,
    );
    assert.equal(
      splitsRead.reduce((a, b) => a + b, 0),
      SPLITS,
    );
    assert.equal(
      leaf.tasks.reduce((sum, task) => sum + task.figures.rawInputPositions, 0),
      TOTAL,
    );
  });

  it('takes the filter it guarantees into its handle, which the workers read by', async () => {
    const sql = 'SELECT count(*), min(n), max(n) FROM numbers WHERE n BETWEEN 1500 AND 4499';
    const query = await coordinator.runner.execute(sql, SESSION);
    if (query.error) throw query.error;
    const page = query.results.poll()!;
    assert.deepEqual(
      [0, 1, 2].map((c) => getValue(page.blocks[c]!, BIGINT, 0)),
      [3000, 1500, 4499],
    );
    const [leaf] = leafStages(query.stages?.());
    assert.doesNotMatch(leaf?.plan ?? '', /Filter/, 'the connector guarantees the filter');
    const splitsRead = leaf!.tasks.flatMap((task) =>
      (task.info.splitProgress as { completed: number }[]).map((scan) => scan.completed),
    );
    assert.equal(
      splitsRead.reduce((a, b) => a + b, 0),
      4,
      'only the splits of 1000..4999 were listed',
    );
    const explained = await coordinator.runner.execute(`EXPLAIN ${sql}`, SESSION);
    const text = String(getValue(explained.results.poll()!.blocks[0]!, VARCHAR, 0));
    assert.doesNotMatch(text, /Filter/);
    assert.match(text, /constraint = \{n: \[1500, 4499\]\}/);
  });
});

describe('a plug-in connector with no worker active', { timeout: 60_000 }, () => {
  it('is read in the coordinator, which says it ran there for want of workers', async () => {
    const etc = mkdtempSync(join(tmpdir(), 'vivace-plugin-etc-'));
    mkdirSync(join(etc, 'catalog'));
    writeFileSync(join(etc, 'catalog', 'plug.properties'), 'connector.name=throwaway\n');
    const coordinator = await startCoordinator(
      // Workers are expected (as `vivace start` configures a coordinator with workers): running
      // alone is then worth the COORDINATOR_ONLY_EXECUTION warning.
      loadNodeConfig(etc, {
        'node.id': 'coordinator',
        'http-server.http.port': '0',
        'node-scheduler.include-coordinator': 'false',
      }),
      { logger: quiet, connectorFactories: [THROWAWAY_CONNECTOR_FACTORY] },
    );
    try {
      const query = await coordinator.runner.execute('SELECT count(*) FROM numbers WHERE n < 10', SESSION);
      if (query.error) throw query.error;
      assert.equal(getValue(query.results.poll()!.blocks[0]!, BIGINT, 0), 10);
      assert.equal(query.warnings.length, 1);
      const stage = query.stages?.();
      assert.deepEqual(stage?.subStages, []);
      assert.deepEqual(
        stage?.tasks.map((task) => task.nodeId),
        ['coordinator'],
      );
    } finally {
      await coordinator.close();
      rmSync(etc, { recursive: true, force: true });
    }
  });
});
