/**
 * The regular expression functions (regexp_like, regexp_count, regexp_extract[_all],
 * regexp_replace with a replacement string or a lambda, regexp_split, regexp_position) over
 * patterns translated by java-regex.ts. Replacement strings use Java's syntax (`$1`, `${name}`,
 * `\$`), compiled once into parts; positions are 1-based code point positions. Successive matches
 * resume where the last one ended, one code point further after an empty match.
 */
import type { BigintValue } from '../bigint-values.js';
import { invalidArgument } from '../errors.js';
import type { ImplementationTable } from '../implementation-types.js';
import { codePointIndexOf, offsetOfCodePoint } from '../strings/code-points.js';
import {
  checkedString,
  checkResultEntries,
  MAX_CACHED_PATTERN_LENGTH,
  MAX_VALUE_ENTRIES,
  MAX_VALUE_LENGTH,
  resultTooLong,
} from '../value-limits.js';
import { type CompiledRegex, compileJavaRegex, type RegexMatch } from './java-regex.js';

/** The offset one code point after `offset`. */
function nextCodePoint(s: string, offset: number): number {
  const c = s.charCodeAt(offset);
  return c >= 0xd800 && c <= 0xdbff && offset + 1 < s.length ? offset + 2 : offset + 1;
}

function* matches(regex: CompiledRegex, s: string, from = 0): Generator<RegexMatch> {
  let at = from;
  while (at <= s.length) {
    const m = regex.exec(s, at);
    if (m === null) return;
    yield m;
    at = m.end > m.index ? m.end : nextCodePoint(s, m.end);
  }
}

function checkGroup(regex: CompiledRegex, group: BigintValue): number {
  const n = Number(group);
  if (n < 0) throw invalidArgument('Group cannot be negative');
  if (n > regex.groupCount) {
    throw invalidArgument(`Pattern has ${regex.groupCount} groups. Cannot access group ${n}`);
  }
  return n;
}

type ReplacementPart = string | number | { readonly name: string };

const replacementCache = new Map<string, readonly ReplacementPart[]>();

/** Java's replacement syntax: `$n` (digits taken while the group exists), `${name}`, `\x` for a literal x. */
function compileReplacement(replacement: string, regex: CompiledRegex): readonly ReplacementPart[] {
  const key = `${regex.groupCount}\u0000${replacement}`;
  const known = replacementCache.get(key);
  if (known !== undefined) return known;
  const parts: ReplacementPart[] = [];
  let literal = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '\\') {
      if (i + 1 >= replacement.length) throw invalidArgument('character to be escaped is missing');
      literal += replacement[++i];
    } else if (c === '$') {
      if (replacement[i + 1] === '{') {
        const end = replacement.indexOf('}', i + 2);
        if (end < 0) throw invalidArgument("named capturing group is missing trailing '}'");
        if (literal !== '') parts.push(literal);
        literal = '';
        parts.push({ name: replacement.slice(i + 2, end) });
        i = end;
        continue;
      }
      let j = i + 1;
      if (j >= replacement.length || !/[0-9]/.test(replacement[j])) {
        throw invalidArgument('Illegal group reference');
      }
      let group = Number(replacement[j]);
      if (group > regex.groupCount) throw invalidArgument(`No group ${group}`);
      j++;
      while (j < replacement.length && /[0-9]/.test(replacement[j])) {
        const wider = group * 10 + Number(replacement[j]);
        if (wider > regex.groupCount) break;
        group = wider;
        j++;
      }
      if (literal !== '') parts.push(literal);
      literal = '';
      parts.push(group);
      i = j - 1;
    } else {
      literal += c;
    }
  }
  if (literal !== '') parts.push(literal);
  if (key.length > MAX_CACHED_PATTERN_LENGTH) return parts;
  if (replacementCache.size >= 512) replacementCache.clear();
  replacementCache.set(key, parts);
  return parts;
}

function replaceMatches(s: string, regex: CompiledRegex, render: (m: RegexMatch) => string): string {
  let out = '';
  let last = 0;
  for (const m of matches(regex, s)) {
    out += s.slice(last, m.index) + render(m);
    last = m.end;
    // Each match may add a whole replacement: the result is checked as it grows.
    if (out.length > MAX_VALUE_LENGTH) throw resultTooLong('regexp_replace');
  }
  return checkedString(out + s.slice(last), 'regexp_replace');
}

function regexpReplace(s: string, pattern: string, replacement: string): string {
  const regex = compileJavaRegex(pattern);
  const parts = compileReplacement(replacement, regex);
  return replaceMatches(s, regex, (m) => {
    let text = '';
    for (const part of parts) {
      if (typeof part === 'string') text += part;
      else if (typeof part === 'number') text += m.group(part) ?? '';
      else {
        if (!regex.hasGroup(part.name)) throw invalidArgument(`No group with name {${part.name}}`);
        text += m.named(part.name) ?? '';
      }
    }
    return text;
  });
}

function regexpPosition(s: string, pattern: string, start: BigintValue = 1, occurrence: BigintValue = 1): number {
  const from = Number(start);
  const n = Number(occurrence);
  if (from < 1) throw invalidArgument('start position cannot be smaller than 1');
  if (n < 1) throw invalidArgument('occurrence cannot be smaller than 1');
  const offset = offsetOfCodePoint(s, from - 1);
  if (from - 1 > 0 && offset >= s.length) return -1;
  const regex = compileJavaRegex(pattern);
  let found = 0;
  for (const m of matches(regex, s, offset)) {
    if (++found === n) return codePointIndexOf(s, m.index) + 1;
  }
  return -1;
}

export function registerRegexpFunctions(table: ImplementationTable): void {
  table.add('regexp_like(varchar(x),varchar(y)):boolean', (s: string, pattern: string) =>
    compileJavaRegex(pattern).test(s),
  );
  table.add('regexp_count(varchar(x),varchar(y)):bigint', (s: string, pattern: string) => {
    let count = 0;
    for (const _ of matches(compileJavaRegex(pattern), s)) count++;
    return count;
  });
  const extract = (s: string, pattern: string, group: BigintValue = 0) => {
    const regex = compileJavaRegex(pattern);
    const g = checkGroup(regex, group);
    const m = regex.exec(s, 0);
    return m === null ? null : m.group(g);
  };
  table.add('regexp_extract(varchar(x),varchar(y)):varchar(x)', (s: string, p: string) => extract(s, p));
  table.add('regexp_extract(varchar(x),varchar(y),bigint):varchar(x)', extract);
  const extractAll = (s: string, pattern: string, group: BigintValue = 0) => {
    const regex = compileJavaRegex(pattern);
    const g = checkGroup(regex, group);
    const result: (string | null)[] = [];
    for (const m of matches(regex, s)) {
      if (result.length === MAX_VALUE_ENTRIES) checkResultEntries(result.length + 1, 'regexp_extract_all');
      result.push(m.group(g));
    }
    return result;
  };
  table.add('regexp_extract_all(varchar(x),varchar(y)):array(varchar(x))', (s: string, p: string) => extractAll(s, p));
  table.add('regexp_extract_all(varchar(x),varchar(y),bigint):array(varchar(x))', extractAll);
  table.add('regexp_replace(varchar(x),varchar(y)):varchar(x)', (s: string, p: string) => regexpReplace(s, p, ''));
  table.add('regexp_replace(varchar(x),varchar(y),varchar(z)):varchar', regexpReplace);
  table.add(
    'regexp_replace(varchar(x),varchar(y),function(array(varchar),varchar(z))):varchar',
    (s: string, pattern: string, replace: (groups: (string | null)[]) => string | null) => {
      const regex = compileJavaRegex(pattern);
      return replaceMatches(s, regex, (m) => {
        const groups: (string | null)[] = [];
        for (let g = 1; g <= regex.groupCount; g++) groups.push(m.group(g));
        return replace(groups) ?? '';
      });
    },
  );
  table.add('regexp_split(varchar(x),varchar(y)):array(varchar(x))', (s: string, pattern: string) => {
    const parts: string[] = [];
    let last = 0;
    for (const m of matches(compileJavaRegex(pattern), s)) {
      // This part and the last one: one more than the parts so far, plus one.
      if (parts.length === MAX_VALUE_ENTRIES - 1) checkResultEntries(parts.length + 2, 'regexp_split');
      parts.push(s.slice(last, m.index));
      last = m.end;
    }
    parts.push(s.slice(last));
    return parts;
  });
  table.add('regexp_position(varchar(x),varchar(y)):integer', (s: string, p: string) => regexpPosition(s, p));
  table.add('regexp_position(varchar(x),varchar(y),bigint):integer', (s: string, p: string, start: BigintValue) =>
    regexpPosition(s, p, start),
  );
  table.add('regexp_position(varchar(x),varchar(y),bigint,bigint):integer', regexpPosition);
}
