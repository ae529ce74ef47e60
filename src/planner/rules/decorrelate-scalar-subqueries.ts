/**
 * Correlated scalar subqueries over a global aggregation (TPC-H Q2, Q17, Q20), in the form
 * CorrelatedJoin(input, [EnforceSingleRow] [Project...] Aggregation(global) source):
 * - when every correlated predicate is `subquery_symbol = outer_expression`, the aggregation is
 *   grouped by those subquery symbols and LEFT JOINed to the input on them; aggregates whose value
 *   on no rows is not NULL (count, count_if, approx_distinct) are COALESCEd to 0 for input rows
 *   without a group;
 * - otherwise the input rows are numbered, LEFT JOINed to the subquery's rows on the predicates
 *   and aggregated back per row, every aggregate masked to the joined subquery rows.
 * The projections above the aggregation are evaluated above the join, where they may also read
 * the input's columns.
 *
 * A correlated scalar subquery without an aggregation, CorrelatedJoin(input, EnforceSingleRow
 * source), becomes the same per-row LEFT JOIN aggregated back per input row, keeping an arbitrary
 * joined value and the number of joined rows: more than one row fails the query at run time with
 * SUBQUERY_MULTIPLE_ROWS (through `fail`), none gives NULL, as Trino's
 * TransformCorrelatedScalarSubquery.
 */
import { ERROR_CODES } from '../../common/error-codes.js';
import { BIGINT, INTEGER, varchar } from '../../types/type.js';
import { decorrelate, equalityCorrelations } from '../decorrelation/decorrelator.js';
import { countOf, leftJoinPerInputRow, projectOuterKeys, regroupPerInputRow } from '../decorrelation/subquery-joins.js';
import { coalesce, constant, ifThenElse, ref } from '../expressions.js';
import { identity, symbolOf } from '../plan-factory.js';
import type { AggregateCall, AggregationNode, CorrelatedJoinNode, PlanNode, ProjectNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

/** Aggregates whose result over no rows is 0 rather than NULL. */
const ZERO_ON_EMPTY = new Set(['count', 'count_if', 'approx_distinct']);

export const decorrelateScalarSubqueries: PlanRule = {
  name: 'DecorrelateScalarSubqueries',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'CorrelatedJoin' && node.correlation.length > 0 ? rewrite(node, context) : node,
    );
  },
};

interface ScalarShape {
  readonly projections: readonly ProjectNode[];
  readonly aggregation: AggregationNode;
}

/** The projections (top first) and global aggregation of a scalar aggregate subquery. */
function scalarShape(subquery: PlanNode): ScalarShape | undefined {
  let node = subquery.kind === 'EnforceSingleRow' ? subquery.source : subquery;
  const projections: ProjectNode[] = [];
  for (;;) {
    if (node.kind === 'Project') projections.push(node);
    // Over a global aggregation (one row), ordering and a positive limit change nothing.
    else if (!(node.kind === 'Sort' || ((node.kind === 'Limit' || node.kind === 'TopN') && node.count > 0))) break;
    node = node.source;
  }
  if (node.kind !== 'Aggregation' || node.groupingKeys.length > 0 || node.step !== 'SINGLE') return undefined;
  return { projections, aggregation: node };
}

function rewrite(node: CorrelatedJoinNode, ctx: RuleContext): PlanNode {
  const shape = scalarShape(node.subquery);
  if (!shape) {
    return node.subquery.kind === 'EnforceSingleRow' ? rewriteSingleRow(node, node.subquery.source, ctx) : node;
  }
  if (node.filter) {
    ctx.diagnostics.set(node.id, 'a LATERAL aggregation with an ON condition');
    return node;
  }
  const correlation = new Set(node.correlation);
  const { aggregation } = shape;
  const decorrelated = decorrelate(aggregation.source, correlation, ctx.factory);
  if ('failure' in decorrelated) {
    ctx.diagnostics.set(node.id, decorrelated.failure);
    return node;
  }
  const pairs = equalityCorrelations(decorrelated.predicates, decorrelated.node, correlation);
  let joined: PlanNode;
  const replacements = new Map<string, RowExpression>();
  if (pairs && pairs.length > 0) {
    const outer = projectOuterKeys(ctx, node.input, pairs);
    const innerKeys = [...new Set(pairs.map((p) => p.inner.name))];
    const renamed: AggregateCall[] = aggregation.aggregates.map((a) => {
      if (!ZERO_ON_EMPTY.has(a.function.name)) return a;
      const raw = ctx.symbols.newSymbol(a.symbol, a.function.returnType);
      replacements.set(a.symbol, coalesce(ref(raw), constant(0, BIGINT)));
      return { ...a, symbol: raw.name };
    });
    const grouped = ctx.factory.aggregation(decorrelated.node, innerKeys, renamed);
    const criteria = pairs.map((p, i) => ({ left: outer.keys[i].name, right: p.inner.name }));
    const aggregateOutputs = grouped.outputs.slice(innerKeys.length);
    joined = ctx.factory.join('LEFT', outer.node, grouped, criteria, undefined, [
      ...outer.node.outputs,
      ...aggregateOutputs,
    ]);
  } else {
    const perRow = leftJoinPerInputRow(ctx, node.input, decorrelated.node, decorrelated.predicates);
    const masked = aggregation.aggregates.map((a) => (a.mask ? a : { ...a, mask: perRow.marker.name }));
    joined = regroupPerInputRow(ctx, perRow, node.input, masked);
  }

  // The aggregate symbols, then each projection above the aggregation, evaluated above the join.
  const aggregateSymbols: PlanSymbol[] = aggregation.outputs.map((s) => ({ name: s.name, type: s.type }));
  let result: PlanNode = ctx.factory.project(joined, [
    ...identity(node.input.outputs),
    ...aggregateSymbols.map((s) => ({ symbol: s, expression: replacements.get(s.name) ?? ref(s) })),
  ]);
  for (const projection of [...shape.projections].reverse()) {
    result = ctx.factory.project(result, [
      ...identity(node.input.outputs),
      ...projection.assignments.map((a) => ({
        symbol: symbolOf(projection, a.symbol),
        expression: a.expression,
      })),
    ]);
  }
  return result;
}

const MULTIPLE_ROWS_MESSAGE = 'Scalar sub-query has returned multiple rows';

/** CorrelatedJoin(input, EnforceSingleRow(source)): at most one joined row per input row, checked at run time. */
function rewriteSingleRow(node: CorrelatedJoinNode, source: PlanNode, ctx: RuleContext): PlanNode {
  if (node.filter) {
    ctx.diagnostics.set(node.id, 'a LATERAL subquery with an ON condition');
    return node;
  }
  const decorrelated = decorrelate(source, new Set(node.correlation), ctx.factory);
  if ('failure' in decorrelated) {
    ctx.diagnostics.set(node.id, decorrelated.failure);
    return node;
  }
  const perRow = leftJoinPerInputRow(ctx, node.input, decorrelated.node, decorrelated.predicates);
  const rowCount = ctx.symbols.newSymbol('rows', BIGINT);
  const values = node.subquery.outputs.map((output) => ({
    output,
    any: ctx.symbols.newSymbol(output.name, output.type),
  }));
  const aggregates: AggregateCall[] = [
    countOf(ctx, perRow.marker, rowCount),
    ...values.map(({ output, any }) => ({
      symbol: any.name,
      function: ctx.functions.aggregate('arbitrary', [output.type]),
      args: [ref(output)],
      distinct: false,
    })),
  ];
  const grouped = regroupPerInputRow(ctx, perRow, node.input, aggregates);
  const tooMany = ctx.functions.comparison('>', ref(rowCount), constant(1, BIGINT));
  const fail = ctx.functions.call('fail', [
    constant(ERROR_CODES.SUBQUERY_MULTIPLE_ROWS.code, INTEGER),
    constant(MULTIPLE_ROWS_MESSAGE, varchar(MULTIPLE_ROWS_MESSAGE.length)),
  ]);
  return ctx.factory.project(grouped, [
    ...identity(node.input.outputs),
    ...values.map(({ output, any }) => ({
      symbol: output,
      expression: ifThenElse(
        tooMany,
        { kind: 'Cast', type: output.type, value: fail, safe: false, implicit: true } as RowExpression,
        ref(any),
      ),
    })),
  ]);
}
