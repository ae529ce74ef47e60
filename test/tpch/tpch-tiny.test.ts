/**
 * The 22 TPC-H queries at scale factor 0.01 (the `tiny` schema) through the whole engine — parse,
 * analyze, plan, optimize, execute — checked row by row against DuckDB loaded with the same rows
 * our tpch connector generates.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { DuckDBConnection } from '@duckdb/node-api';
import { createCatalogManager } from '../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../src/server/query/query-manager.js';
import { tpchDuckDb } from './duckdb-reference.js';
import { compareRows, normalise, vivaceRows } from './result-comparison.js';

const QUERIES = Array.from({ length: 22 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`);

describe('TPC-H at tiny scale against DuckDB', () => {
  let duck: DuckDBConnection;
  let runner: QueryManager;

  before(async () => {
    duck = await tpchDuckDb(0.01);
    runner = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });
  });

  after(() => {
    duck?.closeSync();
  });

  for (const name of QUERIES) {
    it(`${name} returns DuckDB's rows`, async () => {
      const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8');
      const query = await runner.execute(sql, {
        user: 'test',
        catalog: 'tpch',
        schema: 'tiny',
        timeZone: 'UTC',
        properties: {},
      });
      if (query.error) throw query.error;
      const expected = (await duck.runAndReadAll(sql)).getRows().map((row) => row.map(normalise));
      assert.equal(compareRows(vivaceRows(query), expected), undefined, `rows of ${name}`);
    });
  }
});
