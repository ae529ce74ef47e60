/**
 * sum and avg over decimals against an exact BigInt reference, with per-group sums that cross
 * ±(2^53 − 1) and come back (the number array ↔ BigInt side table switch), over short (float64),
 * int64 and int128 inputs fed in several batches, in one step and split through intermediate states.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { VivaceError } from '../../../src/common/vivace-error.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { createAccumulator } from '../../../src/execution/aggregation/aggregate-registry.js';
import { type DecimalType, decimal } from '../../../src/types/type.js';
import { aggregate, aggregateSplit, random, resolve, valuesOf } from './aggregation-test-support.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_SAFE_BIG = BigInt(MAX_SAFE);

/** Rows whose running sums per group wander across ±2^53 (in either value form for long types). */
function crossingRows(type: DecimalType, rows: number, groups: number, seed: number) {
  const next = random(seed);
  const limit = 10n ** BigInt(type.precision);
  const values: (number | bigint | null)[] = [];
  const groupIds: number[] = [];
  for (let i = 0; i < rows; i++) {
    groupIds.push(Math.floor(next() * groups));
    if (next() < 0.05) {
      values.push(null);
      continue;
    }
    const choice = next();
    let v: bigint;
    const largest = limit - 1n < MAX_SAFE_BIG ? limit - 1n : MAX_SAFE_BIG;
    if (choice < 0.3) v = largest - BigInt(Math.floor(next() * 1000));
    else if (choice < 0.4)
      v = MAX_SAFE_BIG + BigInt(Math.floor(next() * 1000)); // a single value beyond
    else if (choice < 0.5) v = 0n;
    else v = BigInt(Math.floor(next() * 2 ** 40));
    if (v >= limit) v %= limit;
    // Negative values a bit less often: the sums climb past 2^53, then fall back.
    if (next() < 0.45) v = -v;
    const asNumber = type.precision <= 15 || (next() < 0.5 && v <= MAX_SAFE_BIG && v >= -MAX_SAFE_BIG);
    values.push(asNumber ? Number(v) : v);
  }
  return { values, groupIds };
}

function referenceSums(values: readonly (number | bigint | null)[], groupIds: readonly number[], groups: number) {
  const sums: (bigint | null)[] = new Array(groups).fill(null);
  const counts: number[] = new Array(groups).fill(0);
  values.forEach((v, i) => {
    if (v === null) return;
    const g = groupIds[i]!;
    sums[g] = (sums[g] ?? 0n) + BigInt(v);
    counts[g]!++;
  });
  return { sums, counts };
}

function roundedMean(sum: bigint, count: number): bigint {
  const n = BigInt(count);
  const q = sum / n;
  const r = sum % n;
  if (2n * (r < 0n ? -r : r) >= n) return q + (sum < 0n ? -1n : 1n);
  return q;
}

/** avg's result in its type's form: a number for short decimals, else what the block gives back. */
function asResult(type: DecimalType, value: bigint | null): unknown {
  if (value === null) return null;
  return type.precision <= 15 ? Number(value) : value;
}

// decimal(15,2) is float64-backed, decimal(18,2) int64, decimal(20,2) and decimal(38,4) int128.
const TYPES = [decimal(15, 2), decimal(18, 2), decimal(20, 2), decimal(38, 4)] as DecimalType[];

describe('decimal sum and avg across the number/BigInt switch', () => {
  for (const type of TYPES) {
    it(`sum and avg of decimal(${type.precision},${type.scale}) equal the BigInt reference, in batches`, () => {
      const groups = 5;
      const { values, groupIds } = crossingRows(type, 3000, groups, type.precision);
      const { sums, counts } = referenceSums(values, groupIds, groups);
      // The sums must really have left the safe range on the way (the partial sums of some group).
      const running = new Array<bigint>(groups).fill(0n);
      let crossed = 0;
      values.forEach((v, i) => {
        if (v === null) return;
        const g = groupIds[i]!;
        running[g] = running[g]! + BigInt(v);
        if (running[g]! > MAX_SAFE_BIG || running[g]! < -MAX_SAFE_BIG) crossed++;
      });
      assert.ok(crossed > 10, `only ${crossed} partial sums beyond 2^53`);

      for (const name of ['sum', 'avg'] as const) {
        const fn = resolve(name, [type]);
        const accumulator = createAccumulator(fn);
        accumulator.setGroupCount(groups);
        for (let from = 0; from < values.length; from += 400) {
          const to = Math.min(values.length, from + 400);
          const block = blockOf(type, values.slice(from, to));
          accumulator.addInput(Int32Array.from(groupIds.slice(from, to)), [block], to - from);
        }
        const actual = valuesOf(accumulator.evaluateFinal(0, groups), fn.returnType);
        const expected =
          name === 'sum' ? sums : sums.map((s, g) => asResult(type, s === null ? null : roundedMean(s, counts[g]!)));
        assert.deepEqual(actual, expected, name);
        // Split: partial states (decimal(38, s) sums, int128) merged in an intermediate and a final step.
        const split = aggregateSplit(fn, [values], groupIds, 4, (row) => (row * 7) % 4);
        assert.deepEqual(split, expected, `${name} split`);
      }
    });
  }

  it('comes back to exact numbers after the sum returns below 2^53', () => {
    const type = decimal(20, 0);
    const max = MAX_SAFE;
    const fn = resolve('sum', [type]);
    // max + max leaves the range, − max − max comes back to 0, + 1 stays a number sum.
    assert.deepEqual(aggregate(fn, [[max, max, -max, -max, 1]]), [1n]);
    assert.deepEqual(aggregate(fn, [[max, 2n ** 60n, -(2n ** 60n), -1]]), [BigInt(max) - 1n]);
    const avg = resolve('avg', [type]);
    assert.deepEqual(aggregate(avg, [[max, max, max]]), [BigInt(max)]);
    assert.deepEqual(aggregate(avg, [[-max, -max, -1]]), [-6004799503160661n]);
  });

  it('still fails with Decimal overflow past 38 digits from int128 inputs', () => {
    const fn = resolve('sum', [decimal(38, 0)]);
    const big = 9n * 10n ** 37n;
    assert.throws(
      () => aggregate(fn, [[1, big, big, -1]]),
      (e: VivaceError) => e.errorName === 'NUMERIC_VALUE_OUT_OF_RANGE' && e.message === 'Decimal overflow',
    );
  });
});
