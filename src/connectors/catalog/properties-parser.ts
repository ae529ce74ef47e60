/**
 * A parser for Java `.properties` text, the format of Presto's `etc/` configuration files, with
 * java.util.Properties' rules: lines end at \n, \r or \r\n; a line whose first non-blank
 * character is `#` or `!` is a comment; a line ending in an odd number of backslashes continues
 * on the next line (whose leading blanks are dropped); the key runs to the first unescaped `=`,
 * `:` or blank, and the separator may be surrounded by blanks; escapes `\t \n \r \f \uXXXX` are
 * decoded and a backslash before any other character stands for that character. Blanks are
 * space, tab and form feed. A later duplicate key wins, as in Java.
 *
 * Errors (a malformed `\u` escape) are CONFIGURATION_INVALID with the 1-based line number.
 */
import { VivaceError } from '../../common/vivace-error.js';

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const FORM_FEED = 12;
const BACKSLASH = 92;
const HASH = 35;
const BANG = 33;
const EQUALS = 61;
const COLON = 58;
const BYTE_ORDER_MARK = 0xfeff;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === FORM_FEED;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** One logical line: its text with continuations joined (escapes still encoded) and its first line number. */
interface LogicalLine {
  readonly text: string;
  readonly line: number;
}

/** Splits text into logical lines, dropping comments and blank lines. */
function logicalLines(text: string): LogicalLine[] {
  const lines: LogicalLine[] = [];
  let pos = text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  let lineNumber = 1;
  while (pos < text.length) {
    while (pos < text.length && isBlank(text.charCodeAt(pos))) pos++;
    const firstLine = lineNumber;
    const first = text.charCodeAt(pos);
    const isComment = first === HASH || first === BANG;
    let logical = '';
    for (;;) {
      let end = pos;
      while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
      let backslashes = 0;
      while (backslashes < end - pos && text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
      // Comments never continue; an odd run of trailing backslashes escapes the line break.
      const continues = !isComment && backslashes % 2 === 1 && end < text.length;
      logical += text.slice(pos, continues ? end - 1 : end);
      pos = end;
      if (pos < text.length) {
        pos += text.charCodeAt(pos) === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1;
        lineNumber++;
      }
      if (!continues) break;
      while (pos < text.length && isBlank(text.charCodeAt(pos))) pos++;
    }
    if (!isComment && logical.length > 0) lines.push({ text: logical, line: firstLine });
  }
  return lines;
}

/** Decodes the escapes of text[start, end). */
function decodeEscapes(text: string, start: number, end: number, line: number): string {
  let out = '';
  let runStart = start;
  let i = start;
  while (i < end) {
    if (text.charCodeAt(i) !== BACKSLASH) {
      i++;
      continue;
    }
    out += text.slice(runStart, i);
    i++;
    if (i >= end) {
      // A lone trailing backslash (the end of the file) stands for nothing.
      runStart = i;
      break;
    }
    const c = text.charCodeAt(i);
    if (c === 117 /* u */) {
      let code = 0;
      for (let k = 1; k <= 4; k++) {
        const digit = i + k < end ? hexValue(text.charCodeAt(i + k)) : -1;
        if (digit < 0) {
          throw new VivaceError('CONFIGURATION_INVALID', `line ${line}: Malformed \\uxxxx encoding`);
        }
        code = code * 16 + digit;
      }
      out += String.fromCharCode(code);
      i += 5;
    } else {
      out += c === 116 ? '\t' : c === 110 ? '\n' : c === 114 ? '\r' : c === 102 ? '\f' : text[i];
      i++;
    }
    runStart = i;
  }
  return out + text.slice(runStart, end);
}

/** Parses properties text into a key → value record (insertion order is file order). */
export function parseProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = Object.create(null);
  for (const { text: line, line: lineNumber } of logicalLines(text)) {
    let keyEnd = 0;
    while (keyEnd < line.length) {
      const c = line.charCodeAt(keyEnd);
      if (c === BACKSLASH) keyEnd += 2;
      else if (c === EQUALS || c === COLON || isBlank(c)) break;
      else keyEnd++;
    }
    keyEnd = Math.min(keyEnd, line.length);
    let valueStart = keyEnd;
    while (valueStart < line.length && isBlank(line.charCodeAt(valueStart))) valueStart++;
    const separator = line.charCodeAt(valueStart);
    if (separator === EQUALS || separator === COLON) {
      valueStart++;
      while (valueStart < line.length && isBlank(line.charCodeAt(valueStart))) valueStart++;
    }
    const key = decodeEscapes(line, 0, keyEnd, lineNumber);
    properties[key] = decodeEscapes(line, valueStart, line.length, lineNumber);
  }
  return { ...properties };
}
