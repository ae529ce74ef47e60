/**
 * The plain-data handles of the lake connector, which travel in plans and splits as JSON so that
 * workers need no metastore: the table handle (made by the coordinator's metadata, narrowed by
 * pushdown), splits (one or more parts of data files), the insert handle of a write, and the
 * fragment a page sink reports. Column types travel as type signatures.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { ConnectorSplit } from '../../../spi/split-source.js';
import type { TupleDomain } from '../../../spi/tuple-domain.js';
import type { Type } from '../../../types/type.js';
import { formatType, parseType } from '../../../types/type-signature.js';
import type { BucketingVersion } from '../partition/hive-bucketing.js';
import type { CsvDialect } from '../text/csv-tokenizer.js';
import type { LakeFormat } from './lake-config.js';

export interface JsonColumn {
  readonly name: string;
  readonly type: string;
}

export interface TypedColumn {
  readonly name: string;
  readonly type: Type;
}

/** How a table's text files are read and written. */
export interface TextOptions {
  readonly dialect?: CsvDialect;
  readonly skipHeaderLines?: number;
  readonly nullFormat?: string;
}

/** A bucketed table's bucketing, as readers and writers need it (partition/hive-bucketing.ts). */
export interface LakeBucketing {
  /** The bucket columns (data columns), in bucketing order. */
  readonly columns: readonly JsonColumn[];
  readonly bucketCount: number;
  readonly version: BucketingVersion;
  /** `sorted_by`: each bucket file's rows in this order (ascending with NULLs first, descending with NULLs last). */
  readonly sortedBy?: readonly { readonly column: string; readonly descending: boolean }[];
}

export interface LakeTableHandle {
  readonly schema: string;
  readonly table: string;
  /** The table's data location (external location, or the managed directory). */
  readonly location: string;
  /** Where the metastore keeps the table's documents (and the markers of writes in progress). */
  readonly metadataLocation: string;
  readonly format: LakeFormat;
  readonly external: boolean;
  readonly dataColumns: readonly JsonColumn[];
  readonly partitionColumns: readonly JsonColumn[];
  readonly text?: TextOptions;
  /** Partition-column constraint taken by `applyFilter`: enforced exactly at split listing. */
  readonly partitionConstraint?: TupleDomain;
  /**
   * The table's `$partitions` table (Trino's hidden table): one row per partition, the partition
   * columns only. Its splits name partitions, not files; nothing is read but the metastore.
   */
  readonly partitionsTable?: true;
  /** The table's `$properties` table: its parameters, by name (its columns). */
  readonly propertiesTable?: Readonly<Record<string, string>>;
  /** The table is bucketed: files carry their bucket in their names, splits their bucket. */
  readonly bucketing?: LakeBucketing;
}

/** One file, or some row groups of it, that a split reads. */
export interface LakeSplitPart {
  readonly path: string;
  readonly size: number;
  readonly modified: number;
  /** Partition values (text, null for the default partition), in partition column order. */
  readonly partitionValues?: readonly (string | null)[];
  readonly partitionName?: string;
  /** Parquet row groups to read (all when absent). */
  readonly rowGroups?: readonly number[];
  /** The file's bucket (bucketed tables). */
  readonly bucket?: number;
}

export interface LakeSplit extends ConnectorSplit {
  readonly parts: readonly LakeSplitPart[];
}

export interface LakeInsertHandle {
  readonly schema: string;
  readonly table: string;
  readonly location: string;
  readonly format: LakeFormat;
  readonly dataColumns: readonly JsonColumn[];
  readonly partitionColumns: readonly JsonColumn[];
  readonly text?: TextOptions;
  /** Rows go to files by bucket (bucketed tables). */
  readonly bucketing?: LakeBucketing;
  /** Names the write's files (`<writeId>_<random>.<ext>`) and its in-progress marker. */
  readonly writeId: string;
  readonly compression: string;
  readonly targetMaxFileBytes: number;
  readonly maxRowsPerFile: number;
  /** Partitions one writer may have files open in (`hive.max-partitions-per-writers`); 100 when absent. */
  readonly maxOpenPartitions?: number;
  /** Parquet row groups close at about this many buffered bytes. */
  readonly parquetRowGroupBytes?: number;
  /**
   * What a write into a partition that exists does (session property
   * `insert_existing_partitions_behavior`): add files, replace the partition's files, or fail.
   */
  readonly existingPartitions?: ExistingPartitionsBehavior;
}

export type ExistingPartitionsBehavior = 'APPEND' | 'OVERWRITE' | 'ERROR';

export interface WrittenFile {
  readonly path: string;
  readonly size: number;
  readonly rows: number;
  /** Partition values (text) of a partitioned table's file. */
  readonly partitionValues?: readonly (string | null)[];
}

export interface LakeWriteFragment {
  readonly writeId: string;
  readonly files: readonly WrittenFile[];
}

export function toJsonColumns(columns: readonly TypedColumn[]): JsonColumn[] {
  return columns.map((c) => ({ name: c.name, type: formatType(c.type) }));
}

export function fromJsonColumns(columns: readonly JsonColumn[]): TypedColumn[] {
  return columns.map((c) => ({ name: c.name, type: parseType(c.type) }));
}

function internal(what: string, value: unknown): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', `Not a lake ${what}: ${JSON.stringify(value)?.slice(0, 200)}`);
}

export function asTableHandle(handle: unknown): LakeTableHandle {
  const value = handle as Partial<LakeTableHandle> | null | undefined;
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof value.location !== 'string' ||
    !Array.isArray(value.dataColumns) ||
    !Array.isArray(value.partitionColumns)
  ) {
    throw internal('table handle', handle);
  }
  return value as LakeTableHandle;
}

export function asSplit(split: ConnectorSplit): LakeSplit {
  if (!Array.isArray(split['parts'])) throw internal('split', split);
  return split as LakeSplit;
}

export function asInsertHandle(handle: unknown): LakeInsertHandle {
  const value = handle as Partial<LakeInsertHandle> | null | undefined;
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof value.writeId !== 'string' ||
    !Array.isArray(value.dataColumns)
  ) {
    throw internal('insert handle', handle);
  }
  return value as LakeInsertHandle;
}

export function asWriteFragments(fragments: readonly unknown[]): LakeWriteFragment[] {
  return fragments.map((fragment) => {
    const value = fragment as Partial<LakeWriteFragment> | null;
    if (
      value === null ||
      typeof value !== 'object' ||
      typeof value.writeId !== 'string' ||
      !Array.isArray(value.files)
    ) {
      throw internal('write fragment', fragment);
    }
    return value as LakeWriteFragment;
  });
}
