/**
 * Parquet types DuckDB does not write, read back from files made in the set-up: FLOAT16, decimals in
 * BYTE_ARRAY, TIME(MILLIS) in INT32, UTC-adjusted millisecond timestamps (hyparquet-writer), INT96
 * timestamps and the legacy list shapes (written as a shape with the same page bytes by
 * hyparquet-writer, then the footer edited into the wanted one: no writer at hand emits them).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FileMetaData } from 'hyparquet';
import { formatType } from '../../../../src/types/format-type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { temporaryDirectory } from '../lake-test-helpers.js';
import { column, duckdbRows, readRows, rewriteFooter, writeWithHyparquet } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-parquet-types-');
const ROOT = { name: 'root', num_children: 1 };

type SchemaElement = FileMetaData['schema'][number];

/** The footer with `schema` in place of the file's, and each column chunk's path and type from `paths`. */
function withSchema(
  schema: SchemaElement[],
  chunks: { path: string[]; type?: SchemaElement['type'] }[],
): (metadata: FileMetaData) => FileMetaData {
  return (metadata) => ({
    ...metadata,
    schema,
    row_groups: metadata.row_groups.map((group) => ({
      ...group,
      columns: group.columns.map((chunk, i) => {
        const meta = chunk.meta_data;
        const change = chunks[i];
        if (meta === undefined || change === undefined) return chunk;
        return {
          ...chunk,
          meta_data: { ...meta, path_in_schema: change.path, type: change.type ?? meta.type, statistics: undefined },
        };
      }),
    })),
  });
}

describe('lake parquet reader: types beyond DuckDB', () => {
  it('reads FLOAT16, BYTE_ARRAY decimals, TIME(MILLIS) and UTC-adjusted TIMESTAMP(MILLIS)', async () => {
    const location = await writeWithHyparquet(join(dir, 'misc.parquet'), {
      columnData: [
        { name: 'h', data: [1.5, -2, null, 65504] },
        { name: 'd', data: [12345678901234567890n, -5n, null, 0n] },
        { name: 't', data: Int32Array.of(3723456, 0, 86399999, 1) },
        { name: 'z', data: [1704164645123n, null, -1n, 0n] },
      ],
      schema: [
        { name: 'root', num_children: 4 },
        {
          name: 'h',
          type: 'FIXED_LEN_BYTE_ARRAY',
          type_length: 2,
          repetition_type: 'OPTIONAL',
          logical_type: { type: 'FLOAT16' },
        },
        {
          name: 'd',
          type: 'BYTE_ARRAY',
          repetition_type: 'OPTIONAL',
          converted_type: 'DECIMAL',
          precision: 22,
          scale: 2,
          logical_type: { type: 'DECIMAL', precision: 22, scale: 2 },
        },
        {
          name: 't',
          type: 'INT32',
          repetition_type: 'REQUIRED',
          converted_type: 'TIME_MILLIS',
          logical_type: { type: 'TIME', isAdjustedToUTC: false, unit: 'MILLIS' },
        },
        {
          name: 'z',
          type: 'INT64',
          repetition_type: 'OPTIONAL',
          converted_type: 'TIMESTAMP_MILLIS',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
        },
      ],
      codec: 'UNCOMPRESSED',
    });
    const { columns, rows } = await readRows(location);
    assert.deepEqual(
      columns.map((c) => formatType(c.type)),
      ['real', 'decimal(22,2)', 'time(3)', 'timestamp(3) with time zone'],
    );
    const utc = (millis: number) => ({ millis, picos: 0, zone: 'UTC' });
    assert.deepEqual(rows, [
      [1.5, 12345678901234567890n, 3723456, utc(1704164645123)],
      [-2, -5n, 0, null],
      [null, null, 86399999, utc(-1)],
      [65504, 0n, 1, utc(0)],
    ]);
    // Declared types: the decimal rescaled, float16 widened to double, the instant read as its UTC wall clock.
    const declared = await readRows(location, [
      column('d', parseType('decimal(38,4)')),
      column('h', parseType('double')),
      column('z', parseType('timestamp(3)')),
      column('t', parseType('time(6)')),
    ]);
    assert.deepEqual(declared.rows[0], [1234567890123456789000n, 1.5, 1704164645123, 3723456000]);
  });

  it('reads INT96 timestamps (Impala, Hive, Spark and Trino write them) as UTC timestamp(9)', async () => {
    // Written as FIXED_LEN_BYTE_ARRAY(12), whose plain encoding is INT96's, then declared INT96.
    const path = join(dir, 'int96.parquet');
    const int96 = (unixDay: number, nanosOfDay: bigint) => {
      const bytes = new Uint8Array(12);
      const view = new DataView(bytes.buffer);
      view.setBigInt64(0, nanosOfDay, true);
      view.setInt32(8, unixDay + 2440588, true); // Julian day
      return bytes;
    };
    const nanos = (3n * 3600n + 4n * 60n + 5n) * 1_000_000_000n + 123_456_789n;
    const location = await writeWithHyparquet(path, {
      columnData: [{ name: 'ts', data: [int96(19724, nanos), null, int96(-1, 86_399_999_999_999n), int96(0, 0n)] }],
      schema: [ROOT, { name: 'ts', type: 'FIXED_LEN_BYTE_ARRAY', type_length: 12, repetition_type: 'OPTIONAL' }],
      codec: 'SNAPPY',
      statistics: false,
    });
    await rewriteFooter(
      path,
      withSchema([ROOT, { name: 'ts', type: 'INT96', repetition_type: 'OPTIONAL' }], [{ path: ['ts'], type: 'INT96' }]),
    );
    const { columns, rows } = await readRows(location);
    assert.deepEqual(
      columns.map((c) => formatType(c.type)),
      ['timestamp(9)'],
    );
    assert.deepEqual(rows, [
      [{ millis: 1704164645123, picos: 456789000, zone: 'UTC' }],
      [null],
      [{ millis: -1, picos: 999999000, zone: 'UTC' }],
      [{ millis: 0, picos: 0, zone: 'UTC' }],
    ]);
    const millis = await readRows(location, [column('ts', parseType('timestamp(3)'))]);
    assert.deepEqual(
      millis.rows.map((r) => r[0]),
      [1704164645123, null, 0, 0],
    );
    // DuckDB reads the same instants.
    const [[first]] = (await duckdbRows(`SELECT epoch_ms(ts) FROM read_parquet('${path}') LIMIT 1`)) as [[bigint]];
    assert.equal(first, 1704164645123n);
  });

  describe('legacy list shapes, read from files', () => {
    it('a two-level list: LIST annotating a repeated primitive', async () => {
      // Same levels as LIST { repeated group list { required int32 element } } (max definition 2, repetition 1).
      const path = join(dir, 'two-level.parquet');
      const location = await writeWithHyparquet(path, {
        columnData: [{ name: 'l', data: [[1, 2], [], null, [3]] }],
        schema: [
          ROOT,
          { name: 'l', repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
          { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
          { name: 'element', repetition_type: 'REQUIRED', type: 'INT32' },
        ],
        codec: 'UNCOMPRESSED',
        statistics: false,
      });
      await rewriteFooter(
        path,
        withSchema(
          [
            ROOT,
            { name: 'l', repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
            { name: 'element', repetition_type: 'REPEATED', type: 'INT32' },
          ],
          [{ path: ['l', 'element'] }],
        ),
      );
      const { columns, rows } = await readRows(location);
      assert.deepEqual(
        columns.map((c) => formatType(c.type)),
        ['array(integer)'],
      );
      assert.deepEqual(rows, [[[1, 2]], [[]], [null], [[3]]]);
    });

    it('a one-level list: a repeated primitive outside any LIST', async () => {
      // Same levels as a REQUIRED LIST { repeated group list { required int32 element } } (definition 1, repetition 1).
      const path = join(dir, 'one-level.parquet');
      const location = await writeWithHyparquet(path, {
        columnData: [{ name: 'l', data: [[1, 2], [], [3]] }],
        schema: [
          ROOT,
          { name: 'l', repetition_type: 'REQUIRED', num_children: 1, converted_type: 'LIST' },
          { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
          { name: 'element', repetition_type: 'REQUIRED', type: 'INT32' },
        ],
        codec: 'UNCOMPRESSED',
        statistics: false,
      });
      await rewriteFooter(
        path,
        withSchema([ROOT, { name: 'l', repetition_type: 'REPEATED', type: 'INT32' }], [{ path: ['l'] }]),
      );
      const { columns, rows } = await readRows(location);
      assert.deepEqual(
        columns.map((c) => formatType(c.type)),
        ['array(integer)'],
      );
      assert.deepEqual(rows, [[[1, 2]], [[]], [[3]]]);
    });

    it('a repeated group named <list>_tuple, and one with several fields: arrays of rows', async () => {
      // The group with two fields is written as LIST { repeated group list { required group element { a, b } } }
      // (same levels: definition 2 for a, 3 for b; repetition 1), then the middle level removed.
      const path = join(dir, 'tuple.parquet');
      const location = await writeWithHyparquet(path, {
        columnData: [
          { name: 'l', data: [[1, 2], [], null] },
          {
            name: 'm',
            data: [
              [
                { a: 1, b: 'x' },
                { a: 2, b: null },
              ],
              [],
              null,
            ],
          },
        ],
        schema: [
          { name: 'root', num_children: 2 },
          { name: 'l', repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
          { name: 'l_tuple', repetition_type: 'REPEATED', num_children: 1 },
          { name: 'x', repetition_type: 'REQUIRED', type: 'INT32' },
          { name: 'm', repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
          { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
          { name: 'element', repetition_type: 'REQUIRED', num_children: 2 },
          { name: 'a', repetition_type: 'REQUIRED', type: 'INT32' },
          { name: 'b', repetition_type: 'OPTIONAL', type: 'BYTE_ARRAY', converted_type: 'UTF8' },
        ],
        codec: 'UNCOMPRESSED',
        statistics: false,
      });
      await rewriteFooter(
        path,
        withSchema(
          [
            { name: 'root', num_children: 2 },
            { name: 'l', repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
            { name: 'l_tuple', repetition_type: 'REPEATED', num_children: 1 },
            { name: 'x', repetition_type: 'REQUIRED', type: 'INT32' },
            { name: 'm', repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
            { name: 'element', repetition_type: 'REPEATED', num_children: 2 },
            { name: 'a', repetition_type: 'REQUIRED', type: 'INT32' },
            { name: 'b', repetition_type: 'OPTIONAL', type: 'BYTE_ARRAY', converted_type: 'UTF8' },
          ],
          [{ path: ['l', 'l_tuple', 'x'] }, { path: ['m', 'element', 'a'] }, { path: ['m', 'element', 'b'] }],
        ),
      );
      const { columns, rows } = await readRows(location);
      assert.deepEqual(
        columns.map((c) => formatType(c.type)),
        ['array(row(x integer))', 'array(row(a integer, b varchar))'],
      );
      assert.deepEqual(rows, [
        [
          [[1], [2]],
          [
            [1, 'x'],
            [2, null],
          ],
        ],
        [[], []],
        [null, null],
      ]);
    });
  });
});
