/**
 * Java/Joni regular expressions (Trino's dialect) translated to JS RegExp with the `u` flag, compiled
 * once per pattern text and cached. What differs and how it is handled:
 *
 * - escapes of punctuation JS `u` mode rejects (`\-`, `\'`, `\#`...) become the plain character;
 *   `\Q...\E` quoting; `\x{h...}`, `\e`, `\a`, octal `\0nn`; `\h`, `\v` (vertical whitespace in
 *   Java), `\R`, `\A`, `\z`, `\Z`;
 * - POSIX and Java classes (`\p{Alpha}`, `\p{Lower}`, `\p{Punct}`, `\p{javaLowerCase}`,
 *   `\p{IsLatin}`, `\p{IsL}`, `\pL`) become ASCII ranges or Unicode property escapes;
 * - `$` outside a class (without MULTILINE) also matches before a final `\n`, as in Java;
 * - a leading inline flag group `(?i)`, `(?s)`, `(?m)`, `(?x)` (comments mode is expanded here)
 *   applies to the whole pattern; a flag group elsewhere is NOT_SUPPORTED (Node has no scoped flags);
 * - possessive quantifiers and atomic groups are treated as greedy / non-capturing groups (the same
 *   matches unless backtracking into them would change the result);
 * - class unions `[a[bc]]` are flattened; class intersections `&&` are NOT_SUPPORTED.
 *
 * Syntax errors are INVALID_FUNCTION_ARGUMENT with the JS engine's description.
 */
import { invalidArgument, notSupported } from '../errors.js';
import { MAX_CACHED_PATTERN_LENGTH } from '../value-limits.js';

export interface CompiledRegex {
  /** Global + unicode (+ flags), for iteration; reset lastIndex before use. */
  readonly global: RegExp;
  /** Sticky-free, non-global, for single tests. */
  readonly single: RegExp;
  readonly groupCount: number;
}

const CACHE_LIMIT = 512;
const cache = new Map<string, CompiledRegex>();

export function compileJavaRegex(pattern: string): CompiledRegex {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    const { source, flags } = translate(pattern);
    let single: RegExp;
    let global: RegExp;
    try {
      single = new RegExp(source, `u${flags}`);
      global = new RegExp(source, `gu${flags}`);
    } catch (e) {
      throw invalidArgument((e as Error).message);
    }
    const groupCount = new RegExp(`${source}|`, `u${flags}`).exec('')!.length - 1;
    compiled = { global, single, groupCount };
    if (pattern.length > MAX_CACHED_PATTERN_LENGTH) return compiled;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

const POSIX_CLASSES: Readonly<Record<string, string>> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: ' \\t\\n\\x0B\\f\\r',
  javaLowerCase: '\\p{Lowercase}',
  javaUpperCase: '\\p{Uppercase}',
  javaWhitespace: '\\t-\\r\\x1C-\\x20\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000',
  javaMirrored: '\\p{Bidi_Mirrored}',
  javaLetter: '\\p{L}',
  javaDigit: '\\p{Nd}',
  javaLetterOrDigit: '\\p{L}\\p{Nd}',
  javaAlphabetic: '\\p{Alphabetic}',
  Alphabetic: '\\p{Alphabetic}',
  IsAlphabetic: '\\p{Alphabetic}',
  IsLetter: '\\p{L}',
  IsDigit: '\\p{Nd}',
  IsUppercase: '\\p{Uppercase}',
  IsLowercase: '\\p{Lowercase}',
  IsWhite_Space: '\\p{White_Space}',
  IsWhiteSpace: '\\p{White_Space}',
  IsPunctuation: '\\p{P}',
  IsControl: '\\p{Cc}',
  IsIdeographic: '\\p{Ideographic}',
};

const GENERAL_CATEGORY = /^(?:L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|S[mcko]?|Z[slp]?|C[cfson]?|LC)$/;

/** Class contents (no brackets) for `\p{name}`, or undefined. */
function propertyContents(name: string): string | undefined {
  const posix = POSIX_CLASSES[name];
  if (posix !== undefined) return posix;
  if (GENERAL_CATEGORY.test(name)) return `\\p{${name}}`;
  if (name.startsWith('Is')) {
    const rest = name.slice(2);
    if (GENERAL_CATEGORY.test(rest)) return `\\p{${rest}}`;
    return `\\p{Script=${rest}}`;
  }
  if (name.startsWith('general_category=') || name.startsWith('gc=')) return `\\p{${name.replace(/^[^=]*=/, 'gc=')}}`;
  if (name.startsWith('script=') || name.startsWith('sc=')) return `\\p{${name.replace(/^[^=]*=/, 'Script=')}}`;
  return undefined;
}

const SYNTAX_CHARS = '^$\\.*+?()[]{}|/';

function escapeLiteral(ch: string, inClass: boolean): string {
  if (SYNTAX_CHARS.includes(ch) || (inClass && ch === '-')) return `\\${ch}`;
  return ch;
}

function codePointEscape(codePoint: number): string {
  return `\\u{${codePoint.toString(16)}}`;
}

interface Translation {
  readonly source: string;
  readonly flags: string;
}

function translate(pattern: string): Translation {
  let flags = '';
  let comments = false;
  let i = 0;
  // Leading inline flags apply to the whole pattern.
  for (;;) {
    const m = /^\(\?([a-zA-Z]+)\)/.exec(pattern.slice(i));
    if (m === null) break;
    for (const f of m[1]!) {
      if (f === 'i' || f === 's' || f === 'm') {
        if (!flags.includes(f)) flags += f;
      } else if (f === 'x') {
        comments = true;
      } else if (f !== 'u' && f !== 'd' && f !== 'U') {
        throw invalidArgument(`Unknown inline modifier: ${f}`);
      }
    }
    i += m[0].length;
  }
  const multiline = flags.includes('m');
  let out = '';
  let classDepth = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (comments && classDepth === 0) {
      if (/\s/.test(ch)) {
        i++;
        continue;
      }
      if (ch === '#') {
        while (i < pattern.length && pattern[i] !== '\n') i++;
        continue;
      }
    }
    if (ch === '\\') {
      const [text, consumed] = translateEscape(pattern, i, classDepth > 0);
      out += text;
      i += consumed;
      continue;
    }
    if (classDepth > 0) {
      if (ch === '[') {
        if (pattern[i + 1] === '^') throw notSupported('Negated nested character classes are not supported');
        classDepth++;
        i++;
        continue;
      }
      if (ch === ']') {
        classDepth--;
        if (classDepth === 0) out += ']';
        i++;
        continue;
      }
      if (ch === '&' && pattern[i + 1] === '&') throw notSupported('Character class intersection is not supported');
      out += ch === '-' || ch === '^' ? ch : escapeLiteral(ch, true);
      i++;
      continue;
    }
    if (ch === '[') {
      classDepth = 1;
      out += '[';
      i++;
      if (pattern[i] === '^') {
        out += '^';
        i++;
      }
      // A ']' first in a class is a literal in Java.
      if (pattern[i] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (ch === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2);
      if (rest.startsWith('>')) {
        out += '(?:';
        i += 3;
        continue;
      }
      const flagGroup = /^[a-zA-Z-]+[:)]/.exec(rest);
      if (flagGroup !== null)
        throw notSupported(`Inline modifiers inside a pattern are not supported: (?${flagGroup[0]}`);
    }
    if ((ch === '+' || ch === '*' || ch === '?' || ch === '}') && pattern[i + 1] === '+') {
      // Possessive quantifier: treated as greedy.
      out += ch;
      i += 2;
      continue;
    }
    if (ch === '$' && !multiline) {
      out += '(?=\\n?(?![\\s\\S]))';
      i++;
      continue;
    }
    out += ch;
    i++;
  }
  return { source: out, flags };
}

/** Translates the escape at `i`; returns the JS text and the number of pattern characters consumed. */
function translateEscape(pattern: string, i: number, inClass: boolean): [string, number] {
  const next = pattern[i + 1];
  if (next === undefined) throw invalidArgument('Unexpected internal error: trailing backslash');
  switch (next) {
    case 'Q': {
      const end = pattern.indexOf('\\E', i + 2);
      const quoted = pattern.slice(i + 2, end < 0 ? pattern.length : end);
      let text = '';
      for (const c of quoted) text += escapeLiteral(c, inClass);
      return [text, (end < 0 ? pattern.length : end + 2) - i];
    }
    case 'E':
      return ['', 2];
    case 'e':
      return ['\\x1B', 2];
    case 'a':
      return ['\\x07', 2];
    case 'h':
      return [inClass ? H_SPACE : `[${H_SPACE}]`, 2];
    case 'H':
      return [`[^${H_SPACE}]`, 2];
    case 'v':
      return [inClass ? V_SPACE : `[${V_SPACE}]`, 2];
    case 'V':
      return [`[^${V_SPACE}]`, 2];
    case 'R':
      return [`(?:\\r\\n|[${V_SPACE}])`, 2];
    case 'A':
      return ['(?<![\\s\\S])', 2];
    case 'z':
      return ['(?![\\s\\S])', 2];
    case 'Z':
      return ['(?=\\n?(?![\\s\\S]))', 2];
    case 'G':
      throw notSupported('\\G is not supported');
    case 'x': {
      if (pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i + 3);
        if (end < 0) throw invalidArgument('Unclosed hexadecimal escape sequence');
        return [codePointEscape(Number.parseInt(pattern.slice(i + 3, end), 16)), end + 1 - i];
      }
      return [`\\x${pattern.slice(i + 2, i + 4)}`, 4];
    }
    case '0': {
      const m = /^[0-7]{1,3}/.exec(pattern.slice(i + 2));
      if (m === null) throw invalidArgument('Illegal octal escape sequence');
      return [codePointEscape(Number.parseInt(m[0], 8)), 2 + m[0].length];
    }
    case 'p':
    case 'P': {
      let name: string;
      let consumed: number;
      if (pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i + 3);
        if (end < 0) throw invalidArgument('Unclosed character family');
        name = pattern.slice(i + 3, end);
        consumed = end + 1 - i;
      } else {
        name = pattern[i + 2] ?? '';
        consumed = 3;
      }
      const contents = propertyContents(name);
      if (contents === undefined) throw invalidArgument(`Unknown character property name {${name}}`);
      if (inClass) {
        if (next === 'P') throw notSupported('Negated properties inside a class are not supported');
        return [contents, consumed];
      }
      return [`[${next === 'P' ? '^' : ''}${contents}]`, consumed];
    }
    default:
      if (/[0-9a-zA-Z]/.test(next)) return [`\\${next}`, 2];
      // Java lets any punctuation be escaped; JS u mode only syntax characters.
      return [
        escapeLiteral(String.fromCodePoint(pattern.codePointAt(i + 1)!), inClass),
        1 + (pattern.codePointAt(i + 1)! > 0xffff ? 2 : 1),
      ];
  }
}

const H_SPACE = ' \\t\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
const V_SPACE = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';
