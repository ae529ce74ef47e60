/**
 * The client protocol over HTTP, measured with Vivace's own statement client against a server in
 * this process: the round trip of `SELECT 1` (POST, then GETs to the end; median and p99 over
 * many runs) and the streaming throughput of a large result — every column of lineitem — into the
 * client, in rows/s and MB/s of JSON. Usage: `npm run bench -- protocol [--runs 300] [--sf 0.1]`.
 */
import { type ClientSession, newClientSession } from '../src/client/client-session.js';
import { StatementClient } from '../src/client/statement-client.js';
import { startLocalServer } from '../src/server/local-server.js';

function option(args: readonly string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function runToEnd(session: ClientSession, sql: string): Promise<{ rows: number; bytes: number }> {
  const client = await StatementClient.submit(session, sql);
  let rows = 0;
  let bytes = 0;
  for (;;) {
    const results = client.current();
    if (results.error) throw new Error(results.error.message);
    if (results.data) {
      rows += results.data.length;
      bytes += JSON.stringify(results.data).length;
    }
    if (!(await client.advance())) return { rows, bytes };
  }
}

export async function run(args: readonly string[]): Promise<void> {
  const runs = Number(option(args, '--runs', '300'));
  const sf = option(args, '--sf', '0.1');
  const server = await startLocalServer({ port: 0 });
  try {
    const session: ClientSession = newClientSession(server.url, 'bench', { catalog: 'tpch', schema: 'tiny' });
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
    const table = `tpch."${sf === '0.01' ? 'tiny' : `sf${sf}`}".lineitem`;
    const started = performance.now();
    const { rows, bytes } = await runToEnd(session, `SELECT * FROM ${table}`);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `streaming all 16 columns of ${table}: ${rows} rows in ${seconds.toFixed(2)} s: ${(rows / seconds).toFixed(0)} rows/s, ${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s of JSON rows`,
    );
  } finally {
    await server.close();
  }
}
