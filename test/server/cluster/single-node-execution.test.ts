/**
 * Small plans on a real cluster (issue 18): a query or write whose tables hold at most
 * `single_node_execution_threshold_rows` rows, with its data on one node, runs as ONE stage with
 * ONE task on the worker holding the data — read from the query's stage tree and EXPLAIN (TYPE
 * DISTRIBUTED) — and answers what the distributed plan answers; the session property switches it
 * off; a big table, or a small memory table spread over both workers, still runs distributed.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, postStatement, type RoleProcess, startCluster, stopProcess } from './cluster-process-helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

const DISTRIBUTED = { 'X-Service-Session': 'single_node_execution_threshold_rows=0' };

async function run(
  url: string,
  sql: string,
  headers: Record<string, string> = {},
): Promise<{ last: Json; rows: unknown[][] }> {
  let last = (await postStatement(url, sql, headers)) as Json;
  const rows: unknown[][] = [...(last.data ?? [])];
  while (last.nextUri) {
    last = (await (await fetch(last.nextUri)).json()) as Json;
    rows.push(...(last.data ?? []));
  }
  assert.equal(last.error, undefined, `${sql}: ${last.error?.message}`);
  return { last, rows };
}

function stages(stage: Json | undefined): Json[] {
  if (!stage) return [];
  return [stage, ...stage.subStages.flatMap(stages)];
}

/** The stages of query `id` from its record (`/v1/query/{id}`), with their tasks. */
async function recordedStages(url: string, id: string): Promise<Json[]> {
  const record = (await (await fetch(`${url}/v1/query/${id}`)).json()) as Json;
  return stages(record.outputStage);
}

/** The origins of the nodes that ran the tasks of query `id`. */
async function taskNodes(url: string, id: string): Promise<string[]> {
  return (await recordedStages(url, id)).flatMap((stage) => stage.tasks.map((task: Json) => new URL(task.self).origin));
}

const sorted = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();

const TABLES = 6;
const joinQuery = `SELECT x1, x${TABLES} FROM ${Array.from({ length: TABLES }, (_, i) => `memory.default.j${i + 1}`).join(', ')} WHERE ${[
  ...Array.from({ length: TABLES - 1 }, (_, i) => `a${i + 1} = b${i + 2}`),
  'a1 IN (1, 5, 9)',
].join(' AND ')}`;

describe('single-node execution of small plans on a coordinator and two workers', { timeout: 600_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-single-node-etc-'));
  writeFileSync(join(etc, 'node.properties'), 'node.environment=single_node_test\n');
  writeFileSync(join(etc, 'config.properties'), 'discovery.announcement-interval=500ms\n');
  const env = { VIVACE_INTERNAL_SHARED_SECRET: 'single-node-test-secret' };
  let coordinator: RoleProcess;
  let workers: RoleProcess[] = [];

  before(async () => {
    ({ coordinator, workers } = await startCluster(etc, env));
    await eventually('both workers running queries', 60_000, async () => {
      const { last } = await run(coordinator.url, 'SELECT count(*) FROM orders');
      return last.stats.nodes >= 2 ? true : undefined;
    });
    for (let t = 1; t <= TABLES; t++) {
      await run(coordinator.url, `CREATE TABLE memory.default.j${t} (a${t} integer, b${t} integer, x${t} varchar)`);
      // Ten single-row INSERTs each: every one lands where the table's (and its schema's) data is.
      for (let i = 1; i <= 10; i++) {
        await run(
          coordinator.url,
          `INSERT INTO memory.default.j${t} VALUES (${i}, ${((i + t) % 10) + 1}, 't${t}r${i}')`,
        );
      }
    }
  });

  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
  });

  it('runs a join of small memory tables as one task on one worker, with the distributed answer', async () => {
    const single = await run(coordinator.url, joinQuery);
    assert.equal(stages(single.last.stats.rootStage).length, 1, 'one stage');
    assert.equal((await taskNodes(coordinator.url, single.last.id)).length, 1, 'one task');
    assert.equal(single.last.stats.nodes, 1);
    assert.ok(single.rows.length > 0);

    const distributed = await run(coordinator.url, joinQuery, DISTRIBUTED);
    assert.ok(stages(distributed.last.stats.rootStage).length > 1, 'the session property switches it off');
    assert.deepEqual(sorted(single.rows), sorted(distributed.rows));
  });

  it('keeps single-row INSERTs of a schema on one worker, so that their tables are read there', async () => {
    const { last, rows } = await run(coordinator.url, 'SELECT count(*), sum(a3) FROM memory.default.j3');
    assert.deepEqual(rows, [[10, 55]]);
    assert.equal(stages(last.stats.rootStage).length, 1);
    const nodes = await taskNodes(coordinator.url, last.id);
    assert.equal(nodes.length, 1);
    assert.ok(
      workers.some((worker) => new URL(worker.url).origin === nodes[0]),
      'the task ran on a worker',
    );
    const other = await run(coordinator.url, 'SELECT count(*) FROM memory.default.j5');
    assert.deepEqual(await taskNodes(coordinator.url, other.last.id), nodes, 'tables of one schema live on one worker');
  });

  it('runs the scan of a table held by one worker only there when the plan is distributed', async () => {
    const { last, rows } = await run(coordinator.url, 'SELECT count(*), sum(a3) FROM memory.default.j3', DISTRIBUTED);
    assert.deepEqual(rows, [[10, 55]]);
    const recorded = await recordedStages(coordinator.url, last.id);
    assert.ok(recorded.length > 1, 'distributed');
    const leaves = recorded.filter((stage) => stage.subStages.length === 0);
    assert.deepEqual(
      leaves.map((stage) => stage.tasks.length),
      [1],
      'no scan task on the worker without the data',
    );
    const holder = await run(coordinator.url, 'SELECT count(*) FROM memory.default.j3');
    assert.deepEqual(
      leaves[0].tasks.map((task: Json) => new URL(task.self).origin),
      await taskNodes(coordinator.url, holder.last.id),
    );
  });

  it('shows what runs in EXPLAIN (TYPE DISTRIBUTED)', async () => {
    const [[single]] = (await run(coordinator.url, `EXPLAIN (TYPE DISTRIBUTED) ${joinQuery}`)).rows as string[][];
    assert.match(single, /^Fragment 0 \[SOURCE\]/);
    assert.doesNotMatch(single, /Fragment 1|RemoteSource/);
    const [[distributed]] = (await run(coordinator.url, `EXPLAIN (TYPE DISTRIBUTED) ${joinQuery}`, DISTRIBUTED))
      .rows as string[][];
    assert.match(distributed, /Fragment 1/);
  });

  it('still runs a query over a big table distributed', async () => {
    const { last, rows } = await run(coordinator.url, 'SELECT count(*) FROM orders');
    assert.deepEqual(rows, [[15000]]);
    assert.ok(stages(last.stats.rootStage).length > 1);
    assert.equal(last.stats.nodes, 2);
  });

  it('reads a small memory table spread over both workers on both', async () => {
    // Written distributed: lineitem has 8 splits at tiny, both workers read, and so write, some of them.
    const where = 'WHERE orderkey % 200 = 1';
    await run(
      coordinator.url,
      `CREATE TABLE memory.default.spread AS SELECT orderkey FROM lineitem ${where}`,
      DISTRIBUTED,
    );
    const { last, rows } = await run(coordinator.url, 'SELECT count(*), sum(orderkey) FROM memory.default.spread');
    const [expected] = (
      await run(coordinator.url, `SELECT count(*), sum(orderkey) FROM lineitem ${where}`, DISTRIBUTED)
    ).rows;
    assert.ok((expected as number[])[0]! < 1000, 'a table below the threshold');
    assert.deepEqual(rows, [expected]);
    assert.ok(stages(last.stats.rootStage).length > 1, 'the spread table is read where its pages are');
    assert.equal(last.stats.nodes, 2);
  });
});
