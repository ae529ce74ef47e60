/**
 * The lake connector on S3 from SQL, in one process, against the S3 test server (s3rver behind a
 * recording proxy): CREATE CATALOG over a bucket (checked at once: a dead endpoint or a wrong key
 * fails the statement and leaves no catalog; the secret key is masked), schemas and managed tables
 * in the bucket, a pruned query counted request by request, and the server killed in the middle of
 * a read and of a write.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MemoryCatalogStore } from '../../../src/connectors/catalog/catalog-store.js';
import { LakeConnector } from '../../../src/connectors/lake/connector/lake-connector.js';
import { SchemeDispatchingFileSystem } from '../../../src/connectors/lake/fs/file-system-registry.js';
import type { S3FileSystem } from '../../../src/connectors/lake/fs/s3-file-system.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { redactSensitiveStatement } from '../../../src/server/metadata/catalog-statements.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import { type S3TestEnvironment, startS3TestEnvironment, TEST_SECRET_KEY } from './fs/s3-test-server.js';
import { writeWithDuckDb } from './parquet/parquet-fixtures.js';

const SESSION = { user: 'test', catalog: 'tpch', schema: 'tiny', timeZone: 'UTC', properties: {} };

interface Outcome {
  readonly rows: unknown[][];
  readonly error?: { readonly errorName: string; readonly message: string };
}

async function run(runner: QueryManager, sql: string): Promise<Outcome> {
  const query = await runner.execute(sql, SESSION);
  await query.executionFinished; // the results here are a few rows: nothing waits for a reader
  if (query.error) return { rows: [], error: { errorName: query.error.errorName, message: query.error.message } };
  const types = (query.columns ?? []).map((c) => c.type);
  const rows: unknown[][] = [];
  for (let page = query.results.poll(); page; page = query.results.poll()) rows.push(...pageToJsonRows(page, types));
  return { rows };
}

async function ok(runner: QueryManager, sql: string): Promise<unknown[][]> {
  const outcome = await run(runner, sql);
  if (outcome.error) throw new Error(`${sql}: ${outcome.error.errorName}: ${outcome.error.message}`);
  return outcome.rows;
}

function createS3Catalog(name: string, endpoint: string, extra: Record<string, string> = {}): string {
  const properties: Record<string, string> = {
    'hive.metastore.catalog.dir': `s3://lake/${name}`,
    'fs.native-s3.enabled': 'true',
    's3.endpoint': endpoint,
    's3.region': 'us-east-1',
    's3.path-style-access': 'true',
    's3.aws-access-key': 'S3RVER',
    's3.aws-secret-key': TEST_SECRET_KEY,
    's3.max-error-retries': '1',
    ...extra,
  };
  const list = Object.entries(properties)
    .map(([key, value]) => `"${key}" = '${value}'`)
    .join(', ');
  return `CREATE CATALOG ${name} USING hive WITH (${list})`;
}

let scratch: string;
let env: S3TestEnvironment;
let runner: QueryManager;
let metadata: MetadataManager;

function s3Of(catalog: string): S3FileSystem {
  const connector = metadata.catalogs.connectorOf(catalog);
  assert.ok(connector instanceof LakeConnector);
  assert.ok(connector.fs instanceof SchemeDispatchingFileSystem);
  const s3 = connector.fs.s3;
  assert.ok(s3 !== undefined);
  return s3;
}

/** Kills the S3 server (SIGKILL) and resolves once it is gone. */
function killServer(): Promise<void> {
  return new Promise((resolve) => {
    env.server.child.once('exit', () => resolve());
    env.server.child.kill('SIGKILL');
  });
}

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vivace-lake-s3-sql-'));
  env = await startS3TestEnvironment(scratch, ['lake']);
  metadata = new MetadataManager(createCatalogManager({ nodeId: 'lake-s3-sql' }));
  runner = new QueryManager({ metadata, catalogStore: new MemoryCatalogStore() });
});
after(async () => {
  runner?.close();
  for (const catalog of metadata?.catalogs.listCatalogs() ?? []) catalog.connector.close?.();
  await env?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('lake catalogs on S3 from SQL', () => {
  it('fails CREATE CATALOG with a dead endpoint or a wrong key, naming the location, and leaves no catalog', async () => {
    const dead = await run(runner, createS3Catalog('dead', 'http://127.0.0.1:9'));
    assert.equal(dead.error?.errorName, 'HIVE_FILESYSTEM_ERROR', dead.error?.message);
    assert.match(dead.error?.message ?? '', /s3:\/\/lake\/dead/);
    const wrongKey = await run(
      runner,
      createS3Catalog('wrongkey', env.proxy.endpoint, {
        // s3rver checks the access key id, not SigV4 signatures
        's3.aws-access-key': 'NOBODY',
      }),
    );
    assert.equal(wrongKey.error?.errorName, 'HIVE_FILESYSTEM_ERROR', wrongKey.error?.message);
    assert.match(wrongKey.error?.message ?? '', /s3:\/\/lake\/wrongkey/);
    const typo = await run(runner, createS3Catalog('typo', env.proxy.endpoint, { 's3.endpiont': 'x' }));
    assert.equal(typo.error?.errorName, 'INVALID_ARGUMENTS');
    assert.match(typo.error?.message ?? '', /s3\.endpiont/);
    const catalogs = (await ok(runner, 'SHOW CATALOGS')).flat();
    for (const name of ['dead', 'wrongkey', 'typo']) assert.equal(catalogs.includes(name), false, name);
  });

  it('creates a catalog over a bucket whose secret key is masked; schemas, CTAS, INSERT and reads go to S3; DROP closes it', async () => {
    const sql = createS3Catalog('s3lake', env.proxy.endpoint);
    await ok(runner, sql);
    const shown = redactSensitiveStatement(sql, metadata.catalogs);
    assert.match(shown, /"s3\.aws-secret-key" = '\*\*\*'/);
    assert.match(shown, /"s3\.aws-access-key" = 'S3RVER'/, "the access key is not a secret (Trino's choice)");

    await ok(runner, 'CREATE SCHEMA s3lake.sales');
    await ok(runner, 'CREATE TABLE s3lake.sales.nation AS SELECT * FROM tpch.tiny.nation');
    await ok(runner, 'INSERT INTO s3lake.sales.nation SELECT * FROM tpch.tiny.nation WHERE regionkey = 1');
    assert.deepEqual(await ok(runner, 'SELECT count(*), sum(nationkey) FROM s3lake.sales.nation'), [[30, 347]]);
    const s3 = s3Of('s3lake');
    const files = [];
    for await (const file of s3.list('s3://lake/s3lake/sales/nation')) files.push(file.location);
    assert.equal(files.filter((f) => f.endsWith('.parquet')).length, 2, files.join('\n'));
    assert.ok(
      files.some((f) => f === 's3://lake/s3lake/sales/nation/.trinoSchema'),
      'the metastore lives in the bucket',
    );
    assert.equal(env.proxy.count('PUT', '/lake/s3lake/sales/nation/.vivace') > 0, true, 'write markers on S3');

    await ok(runner, 'DROP CATALOG s3lake');
    assert.equal(s3.client.isClosed, true, 'the connection pool is released');
  });

  it('takes the credentials and region from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION when the catalog names none', async () => {
    const saved = {
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
      AWS_REGION: process.env.AWS_REGION,
    };
    const withoutKeys = (name: string) =>
      `CREATE CATALOG ${name} USING hive WITH ("hive.metastore.catalog.dir" = 's3://lake/${name}', "fs.native-s3.enabled" = 'true', "s3.endpoint" = '${env.proxy.endpoint}', "s3.path-style-access" = 'true', "s3.max-error-retries" = '0')`;
    try {
      Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'NOBODY', AWS_SECRET_ACCESS_KEY: 'x', AWS_REGION: 'us-east-1' });
      const refused = await run(runner, withoutKeys('envbad'));
      assert.equal(refused.error?.errorName, 'HIVE_FILESYSTEM_ERROR', 'the environment key was used, and refused');
      Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: TEST_SECRET_KEY });
      await ok(runner, withoutKeys('envlake'));
      await ok(runner, 'CREATE TABLE envlake.default.r AS SELECT * FROM tpch.tiny.region');
      assert.deepEqual(await ok(runner, 'SELECT count(*) FROM envlake.default.r'), [[5]]);
      assert.equal(s3Of('envlake').client.config.region, 'us-east-1');
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it('reads a pruned query with one footer GET and one ranged GET per selected row group (neighbouring column chunks coalesced)', async () => {
    await ok(runner, createS3Catalog('pruned', env.proxy.endpoint));
    const local = join(scratch, 'wide.parquet');
    await writeWithDuckDb(
      local,
      `SELECT i AS a, i * 2 AS b, 'text-' || i AS c, i % 7 AS d, i * 3 AS e FROM range(40000) t(i)`,
      'ROW_GROUP_SIZE 10000',
    );
    const s3 = s3Of('pruned');
    await s3.replace('s3://lake/files/wide/wide.parquet', await readFile(local));
    const object = '/lake/files/wide/wide.parquet';
    const before = env.proxy.requests.length;
    // the footer is read once, when CREATE TABLE infers the columns, and cached for the queries
    await ok(runner, `CREATE TABLE pruned.default.wide WITH (external_location = 's3://lake/files/wide')`);
    // a is sorted: the row-group statistics leave only the last group; a and b are neighbours
    assert.deepEqual(await ok(runner, 'SELECT count(*), sum(b) FROM pruned.default.wide WHERE a >= 35000'), [
      [5000, 374995000],
    ]);
    const gets = env.proxy.requests.slice(before).filter((r) => r.method === 'GET' && r.path === object);
    assert.deepEqual(
      gets.map((r) => (r.range?.startsWith('bytes=-') ? 'footer' : 'chunks')),
      ['footer', 'chunks'],
      gets.map((r) => r.range).join(', '),
    );
    // a second query: no footer read, one GET per selected row group
    const again = env.proxy.requests.length;
    await ok(runner, 'SELECT max(b) FROM pruned.default.wide WHERE a < 15000');
    const second = env.proxy.requests.slice(again).filter((r) => r.method === 'GET' && r.path === object);
    assert.equal(second.length, 2, second.map((r) => r.range).join(', '));
    assert.ok(second.every((r) => r.range !== undefined && !r.range.startsWith('bytes=-')));
  });

  it('fails a query whose S3 server dies mid-read with an error naming the object, and stays up', async () => {
    await ok(runner, createS3Catalog('killread', env.proxy.endpoint));
    await ok(runner, 'CREATE TABLE killread.default.items AS SELECT * FROM tpch.tiny.lineitem');
    let killed: Promise<void> | undefined;
    env.proxy.onResponseStarted = (r) => {
      if (r.method === 'GET' && r.path.startsWith('/lake/killread/default/items/') && r.path.endsWith('.parquet')) {
        env.proxy.onResponseStarted = undefined;
        killed = killServer();
      }
    };
    const failed = await run(runner, 'SELECT sum(quantity), max(comment) FROM killread.default.items');
    env.proxy.onResponseStarted = undefined;
    assert.ok(killed !== undefined, 'the server was killed during a data read');
    await killed;
    assert.equal(failed.error?.errorName, 'HIVE_FILESYSTEM_ERROR', failed.error?.message);
    assert.match(failed.error?.message ?? '', /s3:\/\/lake\/killread\/default\/items\/.*\.parquet/);
    assert.deepEqual(await ok(runner, 'SELECT count(*) FROM tpch.tiny.nation'), [[25]], 'the engine is up');
    await env.restart();
    assert.deepEqual(await ok(runner, 'SELECT count(*) FROM killread.default.items'), [[60175]]);
  });

  it('deletes the objects a failed INSERT had uploaded (the store refused a later file), and shows none of its rows', async () => {
    await ok(runner, createS3Catalog('failwrite', env.proxy.endpoint, { 'vivace.writer.max-rows-per-file': '500' }));
    await ok(runner, 'CREATE TABLE failwrite.default.t AS SELECT orderkey, comment FROM tpch.tiny.orders');
    const s3 = s3Of('failwrite');
    const objects = async () => {
      const found: string[] = [];
      for await (const file of s3.list('s3://lake/failwrite/default/t')) {
        if (file.location.endsWith('.parquet')) found.push(file.location);
      }
      return found.sort();
    };
    const before = await objects();
    const requests = env.proxy.requests.length;
    // one file goes up, then the store refuses the rest (403: no retry)
    let uploads = 0;
    env.proxy.interceptors.push((_req, res, r) => {
      const dataWrite = (r.method === 'PUT' || r.method === 'POST') && r.path.startsWith('/lake/failwrite/default/t/');
      if (!dataWrite || !r.path.endsWith('.parquet') || ++uploads <= 1) return false;
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return true;
    });
    const failed = await run(runner, 'INSERT INTO failwrite.default.t SELECT orderkey, comment FROM tpch.tiny.orders');
    env.proxy.interceptors.length = 0;
    assert.equal(failed.error?.errorName, 'HIVE_FILESYSTEM_ERROR', failed.error?.message);
    assert.match(failed.error?.message ?? '', /AccessDenied/);
    // the sinks' clean-up runs once the query has failed: wait for the file list to be the old one
    for (let i = 0; i < 100 && JSON.stringify(await objects()) !== JSON.stringify(before); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const made = env.proxy.requests.slice(requests);
    const uploaded = new Set(
      made.filter((r) => (r.method === 'PUT' || r.method === 'POST') && r.path.endsWith('.parquet')).map((r) => r.path),
    );
    assert.ok(uploaded.size >= 2, 'the failed write had uploaded a file (and tried another)');
    const deleted = new Set(
      made
        .filter((r) => (r.method === 'DELETE' && r.path.endsWith('.parquet')) || r.query.has('delete'))
        .map((r) => r.path),
    );
    assert.ok(deleted.size > 0, 'and deleted them');
    assert.deepEqual(await objects(), before, 'no object of the failed write is left');
    assert.deepEqual(await ok(runner, 'SELECT count(*) FROM failwrite.default.t'), [[15000]]);
  });

  it('leaves nothing half-written visible when the server dies during an INSERT; the next INSERT commits', async () => {
    await ok(runner, createS3Catalog('killwrite', env.proxy.endpoint));
    await ok(runner, 'CREATE TABLE killwrite.default.t AS SELECT orderkey, comment FROM tpch.tiny.orders');
    let killed: Promise<void> | undefined;
    env.proxy.interceptors.push((req, _res, r) => {
      const dataWrite =
        (r.method === 'PUT' || r.method === 'POST') &&
        r.path.startsWith('/lake/killwrite/default/t/') &&
        r.path.endsWith('.parquet');
      if (!dataWrite || killed !== undefined) return false;
      killed = killServer();
      req.socket.destroy();
      return true;
    });
    const failed = await run(runner, 'INSERT INTO killwrite.default.t SELECT orderkey, comment FROM tpch.tiny.orders');
    assert.ok(killed !== undefined, 'the server was killed during the write');
    await killed;
    env.proxy.interceptors.length = 0;
    assert.equal(failed.error?.errorName, 'HIVE_FILESYSTEM_ERROR', failed.error?.message);
    assert.match(failed.error?.message ?? '', /s3:\/\/lake\/killwrite\/default\/t\//);
    await env.restart();
    assert.deepEqual(await ok(runner, 'SELECT count(*) FROM killwrite.default.t'), [[15000]], 'nothing of it shows');
    await ok(
      runner,
      'INSERT INTO killwrite.default.t SELECT orderkey, comment FROM tpch.tiny.orders WHERE orderkey < 100',
    );
    assert.deepEqual(await ok(runner, 'SELECT count(*) FROM killwrite.default.t'), [[15027]], '27 orders below 100');
  });
});
