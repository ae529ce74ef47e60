/**
 * Expressions inside plan nodes. The same shapes as the analyzer's bound expressions, except that
 * columns are named symbols (`SymbolRef`) instead of scope positions, and everything the planner
 * has turned into plan nodes (subqueries, aggregates, window functions, GROUPING) is gone.
 * Symbols make optimizer rules simple (no index shifting when a node's inputs change); the
 * execution layer maps symbols to channels once per fragment and compiles these expressions.
 *
 * Plain JSON-serialisable objects: fragments carry them to workers.
 */
import type { Constant, SpecialForm } from '../analyzer/bound-tree.js';

export type { Constant };

import type { ResolvedFunction } from '../functions/function-registry.js';
import type { Type } from '../types/type.js';

export interface PlanSymbol {
  readonly name: string;
  readonly type: Type;
}

export interface SymbolRef {
  readonly kind: 'Symbol';
  readonly name: string;
  readonly type: Type;
}

export interface CallExpression {
  readonly kind: 'Call';
  readonly type: Type;
  readonly function: ResolvedFunction;
  readonly args: readonly RowExpression[];
}

export interface CastExpression {
  readonly kind: 'Cast';
  readonly type: Type;
  readonly value: RowExpression;
  readonly safe: boolean;
  readonly implicit: boolean;
}

/** See `SpecialForm` in analyzer/bound-tree.ts for the forms and their argument conventions. */
export interface SpecialFormExpression {
  readonly kind: 'SpecialForm';
  readonly type: Type;
  readonly form: SpecialForm['form'];
  readonly args: readonly RowExpression[];
}

export interface LambdaExpression {
  readonly kind: 'Lambda';
  readonly type: Type;
  readonly parameterTypes: readonly Type[];
  readonly body: RowExpression;
}

/** A lambda parameter: `depth` 0 is the innermost enclosing lambda. */
export interface LambdaParameterRef {
  readonly kind: 'LambdaRef';
  readonly type: Type;
  readonly depth: number;
  readonly index: number;
}

export type RowExpression =
  | SymbolRef
  | Constant
  | CallExpression
  | CastExpression
  | SpecialFormExpression
  | LambdaExpression
  | LambdaParameterRef;

export function symbolRef(symbol: PlanSymbol): SymbolRef {
  return { kind: 'Symbol', name: symbol.name, type: symbol.type };
}

/** The symbols an expression reads. */
export function symbolsOf(expression: RowExpression, out: Set<string> = new Set()): Set<string> {
  switch (expression.kind) {
    case 'Symbol':
      out.add(expression.name);
      break;
    case 'Call':
    case 'SpecialForm':
      for (const arg of expression.args) symbolsOf(arg, out);
      break;
    case 'Cast':
      symbolsOf(expression.value, out);
      break;
    case 'Lambda':
      symbolsOf(expression.body, out);
      break;
    default:
      break;
  }
  return out;
}
