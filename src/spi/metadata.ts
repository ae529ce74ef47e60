/**
 * The metadata part of the connector contract, as the analyzer reads it: catalogs, schemas,
 * tables with their columns and types, and views. Reads are synchronous: the coordinator fetches
 * what a statement names before analysis (connectors may be remote), so analysis itself never
 * waits.
 */
import type { Type } from '../types/type.js';

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
}

export interface TableMetadata {
  readonly name: QualifiedObjectName;
  readonly columns: readonly ColumnMetadata[];
  readonly comment?: string;
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
  /** In the constant representation of the column's type (see analyzer/bound-tree.ts). */
  readonly min?: unknown;
  readonly max?: unknown;
  /** Average size in bytes of a value, for variable-width types. */
  readonly averageSize?: number;
}

export interface TableStatistics {
  readonly rowCount?: number;
  readonly columns: Readonly<Record<string, ColumnStatistics>>;
}

export interface MetadataView {
  catalogExists(catalog: string): boolean;
  schemaExists(catalog: string, schema: string): boolean;
  getTable(name: QualifiedObjectName): TableMetadata | undefined;
  getView(name: QualifiedObjectName): ViewDefinition | undefined;
  /** Statistics of a table, when the connector knows them. */
  getTableStatistics?(name: QualifiedObjectName): TableStatistics | undefined;
}

export function formatObjectName(name: QualifiedObjectName): string {
  return `${name.catalog}.${name.schema}.${name.name}`;
}
