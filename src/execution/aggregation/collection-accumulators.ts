/**
 * Collection aggregates. Values are never converted to JS values: states reference positions of
 * retained input blocks (collection-state.ts) and results are built with `appendFrom`.
 *   - array_agg(x): each group's values in input order, NULLs included; an empty group gives NULL.
 *   - map_agg(k, v): one entry per distinct non-null key, the first value seen for it.
 *   - map_union(map): the union of a group's maps; on a duplicate key the first value seen wins.
 *   - multimap_agg(k, v): each distinct non-null key with the array of all its values, in input order.
 *   - histogram(x): each distinct non-null value with its number of occurrences (bigint).
 * Map-building aggregates give NULL for a group without any entry.
 * Intermediate states are values of the result types (array(T), map(K, V), map(K, array(V)),
 * map(T, bigint)); merging them is the aggregate's own union.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { type ArrayBlockBuilder, createBlockBuilder, type MapBlockBuilder } from '../../data/block-builder.js';
import { flatten, getBlockRegion } from '../../data/block-copy.js';
import { arrayOf, BIGINT, mapOf, type Type } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array } from './accumulator.js';
import { Int32Lists, KeyedEntries, RetainedBlocks } from './collection-state.js';
import { numberValues } from './state-blocks.js';

export class ArrayAggAccumulator extends BaseAccumulator {
  private readonly retained = new RetainedBlocks();
  private readonly lists = new Int32Lists();

  constructor(private readonly elementType: Type) {
    super(arrayOf(elementType));
  }

  get retainedBytes(): number {
    return this.retained.retainedBytes + this.lists.retainedBytes;
  }

  protected grow(capacity: number): void {
    this.lists.ensureOwners(capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const blockIndex = this.retained.retain(args[0]);
    for (let i = 0; i < count; i++) this.lists.append(groupIds[i], this.retained.reference(blockIndex, i));
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    if (states.kind !== 'array') return;
    const elements = flatten(states.elements);
    const blockIndex = this.retained.retain(elements);
    for (let i = 0; i < count; i++) {
      if (states.nulls !== undefined && states.nulls[i] !== 0) continue;
      const g = groupIds[i];
      const end = states.offsets[i + 1];
      for (let j = states.offsets[i]; j < end; j++) this.lists.append(g, this.retained.reference(blockIndex, j));
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(arrayOf(this.elementType), to - from) as ArrayBlockBuilder;
    for (let g = from; g < to; g++) {
      if (this.lists.size(g) === 0) {
        builder.appendNull();
        continue;
      }
      for (const ref of this.lists.itemsOf(g)) {
        builder.elements.appendFrom(this.retained.blockOf(ref), this.retained.positionOf(ref));
      }
      builder.closeEntry();
    }
    return builder.build();
  }
}

/** Shared by map_agg, map_union, multimap_agg and histogram: entries keyed by (group, key). */
abstract class MapBuildingAccumulator extends BaseAccumulator {
  protected readonly entries: KeyedEntries;
  protected entryIds = new Int32Array(0);

  constructor(
    intermediateType: Type,
    protected readonly keyType: Type,
  ) {
    super(intermediateType);
    this.entries = new KeyedEntries(keyType);
  }

  protected grow(capacity: number): void {
    this.entries.groupEntries.ensureOwners(capacity);
  }

  /** Entry ids for (groups, keys) into this.entryIds; returns the entry count before the call. */
  protected lookupEntries(groups: ArrayLike<number>, keys: FlatBlock, count: number): number {
    if (this.entryIds.length < count) this.entryIds = new Int32Array(count);
    return this.entries.entryIds(groups, keys, count, this.entryIds);
  }

  /**
   * Flattens the entries of a map state block: per entry its group, and the keys and values blocks
   * restricted to the entries of non-null maps.
   */
  protected mapEntries(
    groupIds: Int32Array,
    states: FlatBlock,
    count: number,
  ): { groups: Int32Array; keys: FlatBlock; values: FlatBlock; count: number } | null {
    if (states.kind !== 'map' || count === 0) return null;
    const start = states.offsets[0];
    const end = states.offsets[count];
    const groups = new Int32Array(end - start);
    // A NULL map has an empty range, so it contributes no entry.
    for (let i = 0; i < count; i++) groups.fill(groupIds[i], states.offsets[i] - start, states.offsets[i + 1] - start);
    return {
      groups,
      keys: flatten(getBlockRegion(states.keys, start, end - start)),
      values: flatten(getBlockRegion(states.values, start, end - start)),
      count: end - start,
    };
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.intermediateType, to - from) as MapBlockBuilder;
    const groupEntries = this.entries.groupEntries;
    for (let g = from; g < to; g++) {
      if (groupEntries.size(g) === 0) {
        builder.appendNull();
        continue;
      }
      for (const entry of groupEntries.itemsOf(g)) {
        builder.keys.appendFrom(this.entries.keyBlock(entry), this.entries.keyPosition(entry));
        this.appendEntryValue(builder.values, entry);
      }
      builder.closeEntry();
    }
    return builder.build();
  }

  protected abstract appendEntryValue(builder: MapBlockBuilder['values'], entry: number): void;
}

/** map_agg(k, v) and map_union(map(k, v)): the first value of each key. */
export class MapAggAccumulator extends MapBuildingAccumulator {
  private readonly values = new RetainedBlocks();
  private valueRefs = new Int32Array(64);

  /** `isUnion`: the input is map(K, V) (map_union) rather than (K, V) rows (map_agg). */
  constructor(
    keyType: Type,
    valueType: Type,
    private readonly isUnion: boolean,
  ) {
    super(mapOf(keyType, valueType), keyType);
  }

  get retainedBytes(): number {
    return this.entries.retainedBytes + this.values.retainedBytes + this.valueRefs.byteLength;
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    if (this.isUnion) this.mergeStates(groupIds, args[0], count);
    else this.addPairs(groupIds, args[0], args[1], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const flat = this.mapEntries(groupIds, states, count);
    if (flat !== null) this.addPairs(flat.groups, flat.keys, flat.values, flat.count);
  }

  /** Records the first value of every new (group, key) entry. */
  private addPairs(groups: Int32Array, keys: FlatBlock, values: FlatBlock, count: number): void {
    const before = this.lookupEntries(groups, keys, count);
    const after = this.entries.entryCount;
    if (after === before) return;
    if (this.valueRefs.length < after) {
      const grown = new Int32Array(Math.max(after, this.valueRefs.length * 2));
      grown.set(this.valueRefs);
      this.valueRefs = grown;
    }
    const blockIndex = this.values.retain(values);
    let nextNew = before;
    for (let i = 0; i < count && nextNew < after; i++) {
      if (this.entryIds[i] !== nextNew) continue;
      this.valueRefs[nextNew] = this.values.reference(blockIndex, i);
      nextNew++;
    }
  }

  protected appendEntryValue(builder: MapBlockBuilder['values'], entry: number): void {
    const ref = this.valueRefs[entry];
    builder.appendFrom(this.values.blockOf(ref), this.values.positionOf(ref));
  }
}

/** multimap_agg(k, v): every value of each key, in input order. */
export class MultimapAggAccumulator extends MapBuildingAccumulator {
  private readonly values = new RetainedBlocks();
  private readonly entryValues = new Int32Lists();

  constructor(keyType: Type, valueType: Type) {
    super(mapOf(keyType, arrayOf(valueType)), keyType);
  }

  get retainedBytes(): number {
    return this.entries.retainedBytes + this.values.retainedBytes + this.entryValues.retainedBytes;
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.lookupEntries(groupIds, args[0], count);
    this.entryValues.ensureOwners(this.entries.entryCount);
    const blockIndex = this.values.retain(args[1]);
    for (let i = 0; i < count; i++) {
      const entry = this.entryIds[i];
      if (entry >= 0) this.entryValues.append(entry, this.values.reference(blockIndex, i));
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const flat = this.mapEntries(groupIds, states, count);
    if (flat === null || flat.values.kind !== 'array') return;
    const arrays = flat.values;
    this.lookupEntries(flat.groups, flat.keys, flat.count);
    this.entryValues.ensureOwners(this.entries.entryCount);
    const elements = flatten(arrays.elements);
    const blockIndex = this.values.retain(elements);
    for (let i = 0; i < flat.count; i++) {
      const entry = this.entryIds[i];
      if (entry < 0) continue;
      const end = arrays.offsets[i + 1];
      for (let j = arrays.offsets[i]; j < end; j++) {
        this.entryValues.append(entry, this.values.reference(blockIndex, j));
      }
    }
  }

  protected appendEntryValue(builder: MapBlockBuilder['values'], entry: number): void {
    const arrays = builder as ArrayBlockBuilder;
    for (const ref of this.entryValues.itemsOf(entry)) {
      arrays.elements.appendFrom(this.values.blockOf(ref), this.values.positionOf(ref));
    }
    arrays.closeEntry();
  }
}

/** histogram(x): occurrences of each distinct non-null value. */
export class HistogramAccumulator extends MapBuildingAccumulator {
  private counts = new Float64Array(64);

  constructor(keyType: Type) {
    super(mapOf(keyType, BIGINT), keyType);
  }

  get retainedBytes(): number {
    return this.entries.retainedBytes + this.counts.byteLength;
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.lookupEntries(groupIds, args[0], count);
    this.ensureCounts();
    for (let i = 0; i < count; i++) {
      const entry = this.entryIds[i];
      if (entry >= 0) this.counts[entry]++;
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const flat = this.mapEntries(groupIds, states, count);
    if (flat === null) return;
    this.lookupEntries(flat.groups, flat.keys, flat.count);
    this.ensureCounts();
    const occurrences = numberValues(flat.values);
    for (let i = 0; i < flat.count; i++) {
      const entry = this.entryIds[i];
      if (entry >= 0) this.counts[entry] += occurrences[i];
    }
  }

  private ensureCounts(): void {
    const needed = this.entries.entryCount;
    if (this.counts.length < needed)
      this.counts = growFloat64Array(this.counts, Math.max(needed, this.counts.length * 2));
  }

  protected appendEntryValue(builder: MapBlockBuilder['values'], entry: number): void {
    builder.appendFloat64(this.counts[entry]);
  }
}
