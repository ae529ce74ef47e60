import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TpchTableName } from '../../../src/connectors/tpch/generator/index.js';
import { orderKey } from '../../../src/connectors/tpch/generator/tpch-scale.js';
import { clipIntervals, constrainedUnitIntervals } from '../../../src/connectors/tpch/tpch-key-ranges.js';
import type { TupleDomain, ValueRange } from '../../../src/spi/tuple-domain.js';

function keyOnly(column: string, ranges: ValueRange[]): TupleDomain {
  return { columns: { [column]: { nullAllowed: false, ranges } } };
}

function between(low: number, high: number, lowInclusive = true, highInclusive = true): ValueRange {
  return { low: { value: low, inclusive: lowInclusive }, high: { value: high, inclusive: highInclusive } };
}

/** Units whose key lies in [low, high], by brute force. */
function bruteForce(keyOf: (unit: number) => number, units: number, low: number, high: number): number[] {
  const result: number[] = [];
  for (let unit = 0; unit < units; unit++) {
    const key = keyOf(unit);
    if (key >= low && key <= high) result.push(unit);
  }
  return result;
}

function expand(table: TpchTableName, units: number, column: string, ranges: ValueRange[]): number[] {
  const intervals = constrainedUnitIntervals(table, units, column, keyOnly(column, ranges));
  assert.ok(intervals);
  return intervals.flatMap((i) => Array.from({ length: i.end - i.start }, (_, k) => i.start + k));
}

describe('tpch connector: key constraints to unit ranges', () => {
  it('maps sparse order keys exactly', () => {
    const units = 500;
    for (let low = -2; low < 140; low += 3) {
      for (let high = low; high < low + 70; high += 5) {
        assert.deepEqual(
          expand('orders', units, 'orderkey', [between(low, high)]),
          bruteForce((u) => orderKey(u + 1), units, low, high),
          `orderkey in [${low}, ${high}]`,
        );
      }
    }
  });

  it('maps dense keys and partsupp’s four rows per part', () => {
    assert.deepEqual(expand('nation', 25, 'nationkey', [between(3, 5)]), [3, 4, 5]);
    assert.deepEqual(expand('customer', 1500, 'custkey', [between(1, 3)]), [0, 1, 2]);
    assert.deepEqual(expand('partsupp', 8000, 'partkey', [between(2, 2)]), [4, 5, 6, 7]);
    assert.deepEqual(
      expand('partsupp', 40, 'partkey', [between(3, 4)]).map((u) => Math.floor(u / 4) + 1),
      [3, 3, 3, 3, 4, 4, 4, 4],
    );
  });

  it('handles open and exclusive bounds, fractions and strings', () => {
    assert.deepEqual(expand('region', 5, 'regionkey', [{ low: { value: 2, inclusive: false } }]), [3, 4]);
    assert.deepEqual(expand('region', 5, 'regionkey', [{ high: { value: 2, inclusive: false } }]), [0, 1]);
    assert.deepEqual(expand('region', 5, 'regionkey', [between(0.5, 2.5)]), [1, 2]);
    assert.deepEqual(expand('region', 5, 'regionkey', [between(1, 2, false, false)]), []);
    assert.deepEqual(
      expand('region', 5, 'regionkey', [{ low: { value: '99999999999999999999', inclusive: true } }]),
      [],
    );
    assert.deepEqual(expand('region', 5, 'regionkey', [between(3, 4), between(0, 0), between(4, 4)]), [0, 3, 4]);
  });

  it('answers undefined when the key is not narrowed, and nothing for none', () => {
    assert.equal(constrainedUnitIntervals('orders', 10, 'orderkey', undefined), undefined);
    assert.equal(constrainedUnitIntervals('orders', 10, 'orderkey', { columns: {} }), undefined);
    assert.equal(
      constrainedUnitIntervals('orders', 10, 'orderkey', { columns: { orderkey: { nullAllowed: false } } }),
      undefined,
    );
    assert.equal(
      constrainedUnitIntervals(
        'orders',
        10,
        'orderkey',
        keyOnly('orderkey', [{ low: { value: 'x', inclusive: true } }]),
      ),
      undefined,
    );
    assert.deepEqual(constrainedUnitIntervals('orders', 10, 'orderkey', { none: true, columns: {} }), []);
  });

  it('clips intervals to a split', () => {
    assert.deepEqual(clipIntervals(undefined, 2, 5), [{ start: 2, end: 5 }]);
    assert.deepEqual(
      clipIntervals(
        [
          { start: 0, end: 3 },
          { start: 4, end: 9 },
        ],
        2,
        6,
      ),
      [
        { start: 2, end: 3 },
        { start: 4, end: 6 },
      ],
    );
    assert.deepEqual(clipIntervals([{ start: 0, end: 2 }], 2, 6), []);
  });
});
