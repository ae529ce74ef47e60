/**
 * Literal checks and decoding the parser needs beyond what the lexer does: the bigint range of
 * integer literals and the escapes of Unicode strings (`U&'...' [UESCAPE 'c']`).
 */
import { syntaxError } from './parse-error.js';
import type { Token } from './token.js';

const MAX_BIGINT = '9223372036854775807';
const MIN_BIGINT_MAGNITUDE = '9223372036854775808';

/**
 * True when `text` (digits, optionally after `-`) fits a bigint, as Presto requires of integer
 * literals (`Invalid numeric literal` otherwise).
 */
export function integerLiteralInRange(text: string): boolean {
  const negative = text.charCodeAt(0) === 45;
  let start = negative ? 1 : 0;
  while (start < text.length - 1 && text.charCodeAt(start) === 48) start++;
  const digits = text.length - start;
  const limit = negative ? MIN_BIGINT_MAGNITUDE : MAX_BIGINT;
  if (digits !== limit.length) return digits < limit.length;
  return text.slice(start) <= limit;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Checks a UESCAPE character: one character that is not a hex digit, `+`, a quote or whitespace. */
export function checkUnicodeEscapeCharacter(escapeChar: string, at: Token): void {
  const c = escapeChar.charCodeAt(0);
  const bad =
    escapeChar.length !== 1 ||
    hexValue(c) >= 0 ||
    escapeChar === '+' ||
    escapeChar === '"' ||
    escapeChar === "'" ||
    c === 32 ||
    c === 9 ||
    c === 10 ||
    c === 13;
  if (bad) throw syntaxError(`Invalid Unicode escape character: '${escapeChar}'`, at);
}

/**
 * Decodes the escapes of a Unicode string: `<e>XXXX` (4 hex digits), `<e>+XXXXXX` (6 hex digits)
 * and `<e><e>` for the escape character itself, where `<e>` is `escapeChar`.
 */
export function decodeUnicodeString(raw: string, escapeChar: string, at: Token): string {
  const e = escapeChar.charCodeAt(0);
  if (raw.indexOf(escapeChar) < 0) return raw;
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const c = raw.charCodeAt(i);
    if (c !== e) {
      out += raw[i];
      i++;
      continue;
    }
    if (raw.charCodeAt(i + 1) === e) {
      out += escapeChar;
      i += 2;
      continue;
    }
    const long = raw.charCodeAt(i + 1) === 43;
    const first = long ? i + 2 : i + 1;
    const count = long ? 6 : 4;
    let code = 0;
    for (let k = first; k < first + count; k++) {
      const digit = k < raw.length ? hexValue(raw.charCodeAt(k)) : -1;
      if (digit < 0) {
        const sequence = raw.slice(i, Math.min(raw.length, first + count));
        throw syntaxError(`Invalid Unicode escape sequence: ${sequence}`, at);
      }
      code = code * 16 + digit;
    }
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      throw syntaxError(`Invalid Unicode code point: ${code.toString(16).toUpperCase()}`, at);
    }
    out += String.fromCodePoint(code);
    i = first + count;
  }
  return out;
}
