/**
 * UNION, INTERSECT and EXCEPT. Inputs are cast to the operation's column types. UNION ALL is a
 * Union node (nested unions flattened); UNION adds an Aggregation over all columns. INTERSECT and
 * EXCEPT, as Presto plans them, union the inputs with one marker column per input (TRUE in its own
 * rows, NULL elsewhere) and count the markers per distinct row: with an Aggregation for the
 * DISTINCT forms, with window counts and a RowNumber for the ALL forms (keeping as many copies of
 * a row as the multiset semantics allow).
 */
import type { BoundQueryBody, Field, SetOperationRelation } from '../../analyzer/bound-tree.js';
import { BIGINT, BOOLEAN, typeEquals } from '../../types/type.js';
import { and, constant, nullOf, ref } from '../expressions.js';
import type { AggregateCall, WindowFunctionCall } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import { ProjectionCollector } from './projection-collector.js';
import type { OuterScope, PlanCursor, RelationPlan } from './relation-plan.js';

export function planSetOperation(
  ctx: BuilderContext,
  relation: SetOperationRelation,
  outer: OuterScope | undefined,
): RelationPlan {
  const inputs = flattenInputs(relation);
  const withMarkers = relation.operator !== 'UNION';
  const markers = withMarkers ? inputs.map(() => ctx.symbols.newSymbol('marker', BOOLEAN)) : [];
  const planned = inputs.map((input, i) => {
    const plan = ctx.planQueryBody(input, outer);
    const cursor: PlanCursor = { node: plan.node };
    const collector = new ProjectionCollector(ctx, cursor);
    const fields = plan.fields.map((symbol, j) => {
      const type = relation.fields[j].type;
      if (typeEquals(symbol.type, type)) return symbol;
      return collector.symbolFor({ kind: 'Cast', type, value: ref(symbol), safe: false, implicit: true }, symbol.name);
    });
    const markerValues = markers.map((m, j) =>
      collector.symbolFor(j === i ? constant(true, BOOLEAN) : nullOf(BOOLEAN), m.name),
    );
    collector.build();
    return { node: cursor.node, mapping: [...fields, ...markerValues].map((s) => s.name) };
  });
  const outputs = relation.fields.map((f, j) => ctx.symbols.newSymbol(f.name ?? planned[0].mapping[j], f.type));
  const union = ctx.factory.union(
    planned.map((p) => p.node),
    [...outputs, ...markers],
    planned.map((p) => p.mapping),
  );
  const keys = outputs.map((s) => s.name);
  if (relation.operator === 'UNION') {
    return { node: relation.distinct ? ctx.factory.aggregation(union, keys, []) : union, fields: outputs };
  }
  return relation.distinct
    ? distinctIntersectOrExcept(ctx, relation.operator, union, outputs, markers)
    : allIntersectOrExcept(ctx, relation.operator, union, outputs, markers);
}

function distinctIntersectOrExcept(
  ctx: BuilderContext,
  operator: 'INTERSECT' | 'EXCEPT',
  union: RelationPlan['node'],
  outputs: PlanSymbol[],
  markers: PlanSymbol[],
): RelationPlan {
  const count = ctx.functions.aggregate('count', [BOOLEAN]);
  const counts = markers.map(() => ctx.symbols.newSymbol('count', BIGINT));
  const calls: AggregateCall[] = markers.map((m, j) => ({
    symbol: counts[j].name,
    function: count,
    args: [ref(m)],
    distinct: false,
  }));
  const aggregation = ctx.factory.aggregation(
    union,
    outputs.map((s) => s.name),
    calls,
  );
  const predicate = and(
    ...counts.map((c, j) =>
      operator === 'INTERSECT' || j === 0
        ? ctx.functions.comparison('>=', ref(c), constant(1, BIGINT))
        : ctx.functions.comparison('=', ref(c), constant(0, BIGINT)),
    ),
  );
  const filtered = ctx.factory.filter(aggregation, predicate);
  return { node: ctx.factory.projectTo(filtered, outputs), fields: outputs };
}

function allIntersectOrExcept(
  ctx: BuilderContext,
  operator: 'INTERSECT' | 'EXCEPT',
  union: RelationPlan['node'],
  outputs: PlanSymbol[],
  markers: PlanSymbol[],
): RelationPlan {
  const count = ctx.functions.aggregate('count', [BOOLEAN]);
  const partitionBy = outputs.map((s) => s.name);
  const counts = markers.map(() => ctx.symbols.newSymbol('count', BIGINT));
  const functions: WindowFunctionCall[] = markers.map((m, j) => ({
    symbol: counts[j].name,
    function: count,
    args: [ref(m)],
    frame: { type: 'ROWS', startType: 'UNBOUNDED_PRECEDING', endType: 'UNBOUNDED_FOLLOWING' },
    ignoreNulls: false,
  }));
  const window = ctx.factory.window(union, partitionBy, [], functions);
  const rowNumber = ctx.symbols.newSymbol('row_number', BIGINT);
  const numbered = ctx.factory.rowNumber(window, partitionBy, rowNumber);
  let allowed: RowExpression;
  if (operator === 'INTERSECT') {
    allowed = counts.length === 1 ? ref(counts[0]) : ctx.functions.call('least', counts.map(ref));
  } else {
    allowed = ref(counts[0]);
    for (const c of counts.slice(1)) allowed = ctx.functions.operator('SUBTRACT', [allowed, ref(c)]);
  }
  const filtered = ctx.factory.filter(numbered, ctx.functions.comparison('<=', ref(rowNumber), allowed));
  return { node: ctx.factory.projectTo(filtered, outputs), fields: outputs };
}

/** The inputs of a chain of the same operation that can be computed in one step. */
function flattenInputs(relation: SetOperationRelation): BoundQueryBody[] {
  const out: BoundQueryBody[] = [];
  relation.inputs.forEach((input, i) => {
    const sameOperation =
      input.kind === 'SetOperation' &&
      input.operator === relation.operator &&
      sameTypes(input.fields, relation.fields) &&
      (relation.operator === 'EXCEPT'
        ? i === 0 && input.distinct === relation.distinct
        : relation.distinct || !input.distinct);
    if (sameOperation) out.push(...flattenInputs(input));
    else out.push(input);
  });
  return out;
}

function sameTypes(a: readonly Field[], b: readonly Field[]): boolean {
  return a.length === b.length && a.every((f, i) => typeEquals(f.type, b[i].type));
}
