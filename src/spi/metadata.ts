/**
 * The metadata part of the connector contract, as the analyzer reads it: catalogs, schemas,
 * tables with their columns and types, and views. Connectors answer asynchronously (they may be
 * remote); the coordinator resolves what a statement names before analysis into a per-statement
 * cache, and the analyzer and planner read only that cache (`MetadataView`, synchronous). A read
 * of something the cache does not hold throws `MetadataNotLoadedError` naming it: the caller
 * loads it and analyses again.
 */
import type { Type } from '../types/type.js';
import type { FilterApplication, LimitApplication, TablePartitioning } from './pushdown.js';
import type { TupleDomain } from './tuple-domain.js';

/** A fully qualified, canonical (lowercase) object name. */
export interface QualifiedObjectName {
  readonly catalog: string;
  readonly schema: string;
  readonly name: string;
}

export interface ColumnMetadata {
  readonly name: string;
  readonly type: Type;
  readonly nullable?: boolean;
  readonly comment?: string;
  /** Hidden columns are not part of `*` (Presto's `$path`-style columns). */
  readonly hidden?: boolean;
  /** What SHOW COLUMNS prints as Extra and information_schema.columns as extra_info (`partition key`). */
  readonly extraInfo?: string;
}

export interface TableMetadata {
  readonly name: QualifiedObjectName;
  readonly columns: readonly ColumnMetadata[];
  readonly comment?: string;
  /**
   * The connector's handle for scans of this table (plain data, see `ConnectorTableHandle`): it
   * travels in the plan to every split request and page source, so workers need no metadata.
   * Absent: the connector reads the table by name alone.
   */
  readonly handle?: unknown;
  /**
   * The table's properties as CREATE TABLE ... WITH takes them (strings, numbers, booleans,
   * arrays), for SHOW CREATE TABLE; absent: none.
   */
  readonly properties?: Readonly<Record<string, unknown>>;
  /**
   * A connector's system table (the lake's `t$partitions`): it can be read, never changed; the
   * engine refuses a DELETE of it before looking at its rows, as the connector refuses the rest.
   */
  readonly systemTable?: true;
}

export interface ViewDefinition {
  readonly name: QualifiedObjectName;
  /** The view's query as written (re-parsed and analysed where the view is used). */
  readonly sql: string;
  /** Session catalog and schema in force when the view was created. */
  readonly catalog?: string;
  readonly schema?: string;
  readonly columns: readonly { readonly name: string; readonly type: Type }[];
  readonly comment?: string;
}

/** Statistics for the optimizer; every figure is optional (unknown). */
export interface ColumnStatistics {
  readonly distinctValues?: number;
  readonly nullFraction?: number;
  /** In the SPI value representation of the column's type (spi/values.ts). */
  readonly min?: unknown;
  readonly max?: unknown;
  /** Average size in bytes of a value, for variable-width types. */
  readonly averageSize?: number;
}

export interface TableStatistics {
  readonly rowCount?: number;
  readonly columns: Readonly<Record<string, ColumnStatistics>>;
}

/**
 * What a statement's analysis and planning read, synchronously, from the metadata resolved for the
 * statement beforehand. Unknown names answer false/undefined; names that were not resolved throw
 * `MetadataNotLoadedError`.
 */
export interface MetadataView {
  catalogExists(catalog: string): boolean;
  schemaExists(catalog: string, schema: string): boolean;
  getTable(name: QualifiedObjectName): TableMetadata | undefined;
  getView(name: QualifiedObjectName): ViewDefinition | undefined;
  /** Statistics of a table, when the connector knows them. */
  getTableStatistics?(name: QualifiedObjectName): TableStatistics | undefined;
  /** Offers a scan's filter to its connector (pushdown.ts); undefined: nothing taken. */
  applyFilter?(table: QualifiedObjectName, handle: unknown, constraint: TupleDomain): FilterApplication | undefined;
  /** Offers a scan's limit to its connector (pushdown.ts); undefined: not guaranteed. */
  applyLimit?(table: QualifiedObjectName, handle: unknown, limit: number): LimitApplication | undefined;
  /** How the scan's splits partition its rows (pushdown.ts), the handle prefixed by the catalog. */
  getTablePartitioning?(table: QualifiedObjectName, handle: unknown): TablePartitioning | undefined;
}

/**
 * Thrown by a `MetadataView` asked about names it has not loaded (found only during analysis,
 * such as the tables inside a view's query). Not a user error: the statement runner loads the
 * names and analyses again. `names` are canonical; an empty `name` asks only for the schema.
 */
export class MetadataNotLoadedError extends Error {
  constructor(readonly names: readonly QualifiedObjectName[]) {
    super(`metadata not loaded: ${names.map(formatObjectName).join(', ')}`);
    this.name = 'MetadataNotLoadedError';
  }
}

export function formatObjectName(name: QualifiedObjectName): string {
  return `${name.catalog}.${name.schema}.${name.name}`;
}
