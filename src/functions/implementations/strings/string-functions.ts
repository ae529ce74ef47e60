/**
 * The string functions over varchar and char: length, case, reverse, concatenation, padding,
 * trimming, search and replace, substrings, translate, chr/codepoint. Positions and lengths count
 * code points (SQL characters), not UTF-16 units; strings without surrogates take JS's own fast
 * paths. char(n) values arrive without their trailing spaces: functions that see the spaces
 * (length, substring, concat) pad them back as Trino does.
 */

import { fail } from '../../../common/invariant.js';
import type { CharType } from '../../../types/type.js';
import type { BigintValue } from '../bigint-values.js';
import { invalidArgument } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { checkResultLength, MAX_VALUE_LENGTH } from '../value-limits.js';
import { lower, trimCharacters, trimWhitespace, upper } from './case-and-space.js';
import { codePointIndexOf, codePointLength, hasSurrogates, sliceCodePoints } from './code-points.js';

const MAX_CODE_POINT = 0x10ffff;

function charLength(ctx: CallContext, argument = 0): number {
  return (ctx.argumentTypes[argument] as CharType).length;
}

/** A char(n) value with its trailing spaces restored. */
export function padChar(value: string, length: number): string {
  const missing = length - codePointLength(value);
  return missing > 0 ? value + ' '.repeat(missing) : value;
}

export function reverseString(s: string): string {
  if (!hasSurrogates(s)) {
    let out = '';
    for (let i = s.length - 1; i >= 0; i--) out += s[i];
    return out;
  }
  return Array.from(s).reverse().join('');
}

/** Trino's substr: 1-based start (negative counts from the end), NULL-free, empty when out of range. */
export function substring(s: string, start: BigintValue, length?: BigintValue): string {
  const from = Number(start);
  const count = length === undefined ? Number.POSITIVE_INFINITY : Number(length);
  if (from === 0 || count <= 0 || s.length === 0) return '';
  const total = hasSurrogates(s) ? codePointLength(s) : s.length;
  const begin = from > 0 ? from - 1 : total + from;
  if (begin < 0 || begin >= total) return '';
  const n = Math.min(count, total - begin);
  return hasSurrogates(s) ? sliceCodePoints(s, begin, n) : s.substr(begin, n);
}

/**
 * lpad/rpad: the target length is checked against the maximum value size before anything is built,
 * and the fill is made with native repeat/slice, never a character at a time.
 */
function pad(s: string, size: BigintValue, padding: string, left: boolean): string {
  const target = Number(size);
  if (!(target >= 0 && target <= MAX_VALUE_LENGTH)) {
    throw invalidArgument(`Target length must be in the range [0..${MAX_VALUE_LENGTH}]`);
  }
  if (padding.length === 0) throw invalidArgument('Padding string must not be empty');
  const simple = !hasSurrogates(s);
  const length = simple ? s.length : codePointLength(s);
  if (target <= length) return simple ? s.slice(0, target) : sliceCodePoints(s, 0, target);
  const needed = target - length;
  let fill: string;
  if (!hasSurrogates(padding)) {
    fill = padding.repeat(Math.floor(needed / padding.length)) + padding.slice(0, needed % padding.length);
  } else {
    const points = codePointLength(padding);
    fill = padding.repeat(Math.floor(needed / points)) + sliceCodePoints(padding, 0, needed % points);
  }
  return left ? fill + s : s + fill;
}

/** concat(varchar...) and `||`: the total length is checked before the string is built. */
export function concatStrings(parts: readonly unknown[], count: number): string {
  let length = 0;
  for (let i = 0; i < count; i++) length += (parts[i] as string).length;
  if (length > MAX_VALUE_LENGTH) throw invalidArgument('Concatenated string is too large');
  let out = '';
  for (let i = 0; i < count; i++) out += parts[i] as string;
  return out;
}

function joinChecked(parts: readonly string[], separator: string, what: string): string {
  let length = parts.length > 0 ? separator.length * (parts.length - 1) : 0;
  for (const part of parts) length += part.length;
  checkResultLength(length, what);
  return parts.join(separator);
}

/** 1-based code point position of the `instance`-th (overlapping) occurrence, 0 when absent. */
export function stringPosition(s: string, sub: string, instance: BigintValue = 1): number {
  const n = Number(instance);
  if (n <= 0) throw invalidArgument("'instance' must be a positive number.");
  if (sub.length === 0) return n <= codePointLength(s) + 1 ? n : 0;
  let index = -1;
  for (let found = 0; found < n; found++) {
    index = s.indexOf(sub, index + 1);
    if (index < 0) return 0;
  }
  return codePointIndexOf(s, index) + 1;
}

function replaceAll(s: string, search: string, replacement: string): string {
  if (search.length === 0) {
    // An empty search matches before every character and at the end (between code points).
    const points = Array.from(s);
    checkResultLength(s.length + replacement.length * (points.length + 1), 'replace');
    return replacement + points.map((p) => p + replacement).join('');
  }
  const pieces = s.split(search);
  checkResultLength(s.length + (pieces.length - 1) * (replacement.length - search.length), 'replace');
  return pieces.join(replacement);
}

function translate(s: string, from: string, to: string): string {
  const source = Array.from(from);
  const target = Array.from(to);
  const mapping = new Map<string, string>();
  source.forEach((ch, i) => {
    if (!mapping.has(ch)) mapping.set(ch, i < target.length ? target[i] : '');
  });
  let out = '';
  for (const ch of s) {
    const mapped = mapping.get(ch);
    out += mapped === undefined ? ch : mapped;
  }
  // A character of the BMP may become one beyond it: at most twice the input's UTF-16 length.
  checkResultLength(out.length, 'translate');
  return out;
}

function chr(codePoint: BigintValue): string {
  const n = Number(codePoint);
  if (n < 0 || n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) {
    throw invalidArgument(`Not a valid Unicode code point: ${codePoint}`);
  }
  return String.fromCodePoint(n);
}

function codepoint(s: string): number {
  if (codePointLength(s) !== 1) throw invalidArgument('Input string must be a single character string');
  return s.codePointAt(0) ?? fail('a one-character string has a code point');
}

export function registerStringFunctions(table: ImplementationTable): void {
  table.add('chr(bigint):varchar(1)', chr);
  table.add('codepoint(varchar(1)):integer', codepoint);

  table.add('length(varchar(x)):bigint', codePointLength, {
    inline: ([s], ctx) => `${ctx.reference(codePointLength)}(${s})`,
  });
  table.add('length(char(x)):bigint', (_s: string, ctx: CallContext) => charLength(ctx));

  table.add('lower(varchar(x)):varchar(x)', lower, { inline: ([s], ctx) => `${ctx.reference(lower)}(${s})` });
  table.add('lower(char(x)):char(x)', lower);
  table.add('upper(varchar(x)):varchar(x)', upper, { inline: ([s], ctx) => `${ctx.reference(upper)}(${s})` });
  table.add('upper(char(x)):char(x)', upper);
  table.add('reverse(varchar(x)):varchar(x)', reverseString);
  // Reversing a char(n) moves its padding to the front; the result's own trailing spaces are dropped.
  table.add('reverse(char(x)):char(x)', (s: string, ctx: CallContext) =>
    reverseString(padChar(s, charLength(ctx))).replace(/ +$/, ''),
  );

  table.add('concat(varchar...):varchar', (...args: unknown[]) => concatStrings(args, args.length - 1));
  table.add('concat(char(x),char(y)):char(u)', (a: string, b: string, ctx: CallContext) =>
    (padChar(a, charLength(ctx)) + b).replace(/ +$/, ''),
  );
  table.add(
    'concat_ws(varchar,varchar...):varchar',
    (...args: unknown[]) => {
      const separator = args[0];
      if (separator === null) return null;
      const parts: string[] = [];
      for (let i = 1; i < args.length - 1; i++) if (args[i] !== null) parts.push(args[i] as string);
      return joinChecked(parts, separator as string, 'concat_ws');
    },
    { nullHandling: 'CALLED_ON_NULL' },
  );
  table.add('concat_ws(varchar,array(varchar)):varchar', (separator: string, values: (string | null)[]) =>
    joinChecked(
      values.filter((v): v is string => v !== null),
      separator,
      'concat_ws',
    ),
  );

  table.add('lpad(varchar(x),bigint,varchar(y)):varchar', (s: string, n: BigintValue, p: string) => pad(s, n, p, true));
  table.add('rpad(varchar(x),bigint,varchar(y)):varchar', (s: string, n: BigintValue, p: string) =>
    pad(s, n, p, false),
  );

  for (const [name, leading, trailing] of [
    ['ltrim', true, false],
    ['rtrim', false, true],
    ['trim', true, true],
  ] as const) {
    table.add(`${name}(varchar(x)):varchar(x)`, (s: string) => trimWhitespace(s, leading, trailing));
    table.add(`${name}(char(x)):varchar(x)`, (s: string) => trimWhitespace(s, leading, trailing));
    table.add(`${name}(varchar(x),varchar(y)):varchar(x)`, (s: string, set: string) =>
      trimCharacters(s, set, leading, trailing),
    );
    table.add(`${name}(char(x),varchar(y)):varchar(x)`, (s: string, set: string, ctx: CallContext) =>
      trimCharacters(padChar(s, charLength(ctx)), set, leading, trailing),
    );
  }

  table.add('replace(varchar(x),varchar(y)):varchar(x)', (s: string, search: string) => replaceAll(s, search, ''));
  table.add('replace(varchar(x),varchar(y),varchar(z)):varchar(u)', replaceAll);
  table.add('strpos(varchar(x),varchar(y)):bigint', (s: string, sub: string) => stringPosition(s, sub));
  table.add('strpos(varchar(x),varchar(y),bigint):bigint', (s: string, sub: string, n: BigintValue) =>
    stringPosition(s, sub, n),
  );
  table.add('starts_with(varchar(x),varchar(y)):boolean', (s: string, prefix: string) => s.startsWith(prefix));
  table.add('ends_with(varchar(x),varchar(y)):boolean', (s: string, suffix: string) => s.endsWith(suffix));
  table.add('translate(varchar(x),varchar(y),varchar(z)):varchar', translate);

  table.add('substring(varchar(x),bigint):varchar(x)', (s: string, start: BigintValue) => substring(s, start), {
    inline: ([s, start], ctx) => `${ctx.reference(substring)}(${s}, ${start})`,
  });
  table.add(
    'substring(varchar(x),bigint,bigint):varchar(x)',
    (s: string, start: BigintValue, length: BigintValue) => substring(s, start, length),
    { inline: ([s, start, length], ctx) => `${ctx.reference(substring)}(${s}, ${start}, ${length})` },
  );
  table.add('substring(char(x),bigint):varchar(x)', (s: string, start: BigintValue, ctx: CallContext) =>
    substring(padChar(s, charLength(ctx)), start),
  );
  table.add(
    'substring(char(x),bigint,bigint):varchar(x)',
    (s: string, start: BigintValue, length: BigintValue, ctx: CallContext) =>
      substring(padChar(s, charLength(ctx)), start, length),
  );
}
