/**
 * The join hash table finds each probe key's chain of build rows, in build order, whether its
 * lookups go straight to the hash table or are first screened by the build keys' bits (single
 * integer keys, enough of them, a bounded span), and whatever the probe keys' encoding.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Block } from '../../../src/data/block.js';
import { dictionaryBlock, float64Block, int32Block } from '../../../src/data/block.js';
import { blockOf } from '../../../src/data/block-builder.js';
import type { Page } from '../../../src/data/page.js';
import { JoinHashTableBuilder, type JoinLookup } from '../../../src/execution/join/join-hash-table.js';
import { BIGINT, DOUBLE, type Type } from '../../../src/types/type.js';

function built(type: Type, keys: readonly (number | null)[]): JoinLookup {
  const page: Page = { positionCount: keys.length, blocks: [blockOf(type, keys)] };
  const builder = new JoinHashTableBuilder([type], [0]);
  builder.addPage(page);
  return builder.seal(page);
}

/** Each probe position's build rows, following the chain from its head. */
function matches(lookup: JoinLookup, probe: Block): number[][] {
  const out = new Int32Array(probe.positionCount);
  lookup.findHeads([probe], probe.positionCount, out);
  return [...out].map((head) => {
    const rows: number[] = [];
    for (let row = head; row >= 0; row = lookup.next[row]!) rows.push(row);
    return rows;
  });
}

function expected(buildKeys: readonly (number | null)[], probeKeys: readonly (number | null)[]): number[][] {
  const rowsByKey = new Map<number, number[]>();
  buildKeys.forEach((key, row) => {
    if (key !== null) rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row]);
  });
  return probeKeys.map((key) => (key === null ? [] : (rowsByKey.get(key) ?? [])));
}

describe('join hash table', () => {
  // 20,000 distinct keys (multiples of 3), each twice, and NULLs: enough keys to be screened.
  const buildKeys: (number | null)[] = [];
  for (let i = 0; i < 20_000; i++) buildKeys.push(3 * i, i % 1000 === 0 ? null : 3 * (19_999 - i));
  const lookup = built(BIGINT, buildKeys);

  it('finds the build rows of mostly missing probe keys, NULLs and keys outside the span', () => {
    const probeKeys: (number | null)[] = [];
    for (let k = -5; k < 60_010; k += 1) probeKeys.push(k % 7 === 0 ? null : k);
    for (let start = 0; start < probeKeys.length; start += 4096) {
      const page = probeKeys.slice(start, start + 4096);
      assert.deepEqual(matches(lookup, blockOf(BIGINT, page)), expected(buildKeys, page), `rows from ${start}`);
    }
  });

  it('reads dictionary probe keys, and goes on when nearly every probe key matches', () => {
    const dictionary = float64Block(Float64Array.of(3, 4, 59_997));
    const ids = Int32Array.from({ length: 300 }, (_, i) => i % 3);
    assert.deepEqual(
      matches(lookup, dictionaryBlock(ids, dictionary)),
      expected(
        buildKeys,
        [...ids].map((id) => [3, 4, 59_997][id]!),
      ),
    );
    // Pages whose keys all match (the screen judges itself after its trial and steps aside).
    for (let round = 0; round < 40; round++) {
      const keys = Array.from({ length: 4096 }, (_, i) => 3 * ((i * 7 + round) % 20_000));
      assert.deepEqual(matches(lookup, int32Block(Int32Array.from(keys))), expected(buildKeys, keys), `round ${round}`);
    }
  });

  it('looks up keys of other types and small builds without a screen, with the same answers', () => {
    const doubles = Array.from({ length: 20_000 }, (_, i) => i / 2);
    const byDouble = built(DOUBLE, doubles);
    const probe = [0.5, 0.25, 9_999.5, 10_000, -1];
    assert.deepEqual(matches(byDouble, blockOf(DOUBLE, probe)), expected(doubles, probe));
    const small = [5, 7, 5];
    assert.deepEqual(matches(built(BIGINT, small), blockOf(BIGINT, [5, 6, 7, null])), expected(small, [5, 6, 7, null]));
  });
});
