/**
 * The lake connector (`connector.name=hive`): Trino's Hive connector over its file metastore, for
 * Parquet, CSV and JSON-lines files in a Hive layout on the lake file system. Metadata and DDL on
 * the coordinator (lake-metadata.ts), splits listed there in batches (lake-splits.ts), page
 * sources and sinks on any worker from plain-data handles (lake-page-source.ts,
 * lake-page-sink.ts), and the commit of writes (lake-writes.ts explains the protocol): the
 * coordinator marks a write in progress when it is planned, registers partitions and statistics
 * when every writer has finished, then removes the marker, which makes the write visible at once.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import {
  ANY_WORKER,
  type Connector,
  type ConnectorFactory,
  type ConnectorInsertTarget,
  type ConnectorPageSink,
  type ConnectorPageSource,
  type ConnectorProcedure,
  type ConnectorSessionProperty,
  type ConnectorSplitSource,
  type PageSourceRequest,
  type SchemaTableName,
  type SplitPlacement,
  type SplitRequest,
} from '../../../spi/connector.js';
import { CachingDirectoryLister } from '../fs/directory-lister.js';
import type { FileSystem } from '../fs/file-system.js';
import {
  checkFileSystemAccess,
  createFileSystem,
  FILE_SYSTEM_SECRET_PROPERTY_KEYS,
  SchemeDispatchingFileSystem,
} from '../fs/file-system-registry.js';
import { LocalFileSystem } from '../fs/local-file-system.js';
import { joinLocation } from '../fs/location.js';
import { lakeError } from '../lake-errors.js';
import { FileHiveMetastore } from '../metastore/file-metastore.js';
import type { LakePartition } from '../metastore/metastore-model.js';
import { ParquetFooterCache } from '../parquet/parquet-footer.js';
import { parquetWasm } from '../parquet/parquet-wasm-host.js';
import { analyzeTable } from './lake-analyze.js';
import { type LakeConfig, parseLakeConfig } from './lake-config.js';
import {
  asInsertHandle,
  asTableHandle,
  asWriteFragments,
  type ExistingPartitionsBehavior,
  type LakeInsertHandle,
  toJsonColumns,
  type WrittenFile,
} from './lake-handles.js';
import { LakeMetadata } from './lake-metadata.js';
import { LakePageSink } from './lake-page-sink.js';
import { LakePageSource } from './lake-page-source.js';
import { partitionProcedures } from './lake-partition-procedures.js';
import { parseSyncMode, syncPartitionMetadata } from './lake-partition-sync.js';
import { LakeSplitSource } from './lake-splits.js';
import { bucketingHandle, tableBucketing, tableFormat, tableTextOptions } from './lake-table-definition.js';
import { isVisible, newWriteId, pendingWriteIds, writeIdOf, writeMarkerLocation } from './lake-writes.js';

/** Trino's Hive session property for INSERT into an existing partition. */
const EXISTING_PARTITIONS_PROPERTY = 'insert_existing_partitions_behavior';

export const LAKE_CONNECTOR_NAME = 'hive';

export interface LakeConnectorOptions {
  /**
   * The catalog's file system (`createFileSystem` of its properties: local disk, S3); absent, the
   * local disk only (tests).
   */
  readonly fs?: FileSystem;
  readonly maxPageRows?: number;
}

export class LakeConnector implements Connector {
  readonly metadata: LakeMetadata;
  readonly fs: FileSystem;
  readonly metastore: FileHiveMetastore;
  readonly footers = new ParquetFooterCache();
  readonly lister: CachingDirectoryLister;

  constructor(
    readonly catalogName: string,
    readonly config: LakeConfig,
    options: LakeConnectorOptions = {},
  ) {
    this.fs = options.fs ?? new LocalFileSystem({ localRoot: config.localRoot });
    this.metastore = new FileHiveMetastore({
      fs: this.fs,
      catalogDirectory: config.catalogDirectory,
      timestampPrecision: config.timestampPrecision,
      locationChecks: config.locationChecks,
      ...(config.writerVersion !== undefined && { writerVersion: config.writerVersion }),
    });
    this.lister = new CachingDirectoryLister(this.fs);
    this.metadata = new LakeMetadata({
      catalogName,
      config,
      fs: this.fs,
      metastore: this.metastore,
      footers: this.footers,
      lister: this.lister,
    });
    this.maxPageRows = options.maxPageRows ?? 8192;
  }

  private readonly maxPageRows: number;

  getSplits(request: SplitRequest): ConnectorSplitSource {
    return new LakeSplitSource(
      {
        fs: this.fs,
        metastore: this.metastore,
        lister: this.lister,
        footers: this.footers,
        maxSplitBytes: this.config.maxSplitBytes,
        recursiveDirectories: this.config.recursiveDirectories,
      },
      asTableHandle(request.handle),
      request,
    );
  }

  splitPlacement(): SplitPlacement {
    return ANY_WORKER;
  }

  createPageSource(request: PageSourceRequest): ConnectorPageSource {
    return new LakePageSource({ fs: this.fs, footers: this.footers, maxPageRows: this.maxPageRows }, request);
  }

  /** Made on the coordinator: marks the write in progress (its files stay invisible until commit). */
  /** Trino's Hive session property for writes into existing partitions (unpartitioned tables append). */
  readonly sessionProperties: readonly ConnectorSessionProperty[] = [
    {
      name: EXISTING_PARTITIONS_PROPERTY,
      type: 'varchar',
      defaultValue: 'APPEND',
      description: 'What an INSERT into an existing partition does: APPEND, OVERWRITE or ERROR',
      validate: (value) => {
        const upper = value.toUpperCase();
        if (upper !== 'APPEND' && upper !== 'OVERWRITE' && upper !== 'ERROR') {
          throw new VivaceError(
            'INVALID_SESSION_PROPERTY',
            `${EXISTING_PARTITIONS_PROPERTY} must be APPEND, OVERWRITE or ERROR: ${value}`,
          );
        }
        return upper;
      },
    },
  ];

  async insertHandle(target: {
    readonly table: SchemaTableName;
    readonly sessionProperties?: Readonly<Record<string, string>>;
  }): Promise<unknown> {
    const table = await this.metadata.requireTable(target.table);
    if (table.tableType === 'EXTERNAL_TABLE' && !this.config.nonManagedTableWrites) {
      throw new VivaceError(
        'NOT_SUPPORTED',
        'Cannot write to non-managed Hive table (set hive.non-managed-table-writes-enabled=true)',
      );
    }
    const format = tableFormat(table);
    const text = tableTextOptions(table, format);
    const bucketing = tableBucketing(table);
    if ((text?.skipHeaderLines ?? 0) > 0) {
      // Vivace's CSV writer writes no header line: readers would skip a row of data instead.
      throw new VivaceError(
        'NOT_SUPPORTED',
        'Inserting into Hive table with skip.header.line.count property not supported',
      );
    }
    const writeId = newWriteId();
    const metadataLocation = this.metastore.tableMetadataDirectory(table.schemaName, table.tableName);
    await this.fs.createExclusive(
      writeMarkerLocation(metadataLocation, writeId),
      new TextEncoder().encode(`${JSON.stringify({ started: new Date().toISOString() })}\n`),
    );
    const handle: LakeInsertHandle = {
      schema: table.schemaName,
      table: table.tableName,
      location: this.metastore.tableLocation(table),
      format,
      dataColumns: toJsonColumns(table.dataColumns),
      partitionColumns: toJsonColumns(table.partitionColumns),
      ...(text !== undefined && { text }),
      ...(bucketing !== undefined && { bucketing: bucketingHandle(table, bucketing) }),
      writeId,
      compression: this.config.compression,
      targetMaxFileBytes: this.config.targetMaxFileBytes,
      maxRowsPerFile: this.config.maxRowsPerFile,
      maxOpenPartitions: this.config.maxPartitionsPerWriter,
      parquetRowGroupBytes: this.config.parquetRowGroupBytes,
      existingPartitions: (target.sessionProperties?.[EXISTING_PARTITIONS_PROPERTY]?.toUpperCase() ??
        'APPEND') as ExistingPartitionsBehavior,
    };
    return handle;
  }

  createPageSink(target: ConnectorInsertTarget): ConnectorPageSink {
    if (target.handle === undefined) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'A lake write needs the insert handle made by the coordinator');
    }
    return new LakePageSink(this.fs, asInsertHandle(target.handle), target.columns);
  }

  /**
   * Commits a write: new partitions and the statistics of rows, files and bytes go to the
   * metastore, then the write's marker is deleted, which makes all its files visible at once.
   */
  async finishInsert(target: ConnectorInsertTarget, fragments: readonly unknown[]): Promise<void> {
    const handle = asInsertHandle(target.handle);
    const files = asWriteFragments(fragments).flatMap((f) => f.files);
    const table = await this.metastore.getTable(handle.schema, handle.table);
    const metadataLocation = this.metastore.tableMetadataDirectory(handle.schema, handle.table);
    const marker = writeMarkerLocation(metadataLocation, handle.writeId);
    if (table === undefined || !(await this.fs.exists(marker))) {
      await this.deleteFiles(files);
      throw new VivaceError(
        'TRANSACTION_CONFLICT',
        `Table '${this.catalogName}.${handle.schema}.${handle.table}' was dropped or replaced during the write`,
      );
    }
    try {
      if (table.partitionColumns.length === 0) {
        await this.metastore.replaceTable({ ...table, parameters: addBasicStatistics(table.parameters, files) });
      } else {
        const byPartition = new Map<string, { values: readonly (string | null)[]; files: WrittenFile[] }>();
        for (const file of files) {
          const values = file.partitionValues ?? [];
          const key = JSON.stringify(values);
          const entry = byPartition.get(key) ?? { values, files: [] };
          entry.files.push(file);
          byPartition.set(key, entry);
        }
        const fresh: LakePartition[] = [];
        for (const { values, files: written } of byPartition.values()) {
          const existing = await this.metastore.getPartition(table, values);
          if (existing !== undefined) {
            const behavior = handle.existingPartitions ?? 'APPEND';
            if (behavior === 'ERROR') {
              throw lakeError(
                'HIVE_PARTITION_READ_ONLY',
                `Cannot insert into an existing partition of Hive table: ${this.metastore.partitionName(table, values)}`,
              );
            }
            if (behavior === 'OVERWRITE') {
              // The partition's files before this write go; its statistics are this write's alone.
              await this.deleteVisibleFiles(
                this.metastore.partitionLocation(table, existing),
                metadataLocation,
                handle.writeId,
              );
              await this.metastore.replacePartition(table, {
                ...existing,
                parameters: addBasicStatistics(
                  { ...existing.parameters, numRows: '0', numFiles: '0', totalSize: '0' },
                  written,
                ),
                columnStatistics: {},
              });
              continue;
            }
            await this.metastore.replacePartition(table, {
              ...existing,
              parameters: addBasicStatistics(existing.parameters, written),
            });
            continue;
          }
          fresh.push({
            values,
            columns: table.dataColumns,
            parameters: addBasicStatistics({ numRows: '0', numFiles: '0', totalSize: '0' }, written),
            ...(table.storageFormat !== undefined && { storageFormat: table.storageFormat }),
            ...(table.bucketProperty !== undefined && { bucketProperty: table.bucketProperty }),
            serdeParameters: table.serdeParameters,
            columnStatistics: {},
          });
        }
        if (fresh.length > 0) await this.metastore.addPartitions(table, fresh);
      }
    } catch (error) {
      await this.deleteFiles(files);
      throw error;
    }
    // The commit point.
    await this.fs.delete(marker);
    this.lister.invalidate(handle.location);
  }

  /** Deletes the files of a write that will not be committed; its marker stays (a tombstone). */
  async abortInsert(fragments: readonly unknown[]): Promise<void> {
    await this.deleteFiles(asWriteFragments(fragments).flatMap((f) => f.files));
  }

  /** Deletes the committed files below `directory`: not this write's, nor those of writes still in progress. */
  private async deleteVisibleFiles(directory: string, metadataLocation: string, writeId: string): Promise<void> {
    const pending = await pendingWriteIds(this.fs, metadataLocation);
    this.lister.invalidate(directory);
    for (const file of await this.lister.listFiles(directory, this.config.recursiveDirectories)) {
      if (writeIdOf(file.location) === writeId || !isVisible(file.location, pending)) continue;
      await this.fs.delete(file.location);
    }
  }

  private async deleteFiles(files: readonly WrittenFile[]): Promise<void> {
    await Promise.allSettled(files.map((file) => this.fs.delete(file.path)));
  }

  /**
   * `system.sync_partition_metadata`, the partition procedures (lake-partition-procedures.ts) and
   * `system.flush_metadata_cache` (fact sheet §1.5).
   */
  readonly procedures: readonly ConnectorProcedure[] = [
    {
      schema: 'system',
      name: 'sync_partition_metadata',
      arguments: [
        { name: 'schema_name' },
        { name: 'table_name' },
        { name: 'mode' },
        { name: 'case_sensitive', defaultValue: true },
      ],
      call: async ([schema, table, mode, caseSensitive]) => {
        for (const [name, value] of [
          ['schema_name', schema],
          ['table_name', table],
        ] as const) {
          if (typeof value !== 'string') throw new VivaceError('INVALID_PROCEDURE_ARGUMENT', `${name} cannot be null`);
        }
        const syncMode = parseSyncMode(mode);
        if (typeof caseSensitive !== 'boolean') {
          throw new VivaceError('INVALID_PROCEDURE_ARGUMENT', 'case_sensitive must be a boolean');
        }
        const lakeTable = await this.metadata.requireTable({
          schema: (schema as string).toLowerCase(),
          table: (table as string).toLowerCase(),
        });
        await syncPartitionMetadata(this.fs, this.metastore, lakeTable, syncMode, caseSensitive);
        this.lister.clear();
      },
    },
    // The context is read when a procedure runs (the fields are set by the constructor, after this).
    ...partitionProcedures(() => ({
      fs: this.fs,
      metastore: this.metastore,
      config: this.config,
      invalidate: () => this.lister.clear(),
    })),
    {
      schema: 'system',
      name: 'flush_metadata_cache',
      arguments: [],
      call: async () => {
        this.metastore.flushCache();
        this.lister.clear();
        this.footers.clear();
      },
    },
  ];

  async analyze(name: SchemaTableName, properties: Readonly<Record<string, unknown>>): Promise<number> {
    const property = Object.keys(properties)[0];
    if (property !== undefined) {
      throw new VivaceError(
        'INVALID_ANALYZE_PROPERTY',
        `Catalog '${this.catalogName}' analyze property '${property}' does not exist`,
      );
    }
    return analyzeTable(this, await this.metadata.requireTable(name));
  }

  /**
   * CREATE CATALOG's check: the metastore directory's file system can be reached with the
   * catalog's credentials (one listing request on S3, no retries), so an unreachable endpoint or a
   * rejected key fails the statement with HIVE_FILESYSTEM_ERROR naming the location.
   */
  async verify(): Promise<void> {
    if (this.fs instanceof SchemeDispatchingFileSystem) {
      await checkFileSystemAccess(this.fs, this.config.catalogDirectory);
    } else {
      await this.fs.directoryExists(this.config.catalogDirectory);
    }
  }

  /** A dropped catalog: releases the S3 connection pool (a query still running on it reopens one). */
  close(): void {
    if (this.fs instanceof SchemeDispatchingFileSystem) void this.fs.close().catch(() => {});
  }

  async warmUp(): Promise<void> {
    // Compiles the WebAssembly decoder in the background rather than in the first query.
    parquetWasm();
  }

  /** The location of a managed table created in `schema` (for tests and tools). */
  managedLocation(schema: string, table: string): string {
    return joinLocation(this.config.catalogDirectory, schema, table);
  }
}

/** Table or partition parameters with a write's rows, files and bytes added (when they were known). */
function addBasicStatistics(
  parameters: Readonly<Record<string, string>>,
  files: readonly WrittenFile[],
): Record<string, string> {
  const add = (key: string, amount: number): string | undefined => {
    const value = Number(parameters[key]);
    return parameters[key] !== undefined && Number.isFinite(value) && value >= 0 ? String(value + amount) : undefined;
  };
  const rows = files.reduce((sum, f) => sum + f.rows, 0);
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  const next: Record<string, string> = { ...parameters };
  for (const [key, amount] of [
    ['numRows', rows],
    ['numFiles', files.length],
    ['totalSize', bytes],
  ] as const) {
    const value = add(key, amount);
    if (value !== undefined) next[key] = value;
  }
  return next;
}

/**
 * The connector of a catalog: its configuration checked first, then its one file system, made from
 * the same properties (`file://`/`local://` on the local disk, `s3://` once `fs.native-s3.enabled`).
 */
export function createLakeConnector(catalogName: string, properties: Readonly<Record<string, string>>): LakeConnector {
  const config = parseLakeConfig(properties);
  return new LakeConnector(catalogName, config, { fs: createFileSystem(properties) });
}

export const LAKE_CONNECTOR_FACTORY: ConnectorFactory = {
  name: LAKE_CONNECTOR_NAME,
  create: createLakeConnector,
  secretPropertyNames: FILE_SYSTEM_SECRET_PROPERTY_KEYS,
};
