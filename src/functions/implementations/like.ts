/**
 * LIKE: `%` matches any sequence, `_` one character (code point), with an optional escape
 * character. A pattern compiles once (cached by pattern and escape) into literal chunks separated
 * by `%`; matching anchors the first and last chunks and places the middle ones leftmost, which is
 * exact for this pattern language and never backtracks. Common shapes (`abc`, `abc%`, `%abc`,
 * `%abc%`) reduce to one string comparison.
 */
import { invalidArgument } from './errors.js';
import { hasSurrogates } from './strings/code-points.js';
import { MAX_CACHED_PATTERN_LENGTH } from './value-limits.js';

export type LikeMatcher = (value: string) => boolean;

/** A chunk: code points, with null for `_`. */
type Chunk = readonly (string | null)[];

const CACHE_LIMIT = 1024;
const cache = new Map<string, LikeMatcher>();

/** The matcher of a LIKE pattern; INVALID_FUNCTION_ARGUMENT for a bad escape. */
export function likeMatcher(pattern: string, escapeCharacter?: string): LikeMatcher {
  const key = escapeCharacter === undefined ? pattern : `${escapeCharacter}\u0000${pattern}`;
  let matcher = cache.get(key);
  if (matcher === undefined) {
    matcher = compile(pattern, escapeCharacter);
    if (key.length > MAX_CACHED_PATTERN_LENGTH) return matcher;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, matcher);
  }
  return matcher;
}

function compile(pattern: string, escapeCharacter: string | undefined): LikeMatcher {
  if (escapeCharacter !== undefined && Array.from(escapeCharacter).length !== 1) {
    throw invalidArgument('Escape string must be a single character');
  }
  const chunks: (string | null)[][] = [[]];
  let escaping = false;
  for (const ch of pattern) {
    if (escaping) {
      if (ch !== '%' && ch !== '_' && ch !== escapeCharacter) {
        throw invalidArgument("Escape character must be followed by '%', '_' or the escape character itself");
      }
      chunks[chunks.length - 1].push(ch);
      escaping = false;
    } else if (ch === escapeCharacter) {
      escaping = true;
    } else if (ch === '%') {
      chunks.push([]);
    } else {
      chunks[chunks.length - 1].push(ch === '_' ? null : ch);
    }
  }
  if (escaping) throw invalidArgument("Escape character must be followed by '%', '_' or the escape character itself");
  return buildMatcher(chunks);
}

function literalOf(chunk: Chunk): string | undefined {
  return chunk.includes(null) ? undefined : chunk.join('');
}

function buildMatcher(chunks: readonly Chunk[]): LikeMatcher {
  const literals = chunks.map(literalOf);
  if (chunks.length === 1 && literals[0] !== undefined) {
    const text = literals[0];
    return (s) => s === text;
  }
  if (chunks.length === 2 && literals[0] !== undefined && literals[1] !== undefined) {
    const prefix = literals[0];
    const suffix = literals[1];
    if (suffix === '') return (s) => s.startsWith(prefix);
    if (prefix === '') return (s) => s.endsWith(suffix);
    return (s) => s.length >= prefix.length + suffix.length && s.startsWith(prefix) && s.endsWith(suffix);
  }
  if (chunks.length === 3 && chunks[0].length === 0 && chunks[2].length === 0 && literals[1] !== undefined) {
    const middle = literals[1];
    return (s) => s.includes(middle);
  }
  if (literals.every((literal) => literal !== undefined)) return literalChunksMatcher(literals as string[]);
  return (s) => matchChunks(hasSurrogates(s) ? Array.from(s) : s, chunks);
}

/**
 * `a%b%c…` without `_`: the first chunk anchored at the start, the last at the end, the middle ones
 * found leftmost with `indexOf` between them. No code-point view is needed: without `_` a chunk
 * matches whole UTF-16 sequences, and a well-formed chunk cannot match half of a surrogate pair.
 */
function literalChunksMatcher(literals: readonly string[]): LikeMatcher {
  const first = literals[0] as string;
  const last = literals[literals.length - 1] as string;
  const middle = literals.slice(1, -1).filter((literal) => literal !== '');
  const anchored = first.length + last.length;
  return (s) => {
    if (s.length < anchored || !s.startsWith(first) || !s.endsWith(last)) return false;
    let position = first.length;
    const end = s.length - last.length;
    for (let i = 0; i < middle.length; i++) {
      const chunk = middle[i] as string;
      const found = s.indexOf(chunk, position);
      if (found < 0 || found + chunk.length > end) return false;
      position = found + chunk.length;
    }
    return true;
  };
}

/** Whether `chunk` matches `text` at `at` (text is a string of BMP characters or an array of code points). */
function matchesAt(text: string | readonly string[], at: number, chunk: Chunk): boolean {
  if (at + chunk.length > text.length) return false;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i];
    if (c !== null && text[at + i] !== c) return false;
  }
  return true;
}

function matchChunks(text: string | readonly string[], chunks: readonly Chunk[]): boolean {
  const first = chunks[0];
  if (chunks.length === 1) return text.length === first.length && matchesAt(text, 0, first);
  const last = chunks[chunks.length - 1];
  if (first.length + last.length > text.length) return false;
  if (!matchesAt(text, 0, first) || !matchesAt(text, text.length - last.length, last)) return false;
  let position = first.length;
  const end = text.length - last.length;
  for (let c = 1; c < chunks.length - 1; c++) {
    const chunk = chunks[c];
    let found = -1;
    for (let at = position; at + chunk.length <= end; at++) {
      if (matchesAt(text, at, chunk)) {
        found = at;
        break;
      }
    }
    if (found < 0) return false;
    position = found + chunk.length;
  }
  return true;
}
