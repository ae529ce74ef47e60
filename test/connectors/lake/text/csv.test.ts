import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { readCsv, type TextColumn } from '../../../../src/connectors/lake/text/csv-reader.js';
import { type CsvRecord, CsvTokenizer } from '../../../../src/connectors/lake/text/csv-tokenizer.js';
import { CsvFileWriter } from '../../../../src/connectors/lake/text/csv-writer.js';
import { inferCsvColumns } from '../../../../src/connectors/lake/text/text-inference.js';
import { parseValueText } from '../../../../src/connectors/lake/text/value-text.js';
import { type Block, dictionaryBlock, int32Block, rleBlock, stringBlock } from '../../../../src/data/block.js';
import { blockOf } from '../../../../src/data/block-builder.js';
import { getValue } from '../../../../src/data/block-values.js';
import { createPage } from '../../../../src/data/page.js';
import { formatType } from '../../../../src/types/format-type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { rejectsWith, temporaryDirectory } from '../lake-test-helpers.js';
import { localFs } from '../parquet/parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-csv-');

function tokenize(
  chunks: string[],
  dialect?: { separator: string; quote: string; escape: string },
): { fields: string[]; quoted: boolean[]; line: number }[] {
  const tokenizer = new CsvTokenizer(dialect);
  const out: { fields: string[]; quoted: boolean[]; line: number }[] = [];
  const collect = (r: CsvRecord) => {
    out.push({
      fields: Array.from({ length: r.count }, (_, i) => r.field(i)),
      quoted: Array.from({ length: r.count }, (_, i) => r.quoted[i] === 1),
      line: r.line,
    });
  };
  for (const [i, chunk] of chunks.entries()) tokenizer.feed(chunk, i === chunks.length - 1, collect);
  return out;
}

async function readAll(
  name: string,
  content: string | Uint8Array,
  columns: TextColumn[],
  options: Record<string, unknown> = {},
): Promise<unknown[][]> {
  await writeFile(join(dir, name), content);
  const rows: unknown[][] = [];
  for await (const page of readCsv({ fs: localFs, location: fileLocation(join(dir, name)), columns, ...options })) {
    for (let p = 0; p < page.positionCount; p++) rows.push(columns.map((c, i) => getValue(page.blocks[i]!, c.type, p)));
  }
  return rows;
}

const col = (name: string, type: string): TextColumn => ({ name, type: parseType(type) });

describe('lake csv tokenizer', () => {
  const TEXT = 'a,"b,1","say ""hi""",d\\,e\r\n"multi\nline",,""\nlast,"x\\"y"';
  const EXPECTED = [
    { fields: ['a', 'b,1', 'say "hi"', 'd,e'], quoted: [false, true, true, false], line: 1 },
    { fields: ['multi\nline', '', ''], quoted: [true, false, true], line: 2 },
    { fields: ['last', 'x"y'], quoted: [false, true], line: 4 },
  ];

  it('splits quoted fields with separators, doubled and escaped quotes, escapes and line breaks', () => {
    assert.deepEqual(tokenize([TEXT]), EXPECTED);
  });

  it('gives the same records whatever the chunk boundaries', () => {
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < TEXT.length; i += size) chunks.push(TEXT.slice(i, i + size));
      assert.deepEqual(tokenize(chunks), EXPECTED, `chunks of ${size}`);
    }
  });

  it('handles a trailing separator, an unterminated quote at the end and other dialects', () => {
    assert.deepEqual(tokenize(['a,']), [{ fields: ['a', ''], quoted: [false, false], line: 1 }]);
    assert.deepEqual(tokenize(['"open']), [{ fields: ['open'], quoted: [true], line: 1 }]);
    assert.deepEqual(
      tokenize(["x|'a|b'|c\n"], { separator: '|', quote: "'", escape: '' }).map((r) => r.fields),
      [['x', 'a|b', 'c']],
    );
  });
});

describe('lake csv reader', () => {
  it('reads typed columns, NULLs (unquoted empty, null format) and empty strings', async () => {
    const timing = { nanos: 0 };
    const rows = await readAll(
      'typed.csv',
      'id,name,price,day,at,ok\n1,"Smith, J.",12.50,2024-01-31,2024-01-31 10:00:00.5,true\n2,,,\\N,,false\n3,"",0.01,,,\n',
      [
        col('id', 'integer'),
        col('name', 'varchar'),
        col('price', 'decimal(10,2)'),
        col('day', 'date'),
        col('at', 'timestamp(3)'),
        col('ok', 'boolean'),
      ],
      { skipHeaderLines: 1, nullFormat: '\\N', dialect: { separator: ',', quote: '"', escape: '' }, timing },
    );
    // The parsing time is reported (the scan adds it to its CPU: it runs outside the engine's calls).
    assert.ok(timing.nanos > 0);
    assert.deepEqual(rows, [
      [1, 'Smith, J.', 1250, 19753, 1706695200500, true],
      [2, null, null, null, null, false],
      [3, '', 1, null, null, null],
    ]);
  });

  it('pads short records with NULLs, ignores extra fields and blank lines, and crosses chunk boundaries', async () => {
    const rows = await readAll(
      'ragged.csv',
      '1,a\n\n2\n3,c,extra\n"4","multi\nline"',
      [col('n', 'bigint'), col('s', 'varchar')],
      {
        chunkBytes: 3,
      },
    );
    assert.deepEqual(rows, [
      [1, 'a'],
      [2, null],
      [3, 'c'],
      [4, 'multi\nline'],
    ]);
  });

  it('reads doubles and ISO dates in place exactly as the general parser does', async () => {
    const doubles = ['1.5', '-0', '+2', '.5', '5.', '007', '123456789.123456789', '1e5', ' 2.5 ', 'NaN', '-Infinity'];
    const days: number[] = [];
    for (let day = Date.UTC(1899, 11, 20) / 86_400_000; day < Date.UTC(2101, 1, 5) / 86_400_000; day += 13)
      days.push(day);
    const dateText = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
    const lines = days.map((day, i) => `${doubles[i % doubles.length]},${dateText(day)}`);
    lines.push('3,2024-2-3', '4, 2024-02-29 ');
    await writeFile(join(dir, 'fast.csv'), `${lines.join('\n')}\n`);
    const columns = [col('d', 'double'), col('day', 'date')];
    const rows: unknown[][] = [];
    for await (const page of readCsv({ fs: localFs, location: fileLocation(join(dir, 'fast.csv')), columns })) {
      for (let p = 0; p < page.positionCount; p++)
        rows.push(columns.map((c, i) => getValue(page.blocks[i] as Block, c.type, p)));
    }
    const double = parseType('double');
    const expected = days.map((day, i) => [parseValueText(double, doubles[i % doubles.length] as string), day]);
    expected.push([3, Date.UTC(2024, 1, 3) / 86_400_000], [4, Date.UTC(2024, 1, 29) / 86_400_000]);
    assert.deepEqual(rows, expected);
    for (const bad of ['1.2.3', '-', '1,5x', '2023-02-29', '2024-13-01', '2024-00-10']) {
      await writeFile(
        join(dir, 'bad-fast.csv'),
        `${bad.includes('-') && bad.length === 10 ? `1,${bad}` : `"${bad}",2024-01-01`}\n`,
      );
      await rejectsWith(
        async () => {
          for await (const _ of readCsv({ fs: localFs, location: fileLocation(join(dir, 'bad-fast.csv')), columns })) {
            // reading is the test
          }
        },
        'HIVE_BAD_DATA',
        bad,
      );
    }
  });

  it('fails with HIVE_BAD_DATA naming the file, line, column and value, or reads NULL when told to', async () => {
    const content = 'n,d\n1,2024-01-01\n"two\nlines",x\n3,2024-13-01\n';
    const location = fileLocation(join(dir, 'bad.csv'));
    await rejectsWith(
      readAll('bad.csv', content, [col('n', 'varchar'), col('d', 'date')], { skipHeaderLines: 1 }),
      'HIVE_BAD_DATA',
      location,
      'line 3',
      "value 'x' of column d is not a valid date",
    );
    const lenient = await readAll('bad.csv', content, [col('n', 'varchar'), col('d', 'date')], {
      skipHeaderLines: 1,
      badValues: 'null',
    });
    assert.deepEqual(lenient, [
      ['1', 19723],
      ['two\nlines', null],
      ['3', null],
    ]);
    await rejectsWith(readAll('big.csv', '300\n', [col('n', 'tinyint')]), 'HIVE_BAD_DATA', 'line 1', 'tinyint');
  });

  it('reads gzip-compressed files by their extension', async () => {
    const rows = await readAll('data.csv.gz', gzipSync('1,x\n2,y\n'), [col('n', 'integer'), col('s', 'varchar')]);
    assert.deepEqual(rows, [
      [1, 'x'],
      [2, 'y'],
    ]);
    await rejectsWith(
      readAll('broken.csv.gz', Uint8Array.of(1, 2, 3, 4), [col('n', 'integer')]),
      'HIVE_BAD_DATA',
      'broken.csv.gz',
    );
    await rejectsWith(readAll('data.csv.zst', 'x', [col('n', 'integer')]), 'HIVE_UNSUPPORTED_FORMAT', 'data.csv.zst');
  });

  it('reads many rows in pages of at most maxPageRows', async () => {
    const lines = Array.from({ length: 25000 }, (_, i) => `${i},v${i % 13}`).join('\n');
    await writeFile(join(dir, 'many.csv'), lines);
    const sizes: number[] = [];
    let last: unknown[] = [];
    const columns = [col('i', 'bigint'), col('v', 'varchar')];
    for await (const page of readCsv({
      fs: localFs,
      location: fileLocation(join(dir, 'many.csv')),
      columns,
      maxPageRows: 10000,
      chunkBytes: 4096,
    })) {
      sizes.push(page.positionCount);
      last = columns.map((c, i) => getValue(page.blocks[i]!, c.type, page.positionCount - 1));
    }
    assert.deepEqual(sizes, [10000, 10000, 5000]);
    assert.deepEqual(last, [24999, 'v0']);
  });
});

describe('lake csv writer', () => {
  const columns = [
    col('id', 'bigint'),
    col('s', 'varchar'),
    col('d', 'decimal(8,3)'),
    col('day', 'date'),
    col('t', 'timestamp(6)'),
    col('b', 'varbinary'),
  ];
  const values: unknown[][] = [
    [1, 'plain', 1500, 19753, 1706695200500001, Uint8Array.of(1, 255)],
    [2, 'a,b "q" \\ back\nnew line', -1, 0, 0, new Uint8Array(0)],
    [null, '', null, null, null, null],
    [4, null, 0, -1, -1, null],
  ];

  async function writeAndRead(
    name: string,
    compression: 'NONE' | 'GZIP',
  ): Promise<{ rows: unknown[][]; bytes: Buffer }> {
    const location = fileLocation(join(dir, name));
    const writer = new CsvFileWriter(await localFs.newOutputFile(location), { columns, compression });
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
    const rows: unknown[][] = [];
    for await (const page of readCsv({ fs: localFs, location, columns })) {
      for (let p = 0; p < page.positionCount; p++)
        rows.push(columns.map((c, i) => getValue(page.blocks[i]!, c.type, p)));
    }
    return { rows, bytes: await readFile(join(dir, name)) };
  }

  it('writes values that read back identically, quoting only what needs it and telling NULL from empty', async () => {
    const { rows, bytes } = await writeAndRead('out.csv', 'NONE');
    assert.deepEqual(rows, values);
    assert.equal(
      bytes.toString('utf8'),
      '1,plain,1.500,2024-01-31,2024-01-31 10:00:00.500001,01ff\n' +
        '2,"a,b ""q"" \\\\ back\nnew line",-0.001,1970-01-01,1970-01-01 00:00:00.000000,""\n' +
        ',"",,,,\n' +
        '4,,0.000,1969-12-31,1969-12-31 23:59:59.999999,\n',
    );
  });

  it('writes gzip-compressed files', async () => {
    const { rows, bytes } = await writeAndRead('out.csv.gz', 'GZIP');
    assert.deepEqual(rows, values);
    assert.ok(gunzipSync(bytes).toString('utf8').startsWith('1,plain,'));
  });

  it('writes dictionary and run-length blocks, and quotes numbers when the separator could occur in them', async () => {
    const location = fileLocation(join(dir, 'encoded.csv'));
    const encodedColumns = [col('flag', 'varchar'), col('n', 'bigint'), col('day', 'date')];
    const dialect = { separator: '-', quote: '"', escape: '\\' };
    const writer = new CsvFileWriter(await localFs.newOutputFile(location), { columns: encodedColumns, dialect });
    await writer.write(
      createPage([
        dictionaryBlock(Int32Array.of(0, 1, 0, 2), stringBlock(['A', 'x-y', ''], Uint8Array.of(0, 0, 1))),
        blockOf(parseType('bigint'), [-5, 7, null, 0]),
        rleBlock(int32Block(Int32Array.of(-1)), 4),
      ]),
    );
    await writer.finish();
    assert.equal(
      await readFile(join(dir, 'encoded.csv'), 'utf8'),
      'A-"-5"-"1969-12-31"\n"x-y"-7-"1969-12-31"\nA--"1969-12-31"\n-0-"1969-12-31"\n',
    );
    const rows: unknown[][] = [];
    for await (const page of readCsv({ fs: localFs, location, columns: encodedColumns, dialect })) {
      for (let p = 0; p < page.positionCount; p++) {
        rows.push(encodedColumns.map((c, i) => getValue(page.blocks[i] as Block, c.type, p)));
      }
    }
    assert.deepEqual(rows, [
      ['A', -5, -1],
      ['x-y', 7, -1],
      ['A', null, -1],
      [null, 0, -1],
    ]);
  });

  it('refuses nested column types', async () => {
    assert.throws(
      () => new CsvFileWriter({} as never, { columns: [col('a', 'array(integer)')] }),
      /not supported in CSV/,
    );
  });
});

describe('lake csv schema inference', () => {
  it('takes names from a detected header and types from a sample', async () => {
    await writeFile(
      join(dir, 'infer.csv'),
      'Id,Name,Price,Day,At,Flag,Mixed,\n1,a,1.5,2024-01-01,2024-01-01 10:00:00.123456,true,1,x\n2,,2,2024-01-02,,false,b,\n',
    );
    const inferred = await inferCsvColumns({ fs: localFs, location: fileLocation(join(dir, 'infer.csv')) });
    assert.equal(inferred.header, true);
    assert.deepEqual(
      inferred.columns.map((c) => `${c.name} ${formatType(c.type)}`),
      [
        'id bigint',
        'name varchar',
        'price double',
        'day date',
        'at timestamp(6)',
        'flag boolean',
        'mixed varchar',
        'col7 varchar',
      ],
    );
  });

  it('names columns col0.. when the first record is data', async () => {
    await writeFile(join(dir, 'nohead.csv'), '1,2024-01-01\n2,2024-01-02\n');
    const inferred = await inferCsvColumns({ fs: localFs, location: fileLocation(join(dir, 'nohead.csv')) });
    assert.equal(inferred.header, false);
    assert.deepEqual(
      inferred.columns.map((c) => `${c.name} ${formatType(c.type)}`),
      ['col0 bigint', 'col1 date'],
    );
    const forced = await inferCsvColumns({
      fs: localFs,
      location: fileLocation(join(dir, 'nohead.csv')),
      header: true,
    });
    assert.deepEqual(
      forced.columns.map((c) => c.name),
      ['1', '2024-01-01'],
    );
  });

  it('fails on an empty file', async () => {
    await writeFile(join(dir, 'empty.csv'), '');
    await rejectsWith(
      inferCsvColumns({ fs: localFs, location: fileLocation(join(dir, 'empty.csv')) }),
      'HIVE_BAD_DATA',
      'empty.csv',
    );
  });
});
