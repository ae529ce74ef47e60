/**
 * Trino's file metastore (`hive.metastore=file`) on the lake file system: schemas, tables,
 * partitions and their statistics as JSON documents below the catalog directory, laid out exactly
 * as Trino lays them out (fact sheet §1.4), so that Vivace and Trino can share one:
 *
 *   <catalog>/.<schema>.trinoSchema              a schema (beside, not inside, its directory)
 *   <catalog>/<schema>/<table>/.trinoSchema      a table; also a managed table's data directory
 *   <catalog>/<schema>/<table>/.trinoPermissions/ grants (kept, not interpreted)
 *   <catalog>/<schema>/<table>/k1=v1/k2=v2/.trinoSchema   a partition (exists iff this file does)
 *
 * Every update is one atomic file operation: a new document is created exclusively (two creators
 * of one table cannot both win), a changed one is replaced whole (write then rename locally, a PUT
 * on object storage). The coordinator is the only writer (as in Trino); within the process the
 * writes are serialised. Listings of tables and partitions are cached with a size bound and a time
 * to live (other processes, or people, may add directories), and dropped on our own writes.
 *
 * `writerVersion`: Trino refuses to read documents whose writerVersion differs from its own
 * version unless `hive.metastore.version-compatibility=UNSAFE_ASSUME_COMPATIBILITY` is set. Vivace
 * writes its own name and version (`vivace-0.1.0`), honestly, rather than impersonating one Trino
 * release: any Trino reading a shared catalog directory needs that property anyway, since two
 * Trino releases fail the same check against each other. The option `writerVersion` lets a
 * deployment write a given Trino version string instead, for one fixed Trino that must read it
 * without the property. On reading, Vivace accepts every writerVersion.
 *
 * Schema locations: Trino's file metastore has none (a schema's tables go to <catalog>/<schema>/);
 * a location given at CREATE SCHEMA is kept in the schema's parameters (`location`), and managed
 * tables of such a schema put their data there, recorded in the table's `location` parameter,
 * which Trino's file metastore also honours.
 *
 * Why one long file: it is the single writer of the metastore documents; splitting reads from
 * writes would split the cache and its invalidation, which must stay together.
 */
import { VERSION } from '../../../common/version.js';
import { VivaceError } from '../../../common/vivace-error.js';
import { BoundedCache } from '../bounded-cache.js';
import type { FileSystem } from '../fs/file-system.js';
import { isWithin, joinLocation, relativeLocation, withoutTrailingSlash } from '../fs/location.js';
import { lakeError } from '../lake-errors.js';
import { makePartitionName, parsePartitionName } from '../partition/hive-partitions.js';
import {
  databaseFromJson,
  databaseToJson,
  documentBytes,
  type LakeColumnStatistics,
  type LakeDatabase,
  type LakePartition,
  type LakeTable,
  parseDocument,
  partitionFromJson,
  partitionToJson,
  tableFromJson,
  tableToJson,
} from './metastore-model.js';

export const METADATA_FILE = '.trinoSchema';
export const PERMISSIONS_DIRECTORY = '.trinoPermissions';
export const DEFAULT_WRITER_VERSION = `vivace-${VERSION}`;
const MAX_NAME_LENGTH = 128;

export interface FileMetastoreOptions {
  readonly fs: FileSystem;
  /** `hive.metastore.catalog.dir`. */
  readonly catalogDirectory: string;
  /** Written into every document; default `vivace-<version>` (see the file comment). */
  readonly writerVersion?: string;
  /** Precision of Hive `timestamp` columns (`hive.timestamp-precision`): 3, 6 or 9; default 3. */
  readonly timestampPrecision?: number;
  /** Whether managed tables must lie in <catalog>/<schema>/<table> and external locations must exist. */
  readonly locationChecks?: boolean;
  /** How long a cached listing is trusted, ms (default 10 s, as Trino's table listing cache). */
  readonly listingCacheTtlMillis?: number;
  /** How many listings and documents the caches hold at most (default 10,000). */
  readonly maxCachedEntries?: number;
}

export class FileHiveMetastore {
  readonly catalogDirectory: string;
  private readonly fs: FileSystem;
  private readonly writerVersion: string;
  private readonly timestampPrecision: number;
  private readonly locationChecks: boolean;
  private readonly listings: BoundedCache<string, readonly string[]>;
  private readonly tables: BoundedCache<string, LakeTable | null>;
  private writeQueue: Promise<unknown> = Promise.resolve();

  constructor(options: FileMetastoreOptions) {
    this.fs = options.fs;
    this.catalogDirectory = withoutTrailingSlash(options.catalogDirectory);
    this.writerVersion = options.writerVersion ?? DEFAULT_WRITER_VERSION;
    this.timestampPrecision = options.timestampPrecision ?? 3;
    this.locationChecks = options.locationChecks ?? true;
    const cacheOptions = {
      maxWeight: options.maxCachedEntries ?? 10_000,
      ttlMillis: options.listingCacheTtlMillis ?? 10_000,
    };
    this.listings = new BoundedCache(cacheOptions);
    this.tables = new BoundedCache(cacheOptions);
  }

  /** Runs metastore updates one at a time (Trino's methods are synchronized). */
  private serialize<T>(update: () => Promise<T>): Promise<T> {
    const run = this.writeQueue.then(update, update);
    this.writeQueue = run.catch(() => undefined);
    return run;
  }

  private schemaFile(schema: string): string {
    return joinLocation(this.catalogDirectory, `.${schema}${METADATA_FILE}`);
  }

  private schemaDirectory(schema: string): string {
    return joinLocation(this.catalogDirectory, schema);
  }

  /** Where the table's metadata lives (and a managed table's data, unless its schema has a location). */
  tableMetadataDirectory(schema: string, table: string): string {
    return joinLocation(this.catalogDirectory, schema, table);
  }

  // ---- schemas ----

  async listDatabases(): Promise<string[]> {
    const names: string[] = [];
    for await (const file of this.fs.list(this.catalogDirectory)) {
      const name = relativeLocation(file.location, this.catalogDirectory);
      if (name === undefined || name.includes('/')) continue;
      if (name.startsWith('.') && name.endsWith(METADATA_FILE) && name.length > METADATA_FILE.length + 1) {
        names.push(name.slice(1, -METADATA_FILE.length));
      }
    }
    return names.sort();
  }

  async getDatabase(name: string): Promise<LakeDatabase | undefined> {
    const location = this.schemaFile(name);
    const bytes = await this.readIfExists(location);
    return bytes === undefined ? undefined : databaseFromJson(name, parseDocument(bytes, location), location);
  }

  /** The directory where the schema's managed tables go: its `location` parameter or <catalog>/<schema>. */
  databaseLocation(database: LakeDatabase): string {
    return withoutTrailingSlash(database.parameters['location'] ?? this.schemaDirectory(database.name));
  }

  createDatabase(database: LakeDatabase): Promise<void> {
    return this.serialize(async () => {
      checkName('Schema', database.name);
      const location = this.schemaFile(database.name);
      try {
        await this.fs.createExclusive(location, documentBytes(databaseToJson(database, this.writerVersion)));
      } catch (error) {
        if (error instanceof VivaceError && error.errorName === 'HIVE_PATH_ALREADY_EXISTS') {
          throw new VivaceError('SCHEMA_ALREADY_EXISTS', `Schema '${database.name}' already exists`);
        }
        throw error;
      }
    });
  }

  /** Deletes the schema; it must have no table (HIVE_METASTORE_ERROR otherwise, as Trino's metastore). */
  dropDatabase(name: string, deleteData: boolean): Promise<void> {
    return this.serialize(async () => {
      const database = await this.getDatabase(name);
      if (database === undefined) throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${name}' does not exist`);
      if ((await this.listTablesUncached(name)).length > 0) {
        throw lakeError('HIVE_METASTORE_ERROR', `Database ${name} is not empty`);
      }
      await this.fs.delete(this.schemaFile(name));
      if (deleteData) await this.fs.deleteDirectory(this.schemaDirectory(name));
      this.listings.delete(`tables:${name}`);
    });
  }

  // ---- tables ----

  /** The tables of a schema: subdirectories holding a `.trinoSchema` (cached). */
  async listTables(schema: string): Promise<readonly string[]> {
    const key = `tables:${schema}`;
    const cached = this.listings.get(key);
    if (cached !== undefined) return cached;
    const names = await this.listTablesUncached(schema);
    this.listings.set(key, names);
    return names;
  }

  private async listTablesUncached(schema: string): Promise<string[]> {
    const directory = this.schemaDirectory(schema);
    const candidates = await this.fs.listDirectories(directory);
    const checks = await Promise.all(
      candidates.map((name) => this.fs.exists(joinLocation(directory, name, METADATA_FILE))),
    );
    return candidates.filter((_, i) => checks[i]);
  }

  async getTable(schema: string, table: string): Promise<LakeTable | undefined> {
    const key = `${schema}.${table}`;
    const cached = this.tables.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const location = joinLocation(this.tableMetadataDirectory(schema, table), METADATA_FILE);
    const bytes = await this.readIfExists(location);
    const result =
      bytes === undefined
        ? null
        : tableFromJson(schema, table, parseDocument(bytes, location), location, this.timestampPrecision);
    this.tables.set(key, result);
    return result ?? undefined;
  }

  /** Where the table's data lies: the external location, a `location` parameter, or its metadata directory. */
  tableLocation(table: LakeTable): string {
    return withoutTrailingSlash(
      table.externalLocation ??
        table.parameters['location'] ??
        this.tableMetadataDirectory(table.schemaName, table.tableName),
    );
  }

  createTable(table: LakeTable): Promise<void> {
    return this.serialize(async () => {
      checkName('Table', table.tableName);
      if ((await this.getDatabase(table.schemaName)) === undefined) {
        throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${table.schemaName}' does not exist`);
      }
      await this.checkTableLocation(table);
      const location = joinLocation(this.tableMetadataDirectory(table.schemaName, table.tableName), METADATA_FILE);
      try {
        await this.fs.createExclusive(location, this.tableBytes(table));
      } catch (error) {
        if (error instanceof VivaceError && error.errorName === 'HIVE_PATH_ALREADY_EXISTS') {
          throw new VivaceError(
            'TABLE_ALREADY_EXISTS',
            `Table '${table.schemaName}.${table.tableName}' already exists`,
          );
        }
        throw error;
      }
      this.invalidateTable(table.schemaName, table.tableName);
    });
  }

  private async checkTableLocation(table: LakeTable): Promise<void> {
    if (table.tableType === 'EXTERNAL_TABLE') {
      if (table.externalLocation === undefined) {
        throw lakeError('HIVE_METASTORE_ERROR', 'External table location must be set for an EXTERNAL_TABLE');
      }
      if (this.locationChecks && !(await this.fs.directoryExists(table.externalLocation))) {
        throw lakeError('HIVE_METASTORE_ERROR', `External table location does not exist: ${table.externalLocation}`);
      }
      return;
    }
    if (table.externalLocation !== undefined) {
      throw lakeError('HIVE_METASTORE_ERROR', `Only an EXTERNAL_TABLE can have an external location`);
    }
    const custom = table.parameters['location'];
    if (custom === undefined || !this.locationChecks) return;
    const database = await this.getDatabase(table.schemaName);
    const expected = joinLocation(
      database ? this.databaseLocation(database) : this.schemaDirectory(table.schemaName),
      table.tableName,
    );
    if (withoutTrailingSlash(custom) !== expected) {
      throw lakeError('HIVE_METASTORE_ERROR', `Table directory must be ${expected}: ${custom}`);
    }
  }

  /** Replaces a table's document (new parameters, statistics, columns); the table must exist. */
  replaceTable(table: LakeTable): Promise<void> {
    return this.serialize(async () => {
      const location = joinLocation(this.tableMetadataDirectory(table.schemaName, table.tableName), METADATA_FILE);
      if (!(await this.fs.exists(location))) {
        throw new VivaceError('TABLE_NOT_FOUND', `Table '${table.schemaName}.${table.tableName}' does not exist`);
      }
      await this.fs.replace(location, this.tableBytes(table));
      this.invalidateTable(table.schemaName, table.tableName);
    });
  }

  /**
   * Renames a table (Trino's renameTable): its documents — the table's, its partitions', its
   * grants and the files in `carriedDirectories` (below its metadata directory) — move to the new
   * name's metadata directory; its data stays where it is. A managed table whose data lay in its
   * old metadata directory keeps it there, named by a `location` parameter. No store here can
   * rename a directory atomically, so the documents are copied first and the old ones deleted
   * after: a failure half-way leaves both names, never neither.
   */
  renameTable(
    schema: string,
    tableName: string,
    newSchema: string,
    newTableName: string,
    carriedDirectories: readonly string[],
  ): Promise<void> {
    return this.serialize(async () => {
      checkName('Table', newTableName);
      const table = await this.getTable(schema, tableName);
      if (table === undefined)
        throw new VivaceError('TABLE_NOT_FOUND', `Table '${schema}.${tableName}' does not exist`);
      if ((await this.getDatabase(newSchema)) === undefined) {
        throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${newSchema}' does not exist`);
      }
      const from = this.tableMetadataDirectory(schema, tableName);
      const to = this.tableMetadataDirectory(newSchema, newTableName);
      if (await this.fs.exists(joinLocation(to, METADATA_FILE))) {
        throw new VivaceError('TABLE_ALREADY_EXISTS', `Table '${newSchema}.${newTableName}' already exists`);
      }
      const dataLocation = this.tableLocation(table);
      const renamed: LakeTable = {
        ...table,
        schemaName: newSchema,
        tableName: newTableName,
        parameters:
          table.tableType === 'MANAGED_TABLE' && table.parameters['location'] === undefined
            ? { ...table.parameters, location: dataLocation }
            : table.parameters,
      };
      const carried = [PERMISSIONS_DIRECTORY, ...carriedDirectories];
      const moved: string[] = [];
      for await (const file of this.fs.list(from)) {
        const relative = relativeLocation(file.location, from);
        if (relative === undefined || relative === METADATA_FILE) continue;
        const isPartitionDocument =
          relative.endsWith(`/${METADATA_FILE}`) &&
          relative.split('/').every((s) => s.includes('=') || s === METADATA_FILE);
        if (!isPartitionDocument && !carried.some((d) => relative.startsWith(`${d}/`))) continue;
        await this.fs.replace(joinLocation(to, relative), await this.fs.readFile(file.location));
        moved.push(file.location);
      }
      // The new table document last: until it exists, the new name is no table.
      await this.fs.createExclusive(joinLocation(to, METADATA_FILE), this.tableBytes(renamed));
      await this.fs.delete(joinLocation(from, METADATA_FILE));
      for (const location of moved) await this.fs.delete(location);
      this.invalidateTable(schema, tableName);
      this.invalidateTable(newSchema, newTableName);
    });
  }

  /**
   * Drops a table: a managed table's whole directory goes (data, partitions, metadata) when
   * `deleteData`; an external table loses only its metadata and grants, its files stay.
   */
  dropTable(schema: string, tableName: string, deleteData: boolean): Promise<void> {
    return this.serialize(async () => {
      const table = await this.getTable(schema, tableName);
      if (table === undefined)
        throw new VivaceError('TABLE_NOT_FOUND', `Table '${schema}.${tableName}' does not exist`);
      const metadataDirectory = this.tableMetadataDirectory(schema, tableName);
      if (table.tableType === 'MANAGED_TABLE' && deleteData) {
        const dataLocation = this.tableLocation(table);
        // The metadata file goes first: a crash half-way leaves files, never a table without them.
        await this.fs.delete(joinLocation(metadataDirectory, METADATA_FILE));
        if (dataLocation !== metadataDirectory) await this.fs.deleteDirectory(dataLocation);
        await this.fs.deleteDirectory(metadataDirectory);
      } else {
        await this.fs.delete(joinLocation(metadataDirectory, METADATA_FILE));
        await this.fs.deleteDirectory(joinLocation(metadataDirectory, PERMISSIONS_DIRECTORY));
        const dataLocation = this.tableLocation(table);
        if (
          table.tableType === 'EXTERNAL_TABLE' &&
          !isWithin(dataLocation, metadataDirectory) &&
          !isWithin(metadataDirectory, dataLocation)
        ) {
          // The metadata directory holds only metadata (partition documents included): it all goes.
          await this.fs.deleteDirectory(metadataDirectory);
        } else if (table.tableType === 'EXTERNAL_TABLE') {
          await this.deletePartitionDocuments(table);
        }
      }
      this.invalidateTable(schema, tableName);
    });
  }

  private async deletePartitionDocuments(table: LakeTable): Promise<void> {
    for (const name of await this.listPartitionNamesUncached(table)) {
      await this.fs.delete(
        joinLocation(this.tableMetadataDirectory(table.schemaName, table.tableName), name, METADATA_FILE),
      );
    }
  }

  private tableBytes(table: LakeTable): Uint8Array {
    if (table.partitionColumns.length > 0 && Object.keys(table.columnStatistics).length > 0) {
      throw lakeError('HIVE_METASTORE_ERROR', 'A partitioned table keeps its column statistics in its partitions');
    }
    return documentBytes(tableToJson(table, this.writerVersion, this.timestampPrecision));
  }

  private invalidateTable(schema: string, table: string): void {
    this.tables.delete(`${schema}.${table}`);
    this.listings.delete(`tables:${schema}`);
    this.listings.delete(`partitions:${schema}.${table}`);
  }

  // ---- partitions ----

  /** `k1=v1/k2=v2` names of the table's partitions (directories holding a `.trinoSchema`, cached). */
  async listPartitionNames(table: LakeTable): Promise<readonly string[]> {
    const key = `partitions:${table.schemaName}.${table.tableName}`;
    const cached = this.listings.get(key);
    if (cached !== undefined) return cached;
    const names = await this.listPartitionNamesUncached(table);
    this.listings.set(key, names);
    return names;
  }

  private async listPartitionNamesUncached(table: LakeTable): Promise<string[]> {
    const depth = table.partitionColumns.length;
    if (depth === 0) return [];
    const directory = this.tableMetadataDirectory(table.schemaName, table.tableName);
    const names: string[] = [];
    for await (const file of this.fs.list(directory)) {
      const relative = relativeLocation(file.location, directory);
      if (relative === undefined || !relative.endsWith(`/${METADATA_FILE}`)) continue;
      const name = relative.slice(0, -METADATA_FILE.length - 1);
      const segments = name.split('/');
      if (segments.length === depth && segments.every((s) => s.includes('=') && !s.startsWith('.'))) names.push(name);
    }
    return names.sort();
  }

  async getPartition(table: LakeTable, values: readonly (string | null)[]): Promise<LakePartition | undefined> {
    const name = this.partitionName(table, values);
    const location = joinLocation(this.tableMetadataDirectory(table.schemaName, table.tableName), name, METADATA_FILE);
    const bytes = await this.readIfExists(location);
    return bytes === undefined
      ? undefined
      : partitionFromJson(values, parseDocument(bytes, location), location, this.timestampPrecision);
  }

  /** The partitions of the given names (as listed), in order; a name with no document is left out. */
  async getPartitionsByNames(table: LakeTable, names: readonly string[]): Promise<LakePartition[]> {
    const found = await Promise.all(names.map((name) => this.getPartition(table, parsePartitionName(name).values)));
    return found.filter((p): p is LakePartition => p !== undefined);
  }

  partitionName(table: LakeTable, values: readonly (string | null)[]): string {
    return makePartitionName(
      table.partitionColumns.map((c) => c.name),
      values,
    );
  }

  /** Where a partition's data lies: its external location, or the partition directory below the table. */
  partitionLocation(table: LakeTable, partition: LakePartition): string {
    return withoutTrailingSlash(
      partition.externalLocation ??
        joinLocation(this.tableLocation(table), this.partitionName(table, partition.values)),
    );
  }

  /** Registers partitions; ALREADY_EXISTS if one exists (none of the later ones is then added). */
  addPartitions(table: LakeTable, partitions: readonly LakePartition[]): Promise<void> {
    return this.serialize(async () => {
      for (const partition of partitions) {
        if (partition.values.length !== table.partitionColumns.length) {
          throw lakeError(
            'HIVE_METASTORE_ERROR',
            `Partition has ${partition.values.length} values, the table ${table.partitionColumns.length} partition columns`,
          );
        }
        await this.checkPartitionLocation(table, partition);
        const name = this.partitionName(table, partition.values);
        const location = joinLocation(
          this.tableMetadataDirectory(table.schemaName, table.tableName),
          name,
          METADATA_FILE,
        );
        try {
          await this.fs.createExclusive(location, documentBytes(partitionToJson(partition, this.timestampPrecision)));
        } catch (error) {
          if (error instanceof VivaceError && error.errorName === 'HIVE_PATH_ALREADY_EXISTS') {
            throw new VivaceError(
              'ALREADY_EXISTS',
              `Partition already exists: ${table.schemaName}.${table.tableName} ${name}`,
            );
          } else {
            throw error;
          }
        } finally {
          this.listings.delete(`partitions:${table.schemaName}.${table.tableName}`);
        }
      }
    });
  }

  private async checkPartitionLocation(table: LakeTable, partition: LakePartition): Promise<void> {
    if (!this.locationChecks || partition.externalLocation === undefined) return;
    if (table.tableType === 'MANAGED_TABLE') {
      throw lakeError('HIVE_METASTORE_ERROR', 'Partitions of a managed table lie in the table directory');
    }
    if (isWithin(partition.externalLocation, this.catalogDirectory)) {
      throw lakeError(
        'HIVE_METASTORE_ERROR',
        `External partition location must not be inside the catalog directory: ${partition.externalLocation}`,
      );
    }
    if (!(await this.fs.directoryExists(partition.externalLocation))) {
      throw lakeError(
        'HIVE_METASTORE_ERROR',
        `External partition location does not exist: ${partition.externalLocation}`,
      );
    }
  }

  /** Replaces a partition's document (statistics, parameters); HIVE_PARTITION_NOT_FOUND if it has none. */
  replacePartition(table: LakeTable, partition: LakePartition): Promise<void> {
    return this.serialize(async () => {
      const name = this.partitionName(table, partition.values);
      const location = joinLocation(
        this.tableMetadataDirectory(table.schemaName, table.tableName),
        name,
        METADATA_FILE,
      );
      if (!(await this.fs.exists(location))) {
        throw lakeError(
          'HIVE_PARTITION_NOT_FOUND',
          `Partition not found: ${table.schemaName}.${table.tableName} ${name}`,
        );
      }
      await this.fs.replace(location, documentBytes(partitionToJson(partition, this.timestampPrecision)));
    });
  }

  /** Unregisters a partition; with `deleteData`, a managed table's partition directory goes too. */
  dropPartition(table: LakeTable, values: readonly (string | null)[], deleteData: boolean): Promise<void> {
    return this.serialize(async () => {
      const name = this.partitionName(table, values);
      const directory = joinLocation(this.tableMetadataDirectory(table.schemaName, table.tableName), name);
      if (!(await this.fs.exists(joinLocation(directory, METADATA_FILE)))) {
        throw lakeError(
          'HIVE_PARTITION_NOT_FOUND',
          `Partition not found: ${table.schemaName}.${table.tableName} ${name}`,
        );
      }
      await this.fs.delete(joinLocation(directory, METADATA_FILE));
      if (deleteData && table.tableType === 'MANAGED_TABLE') {
        await this.fs.deleteDirectory(joinLocation(this.tableLocation(table), name));
      }
      this.listings.delete(`partitions:${table.schemaName}.${table.tableName}`);
    });
  }

  /** Sets (replaces) column statistics and basic-statistics parameters of a table or one of its partitions. */
  async updateStatistics(
    table: LakeTable,
    partitionValues: readonly (string | null)[] | undefined,
    statistics: Readonly<Record<string, LakeColumnStatistics>>,
    parameters: Readonly<Record<string, string>>,
  ): Promise<void> {
    if (partitionValues === undefined) {
      await this.replaceTable({
        ...table,
        parameters: { ...table.parameters, ...parameters },
        columnStatistics: statistics,
      });
      return;
    }
    const partition = await this.getPartition(table, partitionValues);
    if (partition === undefined) {
      throw lakeError(
        'HIVE_PARTITION_NOT_FOUND',
        `Partition not found: ${table.schemaName}.${table.tableName} ${this.partitionName(table, partitionValues)}`,
      );
    }
    await this.replacePartition(table, {
      ...partition,
      parameters: { ...partition.parameters, ...parameters },
      columnStatistics: statistics,
    });
  }

  /** Forgets cached listings and documents (Trino's flush_metadata_cache). */
  flushCache(): void {
    this.listings.clear();
    this.tables.clear();
  }

  private async readIfExists(location: string): Promise<Uint8Array | undefined> {
    try {
      return await this.fs.readFile(location);
    } catch (error) {
      if (error instanceof VivaceError && error.errorName === 'HIVE_FILE_NOT_FOUND') return undefined;
      throw error;
    }
  }
}

function checkName(kind: 'Schema' | 'Table', name: string): void {
  if (name.length > MAX_NAME_LENGTH) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `${kind} name must be shorter than or equal to '${MAX_NAME_LENGTH}' characters but got '${name.length}'`,
    );
  }
  if (name === '' || name.includes('/') || name.startsWith('.') || name !== name.toLowerCase()) {
    throw lakeError('HIVE_METASTORE_ERROR', `Invalid ${kind.toLowerCase()} name: '${name}'`);
  }
}
