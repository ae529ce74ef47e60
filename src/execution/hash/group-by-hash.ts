/**
 * GroupByHash: assigns dense group ids (0, 1, 2, ...) to the distinct key combinations of input
 * pages, the core of hash aggregation, DISTINCT, MarkDistinct, RowNumber and join builds.
 *
 * Design:
 *   - Open addressing with linear probing over an Int32Array of slots holding `group id + 1` (0 =
 *     empty); power-of-two slot counts, grown (doubled, every group re-placed from its stored hash or
 *     key) before a batch of inputs could push the load past 0.5 (hash-table-sizing.ts).
 *   - Keys are stored columnar by group id, in typed arrays grown by doubling (doubles for every
 *     numeric kind, string[] for strings, ...), so emitting keys is a scan and a group costs no object.
 *   - Hashes are value-based (hash-values.ts: murmur3 finaliser over numbers, FNV-1a over string code
 *     units, combined across columns with Math.imul), identical for every encoding of a value.
 *   - Specialised tables for the common cases: a single numeric key (number-group-by-hash.ts: the key
 *     is kept in the slot itself, so a probe reads one cache line) and a single string key
 *     (string-group-by-hash.ts: stored hashes skip string compares); both give NULL a group outside
 *     the table and resolve each dictionary entry once. Anything else uses the multi-column table
 *     (multi-column-group-by-hash.ts, KeyColumns in key-columns.ts); no keys at all means one group.
 *   - NULL is a key value equal to itself (GROUP BY). Join-style callers pass `nullsMatch = false`:
 *     positions with a NULL in any key then get -1 and are never inserted.
 */
import type { Block } from '../../data/block.js';
import { physicalKindOf } from '../../data/physical-type.js';
import type { Type } from '../../types/type.js';
import type { GroupByHash } from './group-by-hash-types.js';
import { DEFAULT_EXPECTED_GROUPS, slotCountFor } from './hash-table-sizing.js';

export type { GroupByHash } from './group-by-hash-types.js';

import { MultiColumnGroupByHash } from './multi-column-group-by-hash.js';
import { isNumberKeyType, NumberGroupByHash } from './number-group-by-hash.js';
import { StringGroupByHash } from './string-group-by-hash.js';

export function createGroupByHash(keyTypes: readonly Type[], expectedGroups = DEFAULT_EXPECTED_GROUPS): GroupByHash {
  const expected = Math.max(1, Math.min(Math.floor(expectedGroups), 1 << 24));
  if (keyTypes.length === 0) return new NoKeyGroupByHash();
  if (keyTypes.length === 1) {
    const type = keyTypes[0];
    if (isNumberKeyType(type)) return new NumberGroupByHash(type, expected);
    if (physicalKindOf(type) === 'string') return new StringGroupByHash(type, expected);
  }
  return new MultiColumnGroupByHash(keyTypes, expected);
}

/**
 * About the bytes a table of `createGroupByHash(keyTypes)` holds with `groups` groups, known before
 * it exists: what a join build reserves before it builds its table. Slots and per-group key
 * arrays as each implementation sizes them; string characters are not counted (the strings are
 * the build pages', which are accounted already).
 */
export function estimateGroupByHashBytes(keyTypes: readonly Type[], groups: number): number {
  if (keyTypes.length === 0 || groups <= 0) return 0;
  const slots = slotCountFor(groups);
  if (keyTypes.length === 1 && isNumberKeyType(keyTypes[0])) return 16 * slots + 8 * groups;
  if (keyTypes.length === 1 && physicalKindOf(keyTypes[0]) === 'string') return 8 * slots + 28 * groups;
  return 8 * slots + 4 * groups + 8 * keyTypes.length * groups;
}

/** No key columns: every position belongs to group 0, which exists once a position was seen. */
class NoKeyGroupByHash implements GroupByHash {
  readonly keyTypes: readonly Type[] = [];
  readonly retainedBytes = 0;
  private count = 0;

  get groupCount(): number {
    return this.count;
  }

  getGroupIds(_blocks: readonly Block[], positionCount: number, out: Int32Array): void {
    if (positionCount > 0) this.count = 1;
    out.fill(0, 0, positionCount);
  }

  lookup(_blocks: readonly Block[], positionCount: number, out: Int32Array): void {
    out.fill(this.count === 0 ? -1 : 0, 0, positionCount);
  }

  appendKeys(): void {}

  buildKeyBlocks(): Block[] {
    return [];
  }
}
