/**
 * Which files of a table readers may see while writes are in progress — the commit protocol of
 * the lake connector, which needs no atomic rename (object stores have none):
 *
 *   1. When a write is planned, the coordinator creates a marker `<table metadata
 *      dir>/.vivace-writes/<writeId>` (exclusively; a hidden name no reader lists as data).
 *   2. Writers on any node write files under their final names, `<writeId>_<random>.<ext>` (a
 *      bucket's: `<bucket>_0_<writeId>_<random>.<ext>`), in the
 *      table's (or partition's) directory; each file appears whole or not at all (the file
 *      system's OutputFile commit: a rename locally, a multipart completion on S3).
 *   3. Readers (split listing, on the coordinator) read the markers *first*, then the metastore's
 *      partitions, then the directories, and skip every file whose write id has a marker.
 *   4. The coordinator commits when every writer has finished: it registers new partitions and
 *      statistics in the metastore, then deletes the marker — the single atomic step that makes
 *      all the write's files visible at once. A reader that saw the marker sees none of them; one
 *      that did not, listed after the marker went, so after the partitions were registered: all.
 *   5. A failed or cancelled write deletes the files it knows of and keeps its marker for good: a
 *      file a lost writer finishes later stays invisible too (the marker is a tombstone).
 */
import { randomBytes } from 'node:crypto';
import type { FileSystem } from '../fs/file-system.js';
import { joinLocation, locationName } from '../fs/location.js';

export const WRITES_DIRECTORY = '.vivace-writes';

export function newWriteId(): string {
  const now = new Date();
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}v${randomBytes(6).toString('hex')}`;
}

export function writeMarkerLocation(metadataLocation: string, writeId: string): string {
  return joinLocation(metadataLocation, WRITES_DIRECTORY, writeId);
}

/** The ids of the table's writes not committed (in progress, or failed). */
export async function pendingWriteIds(fs: FileSystem, metadataLocation: string): Promise<ReadonlySet<string>> {
  const ids = new Set<string>();
  for await (const file of fs.list(joinLocation(metadataLocation, WRITES_DIRECTORY)))
    ids.add(locationName(file.location));
  return ids;
}

/**
 * The write id a data file's name carries (`<writeId>_...`, or `<bucket>_<attempt>_<writeId>_...`
 * for a bucket's file), if it has one. A write id holds a letter, so a bucket prefix is not one.
 */
export function writeIdOf(location: string): string | undefined {
  const name = locationName(location);
  const bucketed = BUCKET_FILE_NAME.exec(name);
  if (bucketed?.[1] !== undefined) return bucketed[1];
  const underscore = name.indexOf('_');
  return underscore > 0 ? name.slice(0, underscore) : undefined;
}

const BUCKET_FILE_NAME = /^\d+_\d+_([^_]+)_/;

export function isVisible(location: string, pending: ReadonlySet<string>): boolean {
  if (pending.size === 0) return true;
  const id = writeIdOf(location);
  return id === undefined || !pending.has(id);
}
