/**
 * Units of the lake connector: catalog properties (Trino's keys, Vivace's defaults, refusals),
 * the pushdown answer (partition columns taken and enforced, data columns left to the engine),
 * SPI domains as pruning domains (single values become bloom-filter probes), and which files a
 * reader may see while writes are in progress.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseLakeConfig } from '../../../../src/connectors/lake/connector/lake-config.js';
import { lakeDomain } from '../../../../src/connectors/lake/connector/lake-domains.js';
import { LakeMetadata } from '../../../../src/connectors/lake/connector/lake-metadata.js';
import { isVisible, writeIdOf } from '../../../../src/connectors/lake/connector/lake-writes.js';

describe('lake catalog properties', () => {
  it('reads Trino keys with Vivace defaults', () => {
    const config = parseLakeConfig({ 'hive.metastore': 'file', 'hive.metastore.catalog.dir': '/data/lake' });
    assert.equal(config.catalogDirectory, 'file:///data/lake');
    assert.equal(config.storageFormat, 'PARQUET');
    assert.equal(config.compression, 'ZSTD');
    assert.equal(config.nonManagedTableWrites, false);
    assert.equal(config.maxSplitBytes, 64 * 1024 * 1024);
    assert.equal(
      parseLakeConfig({ 'hive.metastore.catalog.dir': 'local:///m', 'hive.timestamp-precision': 'MICROSECONDS' })
        .timestampPrecision,
      6,
    );
  });

  it('refuses what it cannot do', () => {
    assert.throws(() => parseLakeConfig({}), /hive.metastore.catalog.dir is required/);
    assert.throws(
      () => parseLakeConfig({ 'hive.metastore': 'thrift', 'hive.metastore.catalog.dir': '/x' }),
      /hive.metastore=thrift is not supported/,
    );
    assert.throws(
      () => parseLakeConfig({ 'hive.metastore.catalog.dir': '/x', 'hive.storage-format': 'ORC' }),
      /hive.storage-format=ORC is not supported/,
    );
    assert.throws(() => parseLakeConfig({ 'hive.metastore.catalog.dir': '/x', 'hive.colour': 'red' }), /was not used/);
  });
});

describe('lake pushdown', () => {
  const metadata = new LakeMetadata({} as ConstructorParameters<typeof LakeMetadata>[0]);
  const handle = {
    schema: 's',
    table: 't',
    location: 'file:///t',
    metadataLocation: 'file:///m/s/t',
    format: 'PARQUET',
    external: false,
    dataColumns: [{ name: 'x', type: 'bigint' }],
    partitionColumns: [{ name: 'ds', type: 'date' }],
  };
  const ds = { nullAllowed: false, ranges: [{ low: { value: 10, inclusive: true } }] };
  const x = {
    nullAllowed: false,
    ranges: [{ low: { value: 1, inclusive: true }, high: { value: 1, inclusive: true } }],
  };

  it('takes the partition columns and leaves the data columns to the engine', () => {
    const answer = metadata.applyFilter({ table: { schema: 's', table: 't' }, handle }, { columns: { ds, x } });
    assert.ok(answer !== undefined);
    assert.deepEqual(answer.remaining, { columns: { x } });
    assert.deepEqual((answer.handle as { partitionConstraint: unknown }).partitionConstraint, { columns: { ds } });
  });

  it('takes nothing when no partition column is constrained', () => {
    assert.equal(metadata.applyFilter({ table: { schema: 's', table: 't' }, handle }, { columns: { x } }), undefined);
  });

  it('turns single-value ranges into values that bloom filters can probe', () => {
    assert.deepEqual(lakeDomain({ columns: { x, ds } })?.columns, {
      x: { nullAllowed: false, values: [1] },
      ds: { nullAllowed: false, ranges: ds.ranges },
    });
    assert.deepEqual(lakeDomain({ none: true, columns: {} }), { none: true, columns: {} });
    assert.equal(lakeDomain(undefined), undefined);
  });
});

describe('files of writes in progress', () => {
  it('hides the files of pending writes only', () => {
    const pending = new Set(['20240101000000vabc']);
    assert.equal(writeIdOf('file:///t/20240101000000vabc_0f.parquet'), '20240101000000vabc');
    assert.equal(isVisible('file:///t/20240101000000vabc_0f.parquet', pending), false);
    assert.equal(isVisible('file:///t/20240101000000vdef_0f.parquet', pending), true);
    assert.equal(isVisible('file:///t/part-0.parquet', pending), true);
    assert.equal(isVisible('file:///t/20240101000000vabc_0f.parquet', new Set()), true);
  });
});
