/**
 * Building blocks of decorrelation. The general technique (Presto's): number the input rows
 * (AssignUniqueId), LEFT JOIN them to the decorrelated subquery on its correlated predicates, with
 * a non-null marker column on the subquery side, and aggregate back to one row per input row,
 * grouping by the row number and the input columns; aggregates masked by the marker see exactly
 * the subquery rows of that input row. Also: making the outer side of correlated equalities
 * symbols of the input.
 */
import { BIGINT, BOOLEAN } from '../../types/type.js';
import { and, ref, TRUE } from '../expressions.js';
import { splitJoinCondition } from '../join-criteria.js';
import type { AggregateCall, AggregationNode, PlanNode } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { RuleContext } from '../rule.js';
import type { EqualityCorrelation } from './decorrelator.js';

export interface PerRowJoin {
  readonly joined: PlanNode;
  readonly uniqueId: PlanSymbol;
  /** TRUE on rows that come from the subquery, NULL on input rows without a match. */
  readonly marker: PlanSymbol;
}

export function leftJoinPerInputRow(
  ctx: RuleContext,
  input: PlanNode,
  source: PlanNode,
  predicates: readonly RowExpression[],
): PerRowJoin {
  const { factory, symbols } = ctx;
  const uniqueId = symbols.newSymbol('unique', BIGINT);
  const numbered = factory.assignUniqueId(input, uniqueId);
  const marker = symbols.newSymbol('marker', BOOLEAN);
  const marked = factory.projectWith(source, [{ symbol: marker, expression: TRUE }]);
  const split = splitJoinCondition(
    and(...predicates),
    new Set(numbered.outputs.map((s) => s.name)),
    new Set(marked.outputs.map((s) => s.name)),
  );
  const joined = factory.join('LEFT', numbered, marked, split.criteria, split.filter);
  return { joined, uniqueId, marker };
}

/** One row per input row again: grouped by the input's columns and its row number. */
export function regroupPerInputRow(
  ctx: RuleContext,
  join: PerRowJoin,
  input: PlanNode,
  aggregates: readonly AggregateCall[],
): AggregationNode {
  const keys = [...input.outputs.map((s) => s.name), join.uniqueId.name];
  return ctx.factory.aggregation(join.joined, keys, aggregates);
}

/** The input with a symbol for the outer side of each equality (projected when it is an expression). */
export function projectOuterKeys(
  ctx: RuleContext,
  input: PlanNode,
  pairs: readonly EqualityCorrelation[],
): { node: PlanNode; keys: PlanSymbol[] } {
  const extra: { symbol: PlanSymbol; expression: RowExpression }[] = [];
  const keys = pairs.map((p) => {
    if (p.outer.kind === 'Symbol') {
      const existing = input.outputs.find((s) => s.name === (p.outer as { name: string }).name);
      if (existing) return existing;
    }
    const symbol = ctx.symbols.newSymbol('expr', p.outer.type);
    extra.push({ symbol, expression: p.outer });
    return symbol;
  });
  return { node: extra.length > 0 ? ctx.factory.projectWith(input, extra) : input, keys };
}

/** `count(marker)`: the number of subquery rows joined to an input row. */
export function countOf(ctx: RuleContext, symbol: PlanSymbol, result: PlanSymbol): AggregateCall {
  return {
    symbol: result.name,
    function: ctx.functions.aggregate('count', [symbol.type]),
    args: [ref(symbol)],
    distinct: false,
  };
}
