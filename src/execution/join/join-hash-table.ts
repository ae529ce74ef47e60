/**
 * The build side of a hash join: the build rows (concatenated into one page when the build input
 * ends, so a build row is addressed by one integer) and, per distinct key, the chain of build rows
 * having it. Keys get dense ids from a GroupByHash as each build page arrives; a key's chain is
 * `heads[key]` followed through `next[row]` (−1 ends it), linked in arrival order so that matches
 * come out in build input order. Rows with a NULL key are kept (outer joins emit them) but never
 * linked: NULL matches nothing.
 *
 * A probe asks for the first candidate build row of each of its positions (`findHeads`); the
 * nested loop join uses the same interface with every build row as the candidates of every probe
 * row (`crossJoinLookup`), so the probe operator is shared.
 */

import { fail } from '../../common/invariant.js';
import type { Block } from '../../data/block.js';
import { copyPositions } from '../../data/block-copy.js';
import type { Page } from '../../data/page.js';
import { pageSizeInBytes } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { NumberKeyBitmap } from '../dynamic-filter/number-key-bitmap.js';
import { createGroupByHash, estimateGroupByHashBytes, type GroupByHash } from '../hash/group-by-hash.js';
import { growInt32 } from '../hash/hash-table-sizing.js';
import { INTEGRAL_KEY_KINDS, MAX_KEY_BITS, numberKeys } from '../hash/number-key-view.js';

/** What a join probe needs from the build side. */
export interface JoinLookup {
  /** The build rows, all build channels. */
  readonly page: Page;
  readonly types: readonly Type[];
  /** `next[row]`: the next candidate after `row` for the same probe row, or −1. */
  readonly next: Int32Array;
  /**
   * Writes into `out[0 .. positionCount)` the first candidate build row (or −1) of each probe
   * position, given the probe's key columns (in key order; none for a nested loop join).
   */
  findHeads(probeKeys: readonly Block[], positionCount: number, out: Int32Array): void;
  readonly retainedBytes: number;
}

/**
 * Accumulates build pages, then links them into key chains and seals into a JoinLookup. Linking
 * waits until the input ends: the row count is then known, so the hash is sized once (no rehash
 * of millions of keys in one call), and `linkSome` does it a few pages at a time so that the
 * event loop is never held for long.
 */
export class JoinHashTableBuilder {
  private hash: GroupByHash | undefined;
  private heads: Int32Array = new Int32Array(0);
  private tails: Int32Array = new Int32Array(0);
  private next: Int32Array = new Int32Array(0);
  private readonly pending: Page[] = [];
  /** Pages linked so far (a prefix of `pending`) and the rows they hold. */
  private linkedPages = 0;
  private linkedRows = 0;
  private rows = 0;
  private groupIds = new Int32Array(0);

  /**
   * @param types the build channel types
   * @param keyChannels the build key channels (JoinNode.criteria right symbols)
   */
  constructor(
    private readonly types: readonly Type[],
    private readonly keyChannels: readonly number[],
    private readonly expectedRows = 1024,
  ) {}

  get positionCount(): number {
    return this.rows;
  }

  /** Bytes of the hash and the chains (not of the build pages, which the caller accounts). */
  get retainedBytes(): number {
    return (this.hash?.retainedBytes ?? 0) + this.heads.byteLength + this.tails.byteLength + this.next.byteLength;
  }

  /**
   * What the hash and the chains will take once the rows added so far are linked: reserved while
   * the build input arrives, so a build side over the query's limit fails before it allocates.
   */
  get projectedBytes(): number {
    const keyTypes = this.keyChannels.map((channel) => this.types[channel]);
    // next[] per row, heads[] and tails[] per group (at most one group per row).
    return estimateGroupByHashBytes(keyTypes, this.rows) + 12 * this.rows;
  }

  /** Takes the next build page (rows are numbered in arrival order). */
  addPage(page: Page): void {
    if (page.positionCount === 0) return;
    this.pending.push(page);
    this.rows += page.positionCount;
  }

  /** Links pages until all are linked (true) or `deadline` (performance.now() ms) passes (false). */
  linkSome(deadline: number): boolean {
    if (this.hash === undefined) {
      const keyTypes = this.keyChannels.map((channel) => this.types[channel]);
      this.hash = createGroupByHash(keyTypes, Math.max(this.expectedRows, this.rows));
      this.next = new Int32Array(this.rows);
    }
    while (this.linkedPages < this.pending.length) {
      this.link(this.pending[this.linkedPages]);
      this.pending[this.linkedPages] = undefined as unknown as Page;
      this.linkedPages++;
      if (performance.now() >= deadline) return this.linkedPages === this.pending.length;
    }
    return true;
  }

  private link(page: Page): void {
    const hash = this.hash ?? fail('a join build links pages after its hash is created');
    const count = page.positionCount;
    if (this.groupIds.length < count) this.groupIds = new Int32Array(count);
    const keyBlocks: Block[] = this.keyChannels.map((channel) => page.blocks[channel]);
    const groupIds = this.groupIds;
    hash.getGroupIds(keyBlocks, count, groupIds, false);
    const first = this.linkedRows;
    const groupCount = hash.groupCount;
    if (this.heads.length < groupCount) {
      const oldLength = this.heads.length;
      this.heads = growInt32(this.heads, Math.max(groupCount, 1024), oldLength);
      this.heads.fill(-1, oldLength);
      this.tails = growInt32(this.tails, this.heads.length, oldLength);
    }
    const heads = this.heads;
    const tails = this.tails;
    const next = this.next;
    for (let i = 0; i < count; i++) {
      const row = first + i;
      next[row] = -1;
      const group = groupIds[i];
      if (group < 0) continue;
      if (heads[group] === -1) heads[group] = row;
      else next[tails[group]] = row;
      tails[group] = row;
    }
    this.linkedRows += count;
  }

  /** The finished table over `page`, the concatenation of every page given to addPage (all linked). */
  seal(page: Page): JoinLookup {
    while (!this.linkSome(Number.POSITIVE_INFINITY)) {
      // linkSome with no deadline links everything in one call.
    }
    const hash = this.hash ?? fail('a join build is sealed after its hash is created');
    return new JoinHashTable(page, this.types, hash, this.heads, this.next.subarray(0, this.rows), keyBitmapOf(hash));
  }
}

/** Distinct keys a build needs before its lookups are screened by bits: a smaller table stays in cache. */
const SCREEN_MIN_KEYS = 16_384;
/** Probe rows screened before the screen judges whether it pays. */
const SCREEN_TRIAL_ROWS = 65_536;

/**
 * The build's distinct keys as bits over their span, when there is one integer key, enough keys
 * that probing the hash table misses the cache, and a span of at most MAX_KEY_BITS: TPC-H q03
 * probes 147,000 order keys (a 4 MB table) with 3.2 million lineitem rows, nine in ten of which
 * match nothing; their span of 6 million keys is 750 kB of bits.
 */
function keyBitmapOf(hash: GroupByHash): NumberKeyBitmap | undefined {
  const keyType = hash.keyTypes[0];
  const groups = hash.groupCount;
  if (hash.keyTypes.length !== 1 || keyType === undefined || !INTEGRAL_KEY_KINDS.has(keyType.kind)) return undefined;
  if (groups < SCREEN_MIN_KEYS) return undefined;
  const [block] = hash.buildKeyBlocks(0, groups);
  const keys = block === undefined ? undefined : numberKeys(block, groups);
  if (keys === undefined) return undefined;
  const { values, ids } = keys;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let g = 0; g < groups; g++) {
    const key = values[ids === undefined ? g : ids[g]];
    if (!Number.isSafeInteger(key)) return undefined;
    if (key < min) min = key;
    if (key > max) max = key;
  }
  if (max - min >= MAX_KEY_BITS) return undefined;
  const bitmap = new NumberKeyBitmap(min, max - min);
  for (let g = 0; g < groups; g++) bitmap.add(values[ids === undefined ? g : ids[g]]);
  return bitmap;
}

class JoinHashTable implements JoinLookup {
  private groupIds = new Int32Array(0);
  private positions = new Int32Array(0);
  readonly retainedBytes: number;
  /** Probe rows the key bits have seen, and let through to the hash table. */
  private screened = 0;
  private passed = 0;

  constructor(
    readonly page: Page,
    readonly types: readonly Type[],
    private readonly hash: GroupByHash,
    private readonly heads: Int32Array,
    readonly next: Int32Array,
    /** The build keys as bits (keyBitmapOf): a probe row whose key is not set skips the table. */
    private keyBitmap: NumberKeyBitmap | undefined,
  ) {
    this.retainedBytes =
      hash.retainedBytes + heads.byteLength + next.byteLength + pageSizeInBytes(page) + (keyBitmap?.byteLength ?? 0);
  }

  findHeads(probeKeys: readonly Block[], count: number, out: Int32Array): void {
    if (this.groupIds.length < count) this.groupIds = new Int32Array(count);
    const groupIds = this.groupIds;
    if (this.keyBitmap !== undefined && this.screen(probeKeys[0], count, out)) return;
    this.hash.lookup(probeKeys, count, groupIds, false);
    headsOfGroups(groupIds, this.heads, count, undefined, out);
  }

  /**
   * Looks up only the probe rows whose key bit is set (the others get −1); false when every row
   * passed or the keys cannot be read as numbers, leaving the whole lookup to the caller. After a
   * trial, a screen that lets most rows through is dropped: it would only add its own work.
   */
  private screen(key: Block | undefined, count: number, out: Int32Array): boolean {
    const bitmap = this.keyBitmap;
    const keys = key === undefined ? undefined : numberKeys(key, count);
    if (bitmap === undefined || key === undefined || keys === undefined) return false;
    if (this.positions.length < count) this.positions = new Int32Array(count);
    const positions = this.positions;
    const passed = screenKeys(bitmap, keys.values, keys.nulls, keys.ids, count, out, positions);
    this.screened += count;
    this.passed += passed;
    if (this.screened >= SCREEN_TRIAL_ROWS && this.passed > this.screened / 2) this.keyBitmap = undefined;
    if (passed === count) return false;
    if (passed === 0) return true;
    const groupIds = this.groupIds;
    this.hash.lookup([copyPositions(key, positions, passed)], passed, groupIds, false);
    headsOfGroups(groupIds, this.heads, passed, positions, out);
    return true;
  }
}

/*
 * The loops of `findHeads` and `screen` are functions of their own over typed arrays: V8 compiles
 * a long loop on the stack and keeps that code for the loop's next call even after it
 * deoptimizes, and in `screen` it covered the lookup after the loop before any had run (21
 * deoptimizations in five runs of TPC-H q03 on one worker of two).
 */

/**
 * The first build row of each of `count` looked-up groups (−1 for a key not in the table) into
 * `out`, at `positions[j]` for the j-th when given, else at j.
 */
function headsOfGroups(
  groupIds: Int32Array,
  heads: Int32Array,
  count: number,
  positions: Int32Array | undefined,
  out: Int32Array,
): void {
  for (let j = 0; j < count; j++) {
    const group = groupIds[j] as number;
    out[positions === undefined ? j : (positions[j] as number)] = group < 0 ? -1 : (heads[group] as number);
  }
}

/**
 * Writes −1 into `out` for the rows whose key is null or not in `bitmap`, and the positions of the
 * others into `positions`; returns how many passed.
 */
function screenKeys(
  bitmap: NumberKeyBitmap,
  values: Float64Array | Int32Array,
  nulls: Uint8Array | undefined,
  ids: Int32Array | undefined,
  count: number,
  out: Int32Array,
  positions: Int32Array,
): number {
  let passed = 0;
  for (let i = 0; i < count; i++) {
    const at = ids === undefined ? i : (ids[i] as number);
    if ((nulls !== undefined && nulls[at] !== 0) || !bitmap.has(values[at] as number)) out[i] = -1;
    else positions[passed++] = i;
  }
  return passed;
}

/** Every build row is a candidate of every probe row: the nested loop join's lookup. */
export function crossJoinLookup(page: Page, types: readonly Type[]): JoinLookup {
  const rows = page.positionCount;
  const next = new Int32Array(rows);
  for (let i = 0; i < rows; i++) next[i] = i + 1;
  if (rows > 0) next[rows - 1] = -1;
  return {
    page,
    types,
    next,
    retainedBytes: pageSizeInBytes(page) + next.byteLength,
    findHeads(_probeKeys: readonly Block[], count: number, out: Int32Array): void {
      out.fill(rows > 0 ? 0 : -1, 0, count);
    },
  };
}
