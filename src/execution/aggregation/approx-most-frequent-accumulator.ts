/**
 * approx_most_frequent(buckets, value, capacity) over bigint or varchar values: the Space-Saving
 * algorithm (Metwally et al.) with `capacity` counters per group. A value with a counter increments
 * it; a new value takes a free counter, or replaces the smallest one inheriting its count (+1), so
 * counts may overestimate but frequent values are never missed. The result maps the `buckets` values
 * with the highest counts (equal counts: smaller value first) to their counts; exact whenever the group has at
 * most `capacity` distinct values. NULL values are ignored; an empty group gives NULL. `buckets` and
 * `capacity` must be positive.
 * Intermediate state (varbinary): [buckets][capacity][count][value, count]* with values as doubles
 * (bigint) or length-prefixed UTF-8 (varchar).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { binaryBlock } from '../../data/block.js';
import { createBlockBuilder, type MapBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { BIGINT, mapOf, type Type, VARBINARY } from '../../types/type.js';
import { BaseAccumulator } from './accumulator.js';
import { ByteReader, ByteWriter } from './binary-state.js';
import { numberValues } from './state-blocks.js';

type Item = number | bigint | string;

class SpaceSaving {
  readonly counts = new Map<Item, number>();

  constructor(
    readonly buckets: number,
    readonly capacity: number,
  ) {}

  add(value: Item, count: number): void {
    const current = this.counts.get(value);
    if (current !== undefined) {
      this.counts.set(value, current + count);
      return;
    }
    if (this.counts.size < this.capacity) {
      this.counts.set(value, count);
      return;
    }
    let smallest: Item | undefined;
    let smallestCount = Number.POSITIVE_INFINITY;
    for (const [item, c] of this.counts) {
      if (c < smallestCount) {
        smallest = item;
        smallestCount = c;
      }
    }
    if (smallest !== undefined) this.counts.delete(smallest);
    this.counts.set(value, smallestCount + count);
  }

  /** The `buckets` highest counts; equal counts are ordered by value so results do not depend on input order. */
  top(): [Item, number][] {
    return [...this.counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, this.buckets);
  }
}

export class ApproxMostFrequentAccumulator extends BaseAccumulator {
  private states: (SpaceSaving | undefined)[] = [];
  private entries = 0;

  constructor(private readonly valueType: Type) {
    super(VARBINARY);
  }

  get retainedBytes(): number {
    return 8 * this.states.length + 64 * this.entries;
  }

  protected grow(capacity: number): void {
    while (this.states.length < capacity) this.states.push(undefined);
  }

  private stateOf(g: number, buckets: number, capacity: number): SpaceSaving {
    let state = this.states[g];
    if (state === undefined) {
      if (!(buckets > 0) || !(capacity > 0)) {
        throw new VivaceError(
          'INVALID_FUNCTION_ARGUMENT',
          'approx_most_frequent buckets and capacity must be positive',
        );
      }
      state = new SpaceSaving(buckets, capacity);
      this.states[g] = state;
    }
    return state;
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const [bucketBlock, valueBlock, capacityBlock] = args;
    const buckets = numberValues(bucketBlock);
    const capacities = numberValues(capacityBlock);
    for (let i = 0; i < count; i++) {
      if (valueBlock.nulls !== undefined && valueBlock.nulls[i] !== 0) continue;
      const state = this.stateOf(groupIds[i], buckets[i], capacities[i]);
      const before = state.counts.size;
      state.add(getValue(valueBlock, this.valueType, i) as Item, 1);
      this.entries += state.counts.size - before;
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const bytes = (states as { values: readonly Uint8Array[] }).values;
    const isString = this.valueType.kind !== 'bigint';
    for (let i = 0; i < count; i++) {
      if (states.nulls !== undefined && states.nulls[i] !== 0) continue;
      const reader = new ByteReader(bytes[i]);
      const state = this.stateOf(groupIds[i], reader.int32(), reader.int32());
      const items = reader.int32();
      const before = state.counts.size;
      for (let j = 0; j < items; j++) {
        const value: Item = isString ? reader.string() : readBigint(reader);
        state.add(value, reader.float64());
      }
      this.entries += state.counts.size - before;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    const values: Uint8Array[] = [];
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const state = this.states[g];
      if (state === undefined) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
        values.push(new Uint8Array(0));
        continue;
      }
      const writer = new ByteWriter().int32(state.buckets).int32(state.capacity).int32(state.counts.size);
      for (const [item, c] of state.counts) {
        if (typeof item === 'string') writer.string(item);
        else writeBigint(writer, item);
        writer.float64(c);
      }
      values.push(writer.finish());
    }
    return binaryBlock(values, nulls);
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(mapOf(this.valueType, BIGINT), to - from) as MapBlockBuilder;
    for (let g = from; g < to; g++) {
      const state = this.states[g];
      if (state === undefined) {
        builder.appendNull();
        continue;
      }
      for (const [item, c] of state.top()) builder.appendEntry(item, c);
      builder.closeEntry();
    }
    return builder.build();
  }
}

/** Bigints as a tag byte and a double (safe integers) or a decimal string (beyond 2^53). */
function writeBigint(writer: ByteWriter, value: number | bigint): void {
  if (typeof value === 'number') writer.uint8(0).float64(value);
  else writer.uint8(1).string(value.toString());
}

function readBigint(reader: ByteReader): number | bigint {
  return reader.uint8() === 0 ? reader.float64() : BigInt(reader.string());
}
