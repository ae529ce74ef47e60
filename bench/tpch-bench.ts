/**
 * TPC-H side by side with DuckDB: loads the TPC-H tables (as our tpch connector generates them)
 * into Vivace's memory connector and into DuckDB once, then runs the 22 queries on both, several
 * times each, and prints per query the median times, the ratio, and the geometric mean, plus
 * Vivace's peak heap. Usage: `npm run bench -- tpch [--sf 1] [--runs 3] [--threads 1] [q01 q06 ...]`.
 */
import { readFileSync } from 'node:fs';
import { createCatalogManager } from '../src/connectors/catalog/builtin-connectors.js';
import { TPCH_TABLES } from '../src/connectors/tpch/generator/index.js';
import { pageSizeInBytes } from '../src/data/page.js';
import { MetadataManager } from '../src/server/metadata/metadata-manager.js';
import type { QuerySession } from '../src/server/protocol/query-state.js';
import type { QueryExecution } from '../src/server/query/query-execution.js';
import { QueryManager } from '../src/server/query/query-manager.js';
import { collectSplits } from '../src/spi/split-source.js';
import { parseType } from '../src/types/type-signature.js';
import { tpchDuckDb } from '../test/tpch/duckdb-reference.js';
import { stringOption as option, tpchQueryNames } from './bench-options.js';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Copies every TPC-H table of scale `sf` from the tpch catalog into the `bench` memory catalog. */
export async function loadIntoMemory(metadata: MetadataManager, sf: number): Promise<number> {
  const schema = sf === 0.01 ? 'tiny' : `sf${sf}`;
  let bytes = 0;
  for (const [table, columns] of Object.entries(TPCH_TABLES)) {
    const target = { catalog: 'bench', schema: 'default', name: table };
    const names = columns.map((c) => c.name);
    const types = columns.map((c) => parseType(c.type));
    await metadata.createTable(
      target,
      columns.map((c, i) => ({ name: c.name, type: types[i]! })),
    );
    const sink = metadata.createPageSink(target, names);
    const source = { catalog: 'tpch', schema, name: table };
    for (const split of await collectSplits(metadata.getSplits(source))) {
      const pages = metadata.createPageSource(source, undefined, split, names, types);
      while (!pages.isFinished()) {
        const page = pages.getNextPage();
        if (page) {
          bytes += pageSizeInBytes(page);
          sink.appendPage(page);
        }
      }
      pages.close();
    }
    await metadata.finishInsert(target, names, [sink.finish()]);
  }
  return bytes;
}

async function runVivace(runner: QueryManager, sql: string, session: QuerySession): Promise<number> {
  const start = performance.now();
  const query: QueryExecution = await runner.execute(sql, session);
  while (query.results.poll()) {
    // drain
  }
  if (query.error) throw query.error;
  return performance.now() - start;
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = Number(option(args, '--sf', '1'));
  const runs = Number(option(args, '--runs', '3'));
  const threads = option(args, '--threads', '1');
  const queries = tpchQueryNames(args);

  const catalogs = createCatalogManager({ nodeId: 'bench' });
  catalogs.createCatalog({
    name: 'bench',
    connectorName: 'memory',
    properties: { 'memory.max-data-per-node': '64GB' },
  });
  const metadata = new MetadataManager(catalogs);
  let started = performance.now();
  const bytes = await loadIntoMemory(metadata, sf);
  console.log(
    `Vivace: loaded sf${sf} into memory (${(bytes / 2 ** 20).toFixed(0)} MB of pages) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  // DuckDB's copy is cached on disk (.cache/, ignored by git): loading it is the slow part.
  const duck = await tpchDuckDb(sf, threads, args.includes('--no-cache') ? undefined : `.cache/tpch-sf${sf}.duckdb`);
  console.log(`DuckDB: loaded sf${sf} in ${((performance.now() - started) / 1000).toFixed(1)} s (threads=${threads})`);

  const runner = new QueryManager({ metadata });
  const session: QuerySession = { user: 'bench', catalog: 'bench', schema: 'default', timeZone: 'UTC', properties: {} };
  let peakHeap = process.memoryUsage().heapUsed;
  const ratios: number[] = [];
  console.log('\nquery   vivace ms   duckdb ms   ratio');
  for (const name of queries) {
    const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8');
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < runs; i++) {
      ours.push(await runVivace(runner, sql, session));
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      const t = performance.now();
      await duck.runAndReadAll(sql);
      theirs.push(performance.now() - t);
    }
    const a = median(ours);
    const b = median(theirs);
    ratios.push(a / b);
    console.log(
      `${name}   ${a.toFixed(0).padStart(9)}   ${b.toFixed(0).padStart(9)}   ${(a / b).toFixed(1).padStart(5)}`,
    );
  }
  const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`\ngeometric mean ratio: ${geomean.toFixed(2)}   worst: ${Math.max(...ratios).toFixed(1)}`);
  console.log(
    `peak heap: ${(peakHeap / 2 ** 30).toFixed(2)} GB   rss: ${(process.memoryUsage().rss / 2 ** 30).toFixed(2)} GB`,
  );
  duck.closeSync();
}
