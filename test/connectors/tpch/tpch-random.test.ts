import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PART_TYPES, pickIndex, SENTENCE_FORMS } from '../../../src/connectors/tpch/generator/distributions.js';
import { countLines, lineCounts, lineStreamValues } from '../../../src/connectors/tpch/generator/order-lines.js';
import {
  advanceSeed,
  boundedValue,
  drawScale,
  fullRangeValue,
  MAX_SCALED_RANGE,
  multiplyModulus,
  nextSeed,
  RANDOM_MODULUS,
  scaledDraw,
  skipMultiplier,
} from '../../../src/connectors/tpch/generator/random-stream.js';
import { advanceSeed64, boundedValue64, nextSeed64 } from '../../../src/connectors/tpch/generator/random64.js';
import { rowStartSeeds } from '../../../src/connectors/tpch/generator/row-seeds.js';

const M = BigInt(RANDOM_MODULUS);

/** A deterministic spread of seeds over [1, 2^31 − 2], including both ends. */
function sampleSeeds(count: number): number[] {
  const seeds = [1, 2, RANDOM_MODULUS - 2, RANDOM_MODULUS - 1];
  let x = 123456789;
  while (seeds.length < count) {
    x = nextSeed(x);
    seeds.push(x);
  }
  return seeds;
}

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let power = base % M;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * power) % M;
    power = (power * power) % M;
    e >>= 1n;
  }
  return result;
}

describe('TPC-H random streams', () => {
  it('steps the Park–Miller generator exactly', () => {
    for (const seed of sampleSeeds(10_000)) {
      assert.equal(nextSeed(seed), Number((BigInt(seed) * 16807n) % M));
    }
  });

  it('multiplies modulo 2^31 − 1 exactly', () => {
    const seeds = sampleSeeds(2_000);
    for (let i = 1; i < seeds.length; i++) {
      const a = seeds[i - 1]!;
      const b = seeds[i]!;
      assert.equal(multiplyModulus(a, b), Number((BigInt(a) * BigInt(b)) % M));
    }
    assert.equal(multiplyModulus(RANDOM_MODULUS - 1, RANDOM_MODULUS - 1), 1);
  });

  it('skips ahead to the same seed as stepping, and to the modular power for long skips', () => {
    const seed = 1095462486;
    let stepped = seed;
    for (let n = 0; n <= 200; n++) {
      assert.equal(advanceSeed(seed, n), stepped, `skip of ${n}`);
      stepped = nextSeed(stepped);
    }
    assert.equal(skipMultiplier(0), 1);
    for (const n of [7 * 1_500_000, 14 * 1_499_999_999, 2 ** 40 + 12345]) {
      assert.equal(advanceSeed(seed, n), Number((BigInt(seed) * modPow(16807n, BigInt(n))) % M), `skip of ${n}`);
    }
  });

  it('maps seeds to ranges like dbgen, and the multiply shortcut agrees for ranges up to 2^20', () => {
    // dbgen: low + (long)((seed / 2147483647.0) * (high - low + 1))
    assert.equal(boundedValue(1, 1, 50), 1);
    assert.equal(boundedValue(RANDOM_MODULUS - 1, 1, 50), 50);
    const ranges: readonly [number, number][] = [
      [1, 7],
      [0, 10],
      [1, 50],
      [1, 121],
      [0, 2405],
      [1, 9999],
      [1, 200_000],
      [0, MAX_SCALED_RANGE - 1],
    ];
    const seeds = sampleSeeds(200_000);
    for (const [low, high] of ranges) {
      const scale = drawScale(low, high);
      for (const seed of seeds) {
        if (scaledDraw(seed, low, scale) !== boundedValue(seed, low, high)) {
          assert.fail(`seed ${seed} in [${low}, ${high}]`);
        }
      }
    }
  });

  it("keeps dbgen's overflowed full-range draw (negative) that addresses depend on", () => {
    for (const seed of sampleSeeds(1000)) {
      const value = fullRangeValue(seed);
      assert.ok(value <= 0 && value > -2147483648, `${seed} → ${value}`);
      assert.equal(value, Math.trunc((seed / 2147483647) * -2147483648));
    }
  });

  it('picks weighted entries by running weight', () => {
    // grammar weights 3, 3, 3, 1, 1 of 11: slot j − 1 for j = 1 + ⌊seed/M·11⌋.
    assert.equal(SENTENCE_FORMS.totalWeight, 11);
    assert.equal(pickIndex(SENTENCE_FORMS, 1), 0);
    assert.equal(pickIndex(SENTENCE_FORMS, Math.ceil((3 / 11) * RANDOM_MODULUS)), 1);
    assert.equal(pickIndex(SENTENCE_FORMS, RANDOM_MODULUS - 1), 4);
    assert.equal(PART_TYPES.length, 150);
    assert.equal(PART_TYPES[0], 'STANDARD ANODIZED TIN');
    assert.equal(PART_TYPES[149], 'PROMO BRUSHED COPPER');
  });
});

describe('TPC-H row and line seeds', () => {
  it('positions every row of a multi-row unit at its share of the stream', () => {
    // partsupp-like: 8 values per part, 4 rows per part, 2 draws per row.
    const all = rowStartSeeds(1961692154, 8, 0, 40, 4, 2);
    let seed = 1961692154;
    for (let row = 0; row < 40; row++) {
      assert.equal(all[row], seed);
      seed = nextSeed(nextSeed(seed));
    }
    assert.deepEqual(rowStartSeeds(1961692154, 8, 13, 20, 4, 2), all.subarray(13, 33));
  });

  it('walks per-line streams by order, skipping what short orders leave unused', () => {
    const firstOrder = 1000;
    const counts = lineCounts(firstOrder, 31);
    const lines = counts.reduce((sum, count) => sum + count, 0);
    const expected: number[] = [];
    for (let order = 0; order < counts.length; order++) {
      let seed = advanceSeed(209208115, 7 * (firstOrder + order));
      for (let line = 0; line < counts[order]!; line++) {
        seed = nextSeed(seed);
        expected.push(seed);
      }
    }
    assert.deepEqual(
      Array.from(lineStreamValues(209208115, 7, 1, firstOrder, counts, lines).subarray(0, lines)),
      expected,
    );
  });

  it('counts lines without storing them', () => {
    for (const [first, count] of [
      [0, 0],
      [0, 1],
      [5, 3],
      [123, 1001],
      [7_000_000, 4099],
    ] as const) {
      const counts = lineCounts(first, count);
      assert.equal(
        countLines(first, count),
        counts.reduce((sum, c) => sum + c, 0),
      );
    }
  });
});

describe('TPC-H 64-bit generator (scale ≥ 30000)', () => {
  it('skips ahead like stepping, with 64-bit wrap-around', () => {
    const seed = 851767375n;
    let stepped = seed;
    for (let n = 0; n <= 100; n++) {
      assert.equal(advanceSeed64(seed, n), stepped);
      stepped = nextSeed64(stepped);
    }
    assert.equal(advanceSeed64(advanceSeed64(seed, 1_000_003), 77_777), advanceSeed64(seed, 1_077_780));
    assert.ok(stepped >= -(2n ** 63n) && stepped < 2n ** 63n);
  });

  it('maps values by absolute value modulo the range', () => {
    assert.equal(boundedValue64(10n, 1, 7), 1 + 3);
    assert.equal(boundedValue64(-10n, 1, 7), 1 + 3);
    assert.equal(boundedValue64(-(2n ** 63n), 0, 9), Number(-(2n ** 63n) % 10n));
  });
});
