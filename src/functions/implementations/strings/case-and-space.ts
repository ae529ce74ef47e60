/**
 * Case mapping and whitespace as Java (and so Trino) define them: lower/upper map each code point on
 * its own (Java's simple case mapping: 'ß' stays, 'Σ' is always 'σ', no context rules), and
 * whitespace is Java's Character.isWhitespace (no-break spaces are not whitespace).
 */

import { fail } from '../../../common/invariant.js';

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * One code point mapped by a JS (full) case function, reduced to Java's simple mapping where the full
 * one expands: lower-casing 'İ' gives 'i' (the first code point), upper-casing 'ß' or a ligature
 * leaves it unchanged.
 */
function mapSingle(ch: string, map: (s: string) => string, keepOnExpansion: boolean): string {
  const mapped = map(ch);
  if (mapped === ch) return ch;
  const first = String.fromCodePoint(mapped.codePointAt(0) ?? fail('a changed mapping is not empty'));
  if (first.length === mapped.length) return mapped;
  return keepOnExpansion ? ch : first;
}

function mapCodePoints(s: string, map: (s: string) => string, keepOnExpansion: boolean): string {
  let out = '';
  for (const ch of s) out += mapSingle(ch, map, keepOnExpansion);
  return out;
}

const lowerOne = (s: string) => s.toLowerCase();
const upperOne = (s: string) => s.toUpperCase();

export function lower(s: string): string {
  return isAscii(s) ? s.toLowerCase() : mapCodePoints(s, lowerOne, false);
}

export function upper(s: string): string {
  return isAscii(s) ? s.toUpperCase() : mapCodePoints(s, upperOne, true);
}

/** Java's Character.isWhitespace. */
export function isJavaWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x1680) return false;
  return (
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x2006) ||
    (c >= 0x2008 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Removes leading and/or trailing whitespace (all whitespace is in the BMP, so units suffice). */
export function trimWhitespace(s: string, leading: boolean, trailing: boolean): string {
  let start = 0;
  let end = s.length;
  if (leading) while (start < end && isJavaWhitespace(s.charCodeAt(start))) start++;
  if (trailing) while (end > start && isJavaWhitespace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Removes leading and/or trailing code points that occur in `set`. */
export function trimCharacters(s: string, set: string, leading: boolean, trailing: boolean): string {
  const chars = new Set(Array.from(set));
  const points = Array.from(s);
  let start = 0;
  let end = points.length;
  if (leading) while (start < end && chars.has(points[start])) start++;
  if (trailing) while (end > start && chars.has(points[end - 1])) end--;
  return points.slice(start, end).join('');
}
