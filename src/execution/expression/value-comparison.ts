/**
 * Grouping and ordering of engine values for operators: the function library's per-type
 * comparisons (functions/implementations/value-comparison.ts) with the conventions grouping and
 * sorting need — NULL equals NULL (also nested: GROUP BY and DISTINCT semantics) and top-level
 * NULLs order after every value (callers flip for NULLS FIRST).
 */
import { comparatorOf, compareStrings, distinctnessOf } from '../../functions/implementations/index.js';
import type { Type } from '../../types/type.js';

export { compareStrings };

/** Equality for grouping: values not distinct from each other (NULLs equal). */
export function valuesEqual(type: Type, a: unknown, b: unknown): boolean {
  return !distinctnessOf(type)(a, b);
}

/** Negative, zero or positive; a NULL sorts after every value. */
export function compareValues(type: Type, a: unknown, b: unknown): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return comparatorOf(type)(a, b);
}
