/**
 * Quantified comparisons, as Presto rewrites them: `x = ANY (s)` is `x IN (s)`, `x <> ALL (s)` is
 * `NOT (x IN (s))`; the other forms compare x with the subquery's extreme value, computed by a
 * global aggregation joined to each row (a CorrelatedJoin, decorrelated like any scalar
 * subquery), with counts of all and of non-null values to get empty sets and NULLs right:
 *   x > ALL (s) = CASE WHEN count(*) = 0 THEN TRUE
 *                      WHEN count(v) < count(*) THEN CASE WHEN NOT (x > max(v)) THEN FALSE END
 *                      ELSE x > max(v) END
 * (ANY is the dual with min/max swapped; `= ALL` tests x = min AND x = max; `<> ANY` is
 * NOT (x = ALL).)
 */
import { BIGINT, BOOLEAN, isOrderable } from '../../types/type.js';
import { and, constant, FALSE, not, nullOf, ref, specialForm, TRUE } from '../expressions.js';
import { identity, symbolOf } from '../plan-factory.js';
import type { AggregateCall, ApplyNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { ComparisonOperator } from '../planner-functions.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const transformQuantifiedComparisons: PlanRule = {
  name: 'TransformQuantifiedComparisons',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) =>
      node.kind === 'Apply' && node.predicate.kind === 'QUANTIFIED' ? rewrite(node, context) : node,
    );
  },
};

function rewrite(node: ApplyNode, ctx: RuleContext): PlanNode {
  const p = node.predicate;
  if (p.kind !== 'QUANTIFIED') return node;
  const { factory, symbols } = ctx;
  const resultSymbol = node.outputs[node.outputs.length - 1];
  const asIn = (result: PlanSymbol) =>
    factory.apply(node.input, node.subquery, result, { kind: 'IN', value: p.value, subqueryValue: p.subqueryValue });
  if (p.operator === '=' && p.quantifier === 'ANY') return asIn(resultSymbol);
  if (p.operator === '<>' && p.quantifier === 'ALL') {
    const inResult = symbols.newSymbol('in', BOOLEAN);
    const apply = asIn(inResult);
    return factory.project(apply, [
      ...identity(node.input.outputs),
      { symbol: resultSymbol, expression: not(ref(inResult)) },
    ]);
  }

  const valueSymbol = symbolOf(node.input, p.value);
  const column = symbolOf(node.subquery, p.subqueryValue);
  if (!isOrderable(column.type)) {
    ctx.diagnostics.set(
      node.id,
      `quantified comparison ${p.operator} ${p.quantifier} over a type that cannot be ordered`,
    );
    return node;
  }
  const countAll = symbols.newSymbol('count', BIGINT);
  const countNonNull = symbols.newSymbol('count', BIGINT);
  const min = symbols.newSymbol('min', column.type);
  const max = symbols.newSymbol('max', column.type);
  const aggregate = (result: PlanSymbol, name: string, args: PlanSymbol[]): AggregateCall => ({
    symbol: result.name,
    function: ctx.functions.aggregate(
      name,
      args.map((a) => a.type),
    ),
    args: args.map(ref),
    distinct: false,
  });
  const aggregation = factory.aggregation(
    node.subquery,
    [],
    [
      aggregate(countAll, 'count', []),
      aggregate(countNonNull, 'count', [column]),
      aggregate(min, 'min', [column]),
      aggregate(max, 'max', [column]),
    ],
  );
  const joined = factory.correlatedJoin('LEFT', node.input, aggregation);
  const x = ref(valueSymbol);
  const compare = (op: ComparisonOperator, extreme: PlanSymbol) => ctx.functions.comparison(op, x, ref(extreme));
  const zero = constant(0, BIGINT);
  const isEmpty = ctx.functions.comparison('=', ref(countAll), zero);
  const hasNulls = ctx.functions.comparison('<', ref(countNonNull), ref(countAll));
  const all = (test: RowExpression): RowExpression =>
    specialForm('SWITCH', BOOLEAN, [
      isEmpty,
      TRUE,
      hasNulls,
      specialForm('SWITCH', BOOLEAN, [not(test), FALSE, nullOf(BOOLEAN)]),
      test,
    ]);
  const any = (test: RowExpression): RowExpression =>
    specialForm('SWITCH', BOOLEAN, [
      isEmpty,
      FALSE,
      hasNulls,
      specialForm('SWITCH', BOOLEAN, [test, TRUE, nullOf(BOOLEAN)]),
      test,
    ]);
  let result: RowExpression;
  const op = p.operator;
  if (op === '=' || op === '<>') {
    const allEqual = all(and(compare('=', min), compare('=', max)));
    result = op === '=' ? allEqual : not(allEqual);
  } else {
    const lower = op === '<' || op === '<=';
    // ALL compares with the bound every value must respect; ANY with the most favourable value.
    const extreme = p.quantifier === 'ALL' ? (lower ? min : max) : lower ? max : min;
    result = p.quantifier === 'ALL' ? all(compare(op, extreme)) : any(compare(op, extreme));
  }
  return factory.project(joined, [...identity(node.input.outputs), { symbol: resultSymbol, expression: result }]);
}
