/**
 * A real cluster for benchmarks: a coordinator and `workers` worker processes on loopback ports,
 * started from the built `vivace` binary (the same roles `vivace start` runs), and a minimal
 * statement-protocol runner over fetch that reports the elapsed time and the nodes the query used.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  eventually,
  type RoleProcess,
  startRole,
  stopProcess,
} from '../test/server/cluster/cluster-process-helpers.js';

export interface BenchCluster {
  readonly url: string;
  /** The coordinator's process id, then the workers'. */
  readonly pids: readonly number[];
  stop(): Promise<void>;
}

export interface RunStats {
  readonly elapsedMs: number;
  readonly nodes: number;
  readonly id: string;
}

export async function startBenchCluster(workers: number): Promise<BenchCluster> {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-bench-etc-'));
  writeFileSync(join(etc, 'node.properties'), 'node.environment=bench\n');
  // Workers get an 8GB heap; their memory pools may use as much (SF 10 joins pass the 1GB default).
  // No collection when idle: benches alternate queries between clusters, and an idle cluster's
  // collections (a worker's 0.3 s of CPU and the coordinator's 0.15 s, 2 s and 12 s after each
  // TPC-H query) landed in the other cluster's queries, on its pinned cores.
  writeFileSync(
    join(etc, 'config.properties'),
    'discovery.announcement-interval=500ms\nquery.max-memory-per-node=8GB\nmemory.release-when-idle=false\n',
  );
  const env = { VIVACE_INTERNAL_SHARED_SECRET: 'bench-secret' };
  const heap = ['--max-old-space-size=8192'];
  // A machine busy with other work may take long to start a process.
  const startTimeoutMs = 180_000;
  const coordinator = await startRole(
    ['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'],
    env,
    heap,
    startTimeoutMs,
  );
  const roles: RoleProcess[] = [coordinator];
  for (let i = 1; i <= workers; i++) {
    roles.push(
      await startRole(
        ['worker', '--etc', etc, '--port', '0', '--node-id', `worker-${i}`, '--discovery-uri', coordinator.url],
        env,
        heap,
        startTimeoutMs,
      ),
    );
  }
  await eventually(`${workers} worker(s) running queries`, 60_000, async () => {
    // A table above the single-node threshold, so that the query spreads over the workers. Until
    // the coordinator has seen a worker's announcement it runs queries itself: their tasks must
    // all be on workers, as many as asked for.
    const stats = await runOverHttp(coordinator.url, 'SELECT count(*) FROM tpch.tiny.orders');
    const nodes = await workerNodesOf(coordinator.url, stats.id);
    return nodes !== undefined && nodes.size >= workers ? true : undefined;
  });
  return {
    url: coordinator.url,
    pids: roles.map((role) => role.pid),
    stop: async () => void (await Promise.all(roles.map((r) => stopProcess(r.child)))),
  };
}

/** A stage of a query's record (`GET /v1/query/{id}`), as far as the benches read it. */
export interface StageRecord {
  readonly subStages: StageRecord[];
  readonly tasks: {
    readonly taskStatus?: { readonly nodeId: string };
    readonly stats: { readonly outputDataSize: string; readonly outputPositions: number };
  }[];
}

/** Every stage of query `id`, the output stage first (none when the record has no stage tree). */
export async function queryStages(url: string, id: string): Promise<StageRecord[]> {
  const record = (await (await fetch(`${url}/v1/query/${id}`)).json()) as { outputStage?: StageRecord };
  const stages: StageRecord[] = [];
  const walk = (stage: StageRecord) => {
    stages.push(stage);
    stage.subStages.forEach(walk);
  };
  if (record.outputStage !== undefined) walk(record.outputStage);
  return stages;
}

/**
 * The nodes the tasks of query `id` ran on, or undefined when the coordinator ran it itself (its
 * own record's tasks carry no task status).
 */
async function workerNodesOf(url: string, id: string): Promise<Set<string> | undefined> {
  const tasks = (await queryStages(url, id)).flatMap((stage) => stage.tasks);
  if (tasks.length === 0 || tasks.some((task) => task.taskStatus === undefined)) return undefined;
  return new Set(tasks.map((task) => task.taskStatus!.nodeId));
}

/** Runs `sql` to the end over the statement protocol (rows are read and dropped). */
export async function runOverHttp(
  url: string,
  sql: string,
  schema = 'tiny',
  extraHeaders: Record<string, string> = {},
): Promise<RunStats> {
  const start = performance.now();
  let response = await fetch(`${url}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { 'X-Service-User': 'bench', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': schema, ...extraHeaders },
  });
  let id = '';
  for (;;) {
    const body = (await response.json()) as {
      id: string;
      nextUri?: string;
      error?: { message: string };
      stats: { nodes: number };
    };
    id = body.id;
    if (body.error) throw new Error(`${sql.slice(0, 40)}...: ${body.error.message}`);
    if (!body.nextUri) return { elapsedMs: performance.now() - start, nodes: body.stats.nodes, id };
    response = await fetch(body.nextUri);
  }
}

/** CPU time (user + system, all threads) a process has used so far, in ms, from `/proc/<pid>/stat`. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at "state"; utime and stime are
  // the 14th and 15th fields of the line, in clock ticks (100 per second on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time of all the given processes together, in ms. */
export function totalCpuMs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
}

/**
 * Pins every thread of process `pid` to CPU `core` (`taskset -a -p`), so V8's helper threads stay
 * on it too; a negative `core` lets it run on every CPU again.
 */
export function pinToCore(pid: number, core: number): void {
  const cores = core < 0 ? `0-${cpus().length - 1}` : String(core);
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
}

/**
 * Waits until the processes use less than a tenth of a core for two seconds in a row (at most
 * `timeoutMs`): a worker builds the tpch connector's text pool in the background after start-up,
 * seconds of CPU that would otherwise land in the first queries measured.
 */
export async function waitUntilIdle(pids: readonly number[], timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  let before = totalCpuMs(pids);
  while (quiet < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = totalCpuMs(pids);
    quiet = now - before < 100 ? quiet + 1 : 0;
    before = now;
  }
}
