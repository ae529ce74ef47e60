/**
 * The remaining scalar functions: regular expressions (Java/Joni syntax; the pattern is written as
 * varchar, which Trino's regexp type coerces from), URL parsing, bitwise arithmetic, and typeof.
 * IF, COALESCE, NULLIF, TRY and CAST are special forms handled by the analyzer, not functions.
 */
import { INTEGRAL_TYPES, overloads, scalar } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';
import { UNBOUNDED_LENGTH } from './function-signature.js';

const REGEXP: FunctionDefinition[] = [
  scalar('regexp_like(varchar(x),varchar(y)):boolean', 'Whether a string contains a match of a pattern'),
  scalar('regexp_count(varchar(x),varchar(y)):bigint', 'Number of matches of a pattern'),
  scalar('regexp_extract(varchar(x),varchar(y)):varchar(x)', 'The first match of a pattern'),
  scalar('regexp_extract(varchar(x),varchar(y),bigint):varchar(x)', 'A group of the first match of a pattern'),
  scalar('regexp_extract_all(varchar(x),varchar(y)):array(varchar(x))', 'Every match of a pattern'),
  scalar('regexp_extract_all(varchar(x),varchar(y),bigint):array(varchar(x))', 'A group of every match of a pattern'),
  scalar('regexp_replace(varchar(x),varchar(y)):varchar(x)', 'Remove every match of a pattern'),
  scalar('regexp_replace(varchar(x),varchar(y),varchar(z)):varchar', 'Replace every match of a pattern'),
  scalar(
    'regexp_replace(varchar(x),varchar(y),function(array(varchar),varchar(z))):varchar',
    'Replace every match of a pattern by a function of its groups',
  ),
  scalar('regexp_split(varchar(x),varchar(y)):array(varchar(x))', 'Split on the matches of a pattern'),
  scalar('regexp_position(varchar(x),varchar(y)):integer', 'Position of the first match of a pattern (-1 if none)'),
  scalar(
    'regexp_position(varchar(x),varchar(y),bigint):integer',
    'Position of the first match of a pattern from a position (-1 if none)',
  ),
  scalar(
    'regexp_position(varchar(x),varchar(y),bigint,bigint):integer',
    'Position of the n-th match of a pattern from a position (-1 if none)',
  ),
];

const URL: FunctionDefinition[] = [
  scalar('url_extract_fragment(varchar(x)):varchar(x)', 'The fragment of a URL'),
  scalar('url_extract_host(varchar(x)):varchar(x)', 'The host of a URL'),
  scalar('url_extract_parameter(varchar(x),varchar(y)):varchar(x)', 'The value of a query-string parameter of a URL'),
  scalar('url_extract_path(varchar(x)):varchar(x)', 'The path of a URL'),
  scalar('url_extract_port(varchar(x)):bigint', 'The port of a URL'),
  scalar('url_extract_protocol(varchar(x)):varchar(x)', 'The protocol of a URL'),
  scalar('url_extract_query(varchar(x)):varchar(x)', 'The query string of a URL'),
  // Each character may become up to 12 (a 4-byte UTF-8 sequence as %XX%XX%XX%XX).
  scalar('url_encode(varchar(x)):varchar(y)', 'Percent-encode for a URL', {
    derive: { y: (v) => Math.min(UNBOUNDED_LENGTH, v.x * 12) },
  }),
  scalar('url_decode(varchar(x)):varchar(x)', 'Decode percent-encoding'),
];

const BITWISE: FunctionDefinition[] = [
  scalar('bit_count(bigint,bigint):bigint', "Number of set bits of a value in two's complement of a width"),
  scalar('bitwise_and(bigint,bigint):bigint', 'Bitwise AND'),
  scalar('bitwise_or(bigint,bigint):bigint', 'Bitwise OR'),
  scalar('bitwise_xor(bigint,bigint):bigint', 'Bitwise XOR'),
  scalar('bitwise_not(bigint):bigint', 'Bitwise NOT'),
  ...overloads(INTEGRAL_TYPES, (s) => scalar(s('bitwise_left_shift($T,bigint):$T'), 'Shift left')),
  ...overloads(INTEGRAL_TYPES, (s) => scalar(s('bitwise_right_shift($T,bigint):$T'), 'Logical shift right')),
  ...overloads(INTEGRAL_TYPES, (s) =>
    scalar(s('bitwise_right_shift_arithmetic($T,bigint):$T'), 'Arithmetic shift right'),
  ),
];

const UUID_FUNCTIONS: FunctionDefinition[] = [
  scalar('uuid():uuid', 'Generates a random UUID', { deterministic: false }),
];

const INTROSPECTION: FunctionDefinition[] = [
  scalar('typeof<T>(T):varchar', 'The type of an expression', { calledOnNullInput: true }),
  scalar('format_number(bigint):varchar', 'A number with a unit suffix (K, M, B...)'),
  scalar('format_number(double):varchar', 'A number with a unit suffix (K, M, B...)'),
  // Trino's fail(code, message): the planner's run-time checks (e.g. a correlated scalar subquery
  // returning several rows) raise their error through it. Not deterministic, so never folded or moved.
  scalar('fail(integer,varchar(x)):unknown', 'Raises the error of the given code with the given message', {
    deterministic: false,
  }),
];

export const MISC_FUNCTIONS: readonly FunctionDefinition[] = [
  ...REGEXP,
  ...URL,
  ...BITWISE,
  ...UUID_FUNCTIONS,
  ...INTROSPECTION,
];
