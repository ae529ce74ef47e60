/**
 * Turns a pushed-down constraint on a table's key column into the ranges of generator units (rows,
 * or orders for lineitem) that can hold matching rows, so splits and batches outside them are
 * never generated. Every tpch table's key is a monotonic function of the unit index: dense keys
 * (`partkey = i + 1`, `nationkey = i`), four partsupp rows per part, and the sparse order keys
 * (8 used out of every 32, see tpch-scale.ts). Constraints on other columns are left to the
 * engine's filter.
 */
import type { TupleDomain, ValueRange } from '../../spi/tuple-domain.js';
import type { TpchTableName } from './generator/index.js';
import { SUPPLIERS_PER_PART } from './generator/tpch-scale.js';

/** Units [start, end). */
export interface UnitInterval {
  readonly start: number;
  readonly end: number;
}

/** The generator name of each table's key column. */
export const TPCH_KEY_COLUMNS: Readonly<Record<TpchTableName, string>> = {
  region: 'regionkey',
  nation: 'nationkey',
  part: 'partkey',
  supplier: 'suppkey',
  partsupp: 'partkey',
  customer: 'custkey',
  orders: 'orderkey',
  lineitem: 'orderkey',
};

/** Order keys use the low 3 bits of the order number and shift the rest up by 2 bits (32 keys per 8 orders). */
const ORDER_KEY_BLOCK = 32;
const ORDERS_PER_BLOCK = 8;

/** The smallest order number whose key is ≥ key (key ≥ 1). */
function firstOrderNumberFrom(key: number): number {
  const block = Math.floor(key / ORDER_KEY_BLOCK);
  const low = key % ORDER_KEY_BLOCK;
  return low < ORDERS_PER_BLOCK ? block * ORDERS_PER_BLOCK + low : (block + 1) * ORDERS_PER_BLOCK;
}

/** The largest order number whose key is ≤ key (key ≥ 0). */
function lastOrderNumberUpTo(key: number): number {
  const block = Math.floor(key / ORDER_KEY_BLOCK);
  const low = key % ORDER_KEY_BLOCK;
  return low < ORDERS_PER_BLOCK ? block * ORDERS_PER_BLOCK + low : block * ORDERS_PER_BLOCK + ORDERS_PER_BLOCK - 1;
}

/** Units [start, end) whose keys lie in [low, high] (inclusive integers, low ≤ high). */
function unitsOfKeys(table: TpchTableName, low: number, high: number): UnitInterval {
  switch (table) {
    case 'region':
    case 'nation':
      return { start: low, end: high + 1 };
    case 'part':
    case 'supplier':
    case 'customer':
      return { start: low - 1, end: high };
    case 'partsupp':
      return { start: SUPPLIERS_PER_PART * (low - 1), end: SUPPLIERS_PER_PART * high };
    case 'orders':
    case 'lineitem':
      // Order number n is unit n - 1.
      return { start: firstOrderNumberFrom(Math.max(low, 1)) - 1, end: lastOrderNumberUpTo(Math.max(high, 0)) };
  }
}

function boundNumber(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' || typeof value === 'bigint' ? Number(value) : NaN;
  return Number.isNaN(n) ? undefined : n;
}

/** The integer keys [low, high] a range allows, or undefined when a bound is not a number. */
function integerKeys(range: ValueRange): { low: number; high: number } | undefined {
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  if (range.low !== undefined) {
    const value = boundNumber(range.low.value);
    if (value === undefined) return undefined;
    low = range.low.inclusive ? Math.ceil(value) : Math.floor(value) + 1;
  }
  if (range.high !== undefined) {
    const value = boundNumber(range.high.value);
    if (value === undefined) return undefined;
    high = range.high.inclusive ? Math.floor(value) : Math.ceil(value) - 1;
  }
  return { low, high };
}

/**
 * The unit intervals (sorted, disjoint, within [0, units)) that may hold rows matching the
 * constraint, or undefined when the constraint does not narrow the table's key.
 */
export function constrainedUnitIntervals(
  table: TpchTableName,
  units: number,
  keyColumn: string,
  constraint: TupleDomain | undefined,
): UnitInterval[] | undefined {
  if (constraint === undefined) return undefined;
  if (constraint.none === true) return [];
  const domain = constraint.columns[keyColumn];
  if (domain === undefined || domain.ranges === undefined) return undefined;
  const intervals: UnitInterval[] = [];
  for (const range of domain.ranges) {
    const keys = integerKeys(range);
    if (keys === undefined) return undefined;
    if (keys.low > keys.high) continue;
    // Clamp before mapping so that unbounded ends stay finite.
    const low = Math.max(keys.low, -1);
    const high = Math.min(keys.high, Number.MAX_SAFE_INTEGER);
    const mapped = unitsOfKeys(table, low, high);
    const start = Math.max(mapped.start, 0);
    const end = Math.min(mapped.end, units);
    if (start < end) intervals.push({ start, end });
  }
  intervals.sort((a, b) => a.start - b.start);
  const merged: UnitInterval[] = [];
  for (const interval of intervals) {
    const last = merged[merged.length - 1];
    if (last !== undefined && interval.start <= last.end) {
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, interval.end) };
    } else {
      merged.push(interval);
    }
  }
  return merged;
}

/** The parts of `intervals` inside [start, end) (all of [start, end) when intervals is undefined). */
export function clipIntervals(
  intervals: readonly UnitInterval[] | undefined,
  start: number,
  end: number,
): UnitInterval[] {
  if (intervals === undefined) return start < end ? [{ start, end }] : [];
  const clipped: UnitInterval[] = [];
  for (const interval of intervals) {
    const from = Math.max(interval.start, start);
    const to = Math.min(interval.end, end);
    if (from < to) clipped.push({ start: from, end: to });
  }
  return clipped;
}
