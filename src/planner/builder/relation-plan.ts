/**
 * The builder's intermediate results: a planned relation (its node and the symbol of each field of
 * the analyzer's scope), the outer scopes correlated references resolve through, and the cursor
 * that subqueries inside expressions extend.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { PlanNode } from '../plan-nodes.js';
import type { PlanSymbol } from '../row-expression.js';

export interface RelationPlan {
  readonly node: PlanNode;
  /** One symbol per field of the relation, in field order (several fields may share one). */
  readonly fields: readonly PlanSymbol[];
}

/** An enclosing scope as seen from inside a subquery: `OuterRef(depth 1)` resolves here. */
export interface OuterScope {
  symbolOf(index: number): PlanSymbol;
  readonly parent: OuterScope | undefined;
}

export function fieldsScope(fields: readonly PlanSymbol[], parent: OuterScope | undefined): OuterScope {
  return {
    parent,
    symbolOf(index: number): PlanSymbol {
      const symbol = fields[index];
      if (symbol === undefined) {
        throw new VivaceError('GENERIC_INTERNAL_ERROR', `Outer reference to field ${index} out of range`);
      }
      return symbol;
    },
  };
}

/**
 * The plan an expression is being translated over. Subqueries met during translation wrap
 * `node` in Apply/CorrelatedJoin nodes that add their result symbols and keep every other output.
 */
export interface PlanCursor {
  node: PlanNode;
}
