/**
 * The file-system interface of the lake connector, designed for object storage from the start
 * (the S3 implementation of the next issue sits behind it): everything is asynchronous; files are
 * read by byte range (a Parquet footer first, then only the column chunks a query needs); listing
 * is by prefix and recursive, streamed as the store pages its answers; writes are streamed in parts
 * and become visible only at `commit` (an S3 multipart upload completes then; `abort` deletes what
 * was written). No operation assumes an atomic rename, which object stores lack: small metadata
 * files are written with `createExclusive` (fails if the file exists: a conditional PUT on S3) or
 * `replace` (atomic overwrite: write-then-rename locally, a plain PUT on S3).
 *
 * Directories: object stores have none, so a "directory" is a location prefix. `list` returns the
 * files below a directory at any depth; `listDirectories` returns the names one level down (S3's
 * common prefixes), which partition discovery walks level by level. Errors are VivaceErrors with
 * Hive codes naming the location: HIVE_FILE_NOT_FOUND for a missing file, HIVE_PATH_ALREADY_EXISTS
 * for an exclusive create that lost, HIVE_FILESYSTEM_ERROR for anything else.
 */

export interface FileEntry {
  readonly location: string;
  /** Size in bytes. */
  readonly size: number;
  /** Last modification, epoch milliseconds. */
  readonly lastModified: number;
}

/** A file being written: parts are appended in order; nothing is visible at `location` before `commit`. */
export interface OutputFile {
  readonly location: string;
  /** Bytes passed to `write` so far. */
  readonly bytesWritten: number;
  /** Appends bytes. The caller may reuse `bytes` once the promise settles. */
  write(bytes: Uint8Array): Promise<void>;
  /** Makes the file visible at its location (replacing a file there unless created `exclusive`). */
  commit(): Promise<void>;
  /** Discards what was written; the location is left as it was. Safe to call after a failure. */
  abort(): Promise<void>;
}

export interface OutputFileOptions {
  /** Fail the commit with HIVE_PATH_ALREADY_EXISTS if a file exists at the location by then. */
  readonly exclusive?: boolean;
}

export interface FileSystem {
  /** Every file below `directory` (at any depth), in an order stable across calls; none if it does not exist. */
  list(directory: string): AsyncIterable<FileEntry>;
  /** The names of the directories directly below `directory` (empty if it does not exist). */
  listDirectories(directory: string): Promise<string[]>;
  /** Whether anything lies below `directory` (object stores) or the directory exists (local disk). */
  directoryExists(directory: string): Promise<boolean>;
  /** Size and modification time of a file; HIVE_FILE_NOT_FOUND if there is none. */
  stat(location: string): Promise<FileEntry>;
  /** Whether a file exists at `location`. */
  exists(location: string): Promise<boolean>;
  /** `length` bytes from `offset`; HIVE_FILESYSTEM_ERROR if the file is shorter. */
  readRange(location: string, offset: number, length: number): Promise<Uint8Array>;
  /** The last `min(length, size)` bytes of the file, with the file's size (one request on S3). */
  readTail(location: string, length: number): Promise<{ readonly bytes: Uint8Array; readonly fileSize: number }>;
  /** A whole (small) file: metadata documents, not data files. */
  readFile(location: string): Promise<Uint8Array>;
  /** Starts a streamed write (see OutputFile). */
  newOutputFile(location: string, options?: OutputFileOptions): Promise<OutputFile>;
  /** Writes a small file that must not exist yet, atomically; HIVE_PATH_ALREADY_EXISTS if it does. */
  createExclusive(location: string, bytes: Uint8Array): Promise<void>;
  /** Writes a small file atomically, replacing any file there: readers see the old or the new bytes. */
  replace(location: string, bytes: Uint8Array): Promise<void>;
  /** Deletes a file; a missing file is not an error. */
  delete(location: string): Promise<void>;
  /** Deletes everything below `directory` (and the directory itself where stores have them). */
  deleteDirectory(directory: string): Promise<void>;
}
