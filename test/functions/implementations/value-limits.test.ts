/**
 * The maximum value size (value-limits.ts): every function that can build a value much larger than
 * its inputs refuses, before building it, a result beyond 1 MiB (strings, bytes) or 1,048,576
 * entries (arrays, maps), with INVALID_FUNCTION_ARGUMENT; results at the limit are still built,
 * quickly (no character-at-a-time loops).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonPath } from '../../../src/functions/implementations/json/json-functions.js';
import { likeMatcher } from '../../../src/functions/implementations/like.js';
import { compileJavaRegex } from '../../../src/functions/implementations/regexp/java-regex.js';
import {
  MAX_CACHED_PATTERN_LENGTH,
  MAX_FORMAT_PATTERN_LENGTH,
  MAX_VALUE_ENTRIES,
  MAX_VALUE_LENGTH,
} from '../../../src/functions/implementations/value-limits.js';
import { assertError, call, cast } from './harness.js';

const TOO_LONG = (fn: string) =>
  `result of ${fn} function must not be longer than ${MAX_VALUE_LENGTH} characters or bytes`;
const TOO_MANY = (fn: string) => `result of ${fn} function must not have more than ${MAX_VALUE_ENTRIES} entries`;
const V = 'varchar';
const MIB = 1024 * 1024;

function bytes(length: number): Uint8Array {
  return new Uint8Array(length).fill(0x61);
}

describe('padding', () => {
  it('refuses a target length beyond the maximum value size, before building anything', () => {
    for (const name of ['lpad', 'rpad']) {
      for (const target of [2147483647, MAX_VALUE_LENGTH + 1, -1]) {
        assertError(
          () => call(name, [V, 'bigint', V], ['x', target, 'y']),
          'INVALID_FUNCTION_ARGUMENT',
          `Target length must be in the range [0..${MAX_VALUE_LENGTH}]`,
        );
        assertError(
          () => call(name, ['varbinary', 'bigint', 'varbinary'], [bytes(1), target, bytes(1)]),
          'INVALID_FUNCTION_ARGUMENT',
          `Target length must be in the range [0..${MAX_VALUE_LENGTH}]`,
        );
      }
    }
  });

  it('builds a result of the maximum length', () => {
    const padded = call('rpad', [V, 'bigint', V], ['x', MAX_VALUE_LENGTH, 'yz']) as string;
    assert.equal(padded.length, MAX_VALUE_LENGTH);
    assert.equal(padded.slice(0, 5), 'xyzyz');
    const left = call('lpad', ['varbinary', 'bigint', 'varbinary'], [Uint8Array.of(9), 7, Uint8Array.of(1, 2, 3)]);
    assert.deepEqual(left, Uint8Array.of(1, 2, 3, 1, 2, 3, 9));
    const right = call('rpad', ['varbinary', 'bigint', 'varbinary'], [Uint8Array.of(9), 6, Uint8Array.of(1, 2)]);
    assert.deepEqual(right, Uint8Array.of(9, 1, 2, 1, 2, 1));
  });

  it('counts and cuts the padding in code points', () => {
    assert.equal(call('rpad', [V, 'bigint', V], ['a', 5, '😀b']), 'a😀b😀b');
    assert.equal(call('lpad', [V, 'bigint', V], ['😀', 4, 'ab']), 'aba😀');
    assert.equal(call('lpad', [V, 'bigint', V], ['😀😀😀', 2, 'ab']), '😀😀');
  });
});

describe('concatenation and joining', () => {
  const half = 'x'.repeat(MAX_VALUE_LENGTH / 2 + 1);

  it('refuses a concatenation beyond the maximum as Trino words it', () => {
    assertError(
      () => call('concat', [V, V], [half, half]),
      'INVALID_FUNCTION_ARGUMENT',
      'Concatenated string is too large',
    );
    assert.equal((call('concat', [V, V], [half, 'x']) as string).length, MAX_VALUE_LENGTH / 2 + 2);
    assertError(
      () => call('concat', ['varbinary', 'varbinary'], [bytes(MAX_VALUE_LENGTH), bytes(1)]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('concat'),
    );
  });

  it('refuses concat_ws and array_join results beyond the maximum', () => {
    assertError(
      () => call('concat_ws', [V, V, V], [',', half, half]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('concat_ws'),
    );
    assertError(
      () => call('concat_ws', [V, 'array(varchar)'], [',', [half, half]]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('concat_ws'),
    );
    const many = new Array(17).fill('x'.repeat(MIB));
    assertError(
      () => call('array_join', ['array(varchar)', V], [many, '']),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('array_join'),
    );
  });

  it('refuses array concatenations beyond the maximum entry count', () => {
    const big = new Array(MAX_VALUE_ENTRIES).fill(1);
    assertError(
      () => call('concat', ['array(integer)', 'array(integer)'], [big, [1]]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_MANY('concat'),
    );
    assertError(
      () => call('concat', ['array(integer)', 'integer'], [big, 1]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_MANY('concat'),
    );
    assertError(
      () => call('concat', ['integer', 'array(integer)'], [1, big]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_MANY('concat'),
    );
    assertError(
      () => call('flatten', ['array(array(integer))'], [[big, [1]]]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_MANY('flatten'),
    );
    assert.equal(
      (call('concat', ['array(integer)', 'integer'], [big.slice(1), 1]) as unknown[]).length,
      MAX_VALUE_ENTRIES,
    );
  });
});

describe('replacement', () => {
  it('computes the size of a replacement before building it', () => {
    const text = 'x'.repeat(5000);
    assertError(() => call('replace', [V, V, V], [text, '', text]), 'INVALID_FUNCTION_ARGUMENT', TOO_LONG('replace'));
    assertError(() => call('replace', [V, V, V], [text, 'x', text]), 'INVALID_FUNCTION_ARGUMENT', TOO_LONG('replace'));
    assert.equal(call('replace', [V, V, V], ['abc', '', '-']), '-a-b-c-');
    assert.equal(call('replace', [V, V, V], ['abcb', 'b', 'XY']), 'aXYcXY');
  });

  it('stops a regexp replacement as soon as it passes the maximum', () => {
    const text = 'x'.repeat(5000);
    assertError(
      () => call('regexp_replace', [V, V, V], [text, '', text]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('regexp_replace'),
    );
  });
});

describe('results a bounded multiple of the input', () => {
  const large = bytes(MAX_VALUE_LENGTH / 2 + 1);

  it('checks encodings before encoding', () => {
    assertError(() => call('to_hex', ['varbinary'], [large]), 'INVALID_FUNCTION_ARGUMENT', TOO_LONG('to_hex'));
    assertError(
      () => call('to_base64', ['varbinary'], [bytes(13 * MIB)]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('to_base64'),
    );
    assertError(
      () => call('to_base32', ['varbinary'], [bytes(11 * MIB)]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('to_base32'),
    );
    assert.equal(call('to_hex', ['varbinary'], [Uint8Array.of(1, 255)]), '01FF');
  });

  it('checks growing text conversions once converted', () => {
    const accented = 'é'.repeat(MAX_VALUE_LENGTH / 2 + 1);
    assertError(() => call('to_utf8', [V], [accented]), 'INVALID_FUNCTION_ARGUMENT', TOO_LONG('to_utf8'));
    assertError(() => call('url_encode', [V], [accented]), 'INVALID_FUNCTION_ARGUMENT', TOO_LONG('url_encode'));
    assertError(
      () => call('normalize', [V, V], ['\ufdfa'.repeat(MIB), 'NFKD']),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_LONG('normalize'),
    );
    const quotes = '"'.repeat(MAX_VALUE_LENGTH / 2 + 1);
    assertError(() => cast('varchar', 'json', quotes), 'INVALID_FUNCTION_ARGUMENT', TOO_LONG('CAST'));
  });
});

describe('arrays built from a count', () => {
  it('refuses splits into more entries than an array may hold', () => {
    const commas = ','.repeat(MAX_VALUE_ENTRIES);
    assertError(() => call('split', [V, V], [commas, ',']), 'INVALID_FUNCTION_ARGUMENT', TOO_MANY('split'));
    assertError(
      () => call('regexp_split', [V, V], [commas, ',']),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_MANY('regexp_split'),
    );
    assertError(
      () => call('regexp_extract_all', [V, V], [commas, '']),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_MANY('regexp_extract_all'),
    );
    assert.equal(
      (call('split', [V, V], [','.repeat(MAX_VALUE_ENTRIES - 1), ',']) as unknown[]).length,
      MAX_VALUE_ENTRIES,
    );
    assert.deepEqual(call('split', [V, V, 'bigint'], ['a,b,c', ',', 2]), ['a', 'b,c']);
  });

  it('checks combinations and ngrams before building them', () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i);
    assertError(
      () => call('combinations', ['array(integer)', 'integer'], [thousand, 5]),
      'INVALID_FUNCTION_ARGUMENT',
      'combinations exceed max size',
    );
    assert.equal(
      (call('combinations', ['array(integer)', 'integer'], [thousand.slice(0, 20), 3]) as unknown[]).length,
      1140,
    );
    const tenThousand = Array.from({ length: 10_000 }, (_, i) => i);
    assertError(
      () => call('ngrams', ['array(integer)', 'integer'], [tenThousand, 5000]),
      'INVALID_FUNCTION_ARGUMENT',
      TOO_MANY('ngrams'),
    );
  });
});

describe('patterns', () => {
  it('refuses date format patterns longer than the limit before compiling them', () => {
    const long = 'zE'.repeat(MAX_FORMAT_PATTERN_LENGTH / 2 + 1);
    const message = `Format pattern must not be longer than ${MAX_FORMAT_PATTERN_LENGTH} characters`;
    assertError(() => call('format_datetime', ['timestamp(3)', V], [0, long]), 'INVALID_FUNCTION_ARGUMENT', message);
    assertError(() => call('date_format', ['timestamp(3)', V], [0, long]), 'INVALID_FUNCTION_ARGUMENT', message);
    assertError(() => call('date_parse', [V, V], ['2020', long]), 'INVALID_FUNCTION_ARGUMENT', message);
    assertError(() => call('parse_datetime', [V, V], ['2020', long]), 'INVALID_FUNCTION_ARGUMENT', message);
    const atLimit = 'E'.repeat(MAX_FORMAT_PATTERN_LENGTH);
    assert.equal((call('format_datetime', ['timestamp(3)', V], [0, atLimit]) as string).length, 8);
  });

  it('caches compiled patterns only up to the cacheable length', () => {
    const short = `%${'a'.repeat(100)}%`;
    const long = `%${'a'.repeat(MAX_CACHED_PATTERN_LENGTH)}%`;
    assert.equal(likeMatcher(short), likeMatcher(short));
    assert.notEqual(likeMatcher(long), likeMatcher(long));
    assert.equal(likeMatcher(long)('x'.repeat(10) + long.slice(1, -1)), true);
    assert.equal(compileJavaRegex('a+b'), compileJavaRegex('a+b'));
    const longRegex = 'a'.repeat(MAX_CACHED_PATTERN_LENGTH + 1);
    assert.notEqual(compileJavaRegex(longRegex), compileJavaRegex(longRegex));
    assert.equal(parseJsonPath('$.a.b'), parseJsonPath('$.a.b'));
    const longPath = `$.${'a'.repeat(MAX_CACHED_PATTERN_LENGTH)}`;
    assert.notEqual(parseJsonPath(longPath), parseJsonPath(longPath));
    assert.deepEqual(parseJsonPath(longPath), parseJsonPath(longPath));
  });
});
