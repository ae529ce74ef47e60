/**
 * `vivace start`: a coordinator and N workers as separate OS processes on loopback. The launcher
 * forks the same `vivace` binary once per role (the coordinator on the requested port, workers
 * on free ports), hands them a random shared secret through the environment, waits until the
 * coordinator's failure detector reports every worker healthy, and stops every child on
 * `stop()`. Children watch the IPC channel, so they also exit if the launcher itself dies.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'undici';
import { type RoleReadyMessage, SHARED_SECRET_ENVIRONMENT_VARIABLE } from './role-process.js';
import { serverNodeFlags } from './server-node-flags.js';

export interface LocalClusterOptions {
  /** The compiled `vivace.js` to fork. */
  readonly binPath: string;
  /** The coordinator's port (0: any free port). */
  readonly port: number;
  readonly workers: number;
  readonly etcDirectory: string;
  /** `--data-dir` for every process (the default `lake` catalog's directory); default: beside etc. */
  readonly dataDirectory?: string;
  /** Defaults to 32 random bytes. */
  readonly sharedSecret?: string;
  /** How long the coordinator and every worker may take to be up and healthy. */
  readonly startTimeoutMs?: number;
  /** Where to report a child that exits on its own (default: stderr). */
  readonly onChildExit?: (description: string) => void;
}

export interface LocalCluster {
  readonly url: string;
  readonly coordinatorPid: number;
  readonly workerPids: readonly number[];
  /** Resolves when the coordinator exits on its own (the cluster is then useless and stopped). */
  readonly coordinatorExited: Promise<void>;
  /** SIGTERM to every child, SIGKILL to those still running after a grace period; resolves when all are gone. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 5000;

function waitForReady(child: ChildProcess, what: string, timeoutMs: number): Promise<RoleReadyMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`${what} did not start within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: unknown) => {
      if ((message as RoleReadyMessage)?.type === 'ready') finish(undefined, message as RoleReadyMessage);
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(new Error(`${what} exited before it was ready (${signal ?? `exit code ${code}`})`));
    const finish = (error: Error | undefined, message?: RoleReadyMessage) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message as RoleReadyMessage);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function fetchNodeUris(url: string): Promise<Set<string>> {
  const response = await request(url, { headersTimeout: 2000, bodyTimeout: 2000 });
  const records = (await response.body.json()) as { uri: string }[];
  return new Set(records.map((record) => record.uri));
}

/** Polls the coordinator's node resource until every worker is listed and none is failed. */
async function waitForWorkersHealthy(coordinatorUrl: string, workerUrls: readonly string[], deadline: number) {
  for (;;) {
    try {
      const [known, failed] = await Promise.all([
        fetchNodeUris(`${coordinatorUrl}/v1/node`),
        fetchNodeUris(`${coordinatorUrl}/v1/node/failed`),
      ]);
      if (workerUrls.every((uri) => known.has(uri) && !failed.has(uri))) return;
    } catch {
      // The coordinator answers as soon as it listens; a transient error just means poll again.
    }
    if (Date.now() > deadline) throw new Error(`workers did not all join ${coordinatorUrl} in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

export async function launchLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const secret = options.sharedSecret ?? randomBytes(32).toString('base64url');
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  const report = options.onChildExit ?? ((description: string) => process.stderr.write(`${description}\n`));
  const env = { ...process.env, [SHARED_SECRET_ENVIRONMENT_VARIABLE]: secret };
  const children: ChildProcess[] = [];
  let stopping = false;
  // The coordinator and the workers share this machine's cores.
  const nodeFlags = serverNodeFlags(options.workers + 1);
  const spawnRole = (args: string[]) => {
    const child = fork(options.binPath, args, {
      env,
      execArgv: [...process.execArgv, ...nodeFlags],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    return child;
  };
  const stop = async () => {
    stopping = true;
    await Promise.all(children.map(stopChild));
  };

  try {
    const coordinator = spawnRole([
      'coordinator',
      '--port',
      String(options.port),
      '--node-id',
      'coordinator',
      '--etc',
      options.etcDirectory,
      ...(options.dataDirectory === undefined ? [] : ['--data-dir', options.dataDirectory]),
      // With workers, a query the coordinator runs alone (none active yet) carries a warning.
      ...(options.workers > 0 ? ['--no-include-coordinator'] : []),
    ]);
    const coordinatorReady = await waitForReady(coordinator, 'the coordinator', timeoutMs);
    const workers = Array.from({ length: options.workers }, (_, i) =>
      spawnRole([
        'worker',
        '--discovery-uri',
        coordinatorReady.url,
        '--port',
        '0',
        '--node-id',
        `worker-${i + 1}`,
        '--etc',
        options.etcDirectory,
        ...(options.dataDirectory === undefined ? [] : ['--data-dir', options.dataDirectory]),
      ]),
    );
    const workerReady = await Promise.all(
      workers.map((worker, i) => waitForReady(worker, `worker-${i + 1}`, Math.max(1, deadline - Date.now()))),
    );
    await waitForWorkersHealthy(
      coordinatorReady.url,
      workerReady.map((ready) => ready.url),
      deadline,
    );
    for (const [i, worker] of workers.entries()) {
      worker.on('exit', (code, signal) => {
        if (!stopping) report(`worker-${i + 1} (pid ${worker.pid}) exited: ${signal ?? `exit code ${code}`}`);
      });
    }
    const coordinatorExited = new Promise<void>((resolve) => {
      coordinator.once('exit', (code, signal) => {
        // A stop that was asked for is not the coordinator exiting on its own: never resolve then
        // (resolving raced with the requested stop and made `vivace start` exit 1 on SIGTERM).
        if (stopping) return;
        report(`the coordinator (pid ${coordinator.pid}) exited: ${signal ?? `exit code ${code}`}`);
        void stop().then(resolve);
      });
    });
    return {
      url: coordinatorReady.url,
      coordinatorPid: coordinator.pid as number,
      workerPids: workers.map((worker) => worker.pid as number),
      coordinatorExited,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
