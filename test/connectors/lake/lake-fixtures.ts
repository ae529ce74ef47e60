/**
 * Fixtures of the lake connector's tests, written in the test set-up (no committed binaries): a
 * directory of data files per case, by DuckDB (Parquet, partitioned Parquet, CSV) and by hand (a
 * CSV with quotes, embedded line breaks and nulls; JSON lines; a corrupt and a truncated Parquet
 * file). `lakeRunner` makes an in-process engine whose default `lake` catalog lives in a fresh
 * data directory.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import type { FileSystem } from '../../../src/connectors/lake/fs/file-system.js';
import { LocalFileSystem } from '../../../src/connectors/lake/fs/local-file-system.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import type { QuerySession } from '../../../src/server/protocol/query-state.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import { duckdb } from './parquet/parquet-fixtures.js';

export interface LakeFixtures {
  /** The temporary directory holding `fixtures/` and `data/`. */
  readonly root: string;
  readonly fixtures: string;
  readonly data: string;
}

export async function writeLakeFixtures(): Promise<LakeFixtures> {
  const root = mkdtempSync(join(tmpdir(), 'vivace-lake-'));
  const fixtures = join(root, 'fixtures');
  const dir = (name: string) => {
    const path = join(fixtures, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const orders = dir('orders');
  await duckdb(
    `COPY (SELECT i AS id, 'c' || (i % 7) AS customer, CAST(i * 1.25 AS DECIMAL(12,2)) AS amount, DATE '2024-01-01' + CAST(i % 30 AS INTEGER) AS day FROM range(0, 600) t(i)) TO '${orders}/part-0.parquet' (FORMAT PARQUET, ROW_GROUP_SIZE 200)`,
  );
  await duckdb(
    `COPY (SELECT i AS id, 'c' || (i % 7) AS customer, CAST(i * 1.25 AS DECIMAL(12,2)) AS amount, DATE '2024-02-01' + CAST(i % 28 AS INTEGER) AS day FROM range(600, 1000) t(i)) TO '${orders}/part-1.parquet' (FORMAT PARQUET)`,
  );
  const groups = dir('groups');
  await duckdb(
    `COPY (SELECT i AS id FROM range(0, 10240) t(i)) TO '${groups}/data.parquet' (FORMAT PARQUET, ROW_GROUP_SIZE 2048)`,
  );
  const events = dir('events');
  await duckdb(
    `COPY (SELECT i AS id, CASE WHEN i % 3 = 0 THEN 'click' WHEN i % 3 = 1 THEN 'view' ELSE NULL END AS kind, region, ds FROM range(0, 90) t(i), (VALUES ('eu'), ('us')) r(region), (VALUES (DATE '2024-03-01'), (DATE '2024-03-02')) d(ds)) TO '${events}' (FORMAT PARQUET, PARTITION_BY (ds, region))`,
  );
  // Hive-bucketed files (bucketed_by id, 4 buckets, version 1: a small bigint's bucket is id % 4),
  // named as Hive names them; the same rows in 4 files whose names carry no bucket (by name order);
  // and 3 such files for a 4-bucket table (corrupt).
  const bucketed = dir('bucketed');
  const unnamed = dir('bucketed-unnamed');
  const badBuckets = dir('bucketed-corrupt');
  for (let bucket = 0; bucket < 4; bucket++) {
    const rows = `SELECT i AS id, 'n' || i AS name FROM range(0, 100) t(i) WHERE i % 4 = ${bucket}`;
    await duckdb(`COPY (${rows}) TO '${bucketed}/00000${bucket}_0' (FORMAT PARQUET)`);
    await duckdb(`COPY (${rows}) TO '${unnamed}/part-${'abcd'[bucket]}.parquet' (FORMAT PARQUET)`);
    if (bucket < 3) await duckdb(`COPY (${rows}) TO '${badBuckets}/part-${bucket}.parquet' (FORMAT PARQUET)`);
  }
  const people = dir('people');
  writeFileSync(
    join(people, 'people.csv'),
    'id,name,note,score\n' +
      '1,Ann,plain,1.5\n' +
      '2,"Smith, Bob","said ""hi""",2.25\n' +
      '3,Cy,"two\nlines",\n' +
      '4,,"",4\n',
  );
  const logs = dir('logs');
  writeFileSync(
    join(logs, 'a.json'),
    '{"ts": "2024-01-01 10:00:00", "level": "info", "n": 1}\n{"ts": "2024-01-01 10:00:01", "level": "warn", "n": 2}\n',
  );
  writeFileSync(join(logs, 'b.jsonl'), '{"ts": "2024-01-02 00:00:00", "level": "info", "n": 3, "extra": true}\n');
  const corrupt = dir('corrupt');
  await duckdb(`COPY (SELECT i AS id FROM range(0, 100) t(i)) TO '${corrupt}/good.parquet' (FORMAT PARQUET)`);
  const bytes = readFileSync(join(corrupt, 'good.parquet'));
  writeFileSync(join(corrupt, 'good.parquet'), bytes);
  const garbage = Buffer.from(bytes);
  garbage.fill(0x41, 4, garbage.length - 8); // magic and footer length kept, everything else noise
  const broken = dir('broken');
  writeFileSync(join(broken, 'noise.parquet'), garbage);
  const truncated = dir('truncated');
  writeFileSync(join(truncated, 'cut.parquet'), bytes.subarray(0, Math.floor(bytes.length / 2)));
  // A good file beside a broken one: `$path` and `$file_size` constraints steer around the broken one.
  const mixed = dir('mixed');
  writeFileSync(join(mixed, 'good.parquet'), bytes);
  writeFileSync(join(mixed, 'cut.parquet'), bytes.subarray(0, Math.floor(bytes.length / 2)));
  return { root, fixtures, data: join(root, 'data') };
}

/** The local file system, recording the files whose tails (footers) are read. */
export function countingFs(tails: string[]): FileSystem {
  const local = new LocalFileSystem();
  return new Proxy(local, {
    get(target, property, receiver) {
      if (property === 'readTail') {
        return (location: string, length: number) => {
          tails.push(location);
          return target.readTail(location, length);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** An in-process engine with a `lake` catalog over `data` (writes to external tables allowed). */
export function lakeRunner(data: string): QueryManager {
  return lakeEngine(data).runner;
}

/** The engine of `lakeRunner` with its metadata manager (tests reach the connector through it). */
export function lakeEngine(data: string): { runner: QueryManager; metadata: MetadataManager } {
  const metadata = new MetadataManager(createCatalogManager({ nodeId: 'lake-test', dataDirectory: data }));
  return { runner: new QueryManager({ metadata }), metadata };
}

/** The lake's `default` schema as the session of an in-process statement. */
export const LAKE_SESSION = { user: 'test', catalog: 'lake', schema: 'default', timeZone: 'UTC', properties: {} };

/** Runs `sql` in process and returns its rows as JSON values (the query's error thrown). */
export async function lakeRows(
  runner: QueryManager,
  sql: string,
  session: QuerySession = LAKE_SESSION,
): Promise<unknown[][]> {
  const query = await runner.execute(sql, session);
  if (query.error) throw query.error;
  const types = (query.columns ?? []).map((c) => c.type);
  const out: unknown[][] = [];
  for (let page = query.results.poll(); page; page = query.results.poll()) out.push(...pageToJsonRows(page, types));
  return out;
}
