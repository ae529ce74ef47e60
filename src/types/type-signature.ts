/**
 * Type signatures as text: `formatType` prints them as Trino does (see format-type.ts for the exact
 * rules) and `parseType` reads them back.
 *
 * The parser is a single-pass scanner over char codes. It accepts both Trino forms (the display name
 * and the TypeSignature text), any letter case and any spacing, and a few spellings users write:
 * `double precision`, `timestamp with time zone` (precision 3), `timestamp(p) without time zone`,
 * Hive-style `array<T>` and `map<K,V>`, `decimal` and `decimal(p)`. Row fields may be named by a bare
 * word (lowercased, as Trino canonicalises unquoted identifiers) or a double-quoted name (kept as
 * written, `""` is a quote), or be anonymous: `row(bigint, varchar)`. A word followed by another
 * word is a field name unless the two spell a multi-word type (`double precision`,
 * `time with time zone`, `interval day to second`).
 *
 * Anything else fails with `Unknown type: <signature>` (TYPE_NOT_FOUND), as Trino reports it; range
 * errors on parameters come from makeType.
 */
import { VivaceError } from '../common/vivace-error.js';
import { makeType, type TypeArgument } from './make-type.js';
import type { Type } from './type.js';

export { formatType, formatTypeSignature, quoteFieldName } from './format-type.js';

const SPACE = 0x20;
const TAB = 0x09;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const COMMA = 0x2c;
const LESS = 0x3c;
const GREATER = 0x3e;
const QUOTE = 0x22;
const UNDERSCORE = 0x5f;

/** Parses a type signature; throws TYPE_NOT_FOUND for text that is not a type. */
export function parseType(signature: string): Type {
  const parser = new SignatureParser(signature);
  const type = parser.parseType();
  parser.skipSpaces();
  if (!parser.atEnd()) throw parser.fail();
  return type;
}

class SignatureParser {
  private pos = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  fail(): VivaceError {
    return new VivaceError('TYPE_NOT_FOUND', `Unknown type: ${this.text.trim()}`);
  }

  skipSpaces(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c !== SPACE && c !== TAB && c !== NEWLINE && c !== RETURN) break;
      this.pos++;
    }
  }

  parseType(): Type {
    const base = this.readWord();
    if (base === '') throw this.fail();
    let name = base;
    if (base === 'double') {
      if (this.peekWord() === 'precision') this.readWord();
    } else if (base === 'interval') {
      const from = this.readWord();
      if ((from !== 'day' && from !== 'year') || this.readWord() !== 'to') throw this.fail();
      const to = this.readWord();
      if ((from === 'day' && to !== 'second') || (from === 'year' && to !== 'month')) throw this.fail();
      name = `interval ${from} to ${to}`;
    }

    let parameters: readonly TypeArgument[] = [];
    this.skipSpaces();
    const open = this.text.charCodeAt(this.pos);
    if (open === OPEN_PAREN || (open === LESS && (base === 'array' || base === 'map'))) {
      this.pos++;
      parameters = this.parseParameters(base === 'row', open === OPEN_PAREN ? CLOSE_PAREN : GREATER);
    }

    if (base === 'time' || base === 'timestamp') {
      const suffix = this.peekWord();
      if (suffix === 'with' || suffix === 'without') {
        this.readWord();
        if (this.readWord() !== 'time' || this.readWord() !== 'zone') throw this.fail();
        name = `${base} ${suffix} time zone`;
      }
    }
    return makeType(name, parameters);
  }

  private parseParameters(inRow: boolean, close: number): TypeArgument[] {
    const parameters: TypeArgument[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.text.charCodeAt(this.pos);
      if (isDigit(c)) {
        parameters.push({ kind: 'number', value: this.readNumber() });
      } else if (inRow) {
        const name = this.readFieldName();
        const type = this.parseType();
        parameters.push(name === undefined ? { kind: 'type', type } : { kind: 'type', type, name });
      } else {
        parameters.push({ kind: 'type', type: this.parseType() });
      }
      this.skipSpaces();
      const next = this.text.charCodeAt(this.pos++);
      if (next === close) return parameters;
      if (next !== COMMA) throw this.fail();
    }
  }

  /** Reads the name of a row field if one is there, leaving the position at its type. */
  private readFieldName(): string | undefined {
    if (this.text.charCodeAt(this.pos) === QUOTE) return this.readQuoted();
    const start = this.pos;
    const rawWord = this.readRawWord();
    if (rawWord === '') throw this.fail();
    const word = rawWord.toLowerCase();
    this.skipSpaces();
    const next = this.text.charCodeAt(this.pos);
    // A word followed by punctuation or the end is itself the field's type.
    if (!isWordStart(next)) {
      this.pos = start;
      return undefined;
    }
    const following = this.peekWord();
    const spellsType =
      (word === 'double' && following === 'precision') ||
      (word === 'interval' && (following === 'day' || following === 'year')) ||
      ((word === 'time' || word === 'timestamp') && (following === 'with' || following === 'without'));
    if (spellsType) {
      this.pos = start;
      return undefined;
    }
    return word;
  }

  private readQuoted(): string {
    const text = this.text;
    let value = '';
    let chunkStart = ++this.pos;
    for (;;) {
      if (this.pos >= text.length) throw this.fail();
      if (text.charCodeAt(this.pos) === QUOTE) {
        value += text.slice(chunkStart, this.pos);
        this.pos++;
        if (text.charCodeAt(this.pos) !== QUOTE) return value;
        value += '"';
        chunkStart = ++this.pos;
      } else {
        this.pos++;
      }
    }
  }

  private readNumber(): number {
    const start = this.pos;
    while (isDigit(this.text.charCodeAt(this.pos))) this.pos++;
    // Longer digit strings are out of every range anyway; Number() keeps them large.
    return Number(this.text.slice(start, this.pos));
  }

  /** The next word, lowercased, or '' when the next thing is not a word. */
  private readWord(): string {
    this.skipSpaces();
    return this.readRawWord().toLowerCase();
  }

  private readRawWord(): string {
    const start = this.pos;
    if (!isWordStart(this.text.charCodeAt(this.pos))) return '';
    this.pos++;
    while (isWordPart(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private peekWord(): string {
    const start = this.pos;
    const word = this.readWord();
    this.pos = start;
    return word;
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Letters, `_`, and any non-ASCII character (field names may be in any script). */
function isWordStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === UNDERSCORE || c >= 0x80;
}

function isWordPart(c: number): boolean {
  return isWordStart(c) || isDigit(c);
}
