/**
 * After aggregation a query sees only its grouping keys and aggregate results. This rewrites the
 * SELECT, HAVING, ORDER BY and window expressions of an aggregating query from the FROM scope to
 * the post-aggregation scope: a subtree equal to a grouping key becomes a reference to that key;
 * a column reference left over is an error, as in Presto:
 * `'name' must be an aggregate expression or appear in GROUP BY clause`.
 */
import { VivaceError } from '../common/vivace-error.js';
import { expressionKey, rewrite } from './bound-expressions.js';
import type { BoundExpression, BoundWindowFunction, SortKey } from './bound-tree.js';
import { referenceText } from './expression-analyzer.js';

export class AggregationRewriter {
  private readonly keyIndex = new Map<string, number>();

  constructor(keys: readonly BoundExpression[]) {
    keys.forEach((key, i) => {
      const text = expressionKey(key);
      if (!this.keyIndex.has(text)) this.keyIndex.set(text, i);
    });
  }

  expression(expression: BoundExpression): BoundExpression {
    return rewrite(expression, (e) => {
      if (e.kind === 'Constant' || e.kind === 'AggregateRef' || e.kind === 'WindowRef' || e.kind === 'Grouping')
        return e;
      const key = this.keyIndex.get(expressionKey(e));
      if (key !== undefined) return { kind: 'FieldRef', type: e.type, index: key };
      if (e.kind === 'FieldRef') {
        const text = referenceText.get(e) ?? `#${e.index}`;
        throw new VivaceError(
          'EXPRESSION_NOT_AGGREGATE',
          `'${text}' must be an aggregate expression or appear in GROUP BY clause`,
          e.pos,
        );
      }
      return undefined;
    });
  }

  sortKey(key: SortKey): SortKey {
    return { ...key, expression: this.expression(key.expression) };
  }

  window(window: BoundWindowFunction): BoundWindowFunction {
    return {
      ...window,
      args: window.args.map((a) => this.expression(a)),
      partitionBy: window.partitionBy.map((e) => this.expression(e)),
      orderBy: window.orderBy.map((k) => this.sortKey(k)),
      filter: window.filter ? this.expression(window.filter) : undefined,
      frame: {
        ...window.frame,
        start: window.frame.start.offset
          ? { ...window.frame.start, offset: this.expression(window.frame.start.offset) }
          : window.frame.start,
        end: window.frame.end.offset
          ? { ...window.frame.end, offset: this.expression(window.frame.end.offset) }
          : window.frame.end,
      },
    };
  }
}
