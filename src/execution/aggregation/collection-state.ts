/**
 * State structures of the collection aggregates (array_agg, map_agg, multimap_agg, histogram,
 * map_union), all in typed arrays, with no per-row object:
 *   - RetainedBlocks: the input blocks whose values a state points into, and a reference
 *     (block index, position) per kept value, so that results are emitted with `appendFrom` (no value
 *     is ever converted to a JS value);
 *   - Int32Lists: per-owner linked lists of int32 items in insertion order (the values of a group,
 *     the entries of a group, the values of a multimap entry);
 *   - KeyedEntries: the distinct (group, key) pairs of map-building aggregates, found with a
 *     GroupByHash over (group id, key), each with a reference to its key.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { float64Block } from '../../data/block.js';
import { blockSizeInBytes } from '../../data/block-values.js';
import { BIGINT, type Type } from '../../types/type.js';
import { createGroupByHash, type GroupByHash } from '../hash/group-by-hash.js';
import { growInt32Array } from './accumulator.js';

export class RetainedBlocks {
  readonly blocks: FlatBlock[] = [];
  private refBlocks = new Int32Array(64);
  private refPositions = new Int32Array(64);
  private refCount = 0;
  private bytes = 0;

  get retainedBytes(): number {
    return this.bytes + this.refBlocks.byteLength * 2;
  }

  /** Keeps `block` alive; returns its index for `reference`. */
  retain(block: FlatBlock): number {
    const last = this.blocks.length - 1;
    if (last >= 0 && this.blocks[last] === block) return last;
    this.blocks.push(block);
    this.bytes += blockSizeInBytes(block);
    return this.blocks.length - 1;
  }

  /** A new reference to `position` of retained block `blockIndex`. */
  reference(blockIndex: number, position: number): number {
    if (this.refCount === this.refBlocks.length) {
      this.refBlocks = growInt32Array(this.refBlocks, this.refCount * 2);
      this.refPositions = growInt32Array(this.refPositions, this.refCount * 2);
    }
    this.refBlocks[this.refCount] = blockIndex;
    this.refPositions[this.refCount] = position;
    return this.refCount++;
  }

  blockOf(ref: number): FlatBlock {
    return this.blocks[this.refBlocks[ref]];
  }

  positionOf(ref: number): number {
    return this.refPositions[ref];
  }
}

export class Int32Lists {
  private heads = new Int32Array(0);
  private tails = new Int32Array(0);
  private sizes = new Int32Array(0);
  private items = new Int32Array(64);
  private next = new Int32Array(64);
  private count = 0;

  get retainedBytes(): number {
    return this.heads.byteLength * 3 + this.items.byteLength * 2;
  }

  /** Makes room for owners [0, owners). New owners have empty lists. */
  ensureOwners(owners: number): void {
    if (owners <= this.heads.length) return;
    const capacity = Math.max(owners, this.heads.length * 2, 16);
    const previous = this.heads.length;
    this.heads = growInt32Array(this.heads, capacity);
    this.tails = growInt32Array(this.tails, capacity);
    this.sizes = growInt32Array(this.sizes, capacity);
    this.heads.fill(-1, previous);
    this.tails.fill(-1, previous);
  }

  append(owner: number, item: number): void {
    if (this.count === this.items.length) {
      this.items = growInt32Array(this.items, this.count * 2);
      this.next = growInt32Array(this.next, this.count * 2);
    }
    const node = this.count++;
    this.items[node] = item;
    this.next[node] = -1;
    const tail = this.tails[owner];
    if (tail < 0) this.heads[owner] = node;
    else this.next[tail] = node;
    this.tails[owner] = node;
    this.sizes[owner]++;
  }

  size(owner: number): number {
    return owner < this.sizes.length ? this.sizes[owner] : 0;
  }

  /** The owner's items in insertion order. */
  itemsOf(owner: number): Int32Array {
    const out = new Int32Array(this.size(owner));
    let i = 0;
    for (let node = this.heads[owner]; node >= 0; node = this.next[node]) out[i++] = this.items[node];
    return out;
  }
}

/** Distinct (group, key) pairs; entry ids are dense in first-seen order. */
export class KeyedEntries {
  private readonly hash: GroupByHash;
  readonly retained = new RetainedBlocks();
  /** Per entry: the reference of its key. */
  private keyRefs = new Int32Array(64);
  /** Per group: its entry ids in insertion order. */
  readonly groupEntries = new Int32Lists();
  private groupColumn = new Float64Array(0);

  constructor(readonly keyType: Type) {
    this.hash = createGroupByHash([BIGINT, keyType]);
  }

  get entryCount(): number {
    return this.hash.groupCount;
  }

  get retainedBytes(): number {
    return (
      this.hash.retainedBytes + this.retained.retainedBytes + this.keyRefs.byteLength + this.groupEntries.retainedBytes
    );
  }

  /**
   * Writes the entry id of each (groups[i], keys[i]) into `out`, creating entries for new pairs (their
   * key referenced in `keys`); NULL keys get -1. Returns the entry count before the call: ids at or
   * above it are new.
   */
  entryIds(groups: ArrayLike<number>, keys: FlatBlock, count: number, out: Int32Array): number {
    if (this.groupColumn.length < count) this.groupColumn = new Float64Array(count);
    for (let i = 0; i < count; i++) this.groupColumn[i] = groups[i];
    const before = this.hash.groupCount;
    const groupBlock: Block = float64Block(this.groupColumn.subarray(0, count));
    this.hash.getGroupIds([groupBlock, keys], count, out, false);
    const after = this.hash.groupCount;
    if (after > before) {
      if (this.keyRefs.length < after)
        this.keyRefs = growInt32Array(this.keyRefs, Math.max(after, this.keyRefs.length * 2));
      const blockIndex = this.retained.retain(keys);
      // New entries get consecutive ids in order of first occurrence: the first position of entry
      // `nextNew` is where it appears, the later ones of this page are duplicates.
      let nextNew = before;
      for (let i = 0; i < count && nextNew < after; i++) {
        if (out[i] !== nextNew) continue;
        this.keyRefs[nextNew] = this.retained.reference(blockIndex, i);
        const group = groups[i];
        this.groupEntries.ensureOwners(group + 1);
        this.groupEntries.append(group, nextNew);
        nextNew++;
      }
    }
    return before;
  }

  keyBlock(entry: number): FlatBlock {
    return this.retained.blockOf(this.keyRefs[entry]);
  }

  keyPosition(entry: number): number {
    return this.retained.positionOf(this.keyRefs[entry]);
  }
}
