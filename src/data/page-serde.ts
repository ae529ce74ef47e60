/**
 * Binary serialisation of pages, for the exchange between nodes and for spilling. The format
 * (serde-format.ts) is compact, little-endian and 8-aligned, keeps dictionary and rle encodings
 * (and sends a flat string column that repeats a few values as a dictionary: string-dictionary.ts),
 * and sends zone ids instead of process-local zone keys.
 *
 *   const bytes = serializePages(pages, types);          // one Uint8Array, e.g. an HTTP body
 *   const back = deserializePages(bytes, types);         // equal pages
 *
 * Deserialised blocks are VIEWS over `bytes` wherever alignment allows (always, when the buffer starts
 * at an 8-aligned offset; otherwise the input is copied once first): do not modify `bytes` afterwards,
 * and note that any surviving block keeps the whole buffer alive. Any malformed input — truncated,
 * wrong magic or version, bad checksum, impossible lengths, offsets or ids, a block that does not fit
 * the expected type — throws VivaceError CORRUPT_PAGE and nothing else. Strings travel as UTF-8, so an
 * unpaired surrogate in a JS string arrives as U+FFFD (SQL text never holds one).
 */
import * as zlib from 'node:zlib';
import { VivaceError } from '../common/vivace-error.js';
import { formatType } from '../types/format-type.js';
import type { Type } from '../types/type.js';
import type { Block } from './block.js';
import { corrupt, SerdeReader } from './block-serde-reader.js';
import { SerdeWriter } from './block-serde-writer.js';
import type { Page } from './page.js';
import { blockMatchesType } from './physical-type.js';
import {
  PAGE_HEADER_BYTES,
  SERDE_MAGIC,
  SERDE_VERSION,
  STREAM_FLAG_CHECKSUM,
  STREAM_HEADER_BYTES,
} from './serde-format.js';

export interface SerializeOptions {
  /** Store a CRC-32 of each page body and verify it when reading (default true). */
  readonly checksum?: boolean;
}

/** The pages (every one with one block per type, in order) as one byte array. */
export function serializePages(pages: readonly Page[], types: readonly Type[], options?: SerializeOptions): Uint8Array {
  const checksum = options?.checksum ?? true;
  let estimate = STREAM_HEADER_BYTES;
  for (const page of pages) {
    checkPage(page, types);
    estimate += PAGE_HEADER_BYTES;
    for (const block of page.blocks) estimate += estimateSerializedBytes(block);
  }
  const writer = new SerdeWriter(estimate);
  writeStreamHeader(writer, pages.length, checksum);
  for (const page of pages) {
    writer.ensure(PAGE_HEADER_BYTES);
    const header = writer.offset;
    writer.offset += PAGE_HEADER_BYTES;
    for (const block of page.blocks) writer.writeColumn(block);
    finishPage(writer, header, page.positionCount, page.blocks.length, checksum);
  }
  return exactBytes(writer);
}

/**
 * The rows at `positions` (the first `count`) of one page, serialized as `serializePages` would
 * serialize the page of those rows — without building that page (an exchange splitting a page
 * among its consumers).
 */
export function serializePagePositions(
  page: Page,
  positions: Int32Array,
  count: number,
  types: readonly Type[],
  options?: SerializeOptions,
): Uint8Array {
  checkPage(page, types);
  const checksum = options?.checksum ?? true;
  let estimate = STREAM_HEADER_BYTES + PAGE_HEADER_BYTES;
  // Proportional to the rows taken: exact for fixed-width columns, grown on demand otherwise.
  for (const block of page.blocks)
    estimate += Math.ceil((estimateSerializedBytes(block) * count) / Math.max(1, page.positionCount)) + 48;
  const writer = new SerdeWriter(estimate);
  writeStreamHeader(writer, 1, checksum);
  const header = writer.offset;
  writer.offset += PAGE_HEADER_BYTES;
  for (const block of page.blocks) writer.writeBlockPositions(block, positions, count);
  finishPage(writer, header, count, page.blocks.length, checksum);
  return exactBytes(writer);
}

function writeStreamHeader(writer: SerdeWriter, pageCount: number, checksum: boolean): void {
  writer.u32At(0, SERDE_MAGIC);
  new DataView(writer.bytes.buffer).setUint16(4, SERDE_VERSION, true);
  new DataView(writer.bytes.buffer).setUint16(6, checksum ? STREAM_FLAG_CHECKSUM : 0, true);
  writer.u32At(8, pageCount);
  writer.u32At(12, 0);
  writer.offset = STREAM_HEADER_BYTES;
}

/** Fills in the header of the page whose body was written after `header`. */
function finishPage(writer: SerdeWriter, header: number, positionCount: number, blockCount: number, checksum: boolean) {
  const bodyLength = writer.offset - header - PAGE_HEADER_BYTES;
  writer.u32At(header, bodyLength);
  writer.u32At(header + 4, positionCount);
  writer.u32At(header + 8, blockCount);
  const body = writer.bytes.subarray(header + PAGE_HEADER_BYTES, writer.offset);
  writer.u32At(header + 12, checksum ? crc32(body) : 0);
}

/** The exact bytes written; copied only when the buffer grew well past them. */
function exactBytes(writer: SerdeWriter): Uint8Array {
  const length = writer.offset;
  return length * 5 >= writer.bytes.length * 4 ? writer.bytes.subarray(0, length) : writer.bytes.slice(0, length);
}

/** Reads what `serializePages` wrote for the same types. */
export function deserializePages(bytes: Uint8Array, types: readonly Type[]): Page[] {
  try {
    return readPages(bytes, types);
  } catch (error) {
    if (error instanceof VivaceError && error.errorName === 'CORRUPT_PAGE') throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new VivaceError('CORRUPT_PAGE', `Corrupt page data: ${message}`, undefined, { cause: error });
  }
}

/**
 * How many pages and rows a serialized stream holds, read from its headers alone (a malformed
 * stream counts what its headers say; `deserializePages` is what rejects it).
 */
export function serializedPageCounts(bytes: Uint8Array): { pages: number; rows: number } {
  if (bytes.byteLength < STREAM_HEADER_BYTES) return { pages: 0, rows: 0 };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pages = view.getUint32(8, true);
  let rows = 0;
  let offset = STREAM_HEADER_BYTES;
  for (let p = 0; p < pages && offset + PAGE_HEADER_BYTES <= bytes.byteLength; p++) {
    rows += view.getUint32(offset + 4, true);
    offset += PAGE_HEADER_BYTES + view.getUint32(offset, true);
  }
  return { pages, rows };
}

function checkPage(page: Page, types: readonly Type[]): void {
  if (page.blocks.length !== types.length) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Page has ${page.blocks.length} blocks for ${types.length} types`);
  }
  for (let i = 0; i < types.length; i++) {
    const block = page.blocks[i];
    if (block.positionCount !== page.positionCount) {
      throw new VivaceError(
        'GENERIC_INTERNAL_ERROR',
        `Block ${i} has ${block.positionCount} positions, the page ${page.positionCount}`,
      );
    }
    if (!blockMatchesType(block, types[i])) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Block ${i} (${block.kind}) cannot hold ${formatType(types[i])}`);
    }
  }
}

/**
 * The serialised size of a block, exact for fixed-width data and assuming ASCII for strings (the
 * writer grows its buffer when they are not), so that the output is allocated once.
 */
function estimateSerializedBytes(block: Block): number {
  const n = block.positionCount;
  // Header, null mask, and up to 8 bytes of padding for each of at most 4 sections.
  let size = 8 + Math.ceil(n / 8) + 32;
  switch (block.kind) {
    case 'boolean':
      return size + n;
    case 'int32':
    case 'float32':
      return size + 4 * n;
    case 'float64':
    case 'int64':
      return size + 8 * n;
    case 'int128':
      return size + 16 * n;
    case 'string': {
      const values = block.values;
      size += 16 + 4 * n;
      for (let i = 0; i < n; i++) size += values[i].length;
      return size;
    }
    case 'binary': {
      const values = block.values;
      size += 16 + 4 * n;
      for (let i = 0; i < n; i++) size += values[i].byteLength;
      return size;
    }
    case 'timestamptz':
      return size + 64 + 10 * n + (block.picos === undefined ? 0 : 4 * n);
    case 'array':
      return size + 4 * n + estimateSerializedBytes(block.elements);
    case 'map':
      return size + 4 * n + estimateSerializedBytes(block.keys) + estimateSerializedBytes(block.values);
    case 'row': {
      for (const field of block.fields) size += estimateSerializedBytes(field);
      return size;
    }
    case 'dictionary':
      return size + 4 * n + estimateSerializedBytes(block.dictionary);
    case 'rle':
      return size + estimateSerializedBytes(block.value);
  }
}

function readPages(input: Uint8Array, types: readonly Type[]): Page[] {
  // A copy made with the constructor: `slice` of a Node Buffer is a view, which would stay misaligned.
  const bytes = input.byteOffset % 8 === 0 ? input : new Uint8Array(input);
  const reader = new SerdeReader(bytes);
  reader.need(STREAM_HEADER_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== SERDE_MAGIC) throw corrupt('not a page stream (bad magic)');
  const version = view.getUint16(4, true);
  if (version !== SERDE_VERSION) throw corrupt(`unsupported version ${version}`);
  const flags = view.getUint16(6, true);
  if ((flags & ~STREAM_FLAG_CHECKSUM) !== 0) throw corrupt(`unknown stream flags ${flags}`);
  const pageCount = view.getUint32(8, true);
  reader.offset = STREAM_HEADER_BYTES;
  const pages: Page[] = [];
  for (let p = 0; p < pageCount; p++) {
    reader.limit = bytes.byteLength;
    reader.need(PAGE_HEADER_BYTES);
    const bodyLength = view.getUint32(reader.offset, true);
    const positionCount = view.getUint32(reader.offset + 4, true);
    const blockCount = view.getUint32(reader.offset + 8, true);
    const expectedChecksum = view.getUint32(reader.offset + 12, true);
    reader.offset += PAGE_HEADER_BYTES;
    reader.need(bodyLength);
    const bodyStart = reader.offset;
    if (blockCount !== types.length) throw corrupt(`page ${p} has ${blockCount} blocks, expected ${types.length}`);
    if (
      (flags & STREAM_FLAG_CHECKSUM) !== 0 &&
      crc32(bytes.subarray(bodyStart, bodyStart + bodyLength)) !== expectedChecksum
    ) {
      throw corrupt(`checksum mismatch in page ${p}`);
    }
    reader.limit = bodyStart + bodyLength;
    const blocks: Block[] = [];
    for (const type of types) {
      const block = reader.readBlock(type);
      if (block.positionCount !== positionCount) {
        throw corrupt(`page ${p} has ${positionCount} positions but a block of ${block.positionCount}`);
      }
      blocks.push(block);
    }
    if (reader.offset !== reader.limit) throw corrupt(`page ${p} has ${reader.limit - reader.offset} unread bytes`);
    pages.push({ positionCount, blocks });
  }
  if (reader.offset !== bytes.byteLength)
    throw corrupt(`${bytes.byteLength - reader.offset} bytes after the last page`);
  return pages;
}

const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** CRC-32 (the zlib polynomial) of `data`: Node's native one where it exists (20.15+), else ours. */
export function crc32(data: Uint8Array): number {
  return nativeCrc32 !== undefined ? nativeCrc32(data) : crc32Portable(data);
}

let crcTable: Int32Array | undefined;

/** Table-driven CRC-32, byte at a time; the fallback for Node versions without zlib.crc32. */
export function crc32Portable(data: Uint8Array): number {
  if (crcTable === undefined) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  const table = crcTable;
  let crc = -1;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
