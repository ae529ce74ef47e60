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
 * - A plan for the workers whose scans read at most `single_node_execution_threshold_rows` rows
 *   by the statistics (every count known) and whose data is on at most one node runs as ONE
 *   stage, one task, on one worker: the node holding the data; else, for a write, a worker
 *   already holding the target's data, or the schema's "home" worker (so that a schema's small
 *   tables end up on one node and their joins stay single-node); else any worker. Exchanges,
 *   more tasks and their round trips cost far more than such a plan's work (issue 18). A plan
 *   whose small tables are spread over several workers runs distributed, as before.
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

/** What placement needs of the statement's metadata: the tables' row counts. */
export interface RowCounts {
  getTableStatistics(name: QualifiedObjectName): { readonly rowCount?: number } | undefined;
}

export interface TablePlacement {
  readonly table: QualifiedObjectName;
  readonly placement: SplitPlacement;
}

export interface PlacementContext {
  /** Whether this runner is a cluster's coordinator (workers may exist). */
  readonly cluster: boolean;
  readonly activeWorkers: number;
  readonly coordinatorNodeId: string;
  /** Rows the plan's scans read by the statistics; undefined when a table's count is unknown. */
  readonly inputRows?: number;
  /** Session `single_node_execution_threshold_rows` (0 or absent: always distributed). */
  readonly singleNodeThresholdRows?: number;
}

export type PlanPlacement =
  /** `singleNode`: one task on one worker — `node` when the data is there, otherwise any. */
  | { readonly runsOn: 'workers'; readonly singleNode?: { readonly node: string | undefined } }
  | { readonly runsOn: 'coordinator'; readonly forWantOfWorkers: boolean };

/** The nodes other than the coordinator a table's data must be read on (none: readable anywhere it runs). */
function remoteNodes(placement: SplitPlacement, coordinator: string): readonly string[] {
  return placement.kind === 'nodes' ? placement.nodes.filter((node) => node !== coordinator) : [];
}

function readableOnWorkers(placement: SplitPlacement, coordinator: string): boolean {
  if (placement.kind === 'any-worker') return true;
  return placement.kind === 'nodes' && !placement.nodes.includes(coordinator);
}

/** On the workers: as one task on one node when the plan is small and its data is on one node at most. */
function onWorkers(reads: readonly TablePlacement[], context: PlacementContext): PlanPlacement {
  const threshold = context.singleNodeThresholdRows ?? 0;
  if (threshold <= 0 || context.inputRows === undefined || context.inputRows > threshold) return { runsOn: 'workers' };
  const nodes = new Set(reads.flatMap((read) => (read.placement.kind === 'nodes' ? read.placement.nodes : [])));
  if (nodes.size > 1) return { runsOn: 'workers' };
  return { runsOn: 'workers', singleNode: { node: [...nodes][0] } };
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
      if (haveWorkers && readsOnWorkers) return onWorkers(reads, context);
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
    return onWorkers(reads, context);
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

/** Where a statement's plan runs: on these workers (`singleStage`: one task, no exchanges), or here. */
export type StatementPlacement =
  | {
      readonly runsOn: 'workers';
      readonly cluster: ClusterAccess;
      readonly workers: readonly NodeInfo[];
      readonly singleStage: boolean;
    }
  | { readonly runsOn: 'coordinator' };

export interface PlacementServices {
  readonly metadata: MetadataManager;
  readonly cluster: ClusterAccess | undefined;
  readonly nodeId: string;
}

export interface PlacementOptions {
  /** The statement's metadata, for the row counts of the tables the plan reads. */
  readonly statistics: RowCounts;
  /** Session `single_node_execution_threshold_rows`. */
  readonly singleNodeThresholdRows: number;
}

/**
 * The rows of the tables `plan` reads by the statistics, each table once (a table scanned several
 * times — a self-join, the unrolled levels of a recursive WITH query — is still that much data);
 * undefined when a table's count is unknown.
 */
function inputRowsOf(plan: PlanNode, statistics: RowCounts): number | undefined {
  let rows = 0;
  const counted = new Set<string>();
  for (const scan of findNodes(plan, 'TableScan')) {
    const key = formatObjectName(scan.table);
    if (counted.has(key)) continue;
    counted.add(key);
    const count = statistics.getTableStatistics(scan.table)?.rowCount;
    if (count === undefined || !Number.isFinite(count)) return undefined;
    rows += count;
  }
  return rows;
}

/** A small string hash (FNV-1a), for picking a schema's home worker. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The worker a single-node plan runs on: the one holding its data (`node`); for a write, one
 * already holding the target's data, else the home worker of the target's schema; else any
 * worker (spreading small queries). Undefined when the data's node is not an active worker.
 */
function singleWorker(
  node: string | undefined,
  target: QualifiedObjectName | undefined,
  targetPlacement: SplitPlacement | undefined,
  workers: readonly NodeInfo[],
): NodeInfo | undefined {
  if (node !== undefined) return workers.find((worker) => worker.nodeId === node);
  const sorted = [...workers].sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
  if (target !== undefined) {
    const held = targetPlacement?.kind === 'nodes' ? targetPlacement.nodes : [];
    const holder = sorted.find((worker) => held.includes(worker.nodeId));
    if (holder !== undefined) return holder;
    return sorted[hashOf(`${target.catalog}.${target.schema}`) % sorted.length];
  }
  return sorted[Math.floor(Math.random() * sorted.length)];
}

/** `placeStatementPlan` without its side effect on the query: what EXPLAIN asks too. */
export function decidePlacement(
  plan: PlanNode,
  target: QualifiedObjectName | undefined,
  services: PlacementServices,
  options: PlacementOptions,
): { readonly placement: PlanPlacement; readonly statement: StatementPlacement } {
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
    inputRows: inputRowsOf(plan, options.statistics),
    singleNodeThresholdRows: options.singleNodeThresholdRows,
  });
  if (placement.runsOn === 'coordinator' || cluster === undefined)
    return { placement, statement: { runsOn: 'coordinator' } };
  const single =
    placement.singleNode === undefined
      ? undefined
      : singleWorker(placement.singleNode.node, target, write?.placement, workers);
  const statement: StatementPlacement =
    single === undefined
      ? { runsOn: 'workers', cluster, workers, singleStage: false }
      : { runsOn: 'workers', cluster, workers: [single], singleStage: true };
  return { placement, statement };
}

/**
 * Where `plan` of `query` runs (writing `target`, if given), from what the connectors of its
 * tables declare and how many rows it reads; throws when it can run nowhere. A plan for the
 * workers that found none runs here, and says so to the client when workers were expected.
 */
export function placeStatementPlan(
  query: QueryExecution,
  plan: PlanNode,
  target: QualifiedObjectName | undefined,
  services: PlacementServices,
  options: PlacementOptions,
): StatementPlacement {
  const { placement, statement } = decidePlacement(plan, target, services, options);
  if (placement.runsOn === 'coordinator' && placement.forWantOfWorkers && services.cluster?.workersExpected())
    query.warnings.push(COORDINATOR_ONLY_WARNING);
  return statement;
}
