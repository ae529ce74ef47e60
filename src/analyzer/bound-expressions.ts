/**
 * Small tools over bound expressions: structural keys (to match a SELECT expression against a
 * GROUP BY key, or deduplicate aggregates), coercion by inserting implicit casts, and traversal.
 */
import { structuralKey } from '../common/structural-key.js';
import { BOOLEAN, type Type, typeEquals } from '../types/type.js';
import type { BoundExpression, Call, CastExpr, Constant, SpecialForm } from './bound-tree.js';

/** A string that is equal for structurally equal expressions (positions ignored). */
export function expressionKey(expression: BoundExpression): string {
  return structuralKey(expression, isPosition);
}

const isPosition = (property: string) => property === 'pos';

export function sameExpression(a: BoundExpression, b: BoundExpression): boolean {
  return a === b || expressionKey(a) === expressionKey(b);
}

/** `expression` as `type`, with an implicit cast when the types differ. */
export function coerceTo(expression: BoundExpression, type: Type): BoundExpression {
  if (typeEquals(expression.type, type)) return expression;
  if (expression.kind === 'Constant' && expression.value === null) {
    return { kind: 'Constant', type, value: null } satisfies Constant;
  }
  return { kind: 'Cast', type, value: expression, safe: false, implicit: true } satisfies CastExpr;
}

export function constant(value: unknown, type: Type): Constant {
  return { kind: 'Constant', type, value };
}

export function specialForm(form: SpecialForm['form'], type: Type, args: readonly BoundExpression[]): SpecialForm {
  return { kind: 'SpecialForm', form, type, args };
}

export function not(value: BoundExpression): SpecialForm {
  return specialForm('NOT', BOOLEAN, [value]);
}

/** Direct children of an expression (subqueries are opaque: they have their own scopes). */
export function children(expression: BoundExpression): readonly BoundExpression[] {
  switch (expression.kind) {
    case 'Call':
    case 'SpecialForm':
      return expression.args;
    case 'Cast':
      return [expression.value];
    case 'Lambda':
      return [expression.body];
    case 'Subquery':
      return expression.value ? [expression.value] : [];
    default:
      return [];
  }
}

/** Rebuilds an expression bottom-up; `fn` may replace a node (return undefined to keep going). */
export function rewrite(
  expression: BoundExpression,
  fn: (e: BoundExpression) => BoundExpression | undefined,
): BoundExpression {
  const replaced = fn(expression);
  if (replaced) return replaced;
  switch (expression.kind) {
    case 'Call':
      return { ...expression, args: expression.args.map((a) => rewrite(a, fn)) };
    case 'SpecialForm':
      return { ...expression, args: expression.args.map((a) => rewrite(a, fn)) };
    case 'Cast':
      return { ...expression, value: rewrite(expression.value, fn) };
    case 'Lambda':
      return { ...expression, body: rewrite(expression.body, fn) };
    case 'Subquery':
      return expression.value ? { ...expression, value: rewrite(expression.value, fn) } : expression;
    default:
      return expression;
  }
}

/** A call of a resolved function, each argument coerced to the type its signature bound. */
export function coercedCall(resolved: Call['function'], args: readonly BoundExpression[]): Call {
  return {
    kind: 'Call',
    type: resolved.returnType,
    function: resolved,
    args: args.map((a, i) => coerceTo(a, resolved.argumentTypes[i] as Type)),
  };
}
