/**
 * structuralKey tells apart exactly what JSON.stringify merges (issue 13: ±Infinity keyed alike
 * made `SELECT 1e309, -1e400` one column), and is JSON.stringify for everything else.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { structuralKey } from '../../src/common/structural-key.js';

describe('structuralKey', () => {
  it('keeps apart the numbers JSON writes alike', () => {
    const values = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, null, 0, -0, '0', 'Infinity'];
    const keys = values.map((v) => structuralKey({ kind: 'Constant', value: v }));
    assert.equal(new Set(keys).size, values.length, keys.join(' '));
  });

  it('writes bigints, byte arrays, maps and undefined array items without loss', () => {
    assert.notEqual(structuralKey([1n]), structuralKey([1]));
    assert.notEqual(structuralKey(10n ** 30n), structuralKey(10n ** 30n + 1n));
    assert.notEqual(structuralKey(Uint8Array.of(1)), structuralKey(Uint8Array.of(2)));
    assert.notEqual(structuralKey(new Map([[1, 2]])), structuralKey(new Map([[1, 3]])));
    assert.notEqual(structuralKey([undefined]), structuralKey([null]));
    assert.equal(structuralKey({ a: undefined, b: 1 }), structuralKey({ b: 1 }));
  });

  it('is JSON.stringify for plain data, and omits the properties asked for', () => {
    const plain = { kind: 'Call', args: [{ kind: 'Symbol', name: 'x' }, 1.5, 'a', true, null] };
    assert.equal(structuralKey(plain), JSON.stringify(plain));
    assert.equal(
      structuralKey({ pos: 3, value: 1 }, (p) => p === 'pos'),
      '{"value":1}',
    );
    assert.equal(
      structuralKey({ pos: 3, value: [{ pos: 4, x: -0 }] }, (p) => p === 'pos'),
      structuralKey({ value: [{ x: -0 }] }),
    );
  });
});
