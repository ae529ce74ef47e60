/**
 * The lake catalog's metadata over Trino's file metastore (metastore/file-metastore.ts): schemas
 * (`default` always exists: its document is written on first use), tables with their data,
 * partition and hidden columns, CREATE TABLE with Trino's table properties or, over an
 * `external_location` without a column list, columns inferred from the files, DROP TABLE
 * (managed: files go; external: files stay), statistics for the optimizer, and the pushdown of
 * filters on partition columns (enforced exactly when splits are listed).
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type {
  ConnectorMetadata,
  FilterApplication,
  PropertyMetadata,
  ScanTable,
  SchemaTableName,
  TableChange,
  TablePartitioning,
} from '../../../spi/connector.js';
import type {
  ColumnMetadata,
  ColumnStatistics,
  TableMetadata,
  TableStatistics,
  ViewDefinition,
} from '../../../spi/metadata.js';
import type { TupleDomain } from '../../../spi/tuple-domain.js';
import { isNumberDecimal } from '../../../spi/values.js';
import type { Type } from '../../../types/type.js';
import { formatType } from '../../../types/type-signature.js';
import type { CachingDirectoryLister } from '../fs/directory-lister.js';
import type { FileSystem } from '../fs/file-system.js';
import { isLocation, joinLocation, locationName, withoutTrailingSlash } from '../fs/location.js';
import { lakeError } from '../lake-errors.js';
import { type FileHiveMetastore, METADATA_FILE } from '../metastore/file-metastore.js';
import { toHiveType } from '../metastore/hive-types.js';
import type { LakeColumn, LakeColumnStatistics, LakePartition, LakeTable } from '../metastore/metastore-model.js';
import type { ParquetFooterCache } from '../parquet/parquet-footer.js';
import { BUCKETING_VERSION_PARAMETER } from '../partition/hive-bucketing.js';
import { parsePartitionName } from '../partition/hive-partitions.js';
import type { LakeConfig, LakeFormat } from './lake-config.js';
import { asTableHandle, fromJsonColumns } from './lake-handles.js';
import { inferTable } from './lake-inference.js';
import { syncPartitionMetadata } from './lake-partition-sync.js';
import {
  bucketPropertyJson,
  checkBucketing,
  checkFormatProperties,
  lakeTableProperties,
  PARTITIONS_TABLE_SUFFIX,
  PROPERTIES_TABLE_SUFFIX,
  parseTableProperties,
  partitionsTableMetadata,
  propertiesTableMetadata,
  SKIP_HEADER_PARAMETER,
  tableBucketing,
  tableFormat,
  tableMetadata,
  textParameters,
} from './lake-table-definition.js';
import { isView, viewDocument, viewOfDocument } from './lake-views.js';
import { isVisible, pendingWriteIds, WRITES_DIRECTORY } from './lake-writes.js';

export const DEFAULT_SCHEMA = 'default';

/** The table parameter holding its comment (Hive's and Trino's name). */
const COMMENT_PARAMETER = 'comment';

export interface LakeMetadataOptions {
  readonly catalogName: string;
  readonly config: LakeConfig;
  readonly fs: FileSystem;
  readonly metastore: FileHiveMetastore;
  readonly footers: ParquetFooterCache;
  readonly lister: CachingDirectoryLister;
  /** The session user, for the owner fields (the SPI has no session yet). */
  readonly owner?: string;
}

const EPOCH_DAY_MS = 86_400_000;

export class LakeMetadata implements ConnectorMetadata {
  private readonly catalogName: string;
  private readonly metastore: FileHiveMetastore;
  readonly schemaProperties: readonly PropertyMetadata[] = [
    {
      name: 'location',
      type: 'varchar',
      defaultValue: '',
      description: 'Location of the schema; its tables are below it',
    },
  ];

  constructor(private readonly options: LakeMetadataOptions) {
    this.catalogName = options.catalogName;
    this.metastore = options.metastore;
  }

  get tableProperties(): readonly PropertyMetadata[] {
    return lakeTableProperties(this.options.config.storageFormat);
  }

  private qualified(schema: string, table?: string): string {
    return table === undefined ? `${this.catalogName}.${schema}` : `${this.catalogName}.${schema}.${table}`;
  }

  /** The `default` schema exists from the start; its document is written when first needed. */
  private async ensureDefaultSchema(schema: string): Promise<void> {
    if (schema !== DEFAULT_SCHEMA || (await this.metastore.getDatabase(schema)) !== undefined) return;
    try {
      await this.metastore.createDatabase({ name: schema, ownerName: 'public', ownerType: 'ROLE', parameters: {} });
    } catch (error) {
      if (!(error instanceof VivaceError && error.errorName === 'SCHEMA_ALREADY_EXISTS')) throw error;
    }
  }

  async listSchemas(): Promise<readonly string[]> {
    const names = new Set(await this.metastore.listDatabases());
    names.add(DEFAULT_SCHEMA);
    return [...names].sort();
  }

  async schemaExists(schema: string): Promise<boolean> {
    return schema === DEFAULT_SCHEMA || (await this.metastore.getDatabase(schema)) !== undefined;
  }

  async listTables(schema?: string): Promise<readonly SchemaTableName[]> {
    return this.listRelations(schema, false);
  }

  async listViews(schema?: string): Promise<readonly SchemaTableName[]> {
    return this.listRelations(schema, true);
  }

  /** The tables, or the views, of a schema (or of all): the metastore lists both as tables. */
  private async listRelations(schema: string | undefined, views: boolean): Promise<SchemaTableName[]> {
    const schemas = schema === undefined ? await this.listSchemas() : [schema];
    const lists = await Promise.all(
      schemas.map(async (s) => {
        const names = await this.metastore.listTables(s);
        const documents = await Promise.all(names.map((table) => this.metastore.getTable(s, table)));
        return names
          .filter((_, i) => {
            const document = documents[i];
            return document !== undefined && isView(document) === views;
          })
          .map((table) => ({ schema: s, table }));
      }),
    );
    return lists.flat();
  }

  async getView(name: SchemaTableName): Promise<ViewDefinition | undefined> {
    const stored = await this.lakeTable(name);
    return stored === undefined || !isView(stored) ? undefined : viewOfDocument(this.catalogName, stored);
  }

  /** CREATE [OR REPLACE] VIEW: a Trino view document in the metastore (lake-views.ts). */
  async createView(view: ViewDefinition, replace: boolean): Promise<void> {
    const name = { schema: view.name.schema, table: view.name.name };
    await this.ensureDefaultSchema(name.schema);
    if (!(await this.schemaExists(name.schema))) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${this.qualified(name.schema)}' does not exist`);
    }
    const document = viewDocument(view, this.options.owner ?? 'vivace');
    const existing = await this.lakeTable(name);
    if (existing !== undefined) {
      if (!isView(existing)) {
        throw new VivaceError(
          'TABLE_ALREADY_EXISTS',
          `Table '${this.qualified(name.schema, name.table)}' already exists`,
        );
      }
      if (!replace) {
        throw new VivaceError(
          'TABLE_ALREADY_EXISTS',
          `View '${this.qualified(name.schema, name.table)}' already exists`,
        );
      }
      await this.metastore.replaceTable(document);
      return;
    }
    await this.metastore.createTable(document);
  }

  async dropView(name: SchemaTableName): Promise<void> {
    const stored = await this.lakeTable(name);
    if (stored === undefined || !isView(stored)) {
      throw new VivaceError('TABLE_NOT_FOUND', `View '${this.qualified(name.schema, name.table)}' does not exist`);
    }
    await this.metastore.dropTable(name.schema, name.table, false);
  }

  /** The stored table, or undefined. */
  lakeTable(name: SchemaTableName): Promise<LakeTable | undefined> {
    return this.metastore.getTable(name.schema, name.table);
  }

  async requireTable(name: SchemaTableName): Promise<LakeTable> {
    const table = await this.lakeTable(name);
    if (table === undefined && (await this.getTable(name)) !== undefined) {
      // `t$partitions` is read-only: writes, deletes, drops and ANALYZE of it are refused.
      throw new VivaceError(
        'NOT_SUPPORTED',
        `Cannot modify the system table '${this.qualified(name.schema, name.table)}'`,
      );
    }
    if (table === undefined || table.tableType === 'VIRTUAL_VIEW') {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${this.qualified(name.schema, name.table)}' does not exist`);
    }
    return table;
  }

  async getTable(name: SchemaTableName): Promise<TableMetadata | undefined> {
    if (name.table.endsWith(PARTITIONS_TABLE_SUFFIX)) {
      // `t$partitions` exists for a partitioned table t (Trino's hidden table; Superset reads it).
      const base = { schema: name.schema, table: name.table.slice(0, -PARTITIONS_TABLE_SUFFIX.length) };
      const table = await this.getTable(base);
      const stored = table === undefined ? undefined : await this.lakeTable(base);
      if (table === undefined || stored === undefined || stored.partitionColumns.length === 0) return undefined;
      return partitionsTableMetadata(table, stored);
    }
    if (name.table.endsWith(PROPERTIES_TABLE_SUFFIX)) {
      // `t$properties`: the table's parameters as one row (Trino's hidden table).
      const base = { schema: name.schema, table: name.table.slice(0, -PROPERTIES_TABLE_SUFFIX.length) };
      const table = await this.getTable(base);
      const stored = table === undefined ? undefined : await this.lakeTable(base);
      if (table === undefined || stored === undefined) return undefined;
      return propertiesTableMetadata(table, stored);
    }
    const table = await this.lakeTable(name);
    if (table === undefined || table.tableType === 'VIRTUAL_VIEW' || table.tableType === 'MATERIALIZED_VIEW') {
      return undefined;
    }
    return tableMetadata(
      this.catalogName,
      table,
      this.metastore.tableLocation(table),
      this.metastore.tableMetadataDirectory(table.schemaName, table.tableName),
    );
  }

  async createSchema(schema: string, properties: Readonly<Record<string, unknown>>): Promise<void> {
    const parameters: Record<string, string> = {};
    for (const [name, value] of Object.entries(properties)) {
      if (name !== 'location') {
        throw new VivaceError(
          'INVALID_SCHEMA_PROPERTY',
          `Catalog '${this.catalogName}' schema property '${name}' does not exist`,
        );
      }
      if (typeof value !== 'string' || !isLocation(value)) {
        throw new VivaceError('INVALID_SCHEMA_PROPERTY', `Invalid location URI: ${String(value)}`);
      }
      parameters['location'] = withoutTrailingSlash(value);
    }
    await this.metastore.createDatabase({
      name: schema,
      ownerName: this.options.owner ?? 'vivace',
      ownerType: 'USER',
      parameters,
    });
  }

  async dropSchema(schema: string, cascade: boolean): Promise<void> {
    if (cascade) {
      for (const name of await this.metastore.listTables(schema)) await this.dropTable({ schema, table: name });
    }
    await this.metastore.dropDatabase(schema, false);
  }

  async createTable(
    name: SchemaTableName,
    columns: readonly ColumnMetadata[],
    properties: Readonly<Record<string, unknown>>,
    comment?: string,
  ): Promise<void> {
    const config = this.options.config;
    const parsed = parseTableProperties(this.catalogName, properties);
    await this.ensureDefaultSchema(name.schema);
    if (!(await this.schemaExists(name.schema))) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${this.qualified(name.schema)}' does not exist`);
    }
    let external = parsed.externalLocation;
    if (external !== undefined) {
      if (!config.nonManagedTableCreates) {
        throw new VivaceError('NOT_SUPPORTED', 'Cannot create non-managed Hive table');
      }
      if (!isLocation(external)) {
        throw new VivaceError(
          'INVALID_TABLE_PROPERTY',
          `External location is not a valid file system URI: ${external}`,
        );
      }
      external = withoutTrailingSlash(external);
      if (!(await this.options.fs.directoryExists(external))) {
        throw new VivaceError('INVALID_TABLE_PROPERTY', `External location does not exist: ${external}`);
      }
    }
    let format: LakeFormat = parsed.format ?? config.storageFormat;
    let dataColumns: LakeColumn[];
    let partitionColumns: LakeColumn[];
    let skipHeader = parsed.skipHeaderLineCount;
    if (columns.length === 0) {
      if (external === undefined) {
        throw new VivaceError(
          'INVALID_TABLE_PROPERTY',
          'A table without a column list needs external_location: its columns are inferred from the files there',
        );
      }
      const inferred = await inferTable({
        fs: this.options.fs,
        footers: this.options.footers,
        location: external,
        ...(parsed.format !== undefined && { format: parsed.format }),
        defaultFormat: config.storageFormat,
        dialect: {
          separator: parsed.csvSeparator ?? ',',
          quote: parsed.csvQuote ?? '"',
          escape: parsed.csvEscape ?? '\\',
        },
        ...(parsed.nullFormat !== undefined && { nullFormat: parsed.nullFormat }),
        ...(parsed.skipHeaderLineCount !== undefined && { header: parsed.skipHeaderLineCount > 0 }),
      });
      format = inferred.format;
      if (format === 'CSV' && skipHeader === undefined && inferred.header) skipHeader = 1;
      dataColumns = inferred.dataColumns.map((c) => ({ name: c.name, type: c.type }));
      partitionColumns = inferred.partitionColumns.map((c) => ({ name: c.name, type: c.type }));
      if (
        parsed.partitionedBy.length > 0 &&
        parsed.partitionedBy.join() !== partitionColumns.map((c) => c.name).join()
      ) {
        throw new VivaceError(
          'INVALID_TABLE_PROPERTY',
          `partitioned_by (${parsed.partitionedBy.join(', ')}) differs from the partition directories found at ${external} (${partitionColumns.map((c) => c.name).join(', ') || 'none'})`,
        );
      }
    } else {
      const all = columns.map((c) => ({
        name: c.name,
        type: c.type,
        ...(c.comment !== undefined && { comment: c.comment }),
      }));
      const names = all.map((c) => c.name);
      for (const key of parsed.partitionedBy) {
        if (!names.includes(key)) {
          throw new VivaceError('INVALID_TABLE_PROPERTY', `Partition columns [${key}] not present in schema`);
        }
      }
      const tail = names.slice(names.length - parsed.partitionedBy.length);
      if (parsed.partitionedBy.length > 0 && tail.join() !== parsed.partitionedBy.join()) {
        throw new VivaceError(
          'INVALID_TABLE_PROPERTY',
          'Partition keys must be the last columns in the table and in the same order as the table properties: ' +
            `[${parsed.partitionedBy.join(', ')}]`,
        );
      }
      partitionColumns = all.slice(all.length - parsed.partitionedBy.length);
      dataColumns = all.slice(0, all.length - parsed.partitionedBy.length);
      if (dataColumns.length === 0) {
        throw new VivaceError('INVALID_TABLE_PROPERTY', 'Table contains only partition columns');
      }
      for (const column of partitionColumns) {
        if (column.type.kind === 'array' || column.type.kind === 'map' || column.type.kind === 'row') {
          throw new VivaceError(
            'NOT_SUPPORTED',
            `Unsupported type [${formatType(column.type)}] for partition: ${column.name}`,
          );
        }
      }
    }
    checkFormatProperties({ ...parsed, skipHeaderLineCount: parsed.skipHeaderLineCount }, format);
    if (parsed.bucketing !== undefined) checkBucketing(parsed.bucketing, dataColumns, partitionColumns);
    if (format === 'CSV') {
      const nested = dataColumns.filter((c) => ['array', 'map', 'row'].includes(c.type.kind));
      if (nested.length > 0) {
        throw new VivaceError(
          'NOT_SUPPORTED',
          `CSV files cannot hold nested columns: ${nested.map((c) => `${c.name} ${formatType(c.type)}`).join(', ')}`,
        );
      }
    }
    const { parameters, serdeParameters } = textParameters({ ...parsed, skipHeaderLineCount: skipHeader });
    if (skipHeader !== undefined) parameters[SKIP_HEADER_PARAMETER] = String(skipHeader);
    // Where Hive and Trino keep a table's comment.
    if (comment !== undefined) parameters[COMMENT_PARAMETER] = comment;
    if (parsed.bucketing !== undefined) {
      parameters[BUCKETING_VERSION_PARAMETER] = String(parsed.bucketing.bucketingVersion);
    }
    const table: LakeTable = {
      schemaName: name.schema,
      tableName: name.table,
      owner: this.options.owner ?? 'vivace',
      tableType: external === undefined ? 'MANAGED_TABLE' : 'EXTERNAL_TABLE',
      dataColumns,
      partitionColumns,
      // A new managed table is empty: writes keep these counts (the optimizer's row count).
      parameters:
        external === undefined && partitionColumns.length === 0
          ? { ...parameters, numRows: '0', numFiles: '0', totalSize: '0' }
          : parameters,
      storageFormat: format,
      serdeParameters,
      ...(parsed.bucketing !== undefined && { bucketProperty: bucketPropertyJson(parsed.bucketing) }),
      ...(external !== undefined && { externalLocation: external }),
      columnStatistics: {},
    };
    const database = await this.metastore.getDatabase(name.schema);
    const schemaLocation = database?.parameters['location'];
    if (external === undefined) {
      // A managed table's directory must be new: files there (a renamed table's data, which stays
      // where it was) would become this table's rows.
      const location =
        schemaLocation === undefined
          ? this.metastore.tableMetadataDirectory(name.schema, name.table)
          : joinLocation(schemaLocation, name.table);
      for await (const file of this.options.fs.list(location)) {
        if (locationName(file.location) === METADATA_FILE) continue;
        throw lakeError(
          'HIVE_PATH_ALREADY_EXISTS',
          `Target directory for table '${name.schema}.${name.table}' already exists: ${location}`,
        );
      }
    }
    await this.metastore.createTable(
      schemaLocation === undefined || external !== undefined
        ? table
        : { ...table, parameters: { ...table.parameters, location: joinLocation(schemaLocation, name.table) } },
    );
    if (external !== undefined && partitionColumns.length > 0) {
      // The directories that exist become the table's partitions (an implicit sync ... 'ADD').
      const created = await this.requireTable(name);
      await syncPartitionMetadata(this.options.fs, this.metastore, created, 'ADD');
    }
  }

  /** DELETE of whole partitions: each is unregistered and, for a managed table, its directory deleted. */
  async deletePartitions(name: SchemaTableName, partitions: readonly string[]): Promise<void> {
    const table = await this.requireTable(name);
    if (table.tableType !== 'MANAGED_TABLE' && !this.options.config.nonManagedTableWrites) {
      throw new VivaceError('NOT_SUPPORTED', 'Cannot delete from non-managed Hive table');
    }
    for (const partition of partitions) {
      await this.metastore.dropPartition(table, parsePartitionName(partition).values, true);
    }
    this.options.lister.invalidate(this.metastore.tableLocation(table));
  }

  /**
   * TRUNCATE TABLE, and DELETE without a WHERE of an unpartitioned table: a partitioned table's
   * partitions are dropped (a managed table's directories with them); an unpartitioned table's
   * visible data files are deleted and its statistics reset. Files of writes still in progress
   * are left alone: they appear when their write commits, as rows inserted after the truncation.
   */
  async truncateTable(name: SchemaTableName, statement: 'TRUNCATE' | 'DELETE'): Promise<void> {
    const table = await this.requireTable(name);
    if (table.tableType !== 'MANAGED_TABLE' && !this.options.config.nonManagedTableWrites) {
      throw new VivaceError(
        'NOT_SUPPORTED',
        statement === 'TRUNCATE'
          ? 'Cannot truncate non-managed Hive table'
          : 'Cannot delete from non-managed Hive table',
      );
    }
    const { fs, lister, config } = this.options;
    const location = this.metastore.tableLocation(table);
    if (table.partitionColumns.length > 0) {
      for (const partition of await this.metastore.listPartitionNames(table)) {
        await this.metastore.dropPartition(table, parsePartitionName(partition).values, true);
      }
    } else {
      const pending = await pendingWriteIds(
        fs,
        this.metastore.tableMetadataDirectory(table.schemaName, table.tableName),
      );
      lister.invalidate(location);
      for (const file of await lister.listFiles(location, config.recursiveDirectories)) {
        if (isVisible(file.location, pending)) await fs.delete(file.location);
      }
      await this.metastore.updateStatistics(table, undefined, {}, { numRows: '0', numFiles: '0', totalSize: '0' });
    }
    lister.invalidate(location);
  }

  async setTableComment(name: SchemaTableName, comment: string | null): Promise<void> {
    const table = await this.requireTable(name);
    const { [COMMENT_PARAMETER]: _old, ...parameters } = table.parameters;
    await this.metastore.replaceTable({
      ...table,
      parameters: comment === null ? parameters : { ...parameters, [COMMENT_PARAMETER]: comment },
    });
  }

  async setColumnComment(name: SchemaTableName, column: string, comment: string | null): Promise<void> {
    const table = await this.requireTable(name);
    const withComment = (c: LakeColumn): LakeColumn => {
      if (c.name !== column) return c;
      const { comment: _old, ...rest } = c;
      return comment === null ? rest : { ...rest, comment };
    };
    await this.metastore.replaceTable({
      ...table,
      dataColumns: table.dataColumns.map(withComment),
      partitionColumns: table.partitionColumns.map(withComment),
    });
  }

  /**
   * ALTER TABLE ADD, DROP and RENAME COLUMN change the table's document only, as Trino's Hive
   * connector does: Parquet and JSON files are read by column name (a new column reads as NULL
   * from older files; a renamed one reads NULL from files written before the rename, as in Trino),
   * CSV files by position (a column is added at the end; dropping one would shift the others, so
   * it is refused). Partition and bucketing columns cannot be dropped or renamed.
   */
  readonly alterations: readonly TableChange['kind'][] = ['renameTable', 'addColumn', 'dropColumn', 'renameColumn'];

  async alterTable(name: SchemaTableName, change: TableChange): Promise<void> {
    const table = await this.requireTable(name);
    const format = tableFormat(table);
    const qualified = `${this.catalogName}.${name.schema}.${name.table}`;
    const partitionColumn = (column: string) => table.partitionColumns.some((c) => c.name === column);
    const bucketing = tableBucketing(table);
    const bucketColumn = (column: string) =>
      bucketing !== undefined &&
      (bucketing.bucketedBy.includes(column) || bucketing.sortedBy.some((c) => c.columnName === column));
    switch (change.kind) {
      case 'renameTable': {
        const target = change.target;
        await this.ensureDefaultSchema(target.schema);
        try {
          await this.metastore.renameTable(name.schema, name.table, target.schema, target.table, [WRITES_DIRECTORY]);
        } catch (error) {
          // The metastore names tables without their catalog.
          if (error instanceof VivaceError && error.errorName === 'TABLE_ALREADY_EXISTS') {
            throw new VivaceError(
              'TABLE_ALREADY_EXISTS',
              `Table '${this.qualified(target.schema, target.table)}' already exists`,
            );
          }
          if (error instanceof VivaceError && error.errorName === 'SCHEMA_NOT_FOUND') {
            throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${this.qualified(target.schema)}' does not exist`);
          }
          throw error;
        }
        this.options.lister.invalidate(this.metastore.tableLocation(table));
        return;
      }
      case 'addColumn': {
        const column = change.column;
        if (format === 'CSV' && ['array', 'map', 'row'].includes(column.type.kind)) {
          throw new VivaceError(
            'NOT_SUPPORTED',
            `CSV files cannot hold nested columns: ${column.name} ${formatType(column.type)}`,
          );
        }
        const added: LakeColumn = {
          name: column.name,
          type: column.type,
          ...(column.comment !== undefined && { comment: column.comment }),
        };
        await this.metastore.replaceTable({ ...table, dataColumns: [...table.dataColumns, added] });
        return;
      }
      case 'dropColumn': {
        const column = change.column;
        if (partitionColumn(column)) throw new VivaceError('NOT_SUPPORTED', 'Cannot drop partition columns');
        if (bucketColumn(column)) {
          throw new VivaceError('NOT_SUPPORTED', `Cannot drop bucketing column '${column}' of table ${qualified}`);
        }
        if (table.dataColumns.length <= 1) {
          throw new VivaceError('NOT_SUPPORTED', 'Cannot drop the only non-partition column in a table');
        }
        if (format === 'CSV') {
          throw new VivaceError(
            'NOT_SUPPORTED',
            `Cannot drop a column of CSV table ${qualified}: its files hold columns by position`,
          );
        }
        const { [column]: _dropped, ...statistics } = table.columnStatistics;
        await this.metastore.replaceTable({
          ...table,
          dataColumns: table.dataColumns.filter((c) => c.name !== column),
          columnStatistics: statistics,
        });
        return;
      }
      case 'renameColumn': {
        const { from, to } = change;
        if (partitionColumn(from))
          throw new VivaceError('NOT_SUPPORTED', 'Renaming partition columns is not supported');
        if (bucketColumn(from)) {
          throw new VivaceError('NOT_SUPPORTED', `Cannot rename bucketing column '${from}' of table ${qualified}`);
        }
        const { [from]: moved, ...statistics } = table.columnStatistics;
        await this.metastore.replaceTable({
          ...table,
          dataColumns: table.dataColumns.map((c) => (c.name === from ? { ...c, name: to } : c)),
          // A CSV column keeps its values under its new name; a Parquet or JSON one reads NULL.
          columnStatistics: format === 'CSV' && moved !== undefined ? { ...statistics, [to]: moved } : statistics,
        });
        return;
      }
    }
  }

  async dropTable(name: SchemaTableName): Promise<void> {
    const table = await this.requireTable(name);
    await this.metastore.dropTable(name.schema, name.table, table.tableType === 'MANAGED_TABLE');
  }

  /**
   * Takes the constraint on partition columns (enforced exactly where splits are listed: a
   * partition is read only if its value is in the domain); data columns stay with the engine
   * (row groups are skipped by their statistics, rows are not filtered).
   */
  applyFilter(scan: ScanTable, constraint: TupleDomain): FilterApplication | undefined {
    const handle = asTableHandle(scan.handle);
    const partitionNames = new Set(handle.partitionColumns.map((c) => c.name));
    const taken: Record<string, TupleDomain['columns'][string]> = {};
    const remaining: Record<string, TupleDomain['columns'][string]> = {};
    for (const [column, domain] of Object.entries(constraint.columns)) {
      if (partitionNames.has(column)) taken[column] = domain;
      else remaining[column] = domain;
    }
    if (Object.keys(taken).length === 0 && constraint.none !== true) return undefined;
    const previous = handle.partitionConstraint?.columns ?? {};
    for (const [column, domain] of Object.entries(taken)) {
      if (previous[column] !== undefined) remaining[column] = domain; // an earlier domain stays; recheck
    }
    return {
      handle: {
        ...handle,
        partitionConstraint: {
          ...(constraint.none === true || handle.partitionConstraint?.none === true ? { none: true } : {}),
          columns: {
            ...previous,
            ...Object.fromEntries(Object.entries(taken).filter(([c]) => previous[c] === undefined)),
          },
        },
      },
      remaining: { ...(constraint.none === true && { none: true }), columns: remaining },
    };
  }

  /**
   * A bucketed table's partitioning: rows with equal bucket-column values are in the same bucket
   * of every table bucketed alike (the same version, count and Hive types of the columns), so
   * such tables join where their rows are.
   */
  getTablePartitioning(scan: ScanTable): TablePartitioning | undefined {
    const handle = asTableHandle(scan.handle);
    const bucketing = handle.bucketing;
    if (bucketing === undefined || handle.partitionsTable === true || handle.propertiesTable !== undefined) {
      return undefined;
    }
    const types = fromJsonColumns(bucketing.columns).map((c) => toHiveType(c.type));
    return {
      handle: `hive-bucket:v${bucketing.version}:${bucketing.bucketCount}:${types.join(',')}`,
      columns: bucketing.columns.map((c) => c.name),
    };
  }

  async getTableStatistics(name: SchemaTableName): Promise<TableStatistics | undefined> {
    if (!this.options.config.tableStatistics) return undefined;
    const table = await this.lakeTable(name);
    if (table === undefined) return undefined;
    if (table.partitionColumns.length === 0) {
      const rowCount =
        numRows(table.parameters) ?? (await this.footerRowCount(table, [this.metastore.tableLocation(table)]));
      return {
        ...(rowCount !== undefined && { rowCount }),
        columns: columnStatistics(table.dataColumns, [table], rowCount),
      };
    }
    const names = await this.metastore.listPartitionNames(table);
    if (names.length > 10_000) return { columns: {} };
    const partitions = await this.metastore.getPartitionsByNames(table, names);
    let rowCount: number | undefined = 0;
    for (const partition of partitions) {
      const rows = numRows(partition.parameters);
      rowCount = rows === undefined || rowCount === undefined ? undefined : rowCount + rows;
    }
    rowCount ??= await this.footerRowCount(
      table,
      partitions.map((p) => this.metastore.partitionLocation(table, p)),
    );
    const columns: Record<string, ColumnStatistics> = columnStatistics(table.dataColumns, partitions, rowCount);
    table.partitionColumns.forEach((column, i) => {
      const values = partitions.map((p) => p.values[i] ?? null);
      const present = values.filter((v) => v !== null);
      columns[column.name] = {
        distinctValues: new Set(present).size,
        ...(values.length > 0 && { nullFraction: (values.length - present.length) / values.length }),
      };
    });
    return { ...(rowCount !== undefined && { rowCount }), columns };
  }

  /**
   * The row count of a Parquet table without `numRows` (external files): the sum of its files'
   * footers, when it has at most MAX_FOOTERS_FOR_STATISTICS files; else unknown.
   */
  private async footerRowCount(table: LakeTable, directories: readonly string[]): Promise<number | undefined> {
    if (tableFormatOrUndefined(table) !== 'PARQUET') return undefined;
    let files = 0;
    let rows = 0;
    for (const directory of directories) {
      const listed = await this.options.lister.listFiles(directory, this.options.config.recursiveDirectories);
      files += listed.length;
      if (files > MAX_FOOTERS_FOR_STATISTICS) return undefined;
      for (const file of listed) {
        if (file.size === 0) continue;
        try {
          const footer = await this.options.footers.get(this.options.fs, file.location, file);
          rows += Number(footer.metadata.num_rows);
        } catch {
          return undefined; // a bad file fails the query that reads it, not its planning
        }
      }
    }
    return rows;
  }
}

/** Most files whose footers are read for a row count at planning time (the footers are cached). */
const MAX_FOOTERS_FOR_STATISTICS = 2000;

function numRows(parameters: Readonly<Record<string, string>>): number | undefined {
  const value = Number(parameters['numRows']);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Column statistics of the table (unpartitioned) or summed over its partitions. */
function columnStatistics(
  columns: readonly LakeColumn[],
  holders: readonly (LakePartition | LakeTable)[],
  rowCount: number | undefined,
): Record<string, ColumnStatistics> {
  const result: Record<string, ColumnStatistics> = {};
  for (const column of columns) {
    const stats = holders.map((h) => h.columnStatistics[column.name]).filter((s): s is LakeColumnStatistics => !!s);
    if (stats.length === 0 || stats.length !== holders.length) continue;
    let nulls: number | undefined = 0;
    let distinct: number | undefined = 0;
    let min: unknown;
    let max: unknown;
    for (const s of stats) {
      nulls = s.nullsCount === undefined || nulls === undefined ? undefined : nulls + s.nullsCount;
      distinct =
        s.distinctValuesCount === undefined || distinct === undefined
          ? undefined
          : Math.max(distinct, s.distinctValuesCount);
      const range = spiRange(s, column.type);
      if (range.min !== undefined && (min === undefined || (range.min as number) < (min as number))) min = range.min;
      if (range.max !== undefined && (max === undefined || (range.max as number) > (max as number))) max = range.max;
    }
    const size = stats[0]?.averageColumnLength;
    result[column.name] = {
      ...(distinct !== undefined && { distinctValues: distinct }),
      ...(nulls !== undefined && rowCount !== undefined && rowCount > 0 && { nullFraction: nulls / rowCount }),
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
      ...(size !== undefined && { averageSize: size }),
    };
  }
  return result;
}

/** A stored min/max in the SPI value representation of the column's type. */
function spiRange(stats: LakeColumnStatistics, type: Type): { min?: unknown; max?: unknown } {
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return { min: stats.integerStatistics?.min, max: stats.integerStatistics?.max };
    case 'real':
    case 'double':
      return { min: stats.doubleStatistics?.min, max: stats.doubleStatistics?.max };
    case 'date': {
      const day = (text: string | undefined) =>
        text === undefined ? undefined : Math.round(Date.parse(`${text}T00:00:00Z`) / EPOCH_DAY_MS);
      return { min: day(stats.dateStatistics?.min), max: day(stats.dateStatistics?.max) };
    }
    case 'decimal': {
      if (!isNumberDecimal(type)) return {};
      const unscaled = (v: number | undefined) => (v === undefined ? undefined : Math.round(v * 10 ** type.scale));
      return { min: unscaled(stats.decimalStatistics?.min), max: unscaled(stats.decimalStatistics?.max) };
    }
    default:
      return {};
  }
}

function tableFormatOrUndefined(table: LakeTable): LakeFormat | undefined {
  try {
    return tableFormat(table);
  } catch {
    return undefined;
  }
}
