/**
 * Pulls correlated predicates out of a subquery plan. Walking down from the subquery's root
 * through filters, projections, inner joins (and the preserved side of outer joins), sorts,
 * unique ids and aggregations whose keys the predicates read, every conjunct that reads a correlation
 * symbol is removed from its filter and returned; what remains must not read the correlation
 * symbols any more. The caller turns the returned predicates into a join condition. Anything else
 * on the path to a correlated reference (aggregations, limits, windows, outer joins, correlated
 * projections, ...) makes decorrelation fail with a description of what was found.
 */
import { and, conjuncts, isDeterministic, readsAny, readsOnly, visitExpression } from '../expressions.js';
import type { PlanFactory } from '../plan-factory.js';
import { identity, symbolOf } from '../plan-factory.js';
import type { PlanNode } from '../plan-nodes.js';
import { isCorrelatedTo } from '../plan-utils.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';

export interface Decorrelated {
  /** The subquery without correlated references. */
  readonly node: PlanNode;
  /** The correlated conjuncts, over `node`'s outputs and the correlation symbols. */
  readonly predicates: readonly RowExpression[];
}

export type DecorrelationResult = Decorrelated | { readonly failure: string };

const DESCRIPTIONS: Partial<Record<PlanNode['kind'], string>> = {
  Aggregation: 'an aggregation',
  Limit: 'a LIMIT',
  TopN: 'an ORDER BY with LIMIT',
  Offset: 'an OFFSET',
  Window: 'a window function',
  Union: 'a set operation',
  Values: 'a VALUES',
  EnforceSingleRow: 'a scalar subquery without aggregation',
  GroupId: 'grouping sets',
  Unnest: 'an UNNEST of a correlated value',
  MarkDistinct: 'a DISTINCT aggregate',
  RowNumber: 'a set operation',
  SemiJoin: 'an IN predicate',
  Apply: 'a nested subquery',
  CorrelatedJoin: 'a nested subquery',
};

export function decorrelate(
  node: PlanNode,
  correlation: ReadonlySet<string>,
  factory: PlanFactory,
): DecorrelationResult {
  const visit = (n: PlanNode): DecorrelationResult => {
    if (!isCorrelatedTo(n, correlation)) return { node: n, predicates: [] };
    switch (n.kind) {
      case 'Filter': {
        const inner = visit(n.source);
        if ('failure' in inner) return inner;
        const terms = conjuncts(n.predicate);
        const correlated = terms.filter((t) => readsAny(t, correlation));
        if (correlated.some((t) => !isDeterministic(t))) return { failure: 'a non-deterministic correlated predicate' };
        const plain = terms.filter((t) => !readsAny(t, correlation));
        const base = plain.length > 0 ? factory.filter(inner.node, and(...plain)) : inner.node;
        return { node: base, predicates: [...inner.predicates, ...correlated] };
      }
      case 'Project': {
        if (n.assignments.some((a) => readsAny(a.expression, correlation))) {
          return { failure: 'a correlated expression in the select list of a nested query' };
        }
        const inner = visit(n.source);
        if ('failure' in inner) return inner;
        const extra = missingSymbols(inner.predicates, n.outputs, inner.node.outputs, correlation);
        return {
          node: factory.project(inner.node, [
            ...n.assignments.map((a) => ({ symbol: outputSymbol(n, a.symbol), expression: a.expression })),
            ...identity(extra),
          ]),
          predicates: inner.predicates,
        };
      }
      case 'Join': {
        // A filter on the preserved side of an outer join may move above it.
        const preservedOnly =
          (n.joinType === 'LEFT' && !isCorrelatedTo(n.right, correlation)) ||
          (n.joinType === 'RIGHT' && !isCorrelatedTo(n.left, correlation));
        if (n.joinType !== 'INNER' && !preservedOnly) return { failure: 'an outer join' };
        if (n.joinType !== 'INNER' && n.filter && readsAny(n.filter, correlation)) return { failure: 'an outer join' };
        const left = visit(n.left);
        if ('failure' in left) return left;
        const right = visit(n.right);
        if ('failure' in right) return right;
        const terms = n.filter ? conjuncts(n.filter) : [];
        const correlated = terms.filter((t) => readsAny(t, correlation));
        if (correlated.some((t) => !isDeterministic(t))) return { failure: 'a non-deterministic correlated predicate' };
        const plain = terms.filter((t) => !readsAny(t, correlation));
        const predicates = [...left.predicates, ...right.predicates, ...correlated];
        const available = [...left.node.outputs, ...right.node.outputs];
        const extra = missingSymbols(predicates, n.outputs, available, correlation);
        const join = factory.join(
          n.joinType,
          left.node,
          right.node,
          n.criteria,
          plain.length > 0 ? and(...plain) : undefined,
          [...n.outputs, ...extra],
        );
        return { node: join, predicates };
      }
      case 'Sort':
        // Row order does not matter to the consumers of a decorrelated subquery.
        return visit(n.source);
      case 'AssignUniqueId': {
        const inner = visit(n.source);
        if ('failure' in inner) return inner;
        return {
          node: factory.assignUniqueId(inner.node, n.outputs[n.outputs.length - 1]),
          predicates: inner.predicates,
        };
      }
      case 'Aggregation': {
        // Predicates over grouping keys hold for whole groups: they may move above the aggregation
        // (a subquery decorrelated earlier groups by every column of its input).
        if (n.groupingKeys.length === 0 || n.groupIdSymbol) break;
        const inner = visit(n.source);
        if ('failure' in inner) return inner;
        const keys = new Set([...n.groupingKeys, ...correlation]);
        if (!inner.predicates.every((p) => readsOnly(p, keys))) break;
        return { node: { ...n, id: factory.ids.nextId(), source: inner.node }, predicates: inner.predicates };
      }
      default:
        break;
    }
    return { failure: `${DESCRIPTIONS[n.kind] ?? n.kind} in a correlated subquery` };
  };
  return visit(node);
}

function outputSymbol(node: PlanNode, name: string): PlanSymbol {
  return symbolOf(node, name);
}

/** Symbols the predicates read that `outputs` lack (taken from `available`). */
function missingSymbols(
  predicates: readonly RowExpression[],
  outputs: readonly PlanSymbol[],
  available: readonly PlanSymbol[],
  correlation: ReadonlySet<string>,
): PlanSymbol[] {
  const have = new Set(outputs.map((s) => s.name));
  const missing: PlanSymbol[] = [];
  for (const p of predicates) {
    visitExpression(p, (x) => {
      if (x.kind !== 'Symbol' || have.has(x.name) || correlation.has(x.name)) return;
      const symbol = available.find((s) => s.name === x.name);
      if (symbol) {
        have.add(x.name);
        missing.push(symbol);
      }
    });
  }
  return missing;
}

/** A correlated predicate `inner = outer-expression` as its two sides. */
export interface EqualityCorrelation {
  readonly inner: PlanSymbol;
  readonly outer: RowExpression;
}

/**
 * The predicates as equalities between a subquery symbol and an expression over correlation
 * symbols only, or undefined when any predicate has another form.
 */
export function equalityCorrelations(
  predicates: readonly RowExpression[],
  inner: PlanNode,
  correlation: ReadonlySet<string>,
): EqualityCorrelation[] | undefined {
  const out: EqualityCorrelation[] = [];
  for (const p of predicates) {
    if (p.kind !== 'Call' || p.function.name !== '$operator$equal') return undefined;
    const [a, b] = p.args;
    const pick = (x: RowExpression | undefined, y: RowExpression | undefined): EqualityCorrelation | undefined => {
      if (x?.kind !== 'Symbol' || !y) return undefined;
      const symbol = inner.outputs.find((s) => s.name === x.name);
      if (!symbol || !onlyReads(y, correlation)) return undefined;
      return { inner: symbol, outer: y };
    };
    const pair = pick(a, b) ?? pick(b, a);
    if (!pair) return undefined;
    out.push(pair);
  }
  return out;
}

function onlyReads(e: RowExpression, symbols: ReadonlySet<string>): boolean {
  let ok = true;
  let any = false;
  visitExpression(e, (x) => {
    if (x.kind === 'Symbol') {
      any = true;
      if (!symbols.has(x.name)) ok = false;
    }
  });
  return ok && any && isDeterministic(e);
}
