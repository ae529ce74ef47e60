/**
 * checksum(x): an order-insensitive 64-bit checksum of a group's values, as 8 little-endian bytes
 * (varbinary). Each value (NULL included, as in Presto) contributes a 64-bit word and the words are
 * summed modulo 2^64, so the result does not depend on row order or on how rows were split across
 * partial aggregations. The word of a value is built from its value-based 32-bit hash (hash-values.ts:
 * equal values hash equal across encodings): low half = the hash, high half = a second murmur mix of
 * it; NULL contributes a fixed word. Results are therefore NOT bit-identical to Presto's (which hashes
 * with xxhash64), only equally order-insensitive. An empty group gives NULL. The intermediate state
 * is the same 8-byte varbinary.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { binaryBlock } from '../../data/block.js';
import type { Type } from '../../types/type.js';
import { VARBINARY } from '../../types/type.js';
import { hashBlock, mix32, NULL_HASH } from '../hash/hash-values.js';
import { BaseAccumulator, growFloat64Array, growUint8Array } from './accumulator.js';

const TWO_32 = 4294967296;
const HIGH_SEED = 0x27d4eb2f;
const NULL_HIGH = 0x165667b1;

export class ChecksumAccumulator extends BaseAccumulator {
  /** The 64-bit sums as two unsigned 32-bit halves. */
  private lows = new Float64Array(0);
  private highs = new Float64Array(0);
  private seen = new Uint8Array(0);
  private hashes = new Int32Array(0);

  constructor(private readonly type: Type) {
    super(VARBINARY);
  }

  get retainedBytes(): number {
    return this.lows.byteLength + this.highs.byteLength + this.seen.byteLength + this.hashes.byteLength;
  }

  protected grow(capacity: number): void {
    this.lows = growFloat64Array(this.lows, capacity);
    this.highs = growFloat64Array(this.highs, capacity);
    this.seen = growUint8Array(this.seen, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    if (this.hashes.length < count) this.hashes = new Int32Array(count);
    const hashes = this.hashes;
    const block = args[0];
    hashBlock(block, this.type, hashes, count);
    const nulls = block.nulls;
    for (let i = 0; i < count; i++) {
      const h = hashes[i];
      const isNull = nulls !== undefined && nulls[i] !== 0;
      const low = (isNull ? NULL_HASH : h) >>> 0;
      const high = (isNull ? NULL_HIGH : mix32(h ^ HIGH_SEED)) >>> 0;
      this.add(groupIds[i], low, high);
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const values = (states as { values: readonly Uint8Array[] }).values;
    const nulls = states.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const bytes = values[i];
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.add(groupIds[i], view.getUint32(0, true), view.getUint32(4, true));
    }
  }

  private add(g: number, low: number, high: number): void {
    let sumLow = this.lows[g] + low;
    let carry = 0;
    if (sumLow >= TWO_32) {
      sumLow -= TWO_32;
      carry = 1;
    }
    this.lows[g] = sumLow;
    this.highs[g] = (this.highs[g] + high + carry) % TWO_32;
    this.seen[g] = 1;
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const values: Uint8Array[] = [];
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const bytes = new Uint8Array(8);
      if (this.seen[g] === 0) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
      } else {
        const view = new DataView(bytes.buffer);
        view.setUint32(0, this.lows[g], true);
        view.setUint32(4, this.highs[g], true);
      }
      values.push(nulls !== undefined && nulls[g - from] === 1 ? new Uint8Array(0) : bytes);
    }
    return binaryBlock(values, nulls);
  }
}
