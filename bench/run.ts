/**
 * Benchmark dispatcher: `node dist/bench/run.js <name> [args...]` runs one benchmark; with no name
 * it lists them. Each benchmark is a module exporting `run(args)`, loaded only when chosen so that
 * one benchmark's imports do not slow the others' start-up.
 */

export interface BenchmarkModule {
  run(args: readonly string[]): Promise<void> | void;
}

interface BenchmarkEntry {
  readonly description: string;
  readonly load: () => Promise<BenchmarkModule>;
}

const BENCHMARKS: Readonly<Record<string, BenchmarkEntry>> = {
  parser: {
    description: 'lexer and parser throughput over the SQL corpus and the TPC-H queries',
    load: () => import('./parser-bench.js'),
  },
  data: {
    description: 'page serde and JSON value encoding throughput',
    load: () => import('./data-bench.js'),
  },
  hash: {
    description: 'GroupByHash throughput for numeric, string and multi-column keys [--rows N] [--runs N]',
    load: () => import('./hash-bench.js'),
  },
  tpch: {
    description: 'the 22 TPC-H queries side by side with DuckDB [--sf 1] [--runs 3] [--threads 1] [q01 ...]',
    load: () => import('./tpch-bench.js'),
  },
  protocol: {
    description: 'SELECT 1 round trip over HTTP and result streaming throughput [--runs 300] [--sf 0.1]',
    load: () => import('./protocol-bench.js'),
  },
  cluster: {
    description: 'TPC-H in-process vs 1 and 2 worker processes, and exchange throughput [--sf 1] [--runs 1] [q01 ...]',
    load: () => import('./cluster-bench.js'),
  },
  'lake-scan': {
    description: 'lake Parquet reader on TPC-H lineitem beside DuckDB and hyparquet; pruning; RSS [--sf 1] [--runs 3]',
    load: () => import('./lake-scan-bench.js'),
  },
  latency: {
    description:
      'small statements on a cluster: SELECT 1, INSERT, point query, 22-table join, a replayed workload [--runs 30]',
    load: () => import('./latency-bench.js'),
  },
  's3-read': {
    description:
      'the S3 file system (s3rver on loopback) beside local disk on a lineitem Parquet file [--sf 1] [--runs 3]',
    load: () => import('./s3-read-bench.js'),
  },
  'lake-formats': {
    description: 'lake Parquet writer, CSV and JSON lines on TPC-H lineitem beside DuckDB [--sf 0.2] [--runs 3]',
    load: () => import('./lake-scan-formats-bench.js'),
  },
  lake: {
    description:
      'the lake connector on a 2-worker cluster: TPC-H over DuckDB- and CTAS-written Parquet vs DuckDB, CTAS rows/s, pruning [--sf 1] [--runs 1] [q01 ...]',
    load: () => import('./lake-bench.js'),
  },
  'lake-write': {
    description:
      'CTAS of tpch lineitem into the lake on a 2-worker cluster and in-process (rows/s, CPU per process) beside generation alone and DuckDB COPY [--sf 1] [--runs 1] [--no-cluster] [--no-local]',
    load: () => import('./lake-write-bench.js'),
  },
  'tpch-gen': {
    description: 'TPC-H generator throughput (lineitem/orders/partsupp) [--sf N] [--batch N] [tables...]',
    load: () => import('./tpch-gen-bench.js'),
  },
};

function listBenchmarks(): void {
  console.log('usage: node dist/bench/run.js <benchmark> [args...]\n\nbenchmarks:');
  for (const [name, entry] of Object.entries(BENCHMARKS)) console.log(`  ${name.padEnd(12)} ${entry.description}`);
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    listBenchmarks();
    return 0;
  }
  const entry = Object.hasOwn(BENCHMARKS, name) ? BENCHMARKS[name] : undefined;
  if (entry === undefined) {
    console.error(`unknown benchmark: ${name}`);
    listBenchmarks();
    return 1;
  }
  const module = await entry.load();
  await module.run(args);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
