import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { compress } from 'zstd-napi';
import { columnChunkFile } from '../../../../src/connectors/lake/parquet/column-chunk-file.js';
import { nativeDecompressor } from '../../../../src/connectors/lake/parquet/native-codecs.js';
import {
  decompressChunkPages,
  MAX_NATIVE_PAGE_BYTES,
} from '../../../../src/connectors/lake/parquet/page-decompression.js';
import { columnChunkRange, readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { rejectsWith, temporaryDirectory } from '../lake-test-helpers.js';
import { duckdbRows, localFs, readRows, writeWithDuckDb } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-page-decompression-');

const SELECT = `SELECT i, CASE WHEN i % 5 = 0 THEN NULL ELSE 'v' || (i % 11) END AS s,
  CASE WHEN i % 3 = 0 THEN NULL ELSE (i * 1.5)::DOUBLE END AS d FROM range(30000) t(i)`;

async function chunksOf(path: string) {
  const location = `file://${path}`;
  const footer = await readParquetFooter(localFs, location);
  const bytes = new Uint8Array(await readFile(path));
  const chunkBytes = (chunk: (typeof footer.metadata.row_groups)[number]['columns'][number]) => {
    const { start, length } = columnChunkRange(chunk.meta_data!);
    return bytes.subarray(start, start + length);
  };
  return { location, footer, chunkBytes };
}

/** The rows hyparquet (an independent decoder) reads from a Parquet file in memory. */
async function hyparquetRows(file: Uint8Array): Promise<unknown[]> {
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  return parquetReadObjects({ file: buffer, rowFormat: 'object' });
}

/** A chunk of one v1 data page whose data is `size` zero bytes, zstd-compressed. */
function zeroPageChunk(size: number): Uint8Array {
  const data = compress(new Uint8Array(size));
  const header = new ByteWriter();
  writePageHeader(header, {
    type: 'DATA_PAGE',
    uncompressed_page_size: size,
    compressed_page_size: data.length,
    data_page_header: {
      num_values: size / 4,
      encoding: 'PLAIN',
      definition_level_encoding: 'RLE',
      repetition_level_encoding: 'RLE',
    },
  } as never);
  const head = header.getBytes();
  const chunk = new Uint8Array(head.length + data.length);
  chunk.set(head, 0);
  chunk.set(data, head.length);
  return chunk;
}

describe('lake parquet: zstd pages decompressed in native code', () => {
  it('has the native zstd decompressor (the optional zstd-napi addon is installed here)', () => {
    assert.equal(typeof nativeDecompressor('ZSTD'), 'function');
    assert.equal(nativeDecompressor('SNAPPY'), undefined);
  });

  for (const version of ['V1', 'V2']) {
    it(`re-frames zstd data pages ${version} as uncompressed pages that decode to the same rows`, async () => {
      const path = join(dir, `zstd-${version}.parquet`);
      await writeWithDuckDb(path, SELECT, `COMPRESSION zstd, PARQUET_VERSION ${version}, ROW_GROUP_SIZE 10000`);
      const { location, footer, chunkBytes } = await chunksOf(path);
      assert.ok(footer.metadata.row_groups.length >= 3);
      const expected = await duckdbRows(`SELECT i, s, d FROM (${SELECT}) ORDER BY i`);
      let firstRow = 0;
      for (const [g, group] of footer.metadata.row_groups.entries()) {
        const groupRows = expected.slice(firstRow, firstRow + Number(group.num_rows));
        firstRow += Number(group.num_rows);
        for (const [c, name] of ['i', 's', 'd'].entries()) {
          const chunk = group.columns.find((c) => c.meta_data?.path_in_schema[0] === name)!;
          assert.equal(chunk.meta_data!.codec, 'ZSTD');
          const uncompressed = decompressChunkPages(chunkBytes(chunk), 'ZSTD');
          assert.ok(uncompressed !== undefined, `row group ${g} column ${name} re-framed`);
          assert.ok(uncompressed.length > chunkBytes(chunk).length, 'larger once decompressed');
          const native = columnChunkFile(footer.metadata, g, name, chunkBytes);
          const asStored = columnChunkFile(footer.metadata, g, name, chunkBytes, { nativeDecompression: false });
          const nativeMeta = parquetMetadata(native.slice().buffer as ArrayBuffer);
          assert.equal(nativeMeta.row_groups[0]!.columns[0]!.meta_data!.codec, 'UNCOMPRESSED');
          assert.equal(
            parquetMetadata(asStored.slice().buffer as ArrayBuffer).row_groups[0]!.columns[0]!.meta_data!.codec,
            'ZSTD',
          );
          // hyparquet (no zstd of its own) decodes the re-framed file to DuckDB's values.
          const decoded = (await hyparquetRows(native)).map((row) => (row as Record<string, unknown>)[name]);
          const wanted = groupRows.map((row) => (c === 0 ? BigInt(row[0] as number) : row[c]));
          assert.deepEqual(decoded, wanted, `row group ${g} column ${name}`);
        }
      }
      // The whole read (arrow-rs decoding the re-framed pages) gives DuckDB's rows.
      const { rows } = await readRows(location);
      assert.equal(rows.length, 30000);
      assert.deepEqual(
        rows.map((r) => [r[0], r[1], r[2]]),
        expected.map((r) => [Number(r[0]), r[1], r[2]]),
      );
    });
  }

  it('rejects a corrupt zstd frame; leaves a truncated page or another codec to the decoder', async () => {
    const path = join(dir, 'zstd-corrupt.parquet');
    await writeWithDuckDb(path, SELECT, 'COMPRESSION zstd');
    const { footer, chunkBytes } = await chunksOf(path);
    const chunk = footer.metadata.row_groups[0]!.columns.find((c) => c.meta_data?.path_in_schema[0] === 'i')!;
    const good = chunkBytes(chunk);
    assert.ok(decompressChunkPages(good, 'ZSTD') !== undefined);
    const corrupt = good.slice();
    // The zstd magic number of the first page's frame, which follows the page header.
    const magic = corrupt.findIndex((b, k) => b === 0x28 && corrupt[k + 1] === 0xb5 && corrupt[k + 2] === 0x2f);
    assert.ok(magic > 0);
    corrupt[magic] = 0;
    // Data libzstd rejects is corrupt for every reader: an error with libzstd's reason.
    assert.throws(() => decompressChunkPages(corrupt, 'ZSTD'), /corrupt ZSTD data in a \w+ of a column chunk \(.+\)/);
    assert.equal(decompressChunkPages(good.subarray(0, good.length - 7), 'ZSTD'), undefined);
    assert.equal(decompressChunkPages(good, 'SNAPPY'), undefined);
  });

  it('reports a corrupt zstd page of a file as HIVE_BAD_DATA naming the file (through the decoder)', async () => {
    const path = join(dir, 'zstd-corrupt-file.parquet');
    await writeWithDuckDb(path, SELECT, 'COMPRESSION zstd');
    const bytes = new Uint8Array(await readFile(path));
    const { footer } = await chunksOf(path);
    const chunk = footer.metadata.row_groups[0]!.columns.find((c) => c.meta_data?.path_in_schema[0] === 'd')!;
    const { start, length } = columnChunkRange(chunk.meta_data!);
    // Every zstd frame magic inside the chunk broken: no page of it decompresses.
    for (let k = start; k + 3 < start + length; k++) {
      if (bytes[k] === 0x28 && bytes[k + 1] === 0xb5 && bytes[k + 2] === 0x2f && bytes[k + 3] === 0xfd) bytes[k] = 0;
    }
    await writeFile(path, bytes);
    await rejectsWith(
      readRows(`file://${path}`),
      'HIVE_BAD_DATA',
      path,
      'column d of row group 0',
      'corrupt ZSTD data',
    );
  });

  it('does not trust a page declaring more than its bound uncompressed (a hostile size)', () => {
    const small = decompressChunkPages(zeroPageChunk(1 << 20), 'ZSTD');
    assert.equal(small?.length, (small?.pieces[0]?.length ?? 0) + (1 << 20));
    // The same page over the bound (it would decompress fine) is left to the decoder.
    assert.equal(decompressChunkPages(zeroPageChunk(MAX_NATIVE_PAGE_BYTES + 4), 'ZSTD'), undefined);
  });
});
