/**
 * A text file read sequentially in chunks through the lake file system (byte ranges of
 * `chunkBytes`, so the same code reads from S3 later and never holds a whole file), decompressed
 * when its name says gzip (`.gz`; Node 20 has no zstd, so `.zst` files are refused with
 * HIVE_UNSUPPORTED_FORMAT), and decoded from UTF-8 into string chunks (a character split across
 * two chunks is carried over, as TextDecoder's stream mode does).
 */
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { VivaceError } from '../../../common/vivace-error.js';
import type { FileSystem } from '../fs/file-system.js';
import { lakeError, messageOf } from '../lake-errors.js';

export const DEFAULT_CHUNK_BYTES = 1 << 20;

export type TextCompression = 'NONE' | 'GZIP';

/** The compression of a text file, from its name as Hive decides it. */
export function compressionOf(location: string): TextCompression {
  const lower = location.toLowerCase();
  if (lower.endsWith('.gz') || lower.endsWith('.gzip')) return 'GZIP';
  if (
    lower.endsWith('.zst') ||
    lower.endsWith('.zstd') ||
    lower.endsWith('.bz2') ||
    lower.endsWith('.lz4') ||
    lower.endsWith('.snappy')
  ) {
    throw lakeError('HIVE_UNSUPPORTED_FORMAT', `Unsupported compression of text file ${location}`);
  }
  return 'NONE';
}

async function* rawChunks(fs: FileSystem, location: string, chunkBytes: number): AsyncGenerator<Uint8Array> {
  const { size } = await fs.stat(location);
  for (let offset = 0; offset < size; offset += chunkBytes) {
    yield await fs.readRange(location, offset, Math.min(chunkBytes, size - offset));
  }
}

async function* gunzipped(chunks: AsyncIterable<Uint8Array>, location: string): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip();
  // pipeline forwards a failure of either side to the other; iterating the gunzip stream surfaces it.
  pipeline(Readable.from(chunks), gunzip, () => {});
  try {
    for await (const data of gunzip) yield data as Uint8Array;
  } catch (error) {
    if (error instanceof VivaceError) throw error;
    throw lakeError('HIVE_BAD_DATA', `Corrupt gzip data in ${location}: ${messageOf(error)}`, error);
  }
}

/** The text of a file, chunk by chunk (UTF-8, invalid sequences as U+FFFD; a leading BOM dropped). */
export async function* textChunks(
  fs: FileSystem,
  location: string,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): AsyncGenerator<string> {
  const raw = rawChunks(fs, location, chunkBytes);
  const bytes = compressionOf(location) === 'GZIP' ? gunzipped(raw, location) : raw;
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
