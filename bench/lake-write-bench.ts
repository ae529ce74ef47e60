/**
 * Writing the lake: `CREATE TABLE lake.w.t AS SELECT * FROM tpch.sf<N>.lineitem` (Parquet, zstd,
 * the CTAS default) on a real cluster (a coordinator and two worker processes) and in-process,
 * with the CPU time each process spent (from /proc/<pid>/stat: on this shared machine CPU time is
 * steadier than wall time), beside what bounds it: the same rows only generated
 * (`SELECT count(*)`, `sum(length(comment))` over the tpch table), and DuckDB's COPY of the same
 * rows to Parquet (zstd; 1 and 2 threads). Also reports how many files the CTAS wrote and their
 * size. Usage: `npm run bench -- lake-write [--sf 1] [--runs 1] [--no-cluster] [--no-local]`.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageToJsonRows } from '../src/data/json-values.js';
import type { QueryManager } from '../src/server/query/query-manager.js';
import { lakeEngine } from '../test/connectors/lake/lake-fixtures.js';
import { stopProcess } from '../test/server/cluster/cluster-process-helpers.js';
import { tpchDuckDb } from '../test/tpch/duckdb-reference.js';
import { stringOption as option } from './bench-options.js';
import { startCluster } from './lake-bench.js';

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

interface Result {
  readonly rows: unknown[][];
  readonly seconds: number;
}

async function overHttp(url: string, sql: string): Promise<Result> {
  const start = performance.now();
  let response = await fetch(`${url}/v1/statement`, {
    method: 'POST',
    body: sql,
    headers: { 'X-Service-User': 'bench', 'X-Service-Catalog': 'lake', 'X-Service-Schema': 'w' },
  });
  const rows: unknown[][] = [];
  for (;;) {
    const body = (await response.json()) as { data?: unknown[][]; nextUri?: string; error?: { message: string } };
    if (body.error) throw new Error(`${sql.slice(0, 60)}: ${body.error.message}`);
    if (body.data) rows.push(...body.data);
    if (!body.nextUri) return { rows, seconds: (performance.now() - start) / 1000 };
    response = await fetch(body.nextUri);
  }
}

async function inProcess(runner: QueryManager, sql: string): Promise<Result> {
  const start = performance.now();
  const query = await runner.execute(sql, {
    user: 'bench',
    catalog: 'lake',
    schema: 'w',
    timeZone: 'UTC',
    properties: {},
  });
  if (query.error) throw query.error;
  const types = (query.columns ?? []).map((c) => c.type);
  const rows: unknown[][] = [];
  for (let page = query.results.poll(); page; page = query.results.poll()) rows.push(...pageToJsonRows(page, types));
  return { rows, seconds: (performance.now() - start) / 1000 };
}

/** Files (count, bytes) of table `name` below the data directory, hidden staging files left out. */
function tableFiles(dir: string, name: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    if (!entry.parentPath.split('/').includes(name)) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

function line(label: string, rows: number, seconds: number, cpu: string): void {
  const rate = Math.round(rows / seconds).toLocaleString('en-US');
  console.log(`  ${label.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s ${rate.padStart(11)} rows/s  cpu ${cpu}`);
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = Number(option(args, '--sf', '1'));
  const runs = Number(option(args, '--runs', '1'));
  const schema = sf === 0.01 ? 'tiny' : `"sf${sf}"`;
  const source = `tpch.${schema}.lineitem`;
  const data = join(tmpdir(), `vivace-lake-write-${process.pid}`);
  rmSync(data, { recursive: true, force: true });
  const queries = [
    ['generate: count(*)', `SELECT count(*) FROM ${source}`],
    ['generate: sum(length(comment))', `SELECT sum(length(comment)) FROM ${source}`],
  ] as const;
  let table = 0;
  /** Rows of the source table, from the first count(*). */
  let sourceRows = 0;
  const counted = (result: Result) => {
    sourceRows ||= Number(result.rows[0]?.[0]);
    return sourceRows;
  };

  if (!args.includes('--no-cluster')) {
    console.log(`\n2-worker cluster (coordinator + 2 workers), ${source}:`);
    const clusterData = join(data, 'cluster');
    const cluster = await startCluster(clusterData, clusterData);
    const pids = cluster.roles.map((r) => r.pid);
    const cpuOf = (before: number[]) =>
      pids
        .map((pid, i) => `${i === 0 ? 'c' : `w${i}`} ${(cpuSeconds(pid) - (before[i] as number)).toFixed(1)}`)
        .join(' ');
    try {
      await overHttp(cluster.url, 'CREATE SCHEMA lake.w');
      // The generator's text pool is built on first use, seconds of one worker's event loop: not timed.
      for (let i = 0; i < 2; i++) {
        await overHttp(cluster.url, `SELECT sum(length(comment)) FROM ${source} WHERE orderkey < 100000`).catch(
          (error: unknown) => console.log(`  (warm-up failed: ${String(error)})`),
        );
      }
      for (let r = 0; r < runs; r++) {
        for (const [label, sql] of queries) {
          const before = pids.map(cpuSeconds);
          const result = await overHttp(cluster.url, sql);
          line(label, counted(result), result.seconds, cpuOf(before));
        }
        const name = `t${table++}`;
        const before = pids.map(cpuSeconds);
        const result = await overHttp(cluster.url, `CREATE TABLE lake.w.${name} AS SELECT * FROM ${source}`);
        const rows = Number(result.rows[0]?.[0]);
        const { files, bytes } = tableFiles(join(data, 'cluster'), name);
        line(`CTAS (${files} files, ${(bytes / 1e6).toFixed(1)} MB)`, rows, result.seconds, cpuOf(before));
      }
    } finally {
      await Promise.all(cluster.roles.map((r) => stopProcess(r.child)));
    }
  }

  if (!args.includes('--no-local')) {
    console.log(`\nin-process (one engine, this process), ${source}:`);
    const { runner } = lakeEngine(join(data, 'local'));
    await inProcess(runner, 'CREATE SCHEMA lake.w');
    for (let r = 0; r < runs; r++) {
      for (const [label, sql] of queries) {
        const before = process.cpuUsage();
        const result = await inProcess(runner, sql);
        const cpu = process.cpuUsage(before);
        line(label, counted(result), result.seconds, ((cpu.user + cpu.system) / 1e6).toFixed(1));
      }
      const name = `t${table++}`;
      const before = process.cpuUsage();
      const result = await inProcess(runner, `CREATE TABLE lake.w.${name} AS SELECT * FROM ${source}`);
      const cpu = process.cpuUsage(before);
      const rows = Number(result.rows[0]?.[0]);
      const { files, bytes } = tableFiles(join(data, 'local'), name);
      line(
        `CTAS (${files} files, ${(bytes / 1e6).toFixed(1)} MB)`,
        rows,
        result.seconds,
        ((cpu.user + cpu.system) / 1e6).toFixed(1),
      );
    }
  }

  console.log(`\nDuckDB COPY (SELECT * FROM lineitem) TO Parquet (zstd), dbgen sf ${sf} in memory:`);
  const duck = await tpchDuckDb(sf, '2');
  try {
    sourceRows ||= Number((await duck.runAndReadAll('SELECT count(*) FROM lineitem')).getRows()[0]?.[0]);
    for (const threads of [1, 2]) {
      await duck.run(`SET threads = ${threads}`);
      for (let r = 0; r < runs; r++) {
        const file = join(data, `duck-${threads}.parquet`);
        const before = process.cpuUsage();
        const start = performance.now();
        await duck.run(`COPY (SELECT * FROM lineitem) TO '${file}' (FORMAT PARQUET, COMPRESSION ZSTD)`);
        const seconds = (performance.now() - start) / 1000;
        const cpu = process.cpuUsage(before);
        line(
          `${threads} thread(s) (${(statSync(file).size / 1e6).toFixed(1)} MB)`,
          sourceRows,
          seconds,
          ((cpu.user + cpu.system) / 1e6).toFixed(1),
        );
      }
    }
  } finally {
    duck.closeSync();
    rmSync(data, { recursive: true, force: true });
  }
}
