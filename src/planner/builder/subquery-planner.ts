/**
 * Subqueries used as values. Each is planned on its own and attached to the plan the expression
 * is evaluated over, in the correlated form the decorrelation rules later turn into joins:
 * - scalar: CorrelatedJoin(LEFT) with the subquery under EnforceSingleRow (more than one row is
 *   an error, none gives NULL);
 * - EXISTS, IN, quantified comparisons: Apply, whose boolean result symbol replaces the expression.
 */
import type { BoundExpression, SubqueryExpr } from '../../analyzer/bound-tree.js';
import { VivaceError } from '../../common/vivace-error.js';
import { BOOLEAN, typeEquals } from '../../types/type.js';
import type { SubqueryPredicate } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import type { OuterScope, PlanCursor, RelationPlan } from './relation-plan.js';

export function planSubqueryExpression(
  ctx: BuilderContext,
  e: SubqueryExpr,
  cursor: PlanCursor,
  outer: OuterScope,
  valueToSymbol: (value: BoundExpression) => PlanSymbol,
): RowExpression {
  const { factory, symbols } = ctx;
  switch (e.subqueryKind) {
    case 'SCALAR': {
      const plan = singleColumn(ctx, ctx.planQuery(e.query, outer));
      const column = plan.fields[0];
      cursor.node = factory.correlatedJoin('LEFT', cursor.node, factory.enforceSingleRow(plan.node));
      return { kind: 'Symbol', name: column.name, type: column.type };
    }
    case 'EXISTS': {
      const plan = ctx.planQuery(e.query, outer);
      const result = symbols.newSymbol('exists', BOOLEAN);
      cursor.node = factory.apply(cursor.node, plan.node, result, { kind: 'EXISTS' });
      return { kind: 'Symbol', name: result.name, type: BOOLEAN };
    }
    case 'IN':
    case 'QUANTIFIED': {
      if (!e.value) throw new VivaceError('GENERIC_INTERNAL_ERROR', `${e.subqueryKind} subquery without a value`);
      const value = valueToSymbol(e.value);
      const plan = singleColumn(ctx, ctx.planQuery(e.query, outer));
      let column = plan.fields[0];
      let node = plan.node;
      if (!typeEquals(column.type, value.type)) {
        // The analyzer coerced the value to the common type; the subquery's column follows.
        const cast = symbols.newSymbol(column.name, value.type);
        node = factory.project(node, [
          {
            symbol: cast,
            expression: {
              kind: 'Cast',
              type: value.type,
              value: { kind: 'Symbol', name: column.name, type: column.type },
              safe: false,
              implicit: true,
            },
          },
        ]);
        column = cast;
      }
      let predicate: SubqueryPredicate;
      let hint: string;
      if (e.subqueryKind === 'IN') {
        predicate = { kind: 'IN', value: value.name, subqueryValue: column.name };
        hint = 'in';
      } else {
        if (!e.operator || !e.quantifier) {
          throw new VivaceError('GENERIC_INTERNAL_ERROR', 'Quantified comparison without operator');
        }
        predicate = {
          kind: 'QUANTIFIED',
          value: value.name,
          subqueryValue: column.name,
          operator: e.operator,
          quantifier: e.quantifier,
        };
        hint = e.quantifier.toLowerCase();
      }
      const result = symbols.newSymbol(hint, BOOLEAN);
      cursor.node = factory.apply(cursor.node, node, result, predicate);
      return { kind: 'Symbol', name: result.name, type: BOOLEAN };
    }
  }
}

/** The plan projected to its one column. */
function singleColumn(ctx: BuilderContext, plan: RelationPlan): RelationPlan {
  const column = plan.fields[0];
  if (plan.fields.length !== 1 || column === undefined) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Multiple columns returned by subquery are not yet supported. Found ${plan.fields.length}`,
    );
  }
  if (plan.node.outputs.length === 1 && plan.node.outputs[0].name === column.name) return plan;
  return { node: ctx.factory.projectTo(plan.node, [column]), fields: [column] };
}
