/**
 * A semi join's key set answers membership as a JS Set of the same keys would, whatever the keys'
 * encoding, while its integer keys are bits and after they move into a hash table (a span past
 * the limit, a key the bits cannot hold).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Block } from '../../../src/data/block.js';
import { dictionaryBlock, float64Block, int32Block, int64Block, rleBlock } from '../../../src/data/block.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { MAX_KEY_BITS } from '../../../src/execution/hash/number-key-view.js';
import { createSemiJoinKeys, type SemiJoinKeys } from '../../../src/execution/hash/semi-join-keys.js';
import { BIGINT, DATE, DOUBLE, INTEGER, type Type, VARCHAR } from '../../../src/types/type.js';
import { random } from '../expression/xorshift-random.js';

/** What `add` says of each position: -1 for a NULL key, 0 for any key it took. */
function added(keys: SemiJoinKeys, block: Block): number[] {
  const out = new Int32Array(block.positionCount);
  keys.add(block, block.positionCount, out);
  return [...out].map((id) => (id >= 0 ? 0 : -1));
}

function found(keys: SemiJoinKeys, block: Block): boolean[] {
  const out = new Int32Array(block.positionCount);
  keys.lookup(block, block.positionCount, out);
  return [...out].map((id) => id >= 0);
}

/** Adds `built` in pages of `pageSize`, then checks every probe against a JS Set. */
function checkAgainstSet(
  type: Type,
  built: (number | null)[],
  probes: (number | null)[],
  pageSize = 100,
): SemiJoinKeys {
  const keys = createSemiJoinKeys(type);
  for (let start = 0; start < built.length; start += pageSize) {
    const page = built.slice(start, start + pageSize);
    assert.deepEqual(
      added(keys, blockOf(type, page)),
      page.map((k) => (k === null ? -1 : 0)),
    );
  }
  const expected = new Set(built.filter((k) => k !== null));
  assert.deepEqual(
    found(keys, blockOf(type, probes)),
    probes.map((k) => k !== null && expected.has(k)),
  );
  return keys;
}

describe('semi join keys', () => {
  it('answers like a set for integer keys growing in both directions, with NULLs', () => {
    const next = random(11);
    const built = Array.from({ length: 3000 }, () => (next() < 0.05 ? null : Math.floor(next() * 200_000) - 100_000));
    const probes = Array.from({ length: 3000 }, () => (next() < 0.05 ? null : Math.floor(next() * 260_000) - 130_000));
    const keys = checkAgainstSet(INTEGER, built, [...probes, ...built]);
    // Bits over a span of about 200,000 keys (25 kB), doubled at most twice while growing.
    assert.ok(keys.retainedBytes <= 4 * 25_000, `${keys.retainedBytes} bytes`);
    checkAgainstSet(DATE, [20_000, 19_000, null, 21_500], [19_000, 19_001, 21_500, null, 18_999]);
  });

  it('reads dictionary and run-length keys, and probes of other encodings', () => {
    const keys = createSemiJoinKeys(BIGINT);
    assert.deepEqual(
      added(keys, dictionaryBlock(Int32Array.of(1, 0, 1), float64Block(Float64Array.of(7, 9)))),
      [0, 0, 0],
    );
    assert.deepEqual(added(keys, rleBlock(float64Block(Float64Array.of(40)), 3)), [0, 0, 0]);
    assert.deepEqual(found(keys, float64Block(Float64Array.of(7, 8, 9, 40, 41, 7.5, Number.NaN))), [
      true,
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    assert.deepEqual(found(keys, dictionaryBlock(Int32Array.of(0, 1), int32Block(Int32Array.of(40, 39)))), [
      true,
      false,
    ]);
    // A bigint beyond 2^53 (held in int64 words) was never added.
    assert.deepEqual(found(keys, int64Block(BigInt64Array.of(2n ** 60n, 9n))), [false, true]);
  });

  it('moves its keys into a hash table past the span limit and answers the same', () => {
    const far = MAX_KEY_BITS * 3;
    const built = [5, 17, null, 1_000, far, -far, 64, far + 1];
    const keys = checkAgainstSet(BIGINT, built, [5, 6, 17, 1_000, far, -far, far + 1, far + 2, 64, null], 3);
    // The hash table now takes bigint keys beyond 2^53 too.
    assert.deepEqual(added(keys, int64Block(BigInt64Array.of(2n ** 60n))), [0]);
    assert.deepEqual(found(keys, int64Block(BigInt64Array.of(2n ** 60n, 2n ** 60n + 1n))), [true, false]);
    assert.deepEqual(found(keys, float64Block(Float64Array.of(17, 18))), [true, false]);
  });

  it('never takes a fraction for a neighbouring integer', () => {
    const keys = createSemiJoinKeys(BIGINT);
    assert.deepEqual(added(keys, float64Block(Float64Array.of(4, 70))), [0, 0]);
    assert.deepEqual(added(keys, float64Block(Float64Array.of(5.5))), [0]);
    assert.deepEqual(found(keys, float64Block(Float64Array.of(4, 5, 5.5, 6, 70))), [true, false, true, false, true]);
  });

  it('hashes keys of other types from the start', () => {
    checkAgainstSet(DOUBLE, [1.5, 2, null, -0.25], [1.5, 2, 2.5, -0.25, null]);
    const keys = createSemiJoinKeys(VARCHAR);
    assert.deepEqual(added(keys, blockOf(VARCHAR, ['a', null, 'b'])), [0, -1, 0]);
    assert.deepEqual(found(keys, blockOf(VARCHAR, ['b', 'c', null])), [true, false, false]);
  });
});
