/**
 * Lake connector format benchmark, the writing and text side of `lake-scan`: TPC-H lineitem rows
 * from Vivace's generator (held in memory as pages first, so generation is not timed) written as
 * Parquet by the lake writer (zstd, the CTAS default) beside DuckDB's COPY of the same rows; then
 * written and read back as CSV and as JSON lines by the lake text formats beside DuckDB's COPY,
 * read_csv and read_json on the same files (typed columns, every value read).
 * Run from the project root: `npm run bench -- lake-formats [--sf 0.2] [--runs 3]`.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { OutputFile } from '../src/connectors/lake/fs/file-system.js';
import { LocalFileSystem } from '../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../src/connectors/lake/fs/location.js';
import { ParquetFileWriter } from '../src/connectors/lake/parquet/parquet-writer.js';
import { readCsv } from '../src/connectors/lake/text/csv-reader.js';
import { CsvFileWriter } from '../src/connectors/lake/text/csv-writer.js';
import { JsonLinesFileWriter, readJsonLines } from '../src/connectors/lake/text/json-lines.js';
import {
  generateTpchColumns,
  prepareTpchTextPool,
  TPCH_TABLES,
  tpchUnitCount,
} from '../src/connectors/tpch/generator/index.js';
import { generatedColumnBlock } from '../src/connectors/tpch/tpch-page-source.js';
import { createPage, type Page } from '../src/data/page.js';
import { formatType } from '../src/types/format-type.js';
import type { Type } from '../src/types/type.js';
import { parseType } from '../src/types/type-signature.js';
import { numberOption as option } from './bench-options.js';

interface Column {
  readonly name: string;
  readonly type: Type;
}

function lineitemPages(sf: number): { columns: Column[]; pages: Page[]; rows: number } {
  prepareTpchTextPool();
  const definitions = TPCH_TABLES.lineitem;
  const columns = definitions.map((c) => ({ name: `l_${c.name}`, type: parseType(c.type) }));
  const names = definitions.map((c) => c.name);
  const orders = tpchUnitCount('lineitem', sf);
  const pages: Page[] = [];
  let rows = 0;
  // About 8192 rows a page, as the engine hands pages to a writer (4 lines an order on average).
  for (let start = 0; start < orders; start += 2048) {
    const batch = generateTpchColumns('lineitem', sf, start, Math.min(2048, orders - start), names);
    pages.push(createPage(batch.columns.map(generatedColumnBlock), batch.rowCount));
    rows += batch.rowCount;
  }
  return { columns, pages, rows };
}

async function best(runs: number, fn: () => Promise<void>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    await fn();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

interface Writer {
  write(page: Page): Promise<void>;
  finish(): Promise<number>;
}

async function writeAll(output: OutputFile, make: (output: OutputFile) => Writer, pages: readonly Page[]) {
  const writer = make(output);
  for (const page of pages) await writer.write(page);
  await writer.finish();
}

function duckType(type: Type): string {
  const text = formatType(type);
  return text === 'varchar' ? 'VARCHAR' : text.toUpperCase();
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = option(args, '--sf', 0.2);
  const runs = option(args, '--runs', 3);
  const directory = resolve('.cache/lake-formats');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const fs = new LocalFileSystem();
  const { columns, pages, rows } = lineitemPages(sf);
  const line = (label: string, millis: number, extra = '') =>
    console.log(
      `${label.padEnd(46)} ${millis.toFixed(0).padStart(7)} ms ${(((rows / millis) * 1000) / 1e6).toFixed(2).padStart(6)} M rows/s ${extra}`,
    );
  console.log(
    `lineitem sf${sf}: ${rows.toLocaleString('en')} rows in ${pages.length} pages (generated before timing)\n`,
  );
  const duck1 = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
  const duck2 = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();

  // Parquet writing.
  const parquet = join(directory, 'lineitem.parquet');
  const parquetMillis = await best(runs, async () => {
    await writeAll(
      await fs.newOutputFile(fileLocation(parquet)),
      (output) => ParquetFileWriter.create(output, { columns }),
      pages,
    );
  });
  const parquetMb = statSync(parquet).size / 1e6;
  for (const duck of [duck1, duck2])
    await duck.run(`CREATE TABLE lineitem AS SELECT * FROM read_parquet('${parquet}')`);
  const duckParquet = async (duck: typeof duck1, target: string) =>
    best(runs, async () => {
      await duck.run(`COPY lineitem TO '${target}' (FORMAT PARQUET, COMPRESSION zstd)`);
    });
  console.log('Parquet write (zstd):');
  line('  vivace lake writer', parquetMillis, `${parquetMb.toFixed(1)} MB`);
  line('  duckdb COPY, 1 thread', await duckParquet(duck1, join(directory, 'duck1.parquet')));
  line(
    '  duckdb COPY, 2 threads',
    await duckParquet(duck2, join(directory, 'duck2.parquet')),
    `${(statSync(join(directory, 'duck2.parquet')).size / 1e6).toFixed(1)} MB`,
  );

  // CSV and JSON lines, written and read with typed columns.
  const columnSpec = `{${columns.map((c) => `'${c.name}': '${duckType(c.type)}'`).join(', ')}}`;
  const sums = columns
    .map((c) =>
      c.type.kind === 'varchar'
        ? `sum(length(${c.name}))`
        : c.type.kind === 'date'
          ? `sum(${c.name} - DATE '1970-01-01')`
          : `sum(${c.name})`,
    )
    .join(', ');
  for (const format of ['csv', 'json'] as const) {
    const file = join(directory, `lineitem.${format}`);
    const make = (output: OutputFile): Writer =>
      format === 'csv' ? new CsvFileWriter(output, { columns }) : new JsonLinesFileWriter(output, { columns });
    const writeMillis = await best(runs, async () => writeAll(await fs.newOutputFile(fileLocation(file)), make, pages));
    const readMillis = await best(runs, async () => {
      const options = { fs, location: fileLocation(file), columns };
      let count = 0;
      for await (const page of format === 'csv' ? readCsv(options) : readJsonLines(options))
        count += page.positionCount;
      if (count !== rows) throw new Error(`read ${count} rows of ${rows}`);
    });
    const reader =
      format === 'csv'
        ? `read_csv('${file}', header = false, columns = ${columnSpec})`
        : `read_json('${file}', format = 'newline_delimited', columns = ${columnSpec})`;
    const duckRead = (duck: typeof duck1) =>
      best(runs, async () => void (await duck.runAndReadAll(`SELECT ${sums} FROM ${reader}`)));
    const duckWrite = await best(runs, async () => {
      await duck2.run(
        `COPY lineitem TO '${join(directory, `duck.${format}`)}' (FORMAT ${format === 'csv' ? 'CSV, HEADER false' : 'JSON'})`,
      );
    });
    console.log(`\n${format === 'csv' ? 'CSV' : 'JSON lines'} (${(statSync(file).size / 1e6).toFixed(0)} MB):`);
    line('  vivace write', writeMillis);
    line('  duckdb COPY, 2 threads', duckWrite);
    line('  vivace read (typed columns)', readMillis);
    line(`  duckdb read_${format}, 1 thread`, await duckRead(duck1));
    line(`  duckdb read_${format}, 2 threads`, await duckRead(duck2));
  }
  duck1.closeSync();
  duck2.closeSync();
}
