/**
 * ANALYZE's distinct counts beyond the exact limit (100,000 values a column): a HyperLogLog sketch
 * of every value, within a few per cent of the truth whatever the order of the rows. Linear
 * extrapolation from the rows seen at the limit, the method before, read a key whose every value
 * appears in the first rows (TPC-H lineitem.partkey) as unique per row.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { QueryManager } from '../../../src/server/query/query-manager.js';
import { lakeEngine, lakeRows } from './lake-fixtures.js';
import { temporaryDirectory } from './lake-test-helpers.js';
import { duckdb } from './parquet/parquet-fixtures.js';

const SESSION = { user: 'test', catalog: 'lake', schema: 'default', timeZone: 'UTC', properties: {} };

const rows = (runner: QueryManager, sql: string) => lakeRows(runner, sql, SESSION);

describe('ANALYZE distinct counts of a lake table', { timeout: 300_000 }, () => {
  let runner: QueryManager | undefined;
  after(() => runner?.close());

  it('estimates distinct counts above the exact limit within 5 %', async () => {
    const dir = await temporaryDirectory('vivace-lake-analyze-');
    const files = join(dir, 'files');
    mkdirSync(files);
    // 600,000 rows: `cycled` repeats 200,000 keys three times (all in the first third, as
    // lineitem.partkey), `unique` never repeats, `text` cycles through 150,000 strings, `few` 1,000.
    await duckdb(
      `COPY (SELECT i % 200000 AS cycled, i AS unique_key, 'v' || (i % 150000) AS text, i % 1000 AS few FROM range(600000) t(i)) TO '${files}/data.parquet' (FORMAT PARQUET)`,
    );
    runner = lakeEngine(join(dir, 'data')).runner;
    await rows(runner, `CREATE TABLE t WITH (external_location = 'file://${files}')`);
    assert.deepEqual(await rows(runner, 'ANALYZE t'), [[600000]]);
    const stats = new Map((await rows(runner, 'SHOW STATS FOR t')).map((row) => [row[0], Number(row[2])]));
    const near = (column: string, truth: number) => {
      const estimate = stats.get(column) ?? Number.NaN;
      assert.ok(Math.abs(estimate - truth) <= 0.05 * truth, `${column}: ${estimate} distinct, truly ${truth}`);
    };
    near('cycled', 200_000);
    near('unique_key', 600_000);
    near('text', 150_000);
    assert.equal(stats.get('few'), 1000, 'exact below the limit');
  });
});
