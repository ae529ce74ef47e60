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
import { joinLocation } from '../fs/location.js';
import type { FileHiveMetastore } from '../metastore/file-metastore.js';
import { pruneByBloomFilters } from '../parquet/parquet-bloom.js';
import type { ParquetFooterCache } from '../parquet/parquet-footer.js';
import { selectRowGroups } from '../parquet/parquet-statistics.js';
import { parsePartitionName, prunePartitionNames } from '../partition/hive-partitions.js';
import { lakeDomain } from './lake-domains.js';
import { fromJsonColumns, type LakeSplit, type LakeSplitPart, type LakeTableHandle } from './lake-handles.js';
import { FILE_SIZE_COLUMN, PATH_COLUMN } from './lake-table-definition.js';
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
    let small: LakeSplitPart[] = [];
    let smallBytes = 0;
    for (const directory of directories) {
      const files = await this.context.lister.listFiles(directory.location, this.context.recursiveDirectories);
      for (const file of files) {
        if (file.size === 0 || !isVisible(file.location, pending)) continue;
        if (!fileMayMatch(file, hint)) continue;
        const part = filePart(file, directory);
        if (handle.format !== 'PARQUET') {
          small.push(part);
          smallBytes += file.size;
        } else {
          const footer = await this.context.footers.get(this.context.fs, file.location, file);
          let groups = selectRowGroups(footer, dataColumns, hint);
          if (groups.length > 0 && hint !== undefined) {
            groups = (await pruneByBloomFilters(this.context.fs, footer, dataColumns, hint, groups)).rowGroups;
          }
          if (groups.length === 0) continue;
          if (file.size < SMALL_FILE_BYTES) {
            small.push({ ...part, rowGroups: groups });
            smallBytes += file.size;
          } else {
            for (const group of groups) yield { parts: [{ ...part, rowGroups: [group] }] };
          }
        }
        if (smallBytes >= this.context.maxSplitBytes || small.length >= MAX_PARTS_PER_SPLIT) {
          yield { parts: small };
          small = [];
          smallBytes = 0;
        }
      }
    }
    if (small.length > 0) yield { parts: small };
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

function filePart(file: FileEntry, directory: Directory): LakeSplitPart {
  return {
    path: file.location,
    size: file.size,
    modified: file.lastModified,
    ...(directory.partitionName !== undefined && {
      partitionName: directory.partitionName,
      partitionValues: directory.partitionValues,
    }),
  };
}
