/**
 * Hive bucketing: which of a table's `bucket_count` buckets a row belongs to, as Hive, Spark (in
 * Hive mode) and Trino compute it, so that bucketed files any of them wrote are read as theirs and
 * files written here are read in theirs.
 *
 * - Version 1 hashes each value as Java's `hashCode` of Hive's writable: the int itself for
 *   boolean (1/0), tinyint, smallint, integer and date (days since 1970-01-01); `(int)(v ^ v >>> 32)`
 *   for bigint and for the IEEE bits of a double (`doubleToLongBits`, NaN canonical); the float's
 *   bits for real; `31·h + b` over the UTF-8 bytes (as signed bytes) for text, starting at 0 for
 *   Hive's `string` (Vivace's unbounded varchar) and 1 for `varchar(n)`.
 * - Version 2 hashes the value's big-endian bytes with Hive's Murmur3 (x86 32-bit, seed 104729,
 *   the tail's bytes sign-extended as Hive's implementation does); tinyint and boolean stay as in
 *   version 1; text is Murmur3 of its UTF-8 bytes.
 *
 * Values combine over the bucket columns as `h = 31·h + hash` (NULL hashes to 0), and the bucket
 * is `(h & 0x7fffffff) mod bucket_count`. Both versions support the types Trino's do: boolean,
 * tinyint, smallint, integer, bigint, real, double, varchar and date.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block } from '../../../data/block.js';
import { flatten } from '../../../data/block-copy.js';
import { getValue } from '../../../data/block-values.js';
import { wordHalves } from '../../../data/int128.js';
import type { Type } from '../../../types/type.js';
import { formatType } from '../../../types/type-signature.js';

export type BucketingVersion = 1 | 2;

/** How one bucket column's values hash (its Hive category). */
export type BucketKind =
  | 'boolean'
  | 'byte'
  | 'short'
  | 'int'
  | 'long'
  | 'float'
  | 'double'
  | 'string'
  | 'varchar'
  | 'date';

export interface SortingColumn {
  readonly columnName: string;
  readonly order: 'ASCENDING' | 'DESCENDING';
}

/** A table's bucketing as the metastore keeps it (Trino's `bucketProperty` plus the version parameter). */
export interface BucketProperty {
  readonly bucketedBy: readonly string[];
  readonly bucketCount: number;
  readonly bucketingVersion: BucketingVersion;
  readonly sortedBy: readonly SortingColumn[];
}

/** Where Hive and Trino keep the bucketing version: a table parameter. */
export const BUCKETING_VERSION_PARAMETER = 'bucketing_version';

/** The Hive category a column of `type` hashes as, or undefined when Hive cannot bucket on it. */
export function bucketKindOf(type: Type): BucketKind | undefined {
  switch (type.kind) {
    case 'boolean':
      return 'boolean';
    case 'tinyint':
      return 'byte';
    case 'smallint':
      return 'short';
    case 'integer':
      return 'int';
    case 'bigint':
      return 'long';
    case 'real':
      return 'float';
    case 'double':
      return 'double';
    case 'varchar':
      return type.length === undefined ? 'string' : 'varchar';
    case 'date':
      return 'date';
    default:
      return undefined;
  }
}

/** The bucket kinds of the bucket columns; NOT_SUPPORTED (Trino's message) for a type Hive cannot bucket on. */
export function bucketKinds(types: readonly Type[]): BucketKind[] {
  return types.map((type) => {
    const kind = bucketKindOf(type);
    if (kind === undefined) {
      throw new VivaceError(
        'NOT_SUPPORTED',
        `Cannot create a table bucketed on an unsupported type: ${formatType(type)}`,
      );
    }
    return kind;
  });
}

// Scratch views for the IEEE bits of reals and doubles (little-endian words: [low, high]).
const float64 = new Float64Array(1);
const float32 = new Float32Array(float64.buffer, 0, 1);
const words = new Int32Array(float64.buffer);
const utf8 = new TextEncoder();
let textBytes = new Uint8Array(256);

/** Sets `words` to the IEEE bits of `value` (doubleToLongBits: NaN canonical, 0x7ff8000000000000). */
function doubleWords(value: number): void {
  if (Number.isNaN(value)) {
    words[0] = 0;
    words[1] = 0x7ff80000;
  } else {
    float64[0] = value;
  }
}

function floatBits(value: number): number {
  if (Number.isNaN(value)) return 0x7fc00000;
  float32[0] = value;
  return words[0] ?? 0;
}

/** The low and high 32-bit words (two's complement) of a 64-bit integer held as a number or a bigint. */
function longWords(value: number | bigint): [number, number] {
  if (typeof value === 'bigint') return [Number(BigInt.asIntN(32, value)), Number(BigInt.asIntN(32, value >> 32n))];
  return [value | 0, Math.floor(value / 4294967296) | 0];
}

function encodeText(value: string): number {
  if (value.length * 3 > textBytes.length) textBytes = new Uint8Array(value.length * 3 + 16);
  return utf8.encodeInto(value, textBytes).written;
}

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;
const SEED = 104729;

function mixK(k: number): number {
  k = Math.imul(k, C1);
  k = (k << 15) | (k >>> 17);
  return Math.imul(k, C2);
}

function mixH(h: number, k: number): number {
  h ^= mixK(k);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number, length: number): number {
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Hive's Murmur3.hash32 of `bytes[0, length)`: little-endian blocks; the tail's bytes sign-extended
 * as Hive's implementation does (it differs from the reference for tails with bytes past 0x7f).
 */
export function hiveMurmur3(bytes: Uint8Array, length: number, seed = SEED): number {
  let h = seed;
  const blocks = length >> 2;
  for (let i = 0; i < blocks; i++) {
    const o = i * 4;
    const k = (bytes[o] ?? 0) | ((bytes[o + 1] ?? 0) << 8) | ((bytes[o + 2] ?? 0) << 16) | ((bytes[o + 3] ?? 0) << 24);
    h = mixH(h, k);
  }
  const tail = blocks * 4;
  const signed = (i: number) => ((bytes[tail + i] ?? 0) << 24) >> 24;
  const rest = length & 3;
  if (rest > 0) {
    let k = 0;
    if (rest === 3) k ^= signed(2) << 16;
    if (rest >= 2) k ^= signed(1) << 8;
    k ^= signed(0);
    h ^= mixK(k);
  }
  return finish(h, length);
}

/** The int's bytes reversed: big-endian bytes read back as a little-endian block. */
function swap(value: number): number {
  return (
    ((value >>> 24) & 0xff) | (((value >>> 16) & 0xff) << 8) | (((value >>> 8) & 0xff) << 16) | ((value & 0xff) << 24)
  );
}

/** Murmur3 of a 32-bit int's big-endian bytes (one block). */
function murmurInt(value: number): number {
  return finish(mixH(SEED, swap(value)), 4);
}

/** Murmur3 of a 64-bit value's big-endian bytes: the high word's bytes first. */
function murmurLong(low: number, high: number): number {
  return finish(mixH(mixH(SEED, swap(high)), swap(low)), 8);
}

function hashV1(kind: BucketKind, value: unknown): number {
  switch (kind) {
    case 'boolean':
      return value === true ? 1 : 0;
    case 'byte':
    case 'short':
    case 'int':
    case 'date':
      return Number(value) | 0;
    case 'long': {
      const [low, high] = longWords(value as number | bigint);
      return low ^ high;
    }
    case 'float':
      return floatBits(value as number);
    case 'double':
      doubleWords(value as number);
      return (words[0] ?? 0) ^ (words[1] ?? 0);
    case 'string':
    case 'varchar': {
      const length = encodeText(value as string);
      let h = kind === 'string' ? 0 : 1;
      for (let i = 0; i < length; i++) h = (Math.imul(h, 31) + (((textBytes[i] ?? 0) << 24) >> 24)) | 0;
      return h;
    }
  }
}

function hashV2(kind: BucketKind, value: unknown): number {
  switch (kind) {
    case 'boolean':
    case 'byte':
      return hashV1(kind, value);
    case 'short': {
      const v = Number(value) & 0xffff;
      const bytes = new Uint8Array([v >>> 8, v & 0xff]);
      return hiveMurmur3(bytes, 2);
    }
    case 'int':
    case 'date':
      return murmurInt(Number(value) | 0);
    case 'long': {
      const [low, high] = longWords(value as number | bigint);
      return murmurLong(low, high);
    }
    case 'float':
      return murmurInt(floatBits(value as number));
    case 'double':
      doubleWords(value as number);
      return murmurLong(words[0] ?? 0, words[1] ?? 0);
    case 'string':
    case 'varchar':
      return hiveMurmur3(textBytes, encodeText(value as string));
  }
}

/** The bucket of one row's bucket-column values (JavaScript values as blocks hold them; null for NULL). */
export function bucketOf(
  values: readonly unknown[],
  kinds: readonly BucketKind[],
  version: BucketingVersion,
  bucketCount: number,
): number {
  let h = 0;
  for (let i = 0; i < kinds.length; i++) {
    const value = values[i];
    const kind = kinds[i] as BucketKind;
    h = (Math.imul(h, 31) + hashValue(kind, value, version)) | 0;
  }
  return (h & 0x7fffffff) % bucketCount;
}

/** The hash of one value of a column (NULL: 0), by version. */
function hashValue(kind: BucketKind, value: unknown, version: BucketingVersion): number {
  if (value === null || value === undefined) return 0;
  return version === 1 ? hashV1(kind, value) : hashV2(kind, value);
}

/**
 * The bucket of each of the first `count` rows of the bucket columns' blocks (a writer's page):
 * integer columns straight from their typed arrays, the others value by value.
 */
export function bucketsOfRows(
  blocks: readonly Block[],
  types: readonly Type[],
  kinds: readonly BucketKind[],
  version: BucketingVersion,
  bucketCount: number,
  count: number,
): Int32Array {
  const hashes = new Int32Array(count);
  for (let c = 0; c < kinds.length; c++) {
    const kind = kinds[c] as BucketKind;
    const block = flatten(blocks[c] as Block);
    const nulls = block.nulls;
    if (block.kind === 'int64' && kind === 'long') {
      const halves = wordHalves(block.values);
      for (let i = 0; i < count; i++) {
        const low = halves[2 * i] ?? 0;
        const high = halves[2 * i + 1] ?? 0;
        const hash = nulls !== undefined && nulls[i] !== 0 ? 0 : version === 1 ? low ^ high : murmurLong(low, high);
        hashes[i] = (Math.imul(hashes[i] ?? 0, 31) + hash) | 0;
      }
    } else if (block.kind === 'int32' && (kind === 'int' || kind === 'date' || (version === 1 && kind !== 'float'))) {
      const values = block.values;
      for (let i = 0; i < count; i++) {
        const value = values[i] ?? 0;
        const hash = nulls !== undefined && nulls[i] !== 0 ? 0 : version === 1 ? value : murmurInt(value);
        hashes[i] = (Math.imul(hashes[i] ?? 0, 31) + hash) | 0;
      }
    } else {
      const type = types[c] as Type;
      for (let i = 0; i < count; i++) {
        hashes[i] = (Math.imul(hashes[i] ?? 0, 31) + hashValue(kind, getValue(block, type, i), version)) | 0;
      }
    }
  }
  for (let i = 0; i < count; i++) hashes[i] = ((hashes[i] ?? 0) & 0x7fffffff) % bucketCount;
  return hashes;
}

// A file's bucket by its name: Trino's older naming, Hive's `<bucket>_<attempt>...`, ACID's `bucket_<n>`.
const BUCKET_NAME_PATTERNS = [
  /^\d{8}_\d{6}_\d{5}_[a-z0-9]{5}_bucket-(\d+)(?:[-_.].*)?$/,
  /^(\d+)_\d+.*$/,
  /^bucket_(\d+)(?:_\d+)?$/,
];

/** The bucket a data file's name gives it, or undefined when the name follows none of the patterns. */
export function bucketOfFileName(name: string): number | undefined {
  for (const pattern of BUCKET_NAME_PATTERNS) {
    const match = pattern.exec(name);
    if (match?.[1] !== undefined) return Number.parseInt(match[1], 10);
  }
  return undefined;
}

/** The name prefix of a file written into `bucket` (Hive's and Trino's: six digits, then the attempt). */
export function bucketFilePrefix(bucket: number): string {
  return `${String(bucket).padStart(6, '0')}_0_`;
}

/** Combinations of bucket-column values explored for pruning before giving up (Trino's limits). */
function explorationLimit(bucketCount: number): number {
  return Math.max(bucketCount * 4, 1000);
}

/**
 * The buckets rows with these bucket-column values may be in, given each column's allowed values
 * (a NULL allowed counts as the value null), or undefined when the combinations are too many or
 * would cover every bucket anyway.
 */
export function bucketsOfValues(
  valuesByColumn: readonly (readonly unknown[])[],
  kinds: readonly BucketKind[],
  version: BucketingVersion,
  bucketCount: number,
): Set<number> | undefined {
  let combinations = 1;
  for (const values of valuesByColumn) combinations *= values.length;
  if (combinations > explorationLimit(bucketCount)) return undefined;
  const buckets = new Set<number>();
  const row: unknown[] = new Array(valuesByColumn.length);
  const visit = (column: number): boolean => {
    if (column === valuesByColumn.length) {
      buckets.add(bucketOf(row, kinds, version, bucketCount));
      return buckets.size < bucketCount;
    }
    for (const value of valuesByColumn[column] ?? []) {
      row[column] = value;
      if (!visit(column + 1)) return false;
    }
    return true;
  };
  return visit(0) ? buckets : undefined;
}
