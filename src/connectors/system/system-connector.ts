/**
 * The `system` catalog's connector: read-only tables whose rows are computed when a query reads
 * them (a snapshot at the scan). The tables themselves — the runtime state of the cluster, the
 * metadata of catalogs, the JDBC views of schemas, tables and columns — are defined where that
 * state lives (server/metadata/system-tables.ts); this connector only serves them: one split
 * per table, the requested columns, the limit.
 */
import {
  COORDINATOR_ONLY,
  type Connector,
  type ConnectorMetadata,
  type ConnectorPageSource,
  type ConnectorSplitSource,
  type PageSourceRequest,
  type SchemaTableName,
} from '../../spi/connector.js';
import type { ColumnMetadata, TableMetadata } from '../../spi/metadata.js';
import { fixedSplitSource } from '../../spi/split-source.js';
import { RowsPageSource } from '../rows-page-source.js';

export interface SystemTable {
  readonly schema: string;
  readonly table: string;
  readonly columns: readonly ColumnMetadata[];
  /**
   * The rows, one value per column in the engine's JS representation, read at scan time (later
   * when they come from other catalogs' metadata).
   */
  rows(): readonly (readonly unknown[])[] | Promise<readonly (readonly unknown[])[]>;
}

class SystemMetadata implements ConnectorMetadata {
  constructor(private readonly tables: ReadonlyMap<string, SystemTable>) {}

  async listSchemas(): Promise<readonly string[]> {
    return [...new Set([...this.tables.values()].map((t) => t.schema))].sort();
  }

  async listTables(schema?: string): Promise<readonly SchemaTableName[]> {
    return [...this.tables.values()]
      .filter((t) => schema === undefined || t.schema === schema)
      .map((t) => ({ schema: t.schema, table: t.table }));
  }

  async getTable(name: SchemaTableName): Promise<TableMetadata | undefined> {
    const table = this.tables.get(`${name.schema}.${name.table}`);
    return table === undefined
      ? undefined
      : { name: { catalog: '', schema: name.schema, name: name.table }, columns: table.columns };
  }
}

export function createSystemConnector(tables: readonly SystemTable[]): Connector {
  const byName = new Map(tables.map((t) => [`${t.schema}.${t.table}`, t] as const));
  return {
    metadata: new SystemMetadata(byName),
    // The rows are the coordinator's own state.
    splitPlacement: () => COORDINATOR_ONLY,
    getSplits(): ConnectorSplitSource {
      return fixedSplitSource([{}]);
    },
    createPageSource(request: PageSourceRequest): ConnectorPageSource {
      const table = byName.get(`${request.table.schema}.${request.table.table}`);
      if (table === undefined) return new RowsPageSource(null);
      return RowsPageSource.of(request, table.columns, table.rows());
    },
  };
}
