/**
 * Reading a Parquet file's footer by byte range: the last 64 KiB first (one request, which holds
 * the whole footer of almost every file), then the rest of a larger footer. The metadata is parsed
 * with hyparquet, which decodes the schema, row groups, column chunk offsets and statistics without
 * touching the data. Statistics stay raw where hyparquet would round them (strings, timestamps,
 * dates, byte-array decimals), so that pruning can compare them exactly (parquet-statistics.ts).
 *
 * Footers are cached per file (location, size and modification time) in a cache bounded by bytes,
 * so repeated scans of a table read no footer. A file too short or without the `PAR1` magic, or
 * whose footer does not parse, fails with HIVE_BAD_DATA naming it; a missing file with
 * HIVE_CANNOT_OPEN_SPLIT.
 */
import { type FileMetaData, parquetMetadata } from 'hyparquet';
import type { VivaceError } from '../../../common/vivace-error.js';
import { BoundedCache } from '../bounded-cache.js';
import type { FileSystem } from '../fs/file-system.js';
import { lakeError, messageOf } from '../lake-errors.js';

export const INITIAL_FOOTER_READ = 64 * 1024;
const MAGIC = [0x50, 0x41, 0x52, 0x31]; // PAR1

export interface ParquetFooter {
  readonly location: string;
  readonly fileSize: number;
  readonly metadata: FileMetaData;
  /** The bytes from the start of the metadata to the end of the file (metadata, length, magic). */
  readonly tail: Uint8Array;
}

/** Keep statistics raw (see the file comment); parquet-statistics.ts decodes them by type. */
export const RAW_PARSERS = {
  timestampFromMilliseconds: (v: bigint) => v,
  timestampFromMicroseconds: (v: bigint) => v,
  timestampFromNanoseconds: (v: bigint) => v,
  dateFromDays: (v: number) => v,
  stringFromBytes: (v: Uint8Array) => v,
  jsonFromBytes: (v: Uint8Array) => v,
  uuidFromBytes: (v: Uint8Array) => v,
  geometryFromBytes: (v: Uint8Array) => v,
  geographyFromBytes: (v: Uint8Array) => v,
};

function badData(location: string, detail: string, cause?: unknown): VivaceError {
  return lakeError('HIVE_BAD_DATA', `Malformed Parquet file ${location}: ${detail}`, cause);
}

function isMagic(bytes: Uint8Array, at: number): boolean {
  return MAGIC.every((b, i) => bytes[at + i] === b);
}

/** Reads and parses the footer of the Parquet file at `location`. */
export async function readParquetFooter(fs: FileSystem, location: string): Promise<ParquetFooter> {
  let tail: Uint8Array;
  let fileSize: number;
  try {
    ({ bytes: tail, fileSize } = await fs.readTail(location, INITIAL_FOOTER_READ));
  } catch (error) {
    throw lakeError('HIVE_CANNOT_OPEN_SPLIT', `Error opening Parquet file ${location}: ${messageOf(error)}`, error);
  }
  if (fileSize < 12) throw badData(location, `file is too short (${fileSize} bytes)`);
  if (!isMagic(tail, tail.length - 4)) throw badData(location, 'not a Parquet file (no PAR1 at its end)');
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const metadataLength = view.getUint32(tail.length - 8, true);
  const footerLength = metadataLength + 8;
  if (footerLength + 4 > fileSize) {
    throw badData(location, `footer of ${metadataLength} bytes does not fit in ${fileSize} bytes (truncated file?)`);
  }
  if (footerLength > tail.length) {
    try {
      tail = await fs.readRange(location, fileSize - footerLength, footerLength);
    } catch (error) {
      throw lakeError('HIVE_CANNOT_OPEN_SPLIT', `Error opening Parquet file ${location}: ${messageOf(error)}`, error);
    }
  } else {
    tail = tail.subarray(tail.length - footerLength);
  }
  let metadata: FileMetaData;
  try {
    const copy = tail.slice(); // hyparquet reads through a DataView over an exact ArrayBuffer
    metadata = parquetMetadata(copy.buffer, { parsers: RAW_PARSERS, geoparquet: false });
  } catch (error) {
    throw badData(location, `corrupt footer (${messageOf(error)})`, error);
  }
  checkMetadata(location, metadata, fileSize - footerLength);
  return { location, fileSize, metadata, tail };
}

/** Rejects footers whose column chunks point outside the data area (a truncated or corrupt file). */
function checkMetadata(location: string, metadata: FileMetaData, dataEnd: number): void {
  for (const [g, group] of metadata.row_groups.entries()) {
    for (const chunk of group.columns) {
      const meta = chunk.meta_data;
      if (meta === undefined) throw badData(location, `row group ${g} has a column chunk without metadata`);
      if (chunk.file_path !== undefined) {
        throw lakeError('HIVE_UNSUPPORTED_FORMAT', `Parquet file ${location} keeps column chunks in other files`);
      }
      const { start, length } = columnChunkRange(meta);
      if (start < 4 || length < 0 || start + length > dataEnd) {
        throw badData(location, `column ${meta.path_in_schema.join('.')} of row group ${g} lies outside the file`);
      }
    }
  }
}

/** The byte range of a column chunk: from its dictionary page (if any) over all its pages. */
export function columnChunkRange(meta: {
  readonly data_page_offset: bigint;
  readonly dictionary_page_offset?: bigint | undefined;
  readonly total_compressed_size: bigint;
}): { start: number; length: number } {
  const data = Number(meta.data_page_offset);
  const dictionary = meta.dictionary_page_offset === undefined ? undefined : Number(meta.dictionary_page_offset);
  // Some writers store 0 for "no dictionary"; a dictionary page always precedes the data pages.
  const start = dictionary !== undefined && dictionary > 0 && dictionary < data ? dictionary : data;
  return { start, length: Number(meta.total_compressed_size) };
}

/** Footers by file, bounded by the bytes they came from (the parsed objects are a few times that). */
export class ParquetFooterCache {
  private readonly cache: BoundedCache<string, ParquetFooter>;

  constructor(maxBytes = 64 * 1024 * 1024) {
    // The parsed metadata weighs several times its encoded size: count it four times.
    this.cache = new BoundedCache({ maxWeight: maxBytes, weigh: (footer) => footer.tail.length * 4 + 256 });
  }

  /**
   * The footer of `location`, from the cache when the file's size and modification time (when the
   * caller knows them, e.g. from a listing) still match.
   */
  async get(
    fs: FileSystem,
    location: string,
    version?: { size: number; lastModified: number },
  ): Promise<ParquetFooter> {
    const key = version === undefined ? location : `${location}#${version.size}#${version.lastModified}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const footer = await readParquetFooter(fs, location);
    this.cache.set(key, footer);
    return footer;
  }

  clear(): void {
    this.cache.clear();
  }
}
