/**
 * Writes pages in the format of serde-format.ts into one growing buffer. Fixed-width arrays are
 * copied with a single `set` each; the strings of a block are joined and UTF-8 encoded with one
 * `encodeInto` a chunk of values at a time; zone keys are replaced by indexes into a per-block table of zone ids.
 */
import type { Block, TimestampTzBlock } from './block.js';
import { childRegion, copyPositions } from './block-copy.js';
import {
  align8,
  BLOCK_FLAG_NULLS,
  BLOCK_FLAG_PICOS,
  BLOCK_HEADER_BYTES,
  PAGE_HEADER_BYTES,
  STREAM_HEADER_BYTES,
  tagOf,
} from './serde-format.js';
import { dictionaryEncodedStrings } from './string-dictionary.js';
import { zoneIdOf } from './time-zones.js';

const encoder = new TextEncoder();
/** Characters of string values joined and encoded at once: well under V8's large-object size. */
const STRING_CHUNK_CHARS = 16384;
/** Zone key → index in the current block's zone table, -1 when not in it (reset after each block). */
const zoneIndexByKey = new Int32Array(32768).fill(-1);

export class SerdeWriter {
  bytes: Uint8Array;
  private view: DataView;
  offset = 0;

  constructor(initialCapacity: number) {
    this.bytes = new Uint8Array(align8(Math.max(initialCapacity, STREAM_HEADER_BYTES + PAGE_HEADER_BYTES)));
    this.view = new DataView(this.bytes.buffer);
  }

  /** Makes room for `count` more bytes (plus padding to the next multiple of 8). */
  ensure(count: number): void {
    const needed = this.offset + count + 8;
    if (needed <= this.bytes.length) return;
    const bytes = new Uint8Array(align8(Math.max(needed, this.bytes.length * 2)));
    bytes.set(this.bytes.subarray(0, this.offset));
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
  }

  u32At(offset: number, value: number): void {
    this.view.setUint32(offset, value, true);
  }

  private u32(value: number): void {
    this.view.setUint32(this.offset, value, true);
    this.offset += 4;
  }

  private pad(): void {
    this.offset = align8(this.offset);
  }

  /** Copies a typed array's bytes and pads to 8. */
  private typed(array: ArrayBufferView): void {
    this.ensure(array.byteLength);
    this.bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), this.offset);
    this.offset = align8(this.offset + array.byteLength);
  }

  /**
   * Writes one column of a page: as `writeBlock`, but a flat string block that repeats a few
   * values goes as a dictionary block (string-dictionary.ts). Only whole columns are encoded: a
   * dictionary's own values, and the children of nested blocks, stay flat.
   */
  writeColumn(block: Block): void {
    this.writeBlock((block.kind === 'string' ? dictionaryEncodedStrings(block) : undefined) ?? block);
  }

  writeBlock(block: Block): void {
    const n = block.positionCount;
    this.ensure(BLOCK_HEADER_BYTES);
    const nulls = 'nulls' in block ? block.nulls : undefined;
    const picos = block.kind === 'timestamptz' ? block.picos : undefined;
    this.bytes[this.offset] = tagOf(block.kind);
    this.bytes[this.offset + 1] =
      (nulls !== undefined ? BLOCK_FLAG_NULLS : 0) | (picos !== undefined ? BLOCK_FLAG_PICOS : 0);
    this.view.setUint16(this.offset + 2, 0, true);
    this.view.setUint32(this.offset + 4, n, true);
    this.offset += BLOCK_HEADER_BYTES;
    if (nulls !== undefined) this.packNulls(nulls, n);
    switch (block.kind) {
      case 'boolean':
      case 'int32':
      case 'float64':
      case 'float32':
      case 'int64':
      case 'int128':
        this.typed(block.values);
        break;
      case 'string':
        this.strings(block.values);
        break;
      case 'binary':
        this.binaries(block.values);
        break;
      case 'timestamptz':
        this.timestampTz(block);
        break;
      case 'array':
        this.offsets(block.offsets);
        this.writeBlock(childRegion(block.elements, block.offsets));
        break;
      case 'map':
        this.offsets(block.offsets);
        this.writeBlock(childRegion(block.keys, block.offsets));
        this.writeBlock(childRegion(block.values, block.offsets));
        break;
      case 'row':
        this.ensure(8);
        this.u32(block.fields.length);
        this.u32(0);
        for (const field of block.fields) this.writeBlock(field);
        break;
      case 'dictionary':
        this.typed(block.ids);
        this.writeBlock(block.dictionary);
        break;
      case 'rle':
        this.writeBlock(block.value);
        break;
    }
  }

  /**
   * Writes the rows at `positions` of `block` as `writeColumn(copyPositions(block, positions))`
   * would, without building that block first: fixed-width flat blocks (most exchanged columns)
   * are gathered straight into the output, word by word so every bit pattern survives; other
   * kinds are gathered into a block first.
   */
  writeBlockPositions(block: Block, positions: Int32Array, count: number): void {
    const wordsPerValue =
      block.kind === 'float64' || block.kind === 'int64'
        ? 2
        : block.kind === 'int32' || block.kind === 'float32'
          ? 1
          : 0;
    if (wordsPerValue === 0) {
      this.writeColumn(copyPositions(block, positions, count));
      return;
    }
    const flat = block as Extract<Block, { kind: 'float64' | 'int64' | 'int32' | 'float32' }>;
    // A null mask only when a selected row is null, as a gathered block would have.
    let nulls = flat.nulls;
    if (nulls !== undefined) {
      let any = 0;
      for (let i = 0; i < count && any === 0; i++) any = nulls[positions[i]];
      if (any === 0) nulls = undefined;
    }
    this.ensure(BLOCK_HEADER_BYTES);
    this.bytes[this.offset] = tagOf(flat.kind);
    this.bytes[this.offset + 1] = nulls !== undefined ? BLOCK_FLAG_NULLS : 0;
    this.view.setUint16(this.offset + 2, 0, true);
    this.view.setUint32(this.offset + 4, count, true);
    this.offset += BLOCK_HEADER_BYTES;
    if (nulls !== undefined) {
      const byteCount = Math.ceil(count / 8);
      this.ensure(byteCount);
      const bytes = this.bytes;
      const base = this.offset;
      bytes.fill(0, base, base + byteCount);
      for (let i = 0; i < count; i++) if (nulls[positions[i]] !== 0) bytes[base + (i >>> 3)] |= 1 << (i & 7);
      this.offset = align8(base + byteCount);
    }
    const values = flat.values;
    const source = new Int32Array(values.buffer, values.byteOffset, values.length * wordsPerValue);
    this.ensure(4 * wordsPerValue * count);
    const target = new Int32Array(this.bytes.buffer, this.offset, wordsPerValue * count);
    if (wordsPerValue === 2) {
      for (let i = 0; i < count; i++) {
        const at = 2 * positions[i];
        target[2 * i] = source[at];
        target[2 * i + 1] = source[at + 1];
      }
    } else {
      for (let i = 0; i < count; i++) target[i] = source[positions[i]];
    }
    this.offset = align8(this.offset + 4 * wordsPerValue * count);
  }

  private packNulls(nulls: Uint8Array, n: number): void {
    const byteCount = Math.ceil(n / 8);
    this.ensure(byteCount);
    const bytes = this.bytes;
    const base = this.offset;
    for (let i = 0; i < n; i++) if (nulls[i] !== 0) bytes[base + (i >>> 3)] |= 1 << (i & 7);
    this.offset = align8(base + byteCount);
  }

  /** Offsets rebased to start at 0 (a region's offsets may start anywhere in its child). */
  private offsets(offsets: Int32Array): void {
    const first = offsets[0];
    if (first === 0) {
      this.typed(offsets);
      return;
    }
    this.ensure(offsets.byteLength);
    const target = new Int32Array(this.bytes.buffer, this.offset, offsets.length);
    for (let i = 0; i < offsets.length; i++) target[i] = offsets[i] - first;
    this.offset = align8(this.offset + offsets.byteLength);
  }

  /**
   * A string block's values as UTF-8, joined and encoded a chunk of about STRING_CHUNK_CHARS
   * characters at a time: one string of a whole block (a megabyte for a page of comments) would be
   * a large object, allocated in the old generation on its own pages, and such allocations drive
   * full collections of a worker's whole heap; chunks are short-lived young objects.
   */
  private strings(values: readonly string[]): void {
    const n = values.length;
    const chunks: string[] = [];
    const chunkEnds: number[] = [];
    const chunkBytes: number[] = [];
    let byteLength = 0;
    for (let start = 0; start < n; ) {
      let end = start;
      let chars = 0;
      while (end < n && (end === start || chars + values[end].length <= STRING_CHUNK_CHARS))
        chars += values[end++].length;
      const chunk = start === 0 && end === n ? values.join('') : values.slice(start, end).join('');
      const bytes = chunk.length === 0 ? 0 : Buffer.byteLength(chunk, 'utf8');
      chunks.push(chunk);
      chunkEnds.push(end);
      chunkBytes.push(bytes);
      byteLength += bytes;
      start = end;
    }
    this.ensure(8 + 4 * (n + 1) + 8 + byteLength);
    this.u32(byteLength);
    this.u32(0);
    const offsets = new Int32Array(this.bytes.buffer, this.offset, n + 1);
    this.offset = align8(this.offset + 4 * (n + 1));
    let end = 0;
    let position = 0;
    for (let c = 0; c < chunks.length; c++) {
      const chunk = chunks[c];
      const chunkEnd = chunkEnds[c];
      if (chunkBytes[c] === chunk.length) {
        for (; position < chunkEnd; position++) offsets[position + 1] = end += values[position].length;
      } else {
        for (; position < chunkEnd; position++) offsets[position + 1] = end += utf8Length(values[position]);
      }
      encoder.encodeInto(chunk, this.bytes.subarray(this.offset, this.offset + chunkBytes[c]));
      this.offset += chunkBytes[c];
    }
    this.offset = align8(this.offset);
  }

  private binaries(values: readonly Uint8Array[]): void {
    const n = values.length;
    let byteLength = 0;
    for (let i = 0; i < n; i++) byteLength += values[i].byteLength;
    this.ensure(8 + 4 * (n + 1) + 8 + byteLength);
    this.u32(byteLength);
    this.u32(0);
    const offsets = new Int32Array(this.bytes.buffer, this.offset, n + 1);
    this.offset = align8(this.offset + 4 * (n + 1));
    let end = 0;
    for (let i = 0; i < n; i++) {
      const value = values[i];
      this.bytes.set(value, this.offset + end);
      offsets[i + 1] = end += value.byteLength;
    }
    this.offset = align8(this.offset + byteLength);
  }

  private timestampTz(block: TimestampTzBlock): void {
    const n = block.positionCount;
    const zones = block.zones;
    const keys: number[] = [];
    for (let i = 0; i < n; i++) {
      const key = zones[i];
      if (zoneIndexByKey[key] < 0) {
        zoneIndexByKey[key] = keys.length;
        keys.push(key);
      }
    }
    const ids = keys.map((key) => encoder.encode(zoneIdOf(key)));
    let tableBytes = 0;
    for (const id of ids) tableBytes += 2 + id.byteLength;
    this.ensure(8 + tableBytes);
    this.u32(ids.length);
    this.u32(tableBytes);
    for (const id of ids) {
      this.view.setUint16(this.offset, id.byteLength, true);
      this.bytes.set(id, this.offset + 2);
      this.offset += 2 + id.byteLength;
    }
    this.pad();
    this.typed(block.millis);
    this.ensure(2 * n);
    const indexes = new Int16Array(this.bytes.buffer, this.offset, n);
    for (let i = 0; i < n; i++) indexes[i] = zoneIndexByKey[zones[i]];
    this.offset = align8(this.offset + 2 * n);
    for (const key of keys) zoneIndexByKey[key] = -1;
    if (block.picos !== undefined) this.typed(block.picos);
  }
}

/** UTF-8 length of a JS string as TextEncoder encodes it (a lone surrogate becomes U+FFFD, 3 bytes). */
function utf8Length(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x80) length += 1;
    else if (c < 0x800) length += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 4;
        i++;
      } else {
        length += 3;
      }
    } else {
      length += 3;
    }
  }
  return length;
}
