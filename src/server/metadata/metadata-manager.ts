/**
 * The engine's one view of all catalogs: implements the analyzer's MetadataView over the
 * CatalogManager's connectors and passes through what planning and execution need (statistics,
 * splits, page sources and sinks) and the DDL statements. Names are case-insensitive: every name
 * is canonicalised to lowercase before a connector sees it, and answers carry catalog-qualified
 * canonical names.
 *
 * Everything here is synchronous because both connectors live in this process. A remote connector
 * would be read asynchronously before analysis: statement-metadata.ts is the per-statement view
 * whose `prefetch` fills its cache ahead of the analyzer, which then only reads the cache.
 *
 * DDL checks the conditions common to every connector first (catalog, schema and relation
 * existence) with Trino's messages, then asks the connector, which answers NOT_SUPPORTED when it
 * has no such operation.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { CatalogManager } from '../../connectors/catalog/catalog-manager.js';
import { withInformationSchema } from '../../connectors/information-schema/information-schema-connector.js';
import type { ScanSource } from '../../execution/local-planner.js';
import type {
  Connector,
  ConnectorMetadata,
  ConnectorPageSink,
  ConnectorPageSource,
  ConnectorSplit,
  SchemaTableName,
} from '../../spi/connector.js';
import type {
  ColumnMetadata,
  MetadataView,
  QualifiedObjectName,
  TableMetadata,
  TableStatistics,
  ViewDefinition,
} from '../../spi/metadata.js';
import type { TupleDomain } from '../../spi/tuple-domain.js';
import type { Type } from '../../types/type.js';

/** Connectors whose schemas are not all listed (tpch's `sfN`) answer existence themselves. */
type SchemaCheckingMetadata = ConnectorMetadata & { schemaExists?(schema: string): boolean };

export interface MetadataManagerOptions {
  /** Splits asked of connectors per table scan (how many drivers can read in parallel). */
  readonly desiredSplits?: number;
}

export function canonicalName(name: QualifiedObjectName): QualifiedObjectName {
  return { catalog: name.catalog.toLowerCase(), schema: name.schema.toLowerCase(), name: name.name.toLowerCase() };
}

function schemaTable(name: QualifiedObjectName): SchemaTableName {
  return { schema: name.schema, table: name.name };
}

function qualified(name: QualifiedObjectName): string {
  return `${name.catalog}.${name.schema}.${name.name}`;
}

function notSupported(operation: string): VivaceError {
  return new VivaceError('NOT_SUPPORTED', `This connector does not support ${operation}`);
}

export class MetadataManager implements MetadataView {
  readonly desiredSplits: number;
  private readonly withInformationSchema = new WeakMap<Connector, Connector>();

  constructor(
    readonly catalogs: CatalogManager,
    options: MetadataManagerOptions = {},
  ) {
    this.desiredSplits = Math.max(1, Math.floor(options.desiredSplits ?? 4));
  }

  /**
   * The catalog's connector as the engine sees it: wrapped so that every catalog also answers for
   * its `information_schema` (the wrapper is made once per connector instance).
   */
  private connectorOf(catalog: string): Connector | undefined {
    const raw = this.catalogs.connectorOf(catalog.toLowerCase());
    if (raw === undefined) return undefined;
    let wrapped = this.withInformationSchema.get(raw);
    if (wrapped === undefined) {
      wrapped = withInformationSchema(catalog.toLowerCase(), raw);
      this.withInformationSchema.set(raw, wrapped);
    }
    return wrapped;
  }

  private connector(catalog: string): Connector {
    const connector = this.connectorOf(catalog);
    if (connector === undefined)
      throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${catalog.toLowerCase()}' not found`);
    return connector;
  }

  // --- MetadataView (never throws for unknown names: answers false/undefined) ---

  catalogExists(catalog: string): boolean {
    return this.catalogs.getCatalog(catalog.toLowerCase()) !== undefined;
  }

  schemaExists(catalog: string, schema: string): boolean {
    const metadata = this.connectorOf(catalog)?.metadata as SchemaCheckingMetadata | undefined;
    if (metadata === undefined) return false;
    const canonical = schema.toLowerCase();
    return metadata.schemaExists?.(canonical) ?? metadata.listSchemas().includes(canonical);
  }

  getTable(name: QualifiedObjectName): TableMetadata | undefined {
    const canonical = canonicalName(name);
    const table = this.connectorOf(canonical.catalog)?.metadata.getTable(schemaTable(canonical));
    return table === undefined ? undefined : { ...table, name: canonical };
  }

  getView(name: QualifiedObjectName): ViewDefinition | undefined {
    const canonical = canonicalName(name);
    const view = this.connectorOf(canonical.catalog)?.metadata.getView?.(schemaTable(canonical));
    return view === undefined ? undefined : { ...view, name: canonical };
  }

  getTableStatistics(name: QualifiedObjectName): TableStatistics | undefined {
    const canonical = canonicalName(name);
    return this.connectorOf(canonical.catalog)?.metadata.getTableStatistics?.(schemaTable(canonical));
  }

  // --- Listing (unknown catalog: CATALOG_NOT_FOUND) ---

  listCatalogs(): string[] {
    return this.catalogs.listCatalogs().map((catalog) => catalog.name);
  }

  listSchemas(catalog: string): string[] {
    return [...this.connector(catalog).metadata.listSchemas()].sort();
  }

  listTables(catalog: string, schema?: string): QualifiedObjectName[] {
    const name = catalog.toLowerCase();
    return this.connector(name)
      .metadata.listTables(schema?.toLowerCase())
      .map((t) => ({ catalog: name, schema: t.schema, name: t.table }));
  }

  listViews(catalog: string, schema?: string): QualifiedObjectName[] {
    const name = catalog.toLowerCase();
    const views = this.connector(name).metadata.listViews?.(schema?.toLowerCase()) ?? [];
    return views.map((v) => ({ catalog: name, schema: v.schema, name: v.table }));
  }

  // --- Reading ---

  private requireTable(name: QualifiedObjectName): { connector: Connector; table: SchemaTableName } {
    const connector = this.connector(name.catalog);
    const table = schemaTable(name);
    if (connector.metadata.getTable(table) === undefined) {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(name)}' does not exist`);
    }
    return { connector, table };
  }

  getSplits(name: QualifiedObjectName, constraint?: TupleDomain, desiredSplits?: number): readonly ConnectorSplit[] {
    const { connector, table } = this.requireTable(canonicalName(name));
    return connector.getSplits({ table, constraint, desiredSplits: desiredSplits ?? this.desiredSplits });
  }

  createPageSource(
    name: QualifiedObjectName,
    split: ConnectorSplit,
    columns: readonly string[],
    columnTypes: readonly Type[],
    constraint?: TupleDomain,
    limit?: number,
  ): ConnectorPageSource {
    const canonical = canonicalName(name);
    return this.connector(canonical.catalog).createPageSource({
      split,
      table: schemaTable(canonical),
      columns: columns.map((c) => c.toLowerCase()),
      columnTypes,
      constraint,
      limit,
    });
  }

  /** Splits of a table scan and the page sources to read them (what the local planner asks for). */
  scanSource(
    name: QualifiedObjectName,
    columns: readonly string[],
    columnTypes: readonly Type[],
    constraint?: TupleDomain,
    limit?: number,
  ): ScanSource {
    const canonical = canonicalName(name);
    const splits = this.getSplits(canonical, constraint);
    return {
      splits,
      createPageSource: (split) => this.createPageSource(canonical, split, columns, columnTypes, constraint, limit),
    };
  }

  // --- Writing ---

  /** The connector's handle for a write into the table (carried in the plan to every sink), if it has one. */
  insertHandle(name: QualifiedObjectName): unknown {
    const { connector, table } = this.requireTable(canonicalName(name));
    return connector.insertHandle?.({ table });
  }

  /** The nodes holding a table's data when only they can read it (memory tables), else undefined. */
  dataNodes(name: QualifiedObjectName): readonly string[] | undefined {
    const { connector, table } = this.requireTable(canonicalName(name));
    return connector.dataNodes?.(table);
  }

  createPageSink(name: QualifiedObjectName, columns: readonly string[], handle?: unknown): ConnectorPageSink {
    const canonical = canonicalName(name);
    const connector = this.connector(canonical.catalog);
    if (connector.createPageSink === undefined) throw notSupported('inserts');
    const lowered = columns.map((c) => c.toLowerCase());
    // A worker has no metadata: the handle made on the coordinator says everything the sink needs.
    if (handle !== undefined)
      return connector.createPageSink({ table: schemaTable(canonical), columns: lowered, handle });
    const { table } = this.requireTable(canonical);
    return connector.createPageSink({ table, columns: lowered });
  }

  finishInsert(name: QualifiedObjectName, columns: readonly string[], fragments: readonly unknown[]): void {
    const canonical = canonicalName(name);
    const connector = this.connector(canonical.catalog);
    if (connector.finishInsert === undefined) throw notSupported('inserts');
    connector.finishInsert({ table: schemaTable(canonical), columns: columns.map((c) => c.toLowerCase()) }, fragments);
  }

  /** Drops what the sinks of a failed INSERT buffered, where the connector keeps such data. */
  abortInsert(name: QualifiedObjectName, fragments: readonly unknown[]): void {
    const connector = this.catalogs.connectorOf(name.catalog.toLowerCase());
    connector?.abortInsert?.(fragments);
  }

  // --- DDL ---

  createSchema(catalog: string, schema: string, properties: Readonly<Record<string, unknown>> = {}): void {
    const name = catalog.toLowerCase();
    const canonical = schema.toLowerCase();
    const metadata = this.connector(name).metadata;
    if (this.schemaExists(name, canonical)) {
      throw new VivaceError('SCHEMA_ALREADY_EXISTS', `Schema '${name}.${canonical}' already exists`);
    }
    if (metadata.createSchema === undefined) throw notSupported('creating schemas');
    metadata.createSchema(canonical, properties);
  }

  dropSchema(catalog: string, schema: string, cascade: boolean): void {
    const name = catalog.toLowerCase();
    const canonical = schema.toLowerCase();
    const metadata = this.connector(name).metadata;
    if (!this.schemaExists(name, canonical)) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${name}.${canonical}' does not exist`);
    }
    if (metadata.dropSchema === undefined) throw notSupported('dropping schemas');
    metadata.dropSchema(canonical, cascade);
  }

  private checkRelationIsNew(name: QualifiedObjectName, metadata: ConnectorMetadata): void {
    if (!this.schemaExists(name.catalog, name.schema)) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${name.catalog}.${name.schema}' does not exist`);
    }
    if (metadata.getTable(schemaTable(name)) !== undefined) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `Table '${qualified(name)}' already exists`);
    }
  }

  createTable(
    name: QualifiedObjectName,
    columns: readonly ColumnMetadata[],
    properties: Readonly<Record<string, unknown>> = {},
  ): void {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    this.checkRelationIsNew(canonical, metadata);
    if (metadata.getView?.(schemaTable(canonical)) !== undefined) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `Table '${qualified(canonical)}' already exists`);
    }
    if (metadata.createTable === undefined) throw notSupported('creating tables');
    metadata.createTable(
      schemaTable(canonical),
      columns.map((c) => ({ ...c, name: c.name.toLowerCase() })),
      properties,
    );
  }

  /** A table's columns, row count and version for a rewrite (DELETE, UPDATE, TRUNCATE, ALTER TABLE). */
  tableData(name: QualifiedObjectName): { version: number; columns: readonly ColumnMetadata[]; rowCount: number } {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if (metadata.getTable(schemaTable(canonical)) === undefined) {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(canonical)}' does not exist`);
    }
    if (
      metadata.tableData === undefined ||
      metadata.replaceTable === undefined ||
      metadata.createStagingTable === undefined
    ) {
      throw notSupported('modifying table data');
    }
    return metadata.tableData(schemaTable(canonical));
  }

  /** A hidden table beside `name` with `columns`, for the new contents of a rewrite. */
  createStagingTable(name: QualifiedObjectName, columns: readonly ColumnMetadata[]): QualifiedObjectName {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if (metadata.createStagingTable === undefined) throw notSupported('modifying table data');
    const staging = metadata.createStagingTable(schemaTable(canonical), columns);
    return { catalog: canonical.catalog, schema: staging.schema, name: staging.table };
  }

  /** Replaces a table's columns and rows (and its name) atomically, unless it changed since `expectedVersion`. */
  replaceTable(
    name: QualifiedObjectName,
    expectedVersion: number,
    data: { columns: readonly ColumnMetadata[]; contents: 'keep' | 'empty' | { staging: QualifiedObjectName } },
    rename?: QualifiedObjectName,
  ): void {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if (metadata.replaceTable === undefined) throw notSupported('modifying table data');
    let target: SchemaTableName | undefined;
    if (rename !== undefined) {
      const renamed = canonicalName(rename);
      if (renamed.catalog !== canonical.catalog) {
        throw new VivaceError('NOT_SUPPORTED', 'Table rename across catalogs is not supported');
      }
      target = schemaTable(renamed);
    }
    const contents = data.contents;
    metadata.replaceTable(
      schemaTable(canonical),
      expectedVersion,
      {
        columns: data.columns,
        contents: typeof contents === 'string' ? contents : { staging: schemaTable(canonicalName(contents.staging)) },
      },
      target,
    );
  }

  dropTable(name: QualifiedObjectName): void {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if (metadata.getTable(schemaTable(canonical)) === undefined) {
      if (metadata.getView?.(schemaTable(canonical)) !== undefined) {
        throw new VivaceError(
          'GENERIC_USER_ERROR',
          `Table '${qualified(canonical)}' does not exist, but a view with that name exists. Did you mean DROP VIEW ${qualified(canonical)}?`,
        );
      }
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(canonical)}' does not exist`);
    }
    if (metadata.dropTable === undefined) throw notSupported('dropping tables');
    metadata.dropTable(schemaTable(canonical));
  }

  createView(view: ViewDefinition, replace: boolean): void {
    const canonical = canonicalName(view.name);
    const metadata = this.connector(canonical.catalog).metadata;
    this.checkRelationIsNew(canonical, metadata);
    if (!replace && metadata.getView?.(schemaTable(canonical)) !== undefined) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `View '${qualified(canonical)}' already exists`);
    }
    if (metadata.createView === undefined) throw notSupported('creating views');
    metadata.createView({ ...view, name: canonical }, replace);
  }

  dropView(name: QualifiedObjectName): void {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if (metadata.getView?.(schemaTable(canonical)) === undefined) {
      if (metadata.getTable(schemaTable(canonical)) !== undefined) {
        throw new VivaceError(
          'GENERIC_USER_ERROR',
          `View '${qualified(canonical)}' does not exist, but a table with that name exists. Did you mean DROP TABLE ${qualified(canonical)}?`,
        );
      }
      throw new VivaceError('TABLE_NOT_FOUND', `View '${qualified(canonical)}' does not exist`);
    }
    if (metadata.dropView === undefined) throw notSupported('dropping views');
    metadata.dropView(schemaTable(canonical));
  }
}
