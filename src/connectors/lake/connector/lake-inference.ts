/**
 * CREATE TABLE without a column list over `external_location`: the columns come from the files.
 * The directory is listed (hidden names skipped, as readers skip them); `key=value` directories
 * on the way to the data files are the partition columns, in path order, typed from all their
 * values (partition/hive-partitions.ts `inferPartitionType`); the data columns come from the
 * first data file in listing order: its Parquet schema, its CSV header and a sample of its
 * records, or a sample of its JSON lines. The format is the `format` property when given, else
 * the first file's extension (`.parquet`, `.csv`/`.tsv`, `.json`/`.jsonl`/`.ndjson`, optionally
 * `.gz`), else the catalog's default.
 */
import { fail } from '../../../common/invariant.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Type } from '../../../types/type.js';
import { isHiddenPath } from '../fs/directory-lister.js';
import type { FileEntry, FileSystem } from '../fs/file-system.js';
import { relativeLocation } from '../fs/location.js';
import type { ParquetFooterCache } from '../parquet/parquet-footer.js';
import { inferParquetColumns } from '../parquet/parquet-schema.js';
import { HIVE_DEFAULT_PARTITION, inferPartitionType, unescapePathName } from '../partition/hive-partitions.js';
import type { CsvDialect } from '../text/csv-tokenizer.js';
import { inferCsvColumns, inferJsonColumns } from '../text/text-inference.js';
import type { LakeFormat } from './lake-config.js';

export interface InferredTable {
  readonly format: LakeFormat;
  readonly dataColumns: readonly { name: string; type: Type }[];
  readonly partitionColumns: readonly { name: string; type: Type }[];
  /** Whether the CSV files start with a header (skip_header_line_count = 1). */
  readonly header: boolean;
}

export interface InferenceOptions {
  readonly fs: FileSystem;
  readonly footers: ParquetFooterCache;
  readonly location: string;
  readonly format?: LakeFormat;
  readonly defaultFormat: LakeFormat;
  readonly dialect?: CsvDialect;
  readonly nullFormat?: string;
  readonly header?: boolean;
}

function formatOfName(name: string): LakeFormat | undefined {
  const base = name.toLowerCase().replace(/\.gz$/, '');
  if (base.endsWith('.parquet') || base.endsWith('.parq')) return 'PARQUET';
  if (base.endsWith('.csv') || base.endsWith('.tsv')) return 'CSV';
  if (base.endsWith('.json') || base.endsWith('.jsonl') || base.endsWith('.ndjson')) return 'JSON';
  return undefined;
}

export async function inferTable(options: InferenceOptions): Promise<InferredTable> {
  const { fs, location } = options;
  const files: { entry: FileEntry; directories: string[] }[] = [];
  for await (const entry of fs.list(location)) {
    const relative = relativeLocation(entry.location, location);
    if (relative === undefined || isHiddenPath(relative)) continue;
    if (entry.size === 0) continue;
    const segments = relative.split('/');
    files.push({ entry, directories: segments.slice(0, -1) });
  }
  if (files.length === 0) {
    throw new VivaceError(
      'INVALID_TABLE_PROPERTY',
      `No data files found at ${location}: the columns cannot be inferred (give a column list)`,
    );
  }
  const first = files[0] ?? fail('inference has at least one file');
  // Partition keys: the `key=value` directories of the first file's path.
  const keys = first.directories.map((segment) => {
    const eq = segment.indexOf('=');
    if (eq <= 0) {
      throw new VivaceError(
        'INVALID_TABLE_PROPERTY',
        `Data file ${first.entry.location} lies in directory '${segment}', which is not a key=value partition directory`,
      );
    }
    return unescapePathName(segment.slice(0, eq)).toLowerCase();
  });
  const values: (string | null)[][] = keys.map(() => []);
  for (const file of files) {
    if (file.directories.length !== keys.length) continue;
    file.directories.forEach((segment, i) => {
      const raw = segment.slice(segment.indexOf('=') + 1);
      (values[i] ?? fail('a value list per partition key')).push(
        raw === HIVE_DEFAULT_PARTITION ? null : unescapePathName(raw),
      );
    });
  }
  const partitionColumns = keys.map((name, i) => ({ name, type: inferPartitionType(values[i] ?? []) }));
  const format = options.format ?? formatOfName(first.entry.location) ?? options.defaultFormat;
  let dataColumns: { name: string; type: Type }[];
  let header = false;
  switch (format) {
    case 'PARQUET': {
      const footer = await options.footers.get(fs, first.entry.location, first.entry);
      dataColumns = inferParquetColumns(footer.metadata);
      break;
    }
    case 'CSV': {
      const inferred = await inferCsvColumns({
        fs,
        location: first.entry.location,
        ...(options.dialect && { dialect: options.dialect }),
        ...(options.header !== undefined && { header: options.header }),
        ...(options.nullFormat !== undefined && { nullFormat: options.nullFormat }),
      });
      dataColumns = inferred.columns;
      header = inferred.header;
      break;
    }
    case 'JSON':
      dataColumns = await inferJsonColumns({ fs, location: first.entry.location });
      break;
  }
  const clash = dataColumns.find((c) => keys.includes(c.name));
  if (clash !== undefined) {
    // A file that also holds the partition column (written with it): the directory wins, as Hive.
    dataColumns = dataColumns.filter((c) => !keys.includes(c.name));
  }
  if (dataColumns.length === 0) {
    throw new VivaceError('INVALID_TABLE_PROPERTY', `No columns found in ${first.entry.location}`);
  }
  return { format, dataColumns, partitionColumns, header };
}
