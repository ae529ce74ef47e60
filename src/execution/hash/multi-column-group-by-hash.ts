/**
 * The general GroupByHash: any number of key columns of any comparable types. Per page, the key
 * blocks are hashed column by column into one Int32Array (hash-values.ts, combined), then each
 * position probes the slot table (group id + stored hash per slot; keys are compared only on a hash
 * match, column by column through the KeyColumns). NULL is an ordinary key value here (stored with a
 * null flag); with `nullsMatch` false a position with a NULL in any key gets -1.
 */
import type { Block } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import type { Type } from '../../types/type.js';
import type { GroupByHash } from './group-by-hash-types.js';
import {
  DEFAULT_EXPECTED_GROUPS,
  growInt32,
  INSERT_BATCH,
  MAX_LOAD_FACTOR,
  slotCountFor,
} from './hash-table-sizing.js';
import { combineHash, hashBlock, hashPosition } from './hash-values.js';
import { createKeyColumn, type KeyColumn } from './key-columns.js';

export class MultiColumnGroupByHash implements GroupByHash {
  private count = 0;
  private mask: number;
  private slotGroups: Int32Array;
  private slotHashes: Int32Array;
  private groupHashes: Int32Array;
  private readonly columns: readonly KeyColumn[];
  private hashes = new Int32Array(0);
  private codes: Int32Array = new Int32Array(0);
  private codeGroups = new Int32Array(0);

  constructor(
    readonly keyTypes: readonly Type[],
    expectedGroups = DEFAULT_EXPECTED_GROUPS,
  ) {
    const slots = slotCountFor(expectedGroups);
    this.mask = slots - 1;
    this.slotGroups = new Int32Array(slots);
    this.slotHashes = new Int32Array(slots);
    this.groupHashes = new Int32Array(Math.max(16, expectedGroups));
    this.columns = keyTypes.map(createKeyColumn);
  }

  get groupCount(): number {
    return this.count;
  }

  get retainedBytes(): number {
    let bytes = this.slotGroups.byteLength + this.slotHashes.byteLength + this.groupHashes.byteLength;
    bytes += this.hashes.byteLength + this.codes.byteLength + this.codeGroups.byteLength;
    for (const column of this.columns) bytes += column.retainedBytes;
    return bytes;
  }

  getGroupIds(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch = true): void {
    this.process(blocks, positionCount, out, true, nullsMatch);
  }

  lookup(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch = true): void {
    this.process(blocks, positionCount, out, false, nullsMatch);
  }

  appendKeys(groupId: number, builders: readonly BlockBuilder[]): void {
    const columns = this.columns;
    for (let c = 0; c < columns.length; c++) columns[c].write(groupId, builders[c]);
  }

  buildKeyBlocks(from: number, to: number): Block[] {
    const blocks: Block[] = [];
    for (const column of this.columns) blocks.push(keyBlockOf(column, from, to));
    return blocks;
  }

  private process(
    blocks: readonly Block[],
    count: number,
    out: Int32Array,
    insert: boolean,
    nullsMatch: boolean,
  ): void {
    const columns = this.columns;
    const columnCount = columns.length;
    if (this.hashes.length < count) this.hashes = new Int32Array(count);
    const hashes = this.hashes;
    for (let c = 0; c < columnCount; c++) columns[c].setBlock(blocks[c]);
    // Only join-style lookups (nullsMatch false) look at nulls: for GROUP BY, NULL is a key value.
    const checkNulls = !nullsMatch && blocks.some(hasNullMask);
    // Every key dictionary- or rle-encoded with few combinations: probe once per combination, and
    // hash only the position that first shows a combination (TPC-H q01: 4 of every page's rows).
    const codes = dictionaryCodes(blocks, count, this.codes);
    if (codes === null) {
      for (let c = 0; c < columnCount; c++) hashBlock(blocks[c], this.keyTypes[c], hashes, count, c > 0);
    } else {
      this.codes = codes.codes;
      if (this.codeGroups.length < codes.combinations) this.codeGroups = new Int32Array(codes.combinations);
      this.codeGroups.fill(-1, 0, codes.combinations);
    }
    const codeGroups = this.codeGroups;
    // Rows sorted or clustered by the key repeat the previous row's key: compared with that group
    // directly, they skip the probe of a table that may be far larger than the cache.
    let lastHash = 0;
    let lastId = -1;
    for (let start = 0; start < count; start += INSERT_BATCH) {
      const end = Math.min(count, start + INSERT_BATCH);
      if (insert) this.reserve(end - start);
      const slotGroups = this.slotGroups;
      const slotHashes = this.slotHashes;
      const mask = this.mask;
      positions: for (let i = start; i < end; i++) {
        if (checkNulls) {
          for (let c = 0; c < columnCount; c++) {
            if (columns[c].isNull(i)) {
              out[i] = -1;
              continue positions;
            }
          }
        }
        const code = codes === null ? -1 : codes.codes[i];
        if (code >= 0 && codeGroups[code] >= 0) {
          out[i] = codeGroups[code];
          continue;
        }
        const hash = codes === null ? hashes[i] : this.positionHash(blocks, i);
        if (lastId >= 0 && hash === lastHash && this.equalsGroup(i, lastId)) {
          out[i] = lastId;
          continue;
        }
        let slot = hash & mask;
        for (;;) {
          const entry = slotGroups[slot];
          if (entry === 0) break;
          if (slotHashes[slot] === hash && this.equalsGroup(i, entry - 1)) {
            out[i] = entry - 1;
            lastHash = hash;
            lastId = entry - 1;
            if (code >= 0) codeGroups[code] = entry - 1;
            continue positions;
          }
          slot = (slot + 1) & mask;
        }
        if (!insert) {
          out[i] = -1;
          continue;
        }
        const id = this.count++;
        for (let c = 0; c < columnCount; c++) columns[c].append(i, id);
        this.groupHashes[id] = hash;
        slotHashes[slot] = hash;
        slotGroups[slot] = id + 1;
        out[i] = id;
        lastHash = hash;
        lastId = id;
        if (code >= 0) codeGroups[code] = id;
      }
    }
  }

  /** The combined hash of one position's keys, as `hashBlock` over every column gives it. */
  private positionHash(blocks: readonly Block[], position: number): number {
    let hash = hashPosition(blocks[0], this.keyTypes[0], position);
    for (let c = 1; c < blocks.length; c++)
      hash = combineHash(hash, hashPosition(blocks[c], this.keyTypes[c], position));
    return hash;
  }

  private equalsGroup(position: number, group: number): boolean {
    const columns = this.columns;
    for (let c = 0; c < columns.length; c++) if (!columns[c].equalsGroup(position, group)) return false;
    return true;
  }

  private reserve(additional: number): void {
    const needed = this.count + additional;
    this.groupHashes = growInt32(this.groupHashes, needed, this.count);
    if (needed <= this.slotGroups.length * MAX_LOAD_FACTOR) return;
    const slots = slotCountFor(needed);
    const slotGroups = new Int32Array(slots);
    const slotHashes = new Int32Array(slots);
    const mask = slots - 1;
    const groupHashes = this.groupHashes;
    for (let g = 0; g < this.count; g++) {
      const hash = groupHashes[g];
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

function hasNullMask(block: Block): boolean {
  if (block.kind === 'dictionary') return block.dictionary.nulls !== undefined;
  if (block.kind === 'rle') return block.value.nulls !== undefined;
  return block.nulls !== undefined;
}

/**
 * For keys that are all dictionaries (or rle), each position's combination of dictionary ids as one
 * code in [0, combinations); null when some key is flat or the combinations outnumber the positions
 * (then caching per combination would not pay).
 */
function dictionaryCodes(
  blocks: readonly Block[],
  count: number,
  scratch: Int32Array,
): { codes: Int32Array; combinations: number } | null {
  let combinations = 1;
  for (const block of blocks) {
    if (block.kind === 'dictionary') combinations *= block.dictionary.positionCount;
    else if (block.kind !== 'rle') return null;
    if (combinations > count) return null;
  }
  const codes = scratch.length >= count ? scratch : new Int32Array(count);
  codes.fill(0, 0, count);
  let stride = 1;
  for (const block of blocks) {
    if (block.kind !== 'dictionary') continue;
    const ids = block.ids;
    for (let i = 0; i < count; i++) codes[i] += ids[i] * stride;
    stride *= block.dictionary.positionCount;
  }
  return { codes, combinations };
}

/**
 * The keys of groups [from, to) of one column as a block. A module-level function: the loop in a
 * closure made per call was compiled again for every call (docs/architecture.md §10).
 */
function keyBlockOf(column: KeyColumn, from: number, to: number): Block {
  const builder = createBlockBuilder(column.type, Math.max(1, to - from));
  for (let g = from; g < to; g++) column.write(g, builder);
  return builder.build();
}
