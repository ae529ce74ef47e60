/**
 * The client protocol over HTTP, as a user meets it: a real cluster (a coordinator and worker
 * processes on loopback, as `npm start` runs it) and Vivace's statement client in this process.
 * Measures the round trip of `SELECT 1` (POST, then GETs to the end; median and p99 over many runs)
 * and the streaming throughput of a large result — every column of lineitem — into the client,
 * in rows/s and MB/s of JSON received, with the client parsing every response. Beside it, DuckDB
 * (same generated data, loaded beforehand) reading the same rows into JavaScript values in process.
 * Usage: `npm run bench -- protocol [--runs 300] [--sf 1] [--workers 2] [--no-duckdb]`.
 */
import { type ClientSession, newClientSession } from '../src/client/client-session.js';
import { StatementClient, type StatementClientOptions } from '../src/client/statement-client.js';
import { tpchDuckDb } from '../test/tpch/duckdb-reference.js';
import { startBenchCluster } from './bench-cluster.js';
import { stringOption as option } from './bench-options.js';

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function runToEnd(session: ClientSession, sql: string): Promise<{ rows: number; bytes: number }> {
  let bytes = 0;
  const options: StatementClientOptions = { onResponseBytes: (n) => void (bytes += n) };
  const client = await StatementClient.submit(session, sql, options);
  let rows = 0;
  for (;;) {
    const results = client.current();
    if (results.error) throw new Error(results.error.message);
    if (results.data) rows += results.data.length;
    if (!(await client.advance())) return { rows, bytes };
  }
}

export async function run(args: readonly string[]): Promise<void> {
  const runs = Number(option(args, '--runs', '300'));
  const sf = option(args, '--sf', '1');
  const workers = Number(option(args, '--workers', '2'));
  const schema = sf === '0.01' ? 'tiny' : `sf${sf}`;
  const cluster = await startBenchCluster(workers);
  let streamed: { rows: number; seconds: number };
  try {
    console.log(`cluster: a coordinator and ${workers} worker process(es) at ${cluster.url}`);
    const session: ClientSession = newClientSession(cluster.url, 'bench', { catalog: 'tpch', schema: 'tiny' });
    for (let i = 0; i < 20; i++) await runToEnd(session, 'SELECT 1');
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await runToEnd(session, 'SELECT 1');
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `SELECT 1 round trip over HTTP (${runs} runs): median ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms`,
    );
    // Warm the generator's text pool and the compiled code on every node first.
    await runToEnd(session, `SELECT * FROM tpch.tiny.lineitem`);
    const table = `tpch.${schema === 'tiny' ? 'tiny' : `"${schema}"`}.lineitem`;
    const started = performance.now();
    const { rows, bytes } = await runToEnd(session, `SELECT * FROM ${table}`);
    const seconds = (performance.now() - started) / 1000;
    streamed = { rows, seconds };
    console.log(
      `Vivace: all 16 columns of ${table} into the client: ${rows} rows in ${seconds.toFixed(2)} s: ` +
        `${(rows / seconds).toFixed(0)} rows/s, ${(bytes / 1e6 / seconds).toFixed(1)} MB/s of JSON (${(bytes / 1e6).toFixed(0)} MB)`,
    );
  } finally {
    await cluster.stop();
  }
  if (args.includes('--no-duckdb')) return;
  const duck = await tpchDuckDb(Number(sf), '2', `.cache/tpch-sf${sf}.duckdb`);
  try {
    const started = performance.now();
    const reader = await duck.runAndReadAll('SELECT * FROM lineitem');
    const rows = reader.getRows().length;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `DuckDB (in process, 2 threads): the same ${rows} rows into JavaScript values in ${seconds.toFixed(2)} s: ` +
        `${(rows / seconds).toFixed(0)} rows/s (Vivace over HTTP: ${((streamed.rows / streamed.seconds / (rows / seconds)) * 100).toFixed(0)} % of it)`,
    );
  } finally {
    duck.closeSync();
  }
}
