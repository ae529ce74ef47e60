/**
 * Hands the splits of one table scan to the tasks of a leaf stage a few at a time, as the
 * connector's split source delivers them: each task holds at most `maxPendingPerTask` splits it
 * has not finished and gets more as it reports splits done, so faster workers read more of the
 * table. A task takes no more than its fair share of the queue (the splits queued and those pending
 * on every task, spread evenly), so a table of a few splits runs on several workers rather than
 * filling the first task's bound before the next task is asked. Splits are pulled from the source in batches whenever fewer are queued than the tasks
 * could take, so the first splits run while the connector is still listing the rest, and at most
 * a few batches wait in the coordinator. A split that names the nodes holding its data
 * (`ConnectorSplit.addresses`) goes only to a task on one of them; one whose nodes have no task
 * fails the query. A scan whose plan relies on the connector's buckets (`bucketed`: a co-located
 * join, an aggregation by the table's partitioning key) sends every split of bucket b to the
 * stage's task b mod the task count, as every other bucketed scan of the stage does, so equal keys
 * of all its tables meet in one task; such splits are bound like held data and never balanced.
 * Once the source is exhausted and the queue holds nothing more for a task, the
 * task is told `noMoreSplits`. Splits held by one node are not held back by the balancing bound:
 * no other task could take them. `close` stops the
 * enumeration (the query is over).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { ConnectorSplit } from '../../spi/connector.js';
import type { ConnectorSplitSource } from '../../spi/split-source.js';
import type { ScheduledSplit, TaskSource } from '../task/task-update.js';

/** Splits asked of the source at a time. */
const SPLIT_BATCH_SIZE = 1000;
/**
 * The pending bound of a scan run by a single task (a small plan on one node, a one-worker
 * cluster): there is no other task to balance against, and every bound reached costs a status
 * round trip before the next splits go out (a point query on a memory table of 200 single-row
 * INSERTs, 16 splits at 6 pending: two round trips, 4 of its 15 ms).
 */
const SINGLE_TASK_PENDING_SPLITS = 256;
/** The pending bound of splits that only one task's node holds (memory tables' pages). */
const BOUND_PENDING_SPLITS = 256;

export interface SplitTask {
  readonly partition: number;
  readonly nodeId: string;
  readonly nodeUri: string;
}

interface TaskProgress {
  assigned: number;
  /** Splits the task last reported completed. */
  completed: number;
  noMoreSplitsSent: boolean;
}

export interface SplitAssignerEvents {
  /** A batch arrived (or the source ended): tasks with room can be given splits now. */
  onSplits(): void;
  /** Listing failed, or a split cannot run on any task: the query fails. */
  onFailure(error: unknown): void;
}

export class SplitAssigner {
  private readonly queue: { sequenceId: number; split: ConnectorSplit }[] = [];
  private progress = new Map<number, TaskProgress>();
  private nextSequenceId = 0;
  private exhausted = false;
  private closed = false;
  private fetching: Promise<void> | undefined;
  /** Splits a task may hold unfinished. */
  private pendingBound = 0;
  /** The same for splits that only that task's node holds. */
  private boundPendingBound = 0;

  constructor(
    readonly planNodeId: string,
    private readonly source: ConnectorSplitSource,
    private tasks: readonly SplitTask[],
    private readonly maxPendingPerTask: number,
    private readonly events: SplitAssignerEvents,
    /** The table's name, for errors. */
    private readonly table = 'table',
    /** Splits go to tasks by their bucket. */
    private readonly bucketed = false,
  ) {
    this.setTasks(tasks);
  }

  private setTasks(tasks: readonly SplitTask[]): void {
    this.tasks = tasks;
    this.progress = new Map();
    for (const task of tasks) this.progress.set(task.partition, { assigned: 0, completed: 0, noMoreSplitsSent: false });
    this.pendingBound =
      tasks.length === 1 ? Math.max(this.maxPendingPerTask, SINGLE_TASK_PENDING_SPLITS) : this.maxPendingPerTask;
    this.boundPendingBound = Math.max(this.pendingBound, BOUND_PENDING_SPLITS);
  }

  /**
   * Before any split is assigned: the stage will run these tasks instead (fewer, when the whole
   * table turned out to be fewer splits than the stage had tasks).
   */
  replaceTasks(tasks: readonly SplitTask[]): void {
    if ([...this.progress.values()].some((p) => p.assigned > 0)) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'Tasks of a scan replaced after splits were assigned');
    }
    this.setTasks(tasks);
  }

  /**
   * Splits in all — asked before any is assigned — when the source is exhausted and none is bound
   * to a node (so any task may take any of them); undefined otherwise.
   */
  get knownUnboundSplitCount(): number | undefined {
    if (!this.exhausted || this.queue.some((entry) => (entry.split.addresses?.length ?? 0) > 0)) return undefined;
    // Bucketed: the tasks that can have work are as many as the buckets.
    return this.bucketed ? new Set(this.queue.map((entry) => entry.split.bucket)).size : this.queue.length;
  }

  /**
   * The nodes named by the splits — asked before any is assigned — when the source is exhausted
   * and every split is bound to nodes (memory tables' pages); undefined otherwise.
   */
  get knownBoundNodes(): ReadonlySet<string> | undefined {
    if (!this.exhausted) return undefined;
    const nodes = new Set<string>();
    for (const entry of this.queue) {
      const addresses = entry.split.addresses ?? [];
      if (addresses.length === 0) return undefined;
      for (const address of addresses) nodes.add(address);
    }
    return nodes;
  }

  /** Splits received and not yet assigned. */
  get remaining(): number {
    return this.queue.length;
  }

  /** Whether every split has been received from the source. */
  get noMoreSplits(): boolean {
    return this.exhausted;
  }

  /**
   * Asks the source for another batch when fewer splits are queued than the tasks could hold and
   * none is on its way; the promise settles when that batch is in (or at once).
   */
  fill(): Promise<void> {
    if (this.fetching !== undefined) return this.fetching;
    if (this.exhausted || this.closed || this.queue.length >= this.tasks.length * this.pendingBound) {
      return Promise.resolve();
    }
    const fetching = this.source.nextBatch(SPLIT_BATCH_SIZE).then(
      (batch) => {
        this.fetching = undefined;
        if (this.closed) return;
        try {
          for (const split of batch.splits) {
            this.checkPlacement(split);
            this.queue.push({ sequenceId: this.nextSequenceId++, split });
          }
        } catch (error) {
          this.events.onFailure(error);
          return;
        }
        if (batch.noMoreSplits) {
          this.exhausted = true;
          this.close();
        }
        this.events.onSplits();
      },
      (error: unknown) => {
        this.fetching = undefined;
        if (!this.closed) this.events.onFailure(error);
      },
    );
    this.fetching = fetching;
    return fetching;
  }

  /** Data held by nodes (memory tables) can be read only there. */
  private checkPlacement(split: ConnectorSplit): void {
    if (this.bucketed && !(Number.isSafeInteger(split.bucket) && (split.bucket as number) >= 0)) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `A split of table '${this.table}' has no bucket`);
    }
    const addresses = split.addresses ?? [];
    if (addresses.length === 0) return;
    if (!this.tasks.some((t) => addresses.includes(t.nodeId) || addresses.includes(t.nodeUri))) {
      throw new VivaceError(
        'NO_NODES_AVAILABLE',
        `Data of table '${this.table}' is held by ${addresses.join(', ')}, which is not an active worker`,
      );
    }
  }

  /**
   * The splits to send `task` now, given how many of its splits it reports completed, or
   * undefined when there is nothing new to tell it. Asks the source for more when the queue runs
   * low.
   */
  next(task: SplitTask, completed: number): TaskSource | undefined {
    const progress = this.progress.get(task.partition);
    if (progress === undefined || progress.noMoreSplitsSent) return undefined;
    progress.completed = Math.max(progress.completed, completed);
    const pending = progress.assigned - progress.completed;
    // Data its node holds cannot go to a faster task, so holding it back balances nothing and
    // only starves the task between status round trips. Bucketed splits stay bounded: given all
    // at once (TPC-H q12's co-located scans waited for splits 30 % of their time), 20 concurrent
    // GROUP BYs ran twice as fast but the workers' status answers passed 100 ms at p95.
    const room = (this.bucketed ? this.pendingBound : this.boundPendingBound) - pending;
    let unboundRoom = Math.min(this.pendingBound - pending, this.fairShare(progress));
    const splits: ScheduledSplit[] = [];
    for (let i = 0; i < this.queue.length && splits.length < room; ) {
      const entry = this.queue[i];
      if (entry === undefined) break;
      const unbound = this.isUnbound(entry.split);
      if (unbound && unboundRoom <= 0) {
        i++;
        continue;
      }
      if (this.runsOn(entry.split, task)) {
        if (unbound) unboundRoom--;
        this.queue.splice(i, 1);
        splits.push({ sequenceId: entry.sequenceId, split: entry.split as Record<string, unknown> });
      } else {
        i++;
      }
    }
    progress.assigned += splits.length;
    void this.fill();
    const noMore = this.exhausted && !this.queue.some((entry) => this.runsOn(entry.split, task));
    if (noMore) progress.noMoreSplitsSent = true;
    if (splits.length === 0 && !noMore) return undefined;
    return { planNodeId: this.planNodeId, splits, ...(noMore ? { noMoreSplits: true } : {}) };
  }

  /**
   * How many splits that may run anywhere `progress`'s task may take now: the queued ones and
   * those pending on the tasks still taking splits, spread evenly, less what it already holds
   * (at least one when it holds none, so an idle task never waits for a busier one); for a task
   * that holds some, at most its even part of the queue (guided self-scheduling).
   */
  private fairShare(progress: TaskProgress): number {
    let queued = 0;
    for (const entry of this.queue) if (this.isUnbound(entry.split)) queued++;
    let pendingEverywhere = 0;
    let takers = 0;
    for (const other of this.progress.values()) {
      if (other.noMoreSplitsSent) continue;
      takers++;
      pendingEverywhere += other.assigned - other.completed;
    }
    const pending = progress.assigned - progress.completed;
    const share = Math.ceil((queued + pendingEverywhere) / Math.max(1, takers)) - pending;
    if (pending === 0) return Math.max(1, share);
    // A busy task takes no more than its even part of the queue either: the others' pending
    // counts are as of their last reports, so the first to report sees them busier than they are.
    // (A task reports its splits done a few at a time: on two workers the first of two reports
    // took the last four of TPC-H q06's 32 splits, and its task ran 16 ms after the other ended.)
    return Math.min(share, Math.ceil(queued / Math.max(1, takers)));
  }

  /** Whether any task may take the split (it names no nodes and the scan is not bucketed). */
  private isUnbound(split: ConnectorSplit): boolean {
    return !this.bucketed && (split.addresses?.length ?? 0) === 0;
  }

  /**
   * A split that names nodes runs on one of them (`checkPlacement` made sure the stage has one); a
   * bucketed split on the task its bucket maps to.
   */
  private runsOn(split: ConnectorSplit, task: SplitTask): boolean {
    if (this.bucketed) return this.tasks[(split.bucket as number) % this.tasks.length]?.partition === task.partition;
    const addresses = split.addresses;
    if (addresses === undefined || addresses.length === 0) return true;
    return addresses.includes(task.nodeId) || addresses.includes(task.nodeUri);
  }

  /** No more splits are needed: the source stops listing (once). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.source.close();
  }
}
