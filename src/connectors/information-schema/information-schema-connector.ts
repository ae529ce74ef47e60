/**
 * Adds the `information_schema` schema to a catalog: a connector wrapper that answers for that
 * schema from the wrapped connector's metadata and passes everything else through. The catalog
 * manager wraps every catalog with it, so each catalog has one, as in Presto. Its rows come from
 * the wrapped connector's asynchronous metadata, so its page sources block until they are listed.
 */

import {
  ANY_WORKER,
  COORDINATOR_ONLY,
  type Connector,
  type ConnectorMetadata,
  type ConnectorPageSource,
  type ConnectorSplitSource,
  type FilterApplication,
  type LimitApplication,
  type PageSourceRequest,
  type ScanTable,
  type SchemaTableName,
  type SplitRequest,
  type TablePartitioning,
} from '../../spi/connector.js';
import type { TableMetadata, TableStatistics, ViewDefinition } from '../../spi/metadata.js';
import { fixedSplitSource } from '../../spi/split-source.js';
import type { TupleDomain } from '../../spi/tuple-domain.js';
import { RowsPageSource } from '../rows-page-source.js';
import {
  INFORMATION_SCHEMA,
  INFORMATION_SCHEMA_TABLES,
  NAME_COLUMNS,
  nameFilterOf,
} from './information-schema-tables.js';

function isInformationSchema(name: SchemaTableName): boolean {
  return name.schema === INFORMATION_SCHEMA;
}

class InformationSchemaMetadata implements ConnectorMetadata {
  readonly createSchema: ConnectorMetadata['createSchema'];
  readonly dropSchema: ConnectorMetadata['dropSchema'];
  readonly createTable: ConnectorMetadata['createTable'];
  readonly dropTable: ConnectorMetadata['dropTable'];
  readonly createView: ConnectorMetadata['createView'];
  readonly dropView: ConnectorMetadata['dropView'];
  readonly rowLevelRewrite: ConnectorMetadata['rowLevelRewrite'];
  readonly alterTable: ConnectorMetadata['alterTable'];
  readonly alterations: ConnectorMetadata['alterations'];
  readonly setTableComment: ConnectorMetadata['setTableComment'];
  readonly setColumnComment: ConnectorMetadata['setColumnComment'];
  readonly tableProperties: ConnectorMetadata['tableProperties'];
  readonly schemaProperties: ConnectorMetadata['schemaProperties'];

  constructor(private readonly inner: ConnectorMetadata) {
    // DDL goes to the wrapped connector unchanged (bound: connectors may be classes).
    this.createSchema = inner.createSchema?.bind(inner);
    this.dropSchema = inner.dropSchema?.bind(inner);
    this.createTable = inner.createTable?.bind(inner);
    this.dropTable = inner.dropTable?.bind(inner);
    this.createView = inner.createView?.bind(inner);
    this.dropView = inner.dropView?.bind(inner);
    this.rowLevelRewrite = inner.rowLevelRewrite;
    this.alterTable = inner.alterTable?.bind(inner);
    this.alterations = inner.alterations;
    this.setTableComment = inner.setTableComment?.bind(inner);
    this.setColumnComment = inner.setColumnComment?.bind(inner);
    this.tableProperties = inner.tableProperties;
    this.schemaProperties = inner.schemaProperties;
  }

  async listSchemas(): Promise<readonly string[]> {
    return [...new Set([...(await this.inner.listSchemas()), INFORMATION_SCHEMA])];
  }

  async schemaExists(schema: string): Promise<boolean> {
    if (schema === INFORMATION_SCHEMA) return true;
    if (this.inner.schemaExists !== undefined) return this.inner.schemaExists(schema);
    return (await this.inner.listSchemas()).includes(schema);
  }

  async listTables(schema?: string): Promise<readonly SchemaTableName[]> {
    const own = Object.keys(INFORMATION_SCHEMA_TABLES).map((table) => ({ schema: INFORMATION_SCHEMA, table }));
    if (schema === INFORMATION_SCHEMA) return own;
    const inner = await this.inner.listTables(schema);
    return schema === undefined ? [...inner, ...own] : inner;
  }

  async getTable(name: SchemaTableName): Promise<TableMetadata | undefined> {
    if (!isInformationSchema(name)) return this.inner.getTable(name);
    const table = INFORMATION_SCHEMA_TABLES[name.table];
    if (table === undefined) return undefined;
    return { name: { catalog: '', schema: name.schema, name: name.table }, columns: table.columns };
  }

  async getTableStatistics(name: SchemaTableName): Promise<TableStatistics | undefined> {
    return isInformationSchema(name) ? undefined : this.inner.getTableStatistics?.(name);
  }

  async getView(name: SchemaTableName): Promise<ViewDefinition | undefined> {
    return isInformationSchema(name) ? undefined : this.inner.getView?.(name);
  }

  applyFilter(table: ScanTable, constraint: TupleDomain): FilterApplication | undefined {
    return isInformationSchema(table.table) ? undefined : this.inner.applyFilter?.(table, constraint);
  }

  applyLimit(table: ScanTable, limit: number): LimitApplication | undefined {
    return isInformationSchema(table.table) ? undefined : this.inner.applyLimit?.(table, limit);
  }

  getTablePartitioning(table: ScanTable): TablePartitioning | undefined {
    return isInformationSchema(table.table) ? undefined : this.inner.getTablePartitioning?.(table);
  }

  async listViews(schema?: string): Promise<readonly SchemaTableName[]> {
    return schema === INFORMATION_SCHEMA ? [] : ((await this.inner.listViews?.(schema)) ?? []);
  }
}

export function withInformationSchema(catalog: string, inner: Connector): Connector {
  const metadata = new InformationSchemaMetadata(inner.metadata);
  const wrapper: Connector = {
    // Bound so connectors written as classes keep their `this`.
    createPageSink: inner.createPageSink?.bind(inner),
    finishInsert: inner.finishInsert?.bind(inner),
    abortInsert: inner.abortInsert?.bind(inner),
    insertHandle: inner.insertHandle?.bind(inner),
    // information_schema tables are listed from the catalog's metadata, which the coordinator has.
    splitPlacement: (scan) =>
      isInformationSchema(scan.table) ? COORDINATOR_ONLY : (inner.splitPlacement?.(scan) ?? ANY_WORKER),
    // A connector that does not say keeps saying nothing (every dynamic filter awaited).
    splitPruningColumns: (scan) => (isInformationSchema(scan.table) ? [] : inner.splitPruningColumns?.(scan)),
    metadata,
    getSplits(request: SplitRequest): ConnectorSplitSource {
      return isInformationSchema(request.table)
        ? fixedSplitSource([{ informationSchema: true }])
        : inner.getSplits(request);
    },
    createPageSource(request: PageSourceRequest): ConnectorPageSource {
      if (!isInformationSchema(request.table)) return inner.createPageSource(request);
      const table = INFORMATION_SCHEMA_TABLES[request.table.table];
      const names = NAME_COLUMNS[request.table.table];
      const filter = names === undefined ? {} : nameFilterOf(request.constraint, names.schema, names.table);
      return RowsPageSource.of(request, table.columns, table.rows(catalog, inner.metadata, filter));
    },
  };
  return wrapper;
}
