/**
 * Runs one role (coordinator or worker) as the whole life of an OS process: start it, report
 * readiness to a parent launcher over the IPC channel when there is one, and stop cleanly on
 * SIGINT/SIGTERM. A process started by `vivace start` also stops when its launcher goes away
 * (the IPC channel disconnects), so killing the launcher leaves no orphans.
 */

import type { NodeConfig } from '../protocol/node-config.js';
import { startWorker } from '../worker/worker-server.js';
import { startCoordinator } from './coordinator-bootstrap.js';

/** The message a role process sends its launcher once it serves HTTP. */
export interface RoleReadyMessage {
  readonly type: 'ready';
  readonly role: 'coordinator' | 'worker';
  readonly nodeId: string;
  readonly url: string;
  /** The node's HTTPS address when HTTPS is on (issue 17). */
  readonly httpsUrl?: string;
}

/** Environment variable carrying the shared secret from a launcher to its children (not argv, which `ps` shows). */
export const SHARED_SECRET_ENVIRONMENT_VARIABLE = 'VIVACE_INTERNAL_SHARED_SECRET';

function stopOnSignalsAndParentLoss(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(exitCode), 5000);
    forced.unref();
    void close()
      .catch(() => undefined)
      .then(() => process.exit(exitCode));
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  if (process.send) process.once('disconnect', () => stop(0));
}

function reportReady(message: RoleReadyMessage): void {
  process.send?.(message);
}

/** Runs a coordinator until a signal; returns its URL once it serves. */
export async function runCoordinatorProcess(config: NodeConfig): Promise<string> {
  const coordinator = await startCoordinator(config);
  stopOnSignalsAndParentLoss(() => coordinator.close());
  coordinator.logger.info({ url: coordinator.url, httpsUrl: coordinator.httpsUrl }, 'coordinator started');
  reportReady({
    type: 'ready',
    role: 'coordinator',
    nodeId: config.nodeId,
    url: coordinator.url,
    ...(coordinator.httpsUrl !== undefined ? { httpsUrl: coordinator.httpsUrl } : {}),
  });
  return coordinator.url;
}

/** Runs a worker until a signal; returns its URL once it serves (it announces in the background). */
export async function runWorkerProcess(config: NodeConfig): Promise<string> {
  const worker = await startWorker(config);
  stopOnSignalsAndParentLoss(() => worker.close());
  worker.context.logger.info({ url: worker.url, discoveryUri: config.discoveryUri }, 'worker started');
  reportReady({ type: 'ready', role: 'worker', nodeId: config.nodeId, url: worker.url });
  return worker.url;
}
