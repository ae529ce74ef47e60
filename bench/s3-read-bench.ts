/**
 * The S3 file system beside the local disk: a DuckDB-written TPC-H lineitem Parquet file (the
 * lake-scan benchmark's) read whole for four numeric columns, and for one column of a quarter of
 * its row groups (a pruned read), from local disk and from an S3-compatible server (s3rver, on
 * loopback, behind the tests' recording proxy). Reports time, requests and bytes. Loopback s3rver
 * serves objects from files through Koa, so the S3 figures are an upper bound of the client's
 * own cost, not a forecast for AWS. `npm run bench -- s3-read [--sf 1] [--runs 3]`.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FileSystem } from '../src/connectors/lake/fs/file-system.js';
import { LocalFileSystem } from '../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../src/connectors/lake/fs/location.js';
import { S3FileSystem } from '../src/connectors/lake/fs/s3-file-system.js';
import { readParquetFooter } from '../src/connectors/lake/parquet/parquet-footer.js';
import { type ParquetColumn, ParquetReader } from '../src/connectors/lake/parquet/parquet-reader.js';
import { inferParquetColumns } from '../src/connectors/lake/parquet/parquet-schema.js';
import { startS3TestEnvironment, testS3Config } from '../test/connectors/lake/fs/s3-test-server.js';
import { numberOption as option } from './bench-options.js';
import { prepareFiles } from './lake-scan-bench.js';

async function scan(
  fs: FileSystem,
  location: string,
  names: readonly string[],
  rowGroups?: number[],
): Promise<{ millis: number; rows: number; bytes: number }> {
  const started = performance.now();
  const footer = await readParquetFooter(fs, location);
  const types = new Map(inferParquetColumns(footer.metadata).map((c) => [c.name, c.type]));
  const columns: ParquetColumn[] = names.map((name) => {
    const type = types.get(name);
    if (type === undefined) throw new Error(`no column ${name}`);
    return { name, type };
  });
  const reader = new ParquetReader({ fs, footer, columns, rowGroups });
  let rows = 0;
  for await (const page of reader.pages()) rows += page.positionCount;
  return { millis: performance.now() - started, rows, bytes: reader.statistics.bytesRead };
}

export async function run(args: readonly string[]): Promise<void> {
  const sf = option(args, '--sf', 1);
  const runs = option(args, '--runs', 3);
  const { file } = await prepareFiles(resolve('.cache/lake-scan'), sf);
  const scratch = await mkdtemp(join(tmpdir(), 'vivace-s3-bench-'));
  const env = await startS3TestEnvironment(scratch, ['bench']);
  const s3 = new S3FileSystem(testS3Config(env.proxy.endpoint, { partSize: 16 * 1024 * 1024, maxErrorRetries: 3 }));
  try {
    const location = 's3://bench/lineitem.parquet';
    const upload = performance.now();
    const output = await s3.newOutputFile(location);
    const bytes = readFileSync(file);
    for (let offset = 0; offset < bytes.length; offset += 8 << 20) {
      await output.write(bytes.subarray(offset, Math.min(bytes.length, offset + (8 << 20))));
    }
    await output.commit();
    const sizeMb = statSync(file).size / 1e6;
    console.log(
      `lineitem sf${sf}: ${sizeMb.toFixed(0)} MB uploaded in ${((performance.now() - upload) / 1000).toFixed(1)} s ` +
        `(${s3.stats.putRequests} PUTs: multipart parts of 16 MB)\n`,
    );
    const local = new LocalFileSystem();
    const groups = (await readParquetFooter(local, fileLocation(file))).metadata.row_groups.length;
    const quarter = Array.from({ length: Math.ceil(groups / 4) }, (_, i) => i * 4).filter((g) => g < groups);
    const cases = [
      {
        label: '4 numeric columns, all row groups',
        names: ['l_quantity', 'l_extendedprice', 'l_discount', 'l_shipdate'],
      },
      {
        label: `l_extendedprice, ${quarter.length} of ${groups} row groups`,
        names: ['l_extendedprice'],
        rowGroups: quarter,
      },
    ];
    for (const c of cases) {
      console.log(c.label);
      for (const [name, fs, where] of [
        ['local disk', local, fileLocation(file)],
        ['s3 (s3rver)', s3, location],
      ] as const) {
        let best = Number.POSITIVE_INFINITY;
        let rows = 0;
        let read = 0;
        const before = env.proxy.requests.length;
        for (let r = 0; r < runs; r++) {
          const result = await scan(fs, where, c.names, c.rowGroups);
          best = Math.min(best, result.millis);
          rows = result.rows;
          read = result.bytes;
        }
        const requests = fs === s3 ? `${(env.proxy.requests.length - before) / runs} GETs/scan` : '';
        console.log(
          `  ${name.padEnd(12)} best of ${runs}: ${best.toFixed(0).padStart(6)} ms, ${rows.toLocaleString('en')} rows, ` +
            `${(read / 1e6).toFixed(1)} MB read ${requests}`,
        );
      }
    }
  } finally {
    await s3.close();
    await env.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
