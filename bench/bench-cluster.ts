/**
 * A real cluster for benchmarks: a coordinator and `workers` worker processes on loopback ports,
 * started from the built `vivace` binary (the same roles `vivace start` runs), and a minimal
 * statement-protocol runner over fetch that reports the elapsed time and the nodes the query used.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  eventually,
  type RoleProcess,
  startRole,
  stopProcess,
} from '../test/server/cluster/cluster-process-helpers.js';

export interface BenchCluster {
  readonly url: string;
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
  writeFileSync(
    join(etc, 'config.properties'),
    'discovery.announcement-interval=500ms\nquery.max-memory-per-node=8GB\n',
  );
  const env = { VIVACE_INTERNAL_SHARED_SECRET: 'bench-secret' };
  const heap = ['--max-old-space-size=8192'];
  const coordinator = await startRole(
    ['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'],
    env,
    heap,
  );
  const roles: RoleProcess[] = [coordinator];
  for (let i = 1; i <= workers; i++) {
    roles.push(
      await startRole(
        ['worker', '--etc', etc, '--port', '0', '--node-id', `worker-${i}`, '--discovery-uri', coordinator.url],
        env,
        heap,
      ),
    );
  }
  await eventually(`${workers} worker(s) running queries`, 60_000, async () => {
    // A table above the single-node threshold, so that the query spreads over the workers.
    const stats = await runOverHttp(coordinator.url, 'SELECT count(*) FROM tpch.tiny.orders');
    return stats.nodes >= workers ? true : undefined;
  });
  return { url: coordinator.url, stop: async () => void (await Promise.all(roles.map((r) => stopProcess(r.child)))) };
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
