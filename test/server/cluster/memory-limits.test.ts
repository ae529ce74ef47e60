/**
 * Memory limits on a real cluster (a coordinator and two worker processes, issue 13 item 3): a
 * cross join whose build side has no columns (count(*)) over sf1000, which once took a worker
 * from 2.4 to 7.3 GB in 20 s, fails with EXCEEDED_MEMORY_LIMIT naming its build operator while the
 * workers stay small and responsive; a query past `query.max-memory-per-node` fails with
 * EXCEEDED_LOCAL_MEMORY_LIMIT; and the workers' pools hold nothing afterwards.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { audienceOf, createInternalToken, INTERNAL_BEARER_HEADER } from '../../../src/server/protocol/internal-auth.js';
import { eventually, type RoleProcess, runStatement, startCluster, stopProcess } from './cluster-process-helpers.js';

const SECRET = 'memory-limits-secret';
const MB = 1024 * 1024;
const PER_NODE_LIMIT_MB = 256;
/** A worker may grow this much above its size before the query while the query is refused. */
const GROWTH_ALLOWED_MB = 600;

/** A process's resident set in MB, from /proc (the workers are this test's children). */
function residentMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0; // gone
  }
}

/** How many nodes a statement ran on (its final statistics). */
async function nodesUsed(coordinator: string, sql: string): Promise<number> {
  let response = await fetch(`${coordinator}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { 'X-Service-User': 'test' },
  });
  for (;;) {
    const results = (await response.json()) as { nextUri?: string; stats: { nodes: number } };
    if (!results.nextUri) return results.stats.nodes;
    response = await fetch(results.nextUri);
  }
}

interface StatementOutcome {
  readonly rows: unknown[][];
  readonly error?: { readonly errorName: string; readonly message: string };
}

/** Runs a statement with session properties, returning its rows or its error. */
async function execute(coordinator: string, sql: string, session = ''): Promise<StatementOutcome> {
  const headers: Record<string, string> = { 'X-Service-User': 'test', 'X-Service-Catalog': 'tpch' };
  if (session) headers['X-Service-Session'] = session;
  let response = await fetch(`${coordinator}/v1/statement`, { method: 'POST', body: sql, headers });
  const rows: unknown[][] = [];
  for (;;) {
    const results = (await response.json()) as {
      data?: unknown[][];
      nextUri?: string;
      error?: { errorName: string; message: string };
    };
    if (results.error) return { rows, error: results.error };
    if (results.data) rows.push(...results.data);
    if (!results.nextUri) return { rows };
    response = await fetch(results.nextUri);
  }
}

/** Samples the workers' resident sets while `work` runs; kills a runaway worker past `killAtMb`. */
async function watchingMemory<T>(
  workers: readonly RoleProcess[],
  killAtMb: number,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number[] }> {
  const peakMb = workers.map((w) => residentMb(w.pid));
  const timer = setInterval(() => {
    workers.forEach((worker, i) => {
      const rss = residentMb(worker.pid);
      peakMb[i] = Math.max(peakMb[i]!, rss);
      // The unbounded growth this test guards against would take the machine with it.
      if (rss > killAtMb) worker.child.kill('SIGKILL');
    });
  }, 50);
  try {
    return { result: await work(), peakMb };
  } finally {
    clearInterval(timer);
  }
}

describe('memory limits on a coordinator and two worker processes', { timeout: 240_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-memory-limits-etc-'));
  writeFileSync(
    join(etc, 'config.properties'),
    `discovery.announcement-interval=1s\nquery.max-memory-per-node=${PER_NODE_LIMIT_MB}MB\n`,
  );
  const env = { VIVACE_INTERNAL_SHARED_SECRET: SECRET };
  let coordinator: RoleProcess;
  let workers: RoleProcess[] = [];

  async function workerStatus(
    worker: RoleProcess,
  ): Promise<{ memoryInfo: { pools: { general: { reservedBytes: number; maxBytes: number } } } }> {
    const response = await fetch(`${worker.url}/v1/status`, {
      headers: { [INTERNAL_BEARER_HEADER]: createInternalToken(SECRET, 'coordinator', audienceOf(worker.url)) },
      signal: AbortSignal.timeout(2000),
    });
    assert.equal(response.status, 200);
    return (await response.json()) as {
      memoryInfo: { pools: { general: { reservedBytes: number; maxBytes: number } } };
    };
  }

  /** Both workers answer at once, run a small query, and give back every byte of their pools. */
  async function assertWorkersHealthy(): Promise<void> {
    for (const worker of workers) {
      const started = Date.now();
      const info = await fetch(`${worker.url}/v1/info`, { signal: AbortSignal.timeout(2000) });
      assert.equal(info.status, 200);
      assert.ok(Date.now() - started < 1000, 'the worker answers without delay');
    }
    assert.deepEqual(await runStatement(coordinator.url, 'SELECT count(*) FROM tpch.tiny.orders'), [[15000]]);
    await eventually('every pool empty', 10_000, async () => {
      const statuses = await Promise.all(workers.map(workerStatus));
      return statuses.every((s) => s.memoryInfo.pools.general.reservedBytes === 0) ? true : undefined;
    });
  }

  before(async () => {
    ({ coordinator, workers } = await startCluster(etc, env));
    await eventually('both workers running queries', 60_000, async () =>
      (await nodesUsed(coordinator.url, 'SELECT count(*) FROM tpch.tiny.orders')) >= 2 ? true : undefined,
    );
  });

  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
  });

  it('reports the per-node limit as the pool of each worker', async () => {
    for (const worker of workers) {
      const status = await workerStatus(worker);
      assert.equal(status.memoryInfo.pools.general.maxBytes, PER_NODE_LIMIT_MB * MB);
    }
  });

  it('fails a cross join over query_max_memory with EXCEEDED_MEMORY_LIMIT naming its build side, the workers staying small', async () => {
    const before = workers.map((w) => residentMb(w.pid));
    const killAt = Math.max(...before) + 3 * GROWTH_ALLOWED_MB;
    const { result, peakMb } = await watchingMemory(workers, killAt, () =>
      execute(
        coordinator.url,
        'SELECT count(*) FROM tpch.sf1000.lineitem a CROSS JOIN tpch.sf1000.orders b',
        'query_max_memory=100MB',
      ),
    );
    assert.equal(result.error?.errorName, 'EXCEEDED_MEMORY_LIMIT', JSON.stringify(result));
    assert.match(
      result.error!.message,
      /^Query exceeded distributed user memory limit of 100MB \[Allocated: [^\]]*Top Consumers: \{NestedLoopBuildOperator=/,
    );
    peakMb.forEach((peak, i) => {
      assert.ok(peak < before[i]! + GROWTH_ALLOWED_MB, `worker-${i + 1} grew from ${before[i]} to ${peak} MB`);
    });
    await assertWorkersHealthy();
  });

  it('fails a query past query.max-memory-per-node with EXCEEDED_LOCAL_MEMORY_LIMIT on the worker holding it', async () => {
    const before = workers.map((w) => residentMb(w.pid));
    const killAt = Math.max(...before) + 3 * GROWTH_ALLOWED_MB;
    const { result, peakMb } = await watchingMemory(workers, killAt, () =>
      execute(
        coordinator.url,
        'SELECT count(*) FROM tpch.sf100.lineitem l JOIN tpch.sf100.orders o ON l.orderkey = o.orderkey',
      ),
    );
    assert.equal(result.error?.errorName, 'EXCEEDED_LOCAL_MEMORY_LIMIT', JSON.stringify(result));
    assert.match(
      result.error!.message,
      new RegExp(
        `^Query exceeded per-node memory limit of ${PER_NODE_LIMIT_MB}MB \\[Allocated: .*HashBuilderOperator=`,
      ),
    );
    peakMb.forEach((peak, i) => {
      assert.ok(peak < before[i]! + GROWTH_ALLOWED_MB, `worker-${i + 1} grew from ${before[i]} to ${peak} MB`);
    });
    await assertWorkersHealthy();
  });
});
