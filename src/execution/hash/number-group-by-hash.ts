/**
 * The GroupByHash of a single numeric key: every type stored in int32, float32, float64, boolean or
 * int64 blocks (integers, bigint, double, real, date, time, timestamp(p ≤ 6), intervals, short
 * decimals, boolean). Keys are held as doubles: the slot table keeps each slot's key beside its group
 * id, so a probe compares numbers in the slot it lands on without touching the per-group arrays.
 * NULL is its own group outside the table; the rare integers outside ±2^53 (bigint or decimal(16..18)
 * values from int64 blocks) live in a side Map keyed by BigInt, their per-group key slot holding NaN.
 * Dictionary blocks map each referenced dictionary entry to its group once (cached per dictionary, so
 * pages sharing one dictionary pay once); rle blocks resolve one value.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { physicalKindOf } from '../../data/physical-type.js';
import type { Type } from '../../types/type.js';
import { DictionaryGroupCache } from './dictionary-group-cache.js';
import type { GroupByHash } from './group-by-hash-types.js';
import {
  DEFAULT_EXPECTED_GROUPS,
  growFloat64,
  INSERT_BATCH,
  MAX_LOAD_FACTOR,
  slotCountFor,
} from './hash-table-sizing.js';
import { hashNumber } from './hash-values.js';

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

type NumberValues = Int32Array | Float64Array | Float32Array | Uint8Array;

/** Appends a numeric key (or its wide BigInt) to a builder of the key's type. */
export type NumberKeyWriter = (builder: BlockBuilder, value: number, wide: bigint | undefined) => void;

/*
 * The writers are made once, not per hash: V8 keeps a closure's optimized code only while that
 * closure lives, and writers made per hash were compiled again for every aggregation
 * (docs/architecture.md §10).
 */
const writeBooleanKey: NumberKeyWriter = (builder, value) => builder.appendBoolean(value !== 0);
const writeInt32Key: NumberKeyWriter = (builder, value) => builder.appendInt32(value);
const writeFloat32Key: NumberKeyWriter = (builder, value) => builder.appendFloat32(value);
const writeFloat64Key: NumberKeyWriter = (builder, value, wide) =>
  wide === undefined ? builder.appendFloat64(value) : builder.appendBigInt(wide);

export function numberKeyWriter(type: Type): NumberKeyWriter {
  switch (physicalKindOf(type)) {
    case 'boolean':
      return writeBooleanKey;
    case 'int32':
      return writeInt32Key;
    case 'float32':
      return writeFloat32Key;
    default:
      return writeFloat64Key;
  }
}

/** Whether the single-key numeric path stores keys of `type`. */
export function isNumberKeyType(type: Type): boolean {
  const kind = physicalKindOf(type);
  return kind === 'int32' || kind === 'float64' || kind === 'float32' || kind === 'boolean' || kind === 'int64';
}

export class NumberGroupByHash implements GroupByHash {
  readonly keyTypes: readonly Type[];
  private count = 0;
  private mask: number;
  /**
   * Slot `s` is `slots[2s]` (the key) and `slots[2s + 1]` (group id + 1; 0 = empty): key and id
   * share a cache line, so a probe into a table larger than the cache costs one miss, not two.
   */
  private slots: Float64Array;
  private keys: Float64Array;
  private nullGroup = -1;
  private wideGroups: Map<bigint, number> | undefined;
  private wideKeys: Map<number, bigint> | undefined;
  private readonly writeKey: NumberKeyWriter;
  private readonly dictionaryCache = new DictionaryGroupCache();

  constructor(
    private readonly type: Type,
    expectedGroups = DEFAULT_EXPECTED_GROUPS,
  ) {
    this.keyTypes = [type];
    const slots = slotCountFor(expectedGroups);
    this.mask = slots - 1;
    this.slots = new Float64Array(2 * slots);
    this.keys = new Float64Array(Math.max(16, expectedGroups));
    this.writeKey = numberKeyWriter(type);
  }

  get groupCount(): number {
    return this.count;
  }

  get retainedBytes(): number {
    const wide = this.wideKeys === undefined ? 0 : this.wideKeys.size * 96;
    return this.slots.byteLength + this.keys.byteLength + this.dictionaryCache.retainedBytes + wide;
  }

  getGroupIds(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch = true): void {
    this.process(blocks[0], positionCount, out, true, nullsMatch);
  }

  lookup(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch = true): void {
    this.process(blocks[0], positionCount, out, false, nullsMatch);
  }

  appendKeys(groupId: number, builders: readonly BlockBuilder[]): void {
    const builder = builders[0];
    if (groupId === this.nullGroup) builder.appendNull();
    else this.writeKey(builder, this.keys[groupId], this.wideKeys?.get(groupId));
  }

  buildKeyBlocks(from: number, to: number): Block[] {
    const builder = createBlockBuilder(this.type, Math.max(1, to - from));
    for (let g = from; g < to; g++) this.appendKeys(g, [builder]);
    return [builder.build()];
  }

  private process(block: Block, count: number, out: Int32Array, insert: boolean, nullsMatch: boolean): void {
    if (block.kind === 'rle') {
      if (insert) this.reserve(1);
      out.fill(this.positionGroup(block.value, 0, insert, nullsMatch), 0, count);
    } else if (block.kind === 'dictionary') {
      this.processDictionary(block.dictionary, block.ids, count, out, insert, nullsMatch);
    } else if (block.kind === 'int64') {
      for (let i = 0; i < count; i++) {
        if (insert && (i & (INSERT_BATCH - 1)) === 0) this.reserve(Math.min(INSERT_BATCH, count - i));
        out[i] = this.positionGroup(block, i, insert, nullsMatch);
      }
    } else {
      this.processFlat(block as FlatBlock & { values: NumberValues }, count, out, insert, nullsMatch);
    }
  }

  /** The hot loop: a flat block of numbers, probing with locals, the table grown before each batch. */
  private processFlat(
    block: { readonly values: NumberValues; readonly nulls?: Uint8Array | undefined },
    count: number,
    out: Int32Array,
    insert: boolean,
    nullsMatch: boolean,
  ): void {
    const values = block.values;
    const nulls = block.nulls;
    // Keys often come in runs (a file sorted or clustered by the key, such as lineitem's orderkey):
    // a value equal to the previous one reuses its group without touching the table.
    let lastValue = Number.NaN;
    let lastId = -1;
    for (let start = 0; start < count; start += INSERT_BATCH) {
      const end = Math.min(count, start + INSERT_BATCH);
      if (insert) this.reserve(end - start);
      const slots = this.slots;
      const keys = this.keys;
      const mask = this.mask;
      let groups = this.count;
      for (let i = start; i < end; i++) {
        if (nulls !== undefined && nulls[i] !== 0) {
          if (!nullsMatch) out[i] = -1;
          else {
            if (this.nullGroup < 0 && insert) this.nullGroup = groups++;
            out[i] = this.nullGroup;
          }
          continue;
        }
        const value = values[i];
        if (value === lastValue) {
          out[i] = lastId;
          continue;
        }
        let slot = hashNumber(value) & mask;
        let id = -1;
        for (;;) {
          const entry = slots[2 * slot + 1];
          if (entry === 0) break;
          const key = slots[2 * slot];
          if (key === value || (Number.isNaN(key) && Number.isNaN(value))) {
            id = entry - 1;
            break;
          }
          slot = (slot + 1) & mask;
        }
        if (id < 0 && insert) {
          id = groups++;
          keys[id] = value;
          slots[2 * slot] = value;
          slots[2 * slot + 1] = id + 1;
        }
        out[i] = id;
        // A lookup's miss stays a miss (nothing is inserted), so it is remembered too.
        lastValue = value;
        lastId = id;
      }
      this.count = groups;
    }
  }

  private processDictionary(
    dictionary: FlatBlock,
    ids: Int32Array,
    count: number,
    out: Int32Array,
    insert: boolean,
    nullsMatch: boolean,
  ): void {
    this.dictionaryCache.map(dictionary, ids, count, out, (entry) => {
      if (insert) this.reserve(1);
      return this.positionGroup(dictionary, entry, insert, nullsMatch);
    });
  }

  /** The group of one position of a flat block (capacity for one insertion must be reserved). */
  private positionGroup(block: FlatBlock, position: number, insert: boolean, nullsMatch: boolean): number {
    if (block.nulls !== undefined && block.nulls[position] !== 0) {
      if (!nullsMatch) return -1;
      if (this.nullGroup < 0 && insert) this.nullGroup = this.count++;
      return this.nullGroup;
    }
    if (block.kind === 'int64') {
      const wide = block.values[position];
      if (wide < MIN_SAFE || wide > MAX_SAFE) return this.wideGroup(wide, insert);
      return this.valueGroup(Number(wide), insert);
    }
    return this.valueGroup((block as { values: NumberValues }).values[position], insert);
  }

  private valueGroup(value: number, insert: boolean): number {
    const mask = this.mask;
    let slot = hashNumber(value) & mask;
    const slots = this.slots;
    for (;;) {
      const entry = slots[2 * slot + 1];
      if (entry === 0) break;
      const key = slots[2 * slot];
      if (key === value || (Number.isNaN(key) && Number.isNaN(value))) return entry - 1;
      slot = (slot + 1) & mask;
    }
    if (!insert) return -1;
    const id = this.count++;
    this.keys[id] = value;
    slots[2 * slot] = value;
    slots[2 * slot + 1] = id + 1;
    return id;
  }

  private wideGroup(value: bigint, insert: boolean): number {
    const known = this.wideGroups?.get(value);
    if (known !== undefined) return known;
    if (!insert) return -1;
    this.wideGroups ??= new Map();
    this.wideKeys ??= new Map();
    const id = this.count++;
    this.keys[id] = Number.NaN;
    this.wideGroups.set(value, id);
    this.wideKeys.set(id, value);
    return id;
  }

  /** Makes room for `additional` new groups without a rehash or a key-array growth. */
  private reserve(additional: number): void {
    const needed = this.count + additional;
    this.keys = growFloat64(this.keys, needed, this.count);
    if (needed <= (this.slots.length / 2) * MAX_LOAD_FACTOR) return;
    const slotCount = slotCountFor(needed);
    const slots = new Float64Array(2 * slotCount);
    const mask = slotCount - 1;
    const keys = this.keys;
    for (let g = 0; g < this.count; g++) {
      if (g === this.nullGroup) continue;
      const value = keys[g];
      if (Number.isNaN(value) && this.wideKeys?.has(g)) continue;
      let slot = hashNumber(value) & mask;
      while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = value;
      slots[2 * slot + 1] = g + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }
}
