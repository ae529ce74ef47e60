/**
 * String functions over varchar (and char where Trino has char overloads): length, case, padding,
 * trimming, searching, splitting, substrings, edit distances, Unicode and UTF-8 conversion.
 * Result lengths follow Trino: functions that never lengthen a string return varchar(x).
 */
import { scalar } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';
import { UNBOUNDED_LENGTH } from './function-signature.js';

const CHARACTER_STRINGS: FunctionDefinition[] = [
  scalar('chr(bigint):varchar(1)', 'The character of a Unicode code point'),
  scalar('codepoint(varchar(1)):integer', 'The Unicode code point of a one-character string'),
  scalar('length(varchar(x)):bigint', 'Number of characters'),
  scalar('length(char(x)):bigint', 'Number of characters, trailing spaces included'),
  scalar('lower(varchar(x)):varchar(x)', 'Convert to lower case'),
  scalar('lower(char(x)):char(x)', 'Convert to lower case'),
  scalar('upper(varchar(x)):varchar(x)', 'Convert to upper case'),
  scalar('upper(char(x)):char(x)', 'Convert to upper case'),
  scalar('reverse(varchar(x)):varchar(x)', 'The characters in reverse order'),
  scalar('reverse(char(x)):char(x)', 'The characters in reverse order'),
  scalar('concat(varchar...):varchar', 'Concatenate strings', { minArguments: 2 }),
  scalar('concat(char(x),char(y)):char(u)', 'Concatenate fixed-length strings', { derive: { u: (v) => v.x + v.y } }),
  scalar('concat_ws(varchar,varchar...):varchar', 'Concatenate strings with a separator, skipping NULLs', {
    calledOnNullInput: true,
  }),
  scalar('concat_ws(varchar,array(varchar)):varchar', 'Join array elements with a separator, skipping NULLs'),
];

const PADDING_AND_TRIMMING: FunctionDefinition[] = [
  scalar('lpad(varchar(x),bigint,varchar(y)):varchar', 'Pad on the left to a length'),
  scalar('rpad(varchar(x),bigint,varchar(y)):varchar', 'Pad on the right to a length'),
  scalar('ltrim(varchar(x)):varchar(x)', 'Remove leading whitespace'),
  scalar('ltrim(char(x)):varchar(x)', 'Remove leading whitespace'),
  scalar('ltrim(varchar(x),varchar(y)):varchar(x)', 'Remove leading characters of a set'),
  scalar('ltrim(char(x),varchar(y)):varchar(x)', 'Remove leading characters of a set'),
  scalar('rtrim(varchar(x)):varchar(x)', 'Remove trailing whitespace'),
  scalar('rtrim(char(x)):varchar(x)', 'Remove trailing whitespace'),
  scalar('rtrim(varchar(x),varchar(y)):varchar(x)', 'Remove trailing characters of a set'),
  scalar('rtrim(char(x),varchar(y)):varchar(x)', 'Remove trailing characters of a set'),
  scalar('trim(varchar(x)):varchar(x)', 'Remove leading and trailing whitespace'),
  scalar('trim(char(x)):varchar(x)', 'Remove leading and trailing whitespace'),
  scalar('trim(varchar(x),varchar(y)):varchar(x)', 'Remove leading and trailing characters of a set'),
  scalar('trim(char(x),varchar(y)):varchar(x)', 'Remove leading and trailing characters of a set'),
];

const SEARCH_AND_REPLACE: FunctionDefinition[] = [
  scalar('replace(varchar(x),varchar(y)):varchar(x)', 'Remove every occurrence of a substring'),
  // Worst case: the replacement goes before every character and at the end.
  scalar('replace(varchar(x),varchar(y),varchar(z)):varchar(u)', 'Replace every occurrence of a substring', {
    derive: { u: (v) => Math.min(UNBOUNDED_LENGTH, v.x + v.z * (v.x + 1)) },
  }),
  scalar('strpos(varchar(x),varchar(y)):bigint', 'Position of the first occurrence of a substring (0 if none)'),
  scalar('strpos(varchar(x),varchar(y),bigint):bigint', 'Position of the n-th occurrence of a substring (0 if none)'),
  scalar('starts_with(varchar(x),varchar(y)):boolean', 'Whether a string starts with a prefix'),
  scalar('ends_with(varchar(x),varchar(y)):boolean', 'Whether a string ends with a suffix'),
  scalar('translate(varchar(x),varchar(y),varchar(z)):varchar', 'Replace characters by their counterparts'),
  scalar('substring(varchar(x),bigint):varchar(x)', 'Suffix from a 1-based position', { aliases: ['substr'] }),
  scalar('substring(char(x),bigint):varchar(x)', 'Suffix from a 1-based position', { aliases: ['substr'] }),
  scalar('substring(varchar(x),bigint,bigint):varchar(x)', 'Substring of a length from a 1-based position', {
    aliases: ['substr'],
  }),
  scalar('substring(char(x),bigint,bigint):varchar(x)', 'Substring of a length from a 1-based position', {
    aliases: ['substr'],
  }),
];

const SPLITTING: FunctionDefinition[] = [
  scalar('split(varchar(x),varchar(y)):array(varchar(x))', 'Split on a delimiter'),
  scalar('split(varchar(x),varchar(y),bigint):array(varchar(x))', 'Split on a delimiter into at most n parts'),
  scalar('split_part(varchar(x),varchar(y),bigint):varchar(x)', 'The n-th field after splitting on a delimiter'),
  scalar('split_to_map(varchar,varchar,varchar):map(varchar,varchar)', 'Split into key/value entries of a map'),
  scalar(
    'split_to_multimap(varchar,varchar,varchar):map(varchar,array(varchar))',
    'Split into key/value entries, collecting the values of each key',
  ),
];

const DISTANCES_AND_LANGUAGE: FunctionDefinition[] = [
  scalar('levenshtein_distance(varchar(x),varchar(y)):bigint', 'Levenshtein edit distance'),
  // The analyzer passes format's arguments after the first as one ROW, as Trino's FormatFunction.
  scalar('format<T>(varchar(x),T):varchar', "The arguments formatted as Java's String.format does"),
  scalar('hamming_distance(varchar(x),varchar(y)):bigint', 'Number of positions at which equal-length strings differ'),
  scalar('soundex(varchar):varchar(4)', 'Soundex code of a string'),
  scalar('word_stem(varchar(x)):varchar(x)', 'English stem of a word'),
  scalar('word_stem(varchar(x),varchar(y)):varchar(x)', 'Stem of a word in a language'),
  scalar('luhn_check(varchar):boolean', 'Whether a string of digits passes the Luhn check'),
];

const UNICODE: FunctionDefinition[] = [
  scalar('normalize(varchar(x)):varchar', 'Unicode NFC normalization'),
  scalar('normalize(varchar(x),varchar(y)):varchar', 'Unicode normalization to a form (NFD, NFC, NFKD, NFKC)'),
  scalar('to_utf8(varchar(x)):varbinary', 'Encode as UTF-8'),
  scalar('to_utf8(char(x)):varbinary', 'Encode as UTF-8'),
  scalar('from_utf8(varbinary):varchar', 'Decode UTF-8, replacing invalid sequences by U+FFFD'),
  scalar('from_utf8(varbinary,varchar(x)):varchar', 'Decode UTF-8, replacing invalid sequences by a character'),
  scalar('from_utf8(varbinary,bigint):varchar', 'Decode UTF-8, replacing invalid sequences by a code point'),
];

export const STRING_FUNCTIONS: readonly FunctionDefinition[] = [
  ...CHARACTER_STRINGS,
  ...PADDING_AND_TRIMMING,
  ...SEARCH_AND_REPLACE,
  ...SPLITTING,
  ...DISTANCES_AND_LANGUAGE,
  ...UNICODE,
];
