/**
 * The `system` catalog's connector: read-only tables whose rows are computed when a query reads
 * them (a snapshot at the scan). The tables themselves — the runtime state of the cluster, the
 * metadata of catalogs, the JDBC views of schemas, tables and columns — are defined where that
 * state lives (server/metadata/system-tables.ts); this connector only serves them: one split
 * per table, the requested columns, the limit.
 */
import { blockOf } from '../../data/block-builder.js';
import { createPage, type Page } from '../../data/page.js';
import type {
  Connector,
  ConnectorMetadata,
  ConnectorPageSource,
  ConnectorSplit,
  PageSourceRequest,
  SchemaTableName,
} from '../../spi/connector.js';
import type { ColumnMetadata, TableMetadata } from '../../spi/metadata.js';

export interface SystemTable {
  readonly schema: string;
  readonly table: string;
  readonly columns: readonly ColumnMetadata[];
  /** The rows, one value per column in the engine's JS representation, read at scan time. */
  rows(): readonly (readonly unknown[])[];
}

class SystemMetadata implements ConnectorMetadata {
  constructor(private readonly tables: ReadonlyMap<string, SystemTable>) {}

  listSchemas(): readonly string[] {
    return [...new Set([...this.tables.values()].map((t) => t.schema))].sort();
  }

  listTables(schema?: string): readonly SchemaTableName[] {
    return [...this.tables.values()]
      .filter((t) => schema === undefined || t.schema === schema)
      .map((t) => ({ schema: t.schema, table: t.table }));
  }

  getTable(name: SchemaTableName): TableMetadata | undefined {
    const table = this.tables.get(`${name.schema}.${name.table}`);
    return table === undefined
      ? undefined
      : { name: { catalog: '', schema: name.schema, name: name.table }, columns: table.columns };
  }
}

class SnapshotPageSource implements ConnectorPageSource {
  completedBytes = 0;
  completedPositions = 0;

  constructor(private page: Page | null) {}

  getNextPage(): Page | null {
    const page = this.page;
    this.page = null;
    if (page) this.completedPositions += page.positionCount;
    return page;
  }

  isFinished(): boolean {
    return this.page === null;
  }

  close(): void {
    this.page = null;
  }
}

export function createSystemConnector(tables: readonly SystemTable[]): Connector {
  const byName = new Map(tables.map((t) => [`${t.schema}.${t.table}`, t] as const));
  return {
    metadata: new SystemMetadata(byName),
    getSplits(): readonly ConnectorSplit[] {
      return [{}];
    },
    createPageSource(request: PageSourceRequest): ConnectorPageSource {
      const table = byName.get(`${request.table.schema}.${request.table.table}`);
      if (table === undefined) return new SnapshotPageSource(null);
      let rows = table.rows();
      if (request.limit !== undefined) rows = rows.slice(0, request.limit);
      const blocks = request.columns.map((column, i) => {
        const index = table.columns.findIndex((c) => c.name === column);
        return blockOf(
          request.columnTypes[i]!,
          rows.map((row) => row[index] ?? null),
        );
      });
      return new SnapshotPageSource(createPage(blocks, rows.length));
    },
  };
}
