/**
 * One task on a worker: a plan fragment run over the splits the scheduler assigns to it, its
 * rows written into an output buffer that consumer tasks (or the coordinator) pull. Follows
 * Presto's task state machine: PLANNED → RUNNING → FLUSHING (drivers done, output not yet
 * drained) → FINISHED, or CANCELED / ABORTED / FAILED. Every change bumps `version`, which the
 * coordinator's status long-poll waits on.
 *
 * Updates are idempotent: splits carry sequence ids and a split already seen is ignored, so a
 * retried request never adds a split twice.
 */
import { randomUUID } from 'node:crypto';
import { toVivaceError, VivaceError } from '../../common/vivace-error.js';
import type { Driver } from '../../execution/driver.js';
import {
  type DynamicFilterSummary,
  splitPruningSummary,
} from '../../execution/dynamic-filter/dynamic-filter-summary.js';
import type { ExchangeBufferOptions, ExchangeClient } from '../../execution/exchange/exchange-client.js';
import { ExchangeOperatorFactory } from '../../execution/exchange/exchange-operator.js';
import { MergeOperator, MergeSource } from '../../execution/exchange/merge-operator.js';
import { exchangeBufferBytes, OutputBuffer } from '../../execution/exchange/output-buffer.js';
import { TaskOutputOperatorFactory } from '../../execution/exchange/task-output-operator.js';
import type { EngineFunctions } from '../../execution/expression/engine-functions.js';
import { LocalPlanner } from '../../execution/local-planner.js';
import { type NodeMemoryPool, QueryMemoryPool } from '../../execution/memory-context.js';
import type { Operator } from '../../execution/operator.js';
import { adaptivePartialAggregation } from '../../execution/operators/hash-aggregation-operator.js';
import type { TableScanOperator } from '../../execution/operators/table-scan-operator.js';
import { processExecutor, type TaskExecution } from '../../execution/task-executor.js';
import { filtersProbedInFragment } from '../../planner/dynamic-filters.js';
import { deserializeFragment } from '../../planner/fragment-serde.js';
import type { PlanFragment } from '../../planner/fragmenter.js';
import type { ConnectorSplit, KeyFilter } from '../../spi/connector.js';
import type { Type } from '../../types/type.js';
import type { MetadataManager } from '../metadata/metadata-manager.js';
import type { OutputBuffersSpec, TaskSession, TaskSource, TaskUpdateRequest } from './task-update.js';

export type TaskState = 'PLANNED' | 'RUNNING' | 'FLUSHING' | 'FINISHED' | 'CANCELED' | 'ABORTED' | 'FAILED';

const DONE_STATES: ReadonlySet<TaskState> = new Set(['FINISHED', 'CANCELED', 'ABORTED', 'FAILED']);
/**
 * Splits a started scan may have left to start before its progress is news at once: the next
 * ones are on their way while these are read (the scheduler hands out at most six at a time).
 */
const SPLITS_LOW_WATER = 1;

export interface SqlTaskDependencies {
  readonly metadata: MetadataManager;
  readonly functions: EngineFunctions;
  /** An exchange client reading this task's partition (`bufferId`) from upstream tasks. */
  createExchangeClient(
    bufferId: string,
    types: readonly Type[],
    onFailure: (error: VivaceError) => void,
    buffer: ExchangeBufferOptions,
  ): ExchangeClient;
  /** This worker's memory: `query.max-memory-per-node` across its queries, and per query. */
  readonly nodeMemory: NodeMemoryPool;
}

export class SqlTask {
  readonly instanceId = randomUUID();
  readonly createTime = Date.now();
  startTime: number | undefined;
  endTime: number | undefined;
  state: TaskState = 'PLANNED';
  version = 1;
  error: VivaceError | undefined;
  lastHeartbeat = Date.now();
  fragment: PlanFragment | undefined;
  session: TaskSession | undefined;
  outputBuffer: OutputBuffer | undefined;
  /** This task's reservations (a child of its query's pool on this node). */
  memory: QueryMemoryPool | undefined;
  /** The query's pool on this node, shared with its other tasks here. */
  private queryMemory: QueryMemoryPool | undefined;
  private stopWatchingKills: (() => void) | undefined;
  drivers: readonly Driver[] = [];
  /** Per pipeline: its drivers and whether it reads from outside / writes the output. */
  pipelines: { pipelineId: number; drivers: Driver[]; inputPipeline: boolean; outputPipeline: boolean }[] = [];
  readonly exchangeClients = new Map<string, ExchangeClient>();
  private readonly scans = new Map<string, TableScanOperator>();
  private readonly seenSplits = new Map<string, Set<number>>();
  readonly noMoreSplits = new Set<string>();
  /** Splits that arrived before the fragment (never in practice: the fragment comes first). */
  private readonly early: TaskSource[] = [];
  private readonly listeners: (() => void)[] = [];
  /**
   * Dynamic filters this task's join builds collected, for the coordinator; dropped once the task is
   * done and the coordinator has said it has them all (a retained task record must not keep sets of
   * up to 100,000 keys for minutes).
   */
  private readonly publishedDynamicFilters = new Map<string, DynamicFilterSummary>();
  /** How many dynamic filters the task has published: the version the coordinator's polls compare. */
  dynamicFiltersVersion = 0;
  /** Dynamic filters the coordinator merged over all build tasks, for this task's scans. */
  private readonly dynamicFilterDomains = new Map<string, DynamicFilterSummary>();
  /**
   * This task's own summaries of the filters its scans probe in its own partitioned joins
   * (`filtersProbedInFragment`): its scans use these, not the coordinator's merge of all tasks'.
   */
  private readonly ownDynamicFilters = new Map<string, DynamicFilterSummary>();
  /** The drivers on the process's executor, once running (cancelled when the task stops). */
  private execution: TaskExecution | undefined;

  constructor(
    readonly taskId: string,
    private readonly dependencies: SqlTaskDependencies,
  ) {}

  get isDone(): boolean {
    return DONE_STATES.has(this.state);
  }

  /** Resolves at the next state change (or at once when done). */
  whenChanged(): Promise<void> {
    if (this.isDone) return Promise.resolve();
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  /** Something the coordinator waits for changed (split progress): wake the status long-polls. */
  private changed(): void {
    this.version++;
    for (const listener of this.listeners.splice(0)) listener();
  }

  private transition(state: TaskState): void {
    if (this.isDone || this.state === state) return;
    this.state = state;
    this.version++;
    if (state === 'RUNNING') this.startTime ??= Date.now();
    if (DONE_STATES.has(state)) this.endTime = Date.now();
    for (const listener of this.listeners.splice(0)) listener();
  }

  update(request: TaskUpdateRequest): void {
    this.lastHeartbeat = Date.now();
    if (this.isDone) return;
    let started = false;
    const { session, fragment, outputIds } = request;
    if (fragment !== undefined && this.fragment === undefined) {
      if (!session || !outputIds) {
        this.fail(new Error('the first task update needs session, fragment and outputIds'));
        return;
      }
      try {
        this.start(session, fragment, outputIds);
        started = true;
      } catch (e) {
        this.fail(e);
        return;
      }
    }
    // Before the splits they came with: each split's scan applies the filters there are.
    for (const [id, summary] of Object.entries(request.dynamicFilterDomains ?? {})) {
      this.dynamicFilterDomains.set(id, summary);
    }
    for (const source of request.sources ?? []) {
      if (this.fragment === undefined) this.early.push(source);
      else this.addSource(source);
    }
    // The drivers start once the first update's splits and locations are in.
    if (started) this.run();
  }

  private start(session: TaskSession, serializedFragment: string | object, outputIds: OutputBuffersSpec): void {
    const fragment = deserializeFragment(serializedFragment);
    this.session = session;
    this.fragment = fragment;
    const { task: memory, query: queryMemory } = this.reserveMemory(session);
    const output = new OutputBuffer({
      kind: outputIds.type,
      bufferIds: Array.from({ length: outputIds.bufferCount }, (_, i) => String(i)),
      maxBufferedBytes: exchangeBufferBytes(queryMemory.limitBytes),
      memory: memory.newLocalContext('OutputBuffer'),
    });
    this.outputBuffer = output;
    const metadata = this.dependencies.metadata;
    const probedHere = filtersProbedInFragment(fragment.root);
    const planner = new LocalPlanner({
      functions: this.dependencies.functions,
      session: { timeZone: session.timeZone, startTime: session.startTime },
      memory,
      scanSource: (node) => ({
        createPageSource: (split: ConnectorSplit, keyFilters?: readonly KeyFilter[]) =>
          metadata.createPageSource(
            node.table,
            node.handle,
            split,
            node.assignments.map((a) => a.column),
            node.outputs.map((o) => o.type),
            node.constraint,
            node.limit,
            keyFilters,
          ),
        attach: (operator) => {
          this.scans.set(node.id, operator);
          // The coordinator's status long-poll returns, so it can hand out more splits at once.
          operator.onSplitCompleted = () => this.changed();
        },
      }),
      isCancelled: () => this.isDone,
      uniqueIdPrefix: session.partition,
      ...(session.partitionCount !== undefined ? { partitionCount: session.partitionCount } : {}),
      dynamicFilters: {
        publish: (id, summary) => {
          if (probedHere.has(id)) this.ownDynamicFilters.set(id, summary);
          this.publishedDynamicFilters.set(id, probedHere.has(id) ? splitPruningSummary(summary) : summary);
          this.dynamicFiltersVersion++;
          this.changed();
        },
        domain: (id) => this.ownDynamicFilters.get(id) ?? this.dynamicFilterDomains.get(id),
      },
      // Writers run next to their rows; the coordinator commits what they report (TableFinish
      // never runs in a task).
      writes: {
        createPageSink: (node) => metadata.createPageSink(node.target, node.columns, node.handle),
        commit: () => {
          throw new VivaceError('GENERIC_INTERNAL_ERROR', 'a task cannot commit a write');
        },
        abort: () => {},
      },
      ...(session.maxPageRows !== undefined ? { maxPageRows: session.maxPageRows } : {}),
      ...(session.partialAggregationUniqueRowsRatio !== undefined
        ? { adaptivePartialAggregation: adaptivePartialAggregation(session.partialAggregationUniqueRowsRatio) }
        : {}),
      remoteSource: (node, context) => {
        const types = node.outputs.map((s) => s.type);
        const newClient = () =>
          this.dependencies.createExchangeClient(String(session.partition), types, (error) => this.fail(error), {
            memory: memory.newLocalContext(node.orderBy?.length ? 'MergeOperator' : 'ExchangeOperator'),
            maxBufferedBytes: exchangeBufferBytes(queryMemory.limitBytes),
          });
        if (node.orderBy !== undefined && node.orderBy.length > 0) {
          // A distributed ORDER BY: every upstream task sorted its rows; merge their streams.
          const source = new MergeSource(newClient);
          this.exchangeClients.set(node.id, source);
          const channels = new Map(node.outputs.map((s, i) => [s.name, i] as const));
          const orderings = node.orderBy.map((o) => {
            const channel = channels.get(o.symbol);
            const type = channel === undefined ? undefined : types[channel];
            if (channel === undefined || type === undefined) {
              throw new VivaceError('GENERIC_INTERNAL_ERROR', `merge key ${o.symbol} is not an exchange output`);
            }
            return { channel, type, ascending: o.ascending, nullsFirst: o.nullsFirst };
          });
          return new MergeOperator(context, source, orderings, types.length);
        }
        const client = newClient();
        this.exchangeClients.set(node.id, client);
        return new ExchangeOperatorFactory(() => client).create(context) as Operator;
      },
    });
    const partitioning = fragment.outputPartitioning;
    const drivers = planner.planFragment(fragment.root, (context) =>
      new TaskOutputOperatorFactory(output, {
        partitioning: partitioning.kind,
        hashChannels: partitioning.kind === 'HASH' ? partitioning.channels : [],
        replicateNullsAndAny: partitioning.kind === 'HASH' && partitioning.replicateNullsAndAny === true,
        partitionCount: outputIds.bufferCount,
        types: fragment.root.outputs.map((s) => s.type),
      }).create(context),
    );
    this.drivers = drivers;
    this.pipelines = drivers.map((driver, pipelineId) => ({
      pipelineId,
      drivers: [driver],
      inputPipeline: ['TableScanOperator', 'ExchangeOperator', 'MergeOperator', 'ValuesOperator'].includes(
        driver.operators[0]?.context.operatorType ?? '',
      ),
      outputPipeline: pipelineId === drivers.length - 1,
    }));
    for (const source of this.early.splice(0)) this.addSource(source);
  }

  /**
   * Joins the query's pool on this node, limited to `query_max_memory` or
   * `query.max-memory-per-node`, whichever is lower (one node alone passing the query's
   * distributed limit fails it at once, without waiting for the coordinator's sum), and makes a
   * pool for this task inside it. A node out of memory may kill this query through `onKill`.
   */
  private reserveMemory(session: TaskSession): { task: QueryMemoryPool; query: QueryMemoryPool } {
    const node = this.dependencies.nodeMemory;
    const sessionLimit = session.memoryLimitBytes ?? Number.POSITIVE_INFINITY;
    const queryMemory =
      sessionLimit < node.limitBytes
        ? node.acquireQueryPool(session.queryId, sessionLimit, 'distributed')
        : node.acquireQueryPool(session.queryId, node.limitBytes, 'per-node');
    this.queryMemory = queryMemory;
    const memory = new QueryMemoryPool(this.taskId, Number.POSITIVE_INFINITY, { parent: queryMemory });
    this.memory = memory;
    this.stopWatchingKills = queryMemory.onKill((error) => this.fail(error));
    return { task: memory, query: queryMemory };
  }

  /** The task is done and its operators closed: its memory goes back to the node. */
  private releaseMemory(): void {
    this.stopWatchingKills?.();
    this.stopWatchingKills = undefined;
    this.memory?.close();
    if (this.queryMemory !== undefined) this.dependencies.nodeMemory.releaseQueryPool(this.queryMemory);
    this.queryMemory = undefined;
  }

  private run(): void {
    if (this.isDone) return;
    const output = this.outputBuffer;
    if (output === undefined) return;
    this.transition('RUNNING');
    this.execution = processExecutor.submit(this.drivers, { isCancelled: () => this.isDone });
    this.execution.done
      .then(async () => {
        output.setNoMorePages();
        this.transition('FLUSHING');
        await output.whenFinished();
        this.transition('FINISHED');
        this.releaseMemory();
      })
      .catch((e) => this.fail(e));
  }

  /**
   * The task is done and its record frozen (TaskManager): its drivers, operators, exchange clients
   * and scans are dropped, so that a retained task keeps its record, not its pages and tables.
   */
  releaseExecution(): void {
    if (!this.isDone) return;
    this.drivers = [];
    this.pipelines = [];
    // The executor's record of the run holds the drivers too.
    this.execution = undefined;
    this.exchangeClients.clear();
    this.scans.clear();
    this.early.length = 0;
    // A done task ignores updates (`update` returns first): its plan, session and the splits it
    // saw are never read again. A worker keeps done tasks for minutes; under a stream of small
    // statements these were most of what it kept (and copied through its young generation).
    this.fragment = undefined;
    this.session = undefined;
    this.seenSplits.clear();
    this.dynamicFilterDomains.clear();
    this.ownDynamicFilters.clear();
  }

  /** The published dynamic filters when the caller has fewer than all of them (`since`: the version it has). */
  dynamicFiltersNewerThan(since: number | undefined): Record<string, DynamicFilterSummary> | undefined {
    if (since === undefined || this.dynamicFiltersVersion <= since) return undefined;
    return Object.fromEntries(this.publishedDynamicFilters);
  }

  /** The coordinator has the filters up to `version`: a done task that has no newer ones forgets them. */
  acknowledgeDynamicFilters(version: number): void {
    if (this.isDone && version >= this.dynamicFiltersVersion) this.publishedDynamicFilters.clear();
  }

  /** Every published dynamic filter (Trino's `GET /v1/task/{id}/dynamicfilters`). */
  allDynamicFilters(): Record<string, DynamicFilterSummary> {
    return Object.fromEntries(this.publishedDynamicFilters);
  }

  /**
   * A table scan that has begun reading has few splits left to start and may get more:
   * the coordinator should hear of its progress at once, not after the status long-poll's
   * coalescing pause, or the scan runs dry between split updates (a `count(*)` over a Parquet
   * file of 49 row groups, each read in about a millisecond, waited 50 ms a round for splits).
   */
  get runningLowOnSplits(): boolean {
    for (const [planNodeId, scan] of this.scans) {
      if (this.noMoreSplits.has(planNodeId) || scan.queuedSplits > SPLITS_LOW_WATER) continue;
      if (scan.completedSplits + scan.runningSplits > 0) return true;
    }
    return false;
  }

  /** Per table scan: splits queued, being read and done (the scheduler's pending-split bound). */
  splitProgress(): { planNodeId: string; queued: number; running: number; completed: number }[] {
    return [...this.scans].map(([planNodeId, scan]) => ({
      planNodeId,
      queued: scan.queuedSplits,
      running: scan.runningSplits,
      completed: scan.completedSplits,
    }));
  }

  private addSource(source: TaskSource): void {
    let seen = this.seenSplits.get(source.planNodeId);
    if (!seen) {
      seen = new Set();
      this.seenSplits.set(source.planNodeId, seen);
    }
    const scan = this.scans.get(source.planNodeId);
    const exchange = this.exchangeClients.get(source.planNodeId);
    if (!scan && !exchange) {
      this.fail(new Error(`task ${this.taskId} has no source node ${source.planNodeId}`));
      return;
    }
    for (const { sequenceId, split } of source.splits) {
      if (seen.has(sequenceId)) continue;
      seen.add(sequenceId);
      if (scan) scan.addSplit(split as ConnectorSplit);
      else exchange?.addLocation(String(split.location));
    }
    if (source.noMoreSplits && !this.noMoreSplits.has(source.planNodeId)) {
      this.noMoreSplits.add(source.planNodeId);
      if (scan) scan.noMoreSplits();
      else exchange?.noMoreLocations();
    }
  }

  fail(cause: unknown): void {
    if (this.isDone) return;
    this.error = toVivaceError(cause);
    this.stop('FAILED');
  }

  /** DELETE of the task: CANCELED by default, ABORTED when the query failed elsewhere. */
  cancel(abort: boolean): void {
    if (this.isDone) return;
    this.stop(abort ? 'ABORTED' : 'CANCELED');
  }

  private stop(state: TaskState): void {
    this.transition(state);
    this.outputBuffer?.abort();
    // The producers are canceled with the query: they must not finish first for want of a reader.
    for (const client of this.exchangeClients.values()) client.close(false);
    // Off the executor at once, blocked or not; its drivers are closed.
    this.execution?.cancel();
    for (const driver of this.drivers) driver.close();
    this.releaseMemory();
  }
}
