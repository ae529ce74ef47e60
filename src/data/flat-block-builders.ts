/**
 * The builders of the fixed-width and variable-width flat kinds, and their shared base class (capacity,
 * lazily allocated null mask, dictionary/rle unwrapping for `appendFrom`). Each concrete class keeps
 * its own typed array field and append methods, so every hot append site sees one array type
 * (monomorphic) instead of sharing a generic one. `block-builder.ts` chooses the class for a type and
 * documents the contract.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Type } from '../types/type.js';
import type { Block, FlatBlock } from './block.js';
import {
  binaryBlock,
  booleanBlock,
  float32Block,
  float64Block,
  int32Block,
  resolvedPosition,
  resolveFlat,
  rleBlock,
  stringBlock,
} from './block.js';
import type { BlockBuilder } from './block-builder-interface.js';

const EMPTY_BYTES = new Uint8Array(0);

export abstract class BaseBlockBuilder implements BlockBuilder {
  positionCount = 0;
  /** Positions the current arrays can hold. */
  protected capacity = 0;
  /** Null mask with `capacity` entries, allocated at the first null. */
  protected nulls: Uint8Array | undefined = undefined;

  constructor(
    readonly type: Type,
    protected readonly expectedPositions: number,
  ) {}

  /** Reallocates the value arrays to hold `capacity` positions, keeping the first positionCount. */
  protected abstract resizeValues(capacity: number): void;
  /** Appends the non-null value at `position` of a flat block of this builder's type. */
  protected abstract appendFlat(block: FlatBlock, position: number): void;
  /** Appends a non-null JS value. */
  protected abstract appendValue(value: unknown): void;
  /** Builds the block from the first positionCount values and the exact-size null mask. */
  protected abstract buildBlock(nulls: Uint8Array | undefined): Block;
  /** Drops the value arrays after build (capacity is already 0). */
  protected abstract resetValues(): void;

  protected grow(): void {
    const capacity = Math.max(this.expectedPositions, this.capacity * 2, 4);
    this.resizeValues(capacity);
    if (this.nulls !== undefined) this.nulls = resized(this.nulls, capacity, this.positionCount);
    this.capacity = capacity;
  }

  /** Reserves the slot of the next position and marks it null; subclasses then write a default. */
  protected markNextNull(): number {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    if (this.nulls === undefined) this.nulls = new Uint8Array(this.capacity);
    this.nulls[n] = 1;
    return n;
  }

  appendNull(): void {
    this.markNextNull();
    this.positionCount++;
  }

  append(value: unknown): void {
    if (value === null || value === undefined) this.appendNull();
    else this.appendValue(value);
  }

  appendFrom(block: Block, position: number): void {
    const flat = resolveFlat(block, position);
    if (flat === null) this.appendNull();
    else this.appendFlat(flat, resolvedPosition);
  }

  build(): Block {
    const count = this.positionCount;
    let nulls: Uint8Array | undefined;
    if (this.nulls !== undefined) nulls = count === this.nulls.length ? this.nulls : this.nulls.slice(0, count);
    const block = this.buildBlock(nulls);
    this.positionCount = 0;
    this.capacity = 0;
    this.nulls = undefined;
    this.resetValues();
    return block;
  }

  appendBoolean(_value: boolean): void {
    this.unsupported('appendBoolean');
  }
  appendInt32(_value: number): void {
    this.unsupported('appendInt32');
  }
  appendFloat64(_value: number): void {
    this.unsupported('appendFloat64');
  }
  appendFloat32(_value: number): void {
    this.unsupported('appendFloat32');
  }
  appendBigInt(_value: bigint): void {
    this.unsupported('appendBigInt');
  }
  appendString(_value: string): void {
    this.unsupported('appendString');
  }
  appendBinary(_value: Uint8Array): void {
    this.unsupported('appendBinary');
  }
  appendZoned(_millis: number, _picos: number, _zoneKey: number): void {
    this.unsupported('appendZoned');
  }

  protected unsupported(method: string): never {
    throw new VivaceError(
      'GENERIC_INTERNAL_ERROR',
      `${method} is not supported by the ${this.type.kind} block builder`,
    );
  }

  protected mismatch(what: unknown): never {
    const described =
      typeof what === 'object' && what !== null && 'kind' in what ? `a ${what.kind} block` : typeof what;
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Cannot append ${described} to a ${this.type.kind} block builder`);
  }
}

/** The first `count` entries of `array`: the array itself when it has exactly that length, else a copy. */
export function exact<T extends { length: number; slice(start: number, end: number): T }>(array: T, count: number): T {
  return array.length === count ? array : array.slice(0, count);
}

type GrowableArray = Uint8Array | Int16Array | Int32Array | Float32Array | Float64Array | BigInt64Array;

/** A new array of `capacity` elements of the same kind, starting with the first `used` elements of `array`. */
export function resized<T extends GrowableArray>(array: T, capacity: number, used: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  (next as Uint8Array).set((array as Uint8Array).subarray(0, used));
  return next;
}

export class BooleanBlockBuilder extends BaseBlockBuilder {
  private values = new Uint8Array(0);

  override appendBoolean(value: boolean): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.values[n] = value ? 1 : 0;
    this.positionCount = n + 1;
  }
  protected appendValue(value: unknown): void {
    if (typeof value !== 'boolean') this.mismatch(value);
    this.appendBoolean(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'boolean') this.mismatch(block);
    this.appendBoolean(block.values[position] !== 0);
  }
  protected resizeValues(capacity: number): void {
    this.values = resized(this.values, capacity, this.positionCount);
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return booleanBlock(exact(this.values, this.positionCount), nulls);
  }
  protected resetValues(): void {
    this.values = new Uint8Array(0);
  }
}

/** The `unknown` type: only NULLs, built as an rle of a null boolean. */
export class UnknownBlockBuilder extends BaseBlockBuilder {
  protected appendValue(value: unknown): void {
    this.mismatch(value);
  }
  protected appendFlat(block: FlatBlock): void {
    this.mismatch(block);
  }
  protected resizeValues(): void {}
  protected buildBlock(): Block {
    return rleBlock(booleanBlock(new Uint8Array(1), new Uint8Array([1])), this.positionCount);
  }
  protected resetValues(): void {}
  override appendNull(): void {
    // No arrays to keep: the rle built at the end only needs the count.
    this.positionCount++;
  }
}

export class Int32BlockBuilder extends BaseBlockBuilder {
  private values = new Int32Array(0);

  override appendInt32(value: number): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.values[n] = value;
    this.positionCount = n + 1;
  }
  protected appendValue(value: unknown): void {
    if (typeof value !== 'number' || (value | 0) !== value) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not a 32-bit integer for ${this.type.kind}: ${String(value)}`);
    }
    this.appendInt32(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'int32') this.mismatch(block);
    this.appendInt32(block.values[position]);
  }
  protected resizeValues(capacity: number): void {
    this.values = resized(this.values, capacity, this.positionCount);
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return int32Block(exact(this.values, this.positionCount), nulls);
  }
  protected resetValues(): void {
    this.values = new Int32Array(0);
  }
}

/** double, short decimals (unscaled), time, timestamp(≤ 6), interval day to second. */
export class Float64BlockBuilder extends BaseBlockBuilder {
  private values = new Float64Array(0);

  override appendFloat64(value: number): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.values[n] = value;
    this.positionCount = n + 1;
  }
  override appendBigInt(value: bigint): void {
    this.appendFloat64(Number(value));
  }
  protected appendValue(value: unknown): void {
    if (typeof value === 'number') this.appendFloat64(value);
    else if (typeof value === 'bigint') this.appendBigInt(value);
    else this.mismatch(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'float64') this.mismatch(block);
    this.appendFloat64(block.values[position]);
  }
  protected resizeValues(capacity: number): void {
    this.values = resized(this.values, capacity, this.positionCount);
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return float64Block(exact(this.values, this.positionCount), nulls);
  }
  protected resetValues(): void {
    this.values = new Float64Array(0);
  }
}

export class Float32BlockBuilder extends BaseBlockBuilder {
  private values = new Float32Array(0);

  override appendFloat32(value: number): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.values[n] = value;
    this.positionCount = n + 1;
  }
  protected appendValue(value: unknown): void {
    if (typeof value !== 'number') this.mismatch(value);
    this.appendFloat32(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'float32') this.mismatch(block);
    this.appendFloat32(block.values[position]);
  }
  protected resizeValues(capacity: number): void {
    this.values = resized(this.values, capacity, this.positionCount);
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return float32Block(exact(this.values, this.positionCount), nulls);
  }
  protected resetValues(): void {
    this.values = new Float32Array(0);
  }
}

/** varchar and json (the JSON text). */
export class StringBlockBuilder extends BaseBlockBuilder {
  protected values: string[] = [];

  override appendString(value: string): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.values.push(value);
    this.positionCount = n + 1;
  }
  override appendNull(): void {
    this.markNextNull();
    this.values.push('');
    this.positionCount++;
  }
  protected appendValue(value: unknown): void {
    if (typeof value !== 'string') this.mismatch(value);
    this.appendString(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'string') this.mismatch(block);
    this.appendString(block.values[position]);
  }
  protected resizeValues(): void {
    // A JS array grows by itself; capacity only sizes the null mask.
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return stringBlock(this.values, nulls);
  }
  protected resetValues(): void {
    this.values = [];
  }
}

/** char(n): stored without trailing spaces, as Presto does (output pads them back). */
export class CharBlockBuilder extends StringBlockBuilder {
  override appendString(value: string): void {
    let end = value.length;
    while (end > 0 && value.charCodeAt(end - 1) === 32) end--;
    super.appendString(end === value.length ? value : value.slice(0, end));
  }
}

/** varbinary. The builder keeps the appended arrays themselves (no copy): do not modify them later. */
export class BinaryBlockBuilder extends BaseBlockBuilder {
  private values: Uint8Array[] = [];

  override appendBinary(value: Uint8Array): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.values.push(value);
    this.positionCount = n + 1;
  }
  override appendNull(): void {
    this.markNextNull();
    this.values.push(EMPTY_BYTES);
    this.positionCount++;
  }
  protected appendValue(value: unknown): void {
    if (!(value instanceof Uint8Array)) this.mismatch(value);
    this.appendBinary(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'binary') this.mismatch(block);
    this.appendBinary(block.values[position]);
  }
  protected resizeValues(): void {}
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return binaryBlock(this.values, nulls);
  }
  protected resetValues(): void {
    this.values = [];
  }
}
