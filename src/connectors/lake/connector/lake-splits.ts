/**
 * Split enumeration of lake tables, on the coordinator, streamed in batches (split-source.ts):
 * in-progress writes first (lake-writes.ts: their files stay invisible), then the partitions the
 * metastore knows, pruned by the partition-column constraint (the one `applyFilter` took is
 * enforced here exactly; no file or footer of a pruned partition is read), then each partition's
 * (or the table's) data files through the cached directory lister. A Parquet file's footer
 * (cached, bounded) gives its row groups, pruned by min/max statistics and, for `=`/`IN`, bloom
 * filters; each remaining row group is a split. Files below `SMALL_FILE_BYTES` (and text files,
 * which are not split) share splits up to `maxSplitBytes`, so a directory of many small files is
 * not thousands of tiny tasks. A constraint on the hidden `$path` or `$file_size` columns skips
 * files before their footers are read, as Trino's does: `WHERE "$path" = '...'` queries one file
 * of a table, or steers around a broken one.
 */
import type { ConnectorSplitSource, SplitBatch, SplitRequest } from '../../../spi/connector.js';
import { domainContains, type LakeDomain } from '../domain.js';
import type { CachingDirectoryLister } from '../fs/directory-lister.js';
import type { FileEntry, FileSystem } from '../fs/file-system.js';
import { joinLocation, locationName } from '../fs/location.js';
import { lakeError } from '../lake-errors.js';
import type { FileHiveMetastore } from '../metastore/file-metastore.js';
import { pruneByBloomFilters } from '../parquet/parquet-bloom.js';
import type { ParquetFooterCache } from '../parquet/parquet-footer.js';
import { selectRowGroups } from '../parquet/parquet-statistics.js';
import { bucketKinds, bucketOfFileName, bucketsOfValues } from '../partition/hive-bucketing.js';
import { parsePartitionName, prunePartitionNames } from '../partition/hive-partitions.js';
import { lakeDomain } from './lake-domains.js';
import {
  fromJsonColumns,
  type LakeBucketing,
  type LakeSplit,
  type LakeSplitPart,
  type LakeTableHandle,
} from './lake-handles.js';
import { BUCKET_COLUMN, FILE_SIZE_COLUMN, PATH_COLUMN } from './lake-table-definition.js';
import { isVisible, pendingWriteIds } from './lake-writes.js';

/** Parquet files below this size are not split by row group and may share a split. */
export const SMALL_FILE_BYTES = 8 * 1024 * 1024;
const MAX_PARTS_PER_SPLIT = 256;

export interface SplitContext {
  readonly fs: FileSystem;
  readonly metastore: FileHiveMetastore;
  readonly lister: CachingDirectoryLister;
  readonly footers: ParquetFooterCache;
  readonly maxSplitBytes: number;
  readonly recursiveDirectories: boolean;
}

interface Directory {
  readonly location: string;
  readonly partitionName?: string;
  readonly partitionValues?: readonly (string | null)[];
}

export class LakeSplitSource implements ConnectorSplitSource {
  private readonly splits: AsyncGenerator<LakeSplit>;
  private closed = false;

  constructor(
    private readonly context: SplitContext,
    private readonly handle: LakeTableHandle,
    request: SplitRequest,
  ) {
    this.splits = this.enumerate(lakeDomain(request.constraint));
  }

  async nextBatch(maxSplits: number): Promise<SplitBatch> {
    const batch: LakeSplit[] = [];
    const limit = Math.max(1, Math.floor(maxSplits));
    while (batch.length < limit && !this.closed) {
      const next = await this.splits.next();
      if (next.done === true) return { splits: batch, noMoreSplits: true };
      batch.push(next.value);
    }
    return { splits: batch, noMoreSplits: this.closed };
  }

  close(): void {
    this.closed = true;
    void this.splits.return(undefined).catch(() => undefined);
  }

  private async *enumerate(hint: LakeDomain | undefined): AsyncGenerator<LakeSplit> {
    const { handle } = this;
    const enforced = lakeDomain(handle.partitionConstraint);
    if (enforced?.none === true || hint?.none === true) return;
    if (handle.propertiesTable !== undefined) {
      // `t$properties`: one row, from the handle.
      yield { parts: [] };
      return;
    }
    if (handle.partitionsTable === true) {
      // `t$partitions`: the partitions the metastore knows (pruned as any scan's), no file listed.
      const directories = await this.directories(lakeDomain(handle.partitionConstraint, hint));
      for (let i = 0; i < directories.length; i += MAX_PARTS_PER_SPLIT) {
        yield { parts: directories.slice(i, i + MAX_PARTS_PER_SPLIT).map((d) => partitionPart(d)) };
      }
      return;
    }
    // Markers first (see lake-writes.ts for why the order matters).
    const pending = await pendingWriteIds(this.context.fs, handle.metadataLocation);
    const directories = await this.directories(lakeDomain(handle.partitionConstraint, hint));
    const dataColumns = fromJsonColumns(handle.dataColumns);
    const buckets = bucketsToRead(handle.bucketing, hint);
    // Small files share a split, within their bucket when the table is bucketed.
    const small = new Map<number, { parts: LakeSplitPart[]; bytes: number }>();
    const split = (bucket: number, parts: LakeSplitPart[]): LakeSplit =>
      handle.bucketing === undefined ? { parts } : { parts, bucket };
    for (const directory of directories) {
      const listed = await this.context.lister.listFiles(directory.location, this.context.recursiveDirectories);
      const visible = listed.filter((file) => isVisible(file.location, pending));
      const fileBuckets = handle.bucketing === undefined ? undefined : bucketsOfFiles(handle, directory, visible);
      for (let f = 0; f < visible.length; f++) {
        const file = visible[f] as FileEntry;
        const bucket = fileBuckets?.[f] ?? 0;
        if (file.size === 0 || !fileMayMatch(file, hint)) continue;
        if (buckets !== undefined && !buckets(bucket)) continue;
        const part = filePart(file, directory, fileBuckets === undefined ? undefined : bucket);
        let batch = small.get(bucket);
        if (batch === undefined) {
          batch = { parts: [], bytes: 0 };
          small.set(bucket, batch);
        }
        if (handle.format !== 'PARQUET') {
          batch.parts.push(part);
          batch.bytes += file.size;
        } else {
          const footer = await this.context.footers.get(this.context.fs, file.location, file);
          let groups = selectRowGroups(footer, dataColumns, hint);
          if (groups.length > 0 && hint !== undefined) {
            groups = (await pruneByBloomFilters(this.context.fs, footer, dataColumns, hint, groups)).rowGroups;
          }
          if (groups.length === 0) continue;
          if (file.size < SMALL_FILE_BYTES) {
            batch.parts.push({ ...part, rowGroups: groups });
            batch.bytes += file.size;
          } else {
            for (const group of groups) yield split(bucket, [{ ...part, rowGroups: [group] }]);
          }
        }
        if (batch.bytes >= this.context.maxSplitBytes || batch.parts.length >= MAX_PARTS_PER_SPLIT) {
          yield split(bucket, batch.parts);
          small.delete(bucket);
        }
      }
    }
    for (const [bucket, batch] of small) if (batch.parts.length > 0) yield split(bucket, batch.parts);
  }

  /** The directories to list: the table's, or its partitions' (pruned by `domain`). */
  private async directories(domain: LakeDomain | undefined): Promise<Directory[]> {
    const { handle } = this;
    if (handle.partitionColumns.length === 0) return [{ location: handle.location }];
    const table = await this.context.metastore.getTable(handle.schema, handle.table);
    if (table === undefined) return [];
    const names = prunePartitionNames(
      await this.context.metastore.listPartitionNames(table),
      fromJsonColumns(handle.partitionColumns),
      domain,
    );
    const partitions = await this.context.metastore.getPartitionsByNames(table, names);
    return partitions.map((partition) => {
      const name = this.context.metastore.partitionName(table, partition.values);
      return {
        location: partition.externalLocation ?? joinLocation(handle.location, name),
        partitionName: name,
        partitionValues: partition.values ?? parsePartitionName(name).values,
      };
    });
  }
}

/** Whether the file's path and size satisfy the constraint's domains of `$path` and `$file_size`. */
function fileMayMatch(file: FileEntry, hint: LakeDomain | undefined): boolean {
  if (hint === undefined) return true;
  const path = hint.columns[PATH_COLUMN];
  const size = hint.columns[FILE_SIZE_COLUMN];
  return (
    (path === undefined || domainContains(path, file.location)) &&
    (size === undefined || domainContains(size, file.size))
  );
}

/** A partition of a `$partitions` split: its values, no file. */
function partitionPart(directory: Directory): LakeSplitPart {
  return {
    path: directory.location,
    size: 0,
    modified: 0,
    ...(directory.partitionName !== undefined && {
      partitionName: directory.partitionName,
      partitionValues: directory.partitionValues,
    }),
  };
}

function filePart(file: FileEntry, directory: Directory, bucket: number | undefined): LakeSplitPart {
  return {
    path: file.location,
    size: file.size,
    modified: file.lastModified,
    ...(bucket !== undefined && { bucket }),
    ...(directory.partitionName !== undefined && {
      partitionName: directory.partitionName,
      partitionValues: directory.partitionValues,
    }),
  };
}

/**
 * The bucket of each file of a bucketed table's directory, by its name (Hive's, Trino's and
 * ACID's patterns); when no name carries one and there are exactly `bucket_count` files, by name
 * order (Hive's rule). Anything else is a corrupt table (Trino's HIVE_INVALID_BUCKET_FILES).
 */
function bucketsOfFiles(handle: LakeTableHandle, directory: Directory, files: readonly FileEntry[]): number[] {
  const bucketCount = handle.bucketing?.bucketCount ?? 1;
  const table = `${handle.schema}.${handle.table}`;
  const partition = directory.partitionName ?? '<UNPARTITIONED>';
  const named = files.map((file) => bucketOfFileName(locationName(file.location)));
  const unnamed = named.indexOf(undefined);
  if (unnamed >= 0) {
    if (files.length !== bucketCount || named.some((bucket) => bucket !== undefined)) {
      throw lakeError(
        'HIVE_INVALID_BUCKET_FILES',
        `Hive table '${table}' is corrupt. File '${locationName(files[unnamed]?.location ?? '')}' does not match the standard naming pattern, and the number of files in the directory (${files.length}) does not match the declared bucket count (${bucketCount}) for partition: ${partition}`,
      );
    }
    const order = files.map((file, i) => ({ name: locationName(file.location), i }));
    order.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const buckets = new Array<number>(files.length);
    order.forEach((entry, rank) => {
      buckets[entry.i] = rank;
    });
    return buckets;
  }
  const buckets = named as number[];
  let highest = -1;
  for (const bucket of buckets) if (bucket > highest) highest = bucket;
  if (highest >= bucketCount) {
    throw lakeError(
      'HIVE_INVALID_BUCKET_FILES',
      `Hive table '${table}' is corrupt. The highest bucket number in the directory (${highest}) exceeds the bucket number range defined by the declared bucket count (${bucketCount}) for partition: ${partition}`,
    );
  }
  return buckets;
}

/**
 * Which buckets a scan must read (undefined: all): those the values the constraint allows for
 * every bucket column hash to (Trino's bucket filter, within its exploration limit), and those a
 * constraint on `$bucket` allows.
 */
function bucketsToRead(
  bucketing: LakeBucketing | undefined,
  hint: LakeDomain | undefined,
): ((bucket: number) => boolean) | undefined {
  if (bucketing === undefined || hint === undefined) return undefined;
  let allowed: Set<number> | undefined;
  const valuesByColumn: unknown[][] = [];
  for (const column of bucketing.columns) {
    const domain = hint.columns[column.name];
    if (domain?.values === undefined) {
      valuesByColumn.length = 0;
      break;
    }
    valuesByColumn.push([...domain.values, ...(domain.nullAllowed ? [null] : [])]);
  }
  if (valuesByColumn.length === bucketing.columns.length) {
    const columns = fromJsonColumns(bucketing.columns);
    allowed = bucketsOfValues(
      valuesByColumn,
      bucketKinds(columns.map((c) => c.type)),
      bucketing.version,
      bucketing.bucketCount,
    );
  }
  const bucketDomain = hint.columns[BUCKET_COLUMN];
  if (allowed === undefined && bucketDomain === undefined) return undefined;
  return (bucket) =>
    (allowed === undefined || allowed.has(bucket)) &&
    (bucketDomain === undefined || domainContains(bucketDomain, bucket));
}
