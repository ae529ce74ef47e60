/**
 * Listing the data files of a table or partition directory, as the Hive connector sees them:
 * names starting with `.` or `_` (at any level below the directory) are hidden — in-progress
 * writes (`.x.inprogress`), `_SUCCESS` markers, `_temporary` directories, metastore documents —
 * and subdirectories are ignored unless `recursive` (Trino's `hive.recursive-directories`, off by
 * default; partition directories are listed on their own). Listings are cached, bounded by the
 * number of file entries held and by a time to live, because planning a query over a large table
 * lists the same directories again and again; writers invalidate what they change.
 */
import { BoundedCache } from '../bounded-cache.js';
import type { FileEntry, FileSystem } from './file-system.js';
import { relativeLocation, withoutTrailingSlash } from './location.js';

/** Whether a path below a listed directory is hidden from readers (a segment starts with `.` or `_`). */
export function isHiddenPath(relativePath: string): boolean {
  for (const segment of relativePath.split('/')) {
    if (segment.startsWith('.') || segment.startsWith('_')) return true;
  }
  return false;
}

export interface DirectoryListerOptions {
  /** File entries the cache holds at most (default 1,000,000, some 100 MB). */
  readonly maxCachedFiles?: number;
  /** How long a listing is trusted, ms (default 60 s; 0 disables the cache). */
  readonly ttlMillis?: number;
  readonly now?: () => number;
}

export class CachingDirectoryLister {
  private readonly cache: BoundedCache<string, readonly FileEntry[]> | undefined;

  constructor(
    private readonly fs: FileSystem,
    options: DirectoryListerOptions = {},
  ) {
    const ttl = options.ttlMillis ?? 60_000;
    this.cache =
      ttl <= 0
        ? undefined
        : new BoundedCache({
            maxWeight: options.maxCachedFiles ?? 1_000_000,
            weigh: (files) => files.length + 1,
            ttlMillis: ttl,
            now: options.now,
          });
  }

  /** The visible data files of `directory` (directly in it, or at any depth with `recursive`). */
  async listFiles(directory: string, recursive = false): Promise<readonly FileEntry[]> {
    const base = withoutTrailingSlash(directory);
    const key = `${recursive ? 'r' : 'f'}:${base}`;
    const cached = this.cache?.get(key);
    if (cached !== undefined) return cached;
    const files: FileEntry[] = [];
    for await (const file of this.fs.list(base)) {
      const relative = relativeLocation(file.location, base);
      if (relative === undefined || isHiddenPath(relative)) continue;
      if (!recursive && relative.includes('/')) continue;
      files.push(file);
    }
    this.cache?.set(key, files);
    return files;
  }

  /** Forgets the listings of `directory` and of everything below or above it. */
  invalidate(directory: string): void {
    const base = withoutTrailingSlash(directory);
    this.cache?.deleteWhere((key) => {
      const listed = key.slice(2);
      return listed === base || listed.startsWith(`${base}/`) || base.startsWith(`${listed}/`);
    });
  }

  clear(): void {
    this.cache?.clear();
  }
}
