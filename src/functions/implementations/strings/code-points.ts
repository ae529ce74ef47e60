/**
 * Strings as sequences of Unicode code points, which is how SQL counts characters, over JS's UTF-16
 * strings. Every helper has a fast path for strings without surrogates (one unit per code point),
 * detected by a single scan; only strings with characters beyond the BMP pay for the mapping.
 */

/** Whether the string has a surrogate unit (a character beyond U+FFFF, or a lone surrogate). */
export function hasSurrogates(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

/** Number of code points (a lone surrogate counts as one). */
export function codePointLength(s: string): number {
  let count = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The UTF-16 offset of code point `index` (0-based); s.length when index ≥ the code point count. */
export function offsetOfCodePoint(s: string, index: number): number {
  let offset = 0;
  for (let n = 0; n < index; n++) {
    if (offset >= s.length) return s.length;
    const c = s.charCodeAt(offset);
    if (c >= 0xd800 && c <= 0xdbff && offset + 1 < s.length) {
      const d = s.charCodeAt(offset + 1);
      offset += d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
    } else {
      offset++;
    }
  }
  return offset;
}

/** The code point index of a UTF-16 offset (counting pairs before it as one). */
export function codePointIndexOf(s: string, offset: number): number {
  return codePointLength(s.slice(0, offset));
}

/** The first `length` code points. */
export function truncateCodePoints(s: string, length: number): string {
  if (s.length <= length) return s;
  return s.slice(0, offsetOfCodePoint(s, length));
}

/** Substring by 0-based code point start and count. */
export function sliceCodePoints(s: string, start: number, count: number): string {
  if (!hasSurrogates(s)) return s.substr(start, count);
  const from = offsetOfCodePoint(s, start);
  let to = from;
  for (let n = 0; n < count && to < s.length; n++) {
    const c = s.charCodeAt(to);
    to += c >= 0xd800 && c <= 0xdbff && to + 1 < s.length && (s.charCodeAt(to + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return s.slice(from, to);
}
