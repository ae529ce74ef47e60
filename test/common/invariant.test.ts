/**
 * The invariant helpers throw internal errors that name what was missing or unexpected, and
 * `fail` after `??` is not evaluated when the value is present.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertNever, fail } from '../../src/common/invariant.js';
import { VivaceError } from '../../src/common/vivace-error.js';

describe('invariant helpers', () => {
  it('fail throws GENERIC_INTERNAL_ERROR with the message', () => {
    assert.throws(
      () => fail('symbol x has no channel'),
      (e: unknown) =>
        e instanceof VivaceError && e.errorName === 'GENERIC_INTERNAL_ERROR' && e.message === 'symbol x has no channel',
    );
  });

  it('fail after ?? runs only for a missing value', () => {
    const layout = new Map([['a', 1]]);
    assert.equal(layout.get('a') ?? fail('missing a'), 1);
    assert.throws(() => layout.get('b') ?? fail('missing b'), /missing b/);
  });

  it('assertNever names the value that slipped through', () => {
    type Shape = { kind: 'circle' } | { kind: 'square' };
    const area = (s: Shape): number => {
      switch (s.kind) {
        case 'circle':
          return 1;
        case 'square':
          return 2;
        default:
          return assertNever(s, 'shape');
      }
    };
    assert.equal(area({ kind: 'square' }), 2);
    const forged = { kind: 'triangle' } as unknown as Shape;
    assert.throws(
      () => area(forged),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'GENERIC_INTERNAL_ERROR' &&
        /shape: \{"kind":"triangle"\}/.test(e.message),
    );
  });
});
