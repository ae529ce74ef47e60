/**
 * What a dynamic filter says about a join's build keys, as it travels from the task that built the
 * hash table to the coordinator and, merged over all build tasks, to the tasks scanning the probe
 * side (planner/dynamic-filters.ts). Plain JSON: keys are numbers (integers, dates as days,
 * short decimals unscaled: the engine's value representation) or strings.
 *
 *   { all: true }                      no filter: the keys could not be summarised
 *   { min, max }                       every non-null key lies in [min, max]
 *   { min, max, values }               and is one of `values` (distinct, at most the set limit)
 *   {}                                 there is no non-null key: no probe row can match
 *
 * NULL keys never match an equi-join, so a summary says nothing about them and a filter drops
 * rows whose key is NULL.
 */

export type FilterKey = number | string;

export interface DynamicFilterSummary {
  readonly all?: true;
  readonly min?: FilterKey;
  readonly max?: FilterKey;
  readonly values?: readonly FilterKey[];
}

/** Distinct keys a summary keeps as a set; beyond this it keeps only their range. */
export const MAX_DYNAMIC_FILTER_VALUES = 100_000;

/**
 * Single values a split constraint lists (beyond this, their range: bloom filters and partition
 * values are probed per value, so a longer list costs the listing more than it prunes).
 */
export const MAX_SPLIT_CONSTRAINT_VALUES = 256;

export const ALL_KEYS: DynamicFilterSummary = Object.freeze({ all: true as const });

function less(a: FilterKey, b: FilterKey): boolean {
  // Strings compare by code point, as the lake's statistics and the engine's varchar order do.
  return a < b;
}

/** The summary of the union of two key sets. */
export function mergeSummaries(
  a: DynamicFilterSummary,
  b: DynamicFilterSummary,
  maxValues = MAX_DYNAMIC_FILTER_VALUES,
): DynamicFilterSummary {
  if (a.all === true || b.all === true) return ALL_KEYS;
  if (a.min === undefined || a.max === undefined) return b;
  if (b.min === undefined || b.max === undefined) return a;
  const min = less(b.min, a.min) ? b.min : a.min;
  const max = less(a.max, b.max) ? b.max : a.max;
  if (a.values === undefined || b.values === undefined) return { min, max };
  const union = new Set<FilterKey>(a.values);
  for (const value of b.values) union.add(value);
  return union.size > maxValues ? { min, max } : { min, max, values: [...union] };
}

/**
 * What split pruning can use of a summary: its values while few enough to list, else their range.
 * A task whose scan is in the join's own fragment filters its rows by its own build's keys (the
 * only ones its rows meet), so the coordinator, which merges the tasks' summaries to prune splits,
 * needs no more than this (TPC-H q21's co-located semi joins: each of two tasks reported its
 * 36,000 order keys, and the coordinator merged them and sent 560 KB back to each task).
 */
export function splitPruningSummary(summary: DynamicFilterSummary): DynamicFilterSummary {
  if (summary.values === undefined || summary.values.length <= MAX_SPLIT_CONSTRAINT_VALUES) return summary;
  return { min: summary.min, max: summary.max };
}

/** Whether a summary lets no row through (an empty build side). */
export function matchesNothing(summary: DynamicFilterSummary): boolean {
  return summary.all !== true && summary.min === undefined;
}

/** A module-level function, not a closure per check: V8 compiled each check's closure again (docs/architecture.md §10). */
function isKey(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'string';
}

/** Checks a summary received over HTTP (a worker must not fail on a malformed one). */
export function isDynamicFilterSummary(value: unknown): value is DynamicFilterSummary {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { all, min, max, values } = value as Record<string, unknown>;
  if (all !== undefined) return all === true;
  if ((min === undefined) !== (max === undefined)) return false;
  if (min !== undefined && (!isKey(min) || !isKey(max))) return false;
  return values === undefined || (Array.isArray(values) && min !== undefined && values.every(isKey));
}
