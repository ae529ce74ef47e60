/**
 * Join cardinality: |L|·|R| times the selectivity of the most selective equi-join clause
 * (1 / max(NDV left, NDV right)); every further clause keeps UNKNOWN_FILTER_COEFFICIENT of the
 * rows (keys are often correlated, so their selectivities do not multiply), and so does a
 * non-equi filter. An unknown NDV is taken as the side's row count (the column as a key).
 * Outer joins keep at least every row of their preserved side.
 */
import type { JoinType } from '../plan-nodes.js';
import {
  capToRows,
  type PlanStatistics,
  type SymbolStatistics,
  UNKNOWN_FILTER_COEFFICIENT,
} from './plan-statistics.js';

export interface JoinEstimateInput {
  readonly joinType: JoinType;
  readonly left: PlanStatistics;
  readonly right: PlanStatistics;
  readonly criteria: readonly { readonly left: string; readonly right: string }[];
  readonly hasFilter: boolean;
}

export function estimateJoin(input: JoinEstimateInput): PlanStatistics {
  const { left, right } = input;
  const symbols = new Map<string, SymbolStatistics>([...left.symbols, ...right.symbols]);
  if (left.rowCount === undefined || right.rowCount === undefined) return { symbols };
  const l = left.rowCount;
  const r = right.rowCount;
  let rows = l * r;
  if (input.criteria.length > 0) {
    const selectivities = input.criteria.map((c) => {
      const ndvLeft = left.symbols.get(c.left)?.distinctValues ?? l;
      const ndvRight = right.symbols.get(c.right)?.distinctValues ?? r;
      const nonNull =
        (1 - (left.symbols.get(c.left)?.nullFraction ?? 0)) * (1 - (right.symbols.get(c.right)?.nullFraction ?? 0));
      return nonNull / Math.max(ndvLeft, ndvRight, 1);
    });
    selectivities.sort((a, b) => a - b);
    rows *= selectivities[0];
    for (let i = 1; i < selectivities.length; i++) rows *= Math.max(selectivities[i], UNKNOWN_FILTER_COEFFICIENT);
    for (const c of input.criteria) {
      const ndv = Math.min(
        left.symbols.get(c.left)?.distinctValues ?? l,
        right.symbols.get(c.right)?.distinctValues ?? r,
      );
      symbols.set(c.left, { ...left.symbols.get(c.left), distinctValues: ndv });
      symbols.set(c.right, { ...right.symbols.get(c.right), distinctValues: ndv });
    }
  }
  if (input.hasFilter) rows *= UNKNOWN_FILTER_COEFFICIENT;
  switch (input.joinType) {
    case 'LEFT':
      rows = Math.max(rows, l);
      break;
    case 'RIGHT':
      rows = Math.max(rows, r);
      break;
    case 'FULL':
      rows = Math.max(rows, l, r);
      break;
    default:
      break;
  }
  for (const [s, stats] of symbols) symbols.set(s, capToRows(stats, rows));
  return { rowCount: rows, symbols };
}
