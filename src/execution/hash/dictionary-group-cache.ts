/**
 * Group ids for dictionary-encoded keys: each dictionary entry is hashed and looked up once, and
 * its group id cached, so a page of a million ids over a dozen distinct values costs a dozen
 * lookups. The cache follows the last dictionary seen (pages of one scan share their dictionary).
 */
import type { FlatBlock } from '../../data/block.js';

export class DictionaryGroupCache {
  private dictionary: FlatBlock | undefined;
  private groups = new Int32Array(0);

  get retainedBytes(): number {
    return this.groups.byteLength;
  }

  /**
   * Fills `out` with the group of each of the first `count` ids; `groupOf(entry)` finds (or
   * creates) the group of a dictionary entry on a cache miss and may return -1 (not found).
   */
  map(
    dictionary: FlatBlock,
    ids: Int32Array,
    count: number,
    out: Int32Array,
    groupOf: (entry: number) => number,
  ): void {
    if (this.dictionary !== dictionary) {
      this.dictionary = dictionary;
      if (this.groups.length < dictionary.positionCount) this.groups = new Int32Array(dictionary.positionCount);
      this.groups.fill(-1, 0, dictionary.positionCount);
    }
    const cache = this.groups;
    const nulls = dictionary.nulls;
    for (let i = 0; i < count; i++) {
      const entry = ids[i];
      let id = cache[entry];
      if (id < 0) {
        id = groupOf(entry);
        // NULL entries are not cached: their group depends on whether NULLs match.
        if (id >= 0 && (nulls === undefined || nulls[entry] === 0)) cache[entry] = id;
      }
      out[i] = id;
    }
  }
}
