/**
 * Parser of Trino's JSON path language: `lax|strict` then a path expression (accessors, filters,
 * item methods, arithmetic, literals and variables). Keywords are case-sensitive, as in Trino. A
 * syntax error is a JsonPathError of SYNTAX_ERROR whose offset points into the path text (the
 * analyzer adds the offset of the string literal, so the error's line:column is where the bad token
 * is in the query), with ANTLR-like wording (`mismatched input 'x' expecting {'lax', 'strict'}`).
 * A like_regex pattern that does not compile is INVALID_PATH, as Trino rejects it at analysis.
 */
import type {
  ComparisonOperator,
  JsonPath,
  PathExpression,
  PathLiteral,
  PathMode,
  PathPredicate,
  Subscript,
} from './json-path-ast.js';
import { ITEM_METHODS, type ItemMethod } from './json-path-ast.js';

/** A path that does not parse: the error name, Trino's message, and where in the path text. */
export class JsonPathError extends Error {
  constructor(
    readonly errorName: 'SYNTAX_ERROR' | 'INVALID_PATH',
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

type TokenKind = 'word' | 'variable' | 'number' | 'string' | 'symbol' | 'eof';

interface Token {
  readonly kind: TokenKind;
  /** The word, the variable name (without `$`), the number text, the string's value or the symbol. */
  readonly value: string;
  /** The text as written, for messages. */
  readonly text: string;
  readonly offset: number;
}

const SYMBOLS = ['..', '==', '!=', '<>', '<=', '>=', '&&', '||', '.', '[', ']', '(', ')', ',', '?', '*', '+', '-'];
const MORE_SYMBOLS = ['/', '%', '<', '>', '!', '@'];
const COMPARISONS: ReadonlySet<string> = new Set(['==', '!=', '<>', '<', '<=', '>', '>=']);

function isWordStart(c: string): boolean {
  return /[\p{L}_]/u.test(c);
}

function isWordPart(c: string): boolean {
  return /[\p{L}\p{Nd}_]/u.test(c);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isWordStart(c)) {
      while (i < text.length && isWordPart(text[i] as string)) i++;
      const word = text.slice(start, i);
      tokens.push({ kind: 'word', value: word, text: word, offset: start });
    } else if (c === '$') {
      i++;
      while (i < text.length && isWordPart(text[i] as string)) i++;
      const written = text.slice(start, i);
      tokens.push({ kind: 'variable', value: written.slice(1), text: written, offset: start });
    } else if (c >= '0' && c <= '9') {
      while (i < text.length && /[0-9]/.test(text[i] as string)) i++;
      if (text[i] === '.' && /[0-9]/.test(text[i + 1] ?? '')) {
        i++;
        while (i < text.length && /[0-9]/.test(text[i] as string)) i++;
      }
      if ((text[i] === 'e' || text[i] === 'E') && /[0-9+-]/.test(text[i + 1] ?? '')) {
        i += 2;
        while (i < text.length && /[0-9]/.test(text[i] as string)) i++;
      }
      const number = text.slice(start, i);
      tokens.push({ kind: 'number', value: number, text: number, offset: start });
    } else if (c === '"') {
      const [value, end] = readString(text, i);
      i = end;
      tokens.push({ kind: 'string', value, text: text.slice(start, i), offset: start });
    } else {
      const symbol = SYMBOLS.find((s) => text.startsWith(s, i)) ?? MORE_SYMBOLS.find((s) => text.startsWith(s, i));
      if (symbol === undefined) throw new JsonPathError('SYNTAX_ERROR', `token recognition error at: '${c}'`, i);
      i += symbol.length;
      tokens.push({ kind: 'symbol', value: symbol, text: symbol, offset: start });
    }
  }
  tokens.push({ kind: 'eof', value: '', text: '<EOF>', offset: text.length });
  return tokens;
}

/** A double-quoted string with JSON escapes; returns its value and the offset after it. */
function readString(text: string, start: number): [string, number] {
  let value = '';
  let i = start + 1;
  for (;;) {
    if (i >= text.length)
      throw new JsonPathError('SYNTAX_ERROR', `token recognition error at: '${text.slice(start)}'`, start);
    const c = text[i++] as string;
    if (c === '"') return [value, i];
    if (c !== '\\') {
      value += c;
      continue;
    }
    const e = text[i++];
    switch (e) {
      case '"':
      case '\\':
      case '/':
        value += e;
        break;
      case 'b':
        value += '\b';
        break;
      case 'f':
        value += '\f';
        break;
      case 'n':
        value += '\n';
        break;
      case 'r':
        value += '\r';
        break;
      case 't':
        value += '\t';
        break;
      case 'u': {
        const hex = text.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          throw new JsonPathError('SYNTAX_ERROR', `token recognition error at: '${text.slice(start, i)}'`, start);
        }
        value += String.fromCharCode(Number.parseInt(hex, 16));
        i += 4;
        break;
      }
      default:
        throw new JsonPathError('SYNTAX_ERROR', `token recognition error at: '${text.slice(start, i)}'`, start);
    }
  }
}

const PATH_CACHE_LIMIT = 1024;
const cache = new Map<string, JsonPath>();

/** Parses a path, cached by its text: a query parses its path once, not once per row. */
export function parseSqlJsonPath(text: string): JsonPath {
  let path = cache.get(text);
  if (path === undefined) {
    path = new PathParser(text).parse();
    if (cache.size >= PATH_CACHE_LIMIT) cache.clear();
    cache.set(text, path);
  }
  return path;
}

class PathParser {
  private readonly tokens: Token[];
  private index = 0;

  constructor(text: string) {
    this.tokens = tokenize(text);
  }

  parse(): JsonPath {
    const first = this.token;
    if (first.kind !== 'word' || (first.value !== 'lax' && first.value !== 'strict')) {
      throw this.mismatch("{'lax', 'strict'}");
    }
    this.index++;
    const mode = first.value as PathMode;
    const root = this.expression();
    if (this.token.kind !== 'eof') throw this.extraneous();
    return { mode, root };
  }

  private get token(): Token {
    return this.tokens[this.index] as Token;
  }

  private isSymbol(symbol: string): boolean {
    return this.token.kind === 'symbol' && this.token.value === symbol;
  }

  private isWord(word: string): boolean {
    return this.token.kind === 'word' && this.token.value === word;
  }

  private acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.index++;
    return true;
  }

  private expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw this.mismatch(`'${symbol}'`);
  }

  private expectWord(word: string): void {
    if (!this.isWord(word)) throw this.mismatch(`'${word}'`);
    this.index++;
  }

  private mismatch(expecting: string): JsonPathError {
    const t = this.token;
    return new JsonPathError('SYNTAX_ERROR', `mismatched input '${t.text}' expecting ${expecting}`, t.offset);
  }

  private extraneous(): JsonPathError {
    const t = this.token;
    return new JsonPathError('SYNTAX_ERROR', `extraneous input '${t.text}' expecting <EOF>`, t.offset);
  }

  private expression(): PathExpression {
    let left = this.multiplicative();
    while (this.isSymbol('+') || this.isSymbol('-')) {
      const operator = this.token.value as '+' | '-';
      this.index++;
      left = { kind: 'binary', operator, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): PathExpression {
    let left = this.unary();
    while (this.isSymbol('*') || this.isSymbol('/') || this.isSymbol('%')) {
      const operator = this.token.value as '*' | '/' | '%';
      this.index++;
      left = { kind: 'binary', operator, left, right: this.unary() };
    }
    return left;
  }

  private unary(): PathExpression {
    if (this.isSymbol('+') || this.isSymbol('-')) {
      const sign = this.token.value as '+' | '-';
      this.index++;
      return { kind: 'unary', sign, operand: this.unary() };
    }
    return this.accessors(this.primary());
  }

  private accessors(start: PathExpression): PathExpression {
    let base = start;
    for (;;) {
      if (this.acceptSymbol('.')) {
        base = this.afterDot(base);
      } else if (this.acceptSymbol('..')) {
        const t = this.token;
        if (t.kind !== 'word' && t.kind !== 'string') throw this.mismatch('{<identifier>, <string>}');
        this.index++;
        base = { kind: 'descendant', base, key: t.value };
      } else if (this.acceptSymbol('[')) {
        if (this.acceptSymbol('*')) {
          this.expectSymbol(']');
          base = { kind: 'wildcardArray', base };
          continue;
        }
        const subscripts: Subscript[] = [];
        do {
          const from = this.expression();
          if (this.isWord('to')) {
            this.index++;
            subscripts.push({ from, to: this.expression() });
          } else {
            subscripts.push({ from });
          }
        } while (this.acceptSymbol(','));
        this.expectSymbol(']');
        base = { kind: 'array', base, subscripts };
      } else if (this.acceptSymbol('?')) {
        this.expectSymbol('(');
        const predicate = this.predicate();
        this.expectSymbol(')');
        base = { kind: 'filter', base, predicate };
      } else {
        return base;
      }
    }
  }

  /** After `.`: `*`, a method call `name()`, a key, or a quoted key. */
  private afterDot(base: PathExpression): PathExpression {
    const t = this.token;
    if (this.acceptSymbol('*')) return { kind: 'wildcardMember', base };
    if (t.kind === 'string') {
      this.index++;
      return { kind: 'member', base, key: t.value };
    }
    if (t.kind !== 'word') throw this.mismatch("{'*', <identifier>, <string>}");
    this.index++;
    const next = this.token;
    if (next.kind === 'symbol' && next.value === '(') {
      if (t.value === 'datetime') {
        throw new JsonPathError('INVALID_PATH', 'JSON path datetime() method is not supported', t.offset);
      }
      if (!ITEM_METHODS.has(t.value)) throw this.mismatch("{')', <EOF>}");
      this.index++;
      this.expectSymbol(')');
      return { kind: 'method', base, method: t.value as ItemMethod };
    }
    return { kind: 'member', base, key: t.value };
  }

  private primary(): PathExpression {
    const t = this.token;
    switch (t.kind) {
      case 'number': {
        this.index++;
        const integer = /^[0-9]+$/.test(t.value);
        return { kind: 'literal', value: { type: 'number', text: t.value, integer } };
      }
      case 'string':
        this.index++;
        return { kind: 'literal', value: { type: 'string', value: t.value } };
      case 'variable':
        this.index++;
        return t.value === '' ? { kind: 'context' } : { kind: 'variable', name: t.value };
      case 'word': {
        const literal = WORD_LITERALS[t.value];
        if (literal !== undefined) {
          this.index++;
          return { kind: 'literal', value: literal };
        }
        if (t.value === 'last') {
          this.index++;
          return { kind: 'last' };
        }
        break;
      }
      case 'symbol':
        if (t.value === '@') {
          this.index++;
          return { kind: 'current' };
        }
        if (t.value === '(') {
          this.index++;
          const inner = this.expression();
          this.expectSymbol(')');
          return inner;
        }
        break;
      default:
        break;
    }
    throw this.mismatch("{'$', '@', 'last', '(', <literal>, <variable>}");
  }

  // Predicates ------------------------------------------------------------------------------

  private predicate(): PathPredicate {
    let left = this.conjunction();
    while (this.acceptSymbol('||')) left = { kind: 'or', left, right: this.conjunction() };
    return left;
  }

  private conjunction(): PathPredicate {
    let left = this.predicatePrimary();
    while (this.acceptSymbol('&&')) left = { kind: 'and', left, right: this.predicatePrimary() };
    return left;
  }

  private predicatePrimary(): PathPredicate {
    if (this.acceptSymbol('!')) {
      if (this.isWord('exists') || this.isSymbol('(')) return { kind: 'not', predicate: this.delimitedPredicate() };
      throw this.mismatch("{'exists', '('}");
    }
    if (this.isWord('exists') && this.tokens[this.index + 1]?.value === '(') return this.delimitedPredicate();
    if (this.isSymbol('(')) {
      // `(predicate)` [is unknown], or a parenthesised path on the left of a comparison: try the
      // predicate first and fall back to a path when what follows shows it was one.
      const start = this.index;
      try {
        const inner = this.delimitedPredicate();
        if (this.isWord('is')) {
          this.index++;
          this.expectWord('unknown');
          return { kind: 'isUnknown', predicate: inner };
        }
        if (!this.continuesPath()) return inner;
      } catch (e) {
        if (!(e instanceof JsonPathError)) throw e;
      }
      this.index = start;
    }
    const left = this.expression();
    const t = this.token;
    if (t.kind === 'symbol' && COMPARISONS.has(t.value)) {
      this.index++;
      return { kind: 'comparison', operator: t.value as ComparisonOperator, left, right: this.expression() };
    }
    if (this.isWord('starts')) {
      this.index++;
      this.expectWord('with');
      const prefix = this.token;
      if (prefix.kind === 'string') {
        this.index++;
        return {
          kind: 'startsWith',
          whole: left,
          prefix: { kind: 'literal', value: { type: 'string', value: prefix.value } },
        };
      }
      if (prefix.kind === 'variable' && prefix.value !== '') {
        this.index++;
        return { kind: 'startsWith', whole: left, prefix: { kind: 'variable', name: prefix.value } };
      }
      throw this.mismatch('{<string>, <variable>}');
    }
    if (this.isWord('like_regex')) {
      this.index++;
      const pattern = this.token;
      if (pattern.kind !== 'string') throw this.mismatch('<string>');
      this.index++;
      let flags = '';
      if (this.isWord('flag')) {
        this.index++;
        const flag = this.token;
        if (flag.kind !== 'string') throw this.mismatch('<string>');
        this.index++;
        flags = flag.value;
      }
      return { kind: 'likeRegex', path: left, pattern: compileRegex(pattern.value, flags, pattern.offset) };
    }
    throw this.mismatch("{'==', '!=', '<>', '<', '<=', '>', '>=', 'starts', 'like_regex'}");
  }

  /** Whether the token after a parenthesised predicate shows it was a path operand instead. */
  private continuesPath(): boolean {
    const t = this.token;
    if (t.kind === 'word') return t.value === 'starts' || t.value === 'like_regex';
    if (t.kind !== 'symbol') return false;
    return COMPARISONS.has(t.value) || ['+', '-', '*', '/', '%', '.', '..', '[', '?'].includes(t.value);
  }

  private delimitedPredicate(): PathPredicate {
    if (this.isWord('exists')) {
      this.index++;
      this.expectSymbol('(');
      const path = this.expression();
      this.expectSymbol(')');
      return { kind: 'exists', path };
    }
    this.expectSymbol('(');
    const inner = this.predicate();
    this.expectSymbol(')');
    return inner;
  }
}

const WORD_LITERALS: Readonly<Record<string, PathLiteral>> = {
  true: { type: 'boolean', value: true },
  false: { type: 'boolean', value: false },
  null: { type: 'null' },
};

/**
 * like_regex's XQuery pattern as a JavaScript RegExp (the common syntax is the same; XQuery's flags
 * are i, s, m and x, where x drops whitespace from the pattern). The match is a search, as XQuery's
 * `matches` is.
 */
function compileRegex(pattern: string, flags: string, offset: number): RegExp {
  let source = pattern;
  let jsFlags = 'u';
  for (const flag of flags) {
    if (flag === 'i' || flag === 's' || flag === 'm') {
      if (!jsFlags.includes(flag)) jsFlags += flag;
    } else if (flag === 'x') {
      source = source.replace(/\s+/g, '');
    } else if (flag !== 'q') {
      throw new JsonPathError('INVALID_PATH', `invalid like_regex flags in JSON path: ${flags}`, offset);
    }
  }
  if (flags.includes('q')) source = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  try {
    return new RegExp(source, jsFlags);
  } catch (e) {
    throw new JsonPathError('INVALID_PATH', `invalid like_regex pattern in JSON path: ${(e as Error).message}`, offset);
  }
}
