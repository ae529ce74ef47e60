/**
 * The calls the planner itself creates (join equalities, comparisons of decorrelated subqueries,
 * counts for EXISTS, min/max for quantified comparisons), resolved through the function registry so
 * they carry the same ResolvedFunction the analyzer would have produced.
 */
import type { FunctionRegistry, ResolvedFunction } from '../functions/function-registry.js';
import type { OperatorKind } from '../functions/operators.js';
import type { Type } from '../types/type.js';
import type { CallExpression, RowExpression } from './row-expression.js';

export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';

export const COMPARISON_OPERATORS: Readonly<Record<ComparisonOperator, OperatorKind>> = {
  '=': 'EQUAL',
  '<>': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
};

export class PlannerFunctions {
  constructor(readonly registry: FunctionRegistry) {}

  operator(kind: OperatorKind, args: readonly RowExpression[]): CallExpression {
    const fn = this.registry.resolveOperator(
      kind,
      args.map((a) => a.type),
    );
    return { kind: 'Call', type: fn.returnType, function: fn, args };
  }

  comparison(operator: ComparisonOperator, left: RowExpression, right: RowExpression): CallExpression {
    return this.operator(COMPARISON_OPERATORS[operator], [left, right]);
  }

  equal(left: RowExpression, right: RowExpression): CallExpression {
    return this.operator('EQUAL', [left, right]);
  }

  call(name: string, args: readonly RowExpression[]): CallExpression {
    const fn = this.registry.resolveFunction(
      name,
      args.map((a) => a.type),
    );
    return { kind: 'Call', type: fn.returnType, function: fn, args };
  }

  aggregate(name: string, argumentTypes: readonly Type[]): ResolvedFunction {
    return this.registry.resolveFunction(name, argumentTypes);
  }
}

/** The `$operator$...` kind of a call, when it is an operator call. */
export function operatorOf(call: CallExpression): OperatorKind | undefined {
  const name = call.function.name;
  if (!name.startsWith('$operator$')) return undefined;
  return name.slice('$operator$'.length).toUpperCase() as OperatorKind;
}

/** The comparison operator of a call, when it is one of the six comparisons. */
export function comparisonOf(e: RowExpression): ComparisonOperator | undefined {
  if (e.kind !== 'Call') return undefined;
  const kind = operatorOf(e);
  for (const [op, k] of Object.entries(COMPARISON_OPERATORS)) if (k === kind) return op as ComparisonOperator;
  return undefined;
}

/** `a op b` ⇔ `b flip(op) a`. */
export function flipComparison(op: ComparisonOperator): ComparisonOperator {
  switch (op) {
    case '<':
      return '>';
    case '<=':
      return '>=';
    case '>':
      return '<';
    case '>=':
      return '<=';
    default:
      return op;
  }
}
