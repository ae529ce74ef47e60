import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { LakeDomain } from '../../../../src/connectors/lake/domain.js';
import { pruneByBloomFilters } from '../../../../src/connectors/lake/parquet/parquet-bloom.js';
import { readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { selectRowGroups } from '../../../../src/connectors/lake/parquet/parquet-statistics.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { temporaryDirectory } from '../lake-test-helpers.js';
import { localFs, writeWithDuckDb } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-bloom-');
// Every row group holds 'a' and one 'z<g>' (so min/max cannot rule out 'm'), and n in {g, 100 + g}.
const location = await writeWithDuckDb(
  join(dir, 'bloom.parquet'),
  `SELECT i, CASE WHEN i % 2 = 0 THEN 'a' ELSE 'z' || (i // 20000) END AS s,
          (CASE WHEN i % 2 = 0 THEN i // 20000 ELSE 100 + i // 20000 END)::INTEGER AS n
   FROM range(100000) t(i)`,
  'ROW_GROUP_SIZE 20000',
);
const footer = await readParquetFooter(localFs, location);
const columns = [
  { name: 's', type: parseType('varchar') },
  { name: 'n', type: parseType('bigint') },
  { name: 'i', type: parseType('bigint') },
];
const all = footer.metadata.row_groups.map((_, g) => g);

describe('lake parquet bloom filter pruning', () => {
  it('DuckDB wrote bloom filters for the dictionary-encoded columns', () => {
    const chunk = footer.metadata.row_groups[0]!.columns[1]!.meta_data!;
    assert.ok(chunk.bloom_filter_offset !== undefined && chunk.bloom_filter_length !== undefined);
  });

  it('prunes the row groups whose filters hold none of the values, where min/max cannot', async () => {
    const domain = { columns: { s: { nullAllowed: false, values: ['m'] } } };
    assert.equal(selectRowGroups(footer, columns, domain).length, all.length, 'min/max keep every group');
    const { rowGroups, reads } = await pruneByBloomFilters(localFs, footer, columns, domain, all);
    assert.deepEqual(rowGroups, []);
    assert.equal(reads, all.length, 'one read per row group');
    const z2 = await pruneByBloomFilters(
      localFs,
      footer,
      columns,
      { columns: { s: { nullAllowed: false, values: ['z2', 'nope'] } } },
      all,
    );
    assert.ok(z2.rowGroups.includes(2));
    assert.ok(z2.rowGroups.length < all.length);
    const n = await pruneByBloomFilters(
      localFs,
      footer,
      columns,
      { columns: { n: { nullAllowed: false, values: [103] } } },
      all,
    );
    assert.ok(n.rowGroups.includes(3));
    assert.ok(n.rowGroups.length < all.length);
  });

  it('keeps every row group when it cannot tell: nulls allowed, ranges, no filter, out-of-range values', async () => {
    const domains: LakeDomain[] = [
      { columns: { s: { nullAllowed: true, values: ['m'] } } },
      { columns: { s: { nullAllowed: false, ranges: [{ low: { value: 'm', inclusive: true } }] } } },
      { columns: { i: { nullAllowed: false, values: [5] } } },
    ];
    for (const domain of domains) {
      assert.deepEqual((await pruneByBloomFilters(localFs, footer, columns, domain, all)).rowGroups, all);
    }
    const big = await pruneByBloomFilters(
      localFs,
      footer,
      columns,
      { columns: { n: { nullAllowed: false, values: [2 ** 40] } } },
      all,
    );
    assert.deepEqual(big.rowGroups, [], 'an INT32 column holds no 2^40');
  });
});
