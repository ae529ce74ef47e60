/**
 * Small-statement latency and throughput on a real cluster (issue 18): what a BI tool or a
 * sqllogictest run pays per statement, beside DuckDB in process running the same statements.
 *
 * - `SELECT 1`, a single-row INSERT into a memory table and a point query on it (median, p90);
 * - a 22-table equality join of 10-row memory tables written as a comma list, the shape of
 *   sqllogictest's select5.test (median);
 * - a replay of a sqllogictest-shaped workload (small tables created, single-row INSERTs, small
 *   queries of eight shapes) through two concurrent clients: statements per second, the median
 *   of three warm passes over tables of their own (the first pass, a freshly started cluster's,
 *   is printed beside it).
 *
 * Vivace's statements go through its own statement client (`client/statement-client.ts`: undici
 * with a keep-alive pool, what the CLI uses), each read to its final answer.
 *
 * Usage: `npm run bench -- latency [--workers 2] [--runs 30] [--statements 2000]`.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { newClientSession } from '../src/client/client-session.js';
import { StatementClient } from '../src/client/statement-client.js';
import { startBenchCluster } from './bench-cluster.js';
import { stringOption as option } from './bench-options.js';

function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const JOIN_TABLES = 22;

/** `CREATE TABLE` + one INSERT of 10 rows for each of the join's tables. */
function joinSetup(prefix: string): string[] {
  const statements: string[] = [];
  for (let t = 1; t <= JOIN_TABLES; t++) {
    statements.push(`CREATE TABLE ${prefix}j${t} (a${t} integer, b${t} integer, x${t} varchar)`);
    const rows = Array.from({ length: 10 }, (_, i) => `(${i + 1}, ${((i + t) % 10) + 1}, 'table ${t} row ${i + 1}')`);
    statements.push(`INSERT INTO ${prefix}j${t} VALUES ${rows.join(', ')}`);
  }
  return statements;
}

/** The select5 shape: a comma list of every table, chained by equality filters, one constant filter. */
function joinQuery(prefix: string): string {
  const from = Array.from({ length: JOIN_TABLES }, (_, i) => `${prefix}j${i + 1}`).join(', ');
  const where = Array.from({ length: JOIN_TABLES - 1 }, (_, i) => `a${i + 1} = b${i + 2}`);
  where.push('a1 IN (1, 5, 9)');
  return `SELECT x1, x${JOIN_TABLES} FROM ${from} WHERE ${where.join(' AND ')}`;
}

/** A sqllogictest-shaped stream for one client: a few tables, then INSERTs and small queries interleaved. */
function workload(prefix: string, count: number): string[] {
  const statements = [
    `CREATE TABLE ${prefix}w1 (a integer, b integer, c varchar)`,
    `CREATE TABLE ${prefix}w2 (a integer, d double)`,
  ];
  const queries = [
    (i: number) => `SELECT a, b FROM ${prefix}w1 WHERE a = ${i % 97}`,
    (i: number) => `SELECT count(*), sum(b) FROM ${prefix}w1 WHERE b > ${i % 50}`,
    (i: number) => `SELECT c FROM ${prefix}w1 ORDER BY a DESC OFFSET ${i % 5} LIMIT 3`,
    (i: number) =>
      `SELECT w1.a, w2.d FROM ${prefix}w1 AS w1 JOIN ${prefix}w2 AS w2 ON w1.a = w2.a WHERE w1.b < ${i % 60}`,
    (i: number) => `SELECT b % 7, count(*) FROM ${prefix}w1 GROUP BY 1 HAVING count(*) > ${i % 3}`,
    (i: number) => `SELECT CASE WHEN a > ${i % 40} THEN 'x' ELSE 'y' END, abs(b - ${i}) FROM ${prefix}w1 WHERE a < 5`,
    (i: number) => `SELECT a FROM ${prefix}w2 WHERE d BETWEEN ${i % 10} AND ${(i % 10) + 20} OR a IS NULL`,
    (i: number) => `SELECT * FROM ${prefix}w1 WHERE a IN (SELECT a FROM ${prefix}w2 WHERE d > ${i % 30})`,
  ];
  for (let i = 0; statements.length < count; i++) {
    if (i % 2 === 0) {
      statements.push(`INSERT INTO ${prefix}w1 VALUES (${i % 97}, ${(i * 7) % 100}, 'v${i}')`);
      if (i % 6 === 0) statements.push(`INSERT INTO ${prefix}w2 VALUES (${i % 97}, ${(i % 50) / 2})`);
    } else {
      // Odd i: every shape in turn (i % 8 would pick only the odd-numbered ones).
      const query = queries[((i - 1) / 2) % queries.length];
      if (query) statements.push(query(i));
    }
  }
  return statements;
}

async function timeEach(runs: number, statement: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await statement(i);
    times.push(performance.now() - started);
  }
  return times;
}

function line(label: string, vivace: readonly number[], duckdb: readonly number[], target: string): void {
  const fmt = (values: readonly number[]) =>
    `median ${percentile(values, 0.5).toFixed(2)} ms, p90 ${percentile(values, 0.9).toFixed(2)} ms`;
  console.log(`${label.padEnd(34)} Vivace ${fmt(vivace).padEnd(36)} DuckDB ${fmt(duckdb)}   (target ${target})`);
}

export async function run(args: readonly string[]): Promise<void> {
  const workers = Number(option(args, '--workers', '2'));
  const runs = Number(option(args, '--runs', '30'));
  const statementCount = Number(option(args, '--statements', '2000'));
  const duck = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  const cluster = await startBenchCluster(workers);
  const session = newClientSession(cluster.url, 'bench', { catalog: 'memory', schema: 'default' });
  const vivace = async (sql: string) => {
    const client = await StatementClient.submit(session, sql);
    for (;;) {
      const error = client.current().error;
      if (error) throw new Error(`${sql.slice(0, 40)}...: ${error.message}`);
      if (!(await client.advance())) return;
    }
  };
  try {
    console.log(`cluster: a coordinator and ${workers} worker process(es) at ${cluster.url}; DuckDB in process`);
    for (let i = 0; i < 20; i++) await vivace('SELECT 1');
    line(
      'SELECT 1',
      await timeEach(runs * 5, () => vivace('SELECT 1')),
      await timeEach(runs * 5, () => duck.run('SELECT 1')),
      '≤ 3 ms',
    );

    await vivace('CREATE TABLE point (k integer, v varchar)');
    await duck.run('CREATE TABLE point (k integer, v varchar)');
    line(
      'single-row INSERT',
      await timeEach(runs * 3, (i) => vivace(`INSERT INTO point VALUES (${i}, 'value ${i}')`)),
      await timeEach(runs * 3, (i) => duck.run(`INSERT INTO point VALUES (${i}, 'value ${i}')`)),
      '≤ 10 ms',
    );
    line(
      'point query',
      await timeEach(runs * 3, (i) => vivace(`SELECT v FROM point WHERE k = ${i % 90}`)),
      await timeEach(runs * 3, (i) => duck.run(`SELECT v FROM point WHERE k = ${i % 90}`)),
      '≤ 10 ms',
    );

    for (const statement of joinSetup('')) {
      await vivace(statement);
      await duck.run(statement);
    }
    const join = joinQuery('');
    await vivace(join);
    line(
      `${JOIN_TABLES}-table join of 10-row tables`,
      await timeEach(runs, () => vivace(join)),
      await timeEach(runs, () => duck.run(join)),
      '≤ 100 ms',
    );

    // The same workload four times over tables of its own: the first pass is a cluster's first
    // minutes; V8 goes on compiling the statement path through the second (about 700, 380, 120, 70
    // optimized compilations a pass of 2,000 statements, a quarter of the coordinator's CPU in the
    // second), so the figure is the median of the three warm passes, each printed.
    const replay = async (prefixes: readonly string[]) => {
      const streams = prefixes.map((prefix) => workload(prefix, statementCount / 2));
      const started = performance.now();
      await Promise.all(
        streams.map(async (statements) => {
          for (const statement of statements) await vivace(statement);
        }),
      );
      return { streams, perSecond: statementCount / ((performance.now() - started) / 1000) };
    };
    const first = await replay(['f1_', 'f2_']);
    const warmPasses = [];
    for (const pass of ['a', 'b', 'c']) warmPasses.push(await replay([`${pass}1_`, `${pass}2_`]));
    const warm = [...warmPasses].sort((a, b) => a.perSecond - b.perSecond)[1] ?? first;
    const duckStarted = performance.now();
    for (const statements of warm.streams) for (const statement of statements) await duck.run(statement);
    const duckSeconds = (performance.now() - duckStarted) / 1000;
    console.log(
      `${`workload (${statementCount} statements, 2 clients)`.padEnd(34)} Vivace ${warm.perSecond.toFixed(0)} statements/s (warm passes ${warmPasses.map((p) => p.perSecond.toFixed(0)).join(', ')}; first ${first.perSecond.toFixed(0)})`.padEnd(
        80,
      ) + `DuckDB (one client) ${(statementCount / duckSeconds).toFixed(0)} statements/s   (target ≥ 500)`,
    );
  } finally {
    duck.closeSync();
    await cluster.stop();
  }
}
