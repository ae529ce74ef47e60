import { compareCodePoints } from '../../common/code-point-order.js';

export { compareCodePoints } from '../../common/code-point-order.js';
/**
 * The constraint shape the lake connector prunes with: per column, which values a row may hold
 * (`nullAllowed`, and either a union of `ranges` or a set of `values`; neither means any non-null
 * value). It mirrors the SPI's tuple domain on purpose, minus the engine's types, so that the
 * pruning code here does not depend on the SPI while it is being reworked; the connector maps the
 * SPI's tuple domain onto it. Values are in the JS value representation of data/block-values.ts
 * (numbers, bigints for long decimals and unsafe bigints, strings, days for dates, epoch units for
 * timestamps, unscaled integers for decimals).
 *
 * Two questions are answered: may a single value (a partition's) satisfy the domain, and may a
 * set of values described by min/max statistics and a null count (a row group's) hold a value that
 * satisfies it. Both answer "maybe" when in doubt: pruning may only skip what surely cannot match.
 * Strings compare by code point, which is the unsigned byte order of their UTF-8 encoding that
 * Parquet statistics use.
 */

export interface LakeBound {
  readonly value: unknown;
  readonly inclusive: boolean;
}

/** A contiguous range; an absent bound is unbounded. */
export interface LakeRange {
  readonly low?: LakeBound;
  readonly high?: LakeBound;
}

export interface LakeColumnDomain {
  readonly nullAllowed: boolean;
  /** Allowed non-null values as a union of ranges. */
  readonly ranges?: readonly LakeRange[];
  /** Allowed non-null values as a set (an IN list); an empty set with nullAllowed=false matches nothing. */
  readonly values?: readonly unknown[];
}

export interface LakeDomain {
  /** No row can match. */
  readonly none?: boolean;
  /** By column name (lower case); a column not listed is unconstrained. */
  readonly columns: Readonly<Record<string, LakeColumnDomain>>;
}

/** Orders two values of one column: numbers, bigints (mixed with numbers), strings, booleans, bytes. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) {
    return compareMixed(a, b);
  }
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  throw new TypeError(`cannot compare ${typeof a} with ${typeof b}`);
}

function compareMixed(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'number' && !Number.isInteger(a)) return a < Number(b) ? -1 : a > Number(b) ? 1 : 0;
  if (typeof b === 'number' && !Number.isInteger(b)) return Number(a) < b ? -1 : Number(a) > b ? 1 : 0;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

function aboveLow(value: unknown, low: LakeBound | undefined): boolean {
  if (low === undefined) return true;
  const c = compareValues(value, low.value);
  return c > 0 || (c === 0 && low.inclusive);
}

function belowHigh(value: unknown, high: LakeBound | undefined): boolean {
  if (high === undefined) return true;
  const c = compareValues(value, high.value);
  return c < 0 || (c === 0 && high.inclusive);
}

/** Whether `value` (null for SQL NULL) satisfies the column domain. */
export function domainContains(domain: LakeColumnDomain, value: unknown): boolean {
  if (value === null || value === undefined) return domain.nullAllowed;
  if (domain.values !== undefined) return domain.values.some((v) => compareValues(v, value) === 0);
  if (domain.ranges === undefined) return true;
  return domain.ranges.some((r) => aboveLow(value, r.low) && belowHigh(value, r.high));
}

/** What statistics say about a column's values in a row group, a page or a file. */
export interface ValueStatistics {
  /** Smallest and largest non-null value, when known. */
  readonly min?: unknown;
  readonly max?: unknown;
  /** Number of nulls, when known. */
  readonly nullCount?: number;
  /** Number of values (nulls included). */
  readonly valueCount: number;
}

/** Whether values described by `stats` may include one the domain allows (false only when surely not). */
export function domainMayMatch(domain: LakeColumnDomain, stats: ValueStatistics): boolean {
  const nullCount = stats.nullCount;
  const mayHaveNull = nullCount === undefined || nullCount > 0;
  if (domain.nullAllowed && mayHaveNull) return true;
  const allNull = nullCount !== undefined && nullCount >= stats.valueCount;
  if (allNull) return false;
  const { min, max } = stats;
  if (domain.values !== undefined) {
    if (min === undefined || max === undefined) return domain.values.length > 0;
    return domain.values.some((v) => compareValues(v, min) >= 0 && compareValues(v, max) <= 0);
  }
  if (domain.ranges === undefined) return true;
  return domain.ranges.some((range) => {
    // The range [low, high] overlaps [min, max] unless it lies wholly above max or below min.
    if (range.low !== undefined && max !== undefined) {
      const c = compareValues(range.low.value, max);
      if (c > 0 || (c === 0 && !range.low.inclusive)) return false;
    }
    if (range.high !== undefined && min !== undefined) {
      const c = compareValues(range.high.value, min);
      if (c < 0 || (c === 0 && !range.high.inclusive)) return false;
    }
    return true;
  });
}
