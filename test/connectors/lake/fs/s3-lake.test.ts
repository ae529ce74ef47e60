/**
 * The lake layers above the file system, on S3 behind a real S3-compatible server: the file
 * metastore living in a bucket, a pruned Parquet read counted request by request, and the server
 * killed in the middle of a read and of a multipart write.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { coalesceRanges } from '../../../../src/connectors/lake/fs/range-coalescing.js';
import { S3FileSystem } from '../../../../src/connectors/lake/fs/s3-file-system.js';
import { FileHiveMetastore } from '../../../../src/connectors/lake/metastore/file-metastore.js';
import { columnChunkRange, readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { ParquetReader } from '../../../../src/connectors/lake/parquet/parquet-reader.js';
import { BIGINT, DATE, VARCHAR } from '../../../../src/types/type.js';
import { collect, rejectsWith } from '../lake-test-helpers.js';
import { column, readRows, writeWithDuckDb } from '../parquet/parquet-fixtures.js';
import { type S3TestEnvironment, startS3TestEnvironment, testS3Config } from './s3-test-server.js';

let env: S3TestEnvironment;
let fs: S3FileSystem;
let scratch: string;

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vivace-s3-lake-'));
  env = await startS3TestEnvironment(scratch, ['warehouse']);
  fs = new S3FileSystem(testS3Config(env.proxy.endpoint, { maxErrorRetries: 2 }));
});
after(async () => {
  await fs?.close();
  await env?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('lake on S3', () => {
  it('keeps the file metastore in a bucket (hive.metastore.catalog.dir=s3://...): schemas, tables, partitions', async () => {
    const metastore = new FileHiveMetastore({ fs, catalogDirectory: 's3://warehouse/metastore' });
    await metastore.createDatabase({ name: 'sales', ownerName: 'alice', ownerType: 'USER', parameters: {} });
    const table = {
      schemaName: 'sales',
      tableName: 'orders',
      owner: 'alice',
      tableType: 'MANAGED_TABLE' as const,
      dataColumns: [
        { name: 'id', type: BIGINT },
        { name: 'note', type: VARCHAR },
      ],
      partitionColumns: [{ name: 'ds', type: DATE }],
      parameters: {},
      storageFormat: 'PARQUET',
      serdeParameters: {},
      columnStatistics: {},
    };
    await metastore.createTable(table);
    const stored = await metastore.getTable('sales', 'orders');
    assert.ok(stored !== undefined);
    await metastore.addPartitions(stored, [
      { values: ['2024-01-01'], columns: table.dataColumns, parameters: {}, serdeParameters: {}, columnStatistics: {} },
      { values: ['2024-01-02'], columns: table.dataColumns, parameters: {}, serdeParameters: {}, columnStatistics: {} },
    ]);
    await rejectsWith(metastore.createDatabase({ name: 'sales', parameters: {} }), 'SCHEMA_ALREADY_EXISTS', 'sales');

    // A second metastore (another process, say) reads it all back from the bucket.
    const reader = new FileHiveMetastore({ fs, catalogDirectory: 's3://warehouse/metastore' });
    assert.deepEqual(await reader.listDatabases(), ['sales']);
    assert.deepEqual(await reader.listTables('sales'), ['orders']);
    const orders = await reader.getTable('sales', 'orders');
    assert.deepEqual(
      orders?.dataColumns.map((c) => c.name),
      ['id', 'note'],
    );
    assert.ok(orders !== undefined);
    assert.deepEqual(await reader.listPartitionNames(orders), ['ds=2024-01-01', 'ds=2024-01-02']);
    assert.equal(reader.tableLocation(orders), 's3://warehouse/metastore/sales/orders');
    assert.deepEqual(
      (await collect(fs.list('s3://warehouse/metastore'))).map((f) => f.location),
      [
        's3://warehouse/metastore/.sales.trinoSchema',
        's3://warehouse/metastore/sales/orders/.trinoSchema',
        's3://warehouse/metastore/sales/orders/ds=2024-01-01/.trinoSchema',
        's3://warehouse/metastore/sales/orders/ds=2024-01-02/.trinoSchema',
      ],
    );
    await reader.dropTable('sales', 'orders', true);
    assert.deepEqual(await collect(fs.list('s3://warehouse/metastore/sales')), []);
  });

  it('reads a pruned Parquet scan with one footer GET and one ranged GET per coalesced group of column chunks', async () => {
    const path = join(scratch, 'wide.parquet');
    await writeWithDuckDb(
      path,
      `SELECT i AS a, i * 2 AS b, 'text-' || i AS c, i % 7 AS d, i * 3 AS e FROM range(40000) t(i)`,
      'ROW_GROUP_SIZE 10000',
    );
    const location = 's3://warehouse/files/wide.parquet';
    await fs.replace(location, await readFile(path));
    const size = (await fs.stat(location)).size;

    const before = env.proxy.requests.length;
    const footer = await readParquetFooter(fs, location);
    assert.equal(footer.metadata.row_groups.length, 4);
    const wanted = [column('a', BIGINT), column('b', BIGINT), column('e', BIGINT)];
    const rowGroups = [1, 3];
    const coalescing = { maxGap: 0 }; // only touching chunks merge: a+b one read, e another
    const reader = new ParquetReader({ fs, footer, columns: wanted, rowGroups, coalescing });
    let rows = 0;
    for await (const page of reader.pages()) rows += page.positionCount;
    assert.equal(
      rows,
      rowGroups.map((g) => Number(footer.metadata.row_groups[g]?.num_rows)).reduce((x, y) => x + y),
    );

    const expectedReads = rowGroups.map((g) => {
      const chunks = footer.metadata.row_groups[g]?.columns ?? [];
      const ranges = chunks
        .filter((c) => ['a', 'b', 'e'].includes(c.meta_data?.path_in_schema[0] ?? ''))
        .map((c) => {
          const meta = c.meta_data;
          assert.ok(meta !== undefined);
          const { start, length } = columnChunkRange(meta);
          return { offset: start, length };
        });
      return coalesceRanges(ranges, coalescing);
    });
    assert.deepEqual(
      expectedReads.map((reads) => reads.length),
      [2, 2],
    );
    const made = env.proxy.requests.slice(before);
    assert.deepEqual(
      made.map((r) => `${r.method} ${r.range}`),
      [
        'GET bytes=-65536',
        ...expectedReads.flat().map((read) => `GET bytes=${read.offset}-${read.offset + read.length - 1}`),
      ],
      'one footer read, then one ranged GET per coalesced read, nothing else',
    );
    assert.ok(reader.statistics.bytesRead < size / 2, 'far less than the file is read');
    // And the values are those a local read gives.
    const local = await readRows(`file://${path}`, wanted, { rowGroups });
    const remote = await readRows(location, wanted, { rowGroups, fs });
    assert.deepEqual(remote.rows, local.rows);
  });

  it('fails a read with an error naming the object when the server dies in the middle of it', async () => {
    const location = 's3://warehouse/files/big.bin';
    await fs.replace(location, randomBytes(24 * 1024 * 1024));
    let killed: Promise<void> | undefined;
    env.proxy.onResponseStarted = (r) => {
      if (r.method === 'GET' && r.path.endsWith('/big.bin') && killed === undefined) {
        env.proxy.onResponseStarted = undefined;
        killed = new Promise((resolve) => {
          env.server.child.once('exit', () => resolve());
          env.server.child.kill('SIGKILL');
        });
      }
    };
    await rejectsWith(fs.readRange(location, 0, 24 * 1024 * 1024), 'HIVE_FILESYSTEM_ERROR', location, 'attempts');
    assert.ok(killed !== undefined, 'the server was killed mid-answer');
    await killed;
    await env.restart();
    assert.equal((await fs.stat(location)).size, 24 * 1024 * 1024, 'after a restart the object reads again');
  });

  it('leaves nothing visible when the server dies in the middle of a multipart write', async () => {
    const location = 's3://warehouse/out/part-0.parquet';
    const output = await fs.newOutputFile(location);
    await output.write(randomBytes(5 * 1024 * 1024)); // the upload starts, part 1 goes up
    assert.equal(env.proxy.count('PUT', '/warehouse/out/part-0.parquet'), 1);
    await new Promise<void>((resolve) => {
      env.server.child.once('exit', () => resolve());
      env.server.child.kill('SIGKILL');
    });
    await rejectsWith(output.write(randomBytes(5 * 1024 * 1024)), 'HIVE_FILESYSTEM_ERROR', location);
    await output.abort(); // safe after the failure
    await env.restart();
    assert.equal(await fs.exists(location), false, 'the uncompleted upload is not an object');
    assert.deepEqual(await collect(fs.list('s3://warehouse/out')), []);
  });
});
