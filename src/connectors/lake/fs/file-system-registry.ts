/**
 * From a catalog's properties to the one FileSystem its connector reads and writes through: each
 * location goes to the file system of its scheme — `file://` and `local://` to the local disk
 * (always on in Vivace; Trino's `fs.native-local.enabled` / `fs.local.enabled` and
 * `local.location` are accepted), `s3://` (and `s3a://`, `s3n://`) to S3 when
 * `fs.native-s3.enabled=true` (or `fs.s3.enabled`). A location of a scheme with no file system
 * fails with HIVE_FILESYSTEM_ERROR saying which key turns it on. The connector calls
 * `createFileSystem(properties)` once per catalog, checks its own keys plus
 * `FILE_SYSTEM_PROPERTY_KEYS`, masks `FILE_SYSTEM_SECRET_PROPERTY_KEYS`, and, when a catalog is
 * created at run time, awaits `checkFileSystemAccess` so an unreachable endpoint fails the
 * CREATE CATALOG rather than the first query.
 */
import { lakeError } from '../lake-errors.js';
import type { FileEntry, FileSystem, OutputFile, OutputFileOptions } from './file-system.js';
import { LocalFileSystem } from './local-file-system.js';
import { parseLocation } from './location.js';
import { S3_PROPERTY_KEYS, S3_SECRET_PROPERTY_KEYS, s3ConfigFromProperties, s3Enabled } from './s3/s3-config.js';
import { S3_SCHEMES, S3FileSystem } from './s3-file-system.js';

export const FILE_SYSTEM_PROPERTY_KEYS: readonly string[] = [
  'fs.native-local.enabled',
  'fs.local.enabled',
  'local.location',
  ...S3_PROPERTY_KEYS,
];

export const FILE_SYSTEM_SECRET_PROPERTY_KEYS: readonly string[] = S3_SECRET_PROPERTY_KEYS;

/** A FileSystem that hands every call to the file system of the location's scheme. */
export class SchemeDispatchingFileSystem implements FileSystem {
  constructor(private readonly bySchema: ReadonlyMap<string, FileSystem>) {}

  /** The file system serving `location` (HIVE_FILESYSTEM_ERROR naming the key to set if none). */
  fileSystemOf(location: string): FileSystem {
    const scheme = parseLocation(location).scheme;
    const fs = this.bySchema.get(scheme);
    if (fs !== undefined) return fs;
    const hint = S3_SCHEMES.includes(scheme) ? " (set 'fs.native-s3.enabled' = 'true' in the catalog)" : '';
    throw lakeError('HIVE_FILESYSTEM_ERROR', `No file system for location scheme '${scheme}': ${location}${hint}`);
  }

  /** The S3 file system, if this catalog has one (for its counters and `close`). */
  get s3(): S3FileSystem | undefined {
    const fs = this.bySchema.get('s3');
    return fs instanceof S3FileSystem ? fs : undefined;
  }

  // async everywhere, so that a location of an unserved scheme is a rejection, not a throw
  async *list(directory: string): AsyncIterable<FileEntry> {
    yield* this.fileSystemOf(directory).list(directory);
  }
  async listDirectories(directory: string): Promise<string[]> {
    return this.fileSystemOf(directory).listDirectories(directory);
  }
  async directoryExists(directory: string): Promise<boolean> {
    return this.fileSystemOf(directory).directoryExists(directory);
  }
  async stat(location: string): Promise<FileEntry> {
    return this.fileSystemOf(location).stat(location);
  }
  async exists(location: string): Promise<boolean> {
    return this.fileSystemOf(location).exists(location);
  }
  async readRange(location: string, offset: number, length: number): Promise<Uint8Array> {
    return this.fileSystemOf(location).readRange(location, offset, length);
  }
  async readTail(location: string, length: number): Promise<{ readonly bytes: Uint8Array; readonly fileSize: number }> {
    return this.fileSystemOf(location).readTail(location, length);
  }
  async readFile(location: string): Promise<Uint8Array> {
    return this.fileSystemOf(location).readFile(location);
  }
  async newOutputFile(location: string, options?: OutputFileOptions): Promise<OutputFile> {
    return this.fileSystemOf(location).newOutputFile(location, options);
  }
  async createExclusive(location: string, bytes: Uint8Array): Promise<void> {
    return this.fileSystemOf(location).createExclusive(location, bytes);
  }
  async replace(location: string, bytes: Uint8Array): Promise<void> {
    return this.fileSystemOf(location).replace(location, bytes);
  }
  async delete(location: string): Promise<void> {
    return this.fileSystemOf(location).delete(location);
  }
  async deleteDirectory(directory: string): Promise<void> {
    return this.fileSystemOf(directory).deleteDirectory(directory);
  }

  /** Releases the S3 connection pool (a dropped catalog). */
  async close(): Promise<void> {
    await this.s3?.close();
  }
}

/** The file system of a catalog, from its properties (bad S3 values: CONFIGURATION_INVALID naming the key). */
export function createFileSystem(
  properties: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SchemeDispatchingFileSystem {
  // Trino's `local.location` is a path or a `local://` URI
  const local = new LocalFileSystem({
    localRoot: properties['local.location']?.trim().replace(/^local:\/\//, '') || '/',
  });
  const bySchema = new Map<string, FileSystem>([
    ['file', local],
    ['local', local],
  ]);
  if (s3Enabled(properties)) {
    const s3 = new S3FileSystem(s3ConfigFromProperties(properties, env));
    for (const scheme of S3_SCHEMES) bySchema.set(scheme, s3);
  }
  return new SchemeDispatchingFileSystem(bySchema);
}

/**
 * Checks that `location` (a catalog's metastore directory or a bucket) can be reached with the
 * catalog's credentials: one listing request, no retries. Fails with HIVE_FILESYSTEM_ERROR naming
 * the location and what went wrong (connection refused, access denied, no such bucket).
 */
export async function checkFileSystemAccess(fs: SchemeDispatchingFileSystem, location: string): Promise<void> {
  const target = fs.fileSystemOf(location);
  if (target instanceof S3FileSystem) await target.checkAccess(location);
  else await target.directoryExists(location);
}
