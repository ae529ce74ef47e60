/**
 * The tpch catalog's metadata: one schema per scale factor (tpch-schemas.ts), the eight TPC-H
 * tables in each with Presto's column names and types, and statistics computed from the
 * generator's rules. Read-only: the catalog has no DDL. Everything is computed in the process, so
 * the asynchronous answers are immediate.
 */
import type { ConnectorMetadata, ScanTable, SchemaTableName, TablePartitioning } from '../../spi/connector.js';
import type { ColumnMetadata, TableMetadata, TableStatistics } from '../../spi/metadata.js';
import { parseType } from '../../types/type-signature.js';
import { isTpchTableName, TPCH_TABLE_NAMES, TPCH_TABLES, type TpchTableName } from './generator/index.js';
import { catalogColumnName, type TpchColumnNaming } from './tpch-column-naming.js';
import { scaleFactorOfSchema, TPCH_STANDARD_SCHEMAS } from './tpch-schemas.js';
import { tpchKeyPartitioning } from './tpch-splits.js';
import { tpchTableStatistics } from './tpch-statistics.js';

/** A resolved tpch table: which table at which scale. */
export interface TpchTableHandle {
  readonly table: TpchTableName;
  readonly scaleFactor: number;
}

/** Resolves a (canonical, lowercase) schema and table name to a tpch table, if there is one. */
export function resolveTpchTable(name: SchemaTableName): TpchTableHandle | undefined {
  const scaleFactor = scaleFactorOfSchema(name.schema);
  if (scaleFactor === undefined || !isTpchTableName(name.table)) return undefined;
  return { table: name.table, scaleFactor };
}

export class TpchMetadata implements ConnectorMetadata {
  private readonly columnsByTable: Readonly<Record<TpchTableName, readonly ColumnMetadata[]>>;
  /** Statistics cost a line count at large scales: computed once per table and scale. */
  private readonly statistics = new Map<string, TableStatistics>();

  constructor(
    readonly catalogName: string,
    readonly naming: TpchColumnNaming,
    /** Splits bucketed by key (tpch-splits.ts), and the partitionings that say so. */
    readonly partitioningEnabled = true,
  ) {
    const columnsByTable = {} as Record<TpchTableName, readonly ColumnMetadata[]>;
    for (const table of TPCH_TABLE_NAMES) {
      columnsByTable[table] = TPCH_TABLES[table].map((column) => ({
        name: catalogColumnName(table, column.name, naming),
        type: parseType(column.type),
        nullable: false,
      }));
    }
    this.columnsByTable = columnsByTable;
  }

  async listSchemas(): Promise<readonly string[]> {
    return TPCH_STANDARD_SCHEMAS;
  }

  /** Any `tiny` or `sfN` schema exists, listed or not. */
  async schemaExists(schema: string): Promise<boolean> {
    return scaleFactorOfSchema(schema) !== undefined;
  }

  async listTables(schema?: string): Promise<readonly SchemaTableName[]> {
    const schemas =
      schema === undefined ? TPCH_STANDARD_SCHEMAS : scaleFactorOfSchema(schema) !== undefined ? [schema] : [];
    return schemas.flatMap((s) => TPCH_TABLE_NAMES.map((table) => ({ schema: s, table })));
  }

  async getTable(name: SchemaTableName): Promise<TableMetadata | undefined> {
    const handle = resolveTpchTable(name);
    if (handle === undefined) return undefined;
    return {
      name: { catalog: this.catalogName, schema: name.schema, name: name.table },
      columns: this.columnsByTable[handle.table],
    };
  }

  /**
   * Orders and lineitem are partitioned by the order key, part and partsupp by the part key, at
   * each scale factor (their splits are cut at the same keys: tpch-splits.ts). Keys are never NULL.
   */
  getTablePartitioning(table: ScanTable): TablePartitioning | undefined {
    if (!this.partitioningEnabled) return undefined;
    const handle = resolveTpchTable(table.table);
    const partitioning = handle === undefined ? undefined : tpchKeyPartitioning(handle.table);
    if (handle === undefined || partitioning === undefined) return undefined;
    return {
      handle: `${partitioning.name}:${handle.scaleFactor}`,
      columns: [catalogColumnName(handle.table, partitioning.keyColumn, this.naming)],
      keysNeverNull: true,
    };
  }

  async getTableStatistics(name: SchemaTableName): Promise<TableStatistics | undefined> {
    const handle = resolveTpchTable(name);
    if (handle === undefined) return undefined;
    const key = `${handle.scaleFactor}/${handle.table}`;
    let statistics = this.statistics.get(key);
    if (statistics === undefined) {
      statistics = tpchTableStatistics(handle.table, handle.scaleFactor, this.naming);
      this.statistics.set(key, statistics);
    }
    return statistics;
  }

  async listViews(): Promise<readonly SchemaTableName[]> {
    return [];
  }
}
