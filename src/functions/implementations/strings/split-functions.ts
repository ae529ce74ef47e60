/**
 * Splitting strings: split (with an optional limit, the last part keeping the rest), split_part
 * (1-based field, NULL beyond the last; an empty delimiter selects single characters),
 * split_to_map and split_to_multimap, with Trino's messages for bad arguments.
 */
import type { BigintValue } from '../bigint-values.js';
import { invalidArgument } from '../errors.js';
import type { ImplementationTable } from '../implementation-types.js';
import { checkResultEntries, MAX_VALUE_ENTRIES } from '../value-limits.js';

/** Whether splitting `s` on `delimiter` may give more parts than an array may hold. */
function mayHaveTooManyParts(s: string, delimiter: string): boolean {
  return Math.floor(s.length / delimiter.length) + 1 > MAX_VALUE_ENTRIES;
}

function split(s: string, delimiter: string, limit?: BigintValue): string[] {
  if (delimiter.length === 0) throw invalidArgument('The delimiter may not be the empty string');
  if (limit === undefined && !mayHaveTooManyParts(s, delimiter)) return s.split(delimiter);
  const n = limit === undefined ? Number.POSITIVE_INFINITY : Number(limit);
  if (n <= 0) throw invalidArgument('Limit must be positive');
  const parts: string[] = [];
  let start = 0;
  while (parts.length < n - 1) {
    const index = s.indexOf(delimiter, start);
    if (index < 0) break;
    checkResultEntries(parts.length + 2, 'split');
    parts.push(s.slice(start, index));
    start = index + delimiter.length;
  }
  parts.push(s.slice(start));
  return parts;
}

function splitPart(s: string, delimiter: string, index: BigintValue): string | null {
  const n = Number(index);
  if (n <= 0) throw invalidArgument('Index must be greater than zero');
  if (delimiter.length === 0) {
    const points = Array.from(s);
    return n <= points.length ? points[n - 1] : null;
  }
  let start = 0;
  for (let field = 1; field < n; field++) {
    const next = s.indexOf(delimiter, start);
    if (next < 0) return null;
    start = next + delimiter.length;
  }
  const end = s.indexOf(delimiter, start);
  return end < 0 ? s.slice(start) : s.slice(start, end);
}

/** The entries of `s`, each split once on the key/value delimiter; a trailing entry delimiter is allowed. */
function entries(s: string, entryDelimiter: string, keyValueDelimiter: string): [string, string][] {
  if (entryDelimiter.length === 0) throw invalidArgument('entryDelimiter is empty');
  if (keyValueDelimiter.length === 0) throw invalidArgument('keyValueDelimiter is empty');
  if (entryDelimiter === keyValueDelimiter) {
    throw invalidArgument('entryDelimiter and keyValueDelimiter must not be the same');
  }
  const result: [string, string][] = [];
  if (s.length === 0) return result;
  if (mayHaveTooManyParts(s, entryDelimiter))
    checkResultEntries(s.split(entryDelimiter, MAX_VALUE_ENTRIES + 2).length, 'split_to_map');
  const items = s.split(entryDelimiter);
  if (items[items.length - 1] === '') items.pop();
  for (const item of items) {
    const index = item.indexOf(keyValueDelimiter);
    if (index < 0 || item.indexOf(keyValueDelimiter, index + keyValueDelimiter.length) >= 0) {
      throw invalidArgument(`Key-value delimiter must appear exactly once in each entry. Bad input: '${item}'`);
    }
    result.push([item.slice(0, index), item.slice(index + keyValueDelimiter.length)]);
  }
  return result;
}

export function registerSplitFunctions(table: ImplementationTable): void {
  table.add('split(varchar(x),varchar(y)):array(varchar(x))', (s: string, d: string) => split(s, d));
  table.add('split(varchar(x),varchar(y),bigint):array(varchar(x))', (s: string, d: string, n: BigintValue) =>
    split(s, d, n),
  );
  table.add('split_part(varchar(x),varchar(y),bigint):varchar(x)', splitPart);
  table.add('split_to_map(varchar,varchar,varchar):map(varchar,varchar)', (s: string, e: string, kv: string) => {
    const map = new Map<string, string>();
    for (const [key, value] of entries(s, e, kv)) {
      if (map.has(key)) throw invalidArgument(`Duplicate keys (${key}) are not allowed`);
      map.set(key, value);
    }
    return map;
  });
  table.add(
    'split_to_multimap(varchar,varchar,varchar):map(varchar,array(varchar))',
    (s: string, e: string, kv: string) => {
      const map = new Map<string, string[]>();
      for (const [key, value] of entries(s, e, kv)) {
        const values = map.get(key);
        if (values === undefined) map.set(key, [value]);
        else values.push(value);
      }
      return map;
    },
  );
}
