/**
 * Equi-join criteria: the conjuncts of a join condition of the form `left_symbol = right_symbol`
 * become hash-join keys; everything else stays a filter evaluated on matching pairs.
 */
import { combineConjuncts, conjuncts, isTrue } from './expressions.js';
import { comparisonOf } from './planner-functions.js';
import type { RowExpression } from './row-expression.js';

export interface JoinCriterion {
  readonly left: string;
  readonly right: string;
}

export interface SplitCondition {
  readonly criteria: JoinCriterion[];
  /** The rest of the condition; undefined when nothing remains. */
  readonly filter: RowExpression | undefined;
}

/** The `a = b` criterion a conjunct expresses between the two sides, if it does. */
export function equiCriterion(
  conjunct: RowExpression,
  left: ReadonlySet<string>,
  right: ReadonlySet<string>,
): JoinCriterion | undefined {
  if (comparisonOf(conjunct) !== '=' || conjunct.kind !== 'Call') return undefined;
  const [a, b] = conjunct.args;
  if (a?.kind !== 'Symbol' || b?.kind !== 'Symbol') return undefined;
  if (left.has(a.name) && right.has(b.name)) return { left: a.name, right: b.name };
  if (left.has(b.name) && right.has(a.name)) return { left: b.name, right: a.name };
  return undefined;
}

export function splitJoinCondition(
  condition: RowExpression | undefined,
  left: ReadonlySet<string>,
  right: ReadonlySet<string>,
): SplitCondition {
  const criteria: JoinCriterion[] = [];
  const remaining: RowExpression[] = [];
  for (const conjunct of condition ? conjuncts(condition) : []) {
    const criterion = equiCriterion(conjunct, left, right);
    if (criterion && !criteria.some((c) => c.left === criterion.left && c.right === criterion.right)) {
      criteria.push(criterion);
    } else if (!criterion) {
      remaining.push(conjunct);
    }
  }
  const filter = combineConjuncts(remaining);
  return { criteria, filter: isTrue(filter) ? undefined : filter };
}
