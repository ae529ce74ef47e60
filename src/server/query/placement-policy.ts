/**
 * Where a plan runs — on the workers or in the coordinator's own process — decided from what the
 * connectors of the tables it reads (and writes) declare (`Connector.splitPlacement`), never from
 * catalog or connector names. One pure function, so the policy can move as a whole.
 *
 * - A runner without a cluster runs everything itself.
 * - A query runs on the workers when workers are active, it reads at least one table and every
 *   table it reads can be read there (any worker, or nodes other than the coordinator).
 * - A write runs on the workers when workers are active, the target does not keep its data in the
 *   coordinator and every table it reads can be read there. A target whose data is on workers
 *   cannot be written from the coordinator: with no worker active that is NO_NODES_AVAILABLE,
 *   otherwise (a source only the coordinator can read) NOT_SUPPORTED.
 * - Whatever runs in the coordinator must not read a table whose data is on workers: again
 *   NO_NODES_AVAILABLE without workers, NOT_SUPPORTED beside coordinator-only tables.
 * - A plan that could have run on workers but found none says so (`forWantOfWorkers`), and the
 *   query then carries the COORDINATOR_ONLY_EXECUTION warning when workers were expected.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { PlanNode } from '../../planner/plan-nodes.js';
import { findNodes } from '../../planner/plan-utils.js';
import type { SplitPlacement } from '../../spi/connector.js';
import { formatObjectName, type QualifiedObjectName } from '../../spi/metadata.js';
import type { MetadataManager } from '../metadata/metadata-manager.js';
import type { NodeInfo } from '../protocol/node-info.js';
import { COORDINATOR_ONLY_WARNING } from '../protocol/query-state.js';
import type { ClusterAccess } from '../scheduler/cluster-access.js';
import type { QueryExecution } from './query-execution.js';

export interface TablePlacement {
  readonly table: QualifiedObjectName;
  readonly placement: SplitPlacement;
}

export interface PlacementContext {
  /** Whether this runner is a cluster's coordinator (workers may exist). */
  readonly cluster: boolean;
  readonly activeWorkers: number;
  readonly coordinatorNodeId: string;
}

export type PlanPlacement =
  | { readonly runsOn: 'workers' }
  | { readonly runsOn: 'coordinator'; readonly forWantOfWorkers: boolean };

/** The nodes other than the coordinator a table's data must be read on (none: readable anywhere it runs). */
function remoteNodes(placement: SplitPlacement, coordinator: string): readonly string[] {
  return placement.kind === 'nodes' ? placement.nodes.filter((node) => node !== coordinator) : [];
}

function readableOnWorkers(placement: SplitPlacement, coordinator: string): boolean {
  if (placement.kind === 'any-worker') return true;
  return placement.kind === 'nodes' && !placement.nodes.includes(coordinator);
}

/** Where a plan reading `reads` (and writing `write`) runs; throws when it can run nowhere. */
export function placePlan(
  reads: readonly TablePlacement[],
  write: TablePlacement | undefined,
  context: PlacementContext,
): PlanPlacement {
  if (!context.cluster) return { runsOn: 'coordinator', forWantOfWorkers: false };
  const coordinator = context.coordinatorNodeId;
  const haveWorkers = context.activeWorkers > 0;
  const readsOnWorkers = reads.every((read) => readableOnWorkers(read.placement, coordinator));
  const distributable = reads.length > 0 && readsOnWorkers;
  if (write !== undefined) {
    const target = write.placement;
    const held = target.kind === 'nodes' ? target.nodes : [];
    if (target.kind !== 'coordinator' && !held.includes(coordinator)) {
      if (haveWorkers && readsOnWorkers) return { runsOn: 'workers' };
      const name = formatObjectName(write.table);
      if (held.length > 0 && !haveWorkers) {
        throw new VivaceError(
          'NO_NODES_AVAILABLE',
          `No worker nodes available to write table '${name}', whose data is on ${held.join(', ')}`,
        );
      }
      if (held.length > 0) {
        throw new VivaceError(
          'NOT_SUPPORTED',
          `Table '${name}' keeps its data on the workers and cannot be written from tables only the coordinator can read`,
        );
      }
    }
  } else if (haveWorkers && distributable) {
    return { runsOn: 'workers' };
  }
  for (const read of reads) {
    const nodes = remoteNodes(read.placement, coordinator);
    if (nodes.length === 0) continue;
    const name = formatObjectName(read.table);
    if (!haveWorkers) {
      throw new VivaceError(
        'NO_NODES_AVAILABLE',
        `No worker nodes available to read table '${name}', whose data is on ${nodes.join(', ')}`,
      );
    }
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Table '${name}' keeps its data on the workers and cannot be read together with tables only the coordinator can read`,
    );
  }
  return { runsOn: 'coordinator', forWantOfWorkers: !haveWorkers && distributable };
}

/** Where a statement's plan runs: on these workers, or here. */
export type StatementPlacement =
  | { readonly runsOn: 'workers'; readonly cluster: ClusterAccess; readonly workers: readonly NodeInfo[] }
  | { readonly runsOn: 'coordinator' };

export interface PlacementServices {
  readonly metadata: MetadataManager;
  readonly cluster: ClusterAccess | undefined;
  readonly nodeId: string;
}

/**
 * Where `plan` of `query` runs (writing `target`, if given), from what the connectors of its
 * tables declare; throws when it can run nowhere. A plan for the workers that found none runs
 * here, and says so to the client when workers were expected.
 */
export function placeStatementPlan(
  query: QueryExecution,
  plan: PlanNode,
  target: QualifiedObjectName | undefined,
  services: PlacementServices,
): StatementPlacement {
  const { metadata, cluster } = services;
  const workers = cluster?.activeWorkers() ?? [];
  const reads = findNodes(plan, 'TableScan').map((scan) => ({
    table: scan.table,
    placement: metadata.splitPlacement(scan.table, scan.handle),
  }));
  const write = target === undefined ? undefined : { table: target, placement: metadata.splitPlacement(target) };
  const placement = placePlan(reads, write, {
    cluster: cluster !== undefined,
    activeWorkers: workers.length,
    coordinatorNodeId: services.nodeId,
  });
  if (placement.runsOn === 'workers' && cluster !== undefined) return { runsOn: 'workers', cluster, workers };
  if (placement.runsOn === 'coordinator' && placement.forWantOfWorkers && cluster?.workersExpected())
    query.warnings.push(COORDINATOR_ONLY_WARNING);
  return { runsOn: 'coordinator' };
}
