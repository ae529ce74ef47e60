import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { estimateDistinctValues, ParquetFileWriter } from '../../../../src/connectors/lake/parquet/parquet-writer.js';
import { dictionaryBlock, stringBlock } from '../../../../src/data/block.js';
import { blockOf } from '../../../../src/data/block-builder.js';
import { createPage, type Page } from '../../../../src/data/page.js';
import { formatType } from '../../../../src/types/format-type.js';
import type { Type } from '../../../../src/types/type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { rejectsWith, temporaryDirectory } from '../lake-test-helpers.js';
import { duckdbRows, localFs, readRows } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-parquet-write-');

const COLUMNS: { name: string; type: Type; values: unknown[] }[] = [
  { name: 'bo', type: parseType('boolean'), values: [true, false, null] },
  { name: 'ti', type: parseType('tinyint'), values: [-128, 127, null] },
  { name: 'sm', type: parseType('smallint'), values: [-32768, 5, null] },
  { name: 'it', type: parseType('integer'), values: [2147483647, -1, null] },
  { name: 'bi', type: parseType('bigint'), values: [9007199254740993n, -42, null] },
  { name: 're', type: parseType('real'), values: [1.5, -0.25, null] },
  { name: 'db', type: parseType('double'), values: [Math.PI, -1e300, null] },
  { name: 'd1', type: parseType('decimal(9,2)'), values: [1234567, -5, null] },
  { name: 'd2', type: parseType('decimal(18,4)'), values: [123456789012345678n, -1n, null] },
  { name: 'd3', type: parseType('decimal(38,10)'), values: [-12345678901234567890123456789012345678n, 7n, null] },
  { name: 'vc', type: parseType('varchar'), values: ['héllo 😀', '', null] },
  { name: 'vb', type: parseType('varbinary'), values: [Uint8Array.of(0, 1, 255), new Uint8Array(0), null] },
  { name: 'dt', type: parseType('date'), values: [19782, -1, null] },
  { name: 'tm', type: parseType('time(6)'), values: [3723456789, 0, null] },
  { name: 'ts', type: parseType('timestamp(3)'), values: [1704164645123, -1, null] },
  { name: 'tu', type: parseType('timestamp(6)'), values: [1704164645123456, 0, null] },
  {
    name: 'tn',
    type: parseType('timestamp(9)'),
    values: [{ millis: 1704164645123, picos: 456789000, zone: 'UTC' }, { millis: 0, picos: 0, zone: 'UTC' }, null],
  },
  {
    name: 'tz',
    type: parseType('timestamp(6) with time zone'),
    values: [{ millis: 1704164645500, picos: 1000000, zone: 'UTC' }, { millis: 0, picos: 0, zone: 'UTC' }, null],
  },
  { name: 'ar', type: parseType('array(integer)'), values: [[1, null, 3], [], null] },
  { name: 'ro', type: parseType('row(a integer, b varchar)'), values: [[1, 'x'], [null, null], null] },
  {
    name: 'mp',
    type: parseType('map(varchar, bigint)'),
    values: [new Map<unknown, unknown>([['k', 1]]), new Map(), null],
  },
  { name: 'ns', type: parseType('array(row(c array(decimal(2,1))))'), values: [[[[15, null]]], [[null]], null] },
];

function pageOf(rows: number[]): Page {
  return createPage(
    COLUMNS.map((c) =>
      blockOf(
        c.type,
        rows.map((r) => c.values[r]),
      ),
    ),
  );
}

describe('lake parquet writer', () => {
  it('writes every type so that the reader gives back the same values and types', async () => {
    const location = fileLocation(join(dir, 'all.parquet'));
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), { columns: COLUMNS });
    await writer.write(pageOf([0, 1]));
    await writer.write(pageOf([2]));
    const size = await writer.finish();
    assert.ok(size > 0);
    const { rows } = await readRows(
      location,
      COLUMNS.map((c) => ({ name: c.name, type: c.type })),
    );
    assert.equal(rows.length, 3);
    for (const [i, c] of COLUMNS.entries()) {
      assert.deepEqual(
        rows.map((r) => r[i]),
        c.values,
        `${c.name} ${formatType(c.type)}`,
      );
    }
  });

  it('writes files DuckDB reads back identically, zstd with statistics and dictionaries', async () => {
    const location = fileLocation(join(dir, 'duck.parquet'));
    const columns = [
      { name: 'k', type: parseType('bigint') },
      { name: 'price', type: parseType('decimal(12,2)') },
      { name: 'flag', type: parseType('varchar') },
      { name: 'day', type: parseType('date') },
      { name: 'at', type: parseType('timestamp(6)') },
      { name: 'tags', type: parseType('array(varchar)') },
    ];
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), { columns });
    for (let start = 0; start < 20000; start += 5000) {
      const rows = Array.from({ length: 5000 }, (_, i) => start + i);
      await writer.write(
        createPage([
          blockOf(columns[0]!.type, rows),
          blockOf(
            columns[1]!.type,
            rows.map((r) => (r % 10 === 0 ? null : r * 101)),
          ),
          blockOf(
            columns[2]!.type,
            rows.map((r) => ['A', 'N', 'R'][r % 3]),
          ),
          blockOf(
            columns[3]!.type,
            rows.map((r) => 8000 + (r % 365)),
          ),
          blockOf(
            columns[4]!.type,
            rows.map((r) => r * 1_000_001),
          ),
          blockOf(
            columns[5]!.type,
            rows.map((r) => (r % 2 === 0 ? ['x', `t${r}`] : [])),
          ),
        ]),
      );
    }
    await writer.finish();
    const file = join(dir, 'duck.parquet');
    const duck = await duckdbRows(
      `SELECT count(*), sum(k), sum(price)::VARCHAR, count(price), min(flag), max(flag), min(day)::VARCHAR,
              max("at")::VARCHAR, sum(len(tags)) FROM read_parquet('${file}')`,
    );
    assert.deepEqual(duck[0], [
      20000n,
      199990000n,
      '181800000.00',
      18000n,
      'A',
      'R',
      '1991-11-27',
      '1970-01-01 05:33:19.019999',
      20000n,
    ]);
    const four = await duckdbRows(
      `SELECT tags::VARCHAR, price::VARCHAR, "at"::VARCHAR FROM read_parquet('${file}') WHERE k = 4`,
    );
    assert.deepEqual(four, [['[x, t4]', '4.04', '1970-01-01 00:00:04.000004']]);
    const footer = await readParquetFooter(localFs, location);
    const chunk = footer.metadata.row_groups[0]!.columns;
    assert.deepEqual([...new Set(chunk.map((c) => c.meta_data!.codec))], ['ZSTD']);
    const flag = chunk[2]!.meta_data!;
    assert.ok(flag.encodings.includes('RLE_DICTIONARY'), `dictionary for a low-cardinality column: ${flag.encodings}`);
    assert.equal(flag.statistics?.null_count, 0n);
    assert.ok(flag.statistics?.min_value !== undefined && flag.statistics.max_value !== undefined);
    assert.equal(chunk[1]!.meta_data!.statistics?.null_count, 2000n);
    assert.equal(footer.metadata.created_by?.startsWith('vivace'), true);
  });

  it('gathers pages into record batches, every row once and in order, strings multi-byte and null', async () => {
    const location = fileLocation(join(dir, 'batched.parquet'));
    const [bigint, varchar] = [parseType('bigint'), parseType('varchar')];
    const columns = [
      { name: 'k', type: bigint },
      { name: 'flat', type: varchar },
      { name: 'coded', type: varchar },
      { name: 'tail', type: varchar },
    ];
    const entries = stringBlock(['Ä', 'x😀y', '', 'null entry'], Uint8Array.of(0, 0, 0, 1));
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), { columns });
    const pageRows = 7000;
    const total = 150_000;
    for (let start = 0; start < total; start += pageRows) {
      const keys = Array.from({ length: Math.min(pageRows, total - start) }, (_, i) => start + i);
      // Odd pages carry the coded column as a dictionary block, even pages as flat strings.
      const coded =
        (start / pageRows) % 2 === 1
          ? dictionaryBlock(
              Int32Array.from(keys, (k) => k % 4),
              entries,
            )
          : blockOf(
              varchar,
              keys.map((k) => (k % 4 === 3 ? null : ['Ä', 'x😀y', ''][k % 4])),
            );
      await writer.write(
        createPage([
          blockOf(bigint, keys),
          blockOf(
            varchar,
            keys.map((k) => (k % 7 === 0 ? null : `é${k}😀`)),
          ),
          coded,
          blockOf(
            varchar,
            keys.map((k) => `t${k}`),
          ),
        ]),
      );
    }
    await writer.finish();
    assert.ok(writer.batches <= 5, `${writer.batches} batches for ${total} rows`);
    const file = join(dir, 'batched.parquet');
    const duck = await duckdbRows(
      `SELECT count(*), count(DISTINCT k),
              count(*) FILTER (WHERE k <> file_row_number),
              count(*) FILTER (WHERE flat IS DISTINCT FROM CASE WHEN k % 7 = 0 THEN NULL ELSE 'é' || k || '😀' END),
              count(*) FILTER (WHERE coded IS DISTINCT FROM CASE k % 4 WHEN 0 THEN 'Ä' WHEN 1 THEN 'x😀y' WHEN 2 THEN '' END),
              count(*) FILTER (WHERE tail <> 't' || k)
       FROM read_parquet('${file}', file_row_number = true)`,
    );
    assert.deepEqual(duck[0], [150000n, 150000n, 0n, 0n, 0n, 0n]);
    const { rows } = await readRows(location);
    assert.deepEqual(rows[149_999], [149_999, 'é149999😀', null, 't149999']);
  });

  it('starts a new row group at the target size', async () => {
    const location = fileLocation(join(dir, 'groups.parquet'));
    const columns = [{ name: 'v', type: parseType('bigint') }];
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), {
      columns,
      targetRowGroupBytes: 64 * 1024,
      compression: 'SNAPPY',
    });
    for (let p = 0; p < 10; p++) {
      await writer.write(
        createPage([
          blockOf(
            columns[0]!.type,
            Array.from({ length: 10000 }, (_, i) => p * 10000 + i),
          ),
        ]),
      );
    }
    await writer.finish();
    const footer = await readParquetFooter(localFs, location);
    assert.ok(footer.metadata.row_groups.length >= 5, `${footer.metadata.row_groups.length} row groups`);
    assert.equal(footer.metadata.row_groups[0]!.columns[0]!.meta_data!.codec, 'SNAPPY');
    const { rows } = await readRows(location);
    assert.equal(rows.length, 100000);
    assert.deepEqual(rows[99999], [99999]);
  });

  it('estimates the distinct values of a column from a sample', () => {
    assert.equal(Math.round(estimateDistinctValues(4096, 3360) / 100), 100);
    assert.equal(Math.round(estimateDistinctValues(4096, 2026) / 10), 252);
    assert.ok(estimateDistinctValues(4096, 4055) > 150_000);
    assert.equal(estimateDistinctValues(4096, 4096), Number.POSITIVE_INFINITY);
  });

  it('uses dictionary encoding only where the first page shows it pays', async () => {
    const location = fileLocation(join(dir, 'dictionary-choice.parquet'));
    const [bigint, varchar, integer] = [parseType('bigint'), parseType('varchar'), parseType('integer')];
    const columns = [
      { name: 'unique_key', type: bigint },
      { name: 'unique_text', type: varchar },
      { name: 'flag', type: varchar },
      { name: 'small', type: integer },
      { name: 'coded', type: varchar },
      // Drawn from 10,000 keys: a sample of the first page is mostly distinct, the column is not.
      { name: 'supplier', type: bigint },
      { name: 'part', type: bigint },
    ];
    let seed = 7;
    const draw = (range: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % range;
    };
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), { columns });
    for (let p = 0; p < 3; p++) {
      const keys = Array.from({ length: 5000 }, (_, i) => p * 5000 + i);
      await writer.write(
        createPage([
          blockOf(bigint, keys),
          blockOf(
            varchar,
            keys.map((k) => `comment ${k}`),
          ),
          blockOf(
            varchar,
            keys.map((k) => (k % 3 === 0 ? 'A' : 'R')),
          ),
          blockOf(
            integer,
            keys.map((k) => k % 50),
          ),
          dictionaryBlock(
            Int32Array.from(keys, (k) => k % 4),
            stringBlock(['MAIL', 'SHIP', 'AÏR', ''], Uint8Array.of(0, 0, 0, 1)),
          ),
          blockOf(
            bigint,
            keys.map(() => draw(10_000)),
          ),
          blockOf(
            bigint,
            keys.map(() => draw(2_000_000)),
          ),
        ]),
      );
    }
    await writer.finish();
    const footer = await readParquetFooter(localFs, location);
    const dictionaryEncoded = (footer.metadata.row_groups[0]?.columns ?? []).map((c) =>
      c.meta_data?.encodings.some((e) => e.endsWith('DICTIONARY')),
    );
    assert.deepEqual(dictionaryEncoded, [false, false, true, true, true, true, false]);
    const { rows } = await readRows(location);
    assert.deepEqual(rows[14999]?.slice(0, 5), [14999, 'comment 14999', 'R', 49, null]);
    assert.deepEqual(rows[14998]?.slice(0, 5), [14998, 'comment 14998', 'R', 48, 'AÏR']);
    const [[distinctFlags, lastCode]] = (await duckdbRows(
      `SELECT count(DISTINCT flag), max(coded) FROM read_parquet('${join(dir, 'dictionary-choice.parquet')}')`,
    )) as [[bigint, string]];
    assert.deepEqual([distinctFlags, lastCode], [2n, 'SHIP']);
  });

  it('fails the file, not the process, when the encoder traps in its asynchronous stream', async () => {
    // A trap thrown by a microtask while a writer is open, as a Rust panic in parquet-wasm's stream
    // surfaces (its futures run in queueMicrotask callbacks): the test runner would report it as an
    // uncaught exception if it escaped.
    const sub = join(dir, 'trapped');
    const location = fileLocation(join(sub, 't.parquet'));
    const integer = parseType('integer');
    const columns = [{ name: 'v', type: integer }];
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), { columns });
    await writer.write(createPage([blockOf(integer, [1, 2, 3])]));
    const { RuntimeError } = (globalThis as unknown as { WebAssembly: { RuntimeError: new (m: string) => Error } })
      .WebAssembly;
    queueMicrotask(() => {
      throw new RuntimeError('unreachable');
    });
    await rejectsWith(writer.finish(), 'HIVE_WRITER_DATA_ERROR', location, 'unreachable');
    assert.ok(!(await readdir(sub)).includes('t.parquet'), 'no file made visible');
    // The next writer gets a fresh encoder.
    const next = fileLocation(join(sub, 'next.parquet'));
    const again = ParquetFileWriter.create(await localFs.newOutputFile(next), { columns });
    await again.write(createPage([blockOf(integer, [4, 5])]));
    await again.finish();
    assert.deepEqual((await readRows(next)).rows, [[4], [5]]);
    // Outside writers, the global queueMicrotask is node's own again.
    assert.equal(queueMicrotask.name, 'queueMicrotask');
  });

  it('leaves no file behind when aborted', async () => {
    const sub = join(dir, 'aborted');
    const location = fileLocation(join(sub, 'a.parquet'));
    const columns = [{ name: 'v', type: parseType('integer') }];
    const writer = ParquetFileWriter.create(await localFs.newOutputFile(location), { columns });
    await writer.write(createPage([blockOf(columns[0]!.type, [1, 2, 3])]));
    await writer.abort();
    assert.deepEqual(await readdir(sub), []);
  });
});
