/** The GroupByHash contract, apart from the factory so the implementations can import it without a cycle. */
import type { Block } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import type { Type } from '../../types/type.js';

export interface GroupByHash {
  readonly keyTypes: readonly Type[];
  /** Number of distinct key combinations seen; group ids are 0 .. groupCount - 1 in first-seen order. */
  readonly groupCount: number;
  /** Bytes the table and its stored keys retain (for memory accounting). */
  readonly retainedBytes: number;
  /**
   * Writes into `out[0 .. positionCount)` the group id of each position's keys (`blocks[c]` holds key
   * column c), creating groups for new keys. With `nullsMatch` false (default true), positions with a
   * NULL key get -1 and create nothing.
   */
  getGroupIds(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch?: boolean): void;
  /** Like getGroupIds but never inserts: unknown keys get -1. */
  lookup(blocks: readonly Block[], positionCount: number, out: Int32Array, nullsMatch?: boolean): void;
  /** Appends the keys of `groupId` to one builder per key column. */
  appendKeys(groupId: number, builders: readonly BlockBuilder[]): void;
  /** The keys of groups [from, to) as one block per key column. */
  buildKeyBlocks(from: number, to: number): Block[];
}
