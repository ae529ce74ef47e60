/**
 * The SQL lexer: turns statement text into tokens (token.ts) by scanning char codes, with no
 * regular expressions and no per-character allocation. Whitespace (space, tab, CR, LF) and
 * comments (`-- ...` to the end of the line, `/* ... *\/` not nested) are skipped. Lines are
 * counted at LF, columns in UTF-16 code units, both 1-based.
 *
 * Scanning never throws: a malformed token becomes an `error` token that ends the list, and a
 * stray character an `unrecognized` token, so that the parser can report whichever problem comes
 * first in the text. `tokenize` is the strict public form that throws on both; the parser reads
 * a TokenBuffer, which scans lazily.
 */

import { fail } from '../common/invariant.js';
import { VivaceError } from '../common/vivace-error.js';
import { isReservedKeyword } from './keywords.js';
import type { Token, TokenKind } from './token.js';

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const DOUBLE_QUOTE = 34;
const PERCENT = 37;
const AMPERSAND = 38;
const QUOTE = 39;
const LPAREN = 40;
const RPAREN = 41;
const STAR = 42;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const SEMICOLON = 59;
const LT = 60;
const EQ = 61;
const GT = 62;
const QUESTION = 63;
const COLON = 58;
const UPPER_A = 65;
const UPPER_E = 69;
const UPPER_U = 85;
const UPPER_X = 88;
const UPPER_Z = 90;
const LBRACKET = 91;
const RBRACKET = 93;
const UNDERSCORE = 95;
const BACKQUOTE = 96;
const LOWER_A = 97;
const LOWER_E = 101;
const LOWER_U = 117;
const LOWER_X = 120;
const LOWER_Z = 122;
const PIPE = 124;

/**
 * Words seen recently and their uppercase form. Statements repeat the same few hundred words, so
 * this saves uppercasing each one and hands out one shared string per keyword (whose hash the
 * keyword lookups then reuse). Cleared when full, so odd inputs cannot grow it without bound.
 */
const UPPERCASE_WORDS = new Map<string, string>();
const WORD_CACHE_LIMIT = 10_000;

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

function isWordStart(c: number): boolean {
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) || c === UNDERSCORE;
}

function isWordPart(c: number): boolean {
  return isWordStart(c) || isDigit(c);
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= UPPER_A && c <= UPPER_A + 5) || (c >= LOWER_A && c <= LOWER_A + 5);
}

/**
 * Scans tokens on demand: the parser usually fails within a few tokens of bad input, so a
 * megabyte of garbage costs no more than its first tokens.
 */
export class TokenBuffer {
  private readonly tokens: Token[] = [];
  private i = 0;
  private line = 1;
  private lineStart = 0;
  private done = false;
  // Position of the token being scanned.
  private startOffset = 0;
  private startLine = 1;
  private startColumn = 1;

  constructor(private readonly sql: string) {}

  /** The token at `index`; past the end, the final `eof` token. */
  at(index: number): Token {
    const tokens = this.tokens;
    while (index >= tokens.length && !this.done) this.scanNext();
    return index < tokens.length ? tokens[index] : tokens[tokens.length - 1];
  }

  /** Every token, through the final `eof`. */
  all(): Token[] {
    while (!this.done) this.scanNext();
    return this.tokens;
  }

  /** Scans the next token, skipping whitespace and comments; ends with `eof` or an `error` token. */
  private scanNext(): void {
    const sql = this.sql;
    const n = sql.length;
    const count = this.tokens.length;
    while (this.i < n) {
      const c = sql.charCodeAt(this.i);
      if (c === SPACE || c === TAB || c === CR) {
        this.i++;
        continue;
      }
      if (c === LF) {
        this.newLineAt(this.i);
        this.i++;
        continue;
      }
      this.startOffset = this.i;
      this.startLine = this.line;
      this.startColumn = this.i - this.lineStart + 1;
      if (!this.scanToken(c)) {
        this.finish();
        return;
      }
      if (this.tokens.length > count) return;
    }
    this.finish();
  }

  private finish(): void {
    this.done = true;
    this.startOffset = this.sql.length;
    this.startLine = this.line;
    this.startColumn = this.sql.length - this.lineStart + 1;
    this.push('eof', '', '', '', this.sql.length);
  }

  private newLineAt(offset: number): void {
    this.line++;
    this.lineStart = offset + 1;
  }

  private push(kind: TokenKind, text: string, value: string, key: string, end: number): void {
    this.tokens.push({
      kind,
      text,
      value,
      key,
      pos: { line: this.startLine, column: this.startColumn, offset: this.startOffset },
      end,
    });
    this.i = end;
  }

  private punctuation(text: string, length: number): true {
    this.push('punctuation', text, text, text, this.i + length);
    return true;
  }

  /** Pushes an error token; scanning stops there. */
  private error(message: string, end: number): false {
    this.push('error', this.sql.slice(this.startOffset, end), message, '', end);
    return false;
  }

  /** Scans one token starting with char code `c`; false when it was an error token. */
  private scanToken(c: number): boolean {
    const sql = this.sql;
    const next = sql.charCodeAt(this.i + 1);
    switch (c) {
      case LPAREN:
        return this.punctuation('(', 1);
      case RPAREN:
        return this.punctuation(')', 1);
      case LBRACKET:
        return this.punctuation('[', 1);
      case RBRACKET:
        return this.punctuation(']', 1);
      case COMMA:
        return this.punctuation(',', 1);
      case SEMICOLON:
        return this.punctuation(';', 1);
      case QUESTION:
        return this.punctuation('?', 1);
      case COLON:
        // json_object's `key : value`.
        return this.punctuation(':', 1);
      case PLUS:
        return this.punctuation('+', 1);
      case STAR:
        return this.punctuation('*', 1);
      case PERCENT:
        return this.punctuation('%', 1);
      case SLASH:
        if (next === STAR) return this.skipBlockComment();
        return this.punctuation('/', 1);
      case MINUS:
        if (next === MINUS) return this.skipLineComment();
        if (next === GT) return this.punctuation('->', 2);
        return this.punctuation('-', 1);
      case EQ:
        if (next === GT) return this.punctuation('=>', 2);
        return this.punctuation('=', 1);
      case LT:
        if (next === EQ) return this.punctuation('<=', 2);
        if (next === GT) return this.punctuation('<>', 2);
        return this.punctuation('<', 1);
      case GT:
        if (next === EQ) return this.punctuation('>=', 2);
        return this.punctuation('>', 1);
      case BANG:
        if (next === EQ) {
          this.push('punctuation', '!=', '<>', '<>', this.i + 2);
          return true;
        }
        return this.unrecognized();
      case PIPE:
        if (next === PIPE) return this.punctuation('||', 2);
        return this.unrecognized();
      case DOT:
        if (isDigit(next)) return this.scanNumber();
        return this.punctuation('.', 1);
      case QUOTE:
        return this.scanString('string', this.i + 1);
      case DOUBLE_QUOTE:
        return this.scanQuotedIdentifier();
      case BACKQUOTE:
        return this.scanBackquoted();
      case UPPER_U:
      case LOWER_U:
        if (next === AMPERSAND && sql.charCodeAt(this.i + 2) === QUOTE)
          return this.scanString('unicode_string', this.i + 3);
        return this.scanWord();
      case UPPER_X:
      case LOWER_X:
        if (next === QUOTE) return this.scanBinary();
        return this.scanWord();
      default:
        if (isDigit(c)) return this.scanNumber();
        if (isWordStart(c)) return this.scanWord();
        return this.unrecognized();
    }
  }

  private unrecognized(): true {
    const code = this.sql.codePointAt(this.i) ?? fail('the lexer reads an unrecognized character before the end');
    const text = String.fromCodePoint(code);
    this.push('unrecognized', text, text, '', this.i + text.length);
    return true;
  }

  private skipLineComment(): true {
    const sql = this.sql;
    let j = this.i + 2;
    while (j < sql.length && sql.charCodeAt(j) !== LF) j++;
    this.i = j;
    return true;
  }

  private skipBlockComment(): boolean {
    const sql = this.sql;
    const n = sql.length;
    let j = this.i + 2;
    let line = this.line;
    let lineStart = this.lineStart;
    while (j < n) {
      const c = sql.charCodeAt(j);
      if (c === STAR && sql.charCodeAt(j + 1) === SLASH) {
        this.line = line;
        this.lineStart = lineStart;
        this.i = j + 2;
        return true;
      }
      if (c === LF) {
        line++;
        lineStart = j + 1;
      }
      j++;
    }
    return this.error('Unterminated block comment', n);
  }

  private scanWord(): true {
    const sql = this.sql;
    let j = this.i + 1;
    while (j < sql.length && isWordPart(sql.charCodeAt(j))) j++;
    const text = sql.slice(this.i, j);
    let upper = UPPERCASE_WORDS.get(text);
    if (upper === undefined) {
      upper = text.toUpperCase();
      if (UPPERCASE_WORDS.size >= WORD_CACHE_LIMIT) UPPERCASE_WORDS.clear();
      UPPERCASE_WORDS.set(text, upper);
    }
    this.push(isReservedKeyword(upper) ? 'keyword' : 'identifier', text, text, upper, j);
    return true;
  }

  /**
   * Integers (`12`), decimals (`1.5`, `1.`, `.5`) and doubles (`1e3`, `1.5E-2`, `.5e1`). A number
   * running into letters, digits, `_` or another `.` is malformed: `1x` reads as an identifier
   * starting with a digit (Presto's message), `1.2.3` as an invalid number.
   */
  private scanNumber(): boolean {
    const sql = this.sql;
    const n = sql.length;
    let j = this.i;
    let kind: TokenKind = 'integer';
    while (j < n && isDigit(sql.charCodeAt(j))) j++;
    if (j < n && sql.charCodeAt(j) === DOT) {
      kind = 'decimal';
      j++;
      while (j < n && isDigit(sql.charCodeAt(j))) j++;
    }
    const e = sql.charCodeAt(j);
    if (e === UPPER_E || e === LOWER_E) {
      let k = j + 1;
      const sign = sql.charCodeAt(k);
      if (sign === PLUS || sign === MINUS) k++;
      if (isDigit(sql.charCodeAt(k))) {
        kind = 'double';
        j = k;
        while (j < n && isDigit(sql.charCodeAt(j))) j++;
      }
    }
    const after = sql.charCodeAt(j);
    if (isWordPart(after) || after === DOT) {
      let k = j;
      let dotted = kind !== 'integer';
      while (k < n) {
        const c = sql.charCodeAt(k);
        if (c === DOT) dotted = true;
        else if (!isWordPart(c)) break;
        k++;
      }
      return dotted
        ? this.error(`Invalid numeric literal: ${sql.slice(this.i, k)}`, k)
        : this.error('identifiers must not start with a digit; surround the identifier with double quotes', k);
    }
    const text = sql.slice(this.i, j);
    this.push(kind, text, text, '', j);
    return true;
  }

  /** A `'...'` string whose text starts at `bodyStart`; `''` is an escaped quote. */
  private scanString(kind: 'string' | 'unicode_string', bodyStart: number): boolean {
    const end = this.scanDelimited(QUOTE, bodyStart);
    if (end < 0) return this.error('Unterminated string literal', this.sql.length);
    this.push(kind, this.sql.slice(this.i, end), this.delimitedValue, '', end);
    return true;
  }

  private scanQuotedIdentifier(): boolean {
    const end = this.scanDelimited(DOUBLE_QUOTE, this.i + 1);
    if (end < 0) return this.error('Unterminated quoted identifier', this.sql.length);
    if (this.delimitedValue.length === 0) return this.error('Zero-length delimited identifier not allowed', end);
    this.push('quoted_identifier', this.sql.slice(this.i, end), this.delimitedValue, '', end);
    return true;
  }

  /** The unescaped text of the last `scanDelimited`. */
  private delimitedValue = '';

  /**
   * Scans text closed by `quote`, where a doubled quote stands for one. Leaves the unescaped text
   * in `delimitedValue`, advances the line counters past newlines inside, and returns the index
   * after the closing quote, or -1 when the input ends first.
   */
  private scanDelimited(quote: number, bodyStart: number): number {
    const sql = this.sql;
    const n = sql.length;
    let j = bodyStart;
    let line = this.line;
    let lineStart = this.lineStart;
    let value = '';
    let chunkStart = j;
    while (j < n) {
      const c = sql.charCodeAt(j);
      if (c === quote) {
        if (sql.charCodeAt(j + 1) !== quote) {
          this.delimitedValue = value + sql.slice(chunkStart, j);
          this.line = line;
          this.lineStart = lineStart;
          return j + 1;
        }
        value += sql.slice(chunkStart, j + 1);
        j += 2;
        chunkStart = j;
        continue;
      }
      if (c === LF) {
        line++;
        lineStart = j + 1;
      }
      j++;
    }
    return -1;
  }

  private scanBackquoted(): false {
    const sql = this.sql;
    let j = this.i + 1;
    while (j < sql.length && sql.charCodeAt(j) !== BACKQUOTE) j++;
    return this.error(
      'backquoted identifiers are not supported; use double quotes to quote identifiers',
      Math.min(j + 1, sql.length),
    );
  }

  /** `X'...'`: hex digits with optional whitespace between them, an even number of digits. */
  private scanBinary(): boolean {
    const sql = this.sql;
    const n = sql.length;
    let j = this.i + 2;
    let hex = '';
    let invalid = false;
    while (j < n && sql.charCodeAt(j) !== QUOTE) {
      const c = sql.charCodeAt(j);
      if (isHexDigit(c)) hex += sql[j];
      else if (c !== SPACE && c !== TAB && c !== CR && c !== LF) invalid = true;
      j++;
    }
    if (j >= n) return this.error('Unterminated binary literal', n);
    if (invalid) return this.error('Binary literal can only contain hexadecimal digits', j + 1);
    if (hex.length % 2 !== 0) return this.error('Binary literal must contain an even number of digits', j + 1);
    // Whitespace inside the literal may span lines.
    for (let k = this.i; k < j; k++) if (sql.charCodeAt(k) === LF) this.newLineAt(k);
    this.push('binary', sql.slice(this.i, j + 1), hex.toUpperCase(), '', j + 1);
    return true;
  }
}

/**
 * Scans the whole text. Never throws: the list ends with an `eof` token, preceded by an `error`
 * token if the text had a malformed token (scanning stops there).
 */
export function scanTokens(sql: string): Token[] {
  return new TokenBuffer(sql).all();
}

/**
 * Tokenizes `sql` strictly: the tokens including the final `eof`, or a SYNTAX_ERROR at the first
 * malformed token or stray character.
 */
export function tokenize(sql: string): Token[] {
  const tokens = scanTokens(sql);
  for (const token of tokens) {
    if (token.kind === 'error') throw new VivaceError('SYNTAX_ERROR', token.value, token.pos);
    if (token.kind === 'unrecognized') {
      throw new VivaceError('SYNTAX_ERROR', `Unexpected character '${token.text}'`, token.pos);
    }
  }
  return tokens;
}
