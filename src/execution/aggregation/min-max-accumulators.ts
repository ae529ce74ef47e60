/**
 * min(x) and max(x) over any orderable type, with three state layouts:
 *   - numbers (every type stored in int32/float32/float64/boolean blocks, and bigint/decimal(16..18)
 *     whose int64 blocks carry integers beyond 2^53): a Float64Array per group; a group whose extreme
 *     does not fit a double keeps it as a BigInt in a side map. NaN is the largest double, as in
 *     Presto's ordering;
 *   - strings (varchar, char, json): a string[] compared in code point order;
 *   - anything else (long decimals, timestamps with time zone, arrays, rows, varbinary): JS values
 *     compared with compareValues.
 * The intermediate state is a value of the input type (NULL for an empty group); merging states is
 * the same operation as adding inputs.
 */

import { fail } from '../../common/invariant.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { physicalKindOf } from '../../data/physical-type.js';
import { valueSizeInBytes } from '../../data/value-size.js';
import type { Type } from '../../types/type.js';
import { compareStrings, compareValues } from '../expression/value-comparison.js';
import { type NumberKeyWriter, numberKeyWriter } from '../hash/number-group-by-hash.js';
import { type Accumulator, BaseAccumulator, growFloat64Array, growUint8Array } from './accumulator.js';

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function createMinMaxAccumulator(type: Type, isMax: boolean): Accumulator {
  switch (physicalKindOf(type)) {
    case 'int32':
    case 'float32':
    case 'float64':
    case 'boolean':
    case 'int64':
      return new NumberMinMaxAccumulator(type, isMax);
    case 'string':
      return new StringMinMaxAccumulator(type, isMax);
    default:
      return new ValueMinMaxAccumulator(type, isMax);
  }
}

abstract class MinMaxBase extends BaseAccumulator {
  constructor(
    protected readonly type: Type,
    protected readonly isMax: boolean,
  ) {
    super(type);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.addBlock(groupIds, args[0], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    this.addBlock(groupIds, states, count);
  }

  protected abstract addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void;

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }
}

class NumberMinMaxAccumulator extends MinMaxBase {
  private values = new Float64Array(0);
  /** 0: no value, 1: value in `values`, 2: value in `wide`. */
  private state = new Uint8Array(0);
  private readonly wide = new Map<number, bigint>();
  private readonly writer: NumberKeyWriter;

  constructor(type: Type, isMax: boolean) {
    super(type, isMax);
    this.writer = numberKeyWriter(type);
  }

  get retainedBytes(): number {
    return this.values.byteLength + this.state.byteLength + this.wide.size * 64;
  }

  protected grow(capacity: number): void {
    this.values = growFloat64Array(this.values, capacity);
    this.state = growUint8Array(this.state, capacity);
  }

  protected addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void {
    const nulls = block.nulls;
    if (block.kind === 'int64') {
      for (let i = 0; i < count; i++) {
        if (nulls === undefined || nulls[i] === 0) this.offerBig(groupIds[i], block.values[i]);
      }
      return;
    }
    const input = (block as { values: ArrayLike<number> }).values;
    const values = this.values;
    const state = this.state;
    const isMax = this.isMax;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      const v = input[i];
      const s = state[g];
      if (s === 0) {
        values[g] = v;
        state[g] = 1;
      } else if (s === 1) {
        const current = values[g];
        // NaN orders above every other double.
        if (isMax) {
          if (v > current || (Number.isNaN(v) && !Number.isNaN(current))) values[g] = v;
        } else if (v < current || (Number.isNaN(current) && !Number.isNaN(v))) {
          values[g] = v;
        }
      } else {
        this.offerBig(g, BigInt(v));
      }
    }
  }

  /** A value that may not fit a double: compared exactly. */
  private offerBig(g: number, value: bigint): void {
    const s = this.state[g];
    let replace = s === 0;
    if (!replace) {
      const current =
        s === 2 ? (this.wide.get(g) ?? fail('a group in the wide state has a wide value')) : BigInt(this.values[g]);
      replace = this.isMax ? value > current : value < current;
    }
    if (!replace) return;
    if (value >= MIN_SAFE && value <= MAX_SAFE) {
      this.values[g] = Number(value);
      this.state[g] = 1;
      this.wide.delete(g);
    } else {
      this.wide.set(g, value);
      this.state[g] = 2;
    }
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.type, to - from);
    for (let g = from; g < to; g++) {
      const s = this.state[g];
      if (s === 0) builder.appendNull();
      else this.writer(builder, this.values[g], s === 2 ? this.wide.get(g) : undefined);
    }
    return builder.build();
  }
}

class StringMinMaxAccumulator extends MinMaxBase {
  private values: (string | undefined)[] = [];
  private chars = 0;

  get retainedBytes(): number {
    return 2 * this.chars + 24 * this.values.length;
  }

  protected grow(capacity: number): void {
    while (this.values.length < capacity) this.values.push(undefined);
  }

  protected addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void {
    const input = (block as { values: readonly string[] }).values;
    const nulls = block.nulls;
    const values = this.values;
    const sign = this.isMax ? 1 : -1;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      const v = input[i];
      const current = values[g];
      if (current === undefined || sign * compareStrings(v, current) > 0) {
        this.chars += v.length - (current?.length ?? 0);
        values[g] = v;
      }
    }
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.type, to - from);
    for (let g = from; g < to; g++) {
      const v = this.values[g];
      if (v === undefined) builder.appendNull();
      else builder.appendString(v);
    }
    return builder.build();
  }
}

class ValueMinMaxAccumulator extends MinMaxBase {
  private values: unknown[] = [];
  /** Estimated bytes of the kept values (arrays, rows, byte arrays can be large). */
  private valueBytes = 0;

  get retainedBytes(): number {
    return 64 * this.values.length + this.valueBytes;
  }

  protected grow(capacity: number): void {
    while (this.values.length < capacity) this.values.push(undefined);
  }

  protected addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void {
    const nulls = block.nulls;
    const values = this.values;
    const sign = this.isMax ? 1 : -1;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      const v = getValue(block, this.type, i);
      const current = values[g];
      if (current === undefined || sign * compareValues(this.type, v, current) > 0) {
        this.valueBytes += valueSizeInBytes(v) - (current === undefined ? 0 : valueSizeInBytes(current));
        values[g] = v;
      }
    }
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.type, to - from);
    for (let g = from; g < to; g++) {
      const v = this.values[g];
      if (v === undefined) builder.appendNull();
      else builder.append(v);
    }
    return builder.build();
  }
}
