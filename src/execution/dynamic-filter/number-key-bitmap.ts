/**
 * Integer keys of a bounded span as one bit each: the form of a dynamic filter's key set that a
 * scan tests fastest. A hash set (number-key-set.ts) of 57,000 order keys is a megabyte probed at
 * random — a cache miss per row of a 6-million-row scan; the same keys as bits over their span
 * (6 million bits, 750 kB) are read in order when the probe side is sorted by its key, as tables
 * written in key order are, and with one load and no hashing otherwise.
 */
import { MAX_KEY_BITS } from '../hash/number-key-view.js';
import { NumberKeySet } from './number-key-set.js';

/** What a scan asks of a filter's number keys. */
export interface NumberKeys {
  has(value: number): boolean;
}

export class NumberKeyBitmap implements NumberKeys {
  private readonly bits: Int32Array;

  constructor(
    private readonly min: number,
    /** max − min. */
    private readonly span: number,
  ) {
    this.bits = new Int32Array((span >>> 5) + 1);
  }

  get byteLength(): number {
    return this.bits.byteLength;
  }

  /** `value` must be an integer in [min, min + span]. */
  add(value: number): void {
    const index = value - this.min;
    this.bits[index >>> 5] = (this.bits[index >>> 5] as number) | (1 << (index & 31));
  }

  has(value: number): boolean {
    const offset = value - this.min;
    // Written so that NaN fails too.
    if (!(offset >= 0 && offset <= this.span)) return false;
    const index = offset | 0;
    return index === offset && ((this.bits[index >>> 5] as number) & (1 << (index & 31))) !== 0;
  }
}

/** `values` as bits when they are all integers within MAX_KEY_BITS of each other, else as a hash set. */
export function numberKeysOf(values: readonly number[]): NumberKeys {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let integers = true;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) integers = false;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (integers && values.length > 0 && max - min < MAX_KEY_BITS) {
    const bitmap = new NumberKeyBitmap(min, max - min);
    for (const value of values) bitmap.add(value);
    return bitmap;
  }
  const set = new NumberKeySet(values.length);
  for (const value of values) set.add(value);
  return set;
}
