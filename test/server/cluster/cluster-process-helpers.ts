/**
 * Helpers for the tests that start real Vivace processes: the compiled `vivace.js` found relative
 * to this compiled file (so the tests run from dist/ or any output directory), role processes
 * with an IPC channel for their readiness message, polling, and the statement protocol.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../../src/server/startup/server-node-flags.js';

export const VIVACE_BIN = fileURLToPath(new URL('../../../src/bin/vivace.js', import.meta.url));

/**
 * The roles a test or benchmark starts on this machine (a coordinator and two workers): the
 * processes that pick the collector settings `vivace start` would pick for the same cluster.
 */
const ROLES_ON_THIS_MACHINE = 3;

export interface RoleProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly pid: number;
}

/**
 * Forks `vivace <args>` and resolves with its URL once it reports ready over IPC; a process not
 * ready within `startTimeoutMs` is killed (no late process joins a cluster afterwards).
 */
export async function startRole(
  args: string[],
  env: Record<string, string> = {},
  execArgv: string[] = [],
  startTimeoutMs = 30_000,
): Promise<RoleProcess> {
  const child = fork(VIVACE_BIN, args, {
    env: { ...process.env, VIVACE_LOG_LEVEL: 'warn', ...env },
    execArgv: [...serverNodeFlags(ROLES_ON_THIS_MACHINE), ...execArgv],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`vivace ${args.join(' ')} did not start`));
    }, startTimeoutMs);
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message?.type === 'ready' && message.url) {
        clearTimeout(timer);
        resolve(message.url);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`vivace ${args.join(' ')} exited: ${signal ?? code}`));
    });
  });
  return { child, url, pid: child.pid as number };
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** Polls `check` every 100 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const result = await check();
      if (result !== undefined) return result;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? `: ${lastError}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs one statement over the statement protocol and returns its rows. */
export async function runStatement(
  coordinatorUrl: string,
  sql: string,
  headers: Record<string, string> = {},
): Promise<unknown[][]> {
  let response = await fetch(`${coordinatorUrl}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { 'X-Service-User': 'test', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'tiny', ...headers },
  });
  const rows: unknown[][] = [];
  for (;;) {
    const results = (await response.json()) as { data?: unknown[][]; nextUri?: string; error?: { message: string } };
    if (results.error) throw new Error(results.error.message);
    if (results.data) rows.push(...results.data);
    if (!results.nextUri) return rows;
    response = await fetch(results.nextUri);
  }
}

/** The session headers of the cluster tests' statements: user `test`, `tpch.tiny`. */
export const TEST_SESSION_HEADERS = {
  'X-Service-User': 'test',
  'X-Service-Catalog': 'tpch',
  'X-Service-Schema': 'tiny',
};

/** POSTs a statement (200 expected) and returns the first statement response. */
// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field by the callers.
export async function postStatement(url: string, sql: string, headers: Record<string, string> = {}): Promise<any> {
  const response = await fetch(`${url}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { ...TEST_SESSION_HEADERS, ...headers },
  });
  if (response.status !== 200) throw new Error(`POST /v1/statement answered ${response.status}`);
  return await response.json();
}

/** Starts a coordinator, then each of `workerIds` announcing to it, one after the other. */
export async function startCluster(
  etc: string,
  env: Record<string, string>,
  workerIds: readonly string[] = ['worker-1', 'worker-2'],
): Promise<{ coordinator: RoleProcess; workers: RoleProcess[] }> {
  const coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'], env);
  const workers: RoleProcess[] = [];
  for (const nodeId of workerIds) {
    workers.push(
      await startRole(
        ['worker', '--etc', etc, '--port', '0', '--node-id', nodeId, '--discovery-uri', coordinator.url],
        env,
      ),
    );
  }
  return { coordinator, workers };
}
