/**
 * Statistics of lake tables feed the cost-based optimizer as the tpch connector's do: TPC-H
 * written as Parquet by DuckDB (money as DECIMAL(15,2), as the lake benchmark writes it), declared
 * without column lists and ANALYZEd, gets the join order, join sides and distributions of the
 * same queries over `tpch.tiny` (without ANALYZE the footers' row counts alone do not: Q5, Q8 and
 * Q9 come out different).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TPCH_TABLES } from '../../../src/connectors/tpch/generator/index.js';
import type { QueryManager } from '../../../src/server/query/query-manager.js';
import { tpchDuckDb } from '../../tpch/duckdb-reference.js';
import { lakeEngine, lakeRows } from './lake-fixtures.js';

const SESSION = { user: 'test', catalog: 'lake', schema: 'duck', timeZone: 'UTC', properties: {} };
const TPCH_SESSION = { ...SESSION, catalog: 'tpch', schema: 'tiny' };
const MONEY = new Set(['extendedprice', 'discount', 'tax', 'totalprice', 'acctbal', 'retailprice', 'supplycost']);

const rows = (runner: QueryManager, sql: string, session = SESSION) => lakeRows(runner, sql, session);

/**
 * The joins, scans and aggregations of an EXPLAIN, without what differs between the catalogs by
 * design: catalog and schema, symbol suffixes, output types (decimal vs double), scan constraints.
 */
function joinShape(plan: string): string[] {
  return plan
    .split('\n')
    .filter((line) => /Join|TableScan|Aggregation/.test(line))
    .map((line) =>
      line
        .replace(/(lake\.duck|tpch\.tiny)\./g, '')
        .replace(/ => .*$/, '')
        .replace(/_\d+/g, '')
        .replace(/, constraint = .*\]$/, ']')
        .trimEnd(),
    );
}

describe('lake statistics and the optimizer', { timeout: 300_000 }, () => {
  let runner: QueryManager;
  let dir = '';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vivace-lake-join-order-'));
    const duck = await tpchDuckDb(0.01, '1');
    try {
      for (const [table, columns] of Object.entries(TPCH_TABLES)) {
        mkdirSync(join(dir, 'files', table), { recursive: true });
        const select = columns
          .map((c) => (MONEY.has(c.name) ? `CAST(${c.name} AS DECIMAL(15,2)) AS ${c.name}` : c.name))
          .join(', ');
        await duck.run(
          `COPY (SELECT ${select} FROM ${table}) TO '${join(dir, 'files', table, 'data.parquet')}' (FORMAT PARQUET)`,
        );
      }
    } finally {
      duck.closeSync();
    }
    runner = lakeEngine(join(dir, 'data')).runner;
    await rows(runner, 'CREATE SCHEMA lake.duck');
    for (const table of Object.keys(TPCH_TABLES)) {
      await rows(runner, `CREATE TABLE ${table} WITH (external_location = 'file://${join(dir, 'files', table)}')`);
      await rows(runner, `ANALYZE ${table}`);
    }
  });
  after(() => {
    runner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const name of ['q05', 'q08', 'q09', 'q21']) {
    it(`plans TPC-H ${name} over ANALYZEd Parquet with the joins it gets over tpch`, async () => {
      const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8').replace(/;\s*$/, '');
      const explain = async (session: typeof SESSION) =>
        joinShape((await rows(runner, `EXPLAIN ${sql}`, session)).map((row) => row[0]).join('\n'));
      const overTpch = await explain(TPCH_SESSION);
      assert.ok(overTpch.filter((line) => line.includes('Join')).length >= 3, overTpch.join('\n'));
      assert.deepEqual(await explain(SESSION), overTpch);
    });
  }
});
