/**
 * The cluster benchmark: TPC-H queries over the `tpch` connector (data generated on the fly, as
 * a user queries it) in the in-process engine, on a cluster with one worker and on a cluster with
 * two workers (real processes on loopback), beside DuckDB over the same data; and the exchange
 * throughput between two workers (the join keys of lineitem and orders hashed to the tasks of a
 * partitioned join). Usage: `npm run bench -- cluster [--sf 1] [--runs 1] [--warmup 1] [q01 q06 ...]`.
 */
import { readFileSync } from 'node:fs';
import { createCatalogManager } from '../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../src/server/metadata/metadata-manager.js';
import { formatDataSize, parseDataSize } from '../src/server/protocol/airlift-format.js';
import { QueryManager } from '../src/server/query/query-manager.js';
import { tpchDuckDb } from '../test/tpch/duckdb-reference.js';
import { runOverHttp, startBenchCluster } from './bench-cluster.js';
import { stringOption as option } from './bench-options.js';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = Number(option(args, '--sf', '1'));
  const runs = Number(option(args, '--runs', '1'));
  const schema = sf === 0.01 ? 'tiny' : `sf${sf}`;
  const wanted = args.filter((a) => /^q\d\d$/.test(a));
  const queries = (
    wanted.length > 0 ? wanted : Array.from({ length: 22 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`)
  ).map((name) => ({ name, sql: readFileSync(`test/sql/tpch/${name}.sql`, 'utf8') }));
  const results = new Map<string, Record<string, number>>();
  const record = (name: string, engine: string, ms: number) => {
    const row = results.get(name) ?? {};
    row[engine] = ms;
    results.set(name, row);
  };

  // Unmeasured runs first: compiled code, caches and the workers' background start-up (the tpch
  // text pool) would otherwise land in the first queries of whichever engine runs them.
  const warmups = Number(option(args, '--warmup', '1'));
  console.log(
    `TPC-H SF ${sf} over the tpch connector (data generated while queried), median of ${runs} run(s) after ${warmups} unmeasured`,
  );
  const local = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'bench' })) });
  for (const { name, sql } of queries) {
    const times: number[] = [];
    for (let r = 0; r < warmups + runs; r++) {
      const start = performance.now();
      const query = await local.execute(sql, {
        user: 'bench',
        catalog: 'tpch',
        schema,
        timeZone: 'UTC',
        properties: {},
      });
      while (query.results.poll()) {
        // drain
      }
      if (query.error) throw query.error;
      if (r >= warmups) times.push(performance.now() - start);
    }
    record(name, 'in-process', median(times));
    console.log(`  in-process ${name} ${median(times).toFixed(0)} ms`);
  }

  // Both clusters run side by side and each query alternates between them, run by run: this
  // machine's speed drifts by tens of percent over minutes, and measuring one cluster after the
  // other would put that drift into the speed-up. (The idle cluster only sends heartbeats.)
  const clusters = [await startBenchCluster(1), await startBenchCluster(2)];
  try {
    for (const { name, sql } of queries) {
      const times: number[][] = [[], []];
      for (let r = 0; r < warmups + runs; r++) {
        for (let c = 0; c < clusters.length; c++) {
          const { elapsedMs } = await runOverHttp(clusters[c]!.url, sql, schema);
          if (r >= warmups) times[c]!.push(elapsedMs);
        }
      }
      for (let c = 0; c < clusters.length; c++) {
        record(name, `${c + 1} worker(s)`, median(times[c]!));
        console.log(`  ${c + 1} worker(s) ${name} ${median(times[c]!).toFixed(0)} ms`);
      }
    }
    await exchangeThroughput(clusters[1]!.url, schema);
  } finally {
    await Promise.all(clusters.map((cluster) => cluster.stop()));
  }

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

  console.log('\nquery   in-process ms   1 worker ms   2 workers ms   speed-up 2 vs 1   duckdb ms');
  const speedups: number[] = [];
  for (const { name } of queries) {
    const row = results.get(name)!;
    const speedup = row['1 worker(s)']! / row['2 worker(s)']!;
    speedups.push(speedup);
    console.log(
      `${name}    ${row['in-process']!.toFixed(0).padStart(12)}  ${row['1 worker(s)']!.toFixed(0).padStart(12)}  ${row['2 worker(s)']!.toFixed(0).padStart(13)}  ${speedup.toFixed(2).padStart(16)}  ${row.duckdb!.toFixed(0).padStart(10)}`,
    );
  }
  const geomean = Math.exp(speedups.reduce((s, v) => s + Math.log(v), 0) / speedups.length);
  console.log(`geometric mean speed-up of 2 workers over 1: ${geomean.toFixed(2)}`);
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
      'X-Service-Session': 'join_distribution_type=PARTITIONED',
    },
  );
  interface StageJson {
    subStages: StageJson[];
    tasks: { stats: { outputDataSize: string; outputPositions: number } }[];
  }
  const record = (await (await fetch(`${url}/v1/query/${stats.id}`)).json()) as { outputStage: StageJson };
  let bytes = 0;
  let rows = 0;
  const leaves = (stage: StageJson): StageJson[] =>
    stage.subStages.length === 0 ? [stage] : stage.subStages.flatMap(leaves);
  for (const leaf of leaves(record.outputStage)) {
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
