/**
 * Reads blocks in the format of serde-format.ts, checking every length, offset, id and tag against
 * the bytes and the expected SQL type, so that corrupt input fails with CORRUPT_PAGE instead of
 * producing blocks that break later. Fixed-width arrays, offsets and byte strings are views over the
 * input buffer (no copy); strings are decoded once per block and cut with `substring`.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { TemporalType, Type } from '../types/type.js';
import type { Block, FlatBlock } from './block.js';
import {
  arrayBlock,
  binaryBlock,
  booleanBlock,
  dictionaryBlock,
  float32Block,
  float64Block,
  int32Block,
  int64Block,
  int128Block,
  isFlatBlock,
  mapBlock,
  rleBlock,
  rowBlock,
  stringBlock,
  timestampTzBlock,
} from './block.js';
import { acceptsBlockKind, hasPicos } from './physical-type.js';
import { align8, BLOCK_FLAG_NULLS, BLOCK_FLAG_PICOS, BLOCK_HEADER_BYTES, kindOfTag } from './serde-format.js';
import { zoneKeyOf } from './time-zones.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Bytes of string values decoded at once: well under V8's large-object size. */
const STRING_CHUNK_BYTES = 16384;
const MAX_POSITIONS = 0x7fff_ffff;

export function corrupt(message: string): VivaceError {
  return new VivaceError('CORRUPT_PAGE', `Corrupt page data: ${message}`);
}

export class SerdeReader {
  private readonly view: DataView;
  offset = 0;
  /** End of the readable region (the current page body). */
  limit: number;

  /** `bytes` must start at an 8-aligned byte offset of its buffer. */
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.limit = bytes.byteLength;
  }

  need(count: number): void {
    if (count < 0 || this.offset + count > this.limit) {
      throw corrupt(`needs ${count} bytes at offset ${this.offset}, only ${this.limit - this.offset} left`);
    }
  }

  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }

  private skipPadding(): void {
    this.offset = align8(this.offset);
    if (this.offset > this.limit) throw corrupt('section padding runs past the page');
  }

  private view32(count: number): Int32Array {
    this.need(4 * count);
    const array = new Int32Array(this.bytes.buffer, this.bytes.byteOffset + this.offset, count);
    this.offset += 4 * count;
    this.skipPadding();
    return array;
  }

  private view64(count: number): Float64Array {
    this.need(8 * count);
    const array = new Float64Array(this.bytes.buffer, this.bytes.byteOffset + this.offset, count);
    this.offset += 8 * count;
    return array;
  }

  /** Reads a block of `type`; `flatOnly` rejects dictionary and rle (inside those wrappers). */
  readBlock(type: Type, flatOnly = false): Block {
    this.need(BLOCK_HEADER_BYTES);
    const tag = this.bytes[this.offset];
    const flags = this.bytes[this.offset + 1];
    const count = this.view.getUint32(this.offset + 4, true);
    this.offset += BLOCK_HEADER_BYTES;
    const kind = kindOfTag(tag);
    if (kind === undefined) throw corrupt(`unknown block tag ${tag}`);
    if (count > MAX_POSITIONS) throw corrupt(`block of ${count} positions`);
    if ((flags & ~(BLOCK_FLAG_NULLS | BLOCK_FLAG_PICOS)) !== 0) throw corrupt(`unknown block flags ${flags}`);
    if (kind === 'dictionary' || kind === 'rle') {
      if (flatOnly) throw corrupt(`a ${kind} block inside a dictionary or rle block`);
      if (flags !== 0) throw corrupt(`flags ${flags} on a ${kind} block`);
      return kind === 'dictionary' ? this.dictionary(type, count) : this.rle(type, count);
    }
    if (!acceptsBlockKind(type, kind)) throw corrupt(`a ${kind} block where a ${type.kind} value was expected`);
    if ((flags & BLOCK_FLAG_PICOS) !== 0 && kind !== 'timestamptz') throw corrupt(`picos flag on a ${kind} block`);
    const nulls = (flags & BLOCK_FLAG_NULLS) !== 0 ? this.unpackNulls(count) : undefined;
    const bytes = this.bytes;
    switch (kind) {
      case 'boolean': {
        this.need(count);
        const values = bytes.subarray(this.offset, this.offset + count);
        this.offset += count;
        this.skipPadding();
        return booleanBlock(values, nulls);
      }
      case 'int32':
        return int32Block(this.view32(count), nulls);
      case 'float32': {
        this.need(4 * count);
        const values = new Float32Array(bytes.buffer, bytes.byteOffset + this.offset, count);
        this.offset += 4 * count;
        this.skipPadding();
        return float32Block(values, nulls);
      }
      case 'float64':
        return float64Block(this.view64(count), nulls);
      case 'int64':
      case 'int128': {
        const words = kind === 'int64' ? count : 2 * count;
        this.need(8 * words);
        const values = new BigInt64Array(bytes.buffer, bytes.byteOffset + this.offset, words);
        this.offset += 8 * words;
        return kind === 'int64' ? int64Block(values, nulls) : int128Block(values, nulls);
      }
      case 'string':
        return stringBlock(this.strings(count), nulls);
      case 'binary':
        return binaryBlock(this.binaries(count), nulls);
      case 'timestamptz':
        return this.timestampTz(type, count, (flags & BLOCK_FLAG_PICOS) !== 0, nulls);
      case 'array': {
        if (type.kind !== 'array') throw corrupt(`an array block for ${type.kind}`);
        const offsets = this.offsets(count);
        const elements = this.readBlock(type.element);
        if (elements.positionCount !== offsets[count]) throw corrupt('array offsets do not match the elements');
        return arrayBlock(offsets, elements, nulls);
      }
      case 'map': {
        if (type.kind !== 'map') throw corrupt(`a map block for ${type.kind}`);
        const offsets = this.offsets(count);
        const keys = this.readBlock(type.key);
        const values = this.readBlock(type.value);
        if (keys.positionCount !== offsets[count] || values.positionCount !== offsets[count]) {
          throw corrupt('map offsets do not match the keys and values');
        }
        return mapBlock(offsets, keys, values, nulls);
      }
      case 'row': {
        if (type.kind !== 'row') throw corrupt(`a row block for ${type.kind}`);
        const fieldCount = this.u32();
        this.u32(); // reserved
        if (fieldCount !== type.fields.length)
          throw corrupt(`row of ${fieldCount} fields, expected ${type.fields.length}`);
        const fields: Block[] = [];
        for (const field of type.fields) {
          const block = this.readBlock(field.type);
          if (block.positionCount !== count) throw corrupt('row field and row differ in positions');
          fields.push(block);
        }
        return rowBlock(count, fields, nulls);
      }
    }
  }

  private dictionary(type: Type, count: number): Block {
    const ids = this.view32(count);
    const dictionary = this.readBlock(type, true) as FlatBlock;
    const size = dictionary.positionCount;
    const outside = firstIdOutside(ids, count, size);
    if (outside >= 0) throw corrupt(`dictionary id ${ids[outside]} outside a dictionary of ${size}`);
    return dictionaryBlock(ids, dictionary);
  }

  private rle(type: Type, count: number): Block {
    const value = this.readBlock(type, true);
    if (value.positionCount !== 1 || !isFlatBlock(value)) throw corrupt('an rle value must have one position');
    return rleBlock(value, count);
  }

  private unpackNulls(count: number): Uint8Array | undefined {
    const byteCount = Math.ceil(count / 8);
    this.need(byteCount);
    const bytes = this.bytes;
    const base = this.offset;
    const nulls = new Uint8Array(count);
    let any = 0;
    for (let i = 0; i < count; i++) any |= nulls[i] = (bytes[base + (i >>> 3)] >>> (i & 7)) & 1;
    this.offset += byteCount;
    this.skipPadding();
    return any === 0 ? undefined : nulls;
  }

  /** count + 1 offsets starting at 0 and never decreasing. */
  private offsets(count: number): Int32Array {
    const offsets = this.view32(count + 1);
    if (offsets[0] !== 0) throw corrupt('offsets do not start at 0');
    for (let i = 0; i < count; i++) {
      if (offsets[i + 1] < offsets[i]) throw corrupt('offsets decrease');
    }
    return offsets;
  }

  /** Byte length, offsets, and a view of the bytes of a string or binary block. */
  private variableWidth(count: number): [Int32Array, Uint8Array] {
    const byteLength = this.u32();
    this.u32(); // reserved
    const offsets = this.offsets(count);
    if (offsets[count] !== byteLength) throw corrupt('offsets do not match the byte length');
    this.need(byteLength);
    const data = this.bytes.subarray(this.offset, this.offset + byteLength);
    this.offset += byteLength;
    this.skipPadding();
    return [offsets, data];
  }

  /**
   * The values of a string block, decoded a chunk of about STRING_CHUNK_BYTES bytes at a time and
   * cut out of the chunk's text: the text of a whole block (a megabyte for a page of comments) would
   * be a large object in the old generation, and the cut values (slices of it) would keep it there.
   */
  private strings(count: number): string[] {
    const [offsets, data] = this.variableWidth(count);
    const values: string[] = new Array(count);
    for (let start = 0; start < count; ) {
      const chunkStart = offsets[start];
      let end = start + 1;
      while (end < count && offsets[end + 1] - chunkStart <= STRING_CHUNK_BYTES) end++;
      const chunkEnd = offsets[end];
      if (chunkStart < chunkEnd && (data[chunkStart] & 0xc0) === 0x80) {
        throw corrupt('a string starts inside a UTF-8 sequence');
      }
      let text: string;
      try {
        text = decoder.decode(data.subarray(chunkStart, chunkEnd));
      } catch {
        throw corrupt('invalid UTF-8 in a string block');
      }
      if (text.length === chunkEnd - chunkStart) {
        // All ASCII: byte offsets are character offsets.
        for (let i = start; i < end; i++)
          values[i] = text.substring(offsets[i] - chunkStart, offsets[i + 1] - chunkStart);
      } else {
        // UTF-16 units per string: one per UTF-8 lead byte, two for 4-byte sequences.
        let unit = 0;
        for (let i = start; i < end; i++) {
          const from = offsets[i];
          const to = offsets[i + 1];
          if (from < to && (data[from] & 0xc0) === 0x80) throw corrupt('a string starts inside a UTF-8 sequence');
          let units = 0;
          for (let b = from; b < to; b++) {
            const byte = data[b];
            if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
          }
          values[i] = text.substring(unit, unit + units);
          unit += units;
        }
      }
      start = end;
    }
    return values;
  }

  private binaries(count: number): Uint8Array[] {
    const [offsets, data] = this.variableWidth(count);
    const values: Uint8Array[] = [];
    for (let i = 0; i < count; i++) values.push(data.subarray(offsets[i], offsets[i + 1]));
    return values;
  }

  private timestampTz(type: Type, count: number, withPicos: boolean, nulls: Uint8Array | undefined): Block {
    if (withPicos !== hasPicos(type as TemporalType)) throw corrupt(`picos flag does not match ${type.kind}`);
    const zoneCount = this.u32();
    const tableBytes = this.u32();
    this.need(tableBytes);
    const tableEnd = this.offset + tableBytes;
    const localKeys = new Int16Array(zoneCount);
    let identity = true;
    for (let z = 0; z < zoneCount; z++) {
      if (this.offset + 2 > tableEnd) throw corrupt('zone table overruns');
      const length = this.view.getUint16(this.offset, true);
      this.offset += 2;
      if (this.offset + length > tableEnd) throw corrupt('zone table overruns');
      let id: string;
      try {
        id = decoder.decode(this.bytes.subarray(this.offset, this.offset + length));
      } catch {
        throw corrupt('invalid UTF-8 in a zone id');
      }
      this.offset += length;
      localKeys[z] = zoneKeyOf(id);
      identity &&= localKeys[z] === z;
    }
    if (this.offset !== tableEnd) throw corrupt('zone table length mismatch');
    this.skipPadding();
    const millis = this.view64(count);
    this.need(2 * count);
    const indexes = new Int16Array(this.bytes.buffer, this.bytes.byteOffset + this.offset, count);
    this.offset += 2 * count;
    this.skipPadding();
    // When every table entry has the same key here as its index, the indexes are the keys: keep the view.
    const zones = identity ? indexes : new Int16Array(count);
    for (let i = 0; i < count; i++) {
      const index = indexes[i];
      if (index < 0 || index >= zoneCount) throw corrupt(`zone index ${index} outside a table of ${zoneCount}`);
      if (!identity) zones[i] = localKeys[index];
    }
    const picos = withPicos ? this.view32(count) : undefined;
    return timestampTzBlock(millis, zones, picos, nulls);
  }
}

/**
 * The first position whose id is not in [0, size), or -1. A module-level loop over a typed array
 * (docs/architecture.md §10): in the reader's method it took 4.7 ms of each TPC-H q16 on the
 * coordinator, reading 18,314 result rows; here it does not show in a profile.
 */
function firstIdOutside(ids: Int32Array, count: number, size: number): number {
  for (let i = 0; i < count; i++) {
    const id = ids[i];
    if (id < 0 || id >= size) return i;
  }
  return -1;
}
