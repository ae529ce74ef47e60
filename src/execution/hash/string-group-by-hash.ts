/**
 * The GroupByHash of a single varchar/char/json key. Slots hold a group id and the key's hash; a
 * probe compares hashes first and strings only on a hash match. Group keys are a string[] with their
 * hashes in an Int32Array, so a rehash never re-hashes a string. NULL is its own group outside the
 * table. Dictionary blocks (the common encoding of low-cardinality strings) map each referenced entry
 * to its group once, cached per dictionary across pages; rle blocks resolve one value.
 */
import type { Block, StringBlock } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import type { Type } from '../../types/type.js';
import { DictionaryGroupCache } from './dictionary-group-cache.js';
import type { GroupByHash } from './group-by-hash-types.js';
import {
  DEFAULT_EXPECTED_GROUPS,
  growInt32,
  INSERT_BATCH,
  MAX_LOAD_FACTOR,
  slotCountFor,
} from './hash-table-sizing.js';
import { hashString } from './hash-values.js';

/** Bytes a stored key string costs besides its characters (header, array slot). */
const STRING_OVERHEAD_BYTES = 24;

export class StringGroupByHash implements GroupByHash {
  readonly keyTypes: readonly Type[];
  private count = 0;
  private mask: number;
  private slotGroups: Int32Array;
  private slotHashes: Int32Array;
  private keys: string[] = [];
  private keyHashes: Int32Array;
  private keyChars = 0;
  private nullGroup = -1;
  private readonly dictionaryCache = new DictionaryGroupCache();

  constructor(
    private readonly type: Type,
    expectedGroups = DEFAULT_EXPECTED_GROUPS,
  ) {
    this.keyTypes = [type];
    const slots = slotCountFor(expectedGroups);
    this.mask = slots - 1;
    this.slotGroups = new Int32Array(slots);
    this.slotHashes = new Int32Array(slots);
    this.keyHashes = new Int32Array(Math.max(16, expectedGroups));
  }

  get groupCount(): number {
    return this.count;
  }

  get retainedBytes(): number {
    return (
      this.slotGroups.byteLength +
      this.slotHashes.byteLength +
      this.keyHashes.byteLength +
      this.dictionaryCache.retainedBytes +
      2 * this.keyChars +
      STRING_OVERHEAD_BYTES * this.count
    );
  }

  getGroupIds(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch = true): void {
    this.process(blocks[0], positionCount, out, true, nullsMatch);
  }

  lookup(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch = true): void {
    this.process(blocks[0], positionCount, out, false, nullsMatch);
  }

  appendKeys(groupId: number, builders: readonly BlockBuilder[]): void {
    if (groupId === this.nullGroup) builders[0].appendNull();
    else builders[0].appendString(this.keys[groupId]);
  }

  buildKeyBlocks(from: number, to: number): Block[] {
    const builder = createBlockBuilder(this.type, Math.max(1, to - from));
    for (let g = from; g < to; g++) {
      if (g === this.nullGroup) builder.appendNull();
      else builder.appendString(this.keys[g]);
    }
    return [builder.build()];
  }

  private process(block: Block, count: number, out: Int32Array, insert: boolean, nullsMatch: boolean): void {
    if (block.kind === 'rle') {
      if (insert) this.reserve(1);
      out.fill(this.positionGroup(block.value as StringBlock, 0, insert, nullsMatch), 0, count);
    } else if (block.kind === 'dictionary') {
      this.processDictionary(block.dictionary as StringBlock, block.ids, count, out, insert, nullsMatch);
    } else {
      this.processFlat(block as StringBlock, count, out, insert, nullsMatch);
    }
  }

  private processFlat(block: StringBlock, count: number, out: Int32Array, insert: boolean, nullsMatch: boolean): void {
    const values = block.values;
    const nulls = block.nulls;
    for (let start = 0; start < count; start += INSERT_BATCH) {
      const end = Math.min(count, start + INSERT_BATCH);
      if (insert) this.reserve(end - start);
      const slotGroups = this.slotGroups;
      const slotHashes = this.slotHashes;
      const keys = this.keys;
      const keyHashes = this.keyHashes;
      const mask = this.mask;
      let groups = this.count;
      for (let i = start; i < end; i++) {
        if (nulls !== undefined && nulls[i] !== 0) {
          if (!nullsMatch) out[i] = -1;
          else {
            if (this.nullGroup < 0 && insert) {
              this.nullGroup = groups++;
              keys.push('');
            }
            out[i] = this.nullGroup;
          }
          continue;
        }
        const value = values[i];
        const hash = hashString(value);
        let slot = hash & mask;
        let id = -1;
        for (;;) {
          const entry = slotGroups[slot];
          if (entry === 0) break;
          if (slotHashes[slot] === hash && keys[entry - 1] === value) {
            id = entry - 1;
            break;
          }
          slot = (slot + 1) & mask;
        }
        if (id < 0 && insert) {
          id = groups++;
          keys.push(value);
          keyHashes[id] = hash;
          this.keyChars += value.length;
          slotHashes[slot] = hash;
          slotGroups[slot] = id + 1;
        }
        out[i] = id;
      }
      this.count = groups;
    }
  }

  private processDictionary(
    dictionary: StringBlock,
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

  /** The group of one position (capacity for one insertion must be reserved). */
  private positionGroup(block: StringBlock, position: number, insert: boolean, nullsMatch: boolean): number {
    if (block.nulls !== undefined && block.nulls[position] !== 0) {
      if (!nullsMatch) return -1;
      if (this.nullGroup < 0 && insert) {
        this.nullGroup = this.count++;
        this.keys.push('');
      }
      return this.nullGroup;
    }
    const value = block.values[position];
    const hash = hashString(value);
    const mask = this.mask;
    let slot = hash & mask;
    for (;;) {
      const entry = this.slotGroups[slot];
      if (entry === 0) break;
      if (this.slotHashes[slot] === hash && this.keys[entry - 1] === value) return entry - 1;
      slot = (slot + 1) & mask;
    }
    if (!insert) return -1;
    const id = this.count++;
    this.keys.push(value);
    this.keyHashes[id] = hash;
    this.keyChars += value.length;
    this.slotHashes[slot] = hash;
    this.slotGroups[slot] = id + 1;
    return id;
  }

  private reserve(additional: number): void {
    const needed = this.count + additional;
    this.keyHashes = growInt32(this.keyHashes, needed, this.count);
    if (needed <= this.slotGroups.length * MAX_LOAD_FACTOR) return;
    const slots = slotCountFor(needed);
    const slotGroups = new Int32Array(slots);
    const slotHashes = new Int32Array(slots);
    const mask = slots - 1;
    const keyHashes = this.keyHashes;
    for (let g = 0; g < this.count; g++) {
      if (g === this.nullGroup) continue;
      const hash = keyHashes[g];
      let slot = hash & mask;
      while (slotGroups[slot] !== 0) slot = (slot + 1) & mask;
      slotGroups[slot] = g + 1;
      slotHashes[slot] = hash;
    }
    this.slotGroups = slotGroups;
    this.slotHashes = slotHashes;
    this.mask = mask;
  }
}
