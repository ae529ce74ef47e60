/**
 * The base of the recursive-descent parser: the token stream, the bookkeeping of what was
 * expected at the failing token, the nesting-depth guard, and the small parsers every layer
 * uses (identifiers, qualified names, strings). The layers extend it in a chain with no import
 * cycles: ParserState ← TypeParser ← SpecialFormParser ← PrimaryParser ← ExpressionParser ←
 * QueryParser ← StatementParser.
 *
 * Expected sets. The parser runs first with `recording` off, which costs nothing on valid input;
 * when it fails there it throws MISMATCH, and the entry point parses again with `recording` on.
 * The second run notes, for the token where it stops, every alternative tried there (`note`),
 * and the failure reports them. There is no backtracking, so both runs fail at the same token.
 */
import type { Identifier, QualifiedName } from './ast.js';
import type { TokenBuffer } from './lexer.js';
import { MAX_NESTING_DEPTH, mismatchError, quoteKey, tooDeeplyNested } from './parse-error.js';
import { checkUnicodeEscapeCharacter, decodeUnicodeString } from './parser-literals.js';
import type { Token } from './token.js';

/**
 * A node under construction: optional fields are assigned only when present (an absent field is
 * missing, never `undefined`), which is cheaper than spreading optional parts into a literal.
 */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Thrown by a non-recording run on a mismatch: the entry point re-parses to describe it. */
export const MISMATCH = Symbol('mismatch');

export class ParserState {
  protected token: Token;
  private index = 0;
  private readonly recording: boolean;
  private noted: string[] = [];
  private notedIndex = -1;
  private depth = 0;
  private parameterCount = 0;

  constructor(
    private readonly tokens: TokenBuffer,
    recording: boolean,
  ) {
    this.recording = recording;
    this.token = tokens.at(0);
  }

  // ---------------------------------------------------------------------------------------------
  // Token stream

  /** The token `k` places after the current one (the `eof` token past the end). */
  protected peek(k: number): Token {
    return this.tokens.at(this.index + k);
  }

  /** Consumes the current token and returns it (the `eof` token stays current). */
  protected advance(): Token {
    const consumed = this.token;
    if (consumed.kind !== 'eof') this.token = this.tokens.at(++this.index);
    return consumed;
  }

  /** Whether the current token's key is `key` (a call, so no stale narrowing after `advance`). */
  protected at(key: string): boolean {
    return this.token.key === key;
  }

  protected atEnd(): boolean {
    return this.token.kind === 'eof';
  }

  /** Consumes the current token if its key is `key`; otherwise notes `key` as expected. */
  protected accept(key: string): boolean {
    if (this.token.key === key) {
      this.advance();
      return true;
    }
    if (this.recording) this.note(quoteKey(key));
    return false;
  }

  /** Consumes a token with key `key`, or fails. */
  protected expect(key: string): Token {
    if (this.token.key === key) return this.advance();
    if (this.recording) this.note(quoteKey(key));
    throw this.fail();
  }

  // ---------------------------------------------------------------------------------------------
  // Expected sets and errors

  /** Notes that `label` (a quoted token or a `<category>`) would have been valid here. */
  protected note(label: string): void {
    if (!this.recording) return;
    if (this.index > this.notedIndex) {
      this.notedIndex = this.index;
      this.noted = [];
    }
    if (this.index === this.notedIndex) this.noted.push(label);
  }

  /** Notes each key in `keys` as an expected token. */
  protected noteKeys(keys: readonly string[]): void {
    if (!this.recording) return;
    for (const key of keys) this.note(quoteKey(key));
  }

  /** The error for the current token, listing what was noted at it. */
  protected fail(): unknown {
    if (this.token.kind === 'error') return mismatchError(this.token, []);
    if (!this.recording) return MISMATCH;
    return mismatchError(this.token, this.notedIndex === this.index ? this.noted : []);
  }

  /** Enters one nesting level (expression, query, relation, type). */
  protected enter(): void {
    if (++this.depth > MAX_NESTING_DEPTH) throw tooDeeplyNested(this.token);
  }

  protected leave(): void {
    this.depth--;
  }

  protected nextParameterIndex(): number {
    return this.parameterCount++;
  }

  // ---------------------------------------------------------------------------------------------
  // Names and strings

  protected isIdentifier(token: Token): boolean {
    return token.kind === 'identifier' || token.kind === 'quoted_identifier';
  }

  protected identifierOf(token: Token): Identifier {
    return { kind: 'Identifier', value: token.value, quoted: token.kind === 'quoted_identifier', pos: token.pos };
  }

  protected parseIdentifier(): Identifier {
    const t = this.token;
    if (t.kind === 'identifier' || t.kind === 'quoted_identifier') {
      this.advance();
      return this.identifierOf(t);
    }
    this.note('<identifier>');
    throw this.fail();
  }

  /** `a.b.c`. */
  protected parseQualifiedName(): QualifiedName {
    const first = this.parseIdentifier();
    const parts = [first];
    while (this.token.key === '.') {
      this.advance();
      parts.push(this.parseIdentifier());
    }
    this.note("'.'");
    return { kind: 'QualifiedName', parts, pos: first.pos };
  }

  /** `(a, b, c)`: a parenthesised list of identifiers. */
  protected parseIdentifierList(): Identifier[] {
    this.expect('(');
    const names = [this.parseIdentifier()];
    while (this.accept(',')) names.push(this.parseIdentifier());
    this.expect(')');
    return names;
  }

  /** Whether `token` is a string literal, plain or Unicode. */
  protected isString(token: Token): boolean {
    return token.kind === 'string' || token.kind === 'unicode_string';
  }

  /** A string literal's value: `'...'`, or `U&'...'` with an optional `UESCAPE '<c>'`. */
  protected parseStringValue(): string {
    const t = this.token;
    if (t.kind === 'string') {
      this.advance();
      return t.value;
    }
    if (t.kind !== 'unicode_string') {
      this.note('<string>');
      throw this.fail();
    }
    this.advance();
    let escapeChar = '\\';
    if (this.token.key === 'UESCAPE') {
      this.advance();
      const escapeToken = this.token;
      if (escapeToken.kind !== 'string') {
        this.note('<string>');
        throw this.fail();
      }
      this.advance();
      checkUnicodeEscapeCharacter(escapeToken.value, escapeToken);
      escapeChar = escapeToken.value;
    } else {
      this.note("'UESCAPE'");
    }
    return decodeUnicodeString(t.value, escapeChar, t);
  }
}
