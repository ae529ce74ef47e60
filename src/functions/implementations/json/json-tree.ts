/**
 * JSON text ↔ a tree of JS values, with the canonical output Trino's Jackson-based code writes:
 * no whitespace, strings escaped as Jackson escapes them (`"`, `\`, control characters; `/` and
 * non-ASCII left as they are), integers exactly as written (any size), other numbers as Java's
 * Double.toString prints the double they denote (`1.50` → `1.5`, `1e2` → `100.0`). json_parse and
 * casts to JSON sort object keys (Trino's ORDER_MAP_ENTRIES_BY_KEYS); extraction keeps the order of
 * the input. The parser is strict RFC 8259, as Jackson's defaults are, and scans char codes.
 */
import { formatDouble } from '../cast/number-text.js';

/** A JSON number, keeping the text it was written with (integers stay exact, floats re-print in Java style). */
export class JsonNumber {
  constructor(
    readonly text: string,
    readonly isInteger: boolean,
  ) {}

  /** The canonical text: the integer as written, or the float as Java prints the double. */
  canonical(): string {
    if (this.isInteger) {
      // Jackson reads -0 as the int 0.
      return this.text === '-0' ? '0' : this.text;
    }
    return formatDouble(Number(this.text));
  }

  toNumber(): number {
    return Number(this.text);
  }
}

export type JsonNode = null | boolean | string | JsonNumber | JsonNode[] | JsonObject;
/** Keys in input order; a repeated key keeps its first position and its last value. */
export type JsonObject = Map<string, JsonNode>;

export class JsonSyntaxError extends Error {}

/** Parses JSON text; throws JsonSyntaxError (callers turn it into their own message). */
export function parseJson(text: string): JsonNode {
  const parser = new JsonParser(text);
  const value = parser.parseValue();
  parser.expectEnd();
  return value;
}

/** Parses JSON text, undefined when it is not valid JSON. */
export function tryParseJson(text: string): JsonNode | undefined {
  try {
    return parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return undefined;
    throw e;
  }
}

const MAX_DEPTH = 1000;

class JsonParser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  expectEnd(): void {
    this.skipWhitespace();
    if (this.pos < this.text.length) throw this.error('trailing characters');
  }

  parseValue(): JsonNode {
    this.skipWhitespace();
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case 0x7b /* { */:
        return this.parseObject();
      case 0x5b /* [ */:
        return this.parseArray();
      case 0x22 /* " */:
        return this.parseString();
      case 0x74 /* t */:
        return this.literal('true', true);
      case 0x66 /* f */:
        return this.literal('false', false);
      case 0x6e /* n */:
        return this.literal('null', null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.parseNumber();
        throw this.error('unexpected character');
    }
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw this.error('nesting too deep');
  }

  private parseObject(): JsonObject {
    this.enter();
    this.pos++;
    const object: JsonObject = new Map();
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      this.depth--;
      return object;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x22) throw this.error('expected a field name');
      const key = this.parseString();
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x3a) throw this.error("expected ':'");
      this.pos++;
      object.set(key, this.parseValue());
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos++);
      if (c === 0x7d) break;
      if (c !== 0x2c) throw this.error("expected ',' or '}'");
    }
    this.depth--;
    return object;
  }

  private parseArray(): JsonNode[] {
    this.enter();
    this.pos++;
    const array: JsonNode[] = [];
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      this.depth--;
      return array;
    }
    for (;;) {
      array.push(this.parseValue());
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos++);
      if (c === 0x5d) break;
      if (c !== 0x2c) throw this.error("expected ',' or ']'");
    }
    this.depth--;
    return array;
  }

  private parseString(): string {
    const text = this.text;
    let pos = this.pos + 1;
    let start = pos;
    let result = '';
    for (;;) {
      if (pos >= text.length) throw this.error('unterminated string');
      const c = text.charCodeAt(pos);
      if (c === 0x22) break;
      if (c < 0x20) throw this.error('control character in string');
      if (c !== 0x5c) {
        pos++;
        continue;
      }
      result += text.slice(start, pos);
      const e = text.charCodeAt(pos + 1);
      pos += 2;
      switch (e) {
        case 0x22:
          result += '"';
          break;
        case 0x5c:
          result += '\\';
          break;
        case 0x2f:
          result += '/';
          break;
        case 0x62:
          result += '\b';
          break;
        case 0x66:
          result += '\f';
          break;
        case 0x6e:
          result += '\n';
          break;
        case 0x72:
          result += '\r';
          break;
        case 0x74:
          result += '\t';
          break;
        case 0x75: {
          const hex = text.slice(pos, pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw this.error('bad unicode escape');
          result += String.fromCharCode(Number.parseInt(hex, 16));
          pos += 4;
          break;
        }
        default:
          throw this.error('bad escape');
      }
      start = pos;
    }
    result += text.slice(start, pos);
    this.pos = pos + 1;
    return result;
  }

  private parseNumber(): JsonNumber {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === 0x2d) pos++;
    const firstDigit = text.charCodeAt(pos);
    if (firstDigit === 0x30) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) throw this.error('leading zero');
    } else if (isDigit(firstDigit)) {
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else {
      throw this.error('expected a digit');
    }
    let isInteger = true;
    if (text.charCodeAt(pos) === 0x2e) {
      isInteger = false;
      pos++;
      if (!isDigit(text.charCodeAt(pos))) throw this.error('expected a digit after the point');
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const e = text.charCodeAt(pos);
    if (e === 0x65 || e === 0x45) {
      isInteger = false;
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === 0x2b || sign === 0x2d) pos++;
      if (!isDigit(text.charCodeAt(pos))) throw this.error('expected an exponent');
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    this.pos = pos;
    return new JsonNumber(text.slice(start, pos), isInteger);
  }

  private literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) throw this.error('unexpected literal');
    this.pos += word.length;
    return value;
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
      else break;
    }
    this.pos = pos;
  }

  private error(reason: string): JsonSyntaxError {
    return new JsonSyntaxError(`${reason} at ${this.pos}`);
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** A JSON string literal, escaped as Jackson escapes. */
export function quoteJsonString(value: string): string {
  let result = '"';
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    result += value.slice(start, i);
    start = i + 1;
    switch (c) {
      case 0x22:
        result += '\\"';
        break;
      case 0x5c:
        result += '\\\\';
        break;
      case 0x0a:
        result += '\\n';
        break;
      case 0x0d:
        result += '\\r';
        break;
      case 0x09:
        result += '\\t';
        break;
      case 0x08:
        result += '\\b';
        break;
      case 0x0c:
        result += '\\f';
        break;
      default:
        result += `\\u00${c < 0x10 ? '0' : ''}${c.toString(16).toUpperCase()}`;
    }
  }
  return `${result + value.slice(start)}"`;
}

/** Canonical JSON text of a tree; `sortKeys` orders object keys by UTF-16 units, as Java's String order. */
export function writeJson(node: JsonNode, sortKeys: boolean): string {
  if (node === null) return 'null';
  if (typeof node === 'boolean') return node ? 'true' : 'false';
  if (typeof node === 'string') return quoteJsonString(node);
  if (node instanceof JsonNumber) return node.canonical();
  if (Array.isArray(node)) return `[${node.map((n) => writeJson(n, sortKeys)).join(',')}]`;
  const entries = [...node];
  if (sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${quoteJsonString(k)}:${writeJson(v, sortKeys)}`).join(',')}}`;
}
