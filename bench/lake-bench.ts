/**
 * The lake connector end to end on a 2-worker cluster (real processes), beside DuckDB (2 threads)
 * reading the same files in the same run:
 *   1. TPC-H as Parquet written by DuckDB from the dbgen rows (money columns DECIMAL(15,2)),
 *      declared in the `lake` catalog by CREATE TABLE without a column list (schema `duck`);
 *   2. the same tables written by Vivace's own CTAS from `tpch.sf<N>` (schema `vivace`), timed
 *      (rows/s per table);
 *   3. the 22 queries over both: answers compared with DuckDB's (over the same Parquet files for
 *      `duck`, over its own tables for `vivace`), times side by side, geometric mean of the ratios;
 *   4. pruning: lineitem sorted by shipdate, `WHERE shipdate >= DATE '1998-06-01'`, bytes read
 *      (the query's raw input bytes, which the lake page source counts from storage) against the
 *      same scan without the filter.
 *   5. the same queries over `tpch.sf<N>` on the same cluster (the engine's own speed, without the
 *      lake), so that what the lake adds can be told from what the engine costs.
 * Files are cached in .cache/lake-bench/sf<N>/parquet; the data directory (metastore and CTAS
 * output) is made fresh each run. Usage: `npm run bench -- lake [--sf 1] [--runs 1]
 * [--schemas duck,vivace,tpch] [q01 ...]` (`--schemas` picks the passes; without `vivace` no CTAS);
 * `--storage s3` runs the same files from the S3 test server beside local disk instead
 * (lake-s3-bench.ts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { TPCH_TABLES } from '../src/connectors/tpch/generator/index.js';
import { type RoleProcess, startRole, stopProcess } from '../test/server/cluster/cluster-process-helpers.js';
import { tpchDuckDb } from '../test/tpch/duckdb-reference.js';
import { normalise } from '../test/tpch/result-comparison.js';
import { stringOption as option, tpchQueryNames } from './bench-options.js';

/**
 * Why two answers differ, or undefined. Numbers agree within a relative 1e-6 or, for decimals,
 * half a cent: avg() of a decimal(15,2) column is a decimal rounded to its scale in Trino (and
 * Vivace), a double in DuckDB.
 */
function compareRows(ours: readonly unknown[][], expected: readonly unknown[][]): string | undefined {
  if (ours.length !== expected.length) return `row count ${ours.length}, expected ${expected.length}`;
  const same = (a: unknown, b: unknown) =>
    typeof a === 'number' && typeof b === 'number'
      ? Math.abs(a - b) <= Math.max(0.005000001, 1e-6 * Math.max(Math.abs(a), Math.abs(b)))
      : a === b;
  const sameRow = (a: readonly unknown[], b: readonly unknown[]) => a.every((v, j) => same(v, b[j]));
  if (ours.every((row, i) => sameRow(row, expected[i]!))) return undefined;
  // Ties leave some orders open: every row must have a partner.
  const left = [...expected];
  for (const row of ours) {
    const at = left.findIndex((candidate) => sameRow(row, candidate));
    if (at < 0) return `row ${JSON.stringify(row)} not expected`;
    left.splice(at, 1);
  }
  return undefined;
}

const MONEY = new Set(['extendedprice', 'discount', 'tax', 'totalprice', 'acctbal', 'retailprice', 'supplycost']);

interface HttpResult {
  readonly rows: unknown[][];
  readonly elapsedMs: number;
  readonly id: string;
}

/** Runs `sql` with `schema` (of `defaultCatalog`, or written `catalog.schema`) as the session's default. */
export async function runSql(url: string, sql: string, schema: string, defaultCatalog = 'lake'): Promise<HttpResult> {
  const start = performance.now();
  const [catalog, schemaName] = schema.includes('.') ? schema.split('.') : [defaultCatalog, schema];
  let response = await fetch(`${url}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: {
      'X-Service-User': 'bench',
      'X-Service-Catalog': catalog ?? defaultCatalog,
      'X-Service-Schema': schemaName ?? schema,
    },
  });
  const rows: unknown[][] = [];
  for (;;) {
    const body = (await response.json()) as {
      id: string;
      data?: unknown[][];
      nextUri?: string;
      error?: { message: string };
    };
    if (body.error) throw new Error(`${sql.slice(0, 60)}: ${body.error.message}`);
    if (body.data) rows.push(...body.data.map((row) => row.map(normalise)));
    if (!body.nextUri) {
      return { rows, elapsedMs: performance.now() - start, id: body.id };
    }
    response = await fetch(body.nextUri);
  }
}

/** DuckDB writes each table as Parquet (money as DECIMAL(15,2)) and lineitem sorted by shipdate. */
export async function writeParquet(directory: string, sf: number): Promise<void> {
  if (existsSync(join(directory, 'done'))) return;
  rmSync(directory, { recursive: true, force: true });
  const duck = await tpchDuckDb(sf, '2', `.cache/tpch-sf${sf}.duckdb`);
  try {
    for (const [table, columns] of Object.entries(TPCH_TABLES)) {
      mkdirSync(join(directory, table), { recursive: true });
      const select = columns
        .map((c) => (MONEY.has(c.name) ? `CAST(${c.name} AS DECIMAL(15,2)) AS ${c.name}` : c.name))
        .join(', ');
      await duck.run(
        `COPY (SELECT ${select} FROM ${table}) TO '${join(directory, table, 'data.parquet')}' (FORMAT PARQUET)`,
      );
    }
    mkdirSync(join(directory, 'lineitem_sorted'), { recursive: true });
    await duck.run(
      `COPY (SELECT * FROM read_parquet('${join(directory, 'lineitem', 'data.parquet')}') ORDER BY shipdate) TO '${join(directory, 'lineitem_sorted', 'data.parquet')}' (FORMAT PARQUET)`,
    );
  } finally {
    duck.closeSync();
  }
  writeFileSync(join(directory, 'done'), '');
}

export async function startCluster(root: string, data: string): Promise<{ url: string; roles: RoleProcess[] }> {
  const etc = join(root, 'etc');
  mkdirSync(etc, { recursive: true });
  writeFileSync(join(etc, 'node.properties'), 'node.environment=bench\n');
  // No collection when idle: it would run during DuckDB's turn on the same cores (bench-cluster.ts).
  writeFileSync(
    join(etc, 'config.properties'),
    'discovery.announcement-interval=500ms\nquery.max-memory-per-node=8GB\nmemory.release-when-idle=false\n',
  );
  const env = { VIVACE_INTERNAL_SHARED_SECRET: 'bench-secret' };
  const heap = ['--max-old-space-size=8192'];
  const common = ['--etc', etc, '--data-dir', data, '--port', '0'];
  const coordinator = await startRole(['coordinator', ...common, '--node-id', 'coordinator'], env, heap);
  const roles = [coordinator];
  for (const id of ['worker-1', 'worker-2']) {
    roles.push(await startRole(['worker', ...common, '--node-id', id, '--discovery-uri', coordinator.url], env, heap));
  }
  for (let i = 0; i < 300; i++) {
    const active = await runSql(
      coordinator.url,
      "SELECT count(*) FROM system.runtime.nodes WHERE state = 'active' AND NOT coordinator",
      'default',
    );
    if (active.rows[0]?.[0] === 2) return { url: coordinator.url, roles };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('workers did not become active');
}

async function duckTimes(
  duck: DuckDBConnection,
  sql: string,
  runs: number,
): Promise<{ ms: number; rows: unknown[][] }> {
  let best = Number.POSITIVE_INFINITY;
  let rows: unknown[][] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    rows = (await duck.runAndReadAll(sql)).getRows().map((row) => row.map(normalise));
    best = Math.min(best, performance.now() - start);
  }
  return { ms: best, rows };
}

export async function run(args: readonly string[]): Promise<void> {
  if (option(args, '--storage', 'local') === 's3') return (await import('./lake-s3-bench.js')).run(args);
  const sf = Number(option(args, '--sf', '1'));
  const runs = Number(option(args, '--runs', '1'));
  const passes = new Set(option(args, '--schemas', 'duck,vivace,tpch').split(','));
  const queries = tpchQueryNames(args);
  const root = resolve(`.cache/lake-bench/sf${sf}`);
  const parquet = join(root, 'parquet');
  console.log(`preparing Parquet files (DuckDB) in ${parquet} ...`);
  await writeParquet(parquet, sf);
  const data = join(root, 'data');
  rmSync(data, { recursive: true, force: true });
  const { url, roles } = await startCluster(root, data);
  try {
    const tables = Object.keys(TPCH_TABLES);
    await runSql(url, 'CREATE SCHEMA lake.duck', 'default');
    await runSql(url, 'CREATE SCHEMA lake.vivace', 'default');
    for (const table of [...tables, 'lineitem_sorted']) {
      await runSql(
        url,
        `CREATE TABLE lake.duck.${table} WITH (external_location = 'file://${join(parquet, table)}')`,
        'duck',
      );
    }
    const schema = sf === 0.01 ? 'tiny' : `sf${sf}`;
    if (passes.has('vivace')) console.log('\nCTAS from tpch into lake.vivace (Parquet, zstd), 2 workers:');
    for (const table of passes.has('vivace') ? tables : []) {
      const result = await runSql(
        url,
        `CREATE TABLE lake.vivace.${table} AS SELECT * FROM tpch.${schema}.${table}`,
        'vivace',
      );
      const rows = Number(result.rows[0]?.[0] ?? 0);
      console.log(
        `  ${table.padEnd(9)} ${String(rows).padStart(9)} rows  ${(result.elapsedMs / 1000).toFixed(2).padStart(7)} s  ${Math.round(
          rows / (result.elapsedMs / 1000),
        )
          .toLocaleString('en-US')
          .padStart(11)} rows/s`,
      );
    }
    // Column statistics (distinct counts above all) give the optimizer its join orders, as over tpch.
    for (const schemaName of ['duck', 'vivace'].filter((name) => passes.has(name))) {
      const start = performance.now();
      for (const table of tables) await runSql(url, `ANALYZE lake.${schemaName}.${table}`, schemaName);
      console.log(`ANALYZE of every table in lake.${schemaName}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }

    const duckFiles = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
    for (const table of tables) {
      await duckFiles.run(
        `CREATE VIEW ${table} AS SELECT * FROM read_parquet('${join(parquet, table, 'data.parquet')}')`,
      );
    }
    // DuckDB reads the very files Vivace's CTAS wrote (the schema's directory under the data dir).
    const vivaceFiles = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
    if (passes.has('vivace')) {
      for (const table of tables) {
        await vivaceFiles.run(
          `CREATE VIEW ${table} AS SELECT * FROM read_parquet('${join(data, 'lake', 'vivace', table, '*.parquet')}')`,
        );
      }
    }
    const duckTables = await tpchDuckDb(sf, '2', `.cache/tpch-sf${sf}.duckdb`);
    for (const [schemaName, reference, label] of [
      ['duck', duckFiles, 'DuckDB-written Parquet'],
      ['vivace', vivaceFiles, 'Vivace-written Parquet (CTAS), DuckDB reading the same files'],
      [`tpch.${schema}`, duckTables, `tpch.${schema} (the engine without the lake)`],
    ] as const) {
      if (!passes.has(schemaName.startsWith('tpch.') ? 'tpch' : schemaName)) continue;
      console.log(`\nTPC-H sf${sf} over ${label}, 2 workers vs DuckDB (2 threads):`);
      console.log('query  vivace ms  duckdb ms   ratio  answer');
      const ratios: number[] = [];
      for (const name of queries) {
        const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8');
        let best = Number.POSITIVE_INFINITY;
        let ours: unknown[][] = [];
        let failure: string | undefined;
        for (let r = 0; r < runs && failure === undefined; r++) {
          try {
            const result = await runSql(url, sql, schemaName);
            best = Math.min(best, result.elapsedMs);
            ours = result.rows;
          } catch (error) {
            failure = (error as Error).message;
          }
        }
        const duck = await duckTimes(reference, sql, runs);
        const answer = failure ?? compareRows(ours, duck.rows) ?? 'OK';
        const ratio = best / duck.ms;
        if (failure === undefined) ratios.push(ratio);
        console.log(
          `${name}   ${best.toFixed(0).padStart(9)}  ${duck.ms.toFixed(0).padStart(9)}  ${ratio.toFixed(2).padStart(6)}  ${answer.slice(0, 100)}`,
        );
      }
      const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / Math.max(1, ratios.length));
      console.log(`geometric mean ${geomean.toFixed(2)}, worst ${Math.max(...ratios).toFixed(2)}`);
    }
    duckFiles.closeSync();
    vivaceFiles.closeSync();
    duckTables.closeSync();

    console.log('\npruning: lineitem sorted by shipdate');
    const all = await runSql(url, 'SELECT sum(extendedprice), count(*) FROM lineitem_sorted', 'duck');
    const pruned = await runSql(
      url,
      "SELECT sum(extendedprice), count(*) FROM lineitem_sorted WHERE shipdate >= DATE '1998-06-01'",
      'duck',
    );
    const scanned = async (id: string) => {
      const bytes = await runSql(
        url,
        `SELECT sum(raw_input_bytes) FROM system.runtime.tasks WHERE query_id = '${id}' AND stage_id = (SELECT max(stage_id) FROM system.runtime.tasks WHERE query_id = '${id}')`,
        'duck',
      );
      return Number(bytes.rows[0]?.[0] ?? 0);
    };
    if (process.env['LAKE_BENCH_DEBUG']) {
      console.log(
        JSON.stringify(
          (
            await runSql(
              url,
              `SELECT stage_id, node_id, raw_input_bytes, raw_input_rows FROM system.runtime.tasks WHERE query_id = '${pruned.id}'`,
              'duck',
            )
          ).rows,
        ),
      );
    }
    const prunedBytes = await scanned(pruned.id);
    const allBytes = await scanned(all.id);
    console.log(
      `  bytes read: ${prunedBytes.toLocaleString('en-US')} of ${allBytes.toLocaleString('en-US')} (${((100 * prunedBytes) / Math.max(1, allBytes)).toFixed(1)} %), ${pruned.elapsedMs.toFixed(0)} ms vs ${all.elapsedMs.toFixed(0)} ms`,
    );
  } finally {
    await Promise.all(roles.map((role) => stopProcess(role.child)));
  }
}
