/**
 * Distributed execution on a real cluster: a coordinator and two worker processes on loopback.
 * The 22 TPC-H queries at `tiny` run across the workers (stages and tasks on both) and return
 * the rows the in-process engine returns; the statement stats show the stage tree; the task
 * resource of a worker serves the spec's task record; a cancel reaches every task; a worker
 * killed mid-query fails the query with REMOTE_TASK_ERROR naming the node, and the cluster goes
 * on answering. A LIMIT ends with every task finished (the producers are told nobody reads on).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { audienceOf, createInternalToken, INTERNAL_BEARER_HEADER } from '../../../src/server/protocol/internal-auth.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import { differenceFromInProcess } from '../../tpch/result-comparison.js';
import { TASK_RECORD_FIELDS } from '../task/task-record-fields.js';
import { eventually, postStatement, type RoleProcess, startRole, stopProcess } from './cluster-process-helpers.js';

const SECRET = 'distributed-test-secret';

/** The internal header of a request to the node at `url`, as the coordinator signs it. */
function signedFor(url: string): Record<string, string> {
  return { [INTERNAL_BEARER_HEADER]: createInternalToken(SECRET, 'coordinator', audienceOf(url)) };
}

// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

const post = (url: string, sql: string, headers: Record<string, string> = {}): Promise<Json> =>
  postStatement(url, sql, headers);

async function drain(first: Json): Promise<{ last: Json; rows: unknown[][] }> {
  let last = first;
  const rows: unknown[][] = [...(first.data ?? [])];
  while (last.nextUri) {
    last = (await (await fetch(last.nextUri)).json()) as Json;
    rows.push(...(last.data ?? []));
  }
  return { last, rows };
}

function stageIds(stage: Json | undefined): string[] {
  if (!stage) return [];
  return [stage.stageId, ...stage.subStages.flatMap(stageIds)];
}

describe('distributed queries on a coordinator and two worker processes', { timeout: 600_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-distributed-etc-'));
  writeFileSync(join(etc, 'node.properties'), 'node.environment=distributed_test\n');
  writeFileSync(join(etc, 'config.properties'), 'discovery.announcement-interval=500ms\n');
  const env = { VIVACE_INTERNAL_SHARED_SECRET: SECRET };
  let coordinator: RoleProcess;
  const workers: RoleProcess[] = [];
  const local = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });

  const startWorker = (nodeId: string) =>
    startRole(['worker', '--etc', etc, '--port', '0', '--node-id', nodeId, '--discovery-uri', coordinator.url], env);

  before(async () => {
    coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'], env);
    workers.push(...(await Promise.all([startWorker('worker-1'), startWorker('worker-2')])));
    await eventually('two active workers', 30_000, async () => {
      const nodes = (await (await fetch(`${coordinator.url}/v1/node`)).json()) as Json[];
      const failed = (await (await fetch(`${coordinator.url}/v1/node/failed`)).json()) as Json[];
      return nodes.length - failed.length >= 2 && failed.length === 0 ? true : undefined;
    });
    // The failure detector's warm-up: a worker is active once it answered for a while.
    await eventually('workers used for queries', 30_000, async () => {
      const { last } = await drain(await post(coordinator.url, 'SELECT count(*) FROM orders'));
      return last.stats?.nodes >= 2 ? true : undefined;
    });
  });

  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
  });

  for (let n = 1; n <= 22; n++) {
    const name = `q${String(n).padStart(2, '0')}`;
    it(`TPC-H ${name} across the workers returns the in-process rows`, async () => {
      const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8');
      const { last, rows } = await drain(await post(coordinator.url, sql));
      assert.equal(last.error, undefined, last.error?.message);
      assert.equal(last.stats.state, 'FINISHED');
      assert.equal(await differenceFromInProcess(local, sql, rows), undefined);
      assert.ok(stageIds(last.stats.rootStage).length >= 2, 'the query ran in several stages');
    });
  }

  it('answers IN and NOT IN with NULLs and empty sets alike, its semi joins partitioned across the workers', async () => {
    // Partitioned, each task holds the keys of its partition only: a NULL of the filtering side,
    // and the fact that the set is not empty, must still reach every task (a task whose partition
    // got no key answers NULL, not false, for a NULL key against a set that has keys elsewhere).
    const statements = [
      'SELECT count(*) FROM orders WHERE custkey NOT IN (SELECT CASE WHEN custkey % 7 = 0 THEN NULL ELSE custkey END FROM customer)',
      'SELECT count(*) FROM orders WHERE custkey NOT IN (SELECT custkey FROM customer WHERE custkey % 3 = 0)',
      // One key: the other partition's set is empty, and the NULL keys land in one of them.
      ...[1, 2, 3, 4].map(
        (key) =>
          `SELECT count(*), count_if(x), count_if(x IS NULL) FROM (SELECT (CASE WHEN orderkey % 5 = 0 THEN NULL ELSE custkey END) IN (SELECT custkey FROM customer WHERE custkey = ${key}) AS x FROM orders)`,
      ),
      'SELECT count(*), count_if(x), count_if(x IS NULL) FROM (SELECT (CASE WHEN orderkey % 5 = 0 THEN NULL ELSE custkey END) IN (SELECT custkey FROM customer WHERE custkey < 0) AS x FROM orders)',
      'SELECT count(*) FROM customer c WHERE NOT EXISTS (SELECT * FROM orders o WHERE o.custkey = c.custkey)',
    ];
    for (const sql of statements) {
      const { last, rows } = await drain(
        await post(coordinator.url, sql, { 'X-Service-Session': 'join_distribution_type=PARTITIONED' }),
      );
      assert.equal(last.error, undefined, `${sql}: ${last.error?.message}`);
      assert.equal(await differenceFromInProcess(local, sql, rows), undefined, sql);
      const plan = await drain(
        await post(coordinator.url, `EXPLAIN (TYPE DISTRIBUTED) ${sql}`, {
          'X-Service-Session': 'join_distribution_type=PARTITIONED',
        }),
      );
      assert.match(String(plan.rows[0]?.[0]), /\(replicate nulls and any\)/, sql);
    }
  });

  it('joins orders and lineitem on the order key where their rows are, each bucket in one task', async () => {
    const sql =
      'SELECT o.orderpriority, count(*), sum(l.quantity) FROM orders o JOIN lineitem l ON o.orderkey = l.orderkey GROUP BY o.orderpriority';
    const { last, rows } = await drain(await post(coordinator.url, sql));
    assert.equal(last.error, undefined, last.error?.message);
    assert.equal(await differenceFromInProcess(local, sql, rows), undefined);
    const record = (await (await fetch(`${coordinator.url}/v1/query/${last.id}`)).json()) as Json;
    const all = (stage: Json): Json[] => [stage, ...stage.subStages.flatMap(all)];
    const leaves = all(record.outputStage).filter((stage) => /TableScan/.test(stage.plan.textPlan));
    assert.equal(leaves.length, 1, 'both scans and the join run in one stage');
    assert.match(leaves[0].plan.textPlan, /tpch\.tiny\.orders.*splits by bucket/);
    assert.equal(leaves[0].tasks.length, 2);
    for (const task of leaves[0].tasks as Json[]) {
      assert.ok(task.stats.rawInputPositions > 0, `task ${task.taskStatus.taskId} read its buckets`);
    }
    // The same answer with the rows moved between the workers.
    const off = { 'X-Service-Session': 'colocated_join=false,use_table_scan_node_partitioning=false' };
    const moved = await drain(await post(coordinator.url, sql, off));
    assert.equal(moved.last.error, undefined, moved.last.error?.message);
    assert.equal(await differenceFromInProcess(local, sql, moved.rows), undefined);
    const plan = await drain(await post(coordinator.url, `EXPLAIN (TYPE DISTRIBUTED) ${sql}`, off));
    assert.doesNotMatch(String(plan.rows[0]?.[0]), /splits by bucket/);
    assert.match(String(plan.rows[0]?.[0]), /REPARTITION/);
  });

  it('answers every kind of step over bucketed tables as the in-process engine does', async () => {
    const statements = [
      'SELECT count(*), sum(l2.quantity) FROM lineitem l1 JOIN lineitem l2 ON l1.orderkey = l2.orderkey WHERE l1.linenumber = 1',
      "SELECT count(*), count(o.orderkey), count(l.orderkey) FROM (SELECT * FROM orders WHERE orderstatus = 'F') o FULL JOIN (SELECT * FROM lineitem WHERE quantity > 45) l ON o.orderkey = l.orderkey",
      "SELECT count(*), count(o.orderkey) FROM (SELECT * FROM orders WHERE orderpriority = '1-URGENT') o RIGHT JOIN lineitem l ON o.orderkey = l.orderkey",
      'SELECT count(*), count(l.orderkey) FROM orders o LEFT JOIN (SELECT * FROM lineitem WHERE discount > 0.09) l ON o.orderkey = l.orderkey AND o.custkey = l.suppkey',
      'SELECT max(rn), sum(rn) FROM (SELECT row_number() OVER (PARTITION BY orderkey ORDER BY linenumber DESC) AS rn FROM lineitem)',
      'SELECT count(*), sum(n) FROM (SELECT orderkey, count(*) AS n FROM lineitem GROUP BY orderkey HAVING count(*) > 5)',
      'SELECT o.orderpriority, count(*) FROM orders o JOIN (SELECT orderkey FROM lineitem GROUP BY orderkey HAVING sum(quantity) > 200) big ON o.orderkey = big.orderkey GROUP BY 1',
      'SELECT count(*) FROM orders WHERE orderkey NOT IN (SELECT orderkey FROM lineitem WHERE quantity > 49)',
      'SELECT count(*) FROM orders o WHERE EXISTS (SELECT * FROM lineitem l WHERE l.orderkey = o.orderkey AND l.commitdate < l.receiptdate)',
      'SELECT count(*), sum(ps.availqty) FROM part p JOIN partsupp ps ON p.partkey = ps.partkey WHERE p.size < 10',
      // Only one side's splits pruned (the other side's filter cannot move across an outer join).
      'SELECT count(*), count(o.orderkey), sum(o.totalprice) FROM lineitem l LEFT JOIN orders o ON l.orderkey = o.orderkey AND o.orderkey BETWEEN 20000 AND 40000',
      'SELECT count(*), count(l.orderkey) FROM orders o LEFT JOIN lineitem l ON o.orderkey = l.orderkey AND l.orderkey > 52000',
      // Different scale factors are different partitionings.
      'SELECT count(*) FROM tpch.tiny.orders o JOIN tpch."sf0.02".lineitem l ON o.orderkey = l.orderkey',
    ];
    for (const sql of statements) {
      const sessions: Record<string, string>[] = [{}, { 'X-Service-Session': 'join_distribution_type=PARTITIONED' }];
      for (const headers of sessions) {
        const { last, rows } = await drain(await post(coordinator.url, sql, headers));
        assert.equal(last.error, undefined, `${sql}: ${last.error?.message}`);
        assert.equal(await differenceFromInProcess(local, sql, rows), undefined, sql);
      }
    }
    const plan = await drain(
      await post(
        coordinator.url,
        'EXPLAIN (TYPE DISTRIBUTED) SELECT count(*) FROM tpch.tiny.orders o JOIN tpch."sf0.02".lineitem l ON o.orderkey = l.orderkey',
      ),
    );
    assert.doesNotMatch(String(plan.rows[0]?.[0]), /splits by bucket/);
  });

  it('reports the stage tree, and each worker serves the task records of spec §2.3', async () => {
    const { last } = await drain(
      await post(coordinator.url, 'SELECT returnflag, count(*) FROM lineitem GROUP BY returnflag'),
    );
    const root = last.stats.rootStage as Json;
    assert.equal(root.stageId, '0');
    assert.deepEqual(stageIds(root), ['0', '1', '2']);
    const all = [root, ...root.subStages, ...root.subStages.flatMap((s: Json) => s.subStages)];
    for (const stage of all) {
      assert.equal(stage.state, 'FINISHED');
      assert.equal(stage.done, true);
    }
    assert.equal(last.stats.processedRows, 60175);
    const record = (await (await fetch(`${coordinator.url}/v1/query/${last.id}`)).json()) as Json;
    const leaf = record.outputStage.subStages[0].subStages[0];
    assert.equal(leaf.tasks.length, 2, 'the leaf stage ran one task per worker');
    const task = leaf.tasks[0] as Json;
    assert.match(task.taskId, new RegExp(`^${last.id}\\.2\\.\\d$`));
    const headers = { [INTERNAL_BEARER_HEADER]: createInternalToken(SECRET, 'coordinator', audienceOf(task.self)) };
    const fetched = (await (await fetch(task.self, { headers })).json()) as Json;
    for (const field of TASK_RECORD_FIELDS) {
      assert.ok(field in fetched, `task record has ${field}`);
    }
    assert.equal(fetched.state, 'FINISHED');
    assert.equal(fetched.outputBuffers.state, 'FINISHED');
    assert.ok(Number.isInteger(fetched.outputBuffers.masterSequenceId));
    assert.ok(fetched.outputBuffers.buffers.every((b: Json) => typeof b.bufferId === 'string' && b.finished === true));
    const operators = fetched.stats.pipelines.flatMap((p: Json) => p.operatorSummaries) as Json[];
    assert.ok(operators.some((o) => o.operatorType === 'TaskOutputOperator'));
    const consumer = record.outputStage.subStages[0].tasks[0] as Json;
    const exchange = consumer.stats.pipelines
      .flatMap((p: Json) => p.operatorSummaries)
      .find((o: Json) => o.operatorType === 'ExchangeOperator');
    assert.ok(exchange?.info?.pageBufferClientStatuses?.length >= 1, 'the exchange operator reports its clients');
    const list = (await (await fetch(`${workers[0]!.url}/v1/task`, { headers })).json()) as Json[];
    assert.ok(list.some((t) => String(t.taskId).startsWith(last.id)));
  });

  it('runs a leaf stage over a one-split table as one task, not one per worker', async () => {
    // lineitem (8 splits at tiny) keeps the plan distributed; nation and supplier are one split
    // each, and as build sides their scans wait for no dynamic filter.
    const sql =
      'SELECT n.name, count(*) FROM lineitem l JOIN supplier s ON l.suppkey = s.suppkey JOIN nation n ON s.nationkey = n.nationkey GROUP BY n.name';
    const { last, rows } = await drain(await post(coordinator.url, sql));
    assert.equal(last.error, undefined);
    assert.equal(rows.length, 25);
    const record = (await (await fetch(`${coordinator.url}/v1/query/${last.id}`)).json()) as Json;
    const all = (stage: Json): Json[] => [stage, ...stage.subStages.flatMap(all)];
    const scanning = (table: string) =>
      all(record.outputStage).find((stage) =>
        new RegExp(`TableScan\\[table = tpch\\.tiny\\.${table}\\b`).test(stage.plan.textPlan),
      );
    const nation = scanning('nation');
    const lineitem = scanning('lineitem');
    assert.ok(nation !== undefined && lineitem !== undefined, 'both scans have stages of their own');
    assert.equal(nation.tasks.length, 1, 'the one-split leaf stage ran one task');
    assert.match(nation.tasks[0].taskId, /\.0$/, 'numbered from 0');
    assert.equal(lineitem.tasks.length, 2, 'the leaf stage of many splits ran one task per worker');
  });

  it('runs a hash stage of a few estimated groups as one task, unless min_input_rows_per_task says otherwise', async () => {
    // Six (returnflag, linestatus) groups by the statistics: under the default 10,000 rows a task,
    // the FINAL aggregation's stage is one task; at one row a task, one per worker.
    const sql = 'SELECT returnflag, linestatus, count(*) FROM lineitem GROUP BY 1, 2 ORDER BY 1, 2';
    const finalTasks = async (session?: string) => {
      const headers: Record<string, string> = session === undefined ? {} : { 'X-Service-Session': session };
      const { last, rows } = await drain(await post(coordinator.url, sql, headers));
      assert.equal(last.error, undefined, last.error?.message);
      const record = (await (await fetch(`${coordinator.url}/v1/query/${last.id}`)).json()) as Json;
      const all = (stage: Json): Json[] => [stage, ...stage.subStages.flatMap(all)];
      const final = all(record.outputStage).find((stage) => /Aggregation\[type = FINAL/.test(stage.plan.textPlan));
      assert.ok(final !== undefined, 'a stage runs the FINAL aggregation');
      return { tasks: final.tasks.length as number, rows };
    };
    const small = await finalTasks();
    const spread = await finalTasks('min_input_rows_per_task=1');
    assert.equal(small.tasks, 1);
    assert.equal(spread.tasks, 2);
    assert.equal(small.rows.length, 4);
    assert.deepEqual(small.rows, spread.rows);
  });

  it('ends a LIMIT over a big table with every task FINISHED, its producers stopped early', async () => {
    const { last, rows } = await drain(await post(coordinator.url, 'SELECT orderkey FROM tpch.sf1.lineitem LIMIT 5'));
    assert.equal(rows.length, 5);
    const all = (stage: Json): Json[] => [stage, ...stage.subStages.flatMap(all)];
    const record = (await (await fetch(`${coordinator.url}/v1/query/${last.id}`)).json()) as Json;
    for (const stage of all(record.outputStage)) {
      for (const task of stage.tasks as Json[]) {
        assert.equal(task.taskStatus.state, 'FINISHED', `task ${task.taskStatus.taskId} finished with the query`);
      }
    }
    // The leaf tasks stopped once the consumer had its rows, long before 6 M rows were read.
    assert.ok(record.queryStats.rawInputPositions < 6_001_215, 'the scan stopped early');
  });

  it("answers system.runtime tables that agree with /v1/node, /v1/query and the workers' /v1/task", async () => {
    const { last: counted } = await drain(await post(coordinator.url, 'SELECT count(*) FROM lineitem'));
    const nodes = (
      await drain(await post(coordinator.url, 'SELECT node_id, http_uri, coordinator, state FROM system.runtime.nodes'))
    ).rows;
    const nodeRecords = (await (await fetch(`${coordinator.url}/v1/node`)).json()) as Json[];
    const workerUris = nodes.filter((n) => n[2] === false).map((n) => n[1]);
    assert.deepEqual(workerUris.sort(), nodeRecords.map((n) => n.uri).sort());
    assert.ok(nodes.some((n) => n[0] === 'coordinator' && n[2] === true && n[3] === 'active'));
    const queries = (
      await drain(await post(coordinator.url, 'SELECT query_id, state, "user", query FROM system.runtime.queries'))
    ).rows;
    const listed = (await (await fetch(`${coordinator.url}/v1/query`)).json()) as Json[];
    const row = queries.find((q) => q[0] === counted.id)!;
    const entry = listed.find((q) => q.queryId === counted.id)!;
    assert.deepEqual(row.slice(1), [entry.state, entry.session.user, entry.query]);
    const tasks = (
      await drain(
        await post(
          coordinator.url,
          `SELECT task_id, node_id, state, raw_input_rows FROM system.runtime.tasks WHERE query_id = '${counted.id}'`,
        ),
      )
    ).rows;
    const workerTasks = (
      await Promise.all(
        workers.map(
          async (w) => (await (await fetch(`${w.url}/v1/task`, { headers: signedFor(w.url) })).json()) as Json[],
        ),
      )
    )
      .flat()
      .filter((t) => String(t.taskId).startsWith(counted.id));
    assert.deepEqual(tasks.map((t) => t[0]).sort(), workerTasks.map((t) => t.taskId).sort());
    assert.equal(
      tasks.reduce((sum, t) => sum + (t[3] as number), 0),
      60175,
      'the leaf tasks read every row once',
    );
  });

  it("filters a co-located semi join's probe rows by each task's own keys, and says so", async () => {
    // lineitem and orders of tiny are cut at the same order keys: each task holds its orders' keys
    // (3,600 or so, past the 256 a split constraint lists), the coordinator their range.
    const sql = "SELECT count(*) FROM lineitem WHERE orderkey IN (SELECT orderkey FROM orders WHERE orderstatus = 'F')";
    const { last, rows } = await drain(await post(coordinator.url, `EXPLAIN ANALYZE ${sql}`));
    assert.equal(last.error, undefined, last.error?.message);
    const text = String(rows[0]![0]);
    assert.match(text, /distribution = PARTITIONED/);
    assert.match(text, /Dynamic filter df_\d+: range \[\d+, \d+\]; each task filters by its own build's keys/);
    const counted = await drain(await post(coordinator.url, sql));
    const unfiltered = await drain(
      await post(coordinator.url, sql, { 'X-Service-Session': 'enable_dynamic_filtering=false' }),
    );
    assert.deepEqual(counted.rows, unfiltered.rows, 'the same count with and without dynamic filters');
  });

  it('EXPLAIN ANALYZE of TPC-H Q9 at sf1 prints operator rows that add up with the query', async () => {
    const sql = `EXPLAIN ANALYZE ${readFileSync('test/sql/tpch/q09.sql', 'utf8')}`;
    const analyze = async (dynamicFiltering: boolean) => {
      const { last, rows } = await drain(
        await post(coordinator.url, sql, {
          'X-Service-Schema': 'sf1',
          'X-Service-Session': `enable_dynamic_filtering=${dynamicFiltering}`,
        }),
      );
      assert.equal(last.error, undefined, last.error?.message);
      const text = String(rows[0]![0]);
      const header = /Input: (\d+) rows/.exec(text);
      assert.ok(header, text);
      const scans = [...text.matchAll(/TableScanOperator: input \d+ rows \([^)]*\), output (\d+) rows/g)].map((m) =>
        Number(m[1]),
      );
      assert.ok(scans.length >= 6, 'every table scan is listed');
      return { last, text, input: Number(header[1]), scanned: scans.reduce((sum, n) => sum + n, 0) };
    };
    const unfiltered = await analyze(false);
    assert.equal(unfiltered.scanned, unfiltered.input, 'the scans output exactly the query input');
    // With dynamic filters, scans drop the probe rows no build key can match (lineitem rows of
    // parts that are not `%green%`) before they leave the scan: fewer rows out than read.
    const filtered = await analyze(true);
    assert.equal(filtered.input, unfiltered.input, 'the tpch connector reads every row either way');
    assert.ok(filtered.scanned < filtered.input, `${filtered.scanned} rows out of the scans, ${filtered.input} read`);
    // The stages whose scans waited say what they got: q09's '%green%' parts as a set of keys.
    assert.match(
      filtered.text,
      /Dynamic filter df_\d+: \d+ values in \[\d+, \d+\], collected after [\d.]+(ns|us|ms|s)/,
    );
    assert.doesNotMatch(unfiltered.text, /Dynamic filter/);
    const { last, text } = filtered;
    // Every exchange delivers what its producers sent: the rows the leaf stages output arrive.
    assert.match(text, /Fragment 0 \[SINGLE\]/);
    assert.match(text, /ExchangeOperator: input 0 rows \(0B\), output \d+ rows/);
    assert.match(text, /CPU [\d.]+(ns|us|ms|s), wall [\d.]+(ns|us|ms|s), blocked/);
    assert.ok(last.stats.rootStage.subStages.length > 0, 'the statement reports the analyzed stages');
  });

  it('passes rows through partial aggregations whose keys prove unique enough, with the same answer', async () => {
    // 300,000 orders, 150,000 a task (past the 100,000 rows after which a partial aggregation is
    // judged). Order keys come in runs of eight (1-7, then 32-39, ...): orderkey / 2 holds about
    // 0.57 groups a row — aggregated at the default threshold (0.8), passed through at 0.5.
    const grouped = 'SELECT count(*), sum(c) FROM (SELECT orderkey / 2 AS k, count(*) AS c FROM orders GROUP BY 1)';
    const partialRows = async (session: string) => {
      const headers = { 'X-Service-Schema': 'sf0.2', 'X-Service-Session': session };
      const { last, rows } = await drain(await post(coordinator.url, `EXPLAIN ANALYZE ${grouped}`, headers));
      assert.equal(last.error, undefined, last.error?.message);
      const text = String(rows[0]![0]);
      const partial = /HashAggregationOperator: input (300000) rows \([^)]*\), output (\d+) rows/.exec(text);
      assert.ok(partial, text);
      const answer = await drain(await post(coordinator.url, grouped, headers));
      return { output: Number(partial[2]), answer: answer.rows };
    };
    const off = await partialRows('adaptive_partial_aggregation_enabled=false');
    const keeps = await partialRows('adaptive_partial_aggregation_enabled=true');
    const passes = await partialRows('adaptive_partial_aggregation_unique_rows_ratio_threshold=0.5');
    assert.equal(Number(off.answer[0]![1]), 300_000);
    assert.deepEqual(keeps.answer, off.answer);
    assert.deepEqual(passes.answer, off.answer);
    // Aggregating merges pairs of keys (a pair cut by a split boundary stays two rows).
    assert.ok(off.output < 175_000, `${off.output} rows out of the partial step`);
    assert.ok(Math.abs(keeps.output - off.output) < 100, `at 0.8 every row is aggregated: ${keeps.output} rows`);
    assert.ok(passes.output > off.output + 30_000, `passing emits the rows after the first table: ${passes.output}`);
  });

  it('cancels every task of a canceled query', async () => {
    const first = await post(coordinator.url, 'SELECT count(*) FROM tpch.sf100.lineitem');
    await eventually('the query running', 20_000, async () => {
      const record = (await (await fetch(`${coordinator.url}/v1/query/${first.id}`)).json()) as Json;
      return record.state === 'RUNNING' ? true : undefined;
    });
    assert.equal((await fetch(`${coordinator.url}/v1/query/${first.id}`, { method: 'DELETE' })).status, 204);
    const { last } = await drain(first);
    assert.equal(last.error?.errorName, 'USER_CANCELED');
    await eventually('every task of the query canceled', 5_000, async () => {
      const tasks = (
        await Promise.all(
          workers.map(
            async (w) => (await (await fetch(`${w.url}/v1/task`, { headers: signedFor(w.url) })).json()) as Json[],
          ),
        )
      )
        .flat()
        .filter((t) => String(t.taskId).startsWith(first.id));
      return tasks.length > 0 && tasks.every((t) => ['CANCELED', 'ABORTED'].includes(t.state)) ? true : undefined;
    });
  });

  it('keeps memory tables on the workers that wrote them, and changes them there', async () => {
    // lineitem has 8 splits at tiny: both workers read, and so write, some of them.
    const statements = [
      'CREATE TABLE memory.default.spread AS SELECT orderkey, linenumber, partkey, returnflag, comment FROM lineitem',
      'INSERT INTO memory.default.spread SELECT orderkey, linenumber, partkey, returnflag, comment FROM lineitem WHERE orderkey < 100',
      'DELETE FROM memory.default.spread WHERE orderkey < 100',
      "UPDATE memory.default.spread SET comment = 'x' WHERE orderkey < 1000",
      'ALTER TABLE memory.default.spread ADD COLUMN extra bigint',
      'ALTER TABLE memory.default.spread RENAME COLUMN extra TO flag',
      "SELECT count(*), count(flag), count_if(comment = 'x'), sum(partkey) FROM memory.default.spread",
      'ALTER TABLE memory.default.spread DROP COLUMN flag',
      'SELECT returnflag, count(*), sum(linenumber) FROM memory.default.spread GROUP BY 1',
    ];
    // The same statements in process (a memory catalog of its own) give the same answers.
    for (const sql of statements) {
      const { last, rows } = await drain(await post(coordinator.url, sql));
      assert.equal(last.error, undefined, `${sql}: ${last.error?.message}`);
      assert.equal(await differenceFromInProcess(local, sql, rows), undefined, sql);
    }
    assert.ok(
      (await drain(await post(coordinator.url, 'SELECT count(*) FROM memory.default.spread'))).last.stats.nodes >= 2,
    );
    // Read on the workers: a join with generated data, as the in-process engine answers it.
    const join =
      'SELECT s.returnflag, count(*), sum(p.retailprice) FROM memory.default.spread s JOIN part p ON s.partkey = p.partkey GROUP BY 1';
    const { last, rows } = await drain(await post(coordinator.url, join));
    assert.equal(last.stats.state, 'FINISHED');
    assert.ok(last.stats.nodes >= 2, 'the memory table is read on the workers');
    assert.equal(await differenceFromInProcess(local, join, rows), undefined);
    // Both workers hold pages: each ran a writer of the table's last rewrite (DROP COLUMN).
    for (const worker of workers) {
      const tasks = (await (
        await fetch(`${worker.url}/v1/task`, {
          headers: signedFor(worker.url),
        })
      ).json()) as Json[];
      const written = tasks
        .flatMap((task) => task.stats.pipelines.flatMap((p: Json) => p.operatorSummaries))
        .filter((operator: Json) => operator.operatorType === 'TableWriterOperator')
        .reduce((sum: number, operator: Json) => sum + operator.inputPositions, 0);
      assert.ok(written > 0, `${worker.url} wrote rows of memory tables`);
    }
    // A write that fails on a worker leaves the table as it was; a failed CREATE TABLE AS leaves none.
    const { last: failedInsert } = await drain(
      await post(
        coordinator.url,
        'INSERT INTO memory.default.spread SELECT orderkey, linenumber, 1 / (partkey - partkey), returnflag, comment FROM lineitem',
      ),
    );
    assert.equal(failedInsert.error?.errorName, 'DIVISION_BY_ZERO');
    const { rows: unchanged } = await drain(await post(coordinator.url, 'SELECT count(*) FROM memory.default.spread'));
    assert.equal(
      await differenceFromInProcess(local, 'SELECT count(*) FROM memory.default.spread', unchanged),
      undefined,
    );
    const { last: failedCreate } = await drain(
      await post(
        coordinator.url,
        'CREATE TABLE memory.default.broken AS SELECT 1 / (partkey - partkey) AS x FROM lineitem',
      ),
    );
    assert.equal(failedCreate.error?.errorName, 'DIVISION_BY_ZERO');
    const { rows: tables } = await drain(await post(coordinator.url, "SHOW TABLES FROM memory.default LIKE 'broken'"));
    assert.deepEqual(tables, []);
    const { last: small } = await drain(
      await post(coordinator.url, 'SELECT count(*) FROM system.runtime.nodes CROSS JOIN memory.default.spread'),
    );
    assert.equal(small.error.errorName, 'NOT_SUPPORTED');
    assert.match(small.error.message, /keeps its data on the workers/);
  });

  it('fails a query whose worker dies with REMOTE_TASK_ERROR naming the node, and keeps serving', async () => {
    const first = await post(coordinator.url, 'SELECT count(*), sum(quantity) FROM tpch.sf10.lineitem');
    await eventually('the query running', 20_000, async () => {
      const record = (await (await fetch(`${coordinator.url}/v1/query/${first.id}`)).json()) as Json;
      return record.state === 'RUNNING' ? true : undefined;
    });
    const victim = workers[1]!;
    await stopProcess(victim.child, 'SIGKILL');
    const started = Date.now();
    const { last } = await drain(first);
    assert.equal(last.stats.state, 'FAILED');
    assert.equal(last.error.errorName, 'REMOTE_TASK_ERROR');
    assert.match(last.error.message, /worker-2/);
    assert.ok(Date.now() - started < 10_000, 'the failure is noticed within 10 s');
    // The detector takes the dead worker out; queries run on the one left.
    await eventually('queries succeed on the remaining worker', 30_000, async () => {
      const { last: next } = await drain(await post(coordinator.url, 'SELECT count(*) FROM orders'));
      return next.stats.state === 'FINISHED' ? true : undefined;
    });
    // A query may succeed on the live worker before the detector's next round marks the dead one.
    await eventually('the dead worker listed as failed', 30_000, async () => {
      const failed = (await (await fetch(`${coordinator.url}/v1/node/failed`)).json()) as Json[];
      return failed.some((node) => node.uri === victim.url) ? true : undefined;
    });
    // Its share of a memory table went with it: reading the table says so.
    const { last: lost } = await drain(await post(coordinator.url, 'SELECT count(*) FROM memory.default.spread'));
    assert.equal(lost.error.errorName, 'NO_NODES_AVAILABLE');
    assert.match(lost.error.message, /memory\.default\.spread.*worker-2/);
  });

  it('gives a restarted worker work again', async () => {
    workers[1] = await startWorker('worker-2');
    await eventually('queries on both workers again', 30_000, async () => {
      const { last } = await drain(await post(coordinator.url, 'SELECT count(*) FROM orders'));
      return last.stats.state === 'FINISHED' && last.stats.nodes === 2 ? true : undefined;
    });
    const { last: lost } = await drain(await post(coordinator.url, 'SELECT count(*) FROM memory.default.spread'));
    assert.match(lost.error.message, /held by worker-2 was lost: the node restarted/);
    // Tables written now are spread over both again.
    const { rows, last: created } = await drain(
      await post(coordinator.url, 'CREATE TABLE memory.default.again AS SELECT * FROM nation'),
    );
    assert.equal(created.error, undefined, created.error?.message);
    assert.deepEqual(rows, [[25]]);
    const { rows: read } = await drain(await post(coordinator.url, 'SELECT sum(nationkey) FROM memory.default.again'));
    assert.deepEqual(read, [[300]]);
  });

  it('runs a read again without a worker that died before its tasks could be created', async () => {
    const victim = workers[1]!;
    await stopProcess(victim.child, 'SIGKILL');
    // At once, before the failure detector has noticed: the coordinator still counts it active.
    const { rows, last } = await drain(await post(coordinator.url, 'SELECT count(*), sum(orderkey) FROM orders'));
    assert.equal(last.error, undefined, last.error?.message);
    assert.deepEqual(rows, [[15000, 449_872_500]]);
    workers[1] = await startWorker('worker-2');
  });
});
