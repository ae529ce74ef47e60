/**
 * Checks the 22 TPC-H answers at a large scale factor against DuckDB (the tiny scale is checked
 * by the test suite): loads the tables into Vivace's memory connector and DuckDB as the benchmark
 * does, runs every query on both, and prints OK or the first difference per query. Exits non-zero
 * on any difference. Usage: `npm run verify-tpch-answers -- [--sf 1] [q01 ...]`.
 */

import { readFileSync } from 'node:fs';
import { createCatalogManager } from '../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../src/server/metadata/metadata-manager.js';
import type { QuerySession } from '../src/server/protocol/query-state.js';
import { QueryManager } from '../src/server/query/query-manager.js';
import { tpchDuckDb } from '../test/tpch/duckdb-reference.js';
import { compareRows, normalise, vivaceRows } from '../test/tpch/result-comparison.js';
import { tpchQueryNames } from './bench-options.js';
import { loadIntoMemory } from './tpch-bench.js';

export async function verify(args: readonly string[]): Promise<number> {
  const at = args.indexOf('--sf');
  const sf = at >= 0 ? Number(args[at + 1]) : 1;
  const queries = tpchQueryNames(args);
  const catalogs = createCatalogManager({ nodeId: 'verify' });
  catalogs.createCatalog({
    name: 'bench',
    connectorName: 'memory',
    properties: { 'memory.max-data-per-node': '64GB' },
  });
  const metadata = new MetadataManager(catalogs);
  await loadIntoMemory(metadata, sf);
  const duck = await tpchDuckDb(sf, '2', `.cache/tpch-sf${sf}.duckdb`);
  const runner = new QueryManager({ metadata });
  const session: QuerySession = {
    user: 'verify',
    catalog: 'bench',
    schema: 'default',
    timeZone: 'UTC',
    properties: {},
  };
  let failures = 0;
  for (const name of queries) {
    const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8');
    const query = await runner.execute(sql, session);
    let problem: string | undefined;
    let rows = 0;
    if (query.error) problem = `failed: ${query.error.message}`;
    else {
      const expected = (await duck.runAndReadAll(sql)).getRows().map((row) => row.map(normalise));
      const ours = vivaceRows(query);
      rows = ours.length;
      problem = compareRows(ours, expected);
    }
    console.log(`${name}  ${problem === undefined ? `OK (${rows} rows)` : `DIFF ${problem}`}`);
    if (problem !== undefined) failures++;
  }
  duck.closeSync();
  console.log(failures === 0 ? `all ${queries.length} queries agree at sf${sf}` : `${failures} queries differ`);
  return failures === 0 ? 0 : 1;
}

process.exitCode = await verify(process.argv.slice(2));
