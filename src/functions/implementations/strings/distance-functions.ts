/**
 * String distances and codes: levenshtein_distance (bounded like Trino's, which refuses inputs whose
 * product of lengths passes 1,000,000), hamming_distance, soundex (American Soundex as Apache
 * commons-codec computes it, H and W transparent), luhn_check.
 */
import type { RowType } from '../../../types/type.js';
import { invalidArgument } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { javaFormat } from './java-format.js';

const MAX_LEVENSHTEIN_CELLS = 1_000_000;

export function levenshteinDistance(left: string, right: string): number {
  const a = Array.from(left);
  const b = Array.from(right);
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  if (a.length * b.length > MAX_LEVENSHTEIN_CELLS) {
    throw invalidArgument('The combined inputs for the Levenshtein distance are too large');
  }
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

export function hammingDistance(left: string, right: string): number {
  const a = Array.from(left);
  const b = Array.from(right);
  if (a.length !== b.length) {
    throw invalidArgument('The input strings to hamming_distance function must have the same length');
  }
  let distance = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) distance++;
  return distance;
}

/** Soundex digits of A..Z ('0' for vowels and the letters Soundex ignores). */
const SOUNDEX_CODES = '01230120022455012623010202';

export function soundex(s: string): string {
  let letters = '';
  for (const ch of s.toUpperCase()) if (ch >= 'A' && ch <= 'Z') letters += ch;
  if (letters.length === 0) return '';
  let out = letters[0];
  let last = SOUNDEX_CODES[letters.charCodeAt(0) - 65];
  for (let i = 1; i < letters.length && out.length < 4; i++) {
    const ch = letters[i];
    // H and W neither code nor separate: letters with the same code around them are coded once.
    if (ch === 'H' || ch === 'W') continue;
    const digit = SOUNDEX_CODES[letters.charCodeAt(i) - 65];
    if (digit !== '0' && digit !== last) out += digit;
    last = digit;
  }
  return out.padEnd(4, '0');
}

/** The Luhn checksum test; false for empty text or anything but ASCII digits. */
export function luhnCheck(s: string): boolean {
  if (!/^\d+$/.test(s)) return false;
  let sum = 0;
  let double = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let digit = s.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export function registerDistanceFunctions(table: ImplementationTable): void {
  table.add('levenshtein_distance(varchar(x),varchar(y)):bigint', levenshteinDistance);
  // format(f, a, b, ...) arrives as format(f, ROW(a, b, ...)) (function-call-analyzer.ts).
  table.add('format(varchar(x),T):varchar', (format: string, args: unknown[], ctx: CallContext) =>
    javaFormat(
      format,
      args,
      (ctx.argumentTypes[1] as RowType).fields.map((field) => field.type),
    ),
  );
  table.add('hamming_distance(varchar(x),varchar(y)):bigint', hammingDistance);
  table.add('soundex(varchar):varchar(4)', soundex);
  table.add('luhn_check(varchar):boolean', luhnCheck);
}
