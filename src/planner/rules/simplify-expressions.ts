/**
 * Folds constants and simplifies every expression of the plan (expression-simplifier.ts), then
 * drops filters that became TRUE and replaces those that became FALSE or NULL by an empty VALUES.
 * In a filter, NULL and FALSE are alike, so a conjunct `COALESCE(x, FALSE)` is just `x`.
 */

import { ExpressionSimplifier } from '../expression-simplifier.js';
import { combineConjuncts, conjuncts, isFalse, isForm, isNullConstant, isTrue } from '../expressions.js';
import type { PlanNode } from '../plan-nodes.js';
import { mapNodeExpressions, rewritePlan } from '../plan-utils.js';
import type { RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const simplifyExpressions: PlanRule = {
  name: 'SimplifyExpressions',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    const simplifier = new ExpressionSimplifier(context.registry, context.session.timeZone);
    return rewritePlan(plan, (node) => {
      const simplified = mapNodeExpressions(node, (e) => simplifier.simplify(e));
      if (simplified.kind === 'Filter') {
        const predicate = filterPredicate(simplified.predicate);
        if (isTrue(predicate)) return simplified.source;
        if (isFalse(predicate) || isNullConstant(predicate)) return context.factory.empty(simplified.outputs);
        return predicate === simplified.predicate ? simplified : { ...simplified, predicate };
      }
      if (simplified.kind === 'Join' && simplified.filter && isTrue(simplified.filter)) {
        const { filter: _dropped, ...rest } = simplified;
        return rest;
      }
      return simplified;
    });
  },
};

/** A filter predicate with `COALESCE(x, FALSE)` conjuncts reduced to `x`. */
function filterPredicate(predicate: RowExpression): RowExpression {
  const terms = conjuncts(predicate);
  let changed = false;
  const reduced = terms.map((t) => {
    if (isForm(t, 'COALESCE') && t.args.length === 2 && isFalse(t.args[1])) {
      changed = true;
      return t.args[0];
    }
    return t;
  });
  if (terms.some((t) => isFalse(t) || isNullConstant(t)))
    return { kind: 'Constant', type: predicate.type, value: false };
  return changed ? combineConjuncts(reduced) : predicate;
}
