/**
 * arbitrary(x) / any_value(x): the first non-null value each group sees (deterministic for a given
 * input order). Values are read with getValue only when a group has none yet, so the per-row cost is
 * a null check and a flag test. The intermediate state is a value of the input type.
 */

import type { Block, FlatBlock } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { valueSizeInBytes } from '../../data/value-size.js';
import type { Type } from '../../types/type.js';
import { BaseAccumulator, growUint8Array } from './accumulator.js';

export class ArbitraryAccumulator extends BaseAccumulator {
  private values: unknown[] = [];
  private seen = new Uint8Array(0);
  private valueBytes = 0;

  constructor(private readonly type: Type) {
    super(type);
  }

  get retainedBytes(): number {
    return this.seen.byteLength + 32 * this.values.length + this.valueBytes;
  }

  protected grow(capacity: number): void {
    this.seen = growUint8Array(this.seen, capacity);
    while (this.values.length < capacity) this.values.push(null);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.addBlock(groupIds, args[0], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    this.addBlock(groupIds, states, count);
  }

  private addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void {
    const nulls = block.nulls;
    const seen = this.seen;
    for (let i = 0; i < count; i++) {
      const g = groupIds[i];
      if (seen[g] !== 0 || (nulls !== undefined && nulls[i] !== 0)) continue;
      seen[g] = 1;
      const value = getValue(block, this.type, i);
      this.values[g] = value;
      if (typeof value === 'object' || typeof value === 'string') this.valueBytes += valueSizeInBytes(value);
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.type, to - from);
    for (let g = from; g < to; g++) {
      if (this.seen[g] === 0) builder.appendNull();
      else builder.append(this.values[g]);
    }
    return builder.build();
  }
}
