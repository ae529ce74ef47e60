import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { isReservedKeyword } from '../../src/sql/keywords.js';
import { scanTokens, TokenBuffer, tokenize } from '../../src/sql/lexer.js';
import type { Token } from '../../src/sql/token.js';

/** `kind:value` for each token but the final eof. */
function kinds(sql: string): string[] {
  return tokenize(sql)
    .slice(0, -1)
    .map((t) => `${t.kind}:${t.value}`);
}

function lexError(sql: string): VivaceError {
  try {
    tokenize(sql);
  } catch (e) {
    assert.ok(e instanceof VivaceError);
    assert.equal(e.errorName, 'SYNTAX_ERROR');
    return e;
  }
  assert.fail(`expected a lexer error for ${sql}`);
}

describe('lexer', () => {
  it('classifies words into reserved keywords and identifiers, keeping the text', () => {
    const tokens = tokenize('SELECT Date, "Select" from limit');
    assert.deepEqual(
      tokens.map((t) => [t.kind, t.text, t.value, t.key]),
      [
        ['keyword', 'SELECT', 'SELECT', 'SELECT'],
        ['identifier', 'Date', 'Date', 'DATE'],
        ['punctuation', ',', ',', ','],
        ['quoted_identifier', '"Select"', 'Select', ''],
        ['keyword', 'from', 'from', 'FROM'],
        ['identifier', 'limit', 'limit', 'LIMIT'],
        ['eof', '', '', ''],
      ],
    );
  });

  it('knows Presto reserved words and leaves the rest usable as identifiers', () => {
    for (const word of ['SELECT', 'FROM', 'CUBE', 'ROLLUP', 'EXTRACT', 'LOCALTIME', 'UESCAPE', 'CURRENT_DATE']) {
      assert.ok(isReservedKeyword(word), word);
    }
    for (const word of ['DATE', 'YEAR', 'COMMENT', 'POSITION', 'DATA', 'FIRST', 'ROW', 'LIMIT', 'INTERVAL', 'TIME']) {
      assert.ok(!isReservedKeyword(word), word);
    }
  });

  it('scans every operator and punctuation mark', () => {
    assert.deepEqual(
      kinds('= <> != < <= > >= + - * / % || ? ; ( ) [ ] , . : -> =>').map((k) => k.slice(k.indexOf(':') + 1)),
      [
        '=',
        '<>',
        '<>',
        '<',
        '<=',
        '>',
        '>=',
        '+',
        '-',
        '*',
        '/',
        '%',
        '||',
        '?',
        ';',
        '(',
        ')',
        '[',
        ']',
        ',',
        '.',
        ':',
      ].concat(['->', '=>']),
    );
    assert.equal(tokenize('!=')[0]!.text, '!=');
  });

  it('scans numbers of each kind', () => {
    assert.deepEqual(kinds('1 123 1.5 .5 1. 1e3 1.5E-2 .5e+1 2E10'), [
      'integer:1',
      'integer:123',
      'decimal:1.5',
      'decimal:.5',
      'decimal:1.',
      'double:1e3',
      'double:1.5E-2',
      'double:.5e+1',
      'double:2E10',
    ]);
  });

  it('unescapes string literals and quoted identifiers', () => {
    assert.deepEqual(kinds(`'it''s' '' "a""b" 'two\nlines'`), [
      "string:it's",
      'string:',
      'quoted_identifier:a"b',
      'string:two\nlines',
    ]);
  });

  it('does not concatenate adjacent string literals', () => {
    assert.deepEqual(kinds(`'a' 'b'`), ['string:a', 'string:b']);
  });

  it('scans Unicode strings raw, leaving their escapes to the parser', () => {
    assert.deepEqual(kinds(`U&'\\0041''x' u&'y' UESCAPE '#'`), [
      "unicode_string:\\0041'x",
      'unicode_string:y',
      'keyword:UESCAPE',
      'string:#',
    ]);
  });

  it('normalises binary literals to uppercase hex without whitespace', () => {
    assert.deepEqual(kinds(`X'ab 01' x'' X'0aFf'`), ['binary:AB01', 'binary:', 'binary:0AFF']);
  });

  it('treats X and U not followed by a quote as ordinary words', () => {
    const tokens = scanTokens(`x u U&x X 'a'`).map((t) => `${t.kind}:${t.value}`);
    assert.deepEqual(tokens.slice(0, -1), [
      'identifier:x',
      'identifier:u',
      'identifier:U',
      'unrecognized:&',
      'identifier:x',
      'identifier:X',
      'string:a',
    ]);
  });

  it('skips comments and whitespace', () => {
    assert.deepEqual(kinds('a -- comment ; b\n/* c\n d */ b\t/**/c --'), [
      'identifier:a',
      'identifier:b',
      'identifier:c',
    ]);
    assert.deepEqual(kinds('a--b\nc'), ['identifier:a', 'identifier:c']);
    assert.deepEqual(kinds('a-/**/-b'), ['identifier:a', 'punctuation:-', 'punctuation:-', 'identifier:b']);
  });

  it('gives 1-based lines and columns and 0-based offsets across lines, strings and comments', () => {
    const sql = "SELECT\n  a,\r\n  'x\ny' b /* one\ntwo */ c\n\n";
    const positions = tokenize(sql).map((t: Token) => [t.text, t.pos.line, t.pos.column, t.pos.offset, t.end]);
    assert.deepEqual(positions, [
      ['SELECT', 1, 1, 0, 6],
      ['a', 2, 3, 9, 10],
      [',', 2, 4, 10, 11],
      ["'x\ny'", 3, 3, 15, 20],
      ['b', 4, 4, 21, 22],
      ['c', 5, 8, 37, 38],
      ['', 7, 1, 40, 40],
    ]);
  });

  it('reports unterminated strings, identifiers and comments where they start', () => {
    assert.equal(lexError("SELECT 'abc").message, 'line 1:8: Unterminated string literal');
    assert.equal(lexError("SELECT U&'abc").message, 'line 1:8: Unterminated string literal');
    assert.equal(lexError('SELECT\n  "abc').message, 'line 2:3: Unterminated quoted identifier');
    assert.equal(lexError('SELECT 1 /* x\n\n').message, 'line 1:10: Unterminated block comment');
    assert.equal(lexError("SELECT X'ab").message, 'line 1:8: Unterminated binary literal');
  });

  it('reports malformed numbers and identifiers', () => {
    assert.equal(
      lexError('SELECT 1x').message,
      'line 1:8: identifiers must not start with a digit; surround the identifier with double quotes',
    );
    assert.equal(
      lexError('SELECT 1e').message,
      'line 1:8: identifiers must not start with a digit; surround the identifier with double quotes',
    );
    assert.equal(lexError('SELECT 1.2.3').message, 'line 1:8: Invalid numeric literal: 1.2.3');
    assert.equal(lexError('SELECT 1.5e3x').message, 'line 1:8: Invalid numeric literal: 1.5e3x');
    assert.equal(lexError('SELECT ""').message, 'line 1:8: Zero-length delimited identifier not allowed');
    assert.equal(
      lexError('SELECT `a`').message,
      'line 1:8: backquoted identifiers are not supported; use double quotes to quote identifiers',
    );
  });

  it('reports invalid binary literals', () => {
    assert.equal(lexError("SELECT X'abc'").message, 'line 1:8: Binary literal must contain an even number of digits');
    assert.equal(lexError("SELECT X'ag'").message, 'line 1:8: Binary literal can only contain hexadecimal digits');
  });

  it('reports stray characters strictly, whole code points included', () => {
    assert.equal(lexError('SELECT a # b').message, "line 1:10: Unexpected character '#'");
    assert.equal(lexError('SELECT 😀').message, "line 1:8: Unexpected character '😀'");
    assert.equal(lexError('a | b').message, "line 1:3: Unexpected character '|'");
    assert.equal(lexError('a ! b').message, "line 1:3: Unexpected character '!'");
  });

  it('keeps going past stray characters and stops at a malformed token when scanning leniently', () => {
    const tokens = scanTokens("a # 'b");
    assert.deepEqual(
      tokens.map((t) => [t.kind, t.text]),
      [
        ['identifier', 'a'],
        ['unrecognized', '#'],
        ['error', "'b"],
        ['eof', ''],
      ],
    );
    assert.equal(tokens[2]!.value, 'Unterminated string literal');
  });

  it('scans lazily and answers past the end with eof', () => {
    const buffer = new TokenBuffer('a b');
    assert.equal(buffer.at(1).text, 'b');
    assert.equal(buffer.at(5).kind, 'eof');
    assert.equal(buffer.all().length, 3);
  });

  it('returns only eof for empty or blank text', () => {
    assert.deepEqual(
      tokenize('').map((t) => t.kind),
      ['eof'],
    );
    const blank = tokenize('  \n -- c');
    assert.deepEqual(
      blank.map((t) => [t.kind, t.pos.line, t.pos.column]),
      [['eof', 2, 6]],
    );
  });
});
