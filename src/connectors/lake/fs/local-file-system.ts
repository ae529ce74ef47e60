/**
 * The local-disk implementation of the lake file system, on `node:fs/promises`. It serves
 * `file:///abs/path` locations (the path as written) and Trino's `local:///x` locations (resolved
 * under `localRoot`, Trino's `local.location`; a `..` that would leave the root is refused). Byte
 * ranges are read through a file handle, never the whole file. Writes go to a hidden temporary file
 * beside the target (`.<name>.<random>.inprogress`: readers of a table skip names starting with a
 * dot, as Hive does) and appear at `commit` by a rename, or by a hard link for an exclusive
 * create (link fails if the target exists, so two writers cannot both win). That rename is this
 * implementation's own business: the interface promises no atomic rename.
 */
import { randomBytes } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import { type FileHandle, link, mkdir, open, opendir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, basename as pathBasename, join as pathJoin, resolve as resolvePath } from 'node:path';
import { VivaceError } from '../../../common/vivace-error.js';
import { lakeError, messageOf } from '../lake-errors.js';
import type { FileEntry, FileSystem, OutputFile, OutputFileOptions } from './file-system.js';
import { parseLocation } from './location.js';

export interface LocalFileSystemOptions {
  /** The directory `local:///x` locations resolve under (Trino's `local.location`); default `/`. */
  readonly localRoot?: string;
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function fsError(operation: string, location: string, error: unknown): Error {
  if (error instanceof VivaceError) return error;
  if (errnoOf(error) === 'ENOENT') return lakeError('HIVE_FILE_NOT_FOUND', `File not found: ${location}`, error);
  return lakeError('HIVE_FILESYSTEM_ERROR', `Failed to ${operation} ${location}: ${messageOf(error)}`, error);
}

function inProgressName(path: string): string {
  return pathJoin(dirname(path), `.${pathBasename(path)}.${randomBytes(6).toString('hex')}.inprogress`);
}

export class LocalFileSystem implements FileSystem {
  private readonly localRoot: string;

  constructor(options: LocalFileSystemOptions = {}) {
    this.localRoot = resolvePath(options.localRoot ?? '/');
  }

  /** The local path of a location (throws for other schemes and for paths escaping the root). */
  pathOf(location: string): string {
    const parsed = parseLocation(location);
    if (parsed.scheme !== 'file' && parsed.scheme !== 'local') {
      throw lakeError('HIVE_FILESYSTEM_ERROR', `No file system for location scheme '${parsed.scheme}': ${location}`);
    }
    if (parsed.authority !== '') {
      throw lakeError('HIVE_FILESYSTEM_ERROR', `Location must not have a host: ${location}`);
    }
    if (parsed.scheme === 'local') {
      const path = resolvePath(this.localRoot, parsed.path);
      if (
        path !== this.localRoot &&
        !path.startsWith(this.localRoot.endsWith('/') ? this.localRoot : `${this.localRoot}/`)
      ) {
        throw lakeError('HIVE_FILESYSTEM_ERROR', `Location references data outside of the root: ${location}`);
      }
      return path;
    }
    return resolvePath(`/${parsed.path}`);
  }

  async *list(directory: string): AsyncIterable<FileEntry> {
    const root = this.pathOf(directory);
    yield* this.walk(root, directory.endsWith('/') ? directory.slice(0, -1) : directory);
  }

  private async *walk(path: string, location: string): AsyncIterable<FileEntry> {
    let entries: Dirent[];
    try {
      entries = await readDirectory(path);
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw fsError('list', location, error);
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const childPath = pathJoin(path, entry.name);
      const childLocation = `${location}/${entry.name}`;
      if (entry.isDirectory()) {
        yield* this.walk(childPath, childLocation);
      } else if (entry.isFile()) {
        let info: Awaited<ReturnType<typeof stat>>;
        try {
          info = await stat(childPath);
        } catch (error) {
          if (errnoOf(error) === 'ENOENT') continue; // deleted while listing
          throw fsError('list', childLocation, error);
        }
        yield { location: childLocation, size: info.size, lastModified: info.mtimeMs };
      }
    }
  }

  async listDirectories(directory: string): Promise<string[]> {
    try {
      const entries = await readDirectory(this.pathOf(directory));
      return entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return [];
      throw fsError('list', directory, error);
    }
  }

  async directoryExists(directory: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(directory))).isDirectory();
    } catch (error) {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return false;
      throw fsError('stat', directory, error);
    }
  }

  async stat(location: string): Promise<FileEntry> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(this.pathOf(location));
    } catch (error) {
      throw fsError('stat', location, error);
    }
    if (!info.isFile()) throw lakeError('HIVE_FILE_NOT_FOUND', `Not a file: ${location}`);
    return { location, size: info.size, lastModified: info.mtimeMs };
  }

  async exists(location: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(location))).isFile();
    } catch (error) {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return false;
      throw fsError('stat', location, error);
    }
  }

  async readRange(location: string, offset: number, length: number): Promise<Uint8Array> {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
      throw lakeError('HIVE_FILESYSTEM_ERROR', `Invalid range (offset ${offset}, length ${length}) of ${location}`);
    }
    const handle = await this.openForRead(location);
    try {
      const bytes = new Uint8Array(length);
      const read = await readFully(handle, bytes, offset);
      if (read < length) {
        throw lakeError(
          'HIVE_FILESYSTEM_ERROR',
          `Read of ${length} bytes at offset ${offset} goes past the end of ${location} (${offset + read} bytes)`,
        );
      }
      return bytes;
    } catch (error) {
      throw fsError('read', location, error);
    } finally {
      await handle.close();
    }
  }

  async readTail(location: string, length: number): Promise<{ bytes: Uint8Array; fileSize: number }> {
    const handle = await this.openForRead(location);
    try {
      const fileSize = (await handle.stat()).size;
      const count = Math.min(length, fileSize);
      const bytes = new Uint8Array(count);
      const read = await readFully(handle, bytes, fileSize - count);
      return { bytes: read === count ? bytes : bytes.subarray(0, read), fileSize };
    } catch (error) {
      throw fsError('read', location, error);
    } finally {
      await handle.close();
    }
  }

  async readFile(location: string): Promise<Uint8Array> {
    try {
      const buffer = await readFile(this.pathOf(location));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } catch (error) {
      throw fsError('read', location, error);
    }
  }

  async newOutputFile(location: string, options: OutputFileOptions = {}): Promise<OutputFile> {
    const path = this.pathOf(location);
    const temporary = inProgressName(path);
    let handle: FileHandle;
    try {
      await mkdir(dirname(path), { recursive: true });
      handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
    } catch (error) {
      throw fsError('create', location, error);
    }
    return new LocalOutputFile(location, path, temporary, handle, options.exclusive === true);
  }

  async createExclusive(location: string, bytes: Uint8Array): Promise<void> {
    const output = await this.newOutputFile(location, { exclusive: true });
    await writeAndCommit(output, bytes);
  }

  async replace(location: string, bytes: Uint8Array): Promise<void> {
    const output = await this.newOutputFile(location);
    await writeAndCommit(output, bytes);
  }

  async delete(location: string): Promise<void> {
    try {
      await unlink(this.pathOf(location));
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw fsError('delete', location, error);
    }
  }

  async deleteDirectory(directory: string): Promise<void> {
    try {
      await rm(this.pathOf(directory), { recursive: true, force: true });
    } catch (error) {
      throw fsError('delete', directory, error);
    }
  }

  private async openForRead(location: string): Promise<FileHandle> {
    try {
      return await open(this.pathOf(location), 'r');
    } catch (error) {
      throw fsError('open', location, error);
    }
  }
}

async function readDirectory(path: string): Promise<Dirent[]> {
  const entries: Dirent[] = [];
  const dir = await opendir(path, { bufferSize: 256 });
  for await (const entry of dir) entries.push(entry);
  return entries;
}

async function readFully(handle: FileHandle, into: Uint8Array, position: number): Promise<number> {
  let done = 0;
  while (done < into.length) {
    const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

async function writeAndCommit(output: OutputFile, bytes: Uint8Array): Promise<void> {
  try {
    await output.write(bytes);
    await output.commit();
  } catch (error) {
    await output.abort();
    throw error;
  }
}

class LocalOutputFile implements OutputFile {
  bytesWritten = 0;
  private state: 'open' | 'committed' | 'aborted' = 'open';

  constructor(
    readonly location: string,
    private readonly path: string,
    private readonly temporary: string,
    private readonly handle: FileHandle,
    private readonly exclusive: boolean,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    if (this.state !== 'open') throw lakeError('HIVE_FILESYSTEM_ERROR', `Write after ${this.state}: ${this.location}`);
    try {
      let done = 0;
      while (done < bytes.length) {
        const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done);
        done += bytesWritten;
      }
      this.bytesWritten += bytes.length;
    } catch (error) {
      throw fsError('write', this.location, error);
    }
  }

  async commit(): Promise<void> {
    if (this.state !== 'open') throw lakeError('HIVE_FILESYSTEM_ERROR', `Commit after ${this.state}: ${this.location}`);
    try {
      await this.handle.close();
      if (this.exclusive) {
        await link(this.temporary, this.path);
        await unlink(this.temporary);
      } else {
        await rename(this.temporary, this.path);
      }
      this.state = 'committed';
    } catch (error) {
      await this.abort();
      if (errnoOf(error) === 'EEXIST') {
        throw lakeError('HIVE_PATH_ALREADY_EXISTS', `File already exists: ${this.location}`, error);
      }
      throw fsError('commit', this.location, error);
    }
  }

  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    await this.handle.close().catch(() => {});
    await unlink(this.temporary).catch(() => {});
  }
}
