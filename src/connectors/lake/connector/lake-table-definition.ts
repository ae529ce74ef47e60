/**
 * Between SQL and the metastore: the table properties of CREATE TABLE (fact sheet §1.3: `format`,
 * `external_location`, `partitioned_by`, `skip_header_line_count`, `csv_separator`, `csv_quote`,
 * `csv_escape`, `null_format`) checked and stored as Trino stores them (storage format, table
 * parameters, serde parameters), and back: a stored table as the engine sees it (its columns with
 * the hidden `$path`, `$file_size`, `$file_modified_time`, `$partition`, its scan handle and its
 * properties for SHOW CREATE TABLE).
 *
 * Decisions: CSV columns may have any non-nested type (Vivace's CSV is typed, text/csv-reader.ts)
 * and `null_format` is accepted for CSV (an unquoted field equal to it reads as NULL); Trino
 * accepts only varchar CSV columns and no null format. JSON means JSON lines.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { PropertyMetadata } from '../../../spi/connector.js';
import type { ColumnMetadata, TableMetadata } from '../../../spi/metadata.js';
import { BIGINT, INTEGER, type Type, timestamp, VARCHAR } from '../../../types/type.js';
import { formatType } from '../../../types/type-signature.js';
import { lakeError } from '../lake-errors.js';
import type { LakeColumn, LakeTable } from '../metastore/metastore-model.js';
import {
  BUCKETING_VERSION_PARAMETER,
  type BucketingVersion,
  type BucketProperty,
  bucketKinds,
  type SortingColumn,
} from '../partition/hive-bucketing.js';
import type { CsvDialect } from '../text/csv-tokenizer.js';
import { LAKE_FORMATS, type LakeFormat } from './lake-config.js';
import { type LakeBucketing, type LakeTableHandle, type TextOptions, toJsonColumns } from './lake-handles.js';

export const PATH_COLUMN = '$path';
export const FILE_SIZE_COLUMN = '$file_size';
export const FILE_MODIFIED_TIME_COLUMN = '$file_modified_time';
export const PARTITION_COLUMN = '$partition';
export const BUCKET_COLUMN = '$bucket';
export const FILE_MODIFIED_TIME_TYPE = timestamp(3, true);

export const HIDDEN_COLUMNS: readonly ColumnMetadata[] = [
  { name: PATH_COLUMN, type: VARCHAR, hidden: true },
  { name: FILE_SIZE_COLUMN, type: BIGINT, hidden: true },
  { name: FILE_MODIFIED_TIME_COLUMN, type: FILE_MODIFIED_TIME_TYPE, hidden: true },
];
const PARTITION_HIDDEN_COLUMN: ColumnMetadata = { name: PARTITION_COLUMN, type: VARCHAR, hidden: true };
const BUCKET_HIDDEN_COLUMN: ColumnMetadata = { name: BUCKET_COLUMN, type: INTEGER, hidden: true };

export const SKIP_HEADER_PARAMETER = 'skip.header.line.count';
export const NULL_FORMAT_PARAMETER = 'serialization.null.format';
const SEPARATOR_PARAMETER = 'separatorChar';
const QUOTE_PARAMETER = 'quoteChar';
const ESCAPE_PARAMETER = 'escapeChar';

/** The table properties Vivace knows, checked and typed. */
export interface LakeTableProperties {
  readonly format?: LakeFormat;
  readonly externalLocation?: string;
  readonly partitionedBy: readonly string[];
  readonly skipHeaderLineCount?: number;
  readonly csvSeparator?: string;
  readonly csvQuote?: string;
  readonly csvEscape?: string;
  readonly nullFormat?: string;
  /** Bucketing (`bucketed_by`, `bucket_count`, `bucketing_version`, `sorted_by`), when given. */
  readonly bucketing?: BucketProperty;
}

function invalid(message: string): VivaceError {
  return new VivaceError('INVALID_TABLE_PROPERTY', message);
}

function stringProperty(properties: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = properties[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(`${name} must be a varchar`);
  return value;
}

function charProperty(properties: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = stringProperty(properties, name);
  if (value !== undefined && value.length !== 1)
    throw invalid(`${name} must be a single character string, but was: '${value}'`);
  return value;
}

/** The table properties, with their types and what they do (system.metadata.table_properties). */
export function lakeTableProperties(defaultFormat: LakeFormat): PropertyMetadata[] {
  const property = (name: string, type: string, description: string, defaultValue = '') => ({
    name,
    type,
    defaultValue,
    description,
  });
  return [
    property('format', 'varchar', `File format of the table's data: ${LAKE_FORMATS.join(', ')}`, defaultFormat),
    property('external_location', 'varchar', 'Location of the files of an external table'),
    property('partitioned_by', 'array(varchar)', 'Partition columns, last in the column list', '[]'),
    property('skip_header_line_count', 'integer', 'Header lines at the start of each CSV file'),
    property('csv_separator', 'varchar', 'Field separator of CSV files', ','),
    property('csv_quote', 'varchar', 'Quote character of CSV files', '"'),
    property('csv_escape', 'varchar', 'Escape character of CSV files', '\\'),
    property('null_format', 'varchar', 'Text that reads as NULL in CSV and JSON files'),
    property('bucketed_by', 'array(varchar)', 'Bucketing columns', '[]'),
    property('bucket_count', 'integer', 'Number of buckets', '0'),
    property('bucketing_version', 'integer', 'Bucketing version: 1 or 2'),
    property('sorted_by', 'array(varchar)', 'Bucket sorting columns', '[]'),
  ];
}

const KNOWN_PROPERTIES = lakeTableProperties('PARQUET').map((p) => p.name);

export function parseTableProperties(
  catalog: string,
  properties: Readonly<Record<string, unknown>>,
): LakeTableProperties {
  for (const name of Object.keys(properties)) {
    if (!KNOWN_PROPERTIES.includes(name)) throw invalid(`Catalog '${catalog}' table property '${name}' does not exist`);
  }
  const formatText = stringProperty(properties, 'format')?.toUpperCase();
  if (formatText !== undefined && !(LAKE_FORMATS as readonly string[]).includes(formatText)) {
    throw invalid(`Unsupported storage format: ${formatText} (${LAKE_FORMATS.join(', ')})`);
  }
  const partitioned = stringArrayProperty(properties, 'partitioned_by');
  const skip = properties['skip_header_line_count'];
  if (skip !== undefined && skip !== null && (typeof skip !== 'number' || !Number.isInteger(skip))) {
    throw invalid('skip_header_line_count must be an integer');
  }
  if (typeof skip === 'number' && skip < 0) {
    throw new VivaceError('INVALID_TABLE_PROPERTY', 'Invalid value for skip_header_line_count property: ' + skip);
  }
  const parsed: LakeTableProperties = {
    format: formatText as LakeFormat | undefined,
    externalLocation: stringProperty(properties, 'external_location'),
    partitionedBy: partitioned.map((p) => p.toLowerCase()),
    skipHeaderLineCount: typeof skip === 'number' ? skip : undefined,
    csvSeparator: charProperty(properties, 'csv_separator'),
    csvQuote: charProperty(properties, 'csv_quote'),
    csvEscape: charProperty(properties, 'csv_escape'),
    nullFormat: stringProperty(properties, 'null_format'),
  };
  const bucketing = parseBucketing(properties);
  return bucketing === undefined ? parsed : { ...parsed, bucketing };
}

function stringArrayProperty(properties: Readonly<Record<string, unknown>>, name: string): string[] {
  const value = properties[name];
  if (value === undefined || value === null) return [];
  if (!(Array.isArray(value) && value.every((p) => typeof p === 'string'))) {
    throw invalid(`${name} must be an array of varchar`);
  }
  return value;
}

function integerProperty(properties: Readonly<Record<string, unknown>>, name: string): number | undefined {
  const value = properties[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalid(`${name} must be an integer`);
  return value;
}

/** `bucketed_by`, `bucket_count`, `bucketing_version` and `sorted_by`, checked as Trino checks them. */
function parseBucketing(properties: Readonly<Record<string, unknown>>): BucketProperty | undefined {
  const bucketedBy = stringArrayProperty(properties, 'bucketed_by').map((c) => c.toLowerCase());
  const sortedBy = stringArrayProperty(properties, 'sorted_by').map(parseSortingColumn);
  const bucketCount = integerProperty(properties, 'bucket_count') ?? 0;
  const version = integerProperty(properties, 'bucketing_version');
  if (bucketedBy.length === 0 && bucketCount === 0) {
    if (sortedBy.length > 0) throw invalid('sorted_by may be specified only when bucketed_by is specified');
    return undefined;
  }
  if (bucketCount < 0) throw invalid('bucket_count must be greater than zero');
  if (bucketedBy.length === 0 || bucketCount === 0) {
    throw invalid('bucketed_by and bucket_count must be specified together');
  }
  if (bucketCount > MAX_BUCKET_COUNT) throw invalid(`bucket_count should be no more than ${MAX_BUCKET_COUNT}`);
  if (version !== undefined && version !== 1 && version !== 2) {
    throw invalid(`bucketing_version must be between 1 and 2 (inclusive): ${version}`);
  }
  return { bucketedBy, bucketCount, bucketingVersion: (version ?? 1) as BucketingVersion, sortedBy };
}

/** Hive's limit on the number of buckets. */
const MAX_BUCKET_COUNT = 100_000;

/** `name`, `name ASC` or `name DESC` (Trino's sorted_by entries). */
function parseSortingColumn(text: string): SortingColumn {
  const match = /^\s*(\S+)(?:\s+(ASC|DESC))?\s*$/i.exec(text);
  if (match?.[1] === undefined) throw invalid(`Invalid sorted_by column: '${text}'`);
  return {
    columnName: match[1].toLowerCase(),
    order: match[2]?.toUpperCase() === 'DESC' ? 'DESCENDING' : 'ASCENDING',
  };
}

/**
 * Checks a new table's bucketing against its columns (after inference, when there is no column
 * list): bucket and sort columns are data columns, bucket columns of a type Hive can hash.
 */
export function checkBucketing(
  bucketing: BucketProperty,
  dataColumns: readonly LakeColumn[],
  partitionColumns: readonly LakeColumn[],
): void {
  const names = dataColumns.map((c) => c.name);
  const partitions = new Set(partitionColumns.map((c) => c.name));
  const missing = bucketing.bucketedBy.filter((c) => !names.includes(c));
  if (missing.some((c) => partitions.has(c))) {
    throw invalid(
      `Bucketing columns [${missing.join(', ')}] are partition columns: a table is bucketed by data columns`,
    );
  }
  if (missing.length > 0) throw invalid(`Bucketing columns [${missing.join(', ')}] not present in schema`);
  const unsorted = bucketing.sortedBy.map((c) => c.columnName).filter((c) => !names.includes(c));
  if (unsorted.length > 0) throw invalid(`Sorting columns [${unsorted.join(', ')}] not present in schema`);
  for (const { columnName } of bucketing.sortedBy) {
    const type = dataColumns.find((c) => c.name === columnName)?.type ?? VARCHAR;
    if (!isSortableType(type)) {
      throw new VivaceError(
        'NOT_SUPPORTED',
        `Cannot sort bucket files by column ${columnName} of type ${formatType(type)}`,
      );
    }
  }
  bucketKinds(bucketing.bucketedBy.map((name) => dataColumns.find((c) => c.name === name)?.type ?? VARCHAR));
}

/** Types whose values the writer orders (lake-page-sink.ts: numbers, text, bytes, dates, timestamps to micros). */
function isSortableType(type: Type): boolean {
  switch (type.kind) {
    case 'array':
    case 'map':
    case 'row':
    case 'timestamp with time zone':
    case 'time with time zone':
    case 'json':
      return false;
    case 'timestamp':
    case 'time':
      return type.precision <= 6;
    default:
      return true;
  }
}

/** The bucketing stored with a table (Trino's `bucketProperty` document and `bucketing_version` parameter). */
export function tableBucketing(table: {
  readonly bucketProperty?: unknown;
  readonly parameters: Readonly<Record<string, string>>;
}): BucketProperty | undefined {
  const json = table.bucketProperty as Record<string, unknown> | undefined | null;
  if (json === undefined || json === null || typeof json !== 'object') return undefined;
  const bucketedBy = json['bucketedBy'];
  const bucketCount = json['bucketCount'];
  if (!Array.isArray(bucketedBy) || typeof bucketCount !== 'number' || bucketCount <= 0) return undefined;
  const versionText = String(table.parameters[BUCKETING_VERSION_PARAMETER] ?? json['bucketingVersion'] ?? '1');
  const version: BucketingVersion = /2$/.test(versionText) ? 2 : 1;
  const sorted = Array.isArray(json['sortedBy']) ? (json['sortedBy'] as Record<string, unknown>[]) : [];
  return {
    bucketedBy: bucketedBy.map((c) => String(c).toLowerCase()),
    bucketCount,
    bucketingVersion: version,
    sortedBy: sorted.map((c) => ({
      columnName: String(c['columnName'] ?? '').toLowerCase(),
      order: c['order'] === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING',
    })),
  };
}

/** The metastore's `bucketProperty` document of a bucketing (the version goes in the parameters). */
export function bucketPropertyJson(bucketing: BucketProperty): Record<string, unknown> {
  return {
    bucketedBy: bucketing.bucketedBy,
    bucketCount: bucketing.bucketCount,
    sortedBy: bucketing.sortedBy.map((c) => ({ columnName: c.columnName, order: c.order })),
  };
}

/** Checks format-specific properties against the format (Trino's message). */
export function checkFormatProperties(properties: LakeTableProperties, format: LakeFormat): void {
  const textOnly: [keyof LakeTableProperties, string][] = [
    ['skipHeaderLineCount', 'skip_header_line_count'],
    ['nullFormat', 'null_format'],
  ];
  const csvOnly: [keyof LakeTableProperties, string][] = [
    ['csvSeparator', 'csv_separator'],
    ['csvQuote', 'csv_quote'],
    ['csvEscape', 'csv_escape'],
  ];
  for (const [key, name] of format === 'CSV' ? [] : [...csvOnly, ...(format === 'PARQUET' ? textOnly : [])]) {
    if (properties[key] !== undefined) {
      throw invalid(`Cannot specify ${name} table property for storage format: ${format}`);
    }
  }
  if (format === 'JSON' && properties.skipHeaderLineCount !== undefined) {
    throw invalid(`Cannot specify skip_header_line_count table property for storage format: ${format}`);
  }
}

/** Serde and table parameters of a table's text options. */
export function textParameters(properties: LakeTableProperties): {
  parameters: Record<string, string>;
  serdeParameters: Record<string, string>;
} {
  const parameters: Record<string, string> = {};
  const serdeParameters: Record<string, string> = {};
  if (properties.skipHeaderLineCount !== undefined)
    parameters[SKIP_HEADER_PARAMETER] = String(properties.skipHeaderLineCount);
  if (properties.csvSeparator !== undefined) serdeParameters[SEPARATOR_PARAMETER] = properties.csvSeparator;
  if (properties.csvQuote !== undefined) serdeParameters[QUOTE_PARAMETER] = properties.csvQuote;
  if (properties.csvEscape !== undefined) serdeParameters[ESCAPE_PARAMETER] = properties.csvEscape;
  if (properties.nullFormat !== undefined) serdeParameters[NULL_FORMAT_PARAMETER] = properties.nullFormat;
  return { parameters, serdeParameters };
}

export function tableFormat(table: LakeTable): LakeFormat {
  const format = (table.storageFormat ?? '').toUpperCase();
  if (format === 'PARQUET' || format === 'CSV' || format === 'JSON') return format;
  if (format === 'OPENX_JSON') return 'JSON';
  const serde = table.originalStorageFormat?.serde ?? '';
  if (/parquet/i.test(serde)) return 'PARQUET';
  if (/csv/i.test(serde)) return 'CSV';
  if (/json/i.test(serde)) return 'JSON';
  throw new VivaceError(
    'NOT_SUPPORTED',
    `Table '${table.schemaName}.${table.tableName}' has storage format ${table.storageFormat ?? table.originalStorageFormat?.serde ?? 'unknown'}, which Vivace does not read`,
  );
}

export function tableTextOptions(table: LakeTable, format: LakeFormat): TextOptions | undefined {
  if (format === 'PARQUET') return undefined;
  const serde = table.serdeParameters;
  const dialect: CsvDialect = {
    separator: serde[SEPARATOR_PARAMETER] ?? ',',
    quote: serde[QUOTE_PARAMETER] ?? '"',
    escape: serde[ESCAPE_PARAMETER] ?? '\\',
  };
  const skip = Number(table.parameters[SKIP_HEADER_PARAMETER] ?? '0');
  return {
    ...(format === 'CSV' && { dialect }),
    ...(Number.isInteger(skip) && skip > 0 && { skipHeaderLines: skip }),
    ...(serde[NULL_FORMAT_PARAMETER] !== undefined && { nullFormat: serde[NULL_FORMAT_PARAMETER] }),
  };
}

function columnMetadata(column: LakeColumn): ColumnMetadata {
  return { name: column.name, type: column.type, ...(column.comment !== undefined && { comment: column.comment }) };
}

/** The engine's view of a stored table: columns (data, partition, hidden), handle, properties. */
export function tableMetadata(
  catalog: string,
  table: LakeTable,
  location: string,
  metadataLocation: string,
): TableMetadata {
  const format = tableFormat(table);
  const text = tableTextOptions(table, format);
  const bucketing = tableBucketing(table);
  const handle: LakeTableHandle = {
    schema: table.schemaName,
    table: table.tableName,
    location,
    metadataLocation,
    format,
    external: table.tableType === 'EXTERNAL_TABLE',
    dataColumns: toJsonColumns(table.dataColumns),
    partitionColumns: toJsonColumns(table.partitionColumns),
    ...(text !== undefined && { text }),
    ...(bucketing !== undefined && { bucketing: bucketingHandle(table, bucketing) }),
  };
  const columns = [
    ...table.dataColumns.map(columnMetadata),
    ...table.partitionColumns.map((c) => ({ ...columnMetadata(c), extraInfo: 'partition key' })),
    ...HIDDEN_COLUMNS,
    ...(table.partitionColumns.length > 0 ? [PARTITION_HIDDEN_COLUMN] : []),
    ...(bucketing !== undefined ? [BUCKET_HIDDEN_COLUMN] : []),
  ];
  return {
    name: { catalog, schema: table.schemaName, name: table.tableName },
    columns,
    ...(table.parameters['comment'] !== undefined && { comment: table.parameters['comment'] }),
    handle,
    properties: showProperties(table, format),
  };
}

/** What readers and writers need of a table's bucketing: the bucket columns with their types. */
export function bucketingHandle(table: LakeTable, bucketing: BucketProperty): LakeBucketing {
  const columns = bucketing.bucketedBy.map((name) => {
    const column = table.dataColumns.find((c) => c.name === name);
    if (column === undefined) {
      throw lakeError(
        'HIVE_INVALID_METADATA',
        `Table '${table.schemaName}.${table.tableName}' is bucketed on non-existent column '${name}'`,
      );
    }
    return column;
  });
  return {
    columns: toJsonColumns(columns),
    bucketCount: bucketing.bucketCount,
    version: bucketing.bucketingVersion,
    ...(bucketing.sortedBy.length > 0 && {
      sortedBy: bucketing.sortedBy.map((c) => ({ column: c.columnName, descending: c.order === 'DESCENDING' })),
    }),
  };
}

/** The suffix of a partitioned table's hidden `$partitions` table, as in Trino. */
export const PARTITIONS_TABLE_SUFFIX = '$partitions';

/** `<table>$partitions`: the partition columns of `table`, a row per partition. */
export function partitionsTableMetadata(base: TableMetadata, table: LakeTable): TableMetadata {
  return {
    name: { ...base.name, name: `${table.tableName}${PARTITIONS_TABLE_SUFFIX}` },
    columns: table.partitionColumns.map(columnMetadata),
    handle: { ...(base.handle as LakeTableHandle), partitionsTable: true },
    properties: {},
    systemTable: true,
  };
}

/** The suffix of a table's hidden `$properties` table, as in Trino. */
export const PROPERTIES_TABLE_SUFFIX = '$properties';

/**
 * `<table>$properties`: one row, a varchar column per table parameter (sorted by name), as
 * Trino's; the values travel in the handle, nothing is read but the metastore.
 */
export function propertiesTableMetadata(base: TableMetadata, table: LakeTable): TableMetadata {
  // Column names are lower case (`numRows` is the column `numrows`, as in Trino); the first of
  // two names equal but for case wins.
  const parameters: Record<string, string> = {};
  for (const name of Object.keys(table.parameters).sort()) {
    parameters[name.toLowerCase()] ??= table.parameters[name] ?? '';
  }
  const { bucketing: _bucketing, ...handle } = base.handle as LakeTableHandle;
  return {
    name: { ...base.name, name: `${table.tableName}${PROPERTIES_TABLE_SUFFIX}` },
    columns: Object.keys(parameters)
      .sort()
      .map((name) => ({ name, type: VARCHAR })),
    handle: { ...handle, dataColumns: [], partitionColumns: [], propertiesTable: parameters },
    properties: {},
    systemTable: true,
  };
}

/** The table's properties as SHOW CREATE TABLE prints them (Trino's names and order). */
function showProperties(table: LakeTable, format: LakeFormat): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const serde = table.serdeParameters;
  const bucketing = tableBucketing(table);
  if (bucketing !== undefined) {
    properties['bucket_count'] = bucketing.bucketCount;
    properties['bucketed_by'] = bucketing.bucketedBy;
    properties['bucketing_version'] = bucketing.bucketingVersion;
  }
  if (serde[ESCAPE_PARAMETER] !== undefined) properties['csv_escape'] = serde[ESCAPE_PARAMETER];
  if (serde[QUOTE_PARAMETER] !== undefined) properties['csv_quote'] = serde[QUOTE_PARAMETER];
  if (serde[SEPARATOR_PARAMETER] !== undefined) properties['csv_separator'] = serde[SEPARATOR_PARAMETER];
  if (table.externalLocation !== undefined) properties['external_location'] = table.externalLocation;
  properties['format'] = format;
  if (serde[NULL_FORMAT_PARAMETER] !== undefined) properties['null_format'] = serde[NULL_FORMAT_PARAMETER];
  if (table.partitionColumns.length > 0) properties['partitioned_by'] = table.partitionColumns.map((c) => c.name);
  const skip = table.parameters[SKIP_HEADER_PARAMETER];
  if (skip !== undefined) properties['skip_header_line_count'] = Number(skip);
  if (bucketing !== undefined && bucketing.sortedBy.length > 0) {
    properties['sorted_by'] = bucketing.sortedBy.map((c) =>
      c.order === 'DESCENDING' ? `${c.columnName} DESC` : c.columnName,
    );
  }
  return properties;
}
