/**
 * Hands the splits of one table scan to the tasks of a leaf stage a few at a time: each task holds
 * at most `maxPendingPerTask` splits it has not finished, and gets more as it reports splits done,
 * so faster workers read more of the table. A split that names the nodes holding its data
 * (`ConnectorSplit.addresses`) goes only to a task on one of them. When the queue is empty every
 * task is told `noMoreSplits`.
 */
import type { ConnectorSplit } from '../../spi/connector.js';
import type { ScheduledSplit, TaskSource } from '../task/task-update.js';

export interface SplitTask {
  readonly partition: number;
  readonly nodeId: string;
  readonly nodeUri: string;
}

interface TaskProgress {
  assigned: number;
  noMoreSplitsSent: boolean;
}

export class SplitAssigner {
  private readonly queue: { sequenceId: number; split: ConnectorSplit }[];
  private readonly progress = new Map<number, TaskProgress>();

  constructor(
    readonly planNodeId: string,
    splits: readonly ConnectorSplit[],
    private readonly tasks: readonly SplitTask[],
    private readonly maxPendingPerTask: number,
  ) {
    this.queue = splits.map((split, sequenceId) => ({ sequenceId, split }));
    for (const task of tasks) this.progress.set(task.partition, { assigned: 0, noMoreSplitsSent: false });
  }

  get remaining(): number {
    return this.queue.length;
  }

  /**
   * The splits to send `task` now, given how many of its splits it reports completed, or
   * undefined when there is nothing new to tell it.
   */
  next(task: SplitTask, completed: number): TaskSource | undefined {
    const progress = this.progress.get(task.partition)!;
    if (progress.noMoreSplitsSent) return undefined;
    const room = this.maxPendingPerTask - (progress.assigned - completed);
    const splits: ScheduledSplit[] = [];
    for (let i = 0; i < this.queue.length && splits.length < room; ) {
      const entry = this.queue[i]!;
      if (this.runsOn(entry.split, task)) {
        this.queue.splice(i, 1);
        splits.push({ sequenceId: entry.sequenceId, split: entry.split as Record<string, unknown> });
      } else {
        i++;
      }
    }
    progress.assigned += splits.length;
    const noMore = !this.queue.some((entry) => this.runsOn(entry.split, task));
    if (noMore) progress.noMoreSplitsSent = true;
    if (splits.length === 0 && !noMore) return undefined;
    return { planNodeId: this.planNodeId, splits, ...(noMore ? { noMoreSplits: true } : {}) };
  }

  /** A split with preferred nodes runs on one of them if the stage has a task there. */
  private runsOn(split: ConnectorSplit, task: SplitTask): boolean {
    const addresses = split.addresses;
    if (addresses === undefined || addresses.length === 0) return true;
    const placed = this.tasks.some((t) => addresses.includes(t.nodeId) || addresses.includes(t.nodeUri));
    return !placed || addresses.includes(task.nodeId) || addresses.includes(task.nodeUri);
  }
}
