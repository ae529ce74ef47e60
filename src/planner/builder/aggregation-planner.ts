/**
 * GROUP BY and aggregates of one SELECT: grouping keys, aggregate arguments, FILTER masks and
 * ORDER BY keys are projected into symbols; several grouping sets go through GroupId (which
 * replicates rows per set and nulls the keys a set lacks); one Aggregation node computes
 * everything. DISTINCT aggregates are marked `distinct` here and implemented by optimizer rules
 * (MarkDistinct masks, or a two-level aggregation).
 */
import type { BoundQuerySpecification } from '../../analyzer/bound-tree.js';
import { BIGINT, type Type } from '../../types/type.js';
import { constant } from '../expressions.js';
import type { AggregateCall, Ordering } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import { ExpressionTranslator, type TranslationScope } from './expression-translator.js';
import { ProjectionCollector } from './projection-collector.js';
import type { PlanCursor } from './relation-plan.js';

export interface AggregationResult {
  /** Per grouping key (in `grouping.keys` order), the symbol after aggregation. */
  readonly keys: readonly PlanSymbol[];
  /** Per aggregate, its result symbol. */
  readonly aggregates: readonly PlanSymbol[];
  /** GROUPING(...) over the grouping sets. */
  grouping(keys: readonly number[], type: Type): RowExpression;
}

export function planAggregation(
  ctx: BuilderContext,
  cursor: PlanCursor,
  spec: BoundQuerySpecification,
  fromScope: TranslationScope,
): AggregationResult {
  const grouping = spec.grouping ?? { keys: [], sets: [[]] };
  const translator = new ExpressionTranslator(ctx, fromScope, cursor);
  const keyExpressions = grouping.keys.map((k) => translator.translate(k));
  const aggregateInputs = spec.aggregates.map((a) => ({
    args: a.args.map((arg) => translator.translate(arg)),
    filter: a.filter ? translator.translate(a.filter) : undefined,
    orderBy: a.orderBy.map((k) => ({ ...k, expression: translator.translate(k.expression) })),
  }));

  const collector = new ProjectionCollector(ctx, cursor);
  const keys = keyExpressions.map((e) => collector.symbolFor(e));
  const multipleSets = grouping.sets.length > 1;
  const keyNames = new Set(keys.map((k) => k.name));
  const argumentSymbols: string[] = [];
  const copies = new Map<string, PlanSymbol>();
  // GroupId nulls the keys a set lacks: an aggregate argument that is also a key needs its own copy.
  const argument = (e: RowExpression, hint?: string): PlanSymbol => {
    let symbol = collector.symbolFor(e, hint);
    if (multipleSets && keyNames.has(symbol.name)) {
      const key = symbol;
      symbol = copies.get(key.name) ?? collector.copyOf(key);
      copies.set(key.name, symbol);
    }
    if (!argumentSymbols.includes(symbol.name)) argumentSymbols.push(symbol.name);
    return symbol;
  };

  const calls: AggregateCall[] = [];
  const results: PlanSymbol[] = [];
  spec.aggregates.forEach((aggregate, i) => {
    const input = aggregateInputs[i];
    const args = input.args.map((arg): RowExpression => {
      if (arg.kind === 'Lambda' || arg.kind === 'Constant') return arg;
      const symbol = argument(arg);
      return { kind: 'Symbol', name: symbol.name, type: symbol.type };
    });
    const mask = input.filter ? argument(input.filter, 'mask').name : undefined;
    const orderBy: Ordering[] = input.orderBy.map((k) => ({
      symbol: argument(k.expression).name,
      ascending: k.ascending,
      nullsFirst: k.nullsFirst,
    }));
    const result = ctx.symbols.newSymbol(aggregate.function.name, aggregate.function.returnType);
    results.push(result);
    calls.push({
      symbol: result.name,
      function: aggregate.function,
      args,
      distinct: aggregate.distinct,
      ...(mask !== undefined ? { mask } : {}),
      ...(orderBy.length > 0 ? { orderBy } : {}),
    });
  });
  collector.build();

  const uniqueKeys = [...new Set(keys.map((k) => k.name))];
  if (!multipleSets) {
    cursor.node = ctx.factory.aggregation(cursor.node, uniqueKeys, calls);
    return { keys, aggregates: results, grouping: (_keys, type) => constant(0, type) };
  }

  const groupIdSymbol = ctx.symbols.newSymbol('groupid', BIGINT);
  const sets = grouping.sets.map((set) => [...new Set(set.map((i) => keys[i].name))]);
  const groupIdNode = ctx.factory.groupId(cursor.node, sets, argumentSymbols, groupIdSymbol);
  cursor.node = ctx.factory.aggregation(groupIdNode, [...uniqueKeys, groupIdSymbol.name], calls, {
    groupIdSymbol: groupIdSymbol.name,
  });
  return {
    keys,
    aggregates: results,
    grouping: (groupingKeys, type) => groupingExpression(ctx, grouping.sets, groupingKeys, groupIdSymbol, type),
  };
}

/**
 * GROUPING(k1, ..., kn) for the current row's set: bit n-1-j is set when kj is not grouped in it.
 * A CASE over the group id, which GroupId numbers from 0 in set order.
 */
function groupingExpression(
  ctx: BuilderContext,
  sets: readonly (readonly number[])[],
  groupingKeys: readonly number[],
  groupId: PlanSymbol,
  type: Type,
): RowExpression {
  const valueFor = (set: readonly number[]): number => {
    let value = 0;
    for (const key of groupingKeys) value = value * 2 + (set.includes(key) ? 0 : 1);
    return value;
  };
  const args: RowExpression[] = [];
  const groupIdRef: RowExpression = { kind: 'Symbol', name: groupId.name, type: groupId.type };
  sets.forEach((set, i) => {
    if (i === sets.length - 1) return;
    args.push(ctx.functions.equal(groupIdRef, constant(i, BIGINT)), constant(valueFor(set), type));
  });
  args.push(constant(valueFor(sets[sets.length - 1]), type));
  return { kind: 'SpecialForm', form: 'SWITCH', type, args };
}
