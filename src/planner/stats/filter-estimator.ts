/**
 * Selectivity of predicates, with Presto's rules where statistics allow: `x = c` keeps 1/NDV of
 * the rows (none when c is outside the column's range), `x <> c` the rest, ranges the covered
 * fraction of [low, high] assuming uniformity, IN lists n/NDV, IS NULL the null fraction; AND
 * multiplies, OR adds minus the overlap, NOT complements. Anything else keeps
 * UNKNOWN_FILTER_COEFFICIENT (0.9) of the rows. Also narrows the filtered symbols' statistics.
 */

import type { Constant } from '../../analyzer/bound-tree.js';
import { structuralKey } from '../../common/structural-key.js';
import { isNumeric } from '../../types/type.js';
import { isForm } from '../expressions.js';
import { type ComparisonOperator, comparisonOf, flipComparison } from '../planner-functions.js';
import type { RowExpression } from '../row-expression.js';
import { numericValue, type SymbolStatistics, UNKNOWN_FILTER_COEFFICIENT } from './plan-statistics.js';

export interface FilterEstimate {
  readonly selectivity: number;
  /** Statistics of symbols the predicate constrains, valid for the rows that pass. */
  readonly symbols: ReadonlyMap<string, SymbolStatistics>;
}

type Lookup = (symbol: string) => SymbolStatistics | undefined;

const UNKNOWN: FilterEstimate = { selectivity: UNKNOWN_FILTER_COEFFICIENT, symbols: new Map() };

export function estimateFilter(predicate: RowExpression, lookup: Lookup): FilterEstimate {
  if (predicate.kind === 'Constant') {
    return { selectivity: predicate.value === true ? 1 : 0, symbols: new Map() };
  }
  if (predicate.kind === 'Symbol') {
    const trueFraction = lookup(predicate.name)?.trueFraction;
    return trueFraction === undefined ? UNKNOWN : { selectivity: trueFraction, symbols: new Map() };
  }
  const form = predicate.kind === 'SpecialForm' ? predicate.form : undefined;
  const args = predicate.kind === 'SpecialForm' ? predicate.args : [];
  if (form === 'AND') {
    let selectivity = 1;
    const symbols = new Map<string, SymbolStatistics>();
    for (const term of args) {
      const estimate = estimateFilter(term, (s) => symbols.get(s) ?? lookup(s));
      selectivity *= estimate.selectivity;
      for (const [s, stats] of estimate.symbols) symbols.set(s, stats);
    }
    return { selectivity, symbols };
  }
  if (form === 'OR') {
    let selectivity = 0;
    for (const term of args) {
      const s = estimateFilter(term, lookup).selectivity;
      selectivity = selectivity + s - selectivity * s;
    }
    return { selectivity, symbols: new Map() };
  }
  if (form === 'NOT') {
    const inner = args[0];
    if (isForm(inner, 'IS_NULL') && inner.args[0].kind === 'Symbol') {
      const nullFraction = lookup(inner.args[0].name)?.nullFraction;
      if (nullFraction !== undefined) return { selectivity: 1 - nullFraction, symbols: new Map() };
      return UNKNOWN;
    }
    const estimate = estimateFilter(inner, lookup);
    return estimate === UNKNOWN ? UNKNOWN : { selectivity: 1 - estimate.selectivity, symbols: new Map() };
  }
  if (form === 'IS_NULL' && args[0].kind === 'Symbol') {
    const nullFraction = lookup(args[0].name)?.nullFraction;
    return nullFraction === undefined ? UNKNOWN : { selectivity: nullFraction, symbols: new Map() };
  }
  if (form === 'IN') return estimateIn(args, lookup);
  if (form === 'BETWEEN') {
    const [value, low, high] = args.map(uncast);
    if (value?.kind === 'Symbol' && low?.kind === 'Constant' && high?.kind === 'Constant') {
      return estimateRange(
        value.name,
        lookup(value.name),
        numericValue(low.value, low.type),
        numericValue(high.value, high.type),
      );
    }
    return UNKNOWN;
  }
  const op = comparisonOf(predicate);
  if (op !== undefined && predicate.kind === 'Call') {
    const [a, b] = predicate.args.map(uncast);
    if (a?.kind === 'Symbol' && b?.kind === 'Constant') return estimateComparison(op, a.name, b, lookup);
    if (b?.kind === 'Symbol' && a?.kind === 'Constant')
      return estimateComparison(flipComparison(op), b.name, a, lookup);
  }
  return UNKNOWN;
}

/** A numeric widening of a column (`CAST(size AS decimal(12,1))`) has the column's statistics. */
function uncast(e: RowExpression): RowExpression {
  if (e.kind === 'Cast' && e.value.kind === 'Symbol' && isNumeric(e.type) && isNumeric(e.value.type)) return e.value;
  return e;
}

function estimateComparison(op: ComparisonOperator, symbol: string, c: Constant, lookup: Lookup): FilterEstimate {
  const stats = lookup(symbol);
  if (c.value === null) return { selectivity: 0, symbols: new Map() };
  const value = numericValue(c.value, c.type);
  const nonNull = 1 - (stats?.nullFraction ?? 0);
  switch (op) {
    case '=': {
      if (value !== undefined && stats?.low !== undefined && stats.high !== undefined) {
        if (value < stats.low || value > stats.high) return { selectivity: 0, symbols: new Map() };
      }
      if (stats?.distinctValues === undefined || stats.distinctValues <= 0) return UNKNOWN;
      const narrowed: SymbolStatistics = {
        distinctValues: 1,
        nullFraction: 0,
        ...(value !== undefined ? { low: value, high: value } : {}),
      };
      return { selectivity: nonNull / stats.distinctValues, symbols: new Map([[symbol, narrowed]]) };
    }
    case '<>':
      if (stats?.distinctValues === undefined || stats.distinctValues <= 0) return UNKNOWN;
      return { selectivity: nonNull * (1 - 1 / stats.distinctValues), symbols: new Map() };
    case '<':
    case '<=':
      return estimateRange(symbol, stats, undefined, value);
    case '>':
    case '>=':
      return estimateRange(symbol, stats, value, undefined);
  }
}

function estimateRange(
  symbol: string,
  stats: SymbolStatistics | undefined,
  from: number | undefined,
  to: number | undefined,
): FilterEstimate {
  if (stats?.low === undefined || stats.high === undefined) return UNKNOWN;
  if ((from === undefined && to === undefined) || stats.high < stats.low) return UNKNOWN;
  const low = Math.max(stats.low, from ?? stats.low);
  const high = Math.min(stats.high, to ?? stats.high);
  if (high < low) return { selectivity: 0, symbols: new Map() };
  const width = stats.high - stats.low;
  const fraction = width === 0 ? 1 : (high - low) / width;
  const nonNull = 1 - (stats.nullFraction ?? 0);
  const distinctValues = stats.distinctValues !== undefined ? Math.max(1, stats.distinctValues * fraction) : undefined;
  const narrowed: SymbolStatistics = {
    low,
    high,
    nullFraction: 0,
    ...(distinctValues !== undefined ? { distinctValues } : {}),
  };
  return { selectivity: nonNull * fraction, symbols: new Map([[symbol, narrowed]]) };
}

function estimateIn(args: readonly RowExpression[], lookup: Lookup): FilterEstimate {
  const [value, ...items] = args;
  if (value?.kind !== 'Symbol' || !items.every((i) => i.kind === 'Constant')) return UNKNOWN;
  const stats = lookup(value.name);
  const distinctItems = new Set(items.map((i) => structuralKey((i as Constant).value))).size;
  if (stats?.distinctValues === undefined || stats.distinctValues <= 0) return UNKNOWN;
  const nonNull = 1 - (stats.nullFraction ?? 0);
  const selectivity = nonNull * Math.min(1, distinctItems / stats.distinctValues);
  return {
    selectivity,
    symbols: new Map([
      [value.name, { ...stats, distinctValues: Math.min(stats.distinctValues, distinctItems), nullFraction: 0 }],
    ]),
  };
}
