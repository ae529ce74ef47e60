import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileJavaRegex } from '../../../src/functions/implementations/regexp/java-regex.js';
import { lambdaReturning } from '../helpers.js';
import { assertError, call } from './harness.js';

type Case = [string, string[], unknown[], unknown];

describe('regular expression functions', () => {
  const cases: Case[] = [
    ['regexp_like', ['varchar', 'varchar'], ['1a 2b 14m', '\\d+b'], true],
    ['regexp_like', ['varchar', 'varchar'], ['abc', '^b'], false],
    ['regexp_count', ['varchar', 'varchar'], ['1a 2b 14m', '\\s*[a-z]+\\s*'], 3],
    ['regexp_count', ['varchar', 'varchar'], ['ab', ''], 3],
    ['regexp_extract', ['varchar', 'varchar'], ['1a 2b 14m', '\\d+'], '1'],
    ['regexp_extract', ['varchar', 'varchar', 'bigint'], ['1a 2b 14m', '(\\d+)([a-z]+)', 2], 'a'],
    ['regexp_extract', ['varchar', 'varchar'], ['abc', '\\d'], null],
    ['regexp_extract', ['varchar', 'varchar', 'bigint'], ['a', '(x)?a', 1], null],
    ['regexp_extract_all', ['varchar', 'varchar'], ['1a 2b 14m', '\\d+'], ['1', '2', '14']],
    ['regexp_extract_all', ['varchar', 'varchar', 'bigint'], ['1a 2b 14m', '(\\d+)([a-z]+)', 2], ['a', 'b', 'm']],
    ['regexp_replace', ['varchar', 'varchar'], ['1a 2b 14m', '\\d+[ab] '], '14m'],
    ['regexp_replace', ['varchar', 'varchar', 'varchar'], ['1a 2b 14m', '(\\d+)([ab]) ', '3c$2 '], '3ca 3cb 14m'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Java's named-group reference in a replacement string.
    ['regexp_replace', ['varchar', 'varchar', 'varchar'], ['abc', '(?<x>b)', '[${x}]'], 'a[b]c'],
    ['regexp_replace', ['varchar', 'varchar', 'varchar'], ['abc', 'b', '\\$'], 'a$c'],
    ['regexp_replace', ['varchar', 'varchar', 'varchar'], ['a😀b', '', '-'], '-a-😀-b-'],
    ['regexp_split', ['varchar', 'varchar'], ['1a 2b 14m', '\\s*[a-z]+\\s*'], ['1', '2', '14', '']],
    ['regexp_position', ['varchar', 'varchar'], ['I have 23 apples, 5 pears and 13 oranges', '\\b\\d+\\b'], 8],
    [
      'regexp_position',
      ['varchar', 'varchar', 'bigint'],
      ['I have 23 apples, 5 pears and 13 oranges', '\\b\\d+\\b', 5],
      8,
    ],
    [
      'regexp_position',
      ['varchar', 'varchar', 'bigint', 'bigint'],
      ['I have 23 apples, 5 pears and 13 oranges', '\\b\\d+\\b', 12, 2],
      31,
    ],
    [
      'regexp_position',
      ['varchar', 'varchar', 'bigint', 'bigint'],
      ['I have 23 apples, 5 pears and 13 oranges', '\\b\\d+\\b', 12, 3],
      -1,
    ],
    ['regexp_position', ['varchar', 'varchar'], ['😀x', 'x'], 2],
    // Java syntax translated for JS
    ['regexp_like', ['varchar', 'varchar'], ['a-b', 'a\\-b'], true],
    ['regexp_like', ['varchar', 'varchar'], ['a.b', '\\Q.\\E'], true],
    ['regexp_like', ['varchar', 'varchar'], ['ab', '\\Q.\\E'], false],
    ['regexp_like', ['varchar', 'varchar'], ['ABC', '(?i)abc'], true],
    ['regexp_like', ['varchar', 'varchar'], ['abc', '^\\p{Lower}+$'], true],
    ['regexp_like', ['varchar', 'varchar'], ['abc!', '\\p{Punct}'], true],
    ['regexp_like', ['varchar', 'varchar'], ['Ωmega', '\\p{IsGreek}'], true],
    ['regexp_like', ['varchar', 'varchar'], ['é', '^\\pL$'], true],
    ['regexp_like', ['varchar', 'varchar'], ['ab\n', 'b$'], true],
    ['regexp_like', ['varchar', 'varchar'], ['aab', 'a++b'], true],
    ['regexp_like', ['varchar', 'varchar'], ['a b', '(?x) a \\s b  # comment'], true],
    ['regexp_like', ['varchar', 'varchar'], ['x]', '[]x]+'], true],
    ['regexp_like', ['varchar', 'varchar'], ['😀', '^.$'], true],
    // Java's `.` stops at every line terminator, `$` matches before a final one.
    ['regexp_like', ['varchar', 'varchar'], ['a\rb', 'a.b'], false],
    ['regexp_like', ['varchar', 'varchar'], ['a\u2028b', 'a.b'], false],
    ['regexp_like', ['varchar', 'varchar'], ['a\rb', '(?s)a.b'], true],
    ['regexp_like', ['varchar', 'varchar'], ['ab\ncd', 'b$'], false],
    ['regexp_extract', ['varchar', 'varchar'], ['xab\n', '.b$'], 'ab'],
    // Flags inside the pattern apply from there on (RE2 scopes them).
    ['regexp_like', ['varchar', 'varchar'], ['aB', 'a(?i)b'], true],
    ['regexp_like', ['varchar', 'varchar'], ['AB', 'a(?i)b'], false],
    ['regexp_like', ['varchar', 'varchar'], ['A\u0001', '\\u0041\\cA'], true],
    // Only the backtracking engine has backreferences, lookaround and some Unicode properties.
    ['regexp_like', ['varchar', 'varchar'], ['hello', '(\\w)\\1'], true],
    ['regexp_extract', ['varchar', 'varchar'], ['price: 10 EUR', '\\d+(?= EUR)'], '10'],
    ['regexp_like', ['varchar', 'varchar'], ['(', '\\p{javaMirrored}'], true],
  ];
  for (const [name, types, values, expected] of cases) {
    it(`${name}(${values.map((v) => JSON.stringify(v)).join(', ')})`, () =>
      assert.deepEqual(call(name, types, values), expected));
  }

  it('runs patterns on RE2, in linear time, unless they need backtracking', () => {
    // Exponential on a backtracking engine (2^99 ways to split the letters): this would not end.
    const catastrophic = `${'a'.repeat(99)}!`;
    assert.equal(call('regexp_like', ['varchar', 'varchar'], [catastrophic, '^([A-Za-z]+)+$']), false);
    assert.equal(call('regexp_count', ['varchar', 'varchar'], [catastrophic, '(a|aa)+$']), 0);
    assert.equal(compileJavaRegex('^([A-Za-z]+)+$').engine, 'RE2');
    assert.equal(compileJavaRegex('(\\w)\\1').engine, 'JS');
    assert.equal(compileJavaRegex('a(?!b)').engine, 'JS');
    assert.equal(compileJavaRegex('a(?<=b)').engine, 'JS');
    assert.equal(compileJavaRegex('(?<name>a)\\k<name>').engine, 'JS');
    assert.equal(compileJavaRegex('(?<name>a)b').engine, 'RE2');
  });

  it('replaces through a lambda over the groups', () => {
    const result = call(
      'regexp_replace',
      ['varchar', 'varchar', lambdaReturning(1, 'varchar')],
      ['new york', '(\\w)(\\w*)', (groups: string[]) => groups[0]!.toUpperCase() + groups[1]!.toLowerCase()],
    );
    assert.equal(result, 'New York');
  });

  it('reports Trino messages for bad arguments', () => {
    assertError(
      () => call('regexp_extract', ['varchar', 'varchar', 'bigint'], ['a', '(a)', 2]),
      'INVALID_FUNCTION_ARGUMENT',
      'Pattern has 1 groups. Cannot access group 2',
    );
    assertError(
      () => call('regexp_extract', ['varchar', 'varchar', 'bigint'], ['a', 'a', -1]),
      'INVALID_FUNCTION_ARGUMENT',
      'Group cannot be negative',
    );
    assertError(
      () => call('regexp_position', ['varchar', 'varchar', 'bigint'], ['a', 'a', 0]),
      'INVALID_FUNCTION_ARGUMENT',
      'start position cannot be smaller than 1',
    );
    assertError(
      () => call('regexp_like', ['varchar', 'varchar'], ['a', '(a']),
      'INVALID_FUNCTION_ARGUMENT',
      /Invalid regular expression/,
    );
    assertError(
      () => call('regexp_replace', ['varchar', 'varchar', 'varchar'], ['a', 'a', '$2']),
      'INVALID_FUNCTION_ARGUMENT',
      'No group 2',
    );
    assertError(
      () => call('regexp_like', ['varchar', 'varchar'], ['a', 'a(?x)b']),
      'NOT_SUPPORTED',
      /Inline modifiers/,
    );
  });
});
