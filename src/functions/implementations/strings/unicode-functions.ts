/**
 * Unicode normalization, UTF-8 encoding and decoding (invalid sequences replaced, by U+FFFD or a
 * chosen character, one replacement per maximal invalid subpart as the WHATWG decoder does), and
 * word_stem: English through the Porter2 stemmer; the other languages Trino's Lucene stemmers
 * cover are refused as not supported here.
 */
import type { BigintValue } from '../bigint-values.js';
import { invalidArgument, notSupported } from '../errors.js';
import type { ImplementationTable } from '../implementation-types.js';
import { checkedBytes, checkedString } from '../value-limits.js';
import { codePointLength } from './code-points.js';
import { stemEnglish } from './english-stemmer.js';

const FORMS: ReadonlySet<string> = new Set(['NFD', 'NFC', 'NFKD', 'NFKC']);
/** Languages Trino's word_stem accepts (Lucene Snowball stemmers). */
const TRINO_STEMMER_LANGUAGES: ReadonlySet<string> = new Set([
  'ca',
  'da',
  'de',
  'en',
  'es',
  'eu',
  'fi',
  'fr',
  'hu',
  'hy',
  'ir',
  'it',
  'lt',
  'nl',
  'no',
  'pt',
  'ro',
  'ru',
  'sv',
  'tr',
]);

const encoder = new TextEncoder();

/** Decodes UTF-8, replacing each invalid sequence with `replacement`. */
export function decodeUtf8(bytes: Uint8Array, replacement: string): string {
  if (replacement === '\ufffd') return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    let needed = 0;
    let codePoint = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      needed = 1;
      codePoint = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      needed = 2;
      codePoint = b & 0x0f;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      needed = 3;
      codePoint = b & 0x07;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else {
      out += replacement;
      i++;
      continue;
    }
    let j = i + 1;
    let valid = true;
    for (let k = 0; k < needed; k++, j++) {
      const c = bytes[j];
      if (c === undefined || c < lower || c > upper) {
        valid = false;
        break;
      }
      lower = 0x80;
      upper = 0xbf;
      codePoint = (codePoint << 6) | (c & 0x3f);
    }
    if (valid) {
      out += String.fromCodePoint(codePoint);
      i = j;
    } else {
      out += replacement;
      i = j;
    }
  }
  return out;
}

function replacementCharacter(replacement: string): string {
  if (codePointLength(replacement) > 1) {
    throw invalidArgument('Replacement character string must empty or a single character');
  }
  return replacement;
}

function replacementCodePoint(codePoint: BigintValue): string {
  const n = Number(codePoint);
  if (n < 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) {
    throw invalidArgument(`Not a valid Unicode code point: ${codePoint}`);
  }
  return String.fromCodePoint(n);
}

function wordStem(word: string, language: string): string {
  const lang = language.toLowerCase();
  if (lang === 'en') return stemEnglish(word);
  if (TRINO_STEMMER_LANGUAGES.has(lang)) throw notSupported(`word_stem is not supported for language: ${language}`);
  throw invalidArgument(`Unknown stemmer language: ${language}`);
}

export function registerUnicodeFunctions(table: ImplementationTable): void {
  // Normalization can expand a string (up to 18 times for NFKD); the result is checked once built.
  table.add('normalize(varchar(x)):varchar', (s: string) => checkedString(s.normalize('NFC'), 'normalize'));
  table.add('normalize(varchar(x),varchar(y)):varchar', (s: string, form: string) => {
    const upper = form.toUpperCase();
    if (!FORMS.has(upper)) throw invalidArgument('Normalization form must be one of [NFD, NFC, NFKD, NFKC]');
    return checkedString(s.normalize(upper as 'NFC'), 'normalize');
  });
  table.addAll(['to_utf8(varchar(x)):varbinary', 'to_utf8(char(x)):varbinary'], (s: string) =>
    checkedBytes(encoder.encode(s), 'to_utf8'),
  );
  table.add('from_utf8(varbinary):varchar', (bytes: Uint8Array) => decodeUtf8(bytes, '\ufffd'));
  table.add('from_utf8(varbinary,varchar(x)):varchar', (bytes: Uint8Array, r: string) =>
    checkedString(decodeUtf8(bytes, replacementCharacter(r)), 'from_utf8'),
  );
  table.add('from_utf8(varbinary,bigint):varchar', (bytes: Uint8Array, r: BigintValue) =>
    checkedString(decodeUtf8(bytes, replacementCodePoint(r)), 'from_utf8'),
  );
  table.add('word_stem(varchar(x)):varchar(x)', (word: string) => stemEnglish(word));
  table.add('word_stem(varchar(x),varchar(y)):varchar(x)', wordStem);
}
