/**
 * Runs a fragmented plan on the workers (the coordinator's scheduler): one stage per fragment,
 * tasks `{queryId}.{stageId}.{taskNumber}` created on workers all at once (leaf stages one task
 * per worker, hash stages one task per partition, single stages one task), every task told where
 * its upstream tasks are and how to partition its output, table splits spread over the leaf
 * tasks as the connectors' split sources deliver them (honouring a split's preferred nodes), then
 * `noMoreSplits`; the query's end closes the split sources. Each task's status is
 * long-polled; the root task's output buffer is pulled into the query's result buffer. A failed
 * task fails the query at once (REMOTE_TASK_ERROR with the remote message and stack), and every
 * other task is aborted; a canceled query cancels its tasks.
 */

import { ERROR_CODES, type ErrorName } from '../../common/error-codes.js';
import { toVivaceError, VivaceError } from '../../common/vivace-error.js';
import { waitAtMost } from '../../common/wait-at-most.js';
import { deserializePages } from '../../data/page-serde.js';
import type { DynamicFilterSummary } from '../../execution/dynamic-filter/dynamic-filter-summary.js';
import type { ExchangeClient } from '../../execution/exchange/exchange-client.js';
import type { PageBuffer } from '../../execution/page-buffer.js';
import { filtersProbedInFragment } from '../../planner/dynamic-filters.js';
import { serializeFragment } from '../../planner/fragment-serde.js';
import type { FragmentedPlan, PlanFragment } from '../../planner/fragmenter.js';
import type { DynamicFilterAssignment, TableScanNode } from '../../planner/plan-nodes.js';
import { printPlan } from '../../planner/plan-printer.js';
import { findNodes } from '../../planner/plan-utils.js';
import { intersectTupleDomains } from '../../planner/tuple-domain.js';
import type { TupleDomain } from '../../spi/tuple-domain.js';
import type { Type } from '../../types/type.js';
import { taskCatalogDefinitions } from '../metadata/catalog-statements.js';
import type { MetadataManager } from '../metadata/metadata-manager.js';
import { formatDataSize } from '../protocol/airlift-format.js';
import { hasErrorCode, type InternalHttpClient, InternalHttpStatusError } from '../protocol/internal-http-client.js';
import type { NodeInfo } from '../protocol/node-info.js';
import type { StageSnapshot, StageState, TaskFigures } from '../protocol/query-state.js';
import { defineLazyJson } from '../task/lazy-json.js';
import { TASK_WITH_PAGES_CONTENT_TYPE, unframeTaskWithPages } from '../task/results-framing.js';
import { emptyTotals } from '../task/task-stats.js';
import {
  type OutputBufferType,
  type TaskSession,
  type TaskSource,
  type TaskUpdateRequest,
  taskUpdateBody,
} from '../task/task-update.js';
import { DeferredSplitSource } from './deferred-split-source.js';
import { distributedMemoryFailure } from './distributed-memory-limit.js';
import { type DynamicFilterProducers, filterConstraint, QueryDynamicFilters } from './query-dynamic-filters.js';
import { SplitAssigner } from './split-assigner.js';

const STATUS_WAIT = '1s';
/**
 * How long the creation of a query's only task may be held for its end, when every split went
 * with it: a small statement then costs one task request, no status poll.
 */
const ONLY_TASK_WAIT_DONE = '200ms';
/**
 * Largest output the only task of a query sends with its creation's answer; a larger one is read
 * with results requests, as a multi-task query's (the worker answers the creation as soon as its
 * output passes this size, so reading starts at once).
 */
const INLINE_RESULTS_MAX_BYTES = 1024 * 1024;
/** How long a scan waits for its dynamic filters when the session does not say. */
const DEFAULT_DYNAMIC_FILTER_WAIT_MS = 10_000;
/** How long a query that has all its rows waits for its tasks to report FINISHED. */
const TASK_FINISH_WAIT_MS = 5000;
/** Splits per leaf task the connector is asked for (more, smaller splits balance faster workers). */
const SPLITS_PER_TASK = 16;
/** Splits a leaf task may hold unfinished; it gets more as it completes them. */
const MAX_PENDING_SPLITS_PER_TASK = 6;
/**
 * How often the statistics of a running task are fetched with its status (Trino's
 * `task.info-update-interval`): the query resource's stage details lag by at most this much, and a
 * task of a small query is never asked for more than its status until it ends.
 */
const INFO_REFRESH_MS = 3000;

/** A task's last record with the fields of a newer status over it (the statistics stay the record's). */
function withStatus(
  previous: Record<string, unknown> | undefined,
  status: Record<string, unknown>,
): Record<string, unknown> {
  const { failures, splitProgress, figures, operatorMemory, ...taskStatus } = status;
  return {
    ...previous,
    taskId: taskStatus.taskId,
    version: taskStatus.version,
    state: taskStatus.state,
    self: taskStatus.self,
    nodeId: taskStatus.nodeId,
    taskStatus,
    failures,
    splitProgress,
    figures,
    operatorMemory,
  };
}

/** A task whose node answers its status polls with errors (it lost the task) for this long fails its query. */
const MAX_ERROR_ANSWERS_MS = 10_000;
/**
 * A task whose node does not answer its status polls at all for this long fails its query. Longer:
 * a node the failure detector still holds active answers its heartbeats, so silence on a task is
 * overload (a worker starved by a heavy query on a loaded machine), not death — a dead node fails
 * its queries at once through the failure detector. Presto waits 2 minutes.
 */
const MAX_SILENT_MS = 30_000;

export interface DistributedExecutionOptions {
  readonly queryId: string;
  readonly plan: FragmentedPlan;
  readonly workers: readonly NodeInfo[];
  readonly metadata: MetadataManager;
  readonly http: InternalHttpClient;
  readonly session: Omit<TaskSession, 'partition'>;
  /** Tasks of hash-partitioned stages (session `hash_partition_count`); at most one per worker by default. */
  readonly hashPartitionCount?: number;
  /**
   * Session `min_input_rows_per_task`: a hash stage whose inputs carry an estimate
   * (`PlanFragment.estimatedInputRows`) gets one task per this many rows, at least one, at most
   * `hashPartitionCount` (Trino sizes hash stages from estimates the same way).
   */
  readonly minInputRowsPerTask?: number;
  /** The failure detector's verdict: a task on a failed node fails its query without waiting. */
  isNodeActive?(nodeId: string): boolean;
  /**
   * The query's run on the workers, from 0: a run after the first (its first run's task creation
   * was refused by a dead node) names its tasks `{queryId}_{attempt}.{stage}.{n}`, apart from the
   * aborted tasks of the run before.
   */
  readonly attempt?: number;
  /** Session `dynamic_filtering_wait_timeout`: how long a scan's splits wait for its dynamic filters. */
  readonly dynamicFilterWaitMs?: number;
  /** The types of the root task's output (its pages, when they come inline with its creation). */
  readonly resultTypes: readonly Type[];
  /** Reads the root task's buffer `0` into the coordinator. */
  createExchangeClient(onFailure: (error: VivaceError) => void): ExchangeClient;
  readonly results: PageBuffer;
}

interface RemoteTask {
  readonly taskId: string;
  readonly partition: number;
  readonly node: NodeInfo;
  readonly uri: string;
  state: string;
  /**
   * The task's record as last known: the last full record (its statistics), with the fields of
   * every later status over it (state, version, split progress, figures, memory, failures).
   */
  info: Record<string, unknown> | undefined;
  /** When the last full record came (statuses refresh it every INFO_REFRESH_MS while the task runs). */
  infoTime: number;
  lastContact: number;
  /** A split update is in flight. */
  updating: boolean;
  /** How many dynamic filters of this task's builds the coordinator has (the task's filter version). */
  dynamicFiltersSeen: number;
  /** Completed dynamic filters already sent to this task. */
  readonly dynamicFiltersSent: Set<string>;
}

interface Stage {
  readonly fragment: PlanFragment;
  readonly tasks: RemoteTask[];
  assigners: SplitAssigner[];
  /** Whether a join of this stage collects dynamic filters (its tasks' statuses carry them). */
  producesDynamicFilters: boolean;
  /** The dynamic filters this stage's scans apply. */
  readonly consumedDynamicFilters: readonly string[];
}

const DONE_TASK_STATES = new Set(['FINISHED', 'CANCELED', 'ABORTED', 'FAILED']);

/** Whether an HTTP client error says the connection was refused (undici puts the code on the cause). */
const REFUSED = new Set(['ECONNREFUSED']);

function isConnectionRefused(error: unknown): boolean {
  return hasErrorCode(error, REFUSED) || (error instanceof Error && /ECONNREFUSED/.test(error.message));
}

export class DistributedExecution {
  private readonly stages = new Map<string, Stage>();
  /** Stage plans as text, printed when first read (the query resource, EXPLAIN ANALYZE): most statements never are. */
  private readonly planTexts = new Map<string, string>();
  private taskChangeWaiters: (() => void)[] = [];
  private failure: VivaceError | undefined;
  private canceled = false;
  private finished = false;
  private rootClient: ExchangeClient | undefined;
  /** The only task's output, when its creation answered with it (`createTask`). */
  private inlinePages: Uint8Array[] | undefined;
  /** A node that refused the connection when a task was created there (the query failed for it). */
  refusedNodeId: string | undefined;
  /** Whether any row reached the query's results. */
  delivered = false;
  private dynamicFilters = new QueryDynamicFilters(new Map());
  private settle!: (error?: VivaceError) => void;
  /** Settles when the query's results are all in the coordinator, or with its failure. */
  readonly done: Promise<void>;

  constructor(private readonly options: DistributedExecutionOptions) {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
    });
    // The caller always awaits `done`; this keeps an early failure from being an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** The stage of fragment `id` (every fragment has one once started). */
  private stage(id: string): Stage {
    const stage = this.stages.get(id);
    if (stage === undefined) throw new VivaceError('GENERIC_INTERNAL_ERROR', `no stage for fragment ${id}`);
    return stage;
  }

  /** Creates every task, hands out the splits, and starts pulling results and statuses. */
  /**
   * Tasks of a hash stage: `hashPartitionCount` (one per worker by default), or fewer when the
   * statistics expect few input rows — a FINAL aggregation of a handful of groups (TPC-H q07's
   * nations and years) spread over every worker costs a task per worker, its statuses and a
   * partitioned copy of a few rows from every producer, and runs no faster.
   */
  private hashTaskCount(fragment: PlanFragment, workers: number): number {
    const most = this.options.hashPartitionCount ?? workers;
    const rows = fragment.estimatedInputRows;
    const perTask = this.options.minInputRowsPerTask;
    if (rows === undefined || perTask === undefined) return most;
    return Math.max(1, Math.min(most, Math.ceil(rows / perTask)));
  }

  async start(): Promise<void> {
    const { plan, workers } = this.options;
    if (workers.length === 0) throw new VivaceError('NO_NODES_AVAILABLE', 'No worker nodes available');
    let nextWorker = Math.floor(Math.random() * workers.length);
    const workerAt = (index: number): NodeInfo => {
      const worker = workers[index % workers.length];
      if (worker === undefined) throw new VivaceError('NO_NODES_AVAILABLE', 'No worker nodes available');
      return worker;
    };
    const pick = () => workerAt(nextWorker++);
    for (const fragment of plan.fragments) {
      let count: number;
      if (fragment.partitioning === 'SOURCE') count = workers.length;
      else if (fragment.partitioning === 'HASH') count = this.hashTaskCount(fragment, workers.length);
      else count = 1;
      const tasks: RemoteTask[] = [];
      for (let partition = 0; partition < count; partition++) {
        const node = fragment.partitioning === 'SOURCE' ? workerAt(partition) : pick();
        tasks.push(this.newTask(fragment.id, partition, node));
      }
      const consumedDynamicFilters = findNodes(fragment.root, 'TableScan').flatMap(
        (scan) => scan.dynamicFilters?.map((f) => f.id) ?? [],
      );
      const stage: Stage = { fragment, tasks, assigners: [], producesDynamicFilters: false, consumedDynamicFilters };
      this.stages.set(fragment.id, stage);
    }
    // Once every stage exists (a failure here still shows the whole stage tree).
    for (const stage of this.stages.values()) stage.assigners = this.createAssigners(stage);
    // The first batch of every scan's splits goes out with the task's creation — except for scans
    // that wait for dynamic filters, whose builds need the tasks created first.
    await Promise.all(
      [...this.stages.values()].flatMap((stage) =>
        stage.assigners.filter((a) => !this.waitsForDynamicFilters(a.planNodeId, stage)).map((a) => a.fill()),
      ),
    );
    if (this.failure) throw this.failure;
    let trimOffset = Math.floor(Math.random() * workers.length);
    for (const stage of this.stages.values()) if (this.trimLeafStage(stage, trimOffset)) trimOffset++;
    // With every stage's tasks settled: who produces each filter, then the scans that wait for them.
    this.dynamicFilters = new QueryDynamicFilters(this.dynamicFilterProducers());
    for (const stage of this.stages.values()) {
      for (const a of stage.assigners) if (this.waitsForDynamicFilters(a.planNodeId, stage)) void a.fill();
    }
    const consumers = new Map<string, Stage>();
    for (const stage of this.stages.values()) {
      for (const child of stage.fragment.childIds) consumers.set(child, stage);
    }
    // Every task is created at once, producers' requests first (a child fragment's id is above its
    // parent's); a consumer asking for results before its producer exists is held by the worker
    // until the producer's first update arrives. One round trip instead of one per stage.
    const ordered = [...this.stages.values()].sort((a, b) => Number(b.fragment.id) - Number(a.fragment.id));
    const creations: Promise<void>[] = [];
    let inline = false;
    for (const stage of ordered) {
      const consumer = consumers.get(stage.fragment.id);
      const bufferCount =
        consumer === undefined || stage.fragment.outputPartitioning.kind === 'SINGLE' ? 1 : consumer.tasks.length;
      const type: OutputBufferType =
        stage.fragment.outputPartitioning.kind === 'HASH'
          ? 'PARTITIONED'
          : stage.fragment.outputPartitioning.kind === 'BROADCAST'
            ? 'BROADCAST'
            : 'ARBITRARY';
      const fragmentJson = serializeFragment(stage.fragment);
      const catalogs = taskCatalogDefinitions(this.options.metadata.catalogs);
      for (const task of stage.tasks) {
        const sources: TaskSource[] = [...this.remoteSources(stage), ...this.splitsFor(task, stage)];
        const domains = this.unsentDynamicFilters(task, stage);
        const request: Omit<TaskUpdateRequest, 'fragment'> = {
          session: { ...this.options.session, partition: task.partition, partitionCount: stage.tasks.length },
          sources,
          outputIds: { type, bufferCount },
          catalogs,
          ...(domains !== undefined ? { dynamicFilterDomains: domains } : {}),
        };
        const onlyTask = this.stages.size === 1 && stage.tasks.length === 1 && sources.every((s) => s.noMoreSplits);
        creations.push(this.createTask(task, taskUpdateBody(request, fragmentJson), onlyTask));
        inline ||= onlyTask;
      }
    }
    // The root task's results are asked for with its creation, not after it: the worker holds a
    // results request for a task it is still creating, and a small query saves a round trip. The
    // only task of a query is instead asked for its results inline, with its creation's answer.
    if (!inline) this.pullResults();
    await Promise.all(creations);
    if (inline && !this.isOver()) {
      const pages = this.inlinePages;
      this.inlinePages = undefined;
      if (pages === undefined) this.pullResults();
      else this.deliverInline(pages);
    }
    if (this.canceled) throw new VivaceError('USER_CANCELED', 'Query was canceled');
    if (this.failure) throw this.failure;
    for (const stage of this.stages.values()) for (const task of stage.tasks) void this.pollStatus(task, stage);
  }

  private newTask(fragmentId: string, partition: number, node: NodeInfo): RemoteTask {
    const attempt = this.options.attempt ?? 0;
    const taskId = `${this.options.queryId}${attempt > 0 ? `_${attempt}` : ''}.${fragmentId}.${partition}`;
    return {
      taskId,
      partition,
      node,
      uri: `${node.uri}/v1/task/${taskId}`,
      state: 'PLANNED',
      info: undefined,
      infoTime: Date.now(),
      lastContact: Date.now(),
      updating: false,
      dynamicFiltersSeen: 0,
      dynamicFiltersSent: new Set(),
    };
  }

  /**
   * A leaf stage whose tables turned out to be fewer splits than it has tasks (a small file: one
   * split) runs only as many tasks as splits, at least one: a task with nothing to read still
   * costs its creation, its status polls and an exchange for every consumer. Only when every scan
   * of the stage is fully listed (not one that waits for dynamic filters); which workers keep the
   * tasks rotates (`offset`), so such stages spread over the cluster. A stage whose splits are all
   * bound to nodes (memory tables' pages) keeps the tasks on those nodes. True when the stage was
   * trimmed.
   */
  private trimLeafStage(stage: Stage, offset: number): boolean {
    if (stage.fragment.partitioning !== 'SOURCE' || stage.tasks.length <= 1 || stage.assigners.length === 0) {
      return false;
    }
    const listed = stage.assigners.every((a) => !this.waitsForDynamicFilters(a.planNodeId, stage));
    if (!listed) return false;
    const all = stage.tasks.length;
    let nodes: (NodeInfo | undefined)[];
    const bound = stage.assigners.map((a) => a.knownBoundNodes);
    if (bound.every((named) => named !== undefined)) {
      const named = new Set(bound.flatMap((set) => [...(set ?? [])]));
      nodes = stage.tasks.map((t) => t.node).filter((node) => named.has(node.nodeId) || named.has(node.uri));
      if (nodes.length === 0) nodes = [stage.tasks[offset % all]?.node];
    } else {
      let splits = 0;
      for (const assigner of stage.assigners) {
        const count = assigner.knownUnboundSplitCount;
        if (count === undefined) return false;
        splits = Math.max(splits, count);
      }
      const keep = Math.max(1, splits);
      nodes = Array.from({ length: Math.min(keep, all) }, (_, i) => stage.tasks[(offset + i) % all]?.node);
    }
    if (nodes.length >= all) return false;
    const kept = nodes.flatMap((node, partition) =>
      node === undefined ? [] : [this.newTask(stage.fragment.id, partition, node)],
    );
    stage.tasks.splice(0, all, ...kept);
    const splitTasks = kept.map((t) => ({ partition: t.partition, nodeId: t.node.nodeId, nodeUri: t.node.uri }));
    for (const assigner of stage.assigners) assigner.replaceTasks(splitTasks);
    return true;
  }

  /**
   * Creates `task` on its worker. The only task of a query (`onlyTask`: one stage, one task, every
   * split sent with it) is asked to answer when it is done, with its output inline when that is
   * small (task-resource.ts): its creation is then its only round trip.
   */
  private async createTask(task: RemoteTask, body: string, onlyTask: boolean): Promise<void> {
    try {
      // The creation answers with the full record (small before anything ran): the query resource
      // has every section of it from the start; statuses update it from then on.
      const response = await this.options.http.checked(task.uri, {
        method: 'POST',
        body,
        // Sent again after a reset connection: a repeated creation updates the task with splits
        // it already has. Not a creation that takes the task's output inline: an answer lost after
        // it took the rows would lose them.
        idempotent: !onlyTask,
        headers: onlyTask
          ? {
              'content-type': 'application/json',
              'X-Vivace-Max-Wait-Done': ONLY_TASK_WAIT_DONE,
              'X-Vivace-Inline-Results': formatDataSize(INLINE_RESULTS_MAX_BYTES),
            }
          : { 'content-type': 'application/json' },
      });
      if (response.headers['content-type'] === TASK_WITH_PAGES_CONTENT_TYPE) {
        const answer = unframeTaskWithPages(response.body);
        this.inlinePages = answer.pages;
        this.record(task, answer.info, answer.statsJson);
      } else {
        this.record(task, JSON.parse(response.body.toString('utf8')) as Record<string, unknown>);
      }
      // The query ended while this task was being created: it must not run on.
      if (this.isOver() && !this.finished) this.deleteTask(task, this.failure !== undefined);
    } catch (e) {
      // Nothing listens at the node: no task was made there (a worker that died since the failure
      // detector last heard from it). The caller may run the query again without it.
      if (!this.isOver() && isConnectionRefused(e)) this.refusedNodeId = task.node.nodeId;
      this.fail(
        new VivaceError(
          'REMOTE_TASK_ERROR',
          `Could not create task ${task.taskId} on ${task.node.nodeId} (${task.node.uri}): ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
    }
  }

  /** The RemoteSource nodes of a stage, each with the URIs of its upstream tasks. */
  private remoteSources(stage: Stage): TaskSource[] {
    return findNodes(stage.fragment.root, 'RemoteSource').map((node) => {
      const upstream = node.sourceFragmentIds.flatMap((id) => this.stage(id).tasks);
      return {
        planNodeId: node.id,
        splits: upstream.map((task, sequenceId) => ({ sequenceId, split: { location: task.uri } })),
        noMoreSplits: true,
      };
    });
  }

  /** A split assigner per table scan of a leaf stage, over the scan's split source. */
  private createAssigners(stage: Stage): SplitAssigner[] {
    if (stage.fragment.partitioning !== 'SOURCE') return [];
    const tasks = stage.tasks.map((t) => ({ partition: t.partition, nodeId: t.node.nodeId, nodeUri: t.node.uri }));
    return findNodes(stage.fragment.root, 'TableScan').map((scan) => {
      const listSplits = (constraint: TupleDomain | undefined) =>
        this.options.metadata.getSplits(scan.table, {
          handle: scan.handle,
          columns: scan.assignments.map((a) => a.column),
          ...(constraint !== undefined ? { constraint } : {}),
          desiredSplits: tasks.length * SPLITS_PER_TASK,
          tasks: tasks.length,
        });
      const filters = this.awaitedDynamicFilters(scan);
      const source =
        filters.length === 0
          ? listSplits(scan.constraint)
          : new DeferredSplitSource(async () => {
              await this.dynamicFilters.whenComplete(
                filters.map((f) => f.id),
                this.options.dynamicFilterWaitMs ?? DEFAULT_DYNAMIC_FILTER_WAIT_MS,
                this.done,
              );
              return listSplits(this.narrowedConstraint(scan));
            });
      const events = {
        onSplits: () => {
          for (const task of stage.tasks) this.topUp(task, stage);
        },
        onFailure: (error: unknown) => this.fail(toVivaceError(error) as VivaceError),
      };
      const table = `${scan.table.catalog}.${scan.table.schema}.${scan.table.name}`;
      return new SplitAssigner(
        scan.id,
        source,
        tasks,
        MAX_PENDING_SPLITS_PER_TASK,
        events,
        table,
        scan.bucketed === true,
      );
    });
  }

  /** Per dynamic filter, the tasks of the stage whose join collects it, and whether each holds every key. */
  private dynamicFilterProducers(): Map<string, DynamicFilterProducers> {
    const producers = new Map<string, DynamicFilterProducers>();
    for (const stage of this.stages.values()) {
      const joins = [...findNodes(stage.fragment.root, 'Join'), ...findNodes(stage.fragment.root, 'SemiJoin')];
      const probedInTask = filtersProbedInFragment(stage.fragment.root);
      for (const join of joins) {
        for (const filter of join.dynamicFilters ?? []) {
          producers.set(filter.id, {
            taskIds: stage.tasks.map((t) => t.taskId),
            replicated: join.distribution === 'REPLICATED',
            probedInTask: probedInTask.has(filter.id),
          });
          stage.producesDynamicFilters = true;
        }
      }
    }
    return producers;
  }

  private waitsForDynamicFilters(planNodeId: string, stage: Stage): boolean {
    const scan = findNodes(stage.fragment.root, 'TableScan').find((s) => s.id === planNodeId);
    return scan !== undefined && this.awaitedDynamicFilters(scan).length > 0;
  }

  /**
   * The dynamic filters a scan's split listing waits for: those that filter rows before other
   * work (a join or aggregation between the scan and the filter's join), whose whole effect needs
   * them from the first row, and those on a column by which the scan's connector can drop splits
   * (every filter when the connector does not say). A filter whose join probes the scan's rows
   * right above it (`splitsOnly`) on any other column can do nothing for the scan: waiting for it
   * only held the scan back (TPC-H q02 waited for region, then nation, then supplier).
   */
  private awaitedDynamicFilters(scan: TableScanNode): readonly DynamicFilterAssignment[] {
    const filters = scan.dynamicFilters ?? [];
    if (!filters.some((filter) => filter.splitsOnly)) return filters;
    const pruning = this.options.metadata.splitPruningColumns(scan.table, scan.handle);
    if (pruning === undefined) return filters;
    return filters.filter((filter) => {
      if (!filter.splitsOnly) return true;
      const column = scan.assignments.find((a) => a.symbol === filter.symbol)?.column;
      return column !== undefined && pruning.has(column.toLowerCase());
    });
  }

  /** The scan's constraint and its completed dynamic filters, for its split enumeration. */
  private narrowedConstraint(scan: TableScanNode): TupleDomain | undefined {
    let constraint = scan.constraint;
    for (const filter of scan.dynamicFilters ?? []) {
      const summary = this.dynamicFilters.completed(filter.id);
      const column = scan.assignments.find((a) => a.symbol === filter.symbol)?.column;
      const type = scan.outputs.find((o) => o.name === filter.symbol)?.type;
      if (summary === undefined || column === undefined || type === undefined) continue;
      const narrowing = filterConstraint(summary, column);
      if (narrowing === undefined) continue;
      // Only the filtered column is intersected, so its type is the only one asked for.
      constraint = intersectTupleDomains(constraint, narrowing, () => type);
    }
    return constraint;
  }

  /** The completed dynamic filters of the stage's scans that `task` has not been sent. */
  private unsentDynamicFilters(task: RemoteTask, stage: Stage): Record<string, DynamicFilterSummary> | undefined {
    let domains: Record<string, DynamicFilterSummary> | undefined;
    for (const id of stage.consumedDynamicFilters) {
      if (task.dynamicFiltersSent.has(id)) continue;
      const summary = this.dynamicFilters.completed(id);
      if (summary === undefined) continue;
      task.dynamicFiltersSent.add(id);
      domains ??= {};
      domains[id] = summary;
    }
    return domains;
  }

  /** The query needs no more splits: every scan's source stops listing. */
  private closeSplitSources(): void {
    for (const stage of this.stages.values()) for (const assigner of stage.assigners) assigner.close();
  }

  /** New splits for a task whose pending splits fell below the bound, from its reported progress. */
  private splitsFor(task: RemoteTask, stage: Stage): TaskSource[] {
    const progress = (task.info?.splitProgress as { planNodeId: string; completed: number }[] | undefined) ?? [];
    const sources: TaskSource[] = [];
    for (const assigner of stage.assigners) {
      const completed = progress.find((p) => p.planNodeId === assigner.planNodeId)?.completed ?? 0;
      const next = assigner.next(
        { partition: task.partition, nodeId: task.node.nodeId, nodeUri: task.node.uri },
        completed,
      );
      if (next) sources.push(next);
    }
    return sources;
  }

  /**
   * Sends a running task the splits it has room for (one update at a time per task; splits that
   * arrived meanwhile go out when the update is answered).
   */
  private topUp(task: RemoteTask, stage: Stage): void {
    if (task.updating || task.info === undefined || stage.assigners.length === 0 || this.isOver()) return;
    const sources = this.splitsFor(task, stage);
    if (sources.length === 0) return;
    const domains = this.unsentDynamicFilters(task, stage);
    const body: TaskUpdateRequest = { sources, ...(domains !== undefined ? { dynamicFilterDomains: domains } : {}) };
    task.updating = true;
    this.options.http
      .json<Record<string, unknown>>(`${task.uri}?summarize`, { method: 'POST', body, idempotent: true })
      .then((info) => this.record(task, info))
      .catch((e) => this.fail(this.unreachable(task, e)))
      .finally(() => {
        task.updating = false;
        this.topUp(task, stage);
      });
  }

  private unreachable(task: RemoteTask, e: unknown): VivaceError {
    return new VivaceError(
      'REMOTE_TASK_ERROR',
      `Could not update task ${task.taskId} on ${task.node.nodeId} (${task.node.uri}): ${e instanceof Error ? e.message : String(e)}`,
    );
  }

  /**
   * Takes in a task's answer: its full record (`stats` present, or given apart as `statsJson`, the
   * text of an inline answer's statistics, parsed when read), or its status (task-info.ts),
   * perhaps with the record attached.
   */
  private record(task: RemoteTask, answer: Record<string, unknown>, statsJson?: string): void {
    const { dynamicFilters, taskInfo, ...fields } = answer;
    if (dynamicFilters !== undefined && typeof dynamicFilters === 'object' && dynamicFilters !== null) {
      const summaries = dynamicFilters as Record<string, unknown>;
      // The filters came with the version they make up (the task status's), or count them.
      const status = (fields.taskStatus as { dynamicFiltersVersion?: unknown } | undefined) ?? fields;
      const version = Number(status.dynamicFiltersVersion);
      task.dynamicFiltersSeen = Math.max(
        task.dynamicFiltersSeen,
        Number.isInteger(version) ? version : Object.keys(summaries).length,
      );
      this.dynamicFilters.report(task.taskId, summaries);
    }
    let info: Record<string, unknown>;
    if (statsJson !== undefined) {
      info = fields;
      defineLazyJson(info, 'stats', statsJson);
      task.infoTime = Date.now();
    } else if (fields.stats !== undefined) {
      info = fields;
      task.infoTime = Date.now();
    } else if (taskInfo !== undefined && typeof taskInfo === 'object' && taskInfo !== null) {
      info = { ...(taskInfo as Record<string, unknown>), operatorMemory: fields.operatorMemory };
      task.infoTime = Date.now();
    } else {
      info = withStatus(task.info, fields);
    }
    task.info = info;
    task.state = String(info.state);
    task.lastContact = Date.now();
    if (DONE_TASK_STATES.has(task.state)) this.dynamicFilters.taskDone(task.taskId);
    for (const waiter of this.taskChangeWaiters.splice(0)) waiter();
    this.enforceMemoryLimit();
    if (task.state === 'FAILED' && !this.failure && !this.canceled) {
      const failures =
        (info.failures as
          | { message?: string; stack?: string[]; errorCode?: { name?: string; type?: string } }[]
          | undefined) ?? [];
      const cause = failures[0];
      // A query's own error (division by zero, a bad cast, a memory limit) reaches the client as
      // itself; failures of the machinery say which task and node failed.
      const name = cause?.errorCode?.name;
      const own = name !== undefined && name in ERROR_CODES && cause?.errorCode?.type !== 'INTERNAL_ERROR';
      const error = own
        ? new VivaceError(name as ErrorName, cause?.message ?? name)
        : new VivaceError(
            'REMOTE_TASK_ERROR',
            `Task ${task.taskId} failed on ${task.node.nodeId}: ${cause?.message ?? 'unknown error'}`,
          );
      if (cause?.stack) error.stack = `${error.message}\n${cause.stack.map((line) => `    at ${line}`).join('\n')}`;
      this.fail(error);
    }
  }

  /**
   * The query's distributed limit (`query_max_memory`) over what its tasks last reported, as
   * Trino's cluster memory manager: each worker already stops a query that alone passes it there;
   * this catches one whose tasks pass it together. Statuses come at least every second.
   */
  private enforceMemoryLimit(): void {
    const limit = this.options.session.memoryLimitBytes;
    if (limit === undefined || this.isOver()) return;
    const infos = [...this.stages.values()].flatMap((stage) => stage.tasks.map((task) => task.info));
    const failure = distributedMemoryFailure(limit, infos);
    if (failure !== undefined) this.fail(failure);
  }

  private async pollStatus(task: RemoteTask, stage: Stage): Promise<void> {
    while (!DONE_TASK_STATES.has(task.state) && !this.isOver()) {
      this.topUp(task, stage);
      try {
        const refresh = Date.now() - task.infoTime >= INFO_REFRESH_MS;
        const info = await this.options.http.json<Record<string, unknown>>(`${task.uri}/status`, {
          headers: {
            ...(refresh ? { 'X-Vivace-Task-Info': 'true' } : {}),
            'X-Service-Current-State': task.state,
            'X-Service-Current-Version': String(task.info?.version ?? 0),
            'X-Service-Max-Wait': STATUS_WAIT,
            ...(stage.producesDynamicFilters
              ? { 'X-Vivace-Dynamic-Filters-Version': String(task.dynamicFiltersSeen) }
              : {}),
          },
          timeoutMs: 5000,
        });
        this.record(task, info);
      } catch (e) {
        const nodeFailed = this.options.isNodeActive?.(task.node.nodeId) === false;
        const bound = e instanceof InternalHttpStatusError ? MAX_ERROR_ANSWERS_MS : MAX_SILENT_MS;
        if (nodeFailed || Date.now() - task.lastContact > bound) {
          this.fail(
            new VivaceError(
              'REMOTE_TASK_ERROR',
              `Encountered too many errors talking to worker ${task.node.nodeId} (${task.node.uri}) for task ${task.taskId}: ${e instanceof Error ? e.message : String(e)}`,
            ),
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private pullResults(): void {
    const root = this.stage('0').tasks[0];
    if (root === undefined) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'the root stage has no task');
    const client = this.options.createExchangeClient((error) => this.fail(error));
    this.rootClient = client;
    client.addLocation(root.uri);
    client.noMoreLocations();
    const results = this.options.results;
    const pump = async (): Promise<void> => {
      while (!this.isOver()) {
        const page = client.pollPage();
        if (page !== null) {
          results.add(page);
          this.delivered = true;
          if (results.isFull()) await results.whenNotFull();
          continue;
        }
        if (client.isFinished()) {
          await this.endResults();
          return;
        }
        await client.whenReady();
      }
    };
    pump().catch((e) => this.fail(e));
  }

  /** The root task's whole output, as its creation answered it: into the results, then the end. */
  private deliverInline(frames: readonly Uint8Array[]): void {
    const results = this.options.results;
    const deliver = async (): Promise<void> => {
      for (const frame of frames) {
        for (const page of deserializePages(frame, this.options.resultTypes)) {
          if (this.isOver()) return;
          results.add(page);
          this.delivered = true;
          if (results.isFull()) await results.whenNotFull();
        }
      }
      await this.endResults();
    };
    deliver().catch((e) => this.fail(e));
  }

  /**
   * Every row is here: the statement protocol may answer the last of them together with the
   * query's end, instead of in one more response (its GET waits for the end).
   */
  private async endResults(): Promise<void> {
    this.options.results.finish();
    this.closeSplitSources();
    await this.whenAllTasksDone(TASK_FINISH_WAIT_MS);
    this.finished = true;
    this.settle();
  }

  /**
   * After the last page: the tasks report FINISHED on their next status (their buffers are
   * drained), so the query ends with every stage done, as Presto's; bounded, in case a status
   * is slow to come.
   */
  private async whenAllTasksDone(maxWaitMs: number): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    while (!this.allTasksDone() && this.failure === undefined && !this.canceled) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return;
      await waitAtMost(new Promise<void>((resolve) => this.taskChangeWaiters.push(resolve)), remaining);
    }
  }

  private allTasksDone(): boolean {
    for (const stage of this.stages.values()) {
      for (const task of stage.tasks) if (!DONE_TASK_STATES.has(task.state)) return false;
    }
    return true;
  }

  private isOver(): boolean {
    return this.finished || this.failure !== undefined || this.canceled;
  }

  /** Fails the query: every task is aborted. */
  fail(error: VivaceError): void {
    if (this.isOver()) return;
    this.failure = error;
    this.abortTasks(true);
    this.settle(error);
  }

  /** The query was canceled (or ended early): tasks are canceled. */
  cancel(): void {
    if (this.isOver()) return;
    this.canceled = true;
    this.abortTasks(false);
    this.settle(new VivaceError('USER_CANCELED', 'Query was canceled'));
  }

  private abortTasks(abort: boolean): void {
    this.closeSplitSources();
    this.rootClient?.close(false);
    for (const stage of this.stages.values()) {
      for (const task of stage.tasks) {
        // Tasks never created (no info) and tasks already done need nothing.
        if (task.info === undefined || DONE_TASK_STATES.has(task.state)) continue;
        this.deleteTask(task, abort);
      }
    }
  }

  private deleteTask(task: RemoteTask, abort: boolean): void {
    this.options.http
      .request(`${task.uri}${abort ? '?abort=true' : ''}`, { method: 'DELETE', timeoutMs: 2000, idempotent: true })
      .then((response) => {
        if (response.statusCode === 200) this.record(task, JSON.parse(response.body.toString('utf8')));
      })
      .catch(() => undefined);
  }

  /** The stage tree as last seen, for the statement and query resources. */
  snapshot(): StageSnapshot {
    const planTexts = this.planTexts;
    const build = (id: string): StageSnapshot => {
      const stage = this.stage(id);
      return {
        stageId: id,
        state: this.stageState(stage),
        partitioning: stage.fragment.partitioning,
        get plan() {
          let text = planTexts.get(id);
          if (text === undefined) {
            text = printPlan(stage.fragment.root);
            planTexts.set(id, text);
          }
          return text;
        },
        tasks: stage.tasks.map((task) => ({
          nodeId: task.node.nodeId,
          state: task.state,
          info: task.info ?? { taskId: task.taskId, state: task.state, self: task.uri },
          figures: (task.info?.figures as TaskFigures | undefined) ?? emptyTotals(),
        })),
        subStages: stage.fragment.childIds.map(build),
        ...(stage.consumedDynamicFilters.length > 0
          ? { dynamicFilters: stage.consumedDynamicFilters.map((id) => this.dynamicFilters.describe(id)) }
          : {}),
      };
    };
    return build('0');
  }

  private stageState(stage: Stage): StageState {
    const states = stage.tasks.map((t) => t.state);
    if (states.some((s) => s === 'FAILED')) return 'FAILED';
    if (states.length > 0 && states.every((s) => s === 'FINISHED')) return 'FINISHED';
    if (this.canceled && states.every((s) => DONE_TASK_STATES.has(s))) return 'CANCELED';
    if (this.failure && states.every((s) => DONE_TASK_STATES.has(s))) return 'ABORTED';
    if (states.some((s) => s === 'RUNNING' || s === 'FLUSHING')) return 'RUNNING';
    if (stage.tasks.some((t) => t.info !== undefined)) return 'SCHEDULED';
    return 'PLANNED';
  }
}
