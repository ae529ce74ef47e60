/**
 * Builders of the 64- and 128-bit integer storages: bigint (float64 while every value is a safe
 * integer, int64 after the first one that is not), decimal(16..18) in int64 and decimal(19..38) in
 * int128. See block-builder.ts for the builder contract. The decimal builders take a long decimal
 * that is a safe-integer number (what the decimal operators compute while values stay small)
 * without making a BigInt of it: they write its 32-bit halves (int128.ts).
 */

import { fail } from '../common/invariant.js';
import { VivaceError } from '../common/vivace-error.js';
import type { Block, FlatBlock } from './block.js';
import { float64Block, int64Block, int128Block } from './block.js';
import { BaseBlockBuilder, exact, resized } from './flat-block-builders.js';
import { wordHalves, writeInt64Number, writeInt128, writeInt128Number } from './int128.js';

const MIN_INT64 = -(1n << 63n);
const MAX_INT64 = (1n << 63n) - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function checkInt64(value: bigint): bigint {
  if (value < MIN_INT64 || value > MAX_INT64) {
    throw new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', `Value ${value} is out of range for bigint`);
  }
  return value;
}

function integralBigInt(value: number, typeName: string): bigint {
  if (!Number.isInteger(value)) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not an integer for ${typeName}: ${value}`);
  }
  return BigInt(value);
}

/**
 * Stores a decimal(16..18) value (a safe-integer number, else a BigInt) at `position` of int64 words,
 * as Int64BlockBuilder appends it; compiled projections write their outputs through this.
 */
export function writeInt64Value(words: BigInt64Array, position: number, value: unknown): void {
  if (typeof value === 'number' && Number.isSafeInteger(value)) writeInt64Number(wordHalves(words), position, value);
  else words[position] = checkInt64(wideBigInt(value, 'decimal'));
}

/** Stores a decimal(19..38) value (a safe-integer number, else a BigInt) at `position` of int128 words. */
export function writeInt128Value(words: BigInt64Array, position: number, value: unknown): void {
  if (typeof value === 'number' && Number.isSafeInteger(value)) writeInt128Number(wordHalves(words), position, value);
  else writeInt128(words, position, wideBigInt(value, 'decimal'));
}

function wideBigInt(value: unknown, typeName: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return integralBigInt(value, typeName);
  throw new VivaceError('GENERIC_INTERNAL_ERROR', `Cannot append ${typeof value} to a ${typeName} block builder`);
}

/**
 * bigint: a Float64Array while every value is a safe integer, switching once (copying what it has)
 * to a BigInt64Array when a value outside ±(2^53 − 1) arrives.
 */
export class BigintBlockBuilder extends BaseBlockBuilder {
  private doubles = new Float64Array(0);
  private longs: BigInt64Array | undefined = undefined;

  override appendFloat64(value: number): void {
    const n = this.positionCount;
    if (this.longs === undefined && Number.isSafeInteger(value)) {
      if (n === this.capacity) this.grow();
      this.doubles[n] = value;
      this.positionCount = n + 1;
    } else {
      this.appendLong(integralBigInt(value, 'bigint'));
    }
  }
  override appendBigInt(value: bigint): void {
    if (this.longs === undefined && value >= -MAX_SAFE && value <= MAX_SAFE) {
      const n = this.positionCount;
      if (n === this.capacity) this.grow();
      this.doubles[n] = Number(value);
      this.positionCount = n + 1;
    } else {
      this.appendLong(checkInt64(value));
    }
  }
  private appendLong(value: bigint): void {
    if (this.longs === undefined) this.switchToLongs();
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    (this.longs ?? fail('switchToLongs allocates the longs'))[n] = value;
    this.positionCount = n + 1;
  }
  private switchToLongs(): void {
    const longs = new BigInt64Array(this.capacity);
    for (let i = 0; i < this.positionCount; i++) longs[i] = BigInt(this.doubles[i]);
    this.longs = longs;
    this.doubles = new Float64Array(0);
  }
  protected appendValue(value: unknown): void {
    if (typeof value === 'number') this.appendFloat64(value);
    else if (typeof value === 'bigint') this.appendBigInt(value);
    else this.mismatch(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind === 'float64') this.appendFloat64(block.values[position]);
    else if (block.kind === 'int64') this.appendBigInt(block.values[position]);
    else this.mismatch(block);
  }
  protected resizeValues(capacity: number): void {
    if (this.longs === undefined) this.doubles = resized(this.doubles, capacity, this.positionCount);
    else this.longs = resized(this.longs, capacity, this.positionCount);
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    if (this.longs !== undefined) return int64Block(exact(this.longs, this.positionCount), nulls);
    return float64Block(exact(this.doubles, this.positionCount), nulls);
  }
  protected resetValues(): void {
    this.doubles = new Float64Array(0);
    this.longs = undefined;
  }
}

/** decimal(16..18): unscaled values in a BigInt64Array. */
export class Int64BlockBuilder extends BaseBlockBuilder {
  private values = new BigInt64Array(0);
  private halves: Int32Array = new Int32Array(0);

  override appendBigInt(value: bigint): void {
    checkInt64(value);
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.values[n] = value;
    this.positionCount = n + 1;
  }
  override appendFloat64(value: number): void {
    if (!Number.isSafeInteger(value)) {
      this.appendBigInt(integralBigInt(value, this.type.kind));
      return;
    }
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    writeInt64Number(this.halves, n, value);
    this.positionCount = n + 1;
  }
  protected appendValue(value: unknown): void {
    if (typeof value === 'bigint') this.appendBigInt(value);
    else if (typeof value === 'number') this.appendFloat64(value);
    else this.mismatch(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'int64') this.mismatch(block);
    this.appendBigInt(block.values[position]);
  }
  protected resizeValues(capacity: number): void {
    this.values = resized(this.values, capacity, this.positionCount);
    this.halves = wordHalves(this.values);
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return int64Block(exact(this.values, this.positionCount), nulls);
  }
  protected resetValues(): void {
    this.values = new BigInt64Array(0);
    this.halves = new Int32Array(0);
  }
}

/** decimal(19..38): unscaled 128-bit values, two words per position. */
export class Int128BlockBuilder extends BaseBlockBuilder {
  private words = new BigInt64Array(0);
  private halves: Int32Array = new Int32Array(0);

  override appendBigInt(value: bigint): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    writeInt128(this.words, n, value);
    this.positionCount = n + 1;
  }
  override appendFloat64(value: number): void {
    if (!Number.isSafeInteger(value)) {
      this.appendBigInt(integralBigInt(value, this.type.kind));
      return;
    }
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    writeInt128Number(this.halves, n, value);
    this.positionCount = n + 1;
  }
  protected appendValue(value: unknown): void {
    if (typeof value === 'bigint') this.appendBigInt(value);
    else if (typeof value === 'number') this.appendFloat64(value);
    else this.mismatch(value);
  }
  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'int128') this.mismatch(block);
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.words[2 * n] = block.values[2 * position];
    this.words[2 * n + 1] = block.values[2 * position + 1];
    this.positionCount = n + 1;
  }
  protected resizeValues(capacity: number): void {
    const words = new BigInt64Array(2 * capacity);
    words.set(this.words.subarray(0, 2 * this.positionCount));
    this.words = words;
    this.halves = wordHalves(words);
  }
  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return int128Block(exact(this.words, 2 * this.positionCount), nulls);
  }
  protected resetValues(): void {
    this.words = new BigInt64Array(0);
    this.halves = new Int32Array(0);
  }
}
