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
});
