/**
 * The binary page format shared by the serde writer and reader (version 1). Everything is
 * little-endian; every section starts at an offset that is a multiple of 8 from the start of the
 * stream (padding bytes are 0), so that a reader whose buffer starts 8-aligned can map typed arrays
 * onto it without copying.
 *
 * Stream header (16 bytes): u32 magic "VVPG", u16 version, u16 flags (bit 0: page checksums),
 *   u32 page count, u32 reserved (0).
 * Page: u32 body length (bytes, a multiple of 8), u32 position count, u32 block count, u32 CRC-32 of
 *   the body (0 without the checksum flag), then the body: the page's blocks one after the other.
 * Block: u8 tag (below), u8 flags (bit 0: null mask follows, bit 1: picos follow), u16 reserved,
 *   u32 position count, then, each section padded to 8 bytes:
 *   - the null mask when flagged: ceil(n / 8) bytes, bit i % 8 of byte i / 8 set for a null position
 *   - boolean n bytes | int32 n × i32 | float64 n × f64 | float32 n × f32 | int64 n × i64 |
 *     int128 2n × i64 (high, low)
 *   - string / binary: u32 byte length, u32 reserved; (n + 1) × i32 byte offsets from 0; the bytes
 *     (strings as UTF-8, encoded and decoded once per block)
 *   - timestamptz: u32 zone count, u32 table byte length; the zone ids (u16 UTF-8 length + text each);
 *     n × f64 millis; n × i16 indexes into the zone table; n × i32 picos when flagged
 *   - array: (n + 1) × i32 offsets from 0; the elements block
 *   - map: (n + 1) × i32 offsets from 0; the keys block; the values block
 *   - row: u32 field count, u32 reserved; the field blocks
 *   - dictionary: n × i32 ids; the dictionary block (flat)
 *   - rle: the value block (flat, one position)
 * Zone keys are process-local, hence the table of zone ids per block.
 */
import type { BlockKind } from './block.js';

export const SERDE_MAGIC = 0x47505656; // "VVPG" read as a little-endian u32
export const SERDE_VERSION = 1;
export const STREAM_HEADER_BYTES = 16;
export const PAGE_HEADER_BYTES = 16;
export const BLOCK_HEADER_BYTES = 8;
export const STREAM_FLAG_CHECKSUM = 1;
export const BLOCK_FLAG_NULLS = 1;
export const BLOCK_FLAG_PICOS = 2;

const TAGS: readonly BlockKind[] = [
  'boolean',
  'int32',
  'float64',
  'float32',
  'int64',
  'int128',
  'string',
  'binary',
  'timestamptz',
  'array',
  'map',
  'row',
  'dictionary',
  'rle',
];

/** The tag byte of a block kind (1-based so that a zeroed buffer is never a valid block). */
export function tagOf(kind: BlockKind): number {
  return TAGS.indexOf(kind) + 1;
}

/** The kind of a tag byte, undefined for an unknown tag. */
export function kindOfTag(tag: number): BlockKind | undefined {
  return TAGS[tag - 1];
}

export function align8(offset: number): number {
  const rest = offset % 8;
  return rest === 0 ? offset : offset + 8 - rest;
}
