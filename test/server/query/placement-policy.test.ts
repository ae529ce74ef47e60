/**
 * placePlan: where a plan runs from the connectors' declarations — workers when every table read
 * (and a write's target) can be read there, the coordinator otherwise — with the errors for
 * plans that can run nowhere; and a connector that declares nothing counts as "any worker".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import type { PlanNode } from '../../../src/planner/plan-nodes.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import type { NodeInfo } from '../../../src/server/protocol/node-info.js';
import { decidePlacement, placePlan, type TablePlacement } from '../../../src/server/query/placement-policy.js';
import type { ClusterAccess } from '../../../src/server/scheduler/cluster-access.js';
import { ANY_WORKER, COORDINATOR_ONLY, type SplitPlacement } from '../../../src/spi/connector.js';
import { fixedSplitSource } from '../../../src/spi/split-source.js';

const cluster = (activeWorkers: number) => ({ cluster: true, activeWorkers, coordinatorNodeId: 'c' });

function table(name: string, placement: SplitPlacement): TablePlacement {
  return { table: { catalog: 'x', schema: 's', name }, placement };
}

const generated = table('generated', ANY_WORKER);
const onWorkers = table('held', { kind: 'nodes', nodes: ['w1', 'w2'] });
const empty = table('empty', { kind: 'nodes', nodes: [] });
const system = table('system', COORDINATOR_ONLY);
const inCoordinator = table('local', { kind: 'nodes', nodes: ['c'] });

function fails(run: () => unknown, name: string, message: string): void {
  assert.throws(run, (e: unknown) => e instanceof VivaceError && e.errorName === name && e.message === message);
}

describe('plan placement', () => {
  it('runs reads on the workers when every table can be read there', () => {
    assert.deepEqual(placePlan([generated, onWorkers, empty], undefined, cluster(2)), { runsOn: 'workers' });
    assert.deepEqual(placePlan([system], undefined, cluster(2)), { runsOn: 'coordinator', forWantOfWorkers: false });
    assert.deepEqual(placePlan([inCoordinator, generated], undefined, cluster(2)), {
      runsOn: 'coordinator',
      forWantOfWorkers: false,
    });
    // No table: nothing to spread (VALUES).
    assert.deepEqual(placePlan([], undefined, cluster(2)), { runsOn: 'coordinator', forWantOfWorkers: false });
  });

  it('says when a plan ran in the coordinator only for want of workers', () => {
    assert.deepEqual(placePlan([generated], undefined, cluster(0)), { runsOn: 'coordinator', forWantOfWorkers: true });
    assert.deepEqual(placePlan([generated], undefined, { ...cluster(0), cluster: false }), {
      runsOn: 'coordinator',
      forWantOfWorkers: false,
    });
  });

  it('refuses reads of worker-held data it cannot run on the workers', () => {
    fails(
      () => placePlan([onWorkers], undefined, cluster(0)),
      'NO_NODES_AVAILABLE',
      "No worker nodes available to read table 'x.s.held', whose data is on w1, w2",
    );
    fails(
      () => placePlan([onWorkers, system], undefined, cluster(2)),
      'NOT_SUPPORTED',
      "Table 'x.s.held' keeps its data on the workers and cannot be read together with tables only the coordinator can read",
    );
  });

  it('runs writes where the target keeps its data', () => {
    assert.deepEqual(placePlan([generated], onWorkers, cluster(2)), { runsOn: 'workers' });
    assert.deepEqual(placePlan([], empty, cluster(2)), { runsOn: 'workers' });
    assert.deepEqual(placePlan([generated], inCoordinator, cluster(2)), {
      runsOn: 'coordinator',
      forWantOfWorkers: false,
    });
    assert.deepEqual(placePlan([system], empty, cluster(2)), { runsOn: 'coordinator', forWantOfWorkers: false });
    fails(
      () => placePlan([generated], onWorkers, cluster(0)),
      'NO_NODES_AVAILABLE',
      "No worker nodes available to write table 'x.s.held', whose data is on w1, w2",
    );
    fails(
      () => placePlan([system], onWorkers, cluster(2)),
      'NOT_SUPPORTED',
      "Table 'x.s.held' keeps its data on the workers and cannot be written from tables only the coordinator can read",
    );
  });

  it('takes a connector that declares nothing as readable by any worker', () => {
    const catalogs = createCatalogManager({ nodeId: 'c' });
    catalogs.addCatalog({
      name: 'plain',
      connectorName: 'plain',
      properties: {},
      connector: {
        metadata: {
          listSchemas: async () => [],
          listTables: async () => [],
          getTable: async () => undefined,
        },
        getSplits: () => fixedSplitSource([]),
        createPageSource: () => {
          throw new Error('not read');
        },
      },
    });
    const metadata = new MetadataManager(catalogs);
    assert.deepEqual(metadata.splitPlacement({ catalog: 'plain', schema: 's', name: 't' }), ANY_WORKER);
    assert.deepEqual(metadata.splitPlacement({ catalog: 'tpch', schema: 'tiny', name: 'nation' }), ANY_WORKER);
    assert.deepEqual(
      metadata.splitPlacement({ catalog: 'memory', schema: 'information_schema', name: 'tables' }),
      COORDINATOR_ONLY,
    );
    // The columns a constraint drops splits by, as the connector declares them through the
    // catalog's information_schema wrapper: none declared, every dynamic filter is awaited.
    assert.equal(metadata.splitPruningColumns({ catalog: 'plain', schema: 's', name: 't' }), undefined);
    assert.deepEqual(
      [...metadata.splitPruningColumns({ catalog: 'tpch', schema: 'tiny', name: 'lineitem' })!],
      ['orderkey'],
    );
    assert.deepEqual(
      [...metadata.splitPruningColumns({ catalog: 'tpch', schema: 'information_schema', name: 'tables' })!],
      [],
    );
  });

  it('runs a plan reading few rows, whose data is on one node at most, as one task on one worker', () => {
    const small = (inputRows: number | undefined) => ({ ...cluster(2), inputRows, singleNodeThresholdRows: 1000 });
    const onW1 = table('on-w1', { kind: 'nodes', nodes: ['w1'] });
    const onW2 = table('on-w2', { kind: 'nodes', nodes: ['w2'] });
    assert.deepEqual(placePlan([onW1, empty, generated], undefined, small(1000)), {
      runsOn: 'workers',
      singleNode: { node: 'w1' },
    });
    assert.deepEqual(placePlan([generated], undefined, small(10)), {
      runsOn: 'workers',
      singleNode: { node: undefined },
    });
    // A write of VALUES reads nothing; where its rows land is the statement's choice.
    assert.deepEqual(placePlan([], empty, small(0)), { runsOn: 'workers', singleNode: { node: undefined } });
    assert.deepEqual(placePlan([onW2], onW1, small(5)), { runsOn: 'workers', singleNode: { node: 'w2' } });
    // More rows than the threshold, a row count unknown, data on two nodes, or the property at 0: distributed.
    assert.deepEqual(placePlan([onW1], undefined, small(1001)), { runsOn: 'workers' });
    assert.deepEqual(placePlan([onW1], undefined, small(undefined)), { runsOn: 'workers' });
    assert.deepEqual(placePlan([onW1, onW2], undefined, small(20)), { runsOn: 'workers' });
    assert.deepEqual(placePlan([onWorkers], undefined, small(20)), { runsOn: 'workers' });
    assert.deepEqual(placePlan([onW1], undefined, { ...small(20), singleNodeThresholdRows: 0 }), { runsOn: 'workers' });
    // What runs in the coordinator stays there.
    assert.deepEqual(placePlan([system], undefined, small(1)), { runsOn: 'coordinator', forWantOfWorkers: false });
  });

  it('counts a table scanned several times once (a self-join, the levels of a recursive query)', () => {
    const metadata = new MetadataManager(createCatalogManager({ nodeId: 'c' }));
    const workers = ['w1', 'w2'].map((nodeId) => ({ nodeId }) as NodeInfo);
    const services = { metadata, cluster: { activeWorkers: () => workers } as unknown as ClusterAccess, nodeId: 'c' };
    const statistics = { getTableStatistics: () => ({ rowCount: 25 }) };
    const nation = { catalog: 'tpch', schema: 'tiny', name: 'nation' };
    const scan = (id: string) =>
      ({ kind: 'TableScan', id, table: nation, outputs: [], sources: [] }) as unknown as PlanNode;
    const selfJoin = { kind: 'Union', id: 'u', outputs: [], sources: [scan('a'), scan('b')] } as unknown as PlanNode;
    // 25 rows of data, read twice: small by a 30-row threshold.
    const placement = decidePlacement(selfJoin, undefined, services, { statistics, singleNodeThresholdRows: 30 });
    assert.equal(placement.statement.runsOn === 'workers' && placement.statement.singleStage, true);
    const larger = decidePlacement(selfJoin, undefined, services, { statistics, singleNodeThresholdRows: 24 });
    assert.equal(larger.statement.runsOn === 'workers' && larger.statement.singleStage, false);
  });
});
