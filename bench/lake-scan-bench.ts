/**
 * Lake connector scan benchmark: TPC-H lineitem as Parquet, written by DuckDB (snappy, money
 * columns as DECIMAL(15,2)) from the rows of Vivace's tpch generator, read by the lake Parquet
 * reader (hyparquet footer + parquet-wasm column chunks + Arrow C data interface → blocks), side by
 * side in the same run with DuckDB reading the same file (1 and 2 threads) and with hyparquet alone
 * (the pure JavaScript alternative). Also: a string scan, row-group pruning on a copy sorted by
 * l_shipdate (`shipdate >= DATE '1998-06-01'`: share of column bytes read), and peak RSS.
 * The files are built once into .cache/lake-scan/ (ignored by git).
 * Run from the project root: `npm run bench -- lake-scan [--sf 1] [--runs 3]`.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { LocalFileSystem } from '../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../src/connectors/lake/fs/location.js';
import { type ParquetFooter, readParquetFooter } from '../src/connectors/lake/parquet/parquet-footer.js';
import { type ParquetColumn, ParquetReader } from '../src/connectors/lake/parquet/parquet-reader.js';
import { inferParquetColumns } from '../src/connectors/lake/parquet/parquet-schema.js';
import { selectRowGroups } from '../src/connectors/lake/parquet/parquet-statistics.js';
import { ParquetFileWriter } from '../src/connectors/lake/parquet/parquet-writer.js';
import {
  generateTpchColumns,
  prepareTpchTextPool,
  TPCH_TABLES,
  tpchUnitCount,
} from '../src/connectors/tpch/generator/index.js';
import { generatedColumnBlock } from '../src/connectors/tpch/tpch-page-source.js';
import { createPage } from '../src/data/page.js';
import { parseType } from '../src/types/type-signature.js';
import { numberOption as option } from './bench-options.js';

/** lineitem of the generator, written by Vivace's writer (the input DuckDB rewrites). */
async function writeGenerated(path: string, sf: number): Promise<void> {
  prepareTpchTextPool();
  const definitions = TPCH_TABLES.lineitem;
  const columns = definitions.map((c) => ({ name: `l_${c.name}`, type: parseType(c.type) }));
  const fs = new LocalFileSystem();
  const writer = ParquetFileWriter.create(await fs.newOutputFile(fileLocation(path)), {
    columns,
    compression: 'SNAPPY',
  });
  const orders = tpchUnitCount('lineitem', sf);
  const names = definitions.map((c) => c.name);
  for (let start = 0; start < orders; start += 20000) {
    const batch = generateTpchColumns('lineitem', sf, start, Math.min(20000, orders - start), names);
    await writer.write(createPage(batch.columns.map(generatedColumnBlock), batch.rowCount));
  }
  await writer.finish();
}

const MONEY = ['l_quantity', 'l_extendedprice', 'l_discount', 'l_tax'];

export async function prepareFiles(directory: string, sf: number): Promise<{ file: string; sorted: string }> {
  mkdirSync(directory, { recursive: true });
  const generated = join(directory, `lineitem-sf${sf}-vivace.parquet`);
  const file = join(directory, `lineitem-sf${sf}.parquet`);
  const sorted = join(directory, `lineitem-sf${sf}-by-shipdate.parquet`);
  if (existsSync(file) && existsSync(sorted)) return { file, sorted };
  const started = performance.now();
  if (!existsSync(generated)) await writeGenerated(generated, sf);
  const duck = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  const select = `SELECT * REPLACE (${MONEY.map((c) => `CAST(${c} AS DECIMAL(15,2)) AS ${c}`).join(', ')}) FROM read_parquet('${generated}')`;
  for (const [target, order] of [
    [file, ''],
    [sorted, ' ORDER BY l_shipdate'],
  ] as const) {
    await duck.run(`COPY (${select}${order}) TO '${target}.tmp' (FORMAT PARQUET, COMPRESSION snappy)`);
    renameSync(`${target}.tmp`, target);
  }
  duck.closeSync();
  rmSync(generated, { force: true });
  console.log(`files built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { file, sorted };
}

interface ScanResult {
  readonly millis: number;
  readonly rows: number;
  readonly bytesRead: number;
  readonly peakRss: number;
}

async function vivaceScan(
  footer: ParquetFooter,
  columns: readonly ParquetColumn[],
  rowGroups?: number[],
): Promise<ScanResult> {
  const fs = new LocalFileSystem();
  let peakRss = process.memoryUsage.rss();
  const started = performance.now();
  const reader = new ParquetReader({ fs, footer, columns, rowGroups });
  let rows = 0;
  let pages = 0;
  for await (const page of reader.pages()) {
    rows += page.positionCount;
    if (++pages % 16 === 0) peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  const millis = performance.now() - started;
  return {
    millis,
    rows,
    bytesRead: reader.statistics.bytesRead,
    peakRss: Math.max(peakRss, process.memoryUsage.rss()),
  };
}

async function hyparquetScan(file: string, columns: readonly string[]): Promise<number> {
  const { parquetRead, parquetMetadataAsync } = await import('hyparquet');
  const { open } = await import('node:fs/promises');
  const handle = await open(file);
  const size = (await handle.stat()).size;
  const asyncBuffer = {
    byteLength: size,
    async slice(start: number, end?: number) {
      const length = (end ?? size) - start;
      const bytes = new Uint8Array(length);
      await handle.read(bytes, 0, length, start);
      return bytes.buffer;
    },
  };
  const started = performance.now();
  const metadata = await parquetMetadataAsync(asyncBuffer);
  await parquetRead({ file: asyncBuffer, metadata, columns: [...columns], onChunk: () => {} });
  const millis = performance.now() - started;
  await handle.close();
  return millis;
}

/** DuckDB reading every value of the columns (aggregates its statistics cannot answer). */
class DuckScanner {
  private constructor(
    private readonly file: string,
    private readonly duck: Awaited<ReturnType<Awaited<ReturnType<typeof DuckDBInstance.create>>['connect']>>,
  ) {}

  static async open(file: string, threads: string): Promise<DuckScanner> {
    return new DuckScanner(file, await (await DuckDBInstance.create(':memory:', { threads })).connect());
  }

  /** One scan's milliseconds. */
  async scan(columns: readonly string[]): Promise<number> {
    const expression = (c: string) =>
      c === 'l_shipdate'
        ? `sum(${c} - DATE '1970-01-01')`
        : c === 'l_returnflag' || c === 'l_comment'
          ? `sum(length(${c}))`
          : `sum(${c})`;
    const sql = `SELECT ${columns.map(expression).join(', ')} FROM read_parquet('${this.file}')`;
    const started = performance.now();
    await this.duck.runAndReadAll(sql);
    return performance.now() - started;
  }

  close(): void {
    this.duck.closeSync();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = option(args, '--sf', 1);
  const runs = option(args, '--runs', 3);
  const { file, sorted } = await prepareFiles(resolve('.cache/lake-scan'), sf);
  const fs = new LocalFileSystem();
  const footer = await readParquetFooter(fs, fileLocation(file));
  const types = new Map(inferParquetColumns(footer.metadata).map((c) => [c.name, c.type]));
  const pick = (names: readonly string[]) => names.map((name) => ({ name, type: types.get(name)! }));
  const numeric = ['l_quantity', 'l_extendedprice', 'l_discount', 'l_shipdate'];
  const strings = ['l_returnflag', 'l_comment'];
  const fileMb = statSync(file).size / 1e6;
  console.log(
    `lineitem sf${sf}: ${Number(footer.metadata.num_rows).toLocaleString('en')} rows, ${footer.metadata.row_groups.length} row groups, ${fileMb.toFixed(0)} MB (snappy, written by DuckDB)\n`,
  );

  // The first scan also compiles the WebAssembly decoder: reported apart.
  const first = await vivaceScan(footer, pick(numeric));
  // Vivace's and DuckDB's runs alternate, so that both see the same load of the shared machine.
  const duckOne = await DuckScanner.open(file, '1');
  const duckTwo = await DuckScanner.open(file, '2');
  const numericRuns: ScanResult[] = [];
  const stringRuns: ScanResult[] = [];
  let duck1 = Number.POSITIVE_INFINITY;
  let duck2 = Number.POSITIVE_INFINITY;
  let duckStrings = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runs; r++) {
    numericRuns.push(await vivaceScan(footer, pick(numeric)));
    duck1 = Math.min(duck1, await duckOne.scan(numeric));
    duck2 = Math.min(duck2, await duckTwo.scan(numeric));
  }
  for (let r = 0; r < runs; r++) {
    stringRuns.push(await vivaceScan(footer, pick(strings)));
    duckStrings = Math.min(duckStrings, await duckTwo.scan(strings));
  }
  duckOne.close();
  duckTwo.close();
  const hyparquet = await hyparquetScan(file, numeric);

  const rows = Number(footer.metadata.num_rows);
  const best = Math.min(...numericRuns.map((r) => r.millis));
  const line = (label: string, millis: number, extra = '') =>
    console.log(
      `${label.padEnd(52)} ${millis.toFixed(0).padStart(7)} ms ${(((rows / millis) * 1000) / 1e6).toFixed(1).padStart(6)} M rows/s ${extra}`,
    );
  console.log(`4 numeric columns (${numeric.join(', ')}):`);
  line('  vivace lake reader, first scan (wasm compile)', first.millis);
  line(
    `  vivace lake reader, best of ${runs}`,
    best,
    `median ${median(numericRuns.map((r) => r.millis)).toFixed(0)} ms`,
  );
  line('  hyparquet alone (pure JS, 1 run)', hyparquet);
  line(`  duckdb 1 thread, best of ${runs}`, duck1);
  line(`  duckdb 2 threads, best of ${runs}`, duck2);
  console.log(
    `  vivace / duckdb(2 threads): ${(best / duck2).toFixed(2)}x; / duckdb(1 thread): ${(best / duck1).toFixed(2)}x`,
  );
  console.log(`  bytes read: ${(numericRuns[0]!.bytesRead / 1e6).toFixed(1)} MB of ${fileMb.toFixed(0)} MB`);
  console.log(`\n2 string columns (${strings.join(', ')}):`);
  line(`  vivace lake reader, best of ${runs}`, Math.min(...stringRuns.map((r) => r.millis)));
  line(`  duckdb 2 threads, best of ${runs}`, duckStrings);

  const peak = Math.max(first.peakRss, ...numericRuns.map((r) => r.peakRss), ...stringRuns.map((r) => r.peakRss));
  console.log(
    `\npeak RSS: ${(first.peakRss / 1e6).toFixed(0)} MB during the first scan (before DuckDB opens), ` +
      `${(peak / 1e6).toFixed(0)} MB during all scans with two DuckDB instances open (file ${fileMb.toFixed(0)} MB)`,
  );

  // Pruning on the copy sorted by l_shipdate.
  const sortedFooter = await readParquetFooter(fs, fileLocation(sorted));
  const shipdate = { name: 'l_shipdate', type: types.get('l_shipdate')! };
  const from = Date.UTC(1998, 5, 1) / 86_400_000;
  const selected = selectRowGroups(sortedFooter, [shipdate], {
    columns: { l_shipdate: { nullAllowed: false, ranges: [{ low: { value: from, inclusive: true } }] } },
  });
  const all = await vivaceScan(sortedFooter, pick(numeric));
  const pruned = await vivaceScan(sortedFooter, pick(numeric), selected);
  console.log(
    `\npruning (sorted by l_shipdate, l_shipdate >= 1998-06-01): ${selected.length} of ${sortedFooter.metadata.row_groups.length} row groups, ` +
      `${((pruned.bytesRead / all.bytesRead) * 100).toFixed(1)} % of the column bytes (${(pruned.bytesRead / 1e6).toFixed(1)} of ${(all.bytesRead / 1e6).toFixed(1)} MB), ` +
      `${pruned.millis.toFixed(0)} ms vs ${all.millis.toFixed(0)} ms`,
  );
}
