import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { inferParquetColumns } from '../../../../src/connectors/lake/parquet/parquet-schema.js';
import type { Block } from '../../../../src/data/block.js';
import { getValue } from '../../../../src/data/block-values.js';
import { formatType } from '../../../../src/types/format-type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { rejectsWith, temporaryDirectory } from '../lake-test-helpers.js';
import { column, hadoopLz4, localFs, readRows, writeWithDuckDb, writeWithHyparquet } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-parquet-');

/** Every type DuckDB writes, with a NULL row; the expected values are Vivace's JS values. */
const ALL_TYPES = `
  SELECT * FROM (VALUES
    (true, (-128)::TINYINT, (-32768)::SMALLINT, (-2147483648)::INTEGER, (-9223372036854775808)::BIGINT,
     255::UTINYINT, 65535::USMALLINT, 4294967295::UINTEGER, 18446744073709551615::UBIGINT,
     1.5::FLOAT, -2.25::DOUBLE, 12.34::DECIMAL(4,2), -1234567890123.45::DECIMAL(15,2),
     '1234567890123456789012345678.0123456789'::DECIMAL(38,10), 'héllo'::VARCHAR, '\\x00\\xFF'::BLOB,
     DATE '2024-02-29', TIME '01:02:03.456789', TIMESTAMP '2024-01-02 03:04:05.123456',
     TIMESTAMP_MS '2024-01-02 03:04:05.123', TIMESTAMP_NS '2024-01-02 03:04:05.123456789',
     TIMESTAMPTZ '2024-01-02 03:04:05.5+00', UUID '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
     [1, NULL, 3], {'a': 1, 'b': 'x'}, MAP {'k1': 10, 'k2': NULL}, [{'c': [1.5]}]),
    (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
     NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
  ) t(bo, ti, sm, it, bi, ut, us, ui, ub, fl, db, d1, d2, d3, vc, bl, dt, tm, ts, tsms, tsns, tstz, uu, li, st, mp, nested)`;

const EXPECTED_TYPES = [
  'boolean',
  'tinyint',
  'smallint',
  'integer',
  'bigint',
  'smallint',
  'integer',
  'bigint',
  'decimal(20,0)',
  'real',
  'double',
  'decimal(4,2)',
  'decimal(15,2)',
  'decimal(38,10)',
  'varchar',
  'varbinary',
  'date',
  'time(6)',
  'timestamp(6)',
  'timestamp(3)',
  'timestamp(9)',
  'timestamp(6) with time zone',
  'varchar',
  'array(integer)',
  'row(a integer, b varchar)',
  'map(varchar, integer)',
  'array(row(c array(decimal(2,1))))',
];

const EXPECTED_FIRST_ROW = [
  true,
  -128,
  -32768,
  -2147483648,
  -9223372036854775808n,
  255,
  65535,
  4294967295,
  18446744073709551615n,
  1.5,
  -2.25,
  1234,
  -123456789012345,
  12345678901234567890123456780123456789n,
  'héllo',
  Uint8Array.of(0, 255),
  19782,
  3723456789,
  1704164645123456,
  1704164645123,
  { millis: 1704164645123, picos: 456789000, zone: 'UTC' },
  { millis: 1704164645500, picos: 0, zone: 'UTC' },
  '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
  [1, null, 3],
  [1, 'x'],
  new Map<unknown, unknown>([
    ['k1', 10],
    ['k2', null],
  ]),
  [[[15]]],
];

describe('lake parquet reader: types', () => {
  it('infers the Vivace type of every type DuckDB writes and reads every value, NULLs included', async () => {
    const location = await writeWithDuckDb(join(dir, 'types.parquet'), ALL_TYPES);
    const { columns, rows } = await readRows(location);
    assert.deepEqual(
      columns.map((c) => formatType(c.type)),
      EXPECTED_TYPES,
    );
    assert.equal(rows.length, 2);
    for (let i = 0; i < EXPECTED_FIRST_ROW.length; i++) {
      assert.deepEqual(rows[0]![i], EXPECTED_FIRST_ROW[i], `${columns[i]!.name} ${formatType(columns[i]!.type)}`);
    }
    assert.deepEqual(
      rows[1],
      columns.map(() => null),
    );
  });

  it('reads columns by name case-insensitively, in any order, a missing column as NULL', async () => {
    const location = await writeWithDuckDb(join(dir, 'names.parquet'), 'SELECT 1 AS "Id", \'a\' AS name');
    const { rows } = await readRows(location, [
      column('name', parseType('varchar')),
      column('id', parseType('integer')),
      column('absent', parseType('bigint')),
    ]);
    assert.deepEqual(rows, [['a', 1, null]]);
  });

  it('widens file types into the declared column types and rescales decimals', async () => {
    const location = await writeWithDuckDb(
      join(dir, 'widen.parquet'),
      `SELECT 7::INTEGER AS i, 1.5::FLOAT AS f, 12.34::DECIMAL(4,2) AS d, 42::DECIMAL(10,0) AS d0,
              -5::TINYINT AS t, TIMESTAMP '2024-01-02 03:04:05.123456' AS ts, 3000000000::BIGINT AS big`,
    );
    const { rows } = await readRows(location, [
      column('i', parseType('bigint')),
      column('f', parseType('double')),
      column('d', parseType('decimal(10,4)')),
      column('d', parseType('decimal(30,3)')),
      column('d', parseType('decimal(3,1)')),
      column('d0', parseType('integer')),
      column('t', parseType('integer')),
      column('ts', parseType('timestamp(3)')),
      column('ts', parseType('bigint')),
      column('i', parseType('decimal(5,2)')),
      column('big', parseType('double')),
    ]);
    assert.deepEqual(rows, [[7, 1.5, 123400, 12340n, 123, 42, -5, 1704164645123, 1704164645123456, 700, 3000000000]]);
  });

  it('reads INT32 and INT64 decimals exactly: negative, NULL, rescaled, rounded, range-checked', async () => {
    const location = await writeWithDuckDb(
      join(dir, 'int-decimals.parquet'),
      `SELECT * FROM (VALUES (-1234567890123.45::DECIMAL(15,2), -99.99::DECIMAL(4,2)), (NULL, NULL),
              (0.05::DECIMAL(15,2), 12.35::DECIMAL(4,2))) t(big, small)`,
    );
    const footer = await readParquetFooter(localFs, location);
    assert.deepEqual(
      footer.metadata.schema.slice(1).map((e) => e.type),
      ['INT64', 'INT32'],
    );
    const { rows } = await readRows(location, [
      column('big', parseType('decimal(15,2)')),
      column('big', parseType('decimal(17,3)')),
      column('big', parseType('decimal(18,2)')),
      column('big', parseType('decimal(38,4)')),
      column('small', parseType('decimal(4,2)')),
      column('small', parseType('decimal(6,3)')),
      column('small', parseType('decimal(4,1)')),
    ]);
    assert.deepEqual(rows, [
      [-123456789012345, -1234567890123450n, -123456789012345n, -12345678901234500n, -9999, -99990, -1000],
      [null, null, null, null, null, null, null],
      [5, 50n, 5n, 500n, 1235, 12350, 124],
    ]);
    // A scale-0 decimal read into a decimal and an integer column at once keeps both right.
    const whole = await writeWithDuckDb(join(dir, 'int-decimals-0.parquet'), 'SELECT -42::DECIMAL(10,0) AS d0');
    const mixed = await readRows(whole, [column('d0', parseType('decimal(12,2)')), column('d0', parseType('bigint'))]);
    assert.deepEqual(mixed.rows, [[-4200, -42]]);
    await rejectsWith(
      readRows(location, [column('big', parseType('decimal(14,2)'))]),
      'HIVE_BAD_DATA',
      '-123456789012345',
      location,
    );
  });

  it('names the column, both types and the file when a column cannot be read as declared', async () => {
    const location = await writeWithDuckDb(join(dir, 'mismatch.parquet'), "SELECT 'x' AS s, 300 AS n");
    await rejectsWith(
      readRows(location, [column('s', parseType('bigint'))]),
      'HIVE_PARTITION_SCHEMA_MISMATCH',
      'The column s is declared as type bigint, but the Parquet file',
      location,
      'BYTE_ARRAY',
    );
    await rejectsWith(readRows(location, [column('n', parseType('tinyint'))]), 'HIVE_BAD_DATA', 'Value 300', location);
  });
});

describe('lake parquet reader: codecs and encodings', () => {
  for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4', 'lz4_raw', 'brotli']) {
    it(`reads ${codec} files written by DuckDB`, async () => {
      const location = await writeWithDuckDb(
        join(dir, `codec-${codec}.parquet`),
        "SELECT i, 'v' || (i % 7) AS s, i / 3.0 AS d FROM range(5000) t(i)",
        `COMPRESSION ${codec}`,
      );
      const footer = await readParquetFooter(localFs, location);
      const expectedCodec =
        { uncompressed: 'UNCOMPRESSED', lz4: 'LZ4_RAW', lz4_raw: 'LZ4_RAW' }[codec] ?? codec.toUpperCase();
      assert.equal(footer.metadata.row_groups[0]!.columns[0]!.meta_data!.codec, expectedCodec);
      const { rows } = await readRows(location);
      assert.equal(rows.length, 5000);
      assert.deepEqual(rows[4999], [4999, 'v1', 4999 / 3]);
    });
  }

  it("reads Hadoop's LZ4 framing (codec LZ4), written by hyparquet-writer with a literal-only LZ4 block", async () => {
    const location = await writeWithHyparquet(join(dir, 'hadoop-lz4.parquet'), {
      columnData: [
        { name: 'n', data: Int32Array.from({ length: 100 }, (_, i) => i), type: 'INT32' },
        { name: 's', data: Array.from({ length: 100 }, (_, i) => `s${i}`), type: 'STRING' },
      ],
      codec: 'LZ4',
      compressors: { LZ4: hadoopLz4 },
    });
    const footer = await readParquetFooter(localFs, location);
    assert.equal(footer.metadata.row_groups[0]!.columns[0]!.meta_data!.codec, 'LZ4');
    const { rows } = await readRows(location);
    assert.deepEqual(rows[99], [99, 's99']);
  });

  it('reads DuckDB V2 files (delta and byte-stream-split encodings) and dictionary-encoded columns', async () => {
    const location = await writeWithDuckDb(
      join(dir, 'v2.parquet'),
      "SELECT i, i::DOUBLE / 7 AS d, i::FLOAT / 3 AS f, 'text-' || i AS s, 'k' || (i % 3) AS k FROM range(20000) t(i)",
      'PARQUET_VERSION V2',
    );
    const footer = await readParquetFooter(localFs, location);
    const encodings = new Set(
      footer.metadata.row_groups.flatMap((g) => g.columns.flatMap((c) => c.meta_data!.encodings)),
    );
    for (const encoding of ['DELTA_BINARY_PACKED', 'BYTE_STREAM_SPLIT', 'RLE_DICTIONARY']) {
      assert.ok(encodings.has(encoding as never), `${encoding} in ${[...encodings].join(', ')}`);
    }
    const { rows } = await readRows(location);
    assert.equal(rows.length, 20000);
    assert.deepEqual(rows[12345], [12345, 12345 / 7, Math.fround(12345 / 3), 'text-12345', 'k0']);
  });

  for (const [encoding, type, data, expected] of [
    ['PLAIN', 'INT64', BigInt64Array.from([1n, -2n, 3n]), [1, -2, 3]],
    ['DELTA_BINARY_PACKED', 'INT32', Int32Array.from([5, 3, 1000, -7]), [5, 3, 1000, -7]],
    ['DELTA_BINARY_PACKED', 'INT64', BigInt64Array.from([10n, 20n, 30n]), [10, 20, 30]],
    ['DELTA_LENGTH_BYTE_ARRAY', 'STRING', ['a', 'bb', '', 'ccc'], ['a', 'bb', '', 'ccc']],
    ['DELTA_BYTE_ARRAY', 'STRING', ['apple', 'apply', 'apt', 'b'], ['apple', 'apply', 'apt', 'b']],
    ['BYTE_STREAM_SPLIT', 'DOUBLE', Float64Array.from([1.5, -2, 1e300]), [1.5, -2, 1e300]],
    ['BYTE_STREAM_SPLIT', 'FLOAT', Float32Array.from([1.5, -2]), [1.5, -2]],
    ['RLE_DICTIONARY', 'STRING', ['x', 'y', 'x', 'x'], ['x', 'y', 'x', 'x']],
    ['RLE', 'BOOLEAN', [true, false, true, true], [true, false, true, true]],
  ] as const) {
    it(`reads ${encoding} ${type} in data pages v2 (hyparquet-writer)`, async () => {
      const location = await writeWithHyparquet(join(dir, `enc-${encoding}-${type}.parquet`), {
        columnData: [{ name: 'v', data, type, encoding, nullable: false }],
        codec: 'UNCOMPRESSED',
      });
      const footer = await readParquetFooter(localFs, location);
      assert.ok(footer.metadata.row_groups[0]!.columns[0]!.meta_data!.encodings.includes(encoding as never));
      const { rows } = await readRows(location);
      assert.deepEqual(
        rows.map((r) => r[0]),
        expected,
      );
    });
  }

  it('reads dictionary-encoded string chunks as dictionary blocks (one string per entry), NULLs included', async () => {
    const location = await writeWithDuckDb(
      join(dir, 'dictionary-strings.parquet'),
      `SELECT CASE WHEN i % 5 = 0 THEN NULL ELSE 'flag-' || (i % 3) END AS f, 'é' || (i % 2) AS u,
              'unique text ' || i AS plain FROM range(10000) t(i)`,
    );
    const footer = await readParquetFooter(localFs, location);
    const [f, , plain] = (footer.metadata.row_groups[0]?.columns ?? []).map((c) => c.meta_data?.encodings.join() ?? '');
    assert.match(f ?? '', /DICTIONARY/);
    assert.doesNotMatch(plain ?? 'DICTIONARY', /DICTIONARY/);
    const { ParquetReader } = await import('../../../../src/connectors/lake/parquet/parquet-reader.js');
    const wanted = [
      column('f', parseType('varchar')),
      column('u', parseType('varchar')),
      column('plain', parseType('varchar')),
      column('f', parseType('varchar(3)')),
    ];
    const reader = new ParquetReader({ fs: localFs, footer, columns: wanted });
    const kinds = new Set<string>();
    const rows: unknown[][] = [];
    for await (const page of reader.pages()) {
      for (const block of page.blocks) kinds.add(block.kind);
      const [dictionary] = page.blocks;
      assert.equal(dictionary?.kind, 'dictionary');
      assert.ok(dictionary?.kind === 'dictionary' && dictionary.dictionary.positionCount <= 4, 'entries, not rows');
      for (let p = 0; p < page.positionCount; p++) {
        rows.push(wanted.map((c, i) => getValue(page.blocks[i] as Block, c.type, p)));
      }
    }
    assert.deepEqual([...kinds].sort(), ['dictionary', 'string']);
    assert.equal(rows.length, 10000);
    for (const i of [0, 1, 2, 3, 4, 5, 9999]) {
      const flag = i % 5 === 0 ? null : `flag-${i % 3}`;
      assert.deepEqual(rows[i], [flag, `é${i % 2}`, `unique text ${i}`, flag === null ? null : 'fla']);
    }
  });

  it('reads a legacy two-level list (a repeated group named "array") as an array of rows', async () => {
    const location = await writeWithHyparquet(join(dir, 'legacy-list.parquet'), {
      // hyparquet-writer hands a repeated group's element straight to its single field.
      columnData: [{ name: 'l', data: [[1, 2], [], null] }],
      schema: [
        { name: 'root', num_children: 1 },
        { name: 'l', repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
        { name: 'array', repetition_type: 'REPEATED', num_children: 1 },
        { name: 'x', repetition_type: 'REQUIRED', type: 'INT32' },
      ],
      codec: 'UNCOMPRESSED',
    });
    const { columns, rows } = await readRows(location);
    assert.equal(formatType(columns[0]!.type), 'array(row(x integer))');
    assert.deepEqual(rows, [[[[1], [2]]], [[]], [null]]);
  });
});

describe('lake parquet reader: byte ranges, pages and errors', () => {
  it('reads only the selected columns and row groups, neighbouring chunks in one read', async () => {
    const location = await writeWithDuckDb(
      join(dir, 'ranges.parquet'),
      "SELECT i AS a, i * 2 AS b, repeat('x', 200) || i AS wide, i * 3 AS c FROM range(100000) t(i)",
      'ROW_GROUP_SIZE 25000, COMPRESSION uncompressed',
    );
    const footer = await readParquetFooter(localFs, location);
    const groups = footer.metadata.row_groups;
    assert.ok(groups.length >= 4, `${groups.length} row groups`);
    const firstRow = (g: number) => groups.slice(0, g).reduce((sum, group) => sum + Number(group.num_rows), 0);
    const { rows, reader } = await readRows(
      location,
      [column('a', parseType('bigint')), column('b', parseType('bigint'))],
      {
        rowGroups: [1, 3],
      },
    );
    assert.equal(rows.length, Number(groups[1]!.num_rows) + Number(groups[3]!.num_rows));
    assert.deepEqual(rows[0], [firstRow(1), 2 * firstRow(1)]);
    assert.deepEqual(rows[Number(groups[1]!.num_rows)], [firstRow(3), 2 * firstRow(3)]);
    assert.equal(reader.statistics.reads, 2, 'a and b are neighbours: one read per row group');
    const chunkBytes = [1, 3].flatMap((g) =>
      footer.metadata.row_groups[g]!.columns.slice(0, 2).map((c) => Number(c.meta_data!.total_compressed_size)),
    );
    assert.equal(
      reader.statistics.bytesRead,
      chunkBytes.reduce((x, y) => x + y, 0),
    );
    assert.ok(reader.statistics.bytesRead < footer.fileSize / 20, 'far less than the file');
  });

  it('produces pages of at most maxPageRows rows', async () => {
    const location = await writeWithDuckDb(join(dir, 'pages.parquet'), 'SELECT i FROM range(10000) t(i)');
    const footer = await readParquetFooter(localFs, location);
    const { ParquetReader } = await import('../../../../src/connectors/lake/parquet/parquet-reader.js');
    const reader = new ParquetReader({
      fs: localFs,
      footer,
      columns: [column('i', parseType('bigint'))],
      maxPageRows: 3000,
    });
    const sizes: number[] = [];
    for await (const page of reader.pages()) sizes.push(page.positionCount);
    assert.deepEqual(sizes, [3000, 3000, 3000, 1000]);
    const none = new ParquetReader({ fs: localFs, footer, columns: [], maxPageRows: 6000 });
    const counts: number[] = [];
    for await (const page of none.pages()) counts.push(page.positionCount);
    assert.deepEqual(counts, [6000, 4000], 'count(*) needs no column: row counts from the footer');
    assert.equal(none.statistics.reads, 0);
  });

  it('fails with errors naming the file for missing, non-Parquet, truncated and corrupt files', async () => {
    const missing = fileLocation(join(dir, 'missing.parquet'));
    await rejectsWith(readParquetFooter(localFs, missing), 'HIVE_CANNOT_OPEN_SPLIT', missing);
    await writeFile(join(dir, 'text.parquet'), 'a,b\n1,2\n');
    await rejectsWith(
      readParquetFooter(localFs, fileLocation(join(dir, 'text.parquet'))),
      'HIVE_BAD_DATA',
      'text.parquet',
    );
    const good = await writeWithDuckDb(
      join(dir, 'good.parquet'),
      "SELECT i, 'row ' || i AS s FROM range(50000) t(i)",
      'COMPRESSION snappy',
    );
    const bytes = await readFile(join(dir, 'good.parquet'));
    await writeFile(join(dir, 'truncated.parquet'), bytes.subarray(0, bytes.length >> 1));
    await rejectsWith(
      readParquetFooter(localFs, fileLocation(join(dir, 'truncated.parquet'))),
      'HIVE_BAD_DATA',
      'truncated.parquet',
    );
    // A footer whose length field points before the start of the file.
    const badLength = Buffer.from(bytes);
    badLength.writeUInt32LE(bytes.length * 2, bytes.length - 8);
    await writeFile(join(dir, 'badlength.parquet'), badLength);
    await rejectsWith(
      readParquetFooter(localFs, fileLocation(join(dir, 'badlength.parquet'))),
      'HIVE_BAD_DATA',
      'badlength.parquet',
    );
    // Corrupt data pages: overwrite the middle of the data with noise.
    const corrupt = Buffer.from(bytes);
    for (let i = 200; i < corrupt.length / 2; i += 7) corrupt[i] = (corrupt[i]! * 31 + 17) & 0xff;
    await writeFile(join(dir, 'corrupt.parquet'), corrupt);
    const error = await rejectsWith(
      readRows(fileLocation(join(dir, 'corrupt.parquet'))),
      'HIVE_BAD_DATA',
      'corrupt.parquet',
    );
    assert.ok(error.message.length > 0);
    // The decoder still works afterwards.
    const { rows } = await readRows(good);
    assert.deepEqual(rows[49999], [49999, 'row 49999']);
  });

  it('infers no column from a file whose schema it cannot map, naming it', async () => {
    const location = await writeWithDuckDb(join(dir, 'infer.parquet'), 'SELECT 1::HUGEINT AS h');
    const footer = await readParquetFooter(localFs, location);
    // DuckDB writes HUGEINT as a double: the file says what it holds.
    assert.deepEqual(
      inferParquetColumns(footer.metadata).map((c) => formatType(c.type)),
      ['double'],
    );
  });
});
