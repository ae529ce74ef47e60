/**
 * Gathers the expressions a node needs as symbols (grouping keys, aggregate arguments, window
 * specifications, unnested values) into a single projection on top of the cursor's plan, reusing
 * existing symbols and deduplicating equal expressions.
 */
import { expressionKey } from '../expressions.js';
import { identity } from '../plan-factory.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import { nameHint } from './expression-translator.js';
import type { PlanCursor } from './relation-plan.js';

export class ProjectionCollector {
  private readonly assignments: { symbol: PlanSymbol; expression: RowExpression }[] = [];
  private readonly byKey = new Map<string, PlanSymbol>();

  constructor(
    private readonly ctx: BuilderContext,
    private readonly cursor: PlanCursor,
  ) {}

  /** A symbol that will hold `expression` once `build` has run. */
  symbolFor(expression: RowExpression, hint?: string): PlanSymbol {
    if (expression.kind === 'Symbol') {
      const existing = this.cursor.node.outputs.find((s) => s.name === expression.name);
      if (existing) return existing;
    }
    const key = expressionKey(expression);
    const known = this.byKey.get(key);
    if (known) return known;
    const symbol = this.ctx.symbols.newSymbol(hint ?? nameHint(expression), expression.type);
    this.byKey.set(key, symbol);
    this.assignments.push({ symbol, expression });
    return symbol;
  }

  /** A new symbol copying `symbol` (so that a node can treat the copy differently). */
  copyOf(symbol: PlanSymbol): PlanSymbol {
    const copy = this.ctx.symbols.newSymbol(symbol.name, symbol.type);
    this.assignments.push({ symbol: copy, expression: { kind: 'Symbol', name: symbol.name, type: symbol.type } });
    return copy;
  }

  /** Adds the projection (when anything was collected) on top of the cursor's plan. */
  build(): void {
    if (this.assignments.length === 0) return;
    this.cursor.node = this.ctx.factory.project(this.cursor.node, [
      ...identity(this.cursor.node.outputs),
      ...this.assignments,
    ]);
    this.assignments.length = 0;
    this.byKey.clear();
  }
}
