import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { likeMatcher } from '../../../src/functions/implementations/index.js';
import { assertError } from './harness.js';

describe('LIKE', () => {
  const cases: [string, string | undefined, string, boolean][] = [
    ['abc', undefined, 'abc', true],
    ['abc', undefined, 'abcd', false],
    ['a%', undefined, 'abc', true],
    ['%c', undefined, 'abc', true],
    ['%b%', undefined, 'abc', true],
    ['a_c', undefined, 'abc', true],
    ['a_c', undefined, 'a😀c', true],
    ['a_c', undefined, 'ac', false],
    ['%a%b%c%', undefined, 'xxaxxbxxcxx', true],
    ['%a%b%c%', undefined, 'xxcxxbxxa', false],
    ['a%b%', undefined, 'aXbYb', true],
    ['%_%', undefined, '', false],
    ['%', undefined, '', true],
    ['_%_', undefined, 'ab', true],
    ['a%a', undefined, 'a', false],
    ['%ab%ab', undefined, 'xabab', true],
    ['100\\%', '\\', '100%', true],
    ['100\\%', '\\', '1000', false],
    ['a#_b', '#', 'a_b', true],
    ['a#_b', '#', 'axb', false],
    ['a##b', '#', 'a#b', true],
    ['a.c', undefined, 'abc', false],
    ['(x)*', undefined, '(x)*', true],
  ];
  for (const [pattern, escapeCharacter, value, expected] of cases) {
    it(`'${value}' LIKE '${pattern}'${escapeCharacter ? ` ESCAPE '${escapeCharacter}'` : ''} is ${expected}`, () =>
      assert.equal(likeMatcher(pattern, escapeCharacter)(value), expected));
  }

  it('caches compiled matchers', () => {
    assert.equal(likeMatcher('x%y'), likeMatcher('x%y'));
  });

  it('rejects bad escapes with Trino messages', () => {
    assertError(() => likeMatcher('a', 'ab'), 'INVALID_FUNCTION_ARGUMENT', 'Escape string must be a single character');
    assertError(
      () => likeMatcher('a#b', '#'),
      'INVALID_FUNCTION_ARGUMENT',
      "Escape character must be followed by '%', '_' or the escape character itself",
    );
    assertError(
      () => likeMatcher('ab#', '#'),
      'INVALID_FUNCTION_ARGUMENT',
      "Escape character must be followed by '%', '_' or the escape character itself",
    );
  });

  it('agrees with a regular expression on random patterns and values', () => {
    // A small alphabet makes overlapping and repeated chunks common; '_' takes the general path.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n; // the high bits: the low ones of this generator repeat quickly
    };
    const draw = (alphabet: string, max: number) =>
      Array.from({ length: next(max + 1) }, () => alphabet[next(alphabet.length)]).join('');
    for (let i = 0; i < 3000; i++) {
      const pattern = draw('ab%%_', 7);
      const value = draw('ab', 9);
      const regex = new RegExp(`^${pattern.replaceAll('%', '.*').replaceAll('_', '.')}$`, 's');
      assert.equal(likeMatcher(pattern)(value), regex.test(value), `'${value}' LIKE '${pattern}'`);
    }
  });

  it('does not backtrack exponentially', () => {
    const started = Date.now();
    assert.equal(likeMatcher('%a%a%a%a%a%a%a%a%b')('a'.repeat(2000)), false);
    assert.ok(Date.now() - started < 1000);
  });
});
