/**
 * Format-level pruning measured in bytes read through the file-system interface: row groups by
 * min/max on a DuckDB-written TPC-H lineitem sorted by l_shipdate (the issue's figure: at most 10 %
 * of the column bytes for `l_shipdate >= DATE '1998-06-01'`), and pages by the page index of a file
 * written by Vivace's writer (arrow-rs writes column and offset indexes), where every column has
 * its own page boundaries, so the rows kept must stay aligned across columns.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { LakeDomain } from '../../../../src/connectors/lake/domain.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { ParquetReader } from '../../../../src/connectors/lake/parquet/parquet-reader.js';
import { selectRowGroups } from '../../../../src/connectors/lake/parquet/parquet-statistics.js';
import { ParquetFileWriter } from '../../../../src/connectors/lake/parquet/parquet-writer.js';
import { generateTpchColumns, TPCH_TABLES, tpchUnitCount } from '../../../../src/connectors/tpch/generator/index.js';
import { generatedColumnBlock } from '../../../../src/connectors/tpch/tpch-page-source.js';
import { float64Block, stringBlock } from '../../../../src/data/block.js';
import { getValue } from '../../../../src/data/block-values.js';
import { createPage } from '../../../../src/data/page.js';
import type { KeyFilter } from '../../../../src/spi/connector.js';
import type { Type } from '../../../../src/types/type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { temporaryDirectory } from '../lake-test-helpers.js';
import { column, duckdb, duckdbRows, localFs } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-parquet-pruning-');

async function scan(reader: ParquetReader, columns: readonly { readonly type: Type }[]): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const types = columns.map((c) => c.type);
  for await (const page of reader.pages()) {
    for (let p = 0; p < page.positionCount; p++) rows.push(page.blocks.map((b, i) => getValue(b, types[i] as Type, p)));
  }
  return rows;
}

describe('lake parquet pruning by bytes read', () => {
  it("reads at most 10 % of lineitem's column bytes for l_shipdate >= 1998-06-01 (DuckDB file sorted by l_shipdate)", async () => {
    // lineitem at scale factor 0.01 from the tpch generator, through Vivace's writer, re-sorted by DuckDB.
    const sf = 0.01;
    const definitions = TPCH_TABLES.lineitem;
    const generatedPath = join(dir, 'lineitem-generated.parquet');
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(fileLocation(generatedPath)), {
      columns: definitions.map((c) => ({ name: `l_${c.name}`, type: parseType(c.type) })),
    });
    const orders = tpchUnitCount('lineitem', sf);
    const names = definitions.map((c) => c.name);
    for (let start = 0; start < orders; start += 5000) {
      const batch = generateTpchColumns('lineitem', sf, start, Math.min(5000, orders - start), names);
      await writer.write(createPage(batch.columns.map(generatedColumnBlock), batch.rowCount));
    }
    await writer.finish();
    const sortedPath = join(dir, 'lineitem-by-shipdate.parquet');
    const money = ['l_quantity', 'l_extendedprice', 'l_discount', 'l_tax'];
    await duckdb(
      `COPY (SELECT * REPLACE (${money.map((c) => `CAST(${c} AS DECIMAL(15,2)) AS ${c}`).join(', ')})
             FROM read_parquet('${generatedPath}') ORDER BY l_shipdate)
       TO '${sortedPath}' (FORMAT PARQUET, COMPRESSION snappy, ROW_GROUP_SIZE 2048)`,
    );
    const footer = await readParquetFooter(localFs, fileLocation(sortedPath));
    assert.ok(footer.metadata.row_groups.length >= 20, `${footer.metadata.row_groups.length} row groups`);
    const columns = [
      column('l_quantity', parseType('decimal(15,2)')),
      column('l_extendedprice', parseType('decimal(15,2)')),
      column('l_discount', parseType('decimal(15,2)')),
      column('l_shipdate', parseType('date')),
    ];
    const from = Date.UTC(1998, 5, 1) / 86_400_000;
    const domain: LakeDomain = {
      columns: { l_shipdate: { nullAllowed: false, ranges: [{ low: { value: from, inclusive: true } }] } },
    };
    const selected = selectRowGroups(footer, columns, domain);
    const all = new ParquetReader({ fs: localFs, footer, columns });
    const allRows = await scan(all, columns);
    const pruned = new ParquetReader({ fs: localFs, footer, columns, rowGroups: selected, domain });
    const prunedRows = await scan(pruned, columns);
    const share = pruned.statistics.bytesRead / all.statistics.bytesRead;
    // Decoding is timed (the scan reports it as its CPU), and the pruned read decodes less.
    assert.ok(all.statistics.decodeNanos > pruned.statistics.decodeNanos && pruned.statistics.decodeNanos > 0);
    assert.ok(share <= 0.1, `${(share * 100).toFixed(1)} % of the column bytes read`);
    // Nothing that matches is lost.
    const matching = allRows.filter((r) => (r[3] as number) >= from);
    assert.ok(matching.length > 0);
    assert.deepEqual(
      prunedRows.filter((r) => (r[3] as number) >= from),
      matching,
    );
    const [[count]] = (await duckdbRows(
      `SELECT count(*) FROM read_parquet('${sortedPath}') WHERE l_shipdate >= DATE '1998-06-01'`,
    )) as [[bigint]];
    assert.equal(BigInt(matching.length), count);
  });

  describe('by the page index (Vivace-written file: one row group of many pages)', async () => {
    const rowCount = 100_000;
    const path = join(dir, 'paged.parquet');
    const types = { k: parseType('bigint'), s: parseType('varchar'), c: parseType('varchar'), d: parseType('double') };
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(fileLocation(path)), {
      columns: Object.entries(types).map(([name, type]) => ({ name, type })),
      compression: 'SNAPPY',
      dataPageBytes: 4096,
    });
    // arrow-rs cuts dictionary-encoded pages at the end of a written batch at the earliest: small batches.
    for (let start = 0; start < rowCount; start += 1000) {
      const keys = Float64Array.from({ length: 1000 }, (_, i) => start + i);
      const nulls = Uint8Array.from(keys, (k) => (k % 10 === 3 ? 1 : 0));
      await writer.write(
        createPage([
          float64Block(keys),
          stringBlock(Array.from(keys, (k) => `text of row ${k}, long enough to fill pages faster`)),
          stringBlock(
            Array.from(keys, (k) => `code ${k % 7}`),
            nulls,
          ),
          float64Block(keys.map((k) => k / 4)),
        ]),
      );
    }
    await writer.finish();
    const footer = await readParquetFooter(localFs, fileLocation(path));
    const columns = Object.entries(types).map(([name, type]) => column(name, type));

    async function read(domain: LakeDomain | undefined, rowFilter = false, keyFilters?: KeyFilter[]) {
      // No merging of reads across gaps (the default 1 MiB gap would swallow this small file's skipped pages).
      // Rows of the kept pages are all returned unless the row filter is asked for.
      const reader = new ParquetReader({
        fs: localFs,
        footer,
        columns,
        domain,
        coalescing: { maxGap: 0 },
        rowFilter,
        ...(keyFilters !== undefined && { keyFilters }),
      });
      return { rows: await scan(reader, columns), statistics: reader.statistics };
    }
    /** Every row is the one its key says: the columns' pages were cut at different rows. */
    function assertAligned(rows: unknown[][]): void {
      for (const [k, s, c, d] of rows) {
        const key = k as number;
        assert.equal(s, `text of row ${key}, long enough to fill pages faster`);
        assert.equal(c, key % 10 === 3 ? null : `code ${key % 7}`);
        assert.equal(d, key / 4);
      }
    }

    it('has a page index with many pages', () => {
      const chunk = footer.metadata.row_groups[0]?.columns[0];
      assert.equal(footer.metadata.row_groups.length, 1);
      assert.ok(chunk?.offset_index_offset !== undefined && chunk.column_index_offset !== undefined);
    });

    it('reads only the pages that may match, in every column, rows aligned', async () => {
      const full = await read(undefined);
      assert.equal(full.rows.length, rowCount);
      const tail = await read({
        columns: { k: { nullAllowed: false, ranges: [{ low: { value: 97_000, inclusive: true } }] } },
      });
      assert.ok(tail.rows.length >= 3000 && tail.rows.length < 10_000, `${tail.rows.length} rows`);
      assert.equal(tail.statistics.rowsSkippedByPageIndex, rowCount - tail.rows.length);
      assert.deepEqual(
        tail.rows.filter((r) => (r[0] as number) >= 97_000),
        full.rows.slice(97_000),
      );
      assertAligned(tail.rows);
      const share = tail.statistics.bytesRead / full.statistics.bytesRead;
      assert.ok(share < 0.15, `${(share * 100).toFixed(1)} % of the bytes`);
    });

    it('returns only the rows that satisfy the domain with the row filter, every column aligned', async () => {
      // Ranges much narrower than a page, so that no batch is mostly kept (see the next test).
      const domain: LakeDomain = {
        columns: {
          k: {
            nullAllowed: false,
            ranges: [
              { high: { value: 100, inclusive: false } },
              { low: { value: 50_000, inclusive: false }, high: { value: 50_010, inclusive: true } },
              { low: { value: rowCount - 100, inclusive: true } },
            ],
          },
        },
      };
      const pages = await read(domain);
      const filtered = await read(domain, true);
      const wanted = (k: number) => k < 100 || (k > 50_000 && k <= 50_010) || k >= rowCount - 100;
      assert.deepEqual(
        filtered.rows,
        pages.rows.filter((r) => wanted(r[0] as number)),
      );
      assert.equal(filtered.rows.length, 100 + 10 + 100);
      assertAligned(filtered.rows);
      assert.equal(filtered.statistics.rowsFilteredByDomain, pages.rows.length - filtered.rows.length);
      assert.equal(filtered.statistics.rowsSkippedByPageIndex, pages.statistics.rowsSkippedByPageIndex);
      // A set of strings with NULL allowed, together with a range on another column (both hold).
      const codes = await read(
        {
          columns: {
            c: { nullAllowed: true, values: ['code 2', 'code 5'] },
            d: {
              nullAllowed: false,
              ranges: [{ low: { value: 100, inclusive: true }, high: { value: 200, inclusive: false } }],
            },
          },
        },
        true,
      );
      const expected = (await read(undefined)).rows.filter((r) => {
        const [, , c, d] = r as [number, string, string | null, number];
        return (c === null || c === 'code 2' || c === 'code 5') && d >= 100 && d < 200;
      });
      assert.deepEqual(codes.rows, expected);
      assert.ok(codes.rows.some((r) => r[2] === null) && codes.rows.some((r) => r[2] === 'code 5'));
      assertAligned(codes.rows);
    });

    it('returns a batch whole when the domain keeps nearly all of its rows (the engine filters the rest)', async () => {
      const domain: LakeDomain = {
        columns: { k: { nullAllowed: false, ranges: [{ low: { value: 20, inclusive: true } }] } },
      };
      const filtered = await read(domain, true);
      assert.equal(filtered.statistics.rowsSkippedByPageIndex, 0);
      assert.equal(filtered.statistics.rowsFilteredByDomain, 0);
      assert.equal(filtered.rows.length, rowCount);
    });

    it("drops the rows a join's keys exclude (a dynamic filter), until the engine says it no longer pays", async () => {
      const recorded: number[][] = [];
      let active = true;
      const keys: KeyFilter = {
        column: 'k',
        min: 1000,
        max: 5000,
        contains: (key) => (key as number) % 1000 === 0,
        isActive: () => active,
        record: (rowsIn, rowsOut) => recorded.push([rowsIn, rowsOut]),
      };
      const filtered = await read(undefined, true, [keys]);
      assert.deepEqual(
        filtered.rows.map((r) => r[0]),
        [1000, 2000, 3000, 4000, 5000],
      );
      assertAligned(filtered.rows);
      assert.equal(
        recorded.reduce((sum, [rowsIn]) => sum + (rowsIn as number), 0),
        rowCount,
      );
      active = false;
      assert.equal((await read(undefined, true, [keys])).rows.length, rowCount);
    });

    it('keeps several disjoint row ranges, and none when no page can match', async () => {
      const { rows } = await read({
        columns: {
          k: {
            nullAllowed: false,
            ranges: [
              { high: { value: 500, inclusive: false } },
              { low: { value: 50_000, inclusive: true }, high: { value: 50_010, inclusive: true } },
            ],
          },
        },
      });
      const keys = rows.map((r) => r[0] as number);
      for (const wanted of [0, 499, 50_000, 50_010]) assert.ok(keys.includes(wanted), `${wanted} kept`);
      assert.ok(rows.length < 10_000, `${rows.length} rows`);
      assert.ok(
        keys.every((k, i) => i === 0 || k > (keys[i - 1] as number)),
        'ascending, no row twice',
      );
      assertAligned(rows);
      const none = await read({
        columns: { d: { nullAllowed: false, ranges: [{ low: { value: 1e9, inclusive: true } }] } },
      });
      assert.deepEqual(none.rows, []);
    });
  });
});
