/**
 * GROUP BY elements → grouping sets over key indexes: a plain list is one set, ROLLUP(a, b) is
 * (a, b), (a), (), CUBE(a, b) every subset, GROUPING SETS the sets listed, and several elements
 * multiply (the cross product of their sets), as in Presto.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { SourcePosition } from '../sql/ast.js';

/** Presto's default limit on the number of grouping sets of one query. */
export const MAX_GROUPING_SETS = 2048;

export type GroupingElementSets = readonly (readonly number[])[];

export function rollupSets(keys: readonly number[]): number[][] {
  const sets: number[][] = [];
  for (let n = keys.length; n >= 0; n--) sets.push(keys.slice(0, n));
  return sets;
}

export function cubeSets(keys: readonly number[], pos: SourcePosition): number[][] {
  if (keys.length > 30) {
    throw new VivaceError('TOO_MANY_GROUPING_SETS', `GROUP BY has more than ${MAX_GROUPING_SETS} grouping sets`, pos);
  }
  const sets: number[][] = [];
  // Largest sets first, like ROLLUP: bit i set means key i is grouped.
  for (let mask = (1 << keys.length) - 1; mask >= 0; mask--) {
    sets.push(keys.filter((_, i) => (mask & (1 << (keys.length - 1 - i))) !== 0));
  }
  return sets;
}

/** Cross product of the elements' sets; each resulting set is sorted and de-duplicated. */
export function crossProduct(
  elements: readonly GroupingElementSets[],
  distinct: boolean,
  pos: SourcePosition,
): number[][] {
  let result: number[][] = [[]];
  for (const sets of elements) {
    if (result.length * sets.length > MAX_GROUPING_SETS) {
      throw new VivaceError('TOO_MANY_GROUPING_SETS', `GROUP BY has more than ${MAX_GROUPING_SETS} grouping sets`, pos);
    }
    const next: number[][] = [];
    for (const prefix of result) {
      for (const set of sets) next.push([...new Set([...prefix, ...set])].sort((a, b) => a - b));
    }
    result = next;
  }
  if (!distinct) return result;
  const seen = new Set<string>();
  return result.filter((set) => {
    const key = set.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
