/**
 * The objects of the lake connector's metastore and their JSON documents, which are Trino's file
 * metastore documents field for field (fact sheet §1.4: DatabaseMetadata, TableMetadata,
 * PartitionMetadata, Column, ColumnStatistics), so that Vivace and Trino can share a catalog
 * directory. Reading is lenient (unknown fields are kept and written back, `null` reads as absent,
 * older statistics field names are accepted); writing emits the fields in Trino's order and leaves
 * absent ones out. Column types are Vivace types here; the Hive type strings are made and parsed at
 * the JSON boundary (hive-types.ts).
 */
import type { Type } from '../../../types/type.js';
import { formatTypeSignature } from '../../../types/type-signature.js';
import { lakeError } from '../lake-errors.js';
import { columnType, hiveTypeIsExact, toHiveType, VIVACE_TYPE_PROPERTY } from './hive-types.js';

export type OwnerType = 'USER' | 'ROLE';
export type TableType = 'MANAGED_TABLE' | 'EXTERNAL_TABLE' | 'VIRTUAL_VIEW' | 'MATERIALIZED_VIEW';
type Json = Record<string, unknown>;

export interface LakeDatabase {
  /** Lower case. */
  readonly name: string;
  readonly ownerName?: string;
  readonly ownerType?: OwnerType;
  readonly comment?: string;
  readonly parameters: Readonly<Record<string, string>>;
}

export interface LakeColumn {
  readonly name: string;
  readonly type: Type;
  readonly comment?: string;
  /** Column properties other than Vivace's exact type (which is derived from `type`). */
  readonly properties?: Readonly<Record<string, string>>;
}

export interface MinMax<T> {
  readonly min?: T;
  readonly max?: T;
}

/** Trino's per-column statistics (at most one of the typed min/max groups). */
export interface LakeColumnStatistics {
  readonly integerStatistics?: MinMax<number>;
  readonly doubleStatistics?: MinMax<number>;
  /** Decimal bounds as decimal text (JSON numbers in the file; exact only within a double's digits). */
  readonly decimalStatistics?: MinMax<number>;
  /** ISO dates (`2024-01-31`). */
  readonly dateStatistics?: MinMax<string>;
  readonly booleanStatistics?: { readonly trueCount?: number; readonly falseCount?: number };
  readonly maxValueSizeInBytes?: number;
  readonly averageColumnLength?: number;
  readonly totalSizeInBytes?: number;
  readonly nullsCount?: number;
  readonly distinctValuesCount?: number;
}

export interface StorageDescriptor {
  readonly serde: string;
  readonly inputFormat: string;
  readonly outputFormat: string;
}

export interface LakeTable extends LakeStorage {
  readonly schemaName: string;
  readonly tableName: string;
  readonly owner?: string;
  readonly tableType: TableType;
  readonly dataColumns: readonly LakeColumn[];
  readonly partitionColumns: readonly LakeColumn[];
  readonly viewOriginalText?: string;
  readonly viewExpandedText?: string;
}

/**
 * What Trino's table and partition documents share: parameters, storage, bucketing, the external
 * location (a table's: required for EXTERNAL_TABLE, absent otherwise; a partition's: its data
 * directory, set for partitions of external tables) and column statistics (a table's only when
 * unpartitioned: partitions carry their own).
 */
export interface LakeStorage {
  readonly parameters: Readonly<Record<string, string>>;
  /** A HiveStorageFormat name (`PARQUET`, `CSV`, `JSON`, `TEXTFILE`, `ORC`, ...). */
  readonly storageFormat?: string;
  readonly originalStorageFormat?: StorageDescriptor;
  /** Bucketing as Trino writes it (`bucketedBy`, `bucketCount`, `sortedBy`; read by lake-table-definition.ts). */
  readonly bucketProperty?: unknown;
  readonly serdeParameters: Readonly<Record<string, string>>;
  readonly externalLocation?: string;
  readonly columnStatistics: Readonly<Record<string, LakeColumnStatistics>>;
}

export interface LakePartition extends LakeStorage {
  /** Values in partition column order; null for the default partition. */
  readonly values: readonly (string | null)[];
  readonly columns: readonly LakeColumn[];
}

// ---- JSON ↔ objects ----

function text(json: Json, field: string, where: string): string {
  const value = json[field];
  if (typeof value !== 'string') throw invalid(where, `field '${field}' must be a string`);
  return value;
}

function optionalText(json: Json, field: string, where: string): string | undefined {
  const value = json[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(where, `field '${field}' must be a string`);
  return value;
}

function stringMap(json: Json, field: string, where: string): Record<string, string> {
  const value = json[field];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(where, `field '${field}' must be an object`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Json)) out[k] = typeof v === 'string' ? v : String(v);
  return out;
}

function invalid(where: string, detail: string): Error {
  return lakeError('HIVE_INVALID_METADATA', `Invalid metastore document ${where}: ${detail}`);
}

/** Parses a metastore document, naming it when it is not JSON. */
export function parseDocument(bytes: Uint8Array, where: string): Json {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw lakeError('HIVE_INVALID_METADATA', `Invalid metastore document ${where}: ${(error as Error).message}`, error);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw invalid(where, 'not a JSON object');
  return json as Json;
}

/** Serialises a document (two-space indented, as a person may read it). */
export function documentBytes(json: Json): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(json, null, 2)}\n`);
}

/** Drops undefined fields so that absent optionals are left out, as Trino writes them. */
function compact(json: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(json)) if (v !== undefined) out[k] = v;
  return out;
}

export function databaseFromJson(name: string, json: Json, where: string): LakeDatabase {
  const ownerType = optionalText(json, 'ownerType', where);
  if (ownerType !== undefined && ownerType !== 'USER' && ownerType !== 'ROLE') {
    throw invalid(where, `ownerType '${ownerType}'`);
  }
  return compactObject({
    name,
    ownerName: optionalText(json, 'ownerName', where),
    ownerType,
    comment: optionalText(json, 'comment', where),
    parameters: stringMap(json, 'parameters', where),
  });
}

export function databaseToJson(database: LakeDatabase, writerVersion: string): Json {
  return compact({
    writerVersion,
    ownerName: database.ownerName,
    ownerType: database.ownerType,
    comment: database.comment,
    parameters: database.parameters,
  });
}

function compactObject<T extends object>(value: T): T {
  return compact(value as Json) as T;
}

function columnFromJson(json: unknown, where: string, timestampPrecision: number): LakeColumn {
  if (typeof json !== 'object' || json === null) throw invalid(where, 'a column is not an object');
  const column = json as Json;
  const name = text(column, 'name', where);
  const hiveType = text(column, 'type', where);
  const allProperties = stringMap(column, 'properties', where);
  const type = columnType(hiveType, allProperties, timestampPrecision);
  const { [VIVACE_TYPE_PROPERTY]: _exact, ...properties } = allProperties;
  return compactObject({
    name,
    type,
    comment: optionalText(column, 'comment', where),
    properties: Object.keys(properties).length > 0 ? properties : undefined,
  });
}

function columnToJson(column: LakeColumn, timestampPrecision: number): Json {
  const properties: Record<string, string> = { ...(column.properties ?? {}) };
  if (!hiveTypeIsExact(column.type, timestampPrecision)) {
    properties[VIVACE_TYPE_PROPERTY] = formatTypeSignature(column.type);
  }
  return compact({
    name: column.name,
    type: toHiveType(column.type),
    comment: column.comment,
    properties,
  });
}

function columns(json: Json, field: string, where: string, timestampPrecision: number): LakeColumn[] {
  const value = json[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(where, `field '${field}' must be an array`);
  return value.map((c) => columnFromJson(c, where, timestampPrecision));
}

const STATISTICS_GROUPS = [
  'integerStatistics',
  'doubleStatistics',
  'decimalStatistics',
  'dateStatistics',
  'booleanStatistics',
] as const;
const STATISTICS_NUMBERS = [
  'maxValueSizeInBytes',
  'averageColumnLength',
  'totalSizeInBytes',
  'nullsCount',
  'distinctValuesCount',
] as const;

function statisticsFromJson(json: Json, where: string): Record<string, LakeColumnStatistics> {
  const value = json['columnStatistics'];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(where, "field 'columnStatistics'");
  const out: Record<string, LakeColumnStatistics> = {};
  for (const [column, raw] of Object.entries(value as Json)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const stats = raw as Json;
    const result: Record<string, unknown> = {};
    for (const group of STATISTICS_GROUPS) {
      const g = stats[group];
      if (typeof g !== 'object' || g === null) continue;
      result[group] = compact({ ...(g as Json) });
      for (const [k, v] of Object.entries(result[group] as Json)) if (v === null) delete (result[group] as Json)[k];
    }
    for (const field of STATISTICS_NUMBERS) {
      const v = stats[field];
      if (typeof v === 'number') result[field] = v;
    }
    // Older Trino wrote distinctValuesWithNullCount (NDV counting null as a value).
    const withNull = stats['distinctValuesWithNullCount'];
    if (result['distinctValuesCount'] === undefined && typeof withNull === 'number') {
      const nulls = typeof stats['nullsCount'] === 'number' ? (stats['nullsCount'] as number) : 0;
      result['distinctValuesCount'] = nulls > 0 ? Math.max(0, withNull - 1) : withNull;
    }
    out[column] = result as LakeColumnStatistics;
  }
  return out;
}

function statisticsToJson(statistics: Readonly<Record<string, LakeColumnStatistics>>): Json {
  const out: Json = {};
  for (const [column, stats] of Object.entries(statistics)) {
    out[column] = compact({
      integerStatistics: stats.integerStatistics,
      doubleStatistics: stats.doubleStatistics,
      decimalStatistics: stats.decimalStatistics,
      dateStatistics: stats.dateStatistics,
      booleanStatistics: stats.booleanStatistics,
      maxValueSizeInBytes: stats.maxValueSizeInBytes,
      averageColumnLength: stats.averageColumnLength,
      totalSizeInBytes: stats.averageColumnLength === undefined ? stats.totalSizeInBytes : undefined,
      nullsCount: stats.nullsCount,
      distinctValuesCount: stats.distinctValuesCount,
    });
  }
  return out;
}

function storageDescriptor(json: Json, where: string): StorageDescriptor | undefined {
  const value = json['originalStorageFormat'];
  if (value === undefined || value === null) return undefined;
  const d = value as Json;
  return {
    serde: text(d, 'serde', where),
    inputFormat: text(d, 'inputFormat', where),
    outputFormat: text(d, 'outputFormat', where),
  };
}

const TABLE_TYPES: readonly TableType[] = ['MANAGED_TABLE', 'EXTERNAL_TABLE', 'VIRTUAL_VIEW', 'MATERIALIZED_VIEW'];

export function tableFromJson(
  schemaName: string,
  tableName: string,
  json: Json,
  where: string,
  timestampPrecision: number,
): LakeTable {
  const tableType = text(json, 'tableType', where) as TableType;
  if (!TABLE_TYPES.includes(tableType)) throw invalid(where, `tableType '${tableType}'`);
  return compactObject({
    schemaName,
    tableName,
    owner: optionalText(json, 'owner', where),
    tableType,
    dataColumns: columns(json, 'dataColumns', where, timestampPrecision),
    partitionColumns: columns(json, 'partitionColumns', where, timestampPrecision),
    parameters: stringMap(json, 'parameters', where),
    storageFormat: optionalText(json, 'storageFormat', where),
    originalStorageFormat: storageDescriptor(json, where),
    bucketProperty: json['bucketProperty'] ?? undefined,
    serdeParameters: stringMap(json, 'serdeParameters', where),
    externalLocation: optionalText(json, 'externalLocation', where),
    viewOriginalText: optionalText(json, 'viewOriginalText', where),
    viewExpandedText: optionalText(json, 'viewExpandedText', where),
    columnStatistics: statisticsFromJson(json, where),
  });
}

export function tableToJson(table: LakeTable, writerVersion: string, timestampPrecision: number): Json {
  return compact({
    writerVersion,
    owner: table.owner,
    tableType: table.tableType,
    dataColumns: table.dataColumns.map((c) => columnToJson(c, timestampPrecision)),
    partitionColumns: table.partitionColumns.map((c) => columnToJson(c, timestampPrecision)),
    parameters: table.parameters,
    storageFormat: table.storageFormat,
    originalStorageFormat: table.originalStorageFormat,
    bucketProperty: table.bucketProperty,
    serdeParameters: table.serdeParameters,
    externalLocation: table.externalLocation,
    viewOriginalText: table.viewOriginalText,
    viewExpandedText: table.viewExpandedText,
    columnStatistics: statisticsToJson(table.columnStatistics),
  });
}

export function partitionFromJson(
  values: readonly (string | null)[],
  json: Json,
  where: string,
  timestampPrecision: number,
): LakePartition {
  return compactObject({
    values,
    columns: columns(json, 'columns', where, timestampPrecision),
    parameters: stringMap(json, 'parameters', where),
    storageFormat: optionalText(json, 'storageFormat', where),
    originalStorageFormat: storageDescriptor(json, where),
    bucketProperty: json['bucketProperty'] ?? undefined,
    serdeParameters: stringMap(json, 'serdeParameters', where),
    externalLocation: optionalText(json, 'externalLocation', where),
    columnStatistics: statisticsFromJson(json, where),
  });
}

export function partitionToJson(partition: LakePartition, timestampPrecision: number): Json {
  return compact({
    columns: partition.columns.map((c) => columnToJson(c, timestampPrecision)),
    parameters: partition.parameters,
    storageFormat: partition.storageFormat,
    originalStorageFormat: partition.originalStorageFormat,
    bucketProperty: partition.bucketProperty,
    serdeParameters: partition.serdeParameters,
    externalLocation: partition.externalLocation,
    columnStatistics: statisticsToJson(partition.columnStatistics),
  });
}
