/**
 * Which rows of a batch may satisfy the scan's domain, from the converted blocks of its
 * constrained columns. The Parquet reader converts those columns first and then the others only at
 * the selected rows (late materialization, as Trino's lazy blocks and DuckDB's filter pushdown do):
 * with `shipdate` in one year of seven, the other columns of lineitem are converted for one row in
 * seven. The domain is the SPI's hint, implied by the query's filter ("rows outside it may be
 * skipped; the engine still filters"): dropping a row here drops only what the filter would drop.
 *
 * Conservative where SQL and ordering differ: a NaN of a floating-point column is always kept
 * (comparisons with NaN are the engine's to decide), and a value the fast numeric path cannot
 * judge goes through `domainContains` on its JS value.
 */
import type { Block } from '../../data/block.js';
import { getValue } from '../../data/block-values.js';
import type { Type } from '../../types/type.js';
import { domainContains, type LakeColumnDomain } from './domain.js';

/** A join's keys (a dynamic filter): a row passes when its value is non-null, in range and, with a set, in it. */
export interface KeyTest {
  readonly min: number | string;
  readonly max: number | string;
  readonly contains?: ((key: number | string) => boolean) | undefined;
  /** Told how many rows the test saw and kept. */
  readonly record?: ((rowsIn: number, rowsOut: number) => void) | undefined;
}

/** A column's converted block and what its rows must satisfy: a domain, or a join's keys. */
export type ConstrainedBlock = {
  readonly block: Block;
  readonly type: Type;
} & (
  | { readonly domain: LakeColumnDomain; readonly keys?: undefined }
  | { readonly keys: KeyTest; readonly domain?: undefined }
);

/** Types whose values in int32/float64 blocks are integers (decimals unscaled, dates in days). */
const INTEGRAL_KINDS: ReadonlySet<string> = new Set(['tinyint', 'smallint', 'integer', 'bigint', 'decimal', 'date']);

/**
 * A numeric domain as [low, high] pairs with inclusivity (and, for a list of values, the values as
 * a set: an IN list of a thousand is one lookup a row, not a thousand comparisons).
 */
interface NumericRanges {
  readonly lows: Float64Array;
  readonly highs: Float64Array;
  readonly lowInclusive: Uint8Array;
  readonly highInclusive: Uint8Array;
  readonly values?: ReadonlySet<number>;
}

/** Compiled once per domain object (a reader keeps its domain for all its batches). */
const compiledDomains = new WeakMap<LakeColumnDomain, NumericRanges | null>();

function numericRanges(domain: LakeColumnDomain): NumericRanges | undefined {
  let compiled = compiledDomains.get(domain);
  if (compiled === undefined) {
    compiled = compileNumericRanges(domain) ?? null;
    compiledDomains.set(domain, compiled);
  }
  return compiled ?? undefined;
}

/** The domain's ranges over numbers, or undefined when a bound is not a number. */
function compileNumericRanges(domain: LakeColumnDomain): NumericRanges | undefined {
  const ranges =
    domain.values !== undefined
      ? domain.values.map((v) => ({ low: { value: v, inclusive: true }, high: { value: v, inclusive: true } }))
      : domain.ranges;
  if (ranges === undefined) return undefined;
  const n = ranges.length;
  const result = {
    lows: new Float64Array(n),
    highs: new Float64Array(n),
    lowInclusive: new Uint8Array(n),
    highInclusive: new Uint8Array(n),
  };
  for (const [i, range] of ranges.entries()) {
    const low = range.low;
    const high = range.high;
    if (low !== undefined && typeof low.value !== 'number') return undefined;
    if (high !== undefined && typeof high.value !== 'number') return undefined;
    result.lows[i] = low === undefined ? Number.NEGATIVE_INFINITY : (low.value as number);
    result.lowInclusive[i] = low === undefined || low.inclusive ? 1 : 0;
    result.highs[i] = high === undefined ? Number.POSITIVE_INFINITY : (high.value as number);
    result.highInclusive[i] = high === undefined || high.inclusive ? 1 : 0;
  }
  return domain.values === undefined ? result : { ...result, values: new Set(domain.values as number[]) };
}

function inRanges(value: number, r: NumericRanges): boolean {
  if (r.values !== undefined) return r.values.has(value);
  for (let k = 0; k < r.lows.length; k++) {
    const low = r.lows[k] as number;
    const high = r.highs[k] as number;
    if (
      (value > low || (value === low && r.lowInclusive[k] === 1)) &&
      (value < high || (value === high && r.highInclusive[k] === 1))
    )
      return true;
  }
  return false;
}

/**
 * The numeric fast path: keeps the positions whose value lies in the ranges (one range, the usual
 * case of a BETWEEN or a comparison, tested inline). `dense` means the positions are 0..count-1
 * (the first column), read as indices without the positions array.
 */
function filterNumbers(
  values: Float64Array | Int32Array,
  nulls: Uint8Array | undefined,
  nullAllowed: boolean,
  floating: boolean,
  integral: boolean,
  ranges: NumericRanges | undefined,
  positions: Int32Array,
  count: number,
  dense: boolean,
): number {
  let kept = 0;
  if (ranges !== undefined && ranges.lows.length === 1 && nulls === undefined) {
    const low = ranges.lows[0] as number;
    const high = ranges.highs[0] as number;
    const lowInclusive = ranges.lowInclusive[0] === 1;
    const highInclusive = ranges.highInclusive[0] === 1;
    if (integral) {
      // Integer values: the bounds as inclusive integers. The first column reads rows in order, in
      // a loop of its own (a per-row choice between the two forms halves the speed).
      const first = lowInclusive ? Math.ceil(low) : Math.floor(low) + 1;
      const last = highInclusive ? Math.floor(high) : Math.ceil(high) - 1;
      if (dense) {
        for (let p = 0; p < count; p++) {
          const value = values[p] as number;
          if (value >= first && value <= last) positions[kept++] = p;
        }
      } else {
        for (let i = 0; i < count; i++) {
          const p = positions[i] as number;
          const value = values[p] as number;
          if (value >= first && value <= last) positions[kept++] = p;
        }
      }
      return kept;
    }
    for (let i = 0; i < count; i++) {
      const p = dense ? i : (positions[i] as number);
      const value = values[p] as number;
      if (
        ((lowInclusive ? value >= low : value > low) && (highInclusive ? value <= high : value < high)) ||
        (floating && Number.isNaN(value))
      )
        positions[kept++] = p;
    }
    return kept;
  }
  for (let i = 0; i < count; i++) {
    const p = dense ? i : (positions[i] as number);
    let keep: boolean;
    if (nulls !== undefined && nulls[p] !== 0) keep = nullAllowed;
    else if (ranges === undefined) keep = true;
    else {
      const value = values[p] as number;
      keep = inRanges(value, ranges) || (floating && Number.isNaN(value));
    }
    if (keep) positions[kept++] = p;
  }
  return kept;
}

/**
 * Keeps the positions whose value may be a join key: non-null, within [min, max] and, with a set,
 * in it (numbers in a typed array read directly; other values one by one; a value of another kind
 * than the keys' is kept, the engine deciding).
 */
function filterKeys(
  block: Block,
  type: Type,
  keys: KeyTest,
  positions: Int32Array,
  count: number,
  dense: boolean,
): number {
  let kept = 0;
  const { min, max, contains } = keys;
  if ((block.kind === 'float64' || block.kind === 'int32') && typeof min === 'number' && typeof max === 'number') {
    const values = block.values;
    const nulls = block.nulls;
    for (let i = 0; i < count; i++) {
      const p = dense ? i : (positions[i] as number);
      if (nulls !== undefined && nulls[p] !== 0) continue;
      const value = values[p] as number;
      if (value < min || value > max) continue;
      if (contains !== undefined && !contains(value)) continue;
      positions[kept++] = p;
    }
    return kept;
  }
  for (let i = 0; i < count; i++) {
    const p = dense ? i : (positions[i] as number);
    const value = getValue(block, type, p);
    if (value === null) continue;
    if (typeof value === typeof min && typeof value === typeof max) {
      const key = value as number | string;
      if (key < min || key > max) continue;
      if (contains !== undefined && !contains(key)) continue;
    }
    positions[kept++] = p;
  }
  return kept;
}

/**
 * Keeps, of `positions[0..count)` (0..count-1 when `dense`), those whose value in `column` may
 * satisfy its domain; returns the new count (positions compacted in place).
 */
function filterPositions(column: ConstrainedBlock, positions: Int32Array, count: number, dense: boolean): number {
  if (column.keys !== undefined) {
    const kept = filterKeys(column.block, column.type, column.keys, positions, count, dense);
    column.keys.record?.(count, kept);
    return kept;
  }
  const { block, domain } = column;
  const anyValue = domain.values === undefined && domain.ranges === undefined;
  if (anyValue && domain.nullAllowed) {
    if (dense) for (let i = 0; i < count; i++) positions[i] = i;
    return count;
  }
  const ranges = anyValue ? undefined : numericRanges(domain);
  if ((block.kind === 'float64' || block.kind === 'int32') && (anyValue || ranges !== undefined)) {
    const kind = column.type.kind;
    const floating = kind === 'double' || kind === 'real';
    const integral = INTEGRAL_KINDS.has(kind);
    return filterNumbers(
      block.values,
      block.nulls,
      domain.nullAllowed,
      floating,
      integral,
      ranges,
      positions,
      count,
      dense,
    );
  }
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const p = dense ? i : (positions[i] as number);
    const value = getValue(block, column.type, p);
    if (domainContains(domain, value) || (typeof value === 'number' && Number.isNaN(value))) positions[kept++] = p;
  }
  return kept;
}

/**
 * The positions (ascending) of the rows of a batch of `rowCount` rows that may satisfy every
 * column's domain, or undefined when all of them may. The positions are written into `scratch`
 * when it is large enough (the result is then a view of it, valid until its next use).
 */
export function selectRows(
  columns: readonly ConstrainedBlock[],
  rowCount: number,
  scratch?: Int32Array,
): Int32Array | undefined {
  const positions = scratch !== undefined && scratch.length >= rowCount ? scratch : new Int32Array(rowCount);
  let count = rowCount;
  // The cheapest test first (one range over integers), so the others see fewer rows.
  const ordered = [...columns].sort((a, b) => cost(a) - cost(b));
  for (const [i, column] of ordered.entries()) {
    count = filterPositions(column, positions, count, i === 0);
    if (count === 0) break;
  }
  return count === rowCount ? undefined : positions.subarray(0, count);
}

/** 0: one range over integers in a typed array; 1: other numeric tests; 2: sets and values read one by one. */
function cost(column: ConstrainedBlock): number {
  const { block, domain, type } = column;
  if (domain === undefined) return column.keys.contains === undefined ? 1 : 2;
  if (block.kind !== 'float64' && block.kind !== 'int32') return 2;
  const single = domain.values === undefined ? domain.ranges?.length === 1 : domain.values.length === 1;
  return single && block.nulls === undefined && INTEGRAL_KINDS.has(type.kind) ? 0 : 1;
}
