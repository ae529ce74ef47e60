import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { LakeDomain } from '../../../../src/connectors/lake/domain.js';
import { readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { columnChunkStatistics, selectRowGroups } from '../../../../src/connectors/lake/parquet/parquet-statistics.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { temporaryDirectory } from '../lake-test-helpers.js';
import { localFs, readRows, writeWithDuckDb } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-parquet-stats-');

// Sorted by i, so that every column's row groups cover disjoint ranges.
const location = await writeWithDuckDb(
  join(dir, 'sorted.parquet'),
  `SELECT i, (DATE '2020-01-01' + i::INTEGER) AS d, lpad(i::VARCHAR, 6, '0') AS s, (i / 100)::DECIMAL(12,2) AS p,
          TIMESTAMP '2020-01-01' + INTERVAL (i) SECOND AS t, CASE WHEN i < 50000 THEN NULL ELSE i END AS half,
          (i / 100)::DECIMAL(30,2) AS wide, i::DOUBLE AS f
   FROM range(100000) t(i) ORDER BY i`,
  'ROW_GROUP_SIZE 10240',
);
const footer = await readParquetFooter(localFs, location);
const groups = footer.metadata.row_groups.length;

const COLUMNS = [
  { name: 'i', type: parseType('bigint') },
  { name: 'd', type: parseType('date') },
  { name: 's', type: parseType('varchar') },
  { name: 'p', type: parseType('decimal(12,2)') },
  { name: 't', type: parseType('timestamp(6)') },
  { name: 'half', type: parseType('bigint') },
  { name: 'wide', type: parseType('decimal(30,2)') },
  { name: 'f', type: parseType('double') },
  { name: 'absent', type: parseType('integer') },
];

/** The row groups that hold a row satisfying `test` (ground truth, by reading every row). */
async function groupsWithMatches(test: (row: unknown[]) => boolean): Promise<number[]> {
  const matching: number[] = [];
  for (let g = 0; g < groups; g++) {
    const { rows } = await readRows(location, COLUMNS, { rowGroups: [g] });
    if (rows.some(test)) matching.push(g);
  }
  return matching;
}

async function check(domain: LakeDomain, test: (row: unknown[]) => boolean, expectPruned = true): Promise<void> {
  const selected = selectRowGroups(footer, COLUMNS, domain);
  const needed = await groupsWithMatches(test);
  for (const g of needed) assert.ok(selected.includes(g), `row group ${g} holds a match but was pruned`);
  if (expectPruned) assert.ok(selected.length < groups, `nothing pruned (${selected.length} of ${groups})`);
}

describe('lake parquet row-group pruning', () => {
  it('has several row groups to prune', () => {
    assert.ok(groups >= 5, `${groups} row groups`);
  });

  it('prunes by bigint, date, varchar, decimal, timestamp and double ranges without losing a match', async () => {
    await check(
      { columns: { i: { nullAllowed: false, ranges: [{ low: { value: 95000, inclusive: true } }] } } },
      (r) => (r[0] as number) >= 95000,
    );
    await check({ columns: { d: { nullAllowed: false, values: [18262 + 31000] } } }, (r) => r[1] === 18262 + 31000);
    await check(
      { columns: { s: { nullAllowed: false, ranges: [{ high: { value: '001000', inclusive: false } }] } } },
      (r) => (r[2] as string) < '001000',
    );
    await check(
      {
        columns: {
          p: {
            nullAllowed: false,
            ranges: [{ low: { value: 50000, inclusive: true }, high: { value: 50100, inclusive: true } }],
          },
        },
      },
      (r) => (r[3] as number) >= 50000 && (r[3] as number) <= 50100,
    );
    const base = 1577836800000000; // 2020-01-01 in µs
    await check(
      { columns: { t: { nullAllowed: false, ranges: [{ low: { value: base + 70000e6, inclusive: false } }] } } },
      (r) => (r[4] as number) > base + 70000e6,
    );
    await check(
      { columns: { f: { nullAllowed: false, ranges: [{ high: { value: 5.5, inclusive: true } }] } } },
      (r) => (r[7] as number) <= 5.5,
    );
    await check({ columns: { wide: { nullAllowed: false, values: [12345678n] } } }, (r) => r[6] === 12345678n);
  });

  it('prunes by null counts: IS NULL keeps only groups with nulls, a missing column is all NULL', async () => {
    await check({ columns: { half: { nullAllowed: true, values: [] } } }, (r) => r[5] === null);
    assert.deepEqual(selectRowGroups(footer, COLUMNS, { columns: { absent: { nullAllowed: false } } }), []);
    assert.equal(selectRowGroups(footer, COLUMNS, { columns: { absent: { nullAllowed: true } } }).length, groups);
    assert.deepEqual(selectRowGroups(footer, COLUMNS, { none: true, columns: {} }), []);
    assert.equal(selectRowGroups(footer, COLUMNS, undefined).length, groups);
  });

  it('gives the statistics of a chunk in the declared type, conservatively for inexact conversions', () => {
    const last = groups - 1;
    const stats = columnChunkStatistics(footer, last, COLUMNS[0]!);
    assert.equal(stats.max, 99999);
    assert.equal(stats.nullCount, 0);
    const decimal = columnChunkStatistics(footer, last, COLUMNS[3]!);
    assert.ok((decimal.max as number) >= 99999 && (decimal.max as number) <= 100001, `widened max ${decimal.max}`);
    const wide = columnChunkStatistics(footer, last, COLUMNS[6]!);
    assert.ok(typeof wide.max === 'number' || typeof wide.max === 'bigint' || wide.max === undefined);
    // Reading a timestamp column as timestamp(3) converts its bounds to milliseconds, rounding outwards.
    const millis = columnChunkStatistics(footer, 0, { name: 't', type: parseType('timestamp(3)') });
    assert.equal(millis.min, 1577836800000);
  });
});
