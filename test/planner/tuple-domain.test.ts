/** TupleDomain algebra: range intersection and union, contradictions, string order. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareCodePoints } from '../../src/planner/constant-values.js';
import { intersectDomains, intersectTupleDomains, unionDomains } from '../../src/planner/tuple-domain.js';
import { BIGINT, VARCHAR } from '../../src/types/type.js';

const range = (low?: number, high?: number, lowInclusive = true, highInclusive = true) => ({
  ...(low !== undefined ? { low: { value: low, inclusive: lowInclusive } } : {}),
  ...(high !== undefined ? { high: { value: high, inclusive: highInclusive } } : {}),
});

describe('tuple domains', () => {
  it('intersects range lists', () => {
    const a = { nullAllowed: true, ranges: [range(1, 5), range(8, 10)] };
    const b = { nullAllowed: false, ranges: [range(4, 9, false, false)] };
    assert.deepEqual(intersectDomains(a, b, BIGINT), {
      nullAllowed: false,
      ranges: [range(4, 5, false, true), range(8, 9, true, false)],
    });
  });

  it('unions ranges, merging those that touch', () => {
    assert.deepEqual(
      unionDomains(
        { nullAllowed: false, ranges: [range(1, 3)] },
        { nullAllowed: false, ranges: [range(3, 6, false)] },
        BIGINT,
      ),
      { nullAllowed: false, ranges: [range(1, 6)] },
    );
    assert.deepEqual(
      unionDomains(
        { nullAllowed: false, ranges: [range(undefined, 3)] },
        { nullAllowed: true, ranges: [range(2)] },
        BIGINT,
      ),
      { nullAllowed: true },
    );
  });

  it('drops empty ranges', () => {
    assert.deepEqual(
      intersectDomains(
        { nullAllowed: false, ranges: [range(1, 2)] },
        { nullAllowed: false, ranges: [range(3)] },
        BIGINT,
      ),
      {
        nullAllowed: false,
        ranges: [],
      },
    );
  });

  it('makes a contradictory tuple domain none', () => {
    const a = { columns: { k: { nullAllowed: false, ranges: [range(1, 1)] } } };
    const b = { columns: { k: { nullAllowed: false, ranges: [range(2, 2)] } } };
    assert.deepEqual(
      intersectTupleDomains(a, b, () => BIGINT),
      { none: true, columns: {} },
    );
  });

  it('orders strings by code point', () => {
    assert.ok(compareCodePoints('\u{10000}', '\uffff') > 0);
    assert.ok(compareCodePoints('a', 'b') < 0);
    assert.ok(compareCodePoints('ab', 'a') > 0);
    assert.deepEqual(
      intersectDomains(
        { nullAllowed: false, ranges: [{ low: { value: 'b', inclusive: true } }] },
        { nullAllowed: false, ranges: [{ high: { value: 'c', inclusive: false } }] },
        VARCHAR,
      ),
      {
        nullAllowed: false,
        ranges: [{ low: { value: 'b', inclusive: true }, high: { value: 'c', inclusive: false } }],
      },
    );
  });

  it('intersects lists of many ranges as the values both allow, in order (against a point-by-point oracle)', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    type Range = ReturnType<typeof range>;
    const randomRanges = (): Range[] => {
      const ranges: Range[] = [];
      let at = random(4) - 2;
      while (at < 40 && ranges.length < 12) {
        const low = ranges.length === 0 && random(4) === 0 ? undefined : at;
        const high = at + random(5);
        const last = high >= 40 && random(2) === 0 ? undefined : high;
        ranges.push(range(low, last, random(3) > 0, random(3) > 0));
        at = high + 1 + random(4);
        if (last === undefined) break;
      }
      // Sometimes out of order: the intersection must not rely on its inputs being sorted.
      return random(5) === 0 ? ranges.reverse() : ranges;
    };
    const contains = (ranges: readonly Range[], x: number) =>
      ranges.some(
        (r) =>
          (r.low === undefined || x > r.low.value || (x === r.low.value && r.low.inclusive)) &&
          (r.high === undefined || x < r.high.value || (x === r.high.value && r.high.inclusive)),
      );
    for (let round = 0; round < 300; round++) {
      const a = randomRanges();
      const b = randomRanges();
      const result = intersectDomains({ nullAllowed: true, ranges: a }, { nullAllowed: true, ranges: b }, BIGINT);
      const ranges = (result.ranges ?? []) as Range[];
      for (let x = -6; x <= 90; x++) {
        assert.equal(contains(ranges, x / 2), contains(a, x / 2) && contains(b, x / 2), `${x / 2} in round ${round}`);
      }
      for (let i = 1; i < ranges.length; i++) {
        const previous = ranges[i - 1]!.high;
        const next = ranges[i]!.low;
        assert.ok(
          previous !== undefined && next !== undefined && previous.value <= next.value,
          `sorted, round ${round}`,
        );
      }
    }
  });
});
