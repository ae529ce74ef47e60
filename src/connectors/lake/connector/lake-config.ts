/**
 * The configuration of a `connector.name=hive` catalog (fact sheet §1.1): the file metastore and
 * where it lives, the local file system, and the defaults of writes. Keys are Trino's; unknown
 * keys fail the catalog (CONFIGURATION_INVALID) like the other connectors' do.
 *
 * Decisions where Vivace differs from Trino's defaults, because Vivace reads and writes neither
 * ORC nor a Thrift metastore: `hive.metastore` defaults to `file`, `hive.storage-format` to
 * PARQUET and `hive.compression-codec` to ZSTD (the issue's default for written Parquet).
 * `hive.metastore.catalog.dir` may be a location (`file:///x`, `local:///x`) or a plain path.
 */
import { isAbsolute, resolve } from 'node:path';
import { VivaceError } from '../../../common/vivace-error.js';
import { booleanProperty, checkKnownProperties, parseDataSize } from '../../catalog/connector-properties.js';
import { FILE_SYSTEM_PROPERTY_KEYS } from '../fs/file-system-registry.js';
import { fileLocation, isLocation, withoutTrailingSlash } from '../fs/location.js';
import type { ParquetCompression } from '../parquet/parquet-writer.js';

export type LakeFormat = 'PARQUET' | 'CSV' | 'JSON';
export const LAKE_FORMATS: readonly LakeFormat[] = ['PARQUET', 'CSV', 'JSON'];

export interface LakeConfig {
  readonly catalogDirectory: string;
  /** Trino's `local.location`: the root of `local:///` locations. */
  readonly localRoot: string;
  readonly locationChecks: boolean;
  readonly writerVersion?: string;
  readonly storageFormat: LakeFormat;
  readonly compression: ParquetCompression;
  readonly recursiveDirectories: boolean;
  readonly nonManagedTableWrites: boolean;
  readonly nonManagedTableCreates: boolean;
  /** `hive.allow-register-partition-procedure` (Trino's, default false): `system.register_partition` may run. */
  readonly allowRegisterPartition: boolean;
  readonly timestampPrecision: number;
  readonly tableStatistics: boolean;
  /** Files below this size share splits (up to this many bytes per split). */
  readonly maxSplitBytes: number;
  /** A writer starts a new file past this many bytes. */
  readonly targetMaxFileBytes: number;
  /**
   * A writer starts a new file past this many rows (`vivace.writer.max-rows-per-file`, default
   * 1,048,576): a row group is a split, and one writer's 128 MB row groups would leave a table
   * written by few writers with too few splits to read in parallel.
   */
  readonly maxRowsPerFile: number;
  /** `hive.max-partitions-per-writers` (Trino's, default 100): partitions one writer may have files open in. */
  readonly maxPartitionsPerWriter: number;
  /**
   * Parquet row groups close at about this many bytes of buffered data (Trino's
   * `parquet.writer.block-size`; Vivace's default 8 MB, not Trino's 128 MB: a row group is a
   * split, read by one driver of one task, and 128 MB row groups gave TPC-H over Vivace-written
   * tables a fraction of the parallelism of DuckDB-written ones).
   */
  readonly parquetRowGroupBytes: number;
}

const KNOWN = [
  'hive.metastore',
  'hive.metastore.catalog.dir',
  'hive.metastore.user',
  'hive.metastore.version-compatibility',
  'hive.metastore.disable-location-checks',
  'vivace.metastore.writer-version',
  // the file systems' keys (local disk, S3): file-system-registry.ts reads them
  ...FILE_SYSTEM_PROPERTY_KEYS,
  'hive.storage-format',
  'hive.compression-codec',
  'hive.recursive-directories',
  'hive.non-managed-table-writes-enabled',
  'hive.non-managed-table-creates-enabled',
  'hive.allow-register-partition-procedure',
  'hive.timestamp-precision',
  'hive.table-statistics-enabled',
  'hive.collect-column-statistics-on-write',
  'hive.max-split-size',
  'hive.target-max-file-size',
  'vivace.writer.max-rows-per-file',
  'hive.max-partitions-per-writers',
  'parquet.writer.block-size',
];

function invalid(message: string): VivaceError {
  return new VivaceError('CONFIGURATION_INVALID', message);
}

function positiveInteger(properties: Readonly<Record<string, string>>, key: string, fallback: number): number {
  const text = properties[key];
  if (text === undefined) return fallback;
  const value = Number(text.trim());
  if (!Number.isSafeInteger(value) || value < 1) throw invalid(`${key} must be a positive integer, not '${text}'`);
  return value;
}

/** A location from a configured directory: kept if it is a URI, else an absolute `file://` path. */
export function directoryLocation(text: string, baseDirectory = process.cwd()): string {
  const trimmed = text.trim();
  if (isLocation(trimmed)) return withoutTrailingSlash(trimmed);
  return withoutTrailingSlash(fileLocation(isAbsolute(trimmed) ? trimmed : resolve(baseDirectory, trimmed)));
}

export function parseLakeConfig(properties: Readonly<Record<string, string>>): LakeConfig {
  checkKnownProperties(properties, KNOWN);
  const metastore = (properties['hive.metastore'] ?? 'file').trim().toLowerCase();
  if (metastore !== 'file') {
    throw invalid(`hive.metastore=${metastore} is not supported: Vivace has the file metastore (hive.metastore=file)`);
  }
  const directory = properties['hive.metastore.catalog.dir'];
  if (directory === undefined || directory.trim() === '') {
    throw invalid('hive.metastore.catalog.dir is required with hive.metastore=file');
  }
  const format = (properties['hive.storage-format'] ?? 'PARQUET').trim().toUpperCase();
  if (!(LAKE_FORMATS as readonly string[]).includes(format)) {
    throw invalid(`hive.storage-format=${format} is not supported (${LAKE_FORMATS.join(', ')})`);
  }
  const codec = (properties['hive.compression-codec'] ?? 'ZSTD').trim().toUpperCase();
  const codecs = ['NONE', 'SNAPPY', 'GZIP', 'ZSTD', 'LZ4'];
  if (!codecs.includes(codec)) throw invalid(`hive.compression-codec must be one of ${codecs.join(', ')}`);
  const precisionText = (properties['hive.timestamp-precision'] ?? 'MILLISECONDS').trim().toUpperCase();
  const precisions: Record<string, number> = { MILLISECONDS: 3, MICROSECONDS: 6, NANOSECONDS: 9 };
  const timestampPrecision = precisions[precisionText];
  if (timestampPrecision === undefined) {
    throw invalid('hive.timestamp-precision must be MILLISECONDS, MICROSECONDS or NANOSECONDS');
  }
  return {
    catalogDirectory: directoryLocation(directory),
    localRoot: properties['local.location']?.trim().replace(/^local:\/\//, '') || '/',
    locationChecks: !booleanProperty(properties, 'hive.metastore.disable-location-checks', false),
    writerVersion: properties['vivace.metastore.writer-version'],
    storageFormat: format as LakeFormat,
    compression: codec as ParquetCompression,
    recursiveDirectories: booleanProperty(properties, 'hive.recursive-directories', false),
    nonManagedTableWrites: booleanProperty(properties, 'hive.non-managed-table-writes-enabled', false),
    nonManagedTableCreates: booleanProperty(properties, 'hive.non-managed-table-creates-enabled', true),
    allowRegisterPartition: booleanProperty(properties, 'hive.allow-register-partition-procedure', false),
    timestampPrecision,
    tableStatistics: booleanProperty(properties, 'hive.table-statistics-enabled', true),
    maxSplitBytes: parseDataSize('hive.max-split-size', properties['hive.max-split-size'] ?? '64MB'),
    targetMaxFileBytes: parseDataSize('hive.target-max-file-size', properties['hive.target-max-file-size'] ?? '1GB'),
    maxRowsPerFile: positiveInteger(properties, 'vivace.writer.max-rows-per-file', 1 << 20),
    maxPartitionsPerWriter: positiveInteger(properties, 'hive.max-partitions-per-writers', 100),
    parquetRowGroupBytes: parseDataSize('parquet.writer.block-size', properties['parquet.writer.block-size'] ?? '8MB'),
  };
}
