/**
 * min(x, n), max(x, n), min_by(v, k, n) and max_by(v, k, n): the n best entries of each group, kept in
 * a per-group binary heap whose root is the worst entry kept (a new entry replaces the root only when
 * it is better), so each row costs O(log n). Results are arrays ordered best first: ascending for
 * min/min_by, descending for max/max_by. NULL x (or NULL key) rows are ignored; values may be NULL.
 * n must be a positive integer no larger than 10000 (INVALID_FUNCTION_ARGUMENT otherwise), as in
 * Presto; it is read from the rows (it is a constant in practice) and carried in the state.
 * Intermediate states: row(n bigint, values array(T)) and row(n bigint, keys array(K), values array(V)).
 */

import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { type ArrayBlockBuilder, createBlockBuilder, type RowBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { valueSizeInBytes } from '../../data/value-size.js';
import { arrayOf, BIGINT, rowOf, type Type } from '../../types/type.js';
import { compareValues } from '../expression/value-comparison.js';
import { BaseAccumulator } from './accumulator.js';
import { numberValues, rowFields } from './state-blocks.js';

export const MAX_TOP_N = 10_000;

export function topNStateType(keyType: Type, valueType: Type | undefined): Type {
  return rowOf([
    { name: 'n', type: BIGINT },
    ...(valueType === undefined
      ? [{ name: 'values', type: arrayOf(keyType) }]
      : [
          { name: 'keys', type: arrayOf(keyType) },
          { name: 'values', type: arrayOf(valueType) },
        ]),
  ]);
}

/** One group's heap: parallel arrays of keys and values, the worst kept entry at index 0. */
interface Heap {
  readonly n: number;
  readonly keys: unknown[];
  readonly values: unknown[];
}

export class TopNAccumulator extends BaseAccumulator {
  private heaps: (Heap | undefined)[] = [];
  private entries = 0;
  /** Estimated bytes of the kept keys and values beyond the fixed cost per entry (strings, arrays). */
  private keptBytes = 0;

  /**
   * @param valueType undefined for min/max(x, n) (the key is the value), else the type of v.
   * @param name the function name, for error messages.
   */
  constructor(
    private readonly keyType: Type,
    private readonly valueType: Type | undefined,
    private readonly isMax: boolean,
    private readonly name: string,
  ) {
    super(topNStateType(keyType, valueType));
  }

  get retainedBytes(): number {
    return 8 * this.heaps.length + 48 * this.entries + this.keptBytes;
  }

  protected grow(capacity: number): void {
    while (this.heaps.length < capacity) this.heaps.push(undefined);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const valueType = this.valueType;
    const byValue = valueType !== undefined;
    const keyBlock = byValue ? args[1] : args[0];
    const valueBlock = args[0];
    const nBlock = byValue ? args[2] : args[1];
    const ns = numberValues(nBlock);
    const keyNulls = keyBlock.nulls;
    for (let i = 0; i < count; i++) {
      if (keyNulls !== undefined && keyNulls[i] !== 0) continue;
      if (nBlock.nulls !== undefined && nBlock.nulls[i] !== 0) continue;
      const heap = this.heapOf(groupIds[i], ns[i]);
      const key = getValue(keyBlock, this.keyType, i);
      this.offer(heap, key, valueType === undefined ? key : getValue(valueBlock, valueType, i));
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const fields = rowFields(states);
    const ns = numberValues(fields[0]);
    const stateType = this.intermediateType as { fields: readonly { type: Type }[] };
    for (let i = 0; i < count; i++) {
      if (states.nulls !== undefined && states.nulls[i] !== 0) continue;
      const heap = this.heapOf(groupIds[i], ns[i]);
      const keys = getValue(fields[1], stateType.fields[1].type, i) as unknown[];
      const values = fields.length > 2 ? (getValue(fields[2], stateType.fields[2].type, i) as unknown[]) : keys;
      for (let j = 0; j < keys.length; j++) this.offer(heap, keys[j], values[j]);
    }
  }

  private heapOf(g: number, n: number): Heap {
    let heap = this.heaps[g];
    if (heap === undefined) {
      this.checkN(n);
      heap = { n, keys: [], values: [] };
      this.heaps[g] = heap;
    }
    return heap;
  }

  private checkN(n: number): void {
    const ordinal = this.valueType === undefined ? 'second' : 'third';
    const label = `${ordinal} argument of ${this.name}`;
    if (!(n > 0) || !Number.isInteger(n)) {
      throw new VivaceError('INVALID_FUNCTION_ARGUMENT', `${label} must be a positive integer`);
    }
    if (n > MAX_TOP_N) {
      throw new VivaceError(
        'INVALID_FUNCTION_ARGUMENT',
        `${label} must be less than or equal to ${MAX_TOP_N}; found ${n}`,
      );
    }
  }

  /** Positive when a is better than b (smaller for min, larger for max). */
  private better(a: unknown, b: unknown): number {
    const order = compareValues(this.keyType, a, b);
    return this.isMax ? order : -order;
  }

  private offer(heap: Heap, key: unknown, value: unknown): void {
    const { keys, values } = heap;
    if (keys.length < heap.n) {
      keys.push(key);
      values.push(value);
      this.entries++;
      this.keptBytes += this.entryBytes(key, value);
      this.siftUp(heap, keys.length - 1);
    } else if (this.better(key, keys[0]) > 0) {
      this.keptBytes += this.entryBytes(key, value) - this.entryBytes(keys[0], values[0]);
      keys[0] = key;
      values[0] = value;
      this.siftDown(heap, 0);
    }
  }

  /** What an entry holds beyond numbers: its key's and (for min_by/max_by) its value's size. */
  private entryBytes(key: unknown, value: unknown): number {
    let bytes = typeof key === 'object' || typeof key === 'string' ? valueSizeInBytes(key) : 0;
    if (this.valueType !== undefined && (typeof value === 'object' || typeof value === 'string')) {
      bytes += valueSizeInBytes(value);
    }
    return bytes;
  }

  /** The root is the worst entry: a parent is never better than its children. */
  private siftUp(heap: Heap, index: number): void {
    const { keys, values } = heap;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.better(keys[parent], keys[index]) <= 0) break;
      swap(keys, values, parent, index);
      index = parent;
    }
  }

  private siftDown(heap: Heap, index: number): void {
    const { keys, values } = heap;
    const size = keys.length;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) return;
      const right = left + 1;
      let worst = left;
      if (right < size && this.better(keys[left], keys[right]) > 0) worst = right;
      if (this.better(keys[index], keys[worst]) <= 0) return;
      swap(keys, values, index, worst);
      index = worst;
    }
  }

  /** The heap's entries, best first. */
  private sorted(heap: Heap): { keys: unknown[]; values: unknown[] } {
    const order = heap.keys.map((_, i) => i).sort((a, b) => this.better(heap.keys[b], heap.keys[a]));
    return { keys: order.map((i) => heap.keys[i]), values: order.map((i) => heap.values[i]) };
  }

  evaluateIntermediate(from: number, to: number): Block {
    const builder = createBlockBuilder(this.intermediateType, to - from) as RowBlockBuilder;
    const fields = builder.fields;
    for (let g = from; g < to; g++) {
      const heap = this.heaps[g];
      if (heap === undefined) {
        builder.appendNull();
        continue;
      }
      const { keys, values } = this.sorted(heap);
      fields[0].appendFloat64(heap.n);
      appendArray(fields[1] as ArrayBlockBuilder, keys);
      if (this.valueType !== undefined) appendArray(fields[2] as ArrayBlockBuilder, values);
      builder.closeEntry();
    }
    return builder.build();
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(arrayOf(this.valueType ?? this.keyType), to - from) as ArrayBlockBuilder;
    for (let g = from; g < to; g++) {
      const heap = this.heaps[g];
      if (heap === undefined) builder.appendNull();
      else appendArray(builder, this.sorted(heap).values);
    }
    return builder.build();
  }
}

function swap(keys: unknown[], values: unknown[], a: number, b: number): void {
  const key = keys[a];
  keys[a] = keys[b];
  keys[b] = key;
  const value = values[a];
  values[a] = values[b];
  values[b] = value;
}

function appendArray(builder: ArrayBlockBuilder, elements: readonly unknown[]): void {
  for (const element of elements) builder.elements.append(element);
  builder.closeEntry();
}
