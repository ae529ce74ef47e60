/**
 * `npm run bench -- lake --storage s3 [--sf 1] [--runs 1] [q01 ...]`: the 22 TPC-H queries on a
 * 2-worker cluster over the same DuckDB-written Parquet files (lake-bench.ts's, cached in
 * .cache/lake-bench/sf<N>/parquet) from local disk (`lake.duck`, external tables) and from the S3
 * test server (`s3.duck`, a catalog made by CREATE CATALOG over a bucket, external tables on
 * `s3://`). Both sets are analyzed first, so the plans are the same. Per query: best time on
 * each storage, and the S3 requests and bytes it made (the recording proxy in front of s3rver
 * counts them; bytes are the ranges asked for). s3rver serves objects from files through Koa on
 * loopback: the S3 times are the client's and that server's costs, not a forecast for AWS.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { S3FileSystem } from '../src/connectors/lake/fs/s3-file-system.js';
import { TPCH_TABLES } from '../src/connectors/tpch/generator/index.js';
import {
  type RecordedRequest,
  startS3TestEnvironment,
  testS3Config,
  testS3Properties,
} from '../test/connectors/lake/fs/s3-test-server.js';
import { stopProcess } from '../test/server/cluster/cluster-process-helpers.js';
import { stringOption as option, tpchQueryNames } from './bench-options.js';
import { runSql, startCluster, writeParquet } from './lake-bench.js';

/** Bytes a GET asked for: its range (`bytes=a-b`, or a suffix `bytes=-n`), else the whole object (unknown: 0). */
function requestedBytes(request: RecordedRequest, sizes: ReadonlyMap<string, number>): number {
  if (request.method !== 'GET') return 0;
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.range ?? '');
  const size = sizes.get(request.path) ?? 0;
  if (range === null) return request.query.has('list-type') ? 0 : size;
  if (range[1] === '') return Math.min(size, Number(range[2]));
  return Number(range[2]) - Number(range[1]) + 1;
}

/**
 * The same rows in the same order; doubles equal to 12 significant digits (a double sum's last
 * digits depend on the order splits finish in: Q9 gives 27136900.18030002 or 27136900.180300016).
 */
function sameAnswer(a: readonly unknown[][], b: readonly unknown[][]): boolean {
  const close = (x: unknown, y: unknown) =>
    typeof x === 'number' && typeof y === 'number'
      ? x === y || Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(x), Math.abs(y))
      : JSON.stringify(x) === JSON.stringify(y);
  return a.length === b.length && a.every((row, i) => row.every((value, j) => close(value, b[i]?.[j])));
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = Number(option(args, '--sf', '1'));
  const runs = Number(option(args, '--runs', '1'));
  const queries = tpchQueryNames(args);
  const root = resolve(`.cache/lake-bench/sf${sf}`);
  const parquet = join(root, 'parquet');
  console.log(`preparing Parquet files (DuckDB) in ${parquet} ...`);
  await writeParquet(parquet, sf);
  const storage = join(root, 's3');
  rmSync(storage, { recursive: true, force: true });
  const env = await startS3TestEnvironment(storage, ['tpch']);
  const tables = Object.keys(TPCH_TABLES);
  const sizes = new Map<string, number>();
  const upload = performance.now();
  const s3 = new S3FileSystem(testS3Config(env.proxy.endpoint, { partSize: 16 << 20 }));
  for (const table of tables) {
    const bytes = readFileSync(join(parquet, table, 'data.parquet'));
    const output = await s3.newOutputFile(`s3://tpch/${table}/data.parquet`);
    for (let offset = 0; offset < bytes.length; offset += 16 << 20) {
      await output.write(bytes.subarray(offset, Math.min(bytes.length, offset + (16 << 20))));
    }
    await output.commit();
    sizes.set(`/tpch/${table}/data.parquet`, bytes.length);
  }
  await s3.close();
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  console.log(
    `uploaded ${(total / 1e6).toFixed(0)} MB to the S3 test server in ${((performance.now() - upload) / 1000).toFixed(1)} s`,
  );

  const data = join(root, 'data-s3-bench');
  rmSync(data, { recursive: true, force: true });
  // CREATE CATALOG below stores s3.properties in the cluster's etc/catalog: a previous run's would
  // make it fail with "Catalog 's3' already exists".
  rmSync(join(root, 'etc', 'catalog'), { recursive: true, force: true });
  const { url, roles } = await startCluster(root, data);
  try {
    const properties = { 'hive.metastore.catalog.dir': 's3://tpch/metastore', ...testS3Properties(env.proxy.endpoint) };
    const list = Object.entries(properties)
      .map(([key, value]) => `"${key}" = '${value}'`)
      .join(', ');
    await runSql(url, `CREATE CATALOG s3 USING hive WITH (${list})`, 'default');
    for (const catalog of ['lake', 's3']) {
      await runSql(url, `CREATE SCHEMA ${catalog}.duck`, 'default');
      for (const table of tables) {
        const location = catalog === 's3' ? `s3://tpch/${table}` : `file://${join(parquet, table)}`;
        await runSql(url, `CREATE TABLE ${catalog}.duck.${table} WITH (external_location = '${location}')`, 'duck');
      }
      const start = performance.now();
      for (const table of tables) await runSql(url, `ANALYZE ${catalog}.duck.${table}`, 'duck');
      console.log(`ANALYZE of every table in ${catalog}.duck: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }

    console.log(`\nTPC-H sf${sf}, 2 workers, best of ${runs}: local disk vs the S3 test server (s3rver, loopback)`);
    console.log('query   local ms     s3 ms  ratio  requests  (GET/LIST)   MB asked  answer');
    let localTotal = 0;
    let s3Total = 0;
    for (const name of queries) {
      const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8');
      // the session's catalog decides where unqualified tables are read
      const local = await bestOfCatalog(url, sql, 'lake', runs);
      const remote = await bestOfCatalog(url, sql, 's3', runs, env.proxy.requests);
      localTotal += local.best;
      s3Total += remote.best;
      const gets = remote.made.filter((r) => r.method === 'GET' && !r.query.has('list-type')).length;
      const lists = remote.made.filter((r) => r.query.has('list-type')).length;
      const bytes = remote.made.reduce((sum, r) => sum + requestedBytes(r, sizes), 0);
      const same = sameAnswer(local.rows, remote.rows) ? 'same' : 'DIFFERENT';
      console.log(
        `${name}   ${local.best.toFixed(0).padStart(8)}  ${remote.best.toFixed(0).padStart(8)}  ${(
          remote.best / local.best
        )
          .toFixed(2)
          .padStart(5)}  ${String(remote.made.length).padStart(8)}  ${`(${gets}/${lists})`.padStart(10)}  ${(
          bytes / 1e6
        )
          .toFixed(1)
          .padStart(9)}  ${same}`,
      );
      if (same === 'DIFFERENT') {
        const at = local.rows.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(remote.rows[i]));
        console.log(
          `  ${local.rows.length} vs ${remote.rows.length} rows; row ${at}: local ${JSON.stringify(local.rows[at])}, s3 ${JSON.stringify(remote.rows[at])}`,
        );
      }
    }
    console.log(
      `total   ${localTotal.toFixed(0).padStart(8)}  ${s3Total.toFixed(0).padStart(8)}  ${(s3Total / localTotal).toFixed(2).padStart(5)}`,
    );
  } finally {
    await Promise.all(roles.map((role) => stopProcess(role.child)));
    await env.close();
  }
}

/** Runs `sql` with `catalog` as the session catalog `runs` times: best time, rows, the S3 requests of the last run. */
async function bestOfCatalog(
  url: string,
  sql: string,
  catalog: string,
  runs: number,
  requests: readonly RecordedRequest[] = [],
): Promise<{ best: number; rows: unknown[][]; made: RecordedRequest[] }> {
  let best = Number.POSITIVE_INFINITY;
  let rows: unknown[][] = [];
  let made: RecordedRequest[] = [];
  for (let r = 0; r < runs; r++) {
    const before = requests.length;
    const result = await runSql(url, sql, 'duck', catalog).catch((error: Error) => ({
      rows: [[`FAILED ${error.message.slice(0, 80)}`]],
      elapsedMs: Number.NaN,
      id: '',
    }));
    made = requests.slice(before);
    best = Math.min(best, result.elapsedMs);
    rows = result.rows;
  }
  return { best, rows, made };
}
