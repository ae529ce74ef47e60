/**
 * Runs drivers cooperatively on the event loop through one process-wide executor (Presto's
 * TaskExecutor in spirit): every task (or local query) submits its drivers, the executor keeps a
 * round-robin queue of the tasks that have a runnable driver, and one pump runs quanta from that
 * queue — one driver of the task at the head for up to `quantumMs`, the task then goes to the
 * tail — until a slice of `sliceMs` is used up, then gives the event loop a turn (setImmediate) so
 * HTTP requests (status, heartbeats, results) are served between slices. However many tasks are
 * busy, the event loop waits for at most one slice (plus the overrun of the last operator call),
 * never for one quantum per task as when every task ran its own loop. Blocked drivers wait on
 * their promise outside the queue, without spinning. Quanta and slices are 5 ms: on a machine
 * with more busy processes than cores a slice can stretch several times in wall time.
 *
 * Tasks that have run less than `freshTaskMs` in all go first, the one that has run least first,
 * as Trino's multilevel queue favours tasks that have used little time. A query's small stages —
 * a dimension table's scan, the hash build it feeds, a final aggregation, each a few ms of work —
 * become runnable one after the other as their inputs arrive; in the plain round robin each waited
 * behind a quantum of every busy big scan, and a chain of three such stages took 50 ms to finish on
 * a worker (TPC-H q02) while the probe side they feed waited for them.
 *
 * A task stops at its first failure, or with USER_CANCELED when `cancel()` is called or
 * `isCancelled` turns true (checked before each of its quanta); all its drivers are closed.
 */

import { fail } from '../common/invariant.js';
import { Queue } from '../common/queue.js';
import { VivaceError } from '../common/vivace-error.js';
import type { Driver } from './driver.js';

export interface TaskExecutionOptions {
  /** Time one driver may run before the next task gets its turn. */
  readonly quantumMs?: number;
  /** Checked before each quantum; when true, the task stops with USER_CANCELED. */
  readonly isCancelled?: () => boolean;
}

/** A task's drivers in the executor: `done` settles when they all finish, fail or are cancelled. */
export interface TaskExecution {
  readonly done: Promise<void>;
  /** Stops the task now: its drivers are closed, `done` rejects with USER_CANCELED. */
  cancel(): void;
}

const DEFAULT_QUANTUM_MS = 5;
/** Driver work between two turns of the event loop. */
const DEFAULT_SLICE_MS = 5;
/** Run time below which a task is still fresh and goes before the others. */
const DEFAULT_FRESH_TASK_MS = 20;

class TaskRun implements TaskExecution {
  readonly done: Promise<void>;
  /** Drivers that can run now, in turn order. */
  readonly runnable: Driver[];
  unfinished: number;
  settled = false;
  queued = false;
  /** Time its quanta took, in ms. */
  usedMs = 0;
  private resolve!: () => void;
  private reject!: (error: Error) => void;

  constructor(
    private readonly executor: DriverExecutor,
    readonly drivers: readonly Driver[],
    readonly quantumMs: number,
    private readonly isCancelled: (() => boolean) | undefined,
  ) {
    this.runnable = [...drivers];
    this.unfinished = drivers.length;
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  cancel(): void {
    this.fail(canceled());
  }

  cancelledNow(): boolean {
    if (this.settled) return true;
    if (this.isCancelled?.()) {
      this.fail(canceled());
      return true;
    }
    return false;
  }

  /** Runs one quantum of the next runnable driver. */
  runQuantum(): void {
    const driver = this.runnable.shift();
    if (driver === undefined) return;
    const progress = driver.process(this.quantumMs);
    switch (progress.state) {
      case 'FAILED':
        this.fail(driver.error ?? new VivaceError('GENERIC_INTERNAL_ERROR', 'driver failed'));
        return;
      case 'FINISHED':
        if (--this.unfinished === 0) this.finish();
        return;
      case 'BLOCKED':
        (progress.blocked ?? fail('a blocked driver says what it waits for')).then(
          () => this.unblocked(driver),
          (error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))),
        );
        return;
      case 'RUNNING':
        this.runnable.push(driver);
        return;
    }
  }

  private unblocked(driver: Driver): void {
    if (this.settled) return;
    this.runnable.push(driver);
    this.executor.enqueue(this);
  }

  private finish(): void {
    if (this.settled) return;
    this.settled = true;
    this.executor.runEnded();
    this.closeDrivers();
    this.resolve();
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.executor.runEnded();
    this.closeDrivers();
    this.reject(error);
  }

  private closeDrivers(): void {
    for (const driver of this.drivers) driver.close();
  }
}

function canceled(): VivaceError {
  return new VivaceError('USER_CANCELED', 'Query was canceled');
}

export class DriverExecutor {
  /** Tasks with a runnable driver, in turn order (a task is in one of the two at most once). */
  private readonly ready = new Queue<TaskRun>();
  /**
   * Runnable tasks that have run less than `freshTaskMs`: taken first, the one that has run least
   * first (a few dozen at most, so a scan finds it).
   */
  private readonly fresh: TaskRun[] = [];
  private pumpScheduled = false;
  private active = 0;

  constructor(
    private readonly sliceMs = DEFAULT_SLICE_MS,
    private readonly freshTaskMs = DEFAULT_FRESH_TASK_MS,
  ) {}

  /** Tasks submitted and not yet finished, failed or cancelled (running or blocked). */
  get activeTasks(): number {
    return this.active;
  }

  /** A task's run settled. */
  runEnded(): void {
    this.active--;
  }

  /** Tasks waiting for their turn (for tests and statistics). */
  get queuedTasks(): number {
    return this.ready.size + this.fresh.length;
  }

  submit(drivers: readonly Driver[], options: TaskExecutionOptions = {}): TaskExecution {
    const run = new TaskRun(this, drivers, options.quantumMs ?? DEFAULT_QUANTUM_MS, options.isCancelled);
    if (drivers.length === 0) {
      run.unfinished = 0;
      run.settled = true;
      return { done: Promise.resolve(), cancel: () => {} };
    }
    this.active++;
    this.enqueue(run);
    return run;
  }

  enqueue(run: TaskRun): void {
    if (run.queued || run.settled) return;
    run.queued = true;
    this.queue(run);
    this.schedulePump();
  }

  private queue(run: TaskRun): void {
    if (run.usedMs < this.freshTaskMs) this.fresh.push(run);
    else this.ready.push(run);
  }

  /** The fresh task that has run least, else the head of the round robin. */
  private next(): TaskRun | undefined {
    const fresh = this.fresh;
    if (fresh.length === 0) return this.ready.shift();
    let least = 0;
    for (let i = 1; i < fresh.length; i++) if (fresh[i].usedMs < fresh[least].usedMs) least = i;
    const run = fresh[least];
    fresh[least] = fresh[fresh.length - 1];
    fresh.pop();
    return run;
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(this.pump);
  }

  private readonly pump = (): void => {
    this.pumpScheduled = false;
    const sliceEnd = performance.now() + this.sliceMs;
    for (let run = this.next(); run !== undefined; run = this.next()) {
      run.queued = false;
      if (run.cancelledNow()) continue;
      const began = performance.now();
      try {
        run.runQuantum();
      } catch (error) {
        run.fail(error instanceof Error ? error : new Error(String(error)));
      }
      const now = performance.now();
      run.usedMs += now - began;
      if (!run.settled && run.runnable.length > 0) {
        run.queued = true;
        this.queue(run);
      }
      if (now >= sliceEnd) break;
    }
    if (this.ready.size > 0 || this.fresh.length > 0) this.schedulePump();
  };
}

/** The executor every task and local query of this process runs on. */
export const processExecutor = new DriverExecutor();

/** Runs all drivers to completion; rejects with the first driver failure or on cancellation. */
export function runDrivers(drivers: readonly Driver[], options: TaskExecutionOptions = {}): Promise<void> {
  return processExecutor.submit(drivers, options).done;
}
