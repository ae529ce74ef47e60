import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LocalFileSystem } from '../../../../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { DEFAULT_WRITER_VERSION, FileHiveMetastore } from '../../../../src/connectors/lake/metastore/file-metastore.js';
import type { LakeTable } from '../../../../src/connectors/lake/metastore/metastore-model.js';
import { formatType } from '../../../../src/types/format-type.js';
import { BIGINT, DATE, decimal, timestamp, VARCHAR } from '../../../../src/types/type.js';
import { rejectsWith, temporaryDirectory } from '../lake-test-helpers.js';

async function metastoreIn(dir: string, ttl = 10_000): Promise<FileHiveMetastore> {
  return new FileHiveMetastore({
    fs: new LocalFileSystem(),
    catalogDirectory: fileLocation(dir),
    listingCacheTtlMillis: ttl,
  });
}

function managedTable(name: string, partitioned = false): LakeTable {
  return {
    schemaName: 's',
    tableName: name,
    owner: 'alice',
    tableType: 'MANAGED_TABLE',
    dataColumns: [
      { name: 'id', type: BIGINT },
      { name: 'price', type: decimal(12, 2), comment: 'in euros' },
      { name: 'at', type: timestamp(6) },
    ],
    partitionColumns: partitioned ? [{ name: 'ds', type: DATE }] : [],
    parameters: { numRows: '0' },
    storageFormat: 'PARQUET',
    serdeParameters: {},
    columnStatistics: {},
  };
}

async function readJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8'));
}

describe('lake file metastore', () => {
  it("lays schemas out as Trino does: a .<schema>.trinoSchema file beside the schema's directory", async () => {
    const dir = await temporaryDirectory();
    const metastore = await metastoreIn(dir);
    await metastore.createDatabase({ name: 's', ownerName: 'alice', ownerType: 'USER', parameters: {} });
    await metastore.createDatabase({ name: 't', parameters: { location: 'file:///elsewhere' }, comment: 'c' });
    assert.deepEqual(await readdir(dir), ['.s.trinoSchema', '.t.trinoSchema']);
    assert.deepEqual(await readJson(join(dir, '.s.trinoSchema')), {
      writerVersion: DEFAULT_WRITER_VERSION,
      ownerName: 'alice',
      ownerType: 'USER',
      parameters: {},
    });
    assert.deepEqual(await metastore.listDatabases(), ['s', 't']);
    const t = await metastore.getDatabase('t');
    assert.equal(t?.comment, 'c');
    assert.equal(metastore.databaseLocation(t!), 'file:///elsewhere');
    assert.equal(metastore.databaseLocation((await metastore.getDatabase('s'))!), fileLocation(join(dir, 's')));
    assert.equal(await metastore.getDatabase('nope'), undefined);
    await rejectsWith(metastore.createDatabase({ name: 's', parameters: {} }), 'SCHEMA_ALREADY_EXISTS', "'s'");
    await rejectsWith(metastore.createDatabase({ name: 'x'.repeat(129), parameters: {} }), 'NOT_SUPPORTED', "'129'");
    await metastore.dropDatabase('t', true);
    assert.deepEqual(await metastore.listDatabases(), ['s']);
    await rejectsWith(metastore.dropDatabase('t', true), 'SCHEMA_NOT_FOUND');
  });

  it('creates, reads, replaces and drops tables, keeping exact types in column properties', async () => {
    const dir = await temporaryDirectory();
    const metastore = await metastoreIn(dir);
    await metastore.createDatabase({ name: 's', parameters: {} });
    await metastore.createTable(managedTable('orders'));
    const json = await readJson(join(dir, 's', 'orders', '.trinoSchema'));
    assert.deepEqual(Object.keys(json), [
      'writerVersion',
      'owner',
      'tableType',
      'dataColumns',
      'partitionColumns',
      'parameters',
      'storageFormat',
      'serdeParameters',
      'columnStatistics',
    ]);
    assert.deepEqual(json['dataColumns'], [
      { name: 'id', type: 'bigint', properties: {} },
      { name: 'price', type: 'decimal(12,2)', comment: 'in euros', properties: {} },
      { name: 'at', type: 'timestamp', properties: { 'vivace.type': 'timestamp(6)' } },
    ]);
    const table = (await metastore.getTable('s', 'orders'))!;
    assert.deepEqual(
      table.dataColumns.map((c) => formatType(c.type)),
      ['bigint', 'decimal(12,2)', 'timestamp(6)'],
    );
    assert.equal(metastore.tableLocation(table), fileLocation(join(dir, 's', 'orders')));
    assert.deepEqual(await metastore.listTables('s'), ['orders']);
    await rejectsWith(metastore.createTable(managedTable('orders')), 'TABLE_ALREADY_EXISTS', 's.orders');
    await metastore.updateStatistics(
      table,
      undefined,
      { id: { integerStatistics: { min: 1, max: 9 }, nullsCount: 0 } },
      {
        numRows: '9',
      },
    );
    const updated = (await metastore.getTable('s', 'orders'))!;
    assert.equal(updated.parameters['numRows'], '9');
    assert.deepEqual(updated.columnStatistics['id'], { integerStatistics: { min: 1, max: 9 }, nullsCount: 0 });
    await rejectsWith(metastore.dropDatabase('s', false), 'HIVE_METASTORE_ERROR', 'Database s is not empty');
    await writeFile(join(dir, 's', 'orders', 'data.parquet'), 'x');
    await metastore.dropTable('s', 'orders', true);
    assert.deepEqual(await readdir(join(dir, 's')), [], 'a managed table takes its files with it');
    assert.equal(await metastore.getTable('s', 'orders'), undefined);
    await rejectsWith(metastore.dropTable('s', 'orders', true), 'TABLE_NOT_FOUND');
    await rejectsWith(metastore.createTable({ ...managedTable('x'), schemaName: 'nope' }), 'SCHEMA_NOT_FOUND');
  });

  it('leaves the files of an external table when dropping it, and checks its location exists', async () => {
    const dir = await temporaryDirectory();
    const data = await temporaryDirectory();
    await writeFile(join(data, 'f.csv'), '1\n');
    const metastore = await metastoreIn(dir);
    await metastore.createDatabase({ name: 's', parameters: {} });
    const external: LakeTable = {
      ...managedTable('ext'),
      tableType: 'EXTERNAL_TABLE',
      externalLocation: fileLocation(data),
    };
    await rejectsWith(
      metastore.createTable({ ...external, externalLocation: fileLocation(join(data, 'missing')) }),
      'HIVE_METASTORE_ERROR',
      'External table location does not exist',
    );
    await rejectsWith(
      metastore.createTable({ ...managedTable('m'), externalLocation: fileLocation(data) }),
      'HIVE_METASTORE_ERROR',
    );
    await metastore.createTable(external);
    assert.equal(metastore.tableLocation((await metastore.getTable('s', 'ext'))!), fileLocation(data));
    await metastore.dropTable('s', 'ext', true);
    assert.deepEqual(await readdir(data), ['f.csv']);
    assert.deepEqual(await metastore.listTables('s'), []);
  });

  it('registers, lists, updates and drops partitions under k=v directories with escaped values', async () => {
    const dir = await temporaryDirectory();
    const metastore = await metastoreIn(dir);
    await metastore.createDatabase({ name: 's', parameters: {} });
    const base = managedTable('events', true);
    await metastore.createTable({
      ...base,
      partitionColumns: [
        { name: 'ds', type: DATE },
        { name: 'k', type: VARCHAR },
      ],
    });
    const table = (await metastore.getTable('s', 'events'))!;
    const partition = (values: (string | null)[]) => ({
      values,
      columns: table.dataColumns,
      parameters: { numRows: '1' },
      storageFormat: 'PARQUET',
      serdeParameters: {},
      columnStatistics: {},
    });
    await metastore.addPartitions(table, [partition(['2024-01-01', 'a/b']), partition(['2024-01-02', null])]);
    assert.ok((await readdir(join(dir, 's', 'events', 'ds=2024-01-01'))).includes('k=a%2Fb'));
    assert.deepEqual(await metastore.listPartitionNames(table), [
      'ds=2024-01-01/k=a%2Fb',
      'ds=2024-01-02/k=__HIVE_DEFAULT_PARTITION__',
    ]);
    const read = (await metastore.getPartition(table, ['2024-01-01', 'a/b']))!;
    assert.deepEqual(read.values, ['2024-01-01', 'a/b']);
    assert.equal(
      metastore.partitionLocation(table, read),
      fileLocation(join(dir, 's', 'events', 'ds=2024-01-01', 'k=a%2Fb')),
    );
    await rejectsWith(metastore.addPartitions(table, [partition(['2024-01-01', 'a/b'])]), 'ALREADY_EXISTS', 'k=a%2Fb');
    await metastore.updateStatistics(table, ['2024-01-02', null], { id: { nullsCount: 3 } }, { numRows: '5' });
    const stats = (await metastore.getPartitionsByNames(table, ['ds=2024-01-02/k=__HIVE_DEFAULT_PARTITION__']))[0]!;
    assert.equal(stats.parameters['numRows'], '5');
    assert.deepEqual(stats.columnStatistics, { id: { nullsCount: 3 } });
    await metastore.dropPartition(table, ['2024-01-01', 'a/b'], true);
    assert.deepEqual(await metastore.listPartitionNames(table), ['ds=2024-01-02/k=__HIVE_DEFAULT_PARTITION__']);
    await rejectsWith(metastore.dropPartition(table, ['2024-01-01', 'a/b'], true), 'HIVE_PARTITION_NOT_FOUND');
    await rejectsWith(
      metastore.updateStatistics({ ...table, columnStatistics: {} }, undefined, { id: { nullsCount: 1 } }, {}),
      'HIVE_METASTORE_ERROR',
      'partitions',
    );
  });

  it('caches table listings for their time to live but sees its own writes at once', async () => {
    const dir = await temporaryDirectory();
    const metastore = await metastoreIn(dir, 60_000);
    await metastore.createDatabase({ name: 's', parameters: {} });
    assert.deepEqual(await metastore.listTables('s'), []);
    await metastore.createTable(managedTable('a'));
    assert.deepEqual(await metastore.listTables('s'), ['a'], 'own write invalidates');
    // Another process adds a table: not seen until the cache is flushed (or its entry expires).
    await mkdir(join(dir, 's', 'b'));
    await writeFile(join(dir, 's', 'b', '.trinoSchema'), JSON.stringify({ tableType: 'MANAGED_TABLE' }));
    assert.deepEqual(await metastore.listTables('s'), ['a']);
    metastore.flushCache();
    assert.deepEqual(await metastore.listTables('s'), ['a', 'b']);
  });

  it('serialises concurrent updates: of two creators of one table exactly one succeeds', async () => {
    const dir = await temporaryDirectory();
    const metastore = await metastoreIn(dir);
    await metastore.createDatabase({ name: 's', parameters: {} });
    const results = await Promise.allSettled([
      metastore.createTable(managedTable('t')),
      metastore.createTable(managedTable('t')),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    // A second metastore instance (another process) loses the exclusive create too.
    const other = await metastoreIn(dir);
    await rejectsWith(other.createTable(managedTable('t')), 'TABLE_ALREADY_EXISTS');
  });

  it('reports a corrupt document as HIVE_INVALID_METADATA naming the file', async () => {
    const dir = await temporaryDirectory();
    await mkdir(join(dir, 's', 'bad'), { recursive: true });
    await writeFile(join(dir, '.s.trinoSchema'), '{}');
    await writeFile(join(dir, 's', 'bad', '.trinoSchema'), '{"tableType": "MANAGED_TABLE", "dataColumns": [{');
    const metastore = await metastoreIn(dir);
    await rejectsWith(metastore.getTable('s', 'bad'), 'HIVE_INVALID_METADATA', join(dir, 's', 'bad', '.trinoSchema'));
    await writeFile(
      join(dir, 's', 'bad', '.trinoSchema'),
      '{"tableType": "MANAGED_TABLE", "dataColumns": [{"name": "u", "type": "uniontype<int>"}]}',
    );
    metastore.flushCache();
    await rejectsWith(metastore.getTable('s', 'bad'), 'HIVE_INVALID_METADATA', 'uniontype<int>');
  });
});

describe('lake file metastore reading a directory written by Trino', () => {
  // Documents as Trino's FileHiveMetastore writes them (fact sheet §1.4): Jackson field order,
  // absent optionals omitted, Trino's own writerVersion, grants and roles beside them.
  async function trinoCatalog(): Promise<{ dir: string; data: string }> {
    const dir = await temporaryDirectory();
    const data = await temporaryDirectory();
    const write = async (path: string, json: unknown) => {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), JSON.stringify(json, null, 2));
    };
    await write('.roles', []);
    await write('.roleGrants', []);
    await write('.sales.trinoSchema', {
      writerVersion: '476',
      ownerName: 'trino',
      ownerType: 'USER',
      parameters: { trino_query_id: '20250101_000000_00000_abcde' },
    });
    await mkdir(join(dir, 'sales'), { recursive: true });
    await write('sales/orders/.trinoSchema', {
      writerVersion: '476',
      owner: 'trino',
      tableType: 'MANAGED_TABLE',
      dataColumns: [
        { name: 'orderkey', type: 'bigint', properties: {} },
        { name: 'totalprice', type: 'decimal(12,2)', properties: {} },
        { name: 'comment', type: 'string', comment: 'free text', properties: {} },
        { name: 'tags', type: 'array<string>', properties: {} },
        { name: 'attrs', type: 'map<string,int>', properties: {} },
        { name: 'addr', type: 'struct<street:string,zip:int>', properties: {} },
        { name: 'at', type: 'timestamp', properties: {} },
      ],
      partitionColumns: [{ name: 'ds', type: 'date', properties: {} }],
      parameters: {
        auto_purge: 'false',
        numFiles: '-1',
        totalSize: '-1',
        trino_query_id: '20250101_000000_00001_abcde',
        trino_version: '476',
        transactional: 'false',
      },
      storageFormat: 'PARQUET',
      serdeParameters: {},
      columnStatistics: {},
    });
    await write('sales/orders/.trinoPermissions/user_alice', [
      { permission: 'SELECT', grantOption: false, grantee: { type: 'USER', name: 'alice' } },
    ]);
    await write('sales/orders/ds=2024-01-01/.trinoSchema', {
      columns: [
        { name: 'orderkey', type: 'bigint', properties: {} },
        { name: 'totalprice', type: 'decimal(12,2)', properties: {} },
      ],
      parameters: {
        numFiles: '1',
        numRows: '3',
        rawDataSize: '0',
        totalSize: '1234',
        trino_query_id: '20250101_000000_00002_abcde',
        trino_version: '476',
      },
      storageFormat: 'PARQUET',
      serdeParameters: {},
      columnStatistics: {
        orderkey: { integerStatistics: { min: 1, max: 3 }, nullsCount: 0, distinctValuesCount: 3 },
        totalprice: { decimalStatistics: { min: 1.5, max: 99.99 }, nullsCount: 1, distinctValuesCount: 2 },
      },
    });
    await write('sales/orders/ds=__HIVE_DEFAULT_PARTITION__/.trinoSchema', {
      columns: [{ name: 'orderkey', type: 'bigint', properties: {} }],
      parameters: { numRows: '0' },
      storageFormat: 'PARQUET',
      serdeParameters: {},
      columnStatistics: {
        // Older Trino releases wrote distinctValuesWithNullCount.
        orderkey: { integerStatistics: { min: null, max: null }, nullsCount: 2, distinctValuesWithNullCount: 1 },
      },
    });
    // A data file in a partition directory, and a stray directory without metadata: neither is a partition.
    await writeFile(join(dir, 'sales/orders/ds=2024-01-01/20250101_000000_00002_abcde_part0'), 'PAR1');
    await mkdir(join(dir, 'sales/orders/ds=2024-01-03'), { recursive: true });
    await write('sales/logs/.trinoSchema', {
      writerVersion: '476',
      owner: 'trino',
      tableType: 'EXTERNAL_TABLE',
      dataColumns: [
        { name: 'line', type: 'string', properties: {} },
        { name: 'n', type: 'int', properties: {} },
      ],
      partitionColumns: [],
      parameters: { 'skip.header.line.count': '1', trino_version: '476' },
      storageFormat: 'CSV',
      serdeParameters: { separatorChar: ';' },
      externalLocation: fileLocation(data),
      columnStatistics: { n: { integerStatistics: { min: 0, max: 7 } } },
    });
    await mkdir(join(dir, 'sales', 'not_a_table'), { recursive: true });
    return { dir, data };
  }

  it('lists and reads its schemas, tables, partitions and statistics', async () => {
    const { dir, data } = await trinoCatalog();
    const metastore = await metastoreIn(dir);
    assert.deepEqual(await metastore.listDatabases(), ['sales']);
    assert.deepEqual(await metastore.getDatabase('sales'), {
      name: 'sales',
      ownerName: 'trino',
      ownerType: 'USER',
      parameters: { trino_query_id: '20250101_000000_00000_abcde' },
    });
    assert.deepEqual(await metastore.listTables('sales'), ['logs', 'orders']);
    const orders = (await metastore.getTable('sales', 'orders'))!;
    assert.equal(orders.tableType, 'MANAGED_TABLE');
    assert.equal(orders.storageFormat, 'PARQUET');
    assert.deepEqual(
      orders.dataColumns.map((c) => `${c.name} ${formatType(c.type)}`),
      [
        'orderkey bigint',
        'totalprice decimal(12,2)',
        'comment varchar',
        'tags array(varchar)',
        'attrs map(varchar, integer)',
        'addr row(street varchar, zip integer)',
        'at timestamp(3)',
      ],
    );
    assert.equal(orders.dataColumns[2]!.comment, 'free text');
    assert.deepEqual(
      orders.partitionColumns.map((c) => formatType(c.type)),
      ['date'],
    );
    assert.deepEqual(await metastore.listPartitionNames(orders), ['ds=2024-01-01', 'ds=__HIVE_DEFAULT_PARTITION__']);
    const [day, none] = await metastore.getPartitionsByNames(orders, await metastore.listPartitionNames(orders));
    assert.deepEqual(day!.values, ['2024-01-01']);
    assert.equal(day!.parameters['numRows'], '3');
    assert.deepEqual(day!.columnStatistics['totalprice'], {
      decimalStatistics: { min: 1.5, max: 99.99 },
      nullsCount: 1,
      distinctValuesCount: 2,
    });
    assert.deepEqual(none!.values, [null]);
    assert.deepEqual(none!.columnStatistics['orderkey'], {
      integerStatistics: {},
      nullsCount: 2,
      distinctValuesCount: 0,
    });
    assert.equal(metastore.partitionLocation(orders, day!), fileLocation(join(dir, 'sales/orders/ds=2024-01-01')));
    const logs = (await metastore.getTable('sales', 'logs'))!;
    assert.equal(logs.tableType, 'EXTERNAL_TABLE');
    assert.equal(metastore.tableLocation(logs), fileLocation(data));
    assert.deepEqual(logs.serdeParameters, { separatorChar: ';' });
    assert.equal(logs.parameters['skip.header.line.count'], '1');
  });

  it('writes back what it read without losing Trino fields, and drops an external table keeping grants out', async () => {
    const { dir } = await trinoCatalog();
    const metastore = await metastoreIn(dir);
    const orders = (await metastore.getTable('sales', 'orders'))!;
    await metastore.replaceTable({ ...orders, parameters: { ...orders.parameters, numRows: '4' } });
    const json = await readJson(join(dir, 'sales/orders/.trinoSchema'));
    assert.equal(json['writerVersion'], DEFAULT_WRITER_VERSION);
    assert.deepEqual((json['dataColumns'] as unknown[])[5], {
      name: 'addr',
      type: 'struct<street:string,zip:int>',
      properties: {},
    });
    assert.equal((json['parameters'] as Record<string, string>)['trino_query_id'], '20250101_000000_00001_abcde');
    await metastore.dropTable('sales', 'logs', true);
    assert.deepEqual(await readdir(join(dir, 'sales')), ['not_a_table', 'orders']);
    await metastore.dropTable('sales', 'orders', false);
    assert.ok((await readdir(join(dir, 'sales', 'orders'))).includes('ds=2024-01-01'), 'data kept without deleteData');
    assert.ok(!(await readdir(join(dir, 'sales', 'orders'))).includes('.trinoPermissions'));
  });
});
