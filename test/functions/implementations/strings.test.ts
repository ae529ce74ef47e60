import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, call, hex, utf8 } from './harness.js';

type Case = [string, string[], unknown[], unknown];

function table(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    for (const [name, types, values, expected] of cases) {
      it(`${name}(${values.map((v) => JSON.stringify(v)).join(', ')})`, () =>
        assert.deepEqual(call(name, types, values), expected));
    }
  });
}

table('characters and case', [
  ['length', ['varchar'], ['hello'], 5],
  ['length', ['varchar'], ['😀a'], 2],
  ['length', ['char(5)'], ['ab'], 5],
  ['chr', ['bigint'], [65], 'A'],
  ['chr', ['bigint'], [128512], '😀'],
  ['codepoint', ['varchar(1)'], ['😀'], 128512],
  ['lower', ['varchar'], ['HeLLo ΣΑΣ'], 'hello σασ'],
  ['upper', ['varchar'], ['straße'], 'STRAßE'],
  ['lower', ['varchar'], ['İ'], 'i'],
  ['reverse', ['varchar'], ['ab😀c'], 'c😀ba'],
  ['reverse', ['char(4)'], ['ab'], '  ba'],
  ['concat', ['varchar', 'varchar', 'varchar'], ['a', 'b', 'c'], 'abc'],
  ['concat', ['char(3)', 'char(2)'], ['a', 'b'], 'a  b'],
  ['concat_ws', ['varchar', 'varchar', 'varchar', 'varchar'], [',', 'a', null, 'b'], 'a,b'],
  ['concat_ws', ['varchar', 'varchar', 'varchar'], [null, 'a', 'b'], null],
  ['concat_ws', ['varchar', 'array(varchar)'], ['-', ['x', null, 'y']], 'x-y'],
]);

table('padding and trimming', [
  ['lpad', ['varchar', 'bigint', 'varchar'], ['hi', 5, 'ab'], 'abahi'],
  ['rpad', ['varchar', 'bigint', 'varchar'], ['hi', 5, 'ab'], 'hiaba'],
  ['lpad', ['varchar', 'bigint', 'varchar'], ['hello', 3, 'x'], 'hel'],
  ['rpad', ['varchar', 'bigint', 'varchar'], ['😀', 3, '😀'], '😀😀😀'],
  ['trim', ['varchar'], ['  \t hi \n'], 'hi'],
  ['ltrim', ['varchar'], ['  hi  '], 'hi  '],
  ['rtrim', ['varchar'], ['  hi  '], '  hi'],
  ['trim', ['varchar'], ['\u00a0hi'], '\u00a0hi'],
  ['trim', ['varchar', 'varchar'], ['xxhixx', 'x'], 'hi'],
  ['ltrim', ['varchar', 'varchar'], ['abcba', 'ab'], 'cba'],
  ['rtrim', ['char(5)', 'varchar'], ['ab', ' b'], 'a'],
]);

table('search and replace', [
  ['replace', ['varchar', 'varchar'], ['banana', 'an'], 'ba'],
  ['replace', ['varchar', 'varchar', 'varchar'], ['banana', 'an', 'AN'], 'bANANa'],
  ['replace', ['varchar', 'varchar', 'varchar'], ['abc', '', 'x'], 'xaxbxcx'],
  ['replace', ['varchar', 'varchar', 'varchar'], ['😀😀', '', '-'], '-😀-😀-'],
  ['strpos', ['varchar', 'varchar'], ['high', 'ig'], 2],
  ['strpos', ['varchar', 'varchar'], ['high', 'x'], 0],
  ['strpos', ['varchar', 'varchar'], ['😀high', 'h'], 2],
  ['strpos', ['varchar', 'varchar', 'bigint'], ['aaaa', 'aa', 2], 2],
  ['strpos', ['varchar', 'varchar', 'bigint'], ['abcabc', 'bc', 2], 5],
  ['strpos', ['varchar', 'varchar'], ['abc', ''], 1],
  ['starts_with', ['varchar', 'varchar'], ['hello', 'he'], true],
  ['ends_with', ['varchar', 'varchar'], ['hello', 'he'], false],
  ['translate', ['varchar', 'varchar', 'varchar'], ['abcd', 'a', 'z'], 'zbcd'],
  ['translate', ['varchar', 'varchar', 'varchar'], ['abcd', 'ac', 'z'], 'zbd'],
  ['translate', ['varchar', 'varchar', 'varchar'], ['cmputer', 'mp', 'om'], 'comuter'],
  ['substr', ['varchar', 'bigint'], ['hello', 2], 'ello'],
  ['substr', ['varchar', 'bigint', 'bigint'], ['hello', 2, 3], 'ell'],
  ['substr', ['varchar', 'bigint', 'bigint'], ['hello', -3, 2], 'll'],
  ['substr', ['varchar', 'bigint'], ['hello', 0], ''],
  ['substr', ['varchar', 'bigint', 'bigint'], ['hello', 2, -1], ''],
  ['substr', ['varchar', 'bigint'], ['hello', 9], ''],
  ['substr', ['varchar', 'bigint'], ['hello', -9], ''],
  ['substring', ['varchar', 'bigint', 'bigint'], ['a😀b', 2, 1], '😀'],
  ['substr', ['char(5)', 'bigint'], ['ab', 2], 'b   '],
]);

table('splitting', [
  ['split', ['varchar', 'varchar'], ['a,b,,c,', ','], ['a', 'b', '', 'c', '']],
  ['split', ['varchar', 'varchar', 'bigint'], ['a.b.c', '.', 2], ['a', 'b.c']],
  ['split_part', ['varchar', 'varchar', 'bigint'], ['a-b-c', '-', 2], 'b'],
  ['split_part', ['varchar', 'varchar', 'bigint'], ['a-b-c', '-', 4], null],
  ['split_part', ['varchar', 'varchar', 'bigint'], ['abc', '', 2], 'b'],
  [
    'split_to_map',
    ['varchar', 'varchar', 'varchar'],
    ['a=1,b=2,', ',', '='],
    new Map([
      ['a', '1'],
      ['b', '2'],
    ]),
  ],
  [
    'split_to_multimap',
    ['varchar', 'varchar', 'varchar'],
    ['a=1,b=2,a=3', ',', '='],
    new Map([
      ['a', ['1', '3']],
      ['b', ['2']],
    ]),
  ],
]);

table('distances and codes', [
  ['levenshtein_distance', ['varchar', 'varchar'], ['kitten', 'sitting'], 3],
  ['levenshtein_distance', ['varchar', 'varchar'], ['', 'abc'], 3],
  ['hamming_distance', ['varchar', 'varchar'], ['abcde', 'abxdy'], 2],
  ['soundex', ['varchar'], ['Robert'], 'R163'],
  ['soundex', ['varchar'], ['Rupert'], 'R163'],
  ['soundex', ['varchar'], ['Ashcraft'], 'A261'],
  ['soundex', ['varchar'], ['Tymczak'], 'T522'],
  ['soundex', ['varchar'], ['Pfister'], 'P236'],
  ['soundex', ['varchar'], ['123'], ''],
  ['luhn_check', ['varchar'], ['79927398713'], true],
  ['luhn_check', ['varchar'], ['79927398714'], false],
  ['luhn_check', ['varchar'], ['7992a'], false],
]);

table('word_stem (Porter2)', [
  ['word_stem', ['varchar'], ['greeting'], 'greet'],
  ['word_stem', ['varchar', 'varchar'], ['greeting', 'en'], 'greet'],
  ['word_stem', ['varchar'], ['running'], 'run'],
  ['word_stem', ['varchar'], ['generously'], 'generous'],
  ['word_stem', ['varchar'], ['relational'], 'relat'],
  ['word_stem', ['varchar'], ['happiness'], 'happi'],
  ['word_stem', ['varchar'], ['consignment'], 'consign'],
  ['word_stem', ['varchar'], ['skies'], 'sky'],
  ['word_stem', ['varchar'], ['cries'], 'cri'],
  ['word_stem', ['varchar'], ['hopping'], 'hop'],
  ['word_stem', ['varchar'], ['hoping'], 'hope'],
  ['word_stem', ['varchar'], ['controllable'], 'control'],
  ['word_stem', ['varchar'], ['knightly'], 'knight'],
]);

table('unicode', [
  ['normalize', ['varchar'], ['e\u0301'], 'é'],
  ['normalize', ['varchar', 'varchar'], ['é', 'NFD'], 'e\u0301'],
  ['normalize', ['varchar', 'varchar'], ['ﬁ', 'NFKC'], 'fi'],
  ['from_utf8', ['varbinary'], [Uint8Array.of(0x61, 0xff, 0x62)], 'a\ufffdb'],
  ['from_utf8', ['varbinary', 'varchar'], [Uint8Array.of(0x61, 0xff, 0x62), '#'], 'a#b'],
  ['from_utf8', ['varbinary', 'bigint'], [Uint8Array.of(0xe2, 0x82), 63], '?'],
  ['from_utf8', ['varbinary', 'varchar'], [Uint8Array.of(0xf0, 0x9f, 0x98, 0x80), ''], '😀'],
]);

describe('string function errors', () => {
  it('reports Trino messages', () => {
    assertError(() => call('chr', ['bigint'], [-1]), 'INVALID_FUNCTION_ARGUMENT', 'Not a valid Unicode code point: -1');
    assertError(
      () => call('codepoint', ['varchar(1)'], ['']),
      'INVALID_FUNCTION_ARGUMENT',
      'Input string must be a single character string',
    );
    assertError(
      () => call('lpad', ['varchar', 'bigint', 'varchar'], ['a', -1, 'x']),
      'INVALID_FUNCTION_ARGUMENT',
      'Target length must be in the range [0..1048576]',
    );
    assertError(
      () => call('lpad', ['varchar', 'bigint', 'varchar'], ['a', 3, '']),
      'INVALID_FUNCTION_ARGUMENT',
      'Padding string must not be empty',
    );
    assertError(
      () => call('strpos', ['varchar', 'varchar', 'bigint'], ['a', 'a', 0]),
      'INVALID_FUNCTION_ARGUMENT',
      "'instance' must be a positive number.",
    );
    assertError(
      () => call('split', ['varchar', 'varchar'], ['a', '']),
      'INVALID_FUNCTION_ARGUMENT',
      'The delimiter may not be the empty string',
    );
    assertError(
      () => call('split', ['varchar', 'varchar', 'bigint'], ['a', ',', 0]),
      'INVALID_FUNCTION_ARGUMENT',
      'Limit must be positive',
    );
    assertError(
      () => call('split_part', ['varchar', 'varchar', 'bigint'], ['a', ',', 0]),
      'INVALID_FUNCTION_ARGUMENT',
      'Index must be greater than zero',
    );
    assertError(
      () => call('split_to_map', ['varchar', 'varchar', 'varchar'], ['a=1,a=2', ',', '=']),
      'INVALID_FUNCTION_ARGUMENT',
      'Duplicate keys (a) are not allowed',
    );
    assertError(
      () => call('split_to_map', ['varchar', 'varchar', 'varchar'], ['a=1=2', ',', '=']),
      'INVALID_FUNCTION_ARGUMENT',
      "Key-value delimiter must appear exactly once in each entry. Bad input: 'a=1=2'",
    );
    assertError(
      () => call('hamming_distance', ['varchar', 'varchar'], ['a', 'ab']),
      'INVALID_FUNCTION_ARGUMENT',
      'The input strings to hamming_distance function must have the same length',
    );
    assertError(
      () => call('normalize', ['varchar', 'varchar'], ['a', 'NFX']),
      'INVALID_FUNCTION_ARGUMENT',
      'Normalization form must be one of [NFD, NFC, NFKD, NFKC]',
    );
    assertError(
      () => call('word_stem', ['varchar', 'varchar'], ['a', 'xx']),
      'INVALID_FUNCTION_ARGUMENT',
      'Unknown stemmer language: xx',
    );
    assertError(
      () => call('word_stem', ['varchar', 'varchar'], ['a', 'de']),
      'NOT_SUPPORTED',
      'word_stem is not supported for language: de',
    );
  });

  it('encodes UTF-8', () => {
    assert.equal(hex(call('to_utf8', ['varchar'], ['é😀'])), hex(utf8('é😀')));
  });
});

describe('UTF-8 decoding with a replacement character', () => {
  it('replaces exactly the sequences the WHATWG decoder replaces', () => {
    let seed = 7;
    const nextByte = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const r = seed % 10;
      // Mostly bytes around the UTF-8 boundaries, where decoders differ.
      return r < 3 ? seed % 0x80 : r < 6 ? 0x80 + (seed % 0x40) : 0xc0 + (seed % 0x40);
    };
    for (let i = 0; i < 2000; i++) {
      const input = Uint8Array.from({ length: 1 + (i % 9) }, nextByte);
      const expected = new TextDecoder().decode(input).replaceAll('\ufffd', '#');
      assert.equal(
        call('from_utf8', ['varbinary', 'varchar'], [input, '#']),
        expected,
        Buffer.from(input).toString('hex'),
      );
    }
  });
});
