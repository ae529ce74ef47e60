/**
 * structuralKey tells apart exactly what JSON.stringify merges (issue 13: ±Infinity keyed alike
 * made `SELECT 1e309, -1e400` one column), and is JSON.stringify for everything else.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { structuralKey, structurallyEqual } from '../../src/common/structural-key.js';

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

  it('structurallyEqual agrees with comparing keys', () => {
    const atoms: unknown[] = [0, -0, 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null];
    atoms.push(undefined, '', '0', 'a', true, false, 1n, 10n ** 30n, Uint8Array.of(1), Uint8Array.of(2));
    atoms.push(new Map([[1, 2]]), new Map([[1, 3]]), [], {});
    // A small deterministic generator of nested plain data, some pairs sharing subtrees.
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const make = (depth: number): unknown => {
      const pick = random(depth > 2 ? 1 : 4);
      if (pick === 0) return atoms[random(atoms.length)];
      if (pick === 1) return Array.from({ length: random(3) }, () => make(depth + 1));
      const object: Record<string, unknown> = {};
      for (const key of ['kind', 'id', 'value', 'args'].slice(0, 1 + random(4))) object[key] = make(depth + 1);
      return object;
    };
    const omitId = (property: string) => property === 'id';
    let equalPairs = 0;
    for (let i = 0; i < 3000; i++) {
      const a = make(0);
      const b = random(3) === 0 ? structuredClone(a) : random(2) === 0 ? { kind: 'wrap', value: a, id: i } : make(0);
      const c = random(2) === 0 ? { kind: 'wrap', value: a, id: -i } : b;
      for (const [x, y] of [
        [a, b],
        [b, c],
      ]) {
        const byKey = structuralKey(x, omitId) === structuralKey(y, omitId);
        assert.equal(structurallyEqual(x, y, omitId), byKey, `${structuralKey(x)} vs ${structuralKey(y)}`);
        if (byKey) equalPairs++;
      }
    }
    assert.ok(equalPairs > 500, `only ${equalPairs} equal pairs generated`);
  });

  it('structurallyEqual ignores property order and absent properties, not values', () => {
    assert.ok(structurallyEqual({ a: 1, b: [2, { c: 3 }] }, { b: [2, { c: 3 }], a: 1 }));
    assert.ok(structurallyEqual({ a: 1, b: undefined }, { a: 1 }));
    assert.ok(structurallyEqual({ id: 1, x: 2 }, { id: 9, x: 2 }, (p) => p === 'id'));
    assert.ok(!structurallyEqual({ a: 1 }, { a: 1, b: 2 }));
    assert.ok(!structurallyEqual({ a: 1, b: 2 }, { a: 1 }));
    assert.ok(!structurallyEqual(0, -0));
    assert.ok(!structurallyEqual(-0, 0));
    assert.ok(structurallyEqual(Number.NaN, Number.NaN));
    assert.ok(!structurallyEqual([1], { 0: 1 }));
  });
});
