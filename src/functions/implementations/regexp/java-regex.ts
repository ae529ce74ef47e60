/**
 * Java/Joni regular expressions (Trino's dialect), compiled once per pattern text and cached, on
 * one of two engines:
 *
 * - RE2 (the `re2js` package, a JavaScript port of RE2J — what Trino runs with
 *   `regex-library=RE2J`): linear time in the input whatever the pattern, so no pattern can hold a
 *   worker's event loop for long (a backtracking engine takes minutes on `^([A-Za-z]+)+$` against
 *   30 characters, and a JS RegExp cannot be interrupted). Every pattern RE2 can express runs here.
 *   Java's `$` (end, or before a final line terminator) is kept for inputs with at most one `\n`,
 *   at their end; in an input with several lines `$` matches at its very end only.
 * - JS RegExp with the `u` flag (backtracking) only for what RE2 cannot run: backreferences,
 *   lookahead and lookbehind, `\Z`, and Unicode properties RE2 lacks. Such a pattern can still
 *   backtrack for a long time on unlucky input; it is the price of those constructs.
 *
 * The translation from Java syntax (shared by both, with the differences noted):
 * - escapes of punctuation (`\-`, `\'`, `\#`...) become the plain character; `\Q...\E` quoting;
 *   `\x{h...}`, `\uhhhh`, `\e`, `\a`, `\cX`, octal `\0nn`; `\h`, `\v` (vertical whitespace in Java),
 *   `\R`, `\A`, `\z`, `\Z`;
 * - POSIX and Java classes (`\p{Alpha}`, `\p{Lower}`, `\p{Punct}`, `\p{javaLowerCase}`,
 *   `\p{IsLatin}`, `\p{IsL}`, `\pL`) become ASCII ranges or Unicode property escapes;
 * - `.` excludes Java's line terminators (RE2 and JS differ from Java and each other there);
 * - `$` outside a class (without MULTILINE) also matches before a final `\n` on the JS engine;
 * - a leading inline flag group `(?i)`, `(?s)`, `(?m)`, `(?x)` (comments mode is expanded here)
 *   applies to the whole pattern; a flag group elsewhere runs on RE2 for `i` and `m`, and is
 *   NOT_SUPPORTED otherwise (Node has no scoped flags);
 * - possessive quantifiers and atomic groups are treated as greedy / non-capturing groups (the same
 *   matches unless backtracking into them would change the result);
 * - class unions `[a[bc]]` are flattened; class intersections `&&` are NOT_SUPPORTED.
 *
 * Syntax errors are INVALID_FUNCTION_ARGUMENT with the engine's description.
 */
import { RE2JS } from 're2js';
import { fail } from '../../../common/invariant.js';
import { invalidArgument, notSupported } from '../errors.js';
import { MAX_CACHED_PATTERN_LENGTH } from '../value-limits.js';

/** One match: UTF-16 offsets of the whole match and its groups. */
export interface RegexMatch {
  readonly index: number;
  readonly end: number;
  /** Group `n` (0 = the whole match), null when it did not take part. */
  group(n: number): string | null;
  /** The named group, null when it did not take part (see `hasGroup`). */
  named(name: string): string | null;
}

export interface CompiledRegex {
  readonly engine: 'RE2' | 'JS';
  readonly groupCount: number;
  hasGroup(name: string): boolean;
  /** Whether some part of `s` matches. */
  test(s: string): boolean;
  /** The first match that starts at or after UTF-16 offset `from`, or null. */
  exec(s: string, from: number): RegexMatch | null;
}

class Re2Regex implements CompiledRegex {
  readonly engine = 'RE2';
  readonly groupCount: number;
  private readonly names: Record<string, number>;

  /**
   * @param re the pattern with `$` as end of input
   * @param beforeFinalNewline when the pattern has a `$` (without MULTILINE): the pattern with
   *   `$` as end of line, for inputs whose only `\n` is the last character — there Java's `$`
   *   (end, or before a final line terminator) is exactly RE2's end of line
   */
  constructor(
    private readonly re: RE2JS,
    private readonly beforeFinalNewline: RE2JS | undefined,
  ) {
    this.groupCount = re.groupCount();
    this.names = re.namedGroups();
  }

  private program(s: string): RE2JS {
    const alternative = this.beforeFinalNewline;
    return alternative !== undefined && s.length > 0 && s.indexOf('\n') === s.length - 1 ? alternative : this.re;
  }

  hasGroup(name: string): boolean {
    return this.names[name] !== undefined;
  }

  test(s: string): boolean {
    return this.program(s).test(s);
  }

  exec(s: string, from: number): RegexMatch | null {
    const matcher = this.program(s).matcher(s);
    if (!matcher.find(from)) return null;
    const names = this.names;
    return {
      index: matcher.start(),
      end: matcher.end(),
      group: (n) => matcher.group(n),
      named: (name) => (names[name] === undefined ? null : matcher.group(name)),
    };
  }
}

class JsRegex implements CompiledRegex {
  readonly engine = 'JS';

  constructor(
    /** Global (for searching from an offset; lastIndex is set before each use) + unicode + flags. */
    private readonly global: RegExp,
    /** Non-global, for tests. */
    private readonly single: RegExp,
    readonly groupCount: number,
    private readonly names: ReadonlySet<string>,
  ) {}

  hasGroup(name: string): boolean {
    return this.names.has(name);
  }

  test(s: string): boolean {
    return this.single.test(s);
  }

  exec(s: string, from: number): RegexMatch | null {
    this.global.lastIndex = from;
    const m = this.global.exec(s);
    if (m === null) return null;
    return {
      index: m.index,
      end: m.index + m[0].length,
      group: (n) => m[n] ?? null,
      named: (name) => m.groups?.[name] ?? null,
    };
  }
}

const CACHE_LIMIT = 512;
const cache = new Map<string, CompiledRegex>();

/** Raised by the RE2 translation for a construct only the backtracking engine has. */
class NeedsBacktracking extends Error {}

export function compileJavaRegex(pattern: string): CompiledRegex {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    compiled = compileRe2(pattern) ?? compileJs(pattern);
    // Long patterns are not kept: a cache of huge patterns would hold their memory (value-limits.ts).
    if (pattern.length > MAX_CACHED_PATTERN_LENGTH) return compiled;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

/** The pattern on RE2, or undefined when it needs the backtracking engine. */
function compileRe2(pattern: string): CompiledRegex | undefined {
  let source: string;
  let lineEndSource: string | undefined;
  try {
    const translation = translate(pattern, 're2');
    const flags = translation.flags === '' ? '' : `(?${translation.flags})`;
    source = flags + translation.source;
    if (translation.endAnchors > 0) lineEndSource = flags + translate(pattern, 're2', '(?m:$)').source;
  } catch (e) {
    if (e instanceof NeedsBacktracking) return undefined;
    throw e;
  }
  try {
    return new Re2Regex(RE2JS.compile(source), lineEndSource === undefined ? undefined : RE2JS.compile(lineEndSource));
  } catch {
    // Constructs RE2 lacks (some Unicode properties, repeat counts over 1000) and syntax errors:
    // the JS engine runs the former and describes the latter.
    return undefined;
  }
}

function compileJs(pattern: string): CompiledRegex {
  const { source, flags } = translate(pattern, 'js');
  let single: RegExp;
  let global: RegExp;
  try {
    single = new RegExp(source, `u${flags}`);
    global = new RegExp(source, `gu${flags}`);
  } catch (e) {
    throw invalidArgument((e as Error).message);
  }
  const empty = new RegExp(`${source}|`, `u${flags}`).exec('') ?? fail('`x|` matches the empty string');
  return new JsRegex(global, single, empty.length - 1, new Set(Object.keys(empty.groups ?? {})));
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

type Target = 'js' | 're2';

function codePointEscape(codePoint: number, target: Target): string {
  return target === 'js' ? `\\u{${codePoint.toString(16)}}` : `\\x{${codePoint.toString(16)}}`;
}

/** JS `\\uhhhh` escapes (in the class texts here) as RE2's `\\x{hhhh}`. */
function re2Escapes(text: string): string {
  return text.replace(/\\u([0-9A-Fa-f]{4})/g, '\\x{$1}').replace(/\\p\{(?:Script|gc)=/g, '\\p{');
}

/** Java's `.` without DOTALL: anything but its line terminators. */
const RE2_DOT = '[^\\n\\r\\x{85}\\x{2028}\\x{2029}]';

interface Translation {
  readonly source: string;
  readonly flags: string;
  /** How many `$` outside classes (without MULTILINE) the pattern has. */
  readonly endAnchors: number;
}

/** `dollar`: what RE2 gets for `$` (without MULTILINE). */
function translate(pattern: string, target: Target, dollar = '$'): Translation {
  let flags = '';
  let comments = false;
  let i = 0;
  // Leading inline flags apply to the whole pattern.
  for (;;) {
    const m = /^\(\?([a-zA-Z]+)\)/.exec(pattern.slice(i));
    if (m === null) break;
    for (const f of m[1]) {
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
  let endAnchors = 0;
  let out = '';
  let classDepth = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
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
      const [text, consumed] = translateEscape(pattern, i, classDepth > 0, target);
      out += target === 're2' ? re2Escapes(text) : text;
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
      if (target === 're2' && /^(?:[=!]|<[=!])/.test(rest)) throw new NeedsBacktracking();
      const flagGroup = /^[a-zA-Z-]+[:)]/.exec(rest);
      if (flagGroup !== null && target === 're2' && /^[im-]+[:)]$/.test(flagGroup[0])) {
        // RE2 scopes flags itself.
        out += `(?${flagGroup[0]}`;
        i += 2 + flagGroup[0].length;
        continue;
      }
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
      out += target === 'js' ? '(?=\\n?(?![\\s\\S]))' : dollar;
      endAnchors++;
      i++;
      continue;
    }
    if (ch === '.' && target === 're2' && !flags.includes('s')) {
      out += RE2_DOT;
      i++;
      continue;
    }
    out += ch;
    i++;
  }
  return { source: out, flags, endAnchors };
}

/** Translates the escape at `i`; returns the JS text and the number of pattern characters consumed. */
function translateEscape(pattern: string, i: number, inClass: boolean, target: Target): [string, number] {
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
      return [target === 'js' ? '(?<![\\s\\S])' : '\\A', 2];
    case 'z':
      return [target === 'js' ? '(?![\\s\\S])' : '\\z', 2];
    case 'Z':
      if (target === 're2') throw new NeedsBacktracking();
      return ['(?=\\n?(?![\\s\\S]))', 2];
    case 'u': {
      const hex = /^[0-9A-Fa-f]{4}/.exec(pattern.slice(i + 2));
      if (hex === null) throw invalidArgument('Illegal Unicode escape sequence');
      return [codePointEscape(Number.parseInt(hex[0], 16), target), 6];
    }
    case 'c': {
      const control = pattern.codePointAt(i + 2);
      if (control === undefined) throw invalidArgument('Illegal control escape sequence');
      return [codePointEscape(control ^ 64, target), 3];
    }
    case 'k':
      if (target === 're2') throw new NeedsBacktracking();
      return ['\\k', 2];
    case 'G':
      throw notSupported('\\G is not supported');
    case 'x': {
      if (pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i + 3);
        if (end < 0) throw invalidArgument('Unclosed hexadecimal escape sequence');
        return [codePointEscape(Number.parseInt(pattern.slice(i + 3, end), 16), target), end + 1 - i];
      }
      return [`\\x${pattern.slice(i + 2, i + 4)}`, 4];
    }
    case '0': {
      const m = /^[0-7]{1,3}/.exec(pattern.slice(i + 2));
      if (m === null) throw invalidArgument('Illegal octal escape sequence');
      return [codePointEscape(Number.parseInt(m[0], 8), target), 2 + m[0].length];
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
    default: {
      // Backreferences: RE2 has none.
      if (target === 're2' && !inClass && /[1-9]/.test(next)) throw new NeedsBacktracking();
      if (/[0-9a-zA-Z]/.test(next)) return [`\\${next}`, 2];
      // Java lets any punctuation be escaped; JS u mode only syntax characters.
      const escaped = pattern.codePointAt(i + 1) ?? fail('a backslash here is followed by a character');
      return [escapeLiteral(String.fromCodePoint(escaped), inClass), 1 + (escaped > 0xffff ? 2 : 1)];
    }
  }
}

const H_SPACE = ' \\t\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
const V_SPACE = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';
