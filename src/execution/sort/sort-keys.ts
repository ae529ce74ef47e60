/**
 * Sort keys: a column made ready for comparison (`SortColumn`) and comparators specialised per
 * key kind, direction and NULL placement. Every number-like type (integers, double, real, short
 * decimals, dates, short timestamps, intervals, booleans) is compared through one Float64Array,
 * so the hot comparator stays monomorphic; strings compare in code point order; timestamps with
 * picoseconds compare (millis, picos); everything else goes through the generic value comparison.
 *
 * Comparators take two column sets and a position in each, so the same code sorts one buffer
 * (both sets the same) and compares rows held in different pages (TopN's heap).
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { flatten } from '../../data/block-copy.js';
import { getValue } from '../../data/block-values.js';
import { formatTypeSignature } from '../../types/format-type.js';
import type { Type } from '../../types/type.js';
import { compareStrings, compareValues } from '../expression/value-comparison.js';
import { radixSortPermutation } from './radix-sort.js';
import type { SortOrdering } from './sort-ordering.js';

/** One ORDER BY key over an input channel. */
export type { SortOrdering } from './sort-ordering.js';

export type SortColumn =
  | { readonly kind: 'number'; readonly values: Float64Array; readonly nulls: Uint8Array | undefined }
  | { readonly kind: 'bigint64'; readonly values: BigInt64Array; readonly nulls: Uint8Array | undefined }
  | { readonly kind: 'string'; readonly values: readonly string[]; readonly nulls: Uint8Array | undefined }
  | {
      readonly kind: 'zoned';
      /** Epoch (or time-of-day) milliseconds. */
      readonly values: Float64Array;
      readonly picos: Int32Array | undefined;
      readonly nulls: Uint8Array | undefined;
    }
  | { readonly kind: 'generic'; readonly values: readonly unknown[]; readonly nulls: Uint8Array | undefined };

/** Compares position `i` of column set `x` with position `j` of column set `y`. */
export type RowComparator = (x: readonly SortColumn[], i: number, y: readonly SortColumn[], j: number) => number;

type KeyComparator = (x: SortColumn, i: number, y: SortColumn, j: number) => number;

/** The comparable form of the first `block.positionCount` positions of `block` (values of `type`). */
export function sortColumnOf(block: Block, type: Type): SortColumn {
  const flat: FlatBlock = flatten(block);
  const nulls = flat.nulls;
  switch (flat.kind) {
    case 'float64':
      return { kind: 'number', values: flat.values, nulls };
    case 'int32':
    case 'float32':
    case 'boolean':
      return { kind: 'number', values: Float64Array.from(flat.values), nulls };
    case 'int64':
      return { kind: 'bigint64', values: flat.values, nulls };
    case 'string':
      return { kind: 'string', values: flat.values, nulls };
    case 'timestamptz':
      return { kind: 'zoned', values: flat.millis, picos: flat.picos, nulls };
    default: {
      const values: unknown[] = new Array(flat.positionCount);
      for (let i = 0; i < flat.positionCount; i++) values[i] = getValue(flat, type, i);
      return { kind: 'generic', values, nulls };
    }
  }
}

/** The sort columns of `orderings` over the blocks of one page. */
export function sortColumnsOf(blocks: readonly Block[], orderings: readonly SortOrdering[]): SortColumn[] {
  return orderings.map((o) => sortColumnOf(blocks[o.channel], o.type));
}

/** Total order on doubles for ORDER BY: NaN is above every number and equal to itself. */
export function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  return -1;
}

function valueComparator(
  kind: SortColumn['kind'],
  type: Type,
): (x: SortColumn, i: number, y: SortColumn, j: number) => number {
  switch (kind) {
    case 'number':
      return (x, i, y, j) => compareDoubles((x.values as Float64Array)[i], (y.values as Float64Array)[j]);
    case 'bigint64':
      return (x, i, y, j) => {
        const a = (x.values as BigInt64Array)[i];
        const b = (y.values as BigInt64Array)[j];
        return a < b ? -1 : a > b ? 1 : 0;
      };
    case 'string':
      return (x, i, y, j) => compareStrings((x.values as readonly string[])[i], (y.values as readonly string[])[j]);
    case 'zoned':
      return (x, i, y, j) => {
        const a = x as Extract<SortColumn, { kind: 'zoned' }>;
        const b = y as Extract<SortColumn, { kind: 'zoned' }>;
        const c = compareDoubles(a.values[i], b.values[j]);
        if (c !== 0) return c;
        return (a.picos === undefined ? 0 : a.picos[i]) - (b.picos === undefined ? 0 : b.picos[j]);
      };
    case 'generic':
      return (x, i, y, j) =>
        compareValues(type, (x.values as readonly unknown[])[i], (y.values as readonly unknown[])[j]);
  }
}

/**
 * Columns of one key may differ in kind across pages (a bigint column holds float64 or int64 blocks):
 * a comparator first tries the specialised path for matching kinds and otherwise compares values.
 */
function keyComparator(ordering: SortOrdering, kind: SortColumn['kind']): KeyComparator {
  const id = keyComparatorId(ordering, kind);
  let comparator = keyComparators.get(id);
  if (comparator === undefined) {
    comparator = newKeyComparator(ordering, kind);
    keyComparators.set(id, comparator);
  }
  return comparator;
}

/**
 * Comparators by what they are specialised for, made once per process: a comparator is hot (called
 * for every pair compared), and V8 keeps a closure's optimized code only while that closure lives —
 * one made per sort was compiled again after each full collection, and sorts ran unoptimized
 * meanwhile (docs/architecture.md §10). The kinds, directions and types of sort keys are few.
 */
const keyComparators = new Map<string, KeyComparator>();
const rowComparators = new Map<string, RowComparator>();

/** What a key comparator is specialised for: two keys with the same id compare alike. */
function keyComparatorId(ordering: SortOrdering, kind: SortColumn['kind']): string {
  return `${kind} ${ordering.ascending} ${ordering.nullsFirst} ${formatTypeSignature(ordering.type)}`;
}

function newKeyComparator(ordering: SortOrdering, kind: SortColumn['kind']): KeyComparator {
  const compareSame = valueComparator(kind, ordering.type);
  const type = ordering.type;
  const direction = ordering.ascending ? 1 : -1;
  const nullOrder = ordering.nullsFirst ? -1 : 1;
  return (x, i, y, j) => {
    const xNull = x.nulls !== undefined && x.nulls[i] !== 0;
    const yNull = y.nulls !== undefined && y.nulls[j] !== 0;
    if (xNull || yNull) return xNull === yNull ? 0 : xNull ? nullOrder : -nullOrder;
    if (x.kind === kind && y.kind === kind) return direction * compareSame(x, i, y, j);
    return direction * compareValues(type, columnValue(x, i), columnValue(y, j));
  };
}

/** The value at position `i` of a sort column, in the engine's value representation. */
function columnValue(column: SortColumn, i: number): unknown {
  if (column.nulls !== undefined && column.nulls[i] !== 0) return null;
  switch (column.kind) {
    case 'number':
      return column.values[i];
    case 'bigint64':
      return column.values[i];
    case 'string':
      return column.values[i];
    case 'zoned':
      return { millis: column.values[i], picos: column.picos === undefined ? 0 : column.picos[i] };
    case 'generic':
      return column.values[i];
  }
}

/**
 * A comparator over rows for `orderings`, specialised for the column kinds of `sample` (the
 * columns it will mostly see). Key k of the column sets passed in corresponds to `orderings[k]`.
 */
export function createRowComparator(orderings: readonly SortOrdering[], sample: readonly SortColumn[]): RowComparator {
  const kinds = orderings.map((_, k) => sample[k]?.kind ?? 'generic');
  const id = orderings.map((o, k) => keyComparatorId(o, kinds[k])).join('\n');
  let comparator = rowComparators.get(id);
  if (comparator === undefined) {
    comparator = composeRowComparator(orderings.map((o, k) => keyComparator(o, kinds[k])));
    rowComparators.set(id, comparator);
  }
  return comparator;
}

function composeRowComparator(keys: readonly KeyComparator[]): RowComparator {
  if (keys.length === 1) {
    const only = keys[0];
    return (x, i, y, j) => only(x[0], i, y[0], j);
  }
  if (keys.length === 2) {
    const first = keys[0];
    const second = keys[1];
    return (x, i, y, j) => first(x[0], i, y[0], j) || second(x[1], i, y[1], j);
  }
  const count = keys.length;
  return (x, i, y, j) => {
    for (let k = 0; k < count; k++) {
      const c = keys[k](x[k], i, y[k], j);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** Below this many rows a comparator sort beats the radix sort's fixed cost. */
export const RADIX_SORT_MIN_ROWS = 2048;

/**
 * The positions 0..count-1 ordered by `orderings` over `columns`; equal keys keep their input
 * order, so the result is deterministic. All-number keys of large inputs are radix sorted.
 */
export function sortedPermutation(
  columns: readonly SortColumn[],
  orderings: readonly SortOrdering[],
  count: number,
): Int32Array {
  if (count >= RADIX_SORT_MIN_ROWS && orderings.length > 0 && columns.every((c) => c.kind === 'number')) {
    return radixSortPermutation(columns as readonly Extract<SortColumn, { kind: 'number' }>[], orderings, count);
  }
  const permutation = new Int32Array(count);
  for (let i = 0; i < count; i++) permutation[i] = i;
  if (count < 2 || orderings.length === 0) return permutation;
  sorting.compare = createRowComparator(orderings, columns);
  sorting.columns = columns;
  try {
    permutation.sort(comparePositions);
  } finally {
    sorting.compare = undefined;
    sorting.columns = [];
  }
  return permutation;
}

/**
 * What the position comparator of the running sort compares (sorts are synchronous and never
 * nest). One module-level comparator rather than a closure per sort: V8 compiled each sort's
 * closure again, its optimized code dying with it (docs/architecture.md §10).
 */
const sorting: { compare: RowComparator | undefined; columns: readonly SortColumn[] } = {
  compare: undefined,
  columns: [],
};

function comparePositions(a: number, b: number): number {
  const columns = sorting.columns;
  return (sorting.compare as RowComparator)(columns, a, columns, b) || a - b;
}
