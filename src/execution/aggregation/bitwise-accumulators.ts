/**
 * bitwise_and_agg, bitwise_or_agg and bitwise_xor_agg over bigint: the 64-bit two's complement state
 * of each group is kept as two Int32Array words (JS bit operators work on 32 bits), filled from the
 * doubles of float64 blocks or the BigInts of int64 blocks. NULL inputs are ignored; an empty group
 * gives NULL. The intermediate state is the bigint result.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { BIGINT } from '../../types/type.js';
import { BaseAccumulator, growInt32Array, growUint8Array } from './accumulator.js';
import { numberValues } from './state-blocks.js';

export type BitwiseOperation = 'and' | 'or' | 'xor';

const TWO_32 = 4294967296;
/** The number view of an int64 block, which is read through its bigints instead. */
const NO_NUMBERS: ArrayLike<number> = new Float64Array(0);

export class BitwiseAccumulator extends BaseAccumulator {
  private lows = new Int32Array(0);
  private highs = new Int32Array(0);
  private seen = new Uint8Array(0);

  constructor(private readonly operation: BitwiseOperation) {
    super(BIGINT);
  }

  get retainedBytes(): number {
    return this.lows.byteLength + this.highs.byteLength + this.seen.byteLength;
  }

  protected grow(capacity: number): void {
    this.lows = growInt32Array(this.lows, capacity);
    this.highs = growInt32Array(this.highs, capacity);
    this.seen = growUint8Array(this.seen, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.addBlock(groupIds, args[0], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    this.addBlock(groupIds, states, count);
  }

  private addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void {
    const nulls = block.nulls;
    const wide = block.kind === 'int64' ? block.values : undefined;
    const values = wide === undefined ? numberValues(block) : NO_NUMBERS;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      let low: number;
      let high: number;
      if (wide !== undefined) {
        const v = wide[i];
        low = Number(BigInt.asIntN(32, v));
        high = Number(BigInt.asIntN(32, v >> 32n));
      } else {
        const v = values[i];
        low = v | 0;
        high = Math.floor(v / TWO_32) | 0;
      }
      this.combine(groupIds[i], low, high);
    }
  }

  private combine(g: number, low: number, high: number): void {
    if (this.seen[g] === 0) {
      this.seen[g] = 1;
      this.lows[g] = low;
      this.highs[g] = high;
      return;
    }
    switch (this.operation) {
      case 'and':
        this.lows[g] &= low;
        this.highs[g] &= high;
        break;
      case 'or':
        this.lows[g] |= low;
        this.highs[g] |= high;
        break;
      case 'xor':
        this.lows[g] ^= low;
        this.highs[g] ^= high;
        break;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(BIGINT, to - from);
    for (let g = from; g < to; g++) {
      if (this.seen[g] === 0) {
        builder.appendNull();
        continue;
      }
      const high = this.highs[g];
      const low = this.lows[g] >>> 0;
      // Within ±2^53 the double is exact; beyond, assemble the BigInt.
      if (high >= -0x200000 && high < 0x200000) builder.appendFloat64(high * TWO_32 + low);
      else builder.appendBigInt((BigInt(high) << 32n) | BigInt(low));
    }
    return builder.build();
  }
}
