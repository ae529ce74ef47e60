/**
 * The number forms of the int64/int128 words (int128.ts) against their BigInt forms, on values around
 * every boundary the halves arithmetic has: 2^32, ±(2^53 − 1), 2^63, 2^64 and 2^127; and the long
 * decimal builders, which must store a safe-integer number exactly as they store its BigInt.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBlockBuilder } from '../../src/data/block-builder.js';
import {
  readInt64Number,
  readInt128,
  readInt128Number,
  wordHalves,
  writeInt64Number,
  writeInt128,
  writeInt128Number,
} from '../../src/data/int128.js';
import { parseType } from '../../src/types/type-signature.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const isSafe = (v: bigint) => v <= MAX_SAFE && v >= -MAX_SAFE;

/** Values at and around the boundaries, both signs. */
function boundaryValues(): bigint[] {
  const centres = [0n, 1n, 2n ** 31n, 2n ** 32n, 2n ** 52n, MAX_SAFE, 2n ** 53n, 2n ** 63n, 2n ** 64n, 2n ** 100n];
  const values: bigint[] = [];
  for (const c of centres) {
    for (const d of [-2n, -1n, 0n, 1n, 2n, 123456789n]) {
      values.push(c + d, -(c + d));
    }
  }
  values.push((1n << 127n) - 1n, -(1n << 127n));
  // Random values of every magnitude up to 2^127.
  let state = 12345n;
  for (let i = 0; i < 500; i++) {
    state = (state * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    const bits = BigInt(i % 127);
    const v = (state * state) % (1n << bits);
    values.push(i % 2 === 0 ? v : -v);
  }
  return values;
}

describe('int128 and int64 words as numbers', () => {
  it('reads a stored int128 as a number exactly when it is a safe integer', () => {
    const values = boundaryValues();
    const words = new BigInt64Array(2 * values.length);
    values.forEach((v, i) => {
      writeInt128(words, i, v);
    });
    const halves = wordHalves(words);
    values.forEach((v, i) => {
      const n = readInt128Number(halves, i);
      if (isSafe(v)) assert.equal(n, Number(v), `${v}`);
      else assert.ok(Number.isNaN(n), `${v} read as ${n}`);
    });
  });

  it('writes a safe integer into int128 words as writeInt128 writes its BigInt', () => {
    const values = boundaryValues().filter(isSafe);
    const expected = new BigInt64Array(2 * values.length);
    const actual = new BigInt64Array(2 * values.length).fill(-7n); // no stale bits may survive
    const halves = wordHalves(actual);
    values.forEach((v, i) => {
      writeInt128(expected, i, v);
      writeInt128Number(halves, i, Number(v));
    });
    assert.deepEqual(actual, expected);
    values.forEach((v, i) => {
      assert.equal(readInt128(actual, i), v);
    });
  });

  it('reads and writes int64 words as numbers the same way', () => {
    const values = boundaryValues().filter((v) => v >= -(2n ** 63n) && v < 2n ** 63n);
    const words = BigInt64Array.from(values);
    const halves = wordHalves(words);
    values.forEach((v, i) => {
      const n = readInt64Number(halves, i);
      if (isSafe(v)) assert.equal(n, Number(v), `${v}`);
      else assert.ok(Number.isNaN(n), `${v} read as ${n}`);
    });
    const safe = values.filter(isSafe);
    const written = new BigInt64Array(safe.length).fill(-7n);
    const writtenHalves = wordHalves(written);
    safe.forEach((v, i) => {
      writeInt64Number(writtenHalves, i, Number(v));
    });
    assert.deepEqual(written, BigInt64Array.from(safe));
  });

  it('long decimal builders store a number as they store its BigInt, across growth', () => {
    for (const typeText of ['decimal(18,2)', 'decimal(38,4)']) {
      const type = parseType(typeText);
      const values = boundaryValues().filter(isSafe);
      const fromNumbers = createBlockBuilder(type, 1);
      const fromBigInts = createBlockBuilder(type, 1);
      values.forEach((v, i) => {
        // Interleave nulls and both kinds of append so that growth copies what the halves wrote.
        if (i % 7 === 3) {
          fromNumbers.appendNull();
          fromBigInts.appendNull();
        }
        fromNumbers.append(Number(v));
        fromBigInts.append(v);
      });
      assert.deepEqual(fromNumbers.build(), fromBigInts.build(), typeText);
    }
  });
});
