/**
 * Gives a node's memory back to the operating system once it is idle (a worker with no running
 * task, a coordinator with no running query). After a heavy query a worker holds, besides what is still referenced (nothing, once its tasks are retired), two kinds
 * of memory it no longer uses: garbage V8 has not collected yet (no full collection runs while
 * the worker only answers heartbeats), including the typed arrays whose C-heap storage is freed
 * only when they are collected; and free C-heap memory that glibc keeps because it is not at the
 * top of its heap. Measured on a worker after TPC-H SF1 Q9, Q18, Q21 and two sorts: 400 MB at
 * start, 560-650 MB idle afterwards, of which malloc_trim alone returned everything above start.
 *
 * So a few seconds after the last task of the worker ends (and again a little later, as V8 frees
 * its pages and array buffers in the background), `release()` runs a full collection, then asks
 * glibc to return its free pages (native/vivace-memory.c). Either step is skipped where it is
 * unavailable: `gc` is exposed at run time through V8's flag (workers are not started with
 * --expose-gc by hand), and the native helper exists only where `npm install` could build it.
 */
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { processExecutor } from '../../execution/task-executor.js';

/** How long a worker stays idle before it collects and trims, and then before it does so once more. */
const RELEASE_DELAYS_MS = [2000, 10_000];

type NativeMemory = { trim(): boolean };

function loadNativeMemory(): NativeMemory | undefined {
  try {
    // dist/src/server/worker/ -> the package root's build/ (node-gyp's output).
    return createRequire(import.meta.url)('../../../../build/Release/vivace_memory.node') as NativeMemory;
  } catch {
    return undefined;
  }
}

function exposeGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return exposed;
  try {
    // The flag takes effect for contexts created after it: a fresh context's `gc` is V8's.
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

export interface ReleaseResult {
  /** A full garbage collection ran. */
  readonly collected: boolean;
  /** glibc returned free memory to the operating system. */
  readonly trimmed: boolean;
}

/**
 * Every node of this process (a single-process server holds a coordinator and a worker): a full
 * collection holds the whole process, so it runs only when all of them are idle — the worker of a
 * local server is idle once its tasks are done while the coordinator still serves the query.
 */
const nodesOfThisProcess = new Set<IdleMemoryRelease>();

/** Schedules `release()` when the worker becomes idle, cancelled when work comes back. */
export class IdleMemoryRelease {
  private readonly native = loadNativeMemory();
  /** The native helper was built and loaded (it is where glibc is). */
  readonly canTrim = this.native !== undefined;
  private readonly gc = exposeGc();
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param isIdle whether the node runs nothing now (checked again before releasing)
   * @param enabled `memory.release-when-idle`: off, the node never schedules a release (a
   *   benchmark running queries back to back on two clusters would otherwise measure one
   *   cluster's collections in the other's queries)
   */
  constructor(
    private readonly isIdle: () => boolean,
    private readonly enabled = true,
  ) {
    nodesOfThisProcess.add(this);
  }

  /** The node's last running task or query ended: release in a moment, twice, unless work comes back. */
  becameIdle(): void {
    this.cancel();
    if (!this.enabled) return;
    const step = (index: number) => {
      const delay = RELEASE_DELAYS_MS[index];
      if (delay === undefined) return;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        // Not idle after all: a node still serves (drivers of this process running — a coordinator
        // executing a query itself, or the worker of a single-process server — or a client still
        // reading a finished query's rows), and a full collection would hold it. Nothing signals
        // the end of such serving, so look again after the same delay.
        if (!IdleMemoryRelease.isProcessIdle()) {
          step(index);
          return;
        }
        this.release();
        step(index + 1);
      }, delay);
      this.timer.unref();
    };
    step(0);
  }

  /** No driver of this process runs and every node of it is idle. */
  private static isProcessIdle(): boolean {
    if (processExecutor.activeTasks > 0) return false;
    for (const node of nodesOfThisProcess) if (!node.isIdle()) return false;
    return true;
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The node stops: nothing more is scheduled, and it no longer counts among this process's nodes. */
  close(): void {
    this.cancel();
    nodesOfThisProcess.delete(this);
  }

  /** A full collection, then the C heap's free pages back to the operating system. */
  release(): ReleaseResult {
    let collected = false;
    if (this.gc !== undefined) {
      this.gc();
      collected = true;
    }
    const trimmed = this.native?.trim() ?? false;
    return { collected, trimmed };
  }
}
