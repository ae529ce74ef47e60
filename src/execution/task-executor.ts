/**
 * Runs the drivers of a task (or of a local query) cooperatively on the event loop: each driver
 * gets a bounded quantum, then control returns to the event loop (setImmediate) so HTTP requests
 * and other queries are served; blocked drivers wait on their promise without spinning. The first
 * failure cancels the rest.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Driver } from './driver.js';

export interface TaskExecutionOptions {
  /** Time one driver may run before yielding to the event loop. */
  readonly quantumMs?: number;
  /** Checked between quanta; when true, the task stops with USER_CANCELED. */
  readonly isCancelled?: () => boolean;
}

const DEFAULT_QUANTUM_MS = 20;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs all drivers to completion; rejects with the first driver failure or on cancellation. */
export async function runDrivers(drivers: readonly Driver[], options: TaskExecutionOptions = {}): Promise<void> {
  const quantum = options.quantumMs ?? DEFAULT_QUANTUM_MS;
  const runnable = new Set<Driver>(drivers);
  const blocked = new Map<Driver, Promise<void>>();
  try {
    while (runnable.size > 0 || blocked.size > 0) {
      if (options.isCancelled?.()) throw new VivaceError('USER_CANCELED', 'Query was canceled');
      if (runnable.size === 0) {
        // Everything waits: sleep until one of them can go on.
        await Promise.race(blocked.values());
        continue;
      }
      for (const driver of [...runnable]) {
        const progress = driver.process(quantum);
        if (progress.state === 'FAILED') throw driver.error!;
        if (progress.state === 'FINISHED') {
          runnable.delete(driver);
        } else if (progress.state === 'BLOCKED') {
          runnable.delete(driver);
          const wait = progress.blocked!.then(() => {
            blocked.delete(driver);
            runnable.add(driver);
          });
          blocked.set(driver, wait);
        }
        await yieldToEventLoop();
        if (options.isCancelled?.()) throw new VivaceError('USER_CANCELED', 'Query was canceled');
      }
    }
  } finally {
    for (const driver of drivers) driver.close();
  }
}
