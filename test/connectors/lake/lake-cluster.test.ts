/**
 * The lake catalog on a real cluster (a coordinator and two worker processes on loopback): a
 * table over DuckDB-written Parquet files is read with splits on both workers (also one of only four
 * splits, fewer than a task holds), a CTAS written by
 * the workers is read back, and survives a restart of every process (the metastore and the files
 * are in the data directory, given by `--data-dir`).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  type RoleProcess,
  runStatement,
  startRole,
  stopProcess,
} from '../../server/cluster/cluster-process-helpers.js';
import { duckdb } from './parquet/parquet-fixtures.js';

describe('the lake catalog on a coordinator and two worker processes', { timeout: 180_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'vivace-lake-cluster-'));
  const etc = join(root, 'etc');
  const data = join(root, 'data');
  const files = join(root, 'files');
  let coordinator: RoleProcess | undefined;
  let workers: RoleProcess[] = [];

  async function start(): Promise<void> {
    coordinator = await startRole([
      'coordinator',
      '--etc',
      etc,
      '--data-dir',
      data,
      '--port',
      '0',
      '--node-id',
      'coordinator',
    ]);
    workers = [];
    for (const nodeId of ['worker-1', 'worker-2']) {
      workers.push(
        await startRole([
          'worker',
          '--etc',
          etc,
          '--data-dir',
          data,
          '--port',
          '0',
          '--node-id',
          nodeId,
          '--discovery-uri',
          coordinator.url,
        ]),
      );
    }
    // Until both workers are active a query would run on the coordinator alone.
    for (let i = 0; i < 100; i++) {
      const nodes = await runStatement(
        coordinator.url,
        "SELECT count(*) FROM system.runtime.nodes WHERE state = 'active' AND NOT coordinator",
      );
      if (nodes[0]?.[0] === 2) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('workers did not become active');
  }

  async function stop(): Promise<void> {
    await Promise.all([...workers, ...(coordinator ? [coordinator] : [])].map((p) => stopProcess(p.child)));
    coordinator = undefined;
    workers = [];
  }

  before(async () => {
    mkdirSync(etc, { recursive: true });
    mkdirSync(files, { recursive: true });
    writeFileSync(join(etc, 'node.properties'), 'node.environment=lake_test\n');
    writeFileSync(join(etc, 'config.properties'), 'discovery.announcement-interval=1s\n');
    // More files (splits) than one task holds at a time (6), so the scheduler uses both workers.
    for (let i = 0; i < 16; i++) {
      await duckdb(
        `COPY (SELECT i AS id, i % 10 AS bucket FROM range(${i * 250}, ${(i + 1) * 250}) t(i)) TO '${files}/part-${i}.parquet' (FORMAT PARQUET)`,
      );
    }
    // Fewer splits than one task may hold: still spread over both workers. (Above the single-node
    // threshold of 1,000 rows, or the whole plan runs as one task on one worker.)
    mkdirSync(join(root, 'four'), { recursive: true });
    for (let i = 0; i < 4; i++) {
      await duckdb(
        `COPY (SELECT i AS id FROM range(${i * 1000}, ${(i + 1) * 1000}) t(i)) TO '${root}/four/part-${i}.parquet' (FORMAT PARQUET)`,
      );
    }
    // Small files share a split up to hive.max-split-size: 1kB makes every file its own split.
    mkdirSync(join(etc, 'catalog'), { recursive: true });
    writeFileSync(
      join(etc, 'catalog', 'lake.properties'),
      `connector.name=hive\nhive.metastore=file\nhive.metastore.catalog.dir=file://${data}/lake\nhive.max-split-size=1kB\n`,
    );
    await start();
  });

  after(stop);

  it('reads splits on both workers', async () => {
    const url = coordinator!.url;
    await runStatement(url, `CREATE TABLE lake.default.numbers WITH (external_location = 'file://${files}')`);
    const sql = 'SELECT count(*), sum(id) FROM lake.default.numbers';
    assert.deepEqual(await runStatement(url, sql), [[4000, 7998000]]);
    await assertReadOnBothWorkers(url, sql);
  });

  it('spreads a table of four splits over both workers', async () => {
    const url = coordinator!.url;
    await runStatement(url, `CREATE TABLE lake.default.four WITH (external_location = 'file://${root}/four')`);
    const sql = 'SELECT count(*), sum(id) FROM lake.default.four';
    assert.deepEqual(await runStatement(url, sql), [[4000, 7998000]]);
    await assertReadOnBothWorkers(url, sql);
  });

  it('reads a table of one split in one task, not one per worker', async () => {
    const url = coordinator!.url;
    // Written by one writer (a single-node write): one file of 15,000 rows, one row group.
    await runStatement(url, 'CREATE TABLE lake.default.one_file AS SELECT orderkey, totalprice FROM tpch.tiny.orders', {
      'X-Service-Session': 'single_node_execution_threshold_rows=100000',
    });
    const sql = 'SELECT count(*), sum(orderkey) FROM lake.default.one_file';
    assert.deepEqual(await runStatement(url, sql), [[15000, 449872500]]);
    const queries = (await (await fetch(`${url}/v1/query`)).json()) as { queryId: string; query: string }[];
    const read = queries.find((q) => q.query === sql);
    assert.ok(read !== undefined);
    const tasks = await runStatement(
      url,
      `SELECT count(*), sum(raw_input_rows) FROM system.runtime.tasks WHERE query_id = '${read.queryId}' AND task_id LIKE '%.1.%'`,
    );
    assert.deepEqual(tasks, [[1, 15000]], 'one leaf task read every row');
  });

  it('joins tables bucketed alike where their rows are, on both workers, with the answer of tpch', async () => {
    const url = coordinator!.url;
    for (const [table, source, columns] of [
      ['border', 'orders', 'orderkey, orderstatus'],
      ['bline', 'lineitem', 'orderkey, quantity'],
    ]) {
      await runStatement(
        url,
        `CREATE TABLE lake.default.${table} WITH (bucketed_by = ARRAY['orderkey'], bucket_count = 6) AS SELECT ${columns} FROM tpch.tiny.${source}`,
      );
    }
    const sql =
      'SELECT o.orderstatus, count(*), sum(l.quantity) FROM lake.default.border o JOIN lake.default.bline l ON o.orderkey = l.orderkey GROUP BY 1 ORDER BY 1';
    const plan = (await runStatement(url, `EXPLAIN (TYPE DISTRIBUTED) ${sql}`)).map((r) => r[0]).join('\n');
    assert.equal(plan.match(/splits by bucket/g)?.length, 2, plan);
    const expected = await runStatement(
      url,
      'SELECT o.orderstatus, count(*), sum(l.quantity) FROM tpch.tiny.orders o JOIN tpch.tiny.lineitem l ON o.orderkey = l.orderkey GROUP BY 1 ORDER BY 1',
    );
    assert.deepEqual(await runStatement(url, sql), expected);
    await assertReadOnBothWorkers(url, sql);
    // Each bucket's rows met in one task: a bucket pruned to one value still joins all its rows.
    assert.deepEqual(
      await runStatement(
        url,
        'SELECT count(*) FROM lake.default.border o JOIN lake.default.bline l ON o.orderkey = l.orderkey WHERE o.orderkey IN (7, 32, 33, 35)',
      ),
      await runStatement(url, 'SELECT count(*) FROM tpch.tiny.lineitem WHERE orderkey IN (7, 32, 33, 35)'),
    );
  });

  /** The two tables of the dynamic-filtering tests: `numbers` (16 files) and `four` (its build side). */
  async function createJoinTables(url: string): Promise<void> {
    await runStatement(
      url,
      `CREATE TABLE IF NOT EXISTS lake.default.numbers WITH (external_location = 'file://${files}')`,
    );
    await runStatement(
      url,
      `CREATE TABLE IF NOT EXISTS lake.default.four WITH (external_location = 'file://${root}/four')`,
    );
  }

  /** The rows the scans of the (finished) query with text `sql` took from their page sources. */
  async function rowsReadBy(url: string, sql: string): Promise<number> {
    const queries = (await (await fetch(`${url}/v1/query`)).json()) as { queryId: string; query: string }[];
    const query = queries.find((q) => q.query === sql);
    assert.ok(query !== undefined);
    const [[rows]] = (await runStatement(
      url,
      `SELECT sum(raw_input_rows) FROM system.runtime.tasks WHERE query_id = '${query.queryId}'`,
    )) as [[number]];
    return Number(rows);
  }

  it("skips the probe side's files that no key of a join's build side can match (dynamic filtering)", async () => {
    const url = coordinator!.url;
    await createJoinTables(url);
    // numbers: 16 files of 250 ids each; the build side keeps ids 5, 1005, 2005 and 3005 (files
    // 0, 4, 8 and 12) by a condition the planner cannot carry over to numbers' id.
    const sql = (tag: string) =>
      `SELECT count(*), sum(n.bucket), '${tag}' FROM lake.default.numbers n JOIN lake.default.four f ON n.id = f.id WHERE f.id % 1000 = 5`;
    const off = await runStatement(url, sql('off'), { 'X-Service-Session': 'enable_dynamic_filtering=false' });
    const on = await runStatement(url, sql('on'));
    assert.deepEqual(off, [[4, 20, 'off']]);
    assert.deepEqual(on, [[4, 20, 'on']]);
    const rowsRead = (tag: string) => rowsReadBy(url, sql(tag));
    // `four` is read whole either way (4,000 rows); `numbers` all 4,000 rows without the filter;
    // with it, only files 0, 4, 8 and 12 (1,000 rows), of which the reader returns the 4 rows
    // whose id is a build key.
    assert.equal(await rowsRead('off'), 8000);
    assert.equal(await rowsRead('on'), 4004);
    const plan = await runStatement(url, `EXPLAIN (TYPE DISTRIBUTED) ${sql('on')}`);
    // The join is next to the scan: the engine leaves the rows to the join's lookup (the same
    // test), the filter prunes files and is a hint to the reader.
    assert.match(String(plan[0]?.[0]), /dynamicFilters = \{id = #df_0 \(splits\)\}/);
  });

  it('drops the probe rows no build key can match inside the Parquet reader, when the join is across an exchange', async () => {
    const url = coordinator!.url;
    await createJoinTables(url);
    const sql =
      "SELECT count(*), sum(n.bucket), 'in the reader' FROM lake.default.numbers n JOIN lake.default.four f ON n.id = f.id WHERE f.id % 1000 = 5";
    // A partitioned join: the probe rows would cross an exchange, so the filter drops rows too.
    const session = { 'X-Service-Session': 'join_distribution_type=PARTITIONED' };
    assert.deepEqual(await runStatement(url, sql, session), [[4, 20, 'in the reader']]);
    const plan = await runStatement(url, `EXPLAIN (TYPE DISTRIBUTED) ${sql}`, session);
    assert.match(String(plan[0]?.[0]), /dynamicFilters = \{id = #df_0\}/);
    // `four` whole (4,000 rows); of `numbers`, the four files its keys can be in (1,000 rows) are
    // read, and the reader returns only the 4 rows whose id is a build key (1,000 without the hint).
    assert.equal(await rowsReadBy(url, sql), 4004);
  });

  /** The leaf tasks of the (finished) query with text `sql` read rows on both workers. */
  async function assertReadOnBothWorkers(url: string, sql: string): Promise<void> {
    const response = await fetch(`${url}/v1/query`);
    const queries = (await response.json()) as { queryId: string; query: string }[];
    const read = queries.find((q) => q.query === sql);
    assert.ok(read !== undefined);
    const tasks = await runStatement(
      url,
      `SELECT node_id, sum(raw_input_rows) FROM system.runtime.tasks WHERE query_id = '${read.queryId}' GROUP BY node_id`,
    );
    const rowsByNode = new Map(tasks.map((row) => [row[0] as string, Number(row[1])]));
    assert.ok((rowsByNode.get('worker-1') ?? 0) > 0, `worker-1 read rows: ${JSON.stringify(tasks)}`);
    assert.ok((rowsByNode.get('worker-2') ?? 0) > 0, `worker-2 read rows: ${JSON.stringify(tasks)}`);
  }

  it('keeps a CTAS written by the workers, and a view over it, through a restart of every process', async () => {
    await runStatement(
      coordinator!.url,
      "CREATE TABLE lake.default.orders WITH (partitioned_by = ARRAY['orderstatus']) AS SELECT orderkey, totalprice, orderstatus FROM tpch.tiny.orders",
    );
    await runStatement(
      coordinator!.url,
      'CREATE VIEW lake.default.orders_by_status AS SELECT orderstatus, count(*) AS n FROM lake.default.orders GROUP BY 1',
    );
    const expected = await runStatement(
      coordinator!.url,
      'SELECT orderstatus, count(*), sum(orderkey) FROM tpch.tiny.orders GROUP BY 1 ORDER BY 1',
    );
    await stop();
    await start();
    assert.deepEqual(
      await runStatement(
        coordinator!.url,
        'SELECT orderstatus, count(*), sum(orderkey) FROM lake.default.orders GROUP BY 1 ORDER BY 1',
      ),
      expected,
    );
    assert.deepEqual(
      await runStatement(coordinator!.url, 'SELECT orderstatus, n FROM lake.default.orders_by_status ORDER BY 1'),
      expected.map((row) => [row[0], row[1]]),
    );
  });
});
