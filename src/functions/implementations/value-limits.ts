/**
 * The engine-wide maximum size of a value a scalar function builds, and the checks that enforce it
 * BEFORE the value is built (issue 13: `rpad('x', 2147483647, 'y')` used to build two billion
 * characters one at a time and take the coordinator down).
 *
 * - A varchar or json value built by a function has at most MAX_VALUE_LENGTH (1 MiB) UTF-16
 *   units (characters, for text without characters beyond U+FFFF); a varbinary at most
 *   MAX_VALUE_LENGTH bytes. It is the limit Trino's own concatenation and listagg apply to their
 *   results (its page size, 1 MiB). A larger limit was tried: at 16 MiB one call of upper,
 *   translate or reverse on a value of that size held a node's event loop for seconds, and
 *   hundreds of such values alive at once (a row of a wide ARRAY[...]) reach gigabytes.
 * - An array or map built by a function (concatenation, flatten, ngrams, combinations, zip, ...)
 *   has at most MAX_VALUE_ENTRIES (1,048,576) entries; repeat and sequence keep Trino's tighter
 *   limits (10,000). Aggregates (array_agg, map_agg, ...) are not capped here: their states are
 *   counted in their operator's memory reservation, so query_max_memory stops them.
 * Functions whose result is a bounded multiple of their input (to_hex, url_encode, normalize,
 * JSON escaping) check their result after building it; functions whose result can be much larger
 * than their input (padding, concatenation, replacement) compute its size first.
 * The errors are INVALID_FUNCTION_ARGUMENT, worded after Trino's where Trino has one.
 */
import { invalidArgument } from './errors.js';

export const MAX_VALUE_LENGTH = 1024 * 1024;
export const MAX_VALUE_ENTRIES = 1024 * 1024;

/**
 * The longest pattern (LIKE, regular expression, replacement, JSON path, date format) the
 * compiled-pattern caches keep. A longer one is compiled for each call: caches hold hundreds of
 * entries, and as many 16 MiB patterns would keep gigabytes alive after their queries end.
 */
export const MAX_CACHED_PATTERN_LENGTH = 4096;

/**
 * The longest date format pattern: a pattern compiles into one token per letter run, and a
 * 16 MiB pattern of alternating letters would be millions of objects before any checks on the
 * result could run. No real format comes near it.
 */
export const MAX_FORMAT_PATTERN_LENGTH = 65536;

/** Throws unless a date format pattern is within MAX_FORMAT_PATTERN_LENGTH. */
export function checkFormatPattern(pattern: string): void {
  if (pattern.length > MAX_FORMAT_PATTERN_LENGTH) {
    throw invalidArgument(`Format pattern must not be longer than ${MAX_FORMAT_PATTERN_LENGTH} characters`);
  }
}

/** Throws unless a string or byte result of `length` units fits; `what` names the function. */
export function checkResultLength(length: number, what: string): void {
  if (length > MAX_VALUE_LENGTH) throw resultTooLong(what);
}

export function resultTooLong(what: string): Error {
  return invalidArgument(`result of ${what} function must not be longer than ${MAX_VALUE_LENGTH} characters or bytes`);
}

/** Throws unless an array or map result of `entries` entries fits. */
export function checkResultEntries(entries: number, what: string): void {
  if (entries > MAX_VALUE_ENTRIES) {
    throw invalidArgument(`result of ${what} function must not have more than ${MAX_VALUE_ENTRIES} entries`);
  }
}

/** The string, after checking that it fits (for results that are a bounded multiple of the input). */
export function checkedString(value: string, what: string): string {
  if (value.length > MAX_VALUE_LENGTH) throw resultTooLong(what);
  return value;
}

/** The bytes, after checking that they fit. */
export function checkedBytes(value: Uint8Array, what: string): Uint8Array {
  if (value.length > MAX_VALUE_LENGTH) throw resultTooLong(what);
  return value;
}
