import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { LakeDomain } from '../../../../src/connectors/lake/domain.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { pruneByBloomFilters } from '../../../../src/connectors/lake/parquet/parquet-bloom.js';
import { readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { selectRowGroups } from '../../../../src/connectors/lake/parquet/parquet-statistics.js';
import { ParquetFileWriter } from '../../../../src/connectors/lake/parquet/parquet-writer.js';
import { blockOf } from '../../../../src/data/block-builder.js';
import { createPage } from '../../../../src/data/page.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { temporaryDirectory } from '../lake-test-helpers.js';
import { localFs, writeWithDuckDb, writeWithHyparquet } from './parquet-fixtures.js';

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

describe('lake parquet dictionary page pruning (files without bloom filters)', () => {
  const dictionaryColumns = [
    { name: 'flag', type: parseType('varchar') },
    { name: 'n', type: parseType('bigint') },
    { name: 'day', type: parseType('date') },
  ];
  const only = (name: string, values: unknown[], nullAllowed = false): LakeDomain => ({
    columns: { [name]: { nullAllowed, values } },
  });

  it('prunes the row groups whose dictionaries hold none of the values (hyparquet-writer, snappy)', async () => {
    // Row group 1 alone holds 'B', 2 and day 2; the others hold the values on both sides.
    const rows = 3000;
    const group = (i: number) => Math.floor(i / 1000);
    const pick = (i: number, values: readonly unknown[]) => (group(i) === 1 ? values[i % 3] : values[(i % 2) * 2]);
    const path = await writeWithHyparquet(join(dir, 'dictionary.parquet'), {
      columnData: [
        { name: 'flag', data: Array.from({ length: rows }, (_, i) => pick(i, ['A', 'B', 'C'])), type: 'STRING' },
        { name: 'n', data: BigInt64Array.from({ length: rows }, (_, i) => BigInt(pick(i, [1, 2, 3]) as number)) },
        // Days as INT32 (a date column reads them): hyparquet-writer has no DATE type of its own.
        { name: 'day', data: Int32Array.from({ length: rows }, (_, i) => 19723 + (pick(i, [1, 2, 3]) as number)) },
      ],
      rowGroupSize: 1000,
    });
    const dictionaryFooter = await readParquetFooter(localFs, path);
    const chunks = dictionaryFooter.metadata.row_groups.flatMap((g) => g.columns.map((c) => c.meta_data));
    assert.ok(chunks.every((c) => c !== undefined && c.bloom_filter_offset === undefined));
    assert.ok(chunks.every((c) => c?.encodings.includes('RLE_DICTIONARY')));
    const groups = [0, 1, 2];
    assert.deepEqual(
      selectRowGroups(dictionaryFooter, dictionaryColumns, only('flag', ['B'])),
      groups,
      'min/max cannot',
    );
    const prune = async (domain: LakeDomain) =>
      (await pruneByBloomFilters(localFs, dictionaryFooter, dictionaryColumns, domain, groups)).rowGroups;
    assert.deepEqual(await prune(only('flag', ['B'])), [1]);
    assert.deepEqual(await prune(only('flag', ['B', 'C'])), [0, 1, 2]);
    assert.deepEqual(await prune(only('n', [2])), [1]);
    assert.deepEqual(await prune(only('day', [19725])), [1]);
    assert.deepEqual(await prune(only('flag', ['Z'])), []);
    assert.deepEqual(await prune(only('flag', ['B'], true)), groups, 'IS NULL may match anywhere');
    assert.deepEqual(
      await prune({ columns: { flag: { nullAllowed: false, values: ['A'] }, n: { nullAllowed: false, values: [2] } } }),
      [1],
    );
  });

  it("reads a zstd dictionary through the decoder (Vivace's writer: no bloom filters)", async () => {
    const location = fileLocation(join(dir, 'dictionary-zstd.parquet'));
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), {
      columns: [{ name: 'flag', type: parseType('varchar') }],
    });
    await writer.write(
      createPage([
        blockOf(
          parseType('varchar'),
          Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? null : i % 2 === 0 ? 'AIR' : 'SHIP')),
        ),
      ]),
    );
    await writer.finish();
    const zstdFooter = await readParquetFooter(localFs, location);
    assert.equal(zstdFooter.metadata.row_groups[0]?.columns[0]?.meta_data?.codec, 'ZSTD');
    const flagColumn = [{ name: 'flag', type: parseType('varchar') }];
    const prune = async (values: string[]) =>
      (await pruneByBloomFilters(localFs, zstdFooter, flagColumn, only('flag', values), [0])).rowGroups;
    assert.deepEqual(await prune(['MAIL']), []);
    assert.deepEqual(await prune(['SHIP']), [0]);
    assert.deepEqual(await prune(['AIR', 'RAIL']), [0]);
  });
});
