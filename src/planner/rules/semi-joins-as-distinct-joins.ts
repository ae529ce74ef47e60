/**
 * A filtering semi join whose filtering side is much larger than its source is planned the other
 * way round: the (small) source, numbered by AssignUniqueId, becomes the build side of an inner
 * join that the (large) filtering side probes, and MarkDistinct on the row numbers keeps each
 * source row once. Building a hash set of millions of keys costs far more than probing a small
 * table with them (TPC-H Q4: 57 thousand orders against 3.8 million late lineitems). NULL keys
 * match nothing either way; only `Filter[in]` uses of the semi join are rewritten.
 */

import { BIGINT, BOOLEAN } from '../../types/type.js';
import { and, conjuncts } from '../expressions.js';
import { symbolOf } from '../plan-factory.js';
import type { PlanNode, SemiJoinNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

/** The filtering side must be estimated at least this many times larger than the source. */
const SIZE_RATIO = 4;

function isSymbol(e: RowExpression, name: string): boolean {
  return e.kind === 'Symbol' && e.name === name;
}

export const semiJoinsAsDistinctJoins: PlanRule = {
  name: 'SemiJoinsAsDistinctJoins',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Filter' || node.source.kind !== 'SemiJoin') return node;
      const semi: SemiJoinNode = node.source;
      const terms = conjuncts(node.predicate);
      if (!terms.some((t) => isSymbol(t, semi.output))) return node;
      const sourceRows = context.stats.rowCount(semi.source);
      const filteringRows = context.stats.rowCount(semi.filteringSource);
      if (sourceRows === undefined || filteringRows === undefined || filteringRows < SIZE_RATIO * sourceRows)
        return node;
      const factory = context.factory;
      const rowId = context.symbols.newSymbol('unique', BIGINT);
      const numbered = factory.assignUniqueId(semi.source, rowId);
      const joined = factory.join(
        'INNER',
        semi.filteringSource,
        numbered,
        [{ left: semi.filteringKey, right: semi.sourceKey }],
        undefined,
        numbered.outputs,
      );
      const first = context.symbols.newSymbol('first', BOOLEAN);
      const marked = factory.markDistinct(joined, first, [rowId.name]);
      const distinct = factory.filter(marked, { kind: 'Symbol', name: first.name, type: BOOLEAN });
      const outputSymbol = symbolOf(semi, semi.output);
      const restored = factory.project(distinct, [
        ...semi.source.outputs.map((s) => ({
          symbol: s,
          expression: { kind: 'Symbol', name: s.name, type: s.type } as RowExpression,
        })),
        { symbol: outputSymbol, expression: { kind: 'Constant', type: BOOLEAN, value: true } as RowExpression },
      ]);
      const rest = terms.filter((t) => !isSymbol(t, semi.output));
      return rest.length === 0 ? restored : factory.filter(restored, and(...rest));
    });
  },
};
