/**
 * Bound expressions → row expressions. Field positions become the symbols of the scope the
 * expression is evaluated in, outer references the symbols of enclosing scopes, aggregate and
 * window references the symbols their nodes produce; subqueries are planned (see
 * subquery-planner.ts) onto the plan cursor and replaced by their result symbol.
 */
import type { BoundExpression } from '../../analyzer/bound-tree.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { Type } from '../../types/type.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import type { OuterScope, PlanCursor } from './relation-plan.js';
import { planSubqueryExpression } from './subquery-planner.js';

/** Where the positions of an analyzer scope point in the plan. */
export interface TranslationScope {
  field(index: number): PlanSymbol;
  aggregate?(index: number): PlanSymbol;
  window?(index: number): PlanSymbol;
  grouping?(keys: readonly number[], type: Type): RowExpression;
  /** The scope `OuterRef(depth 1)` resolves in. */
  readonly outer: OuterScope | undefined;
  /** The enclosing scope of a subquery written in this scope. */
  subqueryScope(): OuterScope;
}

export class ExpressionTranslator {
  private lambdaDepth = 0;

  constructor(
    private readonly ctx: BuilderContext,
    private readonly scope: TranslationScope,
    readonly cursor: PlanCursor,
  ) {}

  translate(e: BoundExpression): RowExpression {
    switch (e.kind) {
      case 'FieldRef': {
        const s = this.scope.field(e.index);
        return { kind: 'Symbol', name: s.name, type: s.type };
      }
      case 'OuterRef': {
        let outer = this.scope.outer;
        for (let i = 1; i < e.depth && outer; i++) outer = outer.parent;
        if (!outer) throw internal(`Outer reference of depth ${e.depth} has no enclosing scope`);
        const s = outer.symbolOf(e.index);
        return { kind: 'Symbol', name: s.name, type: s.type };
      }
      case 'Constant':
        return e;
      case 'Call':
        return { kind: 'Call', type: e.type, function: e.function, args: e.args.map((a) => this.translate(a)) };
      case 'Cast':
        return { kind: 'Cast', type: e.type, value: this.translate(e.value), safe: e.safe, implicit: e.implicit };
      case 'SpecialForm':
        return { kind: 'SpecialForm', type: e.type, form: e.form, args: e.args.map((a) => this.translate(a)) };
      case 'Lambda': {
        this.lambdaDepth++;
        try {
          return { kind: 'Lambda', type: e.type, parameterTypes: e.parameterTypes, body: this.translate(e.body) };
        } finally {
          this.lambdaDepth--;
        }
      }
      case 'LambdaRef':
        return { kind: 'LambdaRef', type: e.type, depth: e.depth, index: e.index };
      case 'AggregateRef':
        if (!this.scope.aggregate) throw internal('Aggregate reference outside an aggregating query');
        return symbolExpression(this.scope.aggregate(e.index));
      case 'WindowRef':
        if (!this.scope.window) throw internal('Window reference before window functions were planned');
        return symbolExpression(this.scope.window(e.index));
      case 'Grouping':
        if (!this.scope.grouping) throw internal('GROUPING outside an aggregating query');
        return this.scope.grouping(e.keys, e.type);
      case 'Subquery':
        if (this.lambdaDepth > 0) {
          throw new VivaceError('NOT_SUPPORTED', 'Subqueries inside lambda expressions are not supported');
        }
        return planSubqueryExpression(this.ctx, e, this.cursor, this.scope.subqueryScope(), (value) =>
          this.toSymbol(value),
        );
    }
  }

  /** Translates and makes the result a symbol of the cursor's plan, projecting it when needed. */
  toSymbol(e: BoundExpression, hint?: string): PlanSymbol {
    const expression = this.translate(e);
    return projectToSymbol(this.ctx, this.cursor, expression, hint);
  }
}

/** A symbol of `cursor.node` holding `expression`: the symbol itself, or a new projected one. */
export function projectToSymbol(
  ctx: BuilderContext,
  cursor: PlanCursor,
  expression: RowExpression,
  hint?: string,
): PlanSymbol {
  if (expression.kind === 'Symbol') {
    const existing = cursor.node.outputs.find((s) => s.name === expression.name);
    if (existing) return existing;
  }
  const symbol = ctx.symbols.newSymbol(hint ?? nameHint(expression), expression.type);
  cursor.node = ctx.factory.projectWith(cursor.node, [{ symbol, expression }]);
  return symbol;
}

/** A readable name for the symbol holding an expression. */
export function nameHint(e: RowExpression): string {
  switch (e.kind) {
    case 'Symbol':
      return e.name;
    case 'Cast':
      return e.value.kind === 'Symbol' ? e.value.name : 'expr';
    case 'Call':
      return e.function.name.startsWith('$') ? 'expr' : e.function.name;
    default:
      return 'expr';
  }
}

function symbolExpression(s: PlanSymbol): RowExpression {
  return { kind: 'Symbol', name: s.name, type: s.type };
}

function internal(message: string): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', message);
}

/** Whether a bound expression contains a subquery anywhere. */
export function containsSubquery(e: BoundExpression): boolean {
  switch (e.kind) {
    case 'Subquery':
      return true;
    case 'Call':
    case 'SpecialForm':
      return e.args.some(containsSubquery);
    case 'Cast':
      return containsSubquery(e.value);
    case 'Lambda':
      return containsSubquery(e.body);
    default:
      return false;
  }
}
