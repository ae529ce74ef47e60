/**
 * A coordinator and two worker processes facing what one client can send (issue 13): the issue's
 * statements get user errors (the size bomb fails before building anything) and correct answers,
 * then a seeded fuzz run of mutated statements gets well-formed answers only, and afterwards every
 * node still answers and queries still run on the workers.
 *
 * The fuzz run is deterministic: VIVACE_FUZZ_SEED and VIVACE_FUZZ_COUNT replay or widen it (the
 * seed is printed as a test diagnostic; statement i of a seed is the same whatever the count).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, type RoleProcess, startRole, stopProcess } from './cluster-process-helpers.js';
import { runFuzz } from './statement-fuzzer.js';

const SECRET = 'hostile-statements-secret';
const DEFAULT_SEED = 1313;
const DEFAULT_COUNT = 500;

interface Answer {
  readonly rows: unknown[][];
  readonly error?: { message: string; errorName: string; errorType: string };
}

/** Runs one statement to its end over the statement protocol. */
async function query(url: string, sql: string): Promise<Answer> {
  const signal = AbortSignal.timeout(60_000);
  let response = await fetch(`${url}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { 'X-Service-User': 'test', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'tiny' },
    signal,
  });
  const rows: unknown[][] = [];
  for (;;) {
    assert.equal(response.status, 200, sql);
    const json = (await response.json()) as { data?: unknown[][]; nextUri?: string; error?: Answer['error'] };
    rows.push(...(json.data ?? []));
    if (json.error) return { rows, error: json.error };
    if (!json.nextUri) return { rows };
    response = await fetch(json.nextUri, { signal });
  }
}

describe('a cluster facing hostile statements', { timeout: 300_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-hostile-etc-'));
  writeFileSync(join(etc, 'node.properties'), 'node.environment=hostile_test\n');
  writeFileSync(join(etc, 'config.properties'), 'discovery.announcement-interval=1s\n');
  const env = { VIVACE_INTERNAL_SHARED_SECRET: SECRET };
  let coordinator: RoleProcess;
  const workers: RoleProcess[] = [];

  /** Every node answers /v1/info, both workers are active, and queries run (on the workers too). */
  async function assertClusterUp(): Promise<void> {
    for (const node of [coordinator, ...workers]) {
      const response = await fetch(`${node.url}/v1/info`, { signal: AbortSignal.timeout(10_000) });
      assert.equal(response.status, 200, `${node.url}/v1/info`);
    }
    await eventually('both workers active', 30_000, async () => {
      const nodes = (await (await fetch(`${coordinator.url}/v1/node`)).json()) as unknown[];
      const failed = (await (await fetch(`${coordinator.url}/v1/node/failed`)).json()) as unknown[];
      return nodes.length === 2 && failed.length === 0 ? true : undefined;
    });
    assert.deepEqual((await query(coordinator.url, 'SELECT 1')).rows, [[1]]);
    assert.deepEqual((await query(coordinator.url, 'SELECT count(*) FROM lineitem')).rows, [[60175]]);
  }

  before(async () => {
    coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'], env);
    const start = (nodeId: string) =>
      startRole(['worker', '--etc', etc, '--port', '0', '--node-id', nodeId, '--discovery-uri', coordinator.url], env);
    workers.push(...(await Promise.all([start('worker-1'), start('worker-2')])));
    await assertClusterUp();
  });

  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
  });

  it("answers the issue's statements with user errors or the right values, and stays up", async () => {
    const bomb = await query(coordinator.url, "SELECT length(rpad('x', 2147483647, 'y'))");
    assert.equal(bomb.error?.errorName, 'INVALID_FUNCTION_ARGUMENT');
    assert.equal(bomb.error?.errorType, 'USER_ERROR');
    assert.equal(bomb.error?.message, 'Target length must be in the range [0..1048576]');

    assert.deepEqual((await query(coordinator.url, 'SELECT 1e309, -1e400')).rows, [['Infinity', '-Infinity']]);
    assert.deepEqual((await query(coordinator.url, 'SELECT -1e400, 1e309')).rows, [['-Infinity', 'Infinity']]);

    const precision = await query(coordinator.url, 'SELECT localtimestamp(20)');
    assert.equal(precision.error?.errorName, 'NUMERIC_VALUE_OUT_OF_RANGE');
    assert.match(precision.error?.message ?? '', /TIMESTAMP precision must be in range \[0, 12\]: 20/);

    for (const sql of [
      'SET SESSION hash_partition_count = 99999999',
      "SET SESSION query_max_run_time = '99999999999d'",
    ]) {
      assert.equal((await query(coordinator.url, sql)).error?.errorName, 'INVALID_SESSION_PROPERTY', sql);
    }

    // Large values within the limit are still built, a bounded page at a time, on the workers.
    const padded = await query(
      coordinator.url,
      "SELECT count(*), min(length(rpad(comment, 1000000, 'x'))) FROM lineitem WHERE orderkey < 200",
    );
    assert.deepEqual(padded.rows, [[221, 1000000]]);
    await assertClusterUp();
  });

  it('gives well-formed answers to a seeded fuzz run of mutated statements, and stays up', async (t) => {
    const seed = Number(process.env.VIVACE_FUZZ_SEED ?? DEFAULT_SEED);
    const count = Number(process.env.VIVACE_FUZZ_COUNT ?? DEFAULT_COUNT);
    t.diagnostic(
      `fuzz seed ${seed}, ${count} statements (replay: VIVACE_FUZZ_SEED=${seed} VIVACE_FUZZ_COUNT=${count})`,
    );
    const { findings, outcomes } = await runFuzz({
      url: coordinator.url,
      seed,
      count,
      concurrency: 4,
      statementTimeoutMs: 60_000,
      session: 'query_max_run_time=5s,query_max_memory=512MB',
    });
    t.diagnostic(
      [...outcomes]
        .sort((a, b) => b[1] - a[1])
        .map(([outcome, n]) => `${outcome}=${n}`)
        .join(' '),
    );
    const report = findings
      .map(
        (f) => `#${f.index} [${f.statement.label}] ${f.problem}\n  ${JSON.stringify(f.statement.text.slice(0, 500))}`,
      )
      .join('\n');
    assert.equal(findings.length, 0, `seed ${seed}: ${findings.length} findings\n${report}`);
    assert.ok((outcomes.get('FINISHED') ?? 0) > count / 10, 'too few statements ran to completion');
    await assertClusterUp();
  });
});
