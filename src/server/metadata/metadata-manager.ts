/**
 * The engine's one view of all catalogs over the CatalogManager's connectors: metadata reads and
 * DDL (asynchronous, as connectors may be remote), and what planning and execution need (splits,
 * page sources and sinks). Names are case-insensitive: every name is canonicalised to lowercase
 * before a connector sees it, and answers carry catalog-qualified canonical names.
 *
 * The analyzer and planner do not read this directly: statement-metadata.ts resolves what a
 * statement names into a per-statement cache first, which they then read synchronously. Metadata
 * statements (SHOW, DESCRIBE) and DDL await this manager.
 *
 * DDL checks the conditions common to every connector first (catalog, schema and relation
 * existence) with Trino's messages, then asks the connector, which answers NOT_SUPPORTED when it
 * has no such operation.
 */
import { type SourcePosition, VivaceError } from '../../common/vivace-error.js';
import type { CatalogManager } from '../../connectors/catalog/catalog-manager.js';
import { withInformationSchema } from '../../connectors/information-schema/information-schema-connector.js';
import type { ScanSource } from '../../execution/local-planner.js';
import {
  ANY_WORKER,
  type Connector,
  type ConnectorMetadata,
  type ConnectorPageSink,
  type ConnectorPageSource,
  type ConnectorSessionProperty,
  type ConnectorSplit,
  type ConnectorSplitSource,
  type FilterApplication,
  type KeyFilter,
  type LimitApplication,
  type RowLevelRewrite,
  type SchemaTableName,
  type SplitPlacement,
  type TableChange,
  type TablePartitioning,
} from '../../spi/connector.js';
import type {
  ColumnMetadata,
  QualifiedObjectName,
  TableMetadata,
  TableStatistics,
  ViewDefinition,
} from '../../spi/metadata.js';
import type { TupleDomain } from '../../spi/tuple-domain.js';
import type { Type } from '../../types/type.js';

export interface MetadataManagerOptions {
  /** Splits asked of connectors per table scan (how many drivers can read in parallel). */
  readonly desiredSplits?: number;
}

/** What the engine tells a connector about a scan when it asks for its splits. */
export interface ScanRequest {
  /** The scan's table handle (pushdown answers included). */
  readonly handle?: unknown;
  readonly columns?: readonly string[];
  readonly constraint?: TupleDomain;
  readonly desiredSplits?: number;
  /** The tasks that read the splits. */
  readonly tasks?: number;
}

/** A row-level change, as Trino's "This connector does not support ..." names it. */
export type RowLevelOperation =
  | 'deletes'
  | 'updates'
  | 'merges'
  | 'truncating tables'
  | 'renaming tables'
  | 'replacing tables'
  | 'adding columns'
  | 'dropping columns'
  | 'renaming columns'
  | 'setting column types';

/** The refusal of a change to a connector's system table (`TableMetadata.systemTable`), as the lake words it. */
export function systemTableRefusal(name: QualifiedObjectName, pos?: SourcePosition): VivaceError {
  return new VivaceError('NOT_SUPPORTED', `Cannot modify the system table '${qualified(canonicalName(name))}'`, pos);
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

export class MetadataManager {
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

  // --- Resolution (never throws for unknown names: answers false/undefined) ---

  /** Catalogs live in this process: no connector is asked. */
  catalogExists(catalog: string): boolean {
    return this.catalogs.getCatalog(catalog.toLowerCase()) !== undefined;
  }

  /** The catalog's session properties (none when its connector has none); undefined: no such catalog. */
  catalogSessionProperties(catalog: string): readonly ConnectorSessionProperty[] | undefined {
    if (!this.catalogExists(catalog)) return undefined;
    return this.catalogs.connectorOf(catalog.toLowerCase())?.sessionProperties ?? [];
  }

  async schemaExists(catalog: string, schema: string): Promise<boolean> {
    const metadata = this.connectorOf(catalog)?.metadata;
    if (metadata === undefined) return false;
    const canonical = schema.toLowerCase();
    if (metadata.schemaExists !== undefined) return metadata.schemaExists(canonical);
    return (await metadata.listSchemas()).includes(canonical);
  }

  async getTable(name: QualifiedObjectName): Promise<TableMetadata | undefined> {
    const canonical = canonicalName(name);
    const table = await this.connectorOf(canonical.catalog)?.metadata.getTable(schemaTable(canonical));
    return table === undefined ? undefined : { ...table, name: canonical };
  }

  async getView(name: QualifiedObjectName): Promise<ViewDefinition | undefined> {
    const canonical = canonicalName(name);
    const view = await this.connectorOf(canonical.catalog)?.metadata.getView?.(schemaTable(canonical));
    return view === undefined ? undefined : { ...view, name: canonical };
  }

  async getTableStatistics(name: QualifiedObjectName): Promise<TableStatistics | undefined> {
    const canonical = canonicalName(name);
    return this.connectorOf(canonical.catalog)?.metadata.getTableStatistics?.(schemaTable(canonical));
  }

  // --- Listing (unknown catalog: CATALOG_NOT_FOUND) ---

  listCatalogs(): string[] {
    return this.catalogs.listCatalogs().map((catalog) => catalog.name);
  }

  async listSchemas(catalog: string): Promise<string[]> {
    return [...(await this.connector(catalog).metadata.listSchemas())].sort();
  }

  async listTables(catalog: string, schema?: string): Promise<QualifiedObjectName[]> {
    const name = catalog.toLowerCase();
    const tables = await this.connector(name).metadata.listTables(schema?.toLowerCase());
    return tables.map((t) => ({ catalog: name, schema: t.schema, name: t.table }));
  }

  async listViews(catalog: string, schema?: string): Promise<QualifiedObjectName[]> {
    const name = catalog.toLowerCase();
    const views = (await this.connector(name).metadata.listViews?.(schema?.toLowerCase())) ?? [];
    return views.map((v) => ({ catalog: name, schema: v.schema, name: v.table }));
  }

  // --- Reading ---

  private async requireTable(name: QualifiedObjectName): Promise<{ connector: Connector; table: SchemaTableName }> {
    const connector = this.connector(name.catalog);
    const table = schemaTable(name);
    if ((await connector.metadata.getTable(table)) === undefined) {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(name)}' does not exist`);
    }
    return { connector, table };
  }

  /**
   * The split source of a scan of a table the statement resolved (a connector says itself when
   * the table is gone): the columns read, the constraint offered, the parallelism wanted.
   */
  getSplits(name: QualifiedObjectName, scan: ScanRequest = {}): ConnectorSplitSource {
    const canonical = canonicalName(name);
    return this.connector(canonical.catalog).getSplits({
      table: schemaTable(canonical),
      ...(scan.handle !== undefined ? { handle: scan.handle } : {}),
      ...(scan.columns !== undefined ? { columns: scan.columns.map((c) => c.toLowerCase()) } : {}),
      ...(scan.constraint !== undefined ? { constraint: scan.constraint } : {}),
      desiredSplits: scan.desiredSplits ?? this.desiredSplits,
      ...(scan.tasks !== undefined ? { tasks: scan.tasks } : {}),
    });
  }

  createPageSource(
    name: QualifiedObjectName,
    handle: unknown,
    split: ConnectorSplit,
    columns: readonly string[],
    columnTypes: readonly Type[],
    constraint?: TupleDomain,
    limit?: number,
    keyFilters?: readonly KeyFilter[],
  ): ConnectorPageSource {
    const canonical = canonicalName(name);
    return this.connector(canonical.catalog).createPageSource({
      split,
      table: schemaTable(canonical),
      ...(handle !== undefined ? { handle } : {}),
      columns: columns.map((c) => c.toLowerCase()),
      columnTypes,
      constraint,
      limit,
      ...(keyFilters !== undefined && keyFilters.length > 0 ? { keyFilters } : {}),
    });
  }

  /** Splits of a table scan and the page sources to read them (what the local planner asks for). */
  scanSource(
    name: QualifiedObjectName,
    handle: unknown,
    columns: readonly string[],
    columnTypes: readonly Type[],
    constraint?: TupleDomain,
    limit?: number,
  ): ScanSource {
    const canonical = canonicalName(name);
    return {
      splitSource: this.getSplits(canonical, { handle, columns, ...(constraint !== undefined ? { constraint } : {}) }),
      createPageSource: (split, keyFilters) =>
        this.createPageSource(canonical, handle, split, columns, columnTypes, constraint, limit, keyFilters),
    };
  }

  // --- Pushdown (synchronous: planning asks, connectors answer from their handles) ---

  /** Offers a scan's filter to its connector; undefined when it takes nothing. */
  applyFilter(name: QualifiedObjectName, handle: unknown, constraint: TupleDomain): FilterApplication | undefined {
    const canonical = canonicalName(name);
    const table = { table: schemaTable(canonical), ...(handle !== undefined ? { handle } : {}) };
    return this.connector(canonical.catalog).metadata.applyFilter?.(table, constraint);
  }

  /** Offers a scan's limit to its connector; undefined when it does not guarantee it. */
  applyLimit(name: QualifiedObjectName, handle: unknown, limit: number): LimitApplication | undefined {
    const canonical = canonicalName(name);
    const table = { table: schemaTable(canonical), ...(handle !== undefined ? { handle } : {}) };
    return this.connector(canonical.catalog).metadata.applyLimit?.(table, limit);
  }

  /** How a scan's splits partition its rows; the handle is qualified by the catalog's name. */
  getTablePartitioning(name: QualifiedObjectName, handle: unknown): TablePartitioning | undefined {
    const canonical = canonicalName(name);
    const table = { table: schemaTable(canonical), ...(handle !== undefined ? { handle } : {}) };
    const partitioning = this.connector(canonical.catalog).metadata.getTablePartitioning?.(table);
    return partitioning === undefined
      ? undefined
      : { ...partitioning, handle: `${canonical.catalog}:${partitioning.handle}` };
  }

  // --- Writing ---

  /** The connector's handle for a write into the table (carried in the plan to every sink), if it has one. */
  async insertHandle(name: QualifiedObjectName, session: Readonly<Record<string, string>> = {}): Promise<unknown> {
    const canonical = canonicalName(name);
    const { connector, table } = await this.requireTable(canonical);
    if (connector.createPageSink === undefined) throw notSupported('inserts');
    // The session's values of this catalog's properties (`catalog.name`), by their own names.
    const prefix = `${canonical.catalog}.`;
    const sessionProperties = Object.fromEntries(
      Object.entries(session)
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, value]) => [key.slice(prefix.length), value]),
    );
    return connector.insertHandle?.({ table, sessionProperties });
  }

  /** Where the table's splits can be read, as its connector declares (any worker when it does not say). */
  splitPlacement(name: QualifiedObjectName, handle?: unknown): SplitPlacement {
    const canonical = canonicalName(name);
    const table = { table: schemaTable(canonical), ...(handle !== undefined ? { handle } : {}) };
    return this.connector(canonical.catalog).splitPlacement?.(table) ?? ANY_WORKER;
  }

  /** The columns whose constraint can drop the table's splits (lower case); undefined: any column may. */
  splitPruningColumns(name: QualifiedObjectName, handle?: unknown): ReadonlySet<string> | undefined {
    const canonical = canonicalName(name);
    const table = { table: schemaTable(canonical), ...(handle !== undefined ? { handle } : {}) };
    const columns = this.connector(canonical.catalog).splitPruningColumns?.(table);
    return columns === undefined ? undefined : new Set(columns.map((c) => c.toLowerCase()));
  }

  createPageSink(name: QualifiedObjectName, columns: readonly string[], handle?: unknown): ConnectorPageSink {
    const canonical = canonicalName(name);
    const connector = this.connector(canonical.catalog);
    if (connector.createPageSink === undefined) throw notSupported('inserts');
    const lowered = columns.map((c) => c.toLowerCase());
    // A worker has no metadata: the handle made on the coordinator says everything the sink needs.
    return connector.createPageSink({
      table: schemaTable(canonical),
      columns: lowered,
      ...(handle !== undefined ? { handle } : {}),
    });
  }

  async finishInsert(
    name: QualifiedObjectName,
    columns: readonly string[],
    fragments: readonly unknown[],
    handle?: unknown,
  ): Promise<void> {
    const canonical = canonicalName(name);
    const connector = this.connector(canonical.catalog);
    if (connector.finishInsert === undefined) throw notSupported('inserts');
    await connector.finishInsert(
      {
        table: schemaTable(canonical),
        columns: columns.map((c) => c.toLowerCase()),
        ...(handle !== undefined && { handle }),
      },
      fragments,
    );
  }

  /** Drops what the sinks of a failed INSERT buffered, where the connector keeps such data. */
  async abortInsert(name: QualifiedObjectName, fragments: readonly unknown[]): Promise<void> {
    const connector = this.catalogs.connectorOf(name.catalog.toLowerCase());
    await connector?.abortInsert?.(fragments);
  }

  // --- DDL ---

  async createSchema(
    catalog: string,
    schema: string,
    properties: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    const name = catalog.toLowerCase();
    const canonical = schema.toLowerCase();
    const metadata = this.connector(name).metadata;
    if (await this.schemaExists(name, canonical)) {
      throw new VivaceError('SCHEMA_ALREADY_EXISTS', `Schema '${name}.${canonical}' already exists`);
    }
    if (metadata.createSchema === undefined) throw notSupported('creating schemas');
    await metadata.createSchema(canonical, properties);
  }

  async dropSchema(catalog: string, schema: string, cascade: boolean): Promise<void> {
    const name = catalog.toLowerCase();
    const canonical = schema.toLowerCase();
    const metadata = this.connector(name).metadata;
    if (!(await this.schemaExists(name, canonical))) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${name}.${canonical}' does not exist`);
    }
    if (metadata.dropSchema === undefined) throw notSupported('dropping schemas');
    await metadata.dropSchema(canonical, cascade);
  }

  private async checkRelationIsNew(name: QualifiedObjectName, metadata: ConnectorMetadata): Promise<void> {
    if (!(await this.schemaExists(name.catalog, name.schema))) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${name.catalog}.${name.schema}' does not exist`);
    }
    if ((await metadata.getTable(schemaTable(name))) !== undefined) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `Table '${qualified(name)}' already exists`);
    }
  }

  async createTable(
    name: QualifiedObjectName,
    columns: readonly ColumnMetadata[],
    properties: Readonly<Record<string, unknown>> = {},
    comment?: string,
  ): Promise<void> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    await this.checkRelationIsNew(canonical, metadata);
    if ((await metadata.getView?.(schemaTable(canonical))) !== undefined) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `Table '${qualified(canonical)}' already exists`);
    }
    if (metadata.createTable === undefined) throw notSupported('creating tables');
    await metadata.createTable(
      schemaTable(canonical),
      columns.map((c) => ({ ...c, name: c.name.toLowerCase() })),
      properties,
      comment,
    );
  }

  /** The row-level rewrite capability of a table's connector; NOT_SUPPORTED naming `operation` without it. */
  private rewriteOf(name: QualifiedObjectName, operation: RowLevelOperation): RowLevelRewrite {
    const rewrite = this.connector(name.catalog).metadata.rowLevelRewrite;
    if (rewrite === undefined) throw notSupported(operation);
    return rewrite;
  }

  /**
   * A table's columns, row count and version for a row-level change (`operation`, as Trino's
   * NOT_SUPPORTED message names it when the connector has no `rowLevelRewrite`).
   */
  async tableData(
    name: QualifiedObjectName,
    operation: RowLevelOperation,
  ): Promise<{ version: number; columns: readonly ColumnMetadata[]; rowCount: number }> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    const table = await metadata.getTable(schemaTable(canonical));
    if (table === undefined) {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(canonical)}' does not exist`);
    }
    if (table.systemTable === true) throw systemTableRefusal(canonical);
    return this.rewriteOf(canonical, operation).tableData(schemaTable(canonical));
  }

  /**
   * The visible columns of a table whose connector makes `kind` as a metadata change
   * (`ConnectorMetadata.alterTable`), or undefined when it rewrites the table instead.
   */
  async alterableColumns(
    name: QualifiedObjectName,
    kind: TableChange['kind'],
  ): Promise<readonly ColumnMetadata[] | undefined> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if (metadata.alterTable === undefined || !(metadata.alterations ?? []).includes(kind)) return undefined;
    const table = await this.existingTable(canonical, metadata);
    if (table.systemTable === true) throw systemTableRefusal(canonical);
    return table.columns.filter((c) => c.hidden !== true);
  }

  /** ALTER TABLE as a metadata change (after `alterableColumns` said the connector makes it). */
  async alterTable(name: QualifiedObjectName, change: TableChange): Promise<void> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if (metadata.alterTable === undefined) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'no alterTable');
    await metadata.alterTable(schemaTable(canonical), change);
  }

  /** A hidden table beside `name` with `columns`, for the new contents of a rewrite. */
  async createStagingTable(
    name: QualifiedObjectName,
    columns: readonly ColumnMetadata[],
    operation: RowLevelOperation,
  ): Promise<QualifiedObjectName> {
    const canonical = canonicalName(name);
    const staging = await this.rewriteOf(canonical, operation).createStagingTable(schemaTable(canonical), columns);
    return { catalog: canonical.catalog, schema: staging.schema, name: staging.table };
  }

  /** Replaces a table's columns and rows (and its name) atomically, unless it changed since `expectedVersion`. */
  async replaceTable(
    name: QualifiedObjectName,
    expectedVersion: number,
    data: { columns: readonly ColumnMetadata[]; contents: 'keep' | 'empty' | { staging: QualifiedObjectName } },
    operation: RowLevelOperation,
    rename?: QualifiedObjectName,
  ): Promise<void> {
    const canonical = canonicalName(name);
    const rewrite = this.rewriteOf(canonical, operation);
    let target: SchemaTableName | undefined;
    if (rename !== undefined) {
      const renamed = canonicalName(rename);
      if (renamed.catalog !== canonical.catalog) {
        throw new VivaceError('NOT_SUPPORTED', 'Table rename across catalogs is not supported');
      }
      target = schemaTable(renamed);
    }
    const contents = data.contents;
    await rewrite.replaceTable(
      schemaTable(canonical),
      expectedVersion,
      {
        columns: data.columns,
        contents: typeof contents === 'string' ? contents : { staging: schemaTable(canonicalName(contents.staging)) },
      },
      target,
    );
  }

  /** COMMENT ON TABLE (null removes the comment). */
  async setTableComment(name: QualifiedObjectName, comment: string | null): Promise<void> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    await this.existingTable(canonical, metadata);
    if (metadata.setTableComment === undefined) {
      throw new VivaceError('NOT_SUPPORTED', 'This connector does not support setting table comments');
    }
    await metadata.setTableComment(schemaTable(canonical), comment);
  }

  /** COMMENT ON COLUMN (null removes the comment). */
  async setColumnComment(name: QualifiedObjectName, column: string, comment: string | null): Promise<void> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    const table = await this.existingTable(canonical, metadata);
    if (!table.columns.some((c) => c.name === column && c.hidden !== true)) {
      throw new VivaceError('COLUMN_NOT_FOUND', `Column '${column}' does not exist`);
    }
    if (metadata.setColumnComment === undefined) {
      throw new VivaceError('NOT_SUPPORTED', 'This connector does not support setting column comments');
    }
    await metadata.setColumnComment(schemaTable(canonical), column, comment);
  }

  /** COMMENT ON VIEW: the view re-created with the new comment. */
  async setViewComment(name: QualifiedObjectName, comment: string | null): Promise<void> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    const view = await metadata.getView?.(schemaTable(canonical));
    if (view === undefined) throw new VivaceError('TABLE_NOT_FOUND', `View '${qualified(canonical)}' does not exist`);
    if (metadata.createView === undefined) {
      throw new VivaceError('NOT_SUPPORTED', 'This connector does not support setting view comments');
    }
    const { comment: _old, ...rest } = view;
    await metadata.createView(comment === null ? rest : { ...rest, comment }, true);
  }

  /** The table's metadata, or TABLE_NOT_FOUND (a view says it is one). */
  private async existingTable(canonical: QualifiedObjectName, metadata: ConnectorMetadata): Promise<TableMetadata> {
    const table = await metadata.getTable(schemaTable(canonical));
    if (table !== undefined) return table;
    if ((await metadata.getView?.(schemaTable(canonical))) !== undefined) {
      throw new VivaceError('NOT_SUPPORTED', `Relation '${qualified(canonical)}' is a view, not a table`);
    }
    throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(canonical)}' does not exist`);
  }

  async dropTable(name: QualifiedObjectName): Promise<void> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if ((await metadata.getTable(schemaTable(canonical))) === undefined) {
      if ((await metadata.getView?.(schemaTable(canonical))) !== undefined) {
        throw new VivaceError(
          'GENERIC_USER_ERROR',
          `Table '${qualified(canonical)}' does not exist, but a view with that name exists. Did you mean DROP VIEW ${qualified(canonical)}?`,
        );
      }
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(canonical)}' does not exist`);
    }
    if (metadata.dropTable === undefined) throw notSupported('dropping tables');
    await metadata.dropTable(schemaTable(canonical));
  }

  async createView(view: ViewDefinition, replace: boolean): Promise<void> {
    const canonical = canonicalName(view.name);
    const metadata = this.connector(canonical.catalog).metadata;
    await this.checkRelationIsNew(canonical, metadata);
    if (!replace && (await metadata.getView?.(schemaTable(canonical))) !== undefined) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `View '${qualified(canonical)}' already exists`);
    }
    if (metadata.createView === undefined) throw notSupported('creating views');
    await metadata.createView({ ...view, name: canonical }, replace);
  }

  /** ALTER VIEW RENAME TO: the view re-created under its new name, then the old one dropped. */
  async renameView(source: QualifiedObjectName, target: QualifiedObjectName): Promise<void> {
    const from = canonicalName(source);
    const to = canonicalName(target);
    const metadata = this.connector(from.catalog).metadata;
    const view = await metadata.getView?.(schemaTable(from));
    if (view === undefined) throw new VivaceError('TABLE_NOT_FOUND', `View '${qualified(from)}' does not exist`);
    if (to.catalog !== from.catalog)
      throw new VivaceError('NOT_SUPPORTED', 'View rename across catalogs is not supported');
    if (
      (await metadata.getTable(schemaTable(to))) !== undefined ||
      (await metadata.getView?.(schemaTable(to))) !== undefined
    ) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `Target view '${qualified(to)}' already exists`);
    }
    if (metadata.createView === undefined || metadata.dropView === undefined) throw notSupported('renaming views');
    await metadata.createView({ ...view, name: to }, false);
    await metadata.dropView(schemaTable(from));
  }

  async dropView(name: QualifiedObjectName): Promise<void> {
    const canonical = canonicalName(name);
    const metadata = this.connector(canonical.catalog).metadata;
    if ((await metadata.getView?.(schemaTable(canonical))) === undefined) {
      if ((await metadata.getTable(schemaTable(canonical))) !== undefined) {
        throw new VivaceError(
          'GENERIC_USER_ERROR',
          `View '${qualified(canonical)}' does not exist, but a table with that name exists. Did you mean DROP TABLE ${qualified(canonical)}?`,
        );
      }
      throw new VivaceError('TABLE_NOT_FOUND', `View '${qualified(canonical)}' does not exist`);
    }
    if (metadata.dropView === undefined) throw notSupported('dropping views');
    await metadata.dropView(schemaTable(canonical));
  }
}
