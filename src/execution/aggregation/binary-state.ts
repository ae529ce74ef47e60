/**
 * A little-endian byte writer and reader for the varbinary intermediate states of the sketch
 * aggregates (HyperLogLog, t-digest, numeric histogram, approx_most_frequent).
 */
import { VivaceError } from '../../common/vivace-error.js';

export class ByteWriter {
  private buffer = new ArrayBuffer(64);
  private view = new DataView(this.buffer);
  private length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buffer.byteLength) return;
    const grown = new ArrayBuffer(Math.max(this.buffer.byteLength * 2, this.length + extra));
    new Uint8Array(grown).set(new Uint8Array(this.buffer, 0, this.length));
    this.buffer = grown;
    this.view = new DataView(grown);
  }

  uint8(value: number): this {
    this.ensure(1);
    this.view.setUint8(this.length, value);
    this.length += 1;
    return this;
  }

  int32(value: number): this {
    this.ensure(4);
    this.view.setInt32(this.length, value, true);
    this.length += 4;
    return this;
  }

  float64(value: number): this {
    this.ensure(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
    return this;
  }

  bytes(value: Uint8Array): this {
    this.ensure(value.length);
    new Uint8Array(this.buffer, this.length, value.length).set(value);
    this.length += value.length;
    return this;
  }

  /** A length-prefixed UTF-8 string. */
  string(value: string): this {
    const encoded = new TextEncoder().encode(value);
    return this.int32(encoded.length).bytes(encoded);
  }

  finish(): Uint8Array {
    return new Uint8Array(this.buffer.slice(0, this.length));
  }
}

export class ByteReader {
  private readonly view: DataView;
  private offset = 0;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(count: number): void {
    if (this.offset + count > this.bytes.length) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'Truncated aggregation state');
    }
  }

  uint8(): number {
    this.need(1);
    return this.view.getUint8(this.offset++);
  }

  int32(): number {
    this.need(4);
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  float64(): number {
    this.need(8);
    const value = this.view.getFloat64(this.offset, true);
    this.offset += 8;
    return value;
  }

  bytesOf(count: number): Uint8Array {
    this.need(count);
    const value = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return value;
  }

  string(): string {
    return new TextDecoder().decode(this.bytesOf(this.int32()));
  }
}
