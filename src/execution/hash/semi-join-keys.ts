/**
 * The filtering keys of a semi join (`x IN (subquery)`, EXISTS decorrelated): a set asked only
 * "is this key in it". Integer keys (integer, bigint, date, ...) are kept as bits over their span
 * while the span stays under MAX_KEY_BITS: TPC-H q22's NOT EXISTS builds the set of 100,000
 * customer keys from 1.5 million orders, one random probe into a 4 MB hash table a row, where the
 * same keys are 150,000 bits (19 kB) set in one store each. A key that is not an integer number,
 * a span beyond the limit or a block the bits cannot read moves the keys into a GroupByHash once,
 * and it answers from then on.
 */
import type { Block } from '../../data/block.js';
import { float64Block } from '../../data/block.js';
import { getValue } from '../../data/block-values.js';
import type { Type } from '../../types/type.js';
import { createGroupByHash } from './group-by-hash.js';
import type { GroupByHash } from './group-by-hash-types.js';
import { isNumberKeyType } from './number-group-by-hash.js';
import { INTEGRAL_KEY_KINDS, MAX_KEY_BITS, numberKeys } from './number-key-view.js';

export interface SemiJoinKeys {
  /** Adds the keys of the first `count` positions; writes -1 into `out` where the key is NULL, else ≥ 0. */
  add(block: Block, count: number, out: Int32Array): void;
  /** Writes into `out` a value ≥ 0 where the key is in the set, -1 where it is not or is NULL. */
  lookup(block: Block, count: number, out: Int32Array): void;
  readonly retainedBytes: number;
}

export function createSemiJoinKeys(type: Type): SemiJoinKeys {
  return INTEGRAL_KEY_KINDS.has(type.kind) && isNumberKeyType(type) ? new DenseIntegerKeys(type) : new HashedKeys(type);
}

/** Any key type, through the engine's GroupByHash (NULL keys get -1). */
class HashedKeys implements SemiJoinKeys {
  readonly hash: GroupByHash;

  constructor(type: Type) {
    this.hash = createGroupByHash([type]);
  }

  add(block: Block, count: number, out: Int32Array): void {
    this.hash.getGroupIds([block], count, out, false);
  }

  lookup(block: Block, count: number, out: Int32Array): void {
    this.hash.lookup([block], count, out, false);
  }

  get retainedBytes(): number {
    return this.hash.retainedBytes;
  }
}

class DenseIntegerKeys implements SemiJoinKeys {
  /** Bit `k - base` is set when key `k` is in the set; `base` is a multiple of 32. */
  private bits = new Int32Array(0);
  private base = 0;
  private empty = true;
  /** Where the keys went when bits could not hold them. */
  private hashed: HashedKeys | undefined;

  constructor(private readonly type: Type) {}

  get retainedBytes(): number {
    return this.hashed?.retainedBytes ?? this.bits.byteLength;
  }

  add(block: Block, count: number, out: Int32Array): void {
    if (this.hashed === undefined && !this.addBits(block, count, out)) this.toHash();
    this.hashed?.add(block, count, out);
  }

  /** Sets the bits of the block's keys; false (having set some, perhaps) when bits cannot hold them. */
  private addBits(block: Block, count: number, out: Int32Array): boolean {
    const keys = numberKeys(block, count);
    if (keys === undefined) return false;
    const { values, nulls, ids } = keys;
    for (let i = 0; i < count; i++) {
      const at = ids === undefined ? i : ids[i];
      if (nulls !== undefined && nulls[at] !== 0) {
        out[i] = -1;
        continue;
      }
      const key = values[at];
      let offset = key - this.base;
      // A key off the bits, or not an integer (cover() refuses those): widen, or give up on bits.
      if (!((offset | 0) === offset && offset >= 0 && offset < this.bits.length * 32)) {
        if (!this.cover(key)) return false;
        offset = key - this.base;
      }
      this.bits[offset >>> 5] |= 1 << (offset & 31);
      out[i] = 0;
    }
    return true;
  }

  /** Widens the bits to cover `key`; false when it is not a safe integer or the span would pass the limit. */
  private cover(key: number): boolean {
    if (!Number.isSafeInteger(key)) return false;
    const keyWord = Math.floor(key / 32);
    if (this.empty) {
      this.empty = false;
      this.base = keyWord * 32;
      this.bits = new Int32Array(64);
      return true;
    }
    const firstWord = this.base / 32;
    const lowWord = Math.min(firstWord, keyWord);
    const highWord = Math.max(firstWord + this.bits.length - 1, keyWord);
    const needed = highWord - lowWord + 1;
    if (needed * 32 > MAX_KEY_BITS) return false;
    // Doubling, in the direction the key lies, so a sequence of growing keys copies little.
    const words = Math.min(Math.max(needed, 2 * this.bits.length), MAX_KEY_BITS / 32);
    const newFirst = keyWord < firstWord ? highWord - words + 1 : lowWord;
    const bits = new Int32Array(words);
    bits.set(this.bits, firstWord - newFirst);
    this.bits = bits;
    this.base = newFirst * 32;
    return true;
  }

  /** Moves the keys set so far into a hash table, which takes every key from now on. */
  private toHash(): void {
    const hashed = new HashedKeys(this.type);
    const keys: number[] = [];
    for (let w = 0; w < this.bits.length; w++) {
      const word = this.bits[w];
      if (word === 0) continue;
      for (let b = 0; b < 32; b++) if ((word & (1 << b)) !== 0) keys.push(this.base + w * 32 + b);
    }
    if (keys.length > 0) hashed.add(float64Block(Float64Array.from(keys)), keys.length, new Int32Array(keys.length));
    this.hashed = hashed;
    this.bits = new Int32Array(0);
  }

  lookup(block: Block, count: number, out: Int32Array): void {
    if (this.hashed !== undefined) {
      this.hashed.lookup(block, count, out);
      return;
    }
    const keys = numberKeys(block, count);
    const bits = this.bits;
    const span = bits.length * 32;
    for (let i = 0; i < count; i++) {
      let key: number;
      if (keys === undefined) {
        // A probe block of another kind (a bigint beyond 2^53 in int64 words): such a key was never added.
        const value = getValue(block, this.type, i);
        if (typeof value !== 'number') {
          out[i] = -1;
          continue;
        }
        key = value;
      } else {
        const at = keys.ids === undefined ? i : keys.ids[i];
        if (keys.nulls !== undefined && keys.nulls[at] !== 0) {
          out[i] = -1;
          continue;
        }
        key = keys.values[at];
      }
      const offset = key - this.base;
      // Written so that NaN and fractions fail too.
      const index = offset | 0;
      out[i] =
        offset >= 0 && offset < span && index === offset && (bits[index >>> 5] & (1 << (index & 31))) !== 0 ? 0 : -1;
    }
  }
}
