/** A dynamic filter's number keys as bits over their span, or as a hash set when they cannot be. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NumberKeyBitmap, numberKeysOf } from '../../../src/execution/dynamic-filter/number-key-bitmap.js';
import { NumberKeySet } from '../../../src/execution/dynamic-filter/number-key-set.js';

describe('number keys of a dynamic filter', () => {
  it('answers exactly the keys it was given, as bits when they are integers of a bounded span', () => {
    const keys = [-40, -1, 0, 31, 32, 33, 1000, 65_535, 1_000_003];
    const set = numberKeysOf(keys);
    assert.ok(set instanceof NumberKeyBitmap);
    for (let value = -100; value <= 70_000; value++) assert.equal(set.has(value), keys.includes(value), `${value}`);
    assert.equal(set.has(1_000_003), true);
    for (const value of [1_000_002, 1_000_004, 2.5, 31.5, -40.1, Number.NaN, Number.POSITIVE_INFINITY, -1e300]) {
      assert.equal(set.has(value), false, `${value}`);
    }
  });

  it('uses a hash set for keys spread too far apart or not integers', () => {
    const far = numberKeysOf([1, 2 ** 40]);
    assert.ok(far instanceof NumberKeySet);
    assert.equal(far.has(2 ** 40), true);
    assert.equal(far.has(2), false);
    const fractional = numberKeysOf([1, 2.5]);
    assert.ok(fractional instanceof NumberKeySet);
    assert.equal(fractional.has(2.5), true);
    assert.equal(fractional.has(2), false);
    assert.equal(numberKeysOf([]).has(0), false);
  });
});
