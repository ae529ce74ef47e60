/**
 * The cluster benchmark: TPC-H queries over the `tpch` connector (data generated on the fly, as
 * a user queries it) in the in-process engine, on a cluster with one worker and on a cluster with
 * two workers (real processes on loopback), beside DuckDB over the same data; and the exchange
 * throughput between two workers (the join keys of lineitem and orders hashed to the tasks of a
 * partitioned join). Usage: `npm run bench -- cluster [--sf 1] [--runs 1] [--warmup 1] [--warmup-passes 0]
 * [--pin both|pinned|unpinned] [--no-duckdb] [q01 q06 ...]`. `--warmup-passes N` first runs every
 * query N times over on each engine, unmeasured, so that the figures are those of engines whose
 * compiled code has settled (a long-running cluster's), not of a freshly started one whose
 * processes each still optimize and deoptimize the code every new query shape reaches. Besides
 * wall times it reports each query's CPU time: the in-process engine's (`process.cpuUsage`) and
 * that of all the processes of each cluster (`/proc/<pid>/stat`).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createCatalogManager } from '../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../src/server/metadata/metadata-manager.js';
import { formatDataSize, parseDataSize } from '../src/server/protocol/airlift-format.js';
import { QueryManager } from '../src/server/query/query-manager.js';
import { tpchDuckDb } from '../test/tpch/duckdb-reference.js';
import { pinToCore, queryStages, runOverHttp, startBenchCluster, totalCpuMs, waitUntilIdle } from './bench-cluster.js';
import { stringOption as option, tpchQueryNames } from './bench-options.js';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = Number(option(args, '--sf', '1'));
  const runs = Number(option(args, '--runs', '1'));
  const schema = sf === 0.01 ? 'tiny' : `sf${sf}`;
  const queries = tpchQueryNames(args).map((name) => ({
    name,
    sql: readFileSync(`test/sql/tpch/${name}.sql`, 'utf8'),
  }));
  const results = new Map<string, Record<string, number>>();
  const record = (name: string, engine: string, value: number) => {
    const row = results.get(name) ?? {};
    row[engine] = value;
    results.set(name, row);
  };
  const pinModes = pinModesOf(option(args, '--pin', 'both'));
  const withDuckDb = !args.includes('--no-duckdb');

  // Unmeasured runs first: compiled code, caches and the workers' background start-up (the tpch
  // text pool) would otherwise land in the first queries of whichever engine runs them.
  const warmups = Number(option(args, '--warmup', '1'));
  const warmupPasses = Number(option(args, '--warmup-passes', '0'));
  console.log(
    `TPC-H SF ${sf} over the tpch connector (data generated while queried), median of ${runs} run(s) after ${warmups} unmeasured` +
      (warmupPasses > 0 ? `, after ${warmupPasses} unmeasured pass(es) over all the queries` : ''),
  );
  const local = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'bench' })) });
  const runLocally = async (sql: string) => {
    const query = await local.execute(sql, { user: 'bench', catalog: 'tpch', schema, timeZone: 'UTC', properties: {} });
    while (query.results.poll()) {
      // drain
    }
    if (query.error) throw query.error;
  };
  for (let pass = 0; pass < warmupPasses; pass++) for (const { sql } of queries) await runLocally(sql);
  for (const { name, sql } of queries) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < warmups + runs; r++) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      await runLocally(sql);
      const used = process.cpuUsage(cpuStart);
      if (r >= warmups) {
        times.push(performance.now() - start);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    record(name, 'in-process', median(times));
    record(name, 'in-process cpu', median(cpu));
    console.log(`  in-process ${name} ${median(times).toFixed(0)} ms, ${median(cpu).toFixed(0)} ms CPU`);
  }

  // Both clusters run side by side and each query alternates between them, run by run: this
  // machine's speed drifts by tens of percent over minutes, and measuring one cluster after the
  // other would put that drift into the speed-up. (The idle cluster only sends heartbeats.) The
  // CPU of a query is that of all the cluster's processes (coordinator and workers, every thread)
  // from /proc/<pid>/stat. Pinned runs put worker i on core i-1 (every thread, `taskset -a`);
  // the coordinator is never pinned.
  const clusters = [await startBenchCluster(1), await startBenchCluster(2)];
  await waitUntilIdle(clusters.flatMap((cluster) => cluster.pids));
  const pin = (pinned: boolean) => {
    for (const cluster of clusters) {
      cluster.pids.slice(1).forEach((pid, i) => {
        pinToCore(pid, pinned ? i % cpus().length : -1);
      });
    }
  };
  try {
    for (let pass = 0; pass < warmupPasses; pass++) {
      for (const { sql } of queries) for (const cluster of clusters) await runOverHttp(cluster.url, sql, schema);
    }
    for (const { name, sql } of queries) {
      for (const pinned of pinModes) {
        pin(pinned);
        const times: number[][] = [[], []];
        const cpu: number[][] = [[], []];
        for (let r = 0; r < warmups + runs; r++) {
          for (let c = 0; c < clusters.length; c++) {
            const cluster = clusters[c]!;
            const cpuBefore = totalCpuMs(cluster.pids);
            const { elapsedMs } = await runOverHttp(cluster.url, sql, schema);
            if (r >= warmups) {
              times[c]!.push(elapsedMs);
              cpu[c]!.push(totalCpuMs(cluster.pids) - cpuBefore);
            }
          }
        }
        for (let c = 0; c < clusters.length; c++) {
          const label = `${c + 1}w ${pinned ? 'pinned' : 'unpinned'}`;
          record(name, label, median(times[c]!));
          // The CPU of one query does not depend on pinning: the last mode measured is kept.
          record(name, `${c + 1}w cpu`, median(cpu[c]!));
          console.log(`  ${label} ${name} ${median(times[c]!).toFixed(0)} ms, ${median(cpu[c]!).toFixed(0)} ms CPU`);
        }
      }
    }
    pin(false);
    await exchangeThroughput(clusters[1]!.url, schema);
  } finally {
    await Promise.all(clusters.map((cluster) => cluster.stop()));
  }

  if (withDuckDb) {
    // DuckDB with two threads: the same two cores the two workers get.
    const duck = await tpchDuckDb(sf, '2', `.cache/tpch-sf${sf}.duckdb`);
    for (const { name, sql } of queries) {
      const times: number[] = [];
      for (let r = 0; r < warmups + runs; r++) {
        const start = performance.now();
        await duck.runAndReadAll(sql);
        if (r >= warmups) times.push(performance.now() - start);
      }
      record(name, 'duckdb', median(times));
    }
    duck.closeSync();
  }

  // Wall times (ms), speed-ups of 2 workers over 1, and the CPU of each cluster's processes over
  // the in-process engine's CPU for the same query.
  const columns: [string, (row: Record<string, number>) => number | undefined, number][] = [
    ['in-proc ms', (row) => row['in-process'], 0],
    ['in-proc CPU', (row) => row['in-process cpu'], 0],
    ['1w ms', (row) => row['1w unpinned'], 0],
    ['2w ms', (row) => row['2w unpinned'], 0],
    ['2/1 unpinned', (row) => ratio(row['1w unpinned'], row['2w unpinned']), 2],
    ['1w pin ms', (row) => row['1w pinned'], 0],
    ['2w pin ms', (row) => row['2w pinned'], 0],
    ['2/1 pinned', (row) => ratio(row['1w pinned'], row['2w pinned']), 2],
    ['1w CPU', (row) => row['1w cpu'], 0],
    ['2w CPU', (row) => row['2w cpu'], 0],
    ['CPU 1w/in', (row) => ratio(row['1w cpu'], row['in-process cpu']), 2],
    ['CPU 2w/in', (row) => ratio(row['2w cpu'], row['in-process cpu']), 2],
    ['duckdb ms', (row) => row.duckdb, 0],
  ];
  console.log(`\nquery ${columns.map(([title]) => title.padStart(12)).join(' ')}`);
  const rows = queries.map(({ name }) => results.get(name) ?? {});
  queries.forEach(({ name }, i) => {
    const row = rows[i]!;
    const cells = columns.map(([, value, digits]) => {
      const v = value(row);
      return (v === undefined ? '-' : v.toFixed(digits)).padStart(12);
    });
    console.log(`${name}   ${cells.join(' ')}`);
  });
  const geomeans = columns.map(([, value, digits]) => {
    if (digits === 0) return ''.padStart(12);
    const values = rows.map(value).filter((v): v is number => v !== undefined);
    return (values.length === 0 ? '-' : geometricMean(values).toFixed(2)).padStart(12);
  });
  console.log(`geomean ${geomeans.join(' ')}`);
}

function ratio(numerator: number | undefined, denominator: number | undefined): number | undefined {
  return numerator === undefined || denominator === undefined ? undefined : numerator / denominator;
}

function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

/** `--pin both` (the default) measures each query unpinned, then pinned; `pinned` or `unpinned` only one. */
function pinModesOf(value: string): boolean[] {
  switch (value) {
    case 'both':
      return [false, true];
    case 'pinned':
      return [true];
    case 'unpinned':
      return [false];
    default:
      throw new Error(`--pin takes both, pinned or unpinned, not ${value}`);
  }
}

/**
 * A partitioned join of lineitem and orders: every join key row of both tables leaves the leaf
 * tasks, hashed to the join tasks on both workers. Throughput: the bytes and rows the leaf stages
 * sent, over the query's elapsed time (which includes generating the data).
 */
async function exchangeThroughput(url: string, schema: string): Promise<void> {
  const stats = await runOverHttp(
    url,
    'SELECT count(*) FROM lineitem l JOIN orders o ON l.orderkey = o.orderkey',
    schema,
    {
      // Both sides hashed across the workers: not the co-located join tpch's buckets allow.
      'X-Service-Session': 'join_distribution_type=PARTITIONED,colocated_join=false',
    },
  );
  let bytes = 0;
  let rows = 0;
  const leaves = (await queryStages(url, stats.id)).filter((stage) => stage.subStages.length === 0);
  for (const leaf of leaves) {
    for (const task of leaf.tasks) {
      bytes += parseDataSize(task.stats.outputDataSize);
      rows += task.stats.outputPositions;
    }
  }
  const seconds = stats.elapsedMs / 1000;
  console.log(
    `exchange: ${rows} rows, ${formatDataSize(bytes)} hashed from the leaf tasks to the join tasks in ${seconds.toFixed(2)} s: ${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s, ${(rows / seconds).toFixed(0)} rows/s (elapsed includes generating the data)`,
  );
}
