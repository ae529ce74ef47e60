/**
 * Hive partition paths: a partitioned table's data lies in directories `k1=v1/k2=v2/` below the
 * table location. Keys and values are escaped as Hive does (`%XX`, upper-case hex, for control
 * characters, DEL and each of `" # % ' * / : = ? \ { [ ] ^`; a space stays a space), and a NULL or empty value is
 * the directory `k=__HIVE_DEFAULT_PARTITION__`. This module builds and parses such names, converts
 * values to and from the partition columns' types (Trino's HIVE_INVALID_PARTITION_VALUE for a
 * value that is not one), infers partition column types from directory names (a Vivace feature
 * for CREATE TABLE without a column list), and discovers the partitions of a directory tree level
 * by level, pruning by a domain on the partition keys as it goes: a directory whose value the
 * query excludes is neither listed further nor read.
 */
import { fail } from '../../../common/invariant.js';

import { formatType } from '../../../types/format-type.js';
import { BIGINT, DATE, DOUBLE, type Type, timestamp, VARCHAR } from '../../../types/type.js';
import { domainContains, type LakeDomain } from '../domain.js';
import type { FileSystem } from '../fs/file-system.js';
import { joinLocation } from '../fs/location.js';
import { lakeError } from '../lake-errors.js';
import { formatValueText, INVALID, parseDateText, parseValueText } from '../text/value-text.js';

export const HIVE_DEFAULT_PARTITION = '__HIVE_DEFAULT_PARTITION__';

const ESCAPED = new Uint8Array(128);
for (let c = 0; c < 0x20; c++) ESCAPED[c] = 1;
for (const c of '"#%\'*/:=?\\{[]^\u007f') ESCAPED[c.charCodeAt(0)] = 1;

/** Hive's escaping of a partition key or value for use as a path segment. */
export function escapePathName(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && ESCAPED[c] === 1) {
      out += `${text.slice(from, i)}%${c.toString(16).toUpperCase().padStart(2, '0')}`;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Undoes escapePathName; a `%` not followed by two hex digits stays as it is (as in Hive). */
export function unescapePathName(text: string): string {
  if (!text.includes('%')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 37 && i + 2 < text.length) {
      const high = hexValue(text.charCodeAt(i + 1));
      const low = hexValue(text.charCodeAt(i + 2));
      if (high >= 0 && low >= 0) {
        out += String.fromCharCode(high * 16 + low);
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

/** `k1=v1/k2=v2` from keys and values (null or '' for the default partition). */
export function makePartitionName(keys: readonly string[], values: readonly (string | null)[]): string {
  if (keys.length !== values.length) {
    throw lakeError('HIVE_METASTORE_ERROR', `${keys.length} partition keys but ${values.length} values`);
  }
  return keys
    .map((key, i) => {
      const value = values[i];
      return `${escapePathName(key)}=${value === null || value === '' || value === undefined ? HIVE_DEFAULT_PARTITION : escapePathName(value)}`;
    })
    .join('/');
}

export interface PartitionNameParts {
  readonly keys: string[];
  /** Unescaped values; null for the default partition. */
  readonly values: (string | null)[];
}

/** Splits `k1=v1/k2=v2` into unescaped keys and values; HIVE_INVALID_PARTITION_VALUE for a malformed name. */
export function parsePartitionName(name: string): PartitionNameParts {
  const keys: string[] = [];
  const values: (string | null)[] = [];
  for (const segment of name.split('/')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    if (eq <= 0) throw lakeError('HIVE_INVALID_PARTITION_VALUE', `Invalid partition name: ${name}`);
    keys.push(unescapePathName(segment.slice(0, eq)));
    const raw = segment.slice(eq + 1);
    values.push(raw === HIVE_DEFAULT_PARTITION ? null : unescapePathName(raw));
  }
  return { keys, values };
}

/** The partition text of a typed value (null → null: the default partition). */
export function partitionValueText(type: Type, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return formatValueText(type, value);
}

/**
 * The typed value of a partition's text value (null for the default partition);
 * HIVE_INVALID_PARTITION_VALUE naming the key when it is not a value of the type.
 */
export function parsePartitionValue(key: string, text: string | null, type: Type): unknown {
  if (text === null) return null;
  const value = parseValueText(type, text);
  if (value === INVALID) {
    throw lakeError(
      'HIVE_INVALID_PARTITION_VALUE',
      `Invalid partition value '${text}' for ${formatType(type).toUpperCase()} partition key: ${escapePathName(key)}=${escapePathName(text)}`,
    );
  }
  return value;
}

const INTEGER_TEXT = /^-?(?:0|[1-9]\d{0,17})$/;
const DOUBLE_TEXT = /^-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?$/;
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(\.(\d{1,9}))?)?$/;

/**
 * The type of a partition column from its values (nulls ignored), as DuckDB's hive type inference
 * does it: bigint when every value is an integer (without a leading zero, which would be lost:
 * `month=01` stays varchar), double when every value is a number, date for `YYYY-MM-DD`, timestamp
 * (precision from the longest fraction) for `YYYY-MM-DD HH:MM[:SS[.f]]`, else varchar.
 */
export function inferPartitionType(values: readonly (string | null)[]): Type {
  const present = values.filter((v): v is string => v !== null);
  if (present.length === 0) return VARCHAR;
  if (present.every((v) => INTEGER_TEXT.test(v))) return BIGINT;
  if (present.every((v) => DOUBLE_TEXT.test(v) && !/^-?0\d/.test(v))) return DOUBLE;
  if (present.every((v) => parseDateText(v) !== INVALID && /^\d{4}-\d{2}-\d{2}$/.test(v))) return DATE;
  let digits = 0;
  if (
    present.every((v) => {
      const match = TIMESTAMP_TEXT.exec(v);
      if (match === null) return false;
      digits = Math.max(digits, match[2]?.length ?? 0);
      return true;
    })
  ) {
    return timestamp(digits <= 3 ? 3 : digits <= 6 ? 6 : 9);
  }
  return VARCHAR;
}

export interface PartitionColumn {
  readonly name: string;
  readonly type: Type;
}

export interface DiscoveredPartition {
  /** `k1=v1/k2=v2` as found on disk (escaped). */
  readonly name: string;
  /** Unescaped values; null for the default partition. */
  readonly values: readonly (string | null)[];
  readonly location: string;
}

export interface DiscoverOptions {
  /** Partitions whose value this domain excludes are skipped without listing below them. */
  readonly domain?: LakeDomain;
  /** Match directory keys case-insensitively (lower-cased first); Trino's `case_sensitive => false`. */
  readonly caseInsensitive?: boolean;
}

/**
 * The partition directories below `tableLocation` for `columns` (in order), walking one level per
 * column (directories not named `<column>=...` are ignored, as Trino's sync procedure does; so are
 * hidden ones). A value that does not parse as its column's type is kept (reading it fails later
 * with HIVE_INVALID_PARTITION_VALUE), unless a domain is given, where it cannot be pruned either.
 */
export async function discoverPartitions(
  fs: FileSystem,
  tableLocation: string,
  columns: readonly PartitionColumn[],
  options: DiscoverOptions = {},
): Promise<DiscoveredPartition[]> {
  const found: DiscoveredPartition[] = [];
  const walk = async (location: string, depth: number, names: string[], values: (string | null)[]) => {
    if (depth === columns.length) {
      found.push({ name: names.join('/'), values: [...values], location });
      return;
    }
    const column = columns[depth] ?? fail('a partition column per directory level');
    const domain = options.domain?.columns[column.name];
    for (const directory of await fs.listDirectories(location)) {
      if (directory.startsWith('.') || directory.startsWith('_')) continue;
      const eq = directory.indexOf('=');
      if (eq <= 0) continue;
      const key = unescapePathName(directory.slice(0, eq));
      if ((options.caseInsensitive ? key.toLowerCase() : key) !== column.name) continue;
      const raw = directory.slice(eq + 1);
      const text = raw === HIVE_DEFAULT_PARTITION ? null : unescapePathName(raw);
      if (domain !== undefined && !partitionMayMatch(text, column.type, domain)) continue;
      await walk(joinLocation(location, directory), depth + 1, [...names, directory], [...values, text]);
    }
  };
  if (options.domain?.none) return [];
  await walk(tableLocation, 0, [], []);
  return found;
}

function partitionMayMatch(text: string | null, type: Type, domain: Parameters<typeof domainContains>[0]): boolean {
  if (text === null) return domain.nullAllowed;
  const value = parseValueText(type, text);
  return value === INVALID || domainContains(domain, value);
}

/**
 * The partition names (as stored: `k=v/...`) whose values may satisfy `domain`; used to prune the
 * metastore's partition list before any partition is opened.
 */
export function prunePartitionNames(
  names: readonly string[],
  columns: readonly PartitionColumn[],
  domain: LakeDomain | undefined,
): string[] {
  if (domain === undefined) return [...names];
  if (domain.none) return [];
  return names.filter((name) => {
    const { values } = parsePartitionName(name);
    return columns.every((column, i) => {
      const columnDomain = domain.columns[column.name];
      return columnDomain === undefined || partitionMayMatch(values[i] ?? null, column.type, columnDomain);
    });
  });
}
