/**
 * The SQL logic test suite through a cluster: the coordinator runs in the test process (a fresh
 * runner and memory catalog per golden file, as in-process) and two worker processes run every
 * query over `tpch` as distributed stages, so the same golden answers hold across exchanges,
 * partial aggregations and partitioned or replicated joins.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { createCatalogManager } from '../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../src/server/metadata/metadata-manager.js';
import { loadNodeConfig } from '../../src/server/protocol/node-config.js';
import { QueryManager } from '../../src/server/query/query-manager.js';
import { createClusterAccess } from '../../src/server/scheduler/cluster-access.js';
import { type RunningCoordinator, startCoordinator } from '../../src/server/startup/coordinator-bootstrap.js';
import { eventually, type RoleProcess, startRole, stopProcess } from '../server/cluster/cluster-process-helpers.js';
import { registerGoldenSuite } from './sql-logic-suite.js';

const SECRET = 'sql-logic-cluster-secret';
let coordinator: RunningCoordinator;
const workers: RoleProcess[] = [];

before(async () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-sql-logic-etc-'));
  writeFileSync(join(etc, 'node.properties'), 'node.environment=sql_logic\n');
  const config = loadNodeConfig(etc, {
    'node.id': 'coordinator',
    'http-server.http.port': '0',
    'internal-communication.shared-secret': SECRET,
    'discovery.announcement-interval': '500ms',
    'failure-detector.warmup-interval': '200ms',
  });
  coordinator = await startCoordinator(config, { logger: (await import('pino')).pino({ level: 'silent' }) });
  const env = { VIVACE_INTERNAL_SHARED_SECRET: SECRET };
  const start = (nodeId: string) =>
    startRole(['worker', '--etc', etc, '--port', '0', '--node-id', nodeId, '--discovery-uri', coordinator.url], env);
  workers.push(...(await Promise.all([start('worker-1'), start('worker-2')])));
  await eventually('two active workers', 30_000, async () =>
    coordinator.nodeManager.activeWorkers().length === 2 ? true : undefined,
  );
});

after(async () => {
  await Promise.all(workers.map((w) => stopProcess(w.child)));
  await coordinator?.close();
});

registerGoldenSuite('SQL logic tests on a 2-worker cluster', [{ name: 'default pages', properties: {} }], () => {
  const catalogs = createCatalogManager({ nodeId: 'sql-logic' });
  return new QueryManager({
    metadata: new MetadataManager(catalogs),
    cluster: createClusterAccess(coordinator.httpClient, () => coordinator.nodeManager.activeWorkers()),
    nodeId: 'sql-logic',
  });
});
