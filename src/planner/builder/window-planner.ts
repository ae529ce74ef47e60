/**
 * Window functions of one SELECT: their arguments, PARTITION BY and ORDER BY keys, frame offsets
 * and FILTER masks are projected into symbols, then one Window node is planned per distinct
 * (partition, order) specification, in order of first use.
 */
import type { BoundWindowFunction } from '../../analyzer/bound-tree.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { Ordering, WindowFrameSpec, WindowFunctionCall } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import { ExpressionTranslator, type TranslationScope } from './expression-translator.js';
import { ProjectionCollector } from './projection-collector.js';
import type { PlanCursor } from './relation-plan.js';

/** Plans the windows; returns the result symbol of each window function, by index. */
export function planWindows(
  ctx: BuilderContext,
  cursor: PlanCursor,
  windows: readonly BoundWindowFunction[],
  scope: TranslationScope,
): PlanSymbol[] {
  const translator = new ExpressionTranslator(ctx, scope, cursor);
  const translated = windows.map((w) => {
    if (w.distinct) {
      throw new VivaceError('NOT_SUPPORTED', 'DISTINCT in window function parameters not yet supported');
    }
    return {
      args: w.args.map((a) => translator.translate(a)),
      partitionBy: w.partitionBy.map((e) => translator.translate(e)),
      orderBy: w.orderBy.map((k) => ({ ...k, expression: translator.translate(k.expression) })),
      start: w.frame.start.offset ? translator.translate(w.frame.start.offset) : undefined,
      end: w.frame.end.offset ? translator.translate(w.frame.end.offset) : undefined,
      filter: w.filter ? translator.translate(w.filter) : undefined,
    };
  });

  const collector = new ProjectionCollector(ctx, cursor);
  const groups = new Map<string, { partitionBy: string[]; orderBy: Ordering[]; functions: WindowFunctionCall[] }>();
  const results: PlanSymbol[] = [];
  windows.forEach((w, i) => {
    const t = translated[i];
    const partitionBy = [...new Set(t.partitionBy.map((e) => collector.symbolFor(e).name))];
    const orderBy: Ordering[] = [];
    for (const k of t.orderBy) {
      const symbol = collector.symbolFor(k.expression).name;
      // A repeated key adds nothing to the ordering.
      if (!orderBy.some((o) => o.symbol === symbol)) {
        orderBy.push({ symbol, ascending: k.ascending, nullsFirst: k.nullsFirst });
      }
    }
    const args = t.args.map((arg): RowExpression => {
      if (arg.kind === 'Lambda' || arg.kind === 'Constant') return arg;
      const symbol = collector.symbolFor(arg);
      return { kind: 'Symbol', name: symbol.name, type: symbol.type };
    });
    const frame: WindowFrameSpec = {
      type: w.frame.type,
      startType: w.frame.start.type,
      endType: w.frame.end.type,
      ...(t.start ? { startValue: collector.symbolFor(t.start, 'frame_start').name } : {}),
      ...(t.end ? { endValue: collector.symbolFor(t.end, 'frame_end').name } : {}),
    };
    const result = ctx.symbols.newSymbol(w.function.name, w.function.returnType);
    results.push(result);
    const call: WindowFunctionCall = {
      symbol: result.name,
      function: w.function,
      args,
      frame,
      ignoreNulls: w.ignoreNulls,
      ...(t.filter ? { mask: collector.symbolFor(t.filter, 'mask').name } : {}),
    };
    const key = JSON.stringify([partitionBy, orderBy]);
    const group = groups.get(key);
    if (group) group.functions.push(call);
    else groups.set(key, { partitionBy, orderBy, functions: [call] });
  });
  collector.build();
  for (const group of groups.values()) {
    cursor.node = ctx.factory.window(cursor.node, group.partitionBy, group.orderBy, group.functions);
  }
  return results;
}
