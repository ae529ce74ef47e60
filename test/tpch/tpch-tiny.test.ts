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
import { pageToJsonRows } from '../../src/data/json-values.js';
import { LocalQueryRunner } from '../../src/server/engine/local-query-runner.js';
import { MetadataManager } from '../../src/server/metadata/metadata-manager.js';
import { tpchDuckDb } from './duckdb-reference.js';

const QUERIES = Array.from({ length: 22 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`);

/** Normalises a value from either engine for comparison: numbers, strings, dates as text. */
function normalise(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null && 'days' in value) {
    return new Date((value as { days: number }).days * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof value === 'object' && value !== null && 'toDouble' in value)
    return (value as { toDouble(): number }).toDouble();
  if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) return Number(value);
  return value;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  }
  return a === b;
}

describe('TPC-H at tiny scale against DuckDB', () => {
  let duck: DuckDBConnection;
  let runner: LocalQueryRunner;

  before(async () => {
    duck = await tpchDuckDb(0.01);
    runner = new LocalQueryRunner({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });
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
      const types = query.columns!.map((c) => c.type);
      const ours: unknown[][] = [];
      for (let page = query.results.poll(); page; page = query.results.poll()) {
        for (const row of pageToJsonRows(page, types)) ours.push(row.map(normalise));
      }
      const expected = (await duck.runAndReadAll(sql)).getRows().map((row) => row.map(normalise));
      assert.equal(ours.length, expected.length, `row count of ${name}`);
      // TPC-H queries are ordered except where ties remain; compare as ordered, then as sets.
      const key = (row: unknown[]) => JSON.stringify(row.map((v) => (typeof v === 'number' ? v.toPrecision(8) : v)));
      const ordered = ours.every((row, i) => row.every((v, j) => sameValue(v, expected[i]![j])));
      if (!ordered) {
        assert.deepEqual([...ours].map(key).sort(), [...expected].map(key).sort(), `rows of ${name}`);
      }
    });
  }
});
