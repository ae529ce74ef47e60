/**
 * TupleDomain algebra and extraction: the per-column value sets a predicate allows, as sorted,
 * disjoint ranges plus whether NULL is allowed. `column op constant`, IN lists, BETWEEN,
 * IS [NOT] NULL and ORs of those over one column are understood; other conjuncts add no
 * constraint (the filter stays above the scan and still applies them).
 */
import type { Constant } from '../analyzer/bound-tree.js';
import type { Type } from '../types/type.js';
import { compareValues } from './constant-values.js';
import { conjuncts, disjuncts, isForm } from './expressions.js';
import type { ColumnDomain, TupleDomain, ValueRange } from './plan-nodes.js';
import { type ComparisonOperator, comparisonOf, flipComparison } from './planner-functions.js';
import type { RowExpression } from './row-expression.js';

type Bound = { readonly value: unknown; readonly inclusive: boolean } | undefined;

/** Types whose constants compare exactly here (char padding and temporal texts do not). */
export function supportsDomains(type: Type): boolean {
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double':
    case 'decimal':
    case 'varchar':
    case 'date':
    case 'boolean':
      return true;
    default:
      return false;
  }
}

const ALL: ColumnDomain = { nullAllowed: true };

export function isNoneDomain(d: ColumnDomain): boolean {
  return !d.nullAllowed && d.ranges !== undefined && d.ranges.length === 0;
}

function compareLow(a: Bound, b: Bound, type: Type): number {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  const order = compareValues(a.value, b.value, type) ?? 0;
  if (order !== 0) return order;
  return a.inclusive === b.inclusive ? 0 : a.inclusive ? -1 : 1;
}

function compareHigh(a: Bound, b: Bound, type: Type): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  const order = compareValues(a.value, b.value, type) ?? 0;
  if (order !== 0) return order;
  return a.inclusive === b.inclusive ? 0 : a.inclusive ? 1 : -1;
}

function isEmptyRange(r: ValueRange, type: Type): boolean {
  if (!r.low || !r.high) return false;
  const order = compareValues(r.low.value, r.high.value, type) ?? 0;
  return order > 0 || (order === 0 && !(r.low.inclusive && r.high.inclusive));
}

/** Whether range `a` (ending at its high) touches or overlaps `b` (starting at its low). */
function connects(a: ValueRange, b: ValueRange, type: Type): boolean {
  if (!a.high || !b.low) return true;
  const order = compareValues(a.high.value, b.low.value, type) ?? 0;
  return order > 0 || (order === 0 && (a.high.inclusive || b.low.inclusive));
}

function normalize(ranges: readonly ValueRange[], type: Type): ValueRange[] {
  const sorted = ranges.filter((r) => !isEmptyRange(r, type)).sort((a, b) => compareLow(a.low, b.low, type));
  const out: ValueRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && connects(last, r, type)) {
      out[out.length - 1] = {
        ...(last.low ? { low: last.low } : {}),
        ...(compareHigh(last.high, r.high, type) >= 0
          ? last.high
            ? { high: last.high }
            : {}
          : r.high
            ? { high: r.high }
            : {}),
      };
    } else {
      out.push(r);
    }
  }
  return out;
}

export function intersectDomains(a: ColumnDomain, b: ColumnDomain, type: Type): ColumnDomain {
  const nullAllowed = a.nullAllowed && b.nullAllowed;
  if (!a.ranges) return b.ranges ? { nullAllowed, ranges: b.ranges } : { nullAllowed };
  if (!b.ranges) return { nullAllowed, ranges: a.ranges };
  return { nullAllowed, ranges: intersectRanges(normalized(a.ranges, type), normalized(b.ranges, type), type) };
}

/** `ranges` as they are when already sorted and disjoint (as every domain made here is), else normalized. */
function normalized(ranges: readonly ValueRange[], type: Type): readonly ValueRange[] {
  for (let i = 0; i < ranges.length; i++) {
    if (isEmptyRange(ranges[i], type) || (i > 0 && connects(ranges[i - 1], ranges[i], type))) {
      return normalize(ranges, type);
    }
    if (i > 0 && compareLow(ranges[i - 1].low, ranges[i].low, type) > 0) return normalize(ranges, type);
  }
  return ranges;
}

/**
 * The intersection of two sorted lists of disjoint ranges, in one pass over both: a scan's
 * constraint of 256 values met a dynamic filter of 256 values, and pairing every range with every
 * other (then sorting the pairs) took the coordinator milliseconds per scan.
 */
function intersectRanges(a: readonly ValueRange[], b: readonly ValueRange[], type: Type): ValueRange[] {
  const out: ValueRange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    const low = compareLow(x.low, y.low, type) >= 0 ? x.low : y.low;
    const xEndsFirst = compareHigh(x.high, y.high, type) <= 0;
    const high = xEndsFirst ? x.high : y.high;
    const range: ValueRange = { ...(low ? { low } : {}), ...(high ? { high } : {}) };
    if (!isEmptyRange(range, type)) out.push(range);
    // The range that ends first meets nothing further in the other list.
    if (xEndsFirst) i++;
    else j++;
  }
  return out;
}

export function unionDomains(a: ColumnDomain, b: ColumnDomain, type: Type): ColumnDomain {
  const nullAllowed = a.nullAllowed || b.nullAllowed;
  if (!a.ranges || !b.ranges) return { nullAllowed };
  const ranges = normalize([...a.ranges, ...b.ranges], type);
  if (ranges.length === 1 && !ranges[0].low && !ranges[0].high) return { nullAllowed };
  return { nullAllowed, ranges };
}

export function intersectTupleDomains(
  a: TupleDomain | undefined,
  b: TupleDomain,
  typeOf: (column: string) => Type,
): TupleDomain {
  if (!a) return b;
  if (a.none || b.none) return { none: true, columns: {} };
  const columns: Record<string, ColumnDomain> = { ...a.columns };
  for (const [column, domain] of Object.entries(b.columns)) {
    const existing = columns[column];
    const merged = existing ? intersectDomains(existing, domain, typeOf(column)) : domain;
    if (isNoneDomain(merged)) return { none: true, columns: {} };
    columns[column] = merged;
  }
  return { columns };
}

/** The column one predicate term constrains and how, when it is one of the understood forms. */
function termDomain(
  term: RowExpression,
  columnOf: (symbol: string) => { column: string; type: Type } | undefined,
): { column: string; type: Type; domain: ColumnDomain } | undefined {
  const column = (e: RowExpression | undefined) => (e?.kind === 'Symbol' ? columnOf(e.name) : undefined);
  const value = (e: RowExpression | undefined, type: Type): Constant | undefined =>
    e?.kind === 'Constant' && e.value !== null && compareValues(e.value, e.value, type) === 0 ? e : undefined;
  if (isForm(term, 'OR')) {
    let result: { column: string; type: Type; domain: ColumnDomain } | undefined;
    for (const d of disjuncts(term)) {
      const part = termDomain(d, columnOf);
      if (!part || (result && part.column !== result.column)) return undefined;
      result = result ? { ...result, domain: unionDomains(result.domain, part.domain, result.type) } : part;
    }
    return result;
  }
  if (isForm(term, 'IS_NULL')) {
    const c = column(term.args[0]);
    return c && { ...c, domain: { nullAllowed: true, ranges: [] } };
  }
  if (isForm(term, 'NOT') && isForm(term.args[0], 'IS_NULL')) {
    const c = column((term.args[0] as { args: readonly RowExpression[] }).args[0]);
    return c && { ...c, domain: { nullAllowed: false } };
  }
  if (isForm(term, 'IN')) {
    const c = column(term.args[0]);
    if (!c) return undefined;
    const items = term.args.slice(1);
    const ranges: ValueRange[] = [];
    for (const item of items) {
      if (item.kind === 'Constant' && item.value === null) continue;
      const v = value(item, c.type);
      if (!v) return undefined;
      ranges.push({ low: { value: v.value, inclusive: true }, high: { value: v.value, inclusive: true } });
    }
    return { ...c, domain: { nullAllowed: false, ranges: normalize(ranges, c.type) } };
  }
  if (isForm(term, 'BETWEEN')) {
    const c = column(term.args[0]);
    const low = c && value(term.args[1], c.type);
    const high = c && value(term.args[2], c.type);
    if (!c || !low || !high) return undefined;
    const range = { low: { value: low.value, inclusive: true }, high: { value: high.value, inclusive: true } };
    return { ...c, domain: { nullAllowed: false, ranges: normalize([range], c.type) } };
  }
  const comparison = comparisonOf(term);
  if (comparison === undefined || term.kind !== 'Call') return undefined;
  let op: ComparisonOperator = comparison;
  let [a, b] = term.args;
  if (a?.kind === 'Constant') {
    [a, b] = [b, a];
    op = flipComparison(op);
  }
  const c = column(a);
  const v = c && value(b, c.type);
  if (!c || !v) return undefined;
  const at = (inclusive: boolean) => ({ value: v.value, inclusive });
  let ranges: ValueRange[];
  switch (op) {
    case '=':
      ranges = [{ low: at(true), high: at(true) }];
      break;
    case '<>':
      ranges = [{ high: at(false) }, { low: at(false) }];
      break;
    case '<':
      ranges = [{ high: at(false) }];
      break;
    case '<=':
      ranges = [{ high: at(true) }];
      break;
    case '>':
      ranges = [{ low: at(false) }];
      break;
    case '>=':
      ranges = [{ low: at(true) }];
      break;
  }
  return { ...c, domain: { nullAllowed: false, ranges } };
}

/**
 * The column a conjunct constrains, when the conjunct says exactly what its domain says (one of
 * the understood forms over a column whose type has domains): a connector that guarantees that
 * column's domain makes the conjunct redundant.
 */
export function exactTermColumn(
  term: RowExpression,
  columnOf: (symbol: string) => { column: string; type: Type } | undefined,
): string | undefined {
  return termDomain(term, (s) => {
    const c = columnOf(s);
    return c && supportsDomains(c.type) ? c : undefined;
  })?.column;
}

/** The TupleDomain a predicate implies over the columns `columnOf` knows. */
export function extractTupleDomain(
  predicate: RowExpression,
  columnOf: (symbol: string) => { column: string; type: Type } | undefined,
): TupleDomain {
  const columns: Record<string, ColumnDomain> = {};
  for (const term of conjuncts(predicate)) {
    const found = termDomain(term, (s) => {
      const c = columnOf(s);
      return c && supportsDomains(c.type) ? c : undefined;
    });
    if (!found) continue;
    const merged = intersectDomains(columns[found.column] ?? ALL, found.domain, found.type);
    if (isNoneDomain(merged)) return { none: true, columns: {} };
    columns[found.column] = merged;
  }
  return { columns };
}
