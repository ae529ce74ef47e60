import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import type { TextColumn } from '../../../../src/connectors/lake/text/csv-reader.js';
import { JsonLinesFileWriter, readJsonLines } from '../../../../src/connectors/lake/text/json-lines.js';
import { inferJsonColumns } from '../../../../src/connectors/lake/text/text-inference.js';
import type { Block } from '../../../../src/data/block.js';
import { blockOf } from '../../../../src/data/block-builder.js';
import { getValue } from '../../../../src/data/block-values.js';
import { createPage } from '../../../../src/data/page.js';
import { formatType } from '../../../../src/types/format-type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { rejectsWith, temporaryDirectory } from '../lake-test-helpers.js';
import { localFs } from '../parquet/parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-json-');
const col = (name: string, type: string): TextColumn => ({ name, type: parseType(type) });

async function readAll(
  name: string,
  content: string,
  columns: TextColumn[],
  options: Record<string, unknown> = {},
): Promise<unknown[][]> {
  await writeFile(join(dir, name), content);
  const rows: unknown[][] = [];
  for await (const page of readJsonLines({
    fs: localFs,
    location: fileLocation(join(dir, name)),
    columns,
    ...options,
  })) {
    for (let p = 0; p < page.positionCount; p++) rows.push(columns.map((c, i) => getValue(page.blocks[i]!, c.type, p)));
  }
  return rows;
}

describe('lake json lines', () => {
  const columns = [
    col('id', 'bigint'),
    col('name', 'varchar'),
    col('price', 'decimal(10,2)'),
    col('day', 'date'),
    col('tags', 'array(varchar)'),
    col('attrs', 'map(varchar, integer)'),
    col('pos', 'row(x double, y double)'),
    col('raw', 'json'),
    col('bin', 'varbinary'),
    col('at', 'timestamp(3)'),
  ];

  it('reads keys case-insensitively into typed columns, nested ones included', async () => {
    const rows = await readAll(
      'a.jsonl',
      '{"ID": 1, "Name": "x", "price": 12.5, "day": "2024-01-31", "tags": ["a", null], "attrs": {"k": 1}, "pos": {"X": 1, "y": 2.5}, "raw": {"z": [1]}, "bin": "AQI=", "at": "2024-01-31 10:00:00.5"}\n' +
        '\r\n{"id": "2", "price": "0.01", "pos": [3, 4], "extra": true}\r\n' +
        '{}',
      columns,
    );
    assert.deepEqual(rows, [
      [
        1,
        'x',
        1250,
        19753,
        ['a', null],
        new Map([['k', 1]]),
        [1, 2.5],
        '{"z":[1]}',
        Uint8Array.of(1, 2),
        1706695200500,
      ],
      [2, null, 1, null, null, null, [3, 4], null, null, null],
      [null, null, null, null, null, null, null, null, null, null],
    ]);
  });

  it('fails with HIVE_BAD_DATA naming the file and line for bad JSON and bad values', async () => {
    const location = fileLocation(join(dir, 'bad.jsonl'));
    await rejectsWith(
      readAll('bad.jsonl', '{"id": 1}\n{"id": \n', [col('id', 'bigint')]),
      'HIVE_BAD_DATA',
      location,
      'line 2',
    );
    await rejectsWith(
      readAll('bad.jsonl', '[1]\n', [col('id', 'bigint')]),
      'HIVE_BAD_DATA',
      'line 1',
      'not a JSON object',
    );
    await rejectsWith(
      readAll('bad.jsonl', '{"id": 1.5}\n', [col('id', 'bigint')]),
      'HIVE_BAD_DATA',
      'column id is not a valid bigint',
    );
    assert.deepEqual(await readAll('bad.jsonl', '{"id": 1.5}\n', [col('id', 'bigint')], { badValues: 'null' }), [
      [null],
    ]);
  });

  it('reads numbers and ISO dates directly, and everything else through its text, with the same results', async () => {
    const columns = [
      col('i', 'integer'),
      col('b', 'bigint'),
      col('d', 'double'),
      col('day', 'date'),
      col('t', 'tinyint'),
    ];
    const lines = [
      '{"i": 7, "b": 9007199254740991, "d": -0.1, "day": "2024-02-29", "t": -128}',
      '{"i": "8", "b": "9007199254740993", "d": 1e300, "day": "2024-2-3", "t": "12"}',
      '{"i": -2147483648, "b": -5, "d": "2.5", "day": " 1969-12-31 ", "t": 127}',
    ];
    const location = fileLocation(join(dir, 'numbers.jsonl'));
    await writeFile(join(dir, 'numbers.jsonl'), `${lines.join('\n')}\n`);
    const rows: unknown[][] = [];
    const timing = { nanos: 0 };
    for await (const page of readJsonLines({ fs: localFs, location, columns, timing })) {
      for (let p = 0; p < page.positionCount; p++)
        rows.push(columns.map((c, i) => getValue(page.blocks[i] as Block, c.type, p)));
    }
    // The parsing time is reported (the scan adds it to its CPU: it runs outside the engine's calls).
    assert.ok(timing.nanos > 0);
    assert.deepEqual(rows, [
      [7, 9007199254740991, -0.1, Date.UTC(2024, 1, 29) / 86_400_000, -128],
      [8, 9007199254740993n, 1e300, Date.UTC(2024, 1, 3) / 86_400_000, 12],
      [-2147483648, -5, 2.5, -1, 127],
    ]);
    for (const bad of ['{"t": 128}', '{"i": 1.5}', '{"i": 2147483648}', '{"day": "2023-02-29"}']) {
      await writeFile(join(dir, 'bad-number.jsonl'), `${bad}\n`);
      const column = columns.find((c) => bad.includes(`"${c.name}"`)) ?? col('missing', 'integer');
      await rejectsWith(
        async () => {
          for await (const _ of readJsonLines({
            fs: localFs,
            location: fileLocation(join(dir, 'bad-number.jsonl')),
            columns: [column],
          })) {
            // reading is the test
          }
        },
        'HIVE_BAD_DATA',
        `column ${column.name}`,
      );
    }
  });

  it('writes lines that read back identically', async () => {
    const values: unknown[][] = [
      [
        9007199254740993n,
        'q"\n',
        123456789,
        19753,
        ['a'],
        new Map([['k', 2]]),
        [1.5, -2],
        '[1,{"a":null}]',
        Uint8Array.of(255),
        1,
      ],
      [null, null, null, null, null, null, null, null, null, null],
    ];
    const location = fileLocation(join(dir, 'out.jsonl'));
    const writer = new JsonLinesFileWriter(await localFs.newOutputFile(location), { columns });
    await writer.write(
      createPage(
        columns.map((c, i) =>
          blockOf(
            c.type,
            values.map((row) => row[i]),
          ),
        ),
      ),
    );
    await writer.finish();
    const text = await readFile(join(dir, 'out.jsonl'), 'utf8');
    assert.ok(text.startsWith('{"id":9007199254740993,"name":"q\\"\\n","price":1234567.89,"day":"2024-01-31"'), text);
    const rows: unknown[][] = [];
    for await (const page of readJsonLines({ fs: localFs, location, columns: columns.slice(1) })) {
      for (let p = 0; p < page.positionCount; p++)
        rows.push(columns.slice(1).map((c, i) => getValue(page.blocks[i]!, c.type, p)));
    }
    assert.deepEqual(
      rows,
      values.map((r) => r.slice(1)),
    );
  });

  it('infers columns from a sample of lines', async () => {
    await writeFile(
      join(dir, 'infer.jsonl'),
      '{"Id": 1, "score": 1, "day": "2024-01-01", "tags": ["x"], "pos": {"x": 1}, "odd": 1, "none": null, "box": [1]}\n' +
        '{"id": 2, "score": 2.5, "day": "2024-01-02", "tags": [], "pos": {"y": "a"}, "odd": "one", "box": {"a": 1}}\n',
    );
    const columns = await inferJsonColumns({ fs: localFs, location: fileLocation(join(dir, 'infer.jsonl')) });
    assert.deepEqual(
      columns.map((c) => `${c.name} ${formatType(c.type)}`),
      [
        'id bigint',
        'score double',
        'day date',
        'tags array(varchar)',
        'pos row(x bigint, y varchar)',
        'odd varchar',
        'none varchar',
        'box json',
      ],
    );
  });
});
