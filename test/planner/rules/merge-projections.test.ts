/** Rule MergeProjections: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { ref } from '../../../src/planner/expressions.js';
import { mergeProjections } from '../../../src/planner/rules/merge-projections.js';
import { BIGINT, DOUBLE } from '../../../src/types/type.js';
import { PlanDsl } from '../plan-dsl.js';
import { applyRule, nodesOf } from '../plan-helpers.js';

describe('rule MergeProjections', () => {
  it('inlines an expression read once', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint');
    const k = dsl.symbols.newSymbol('k', BIGINT);
    const inner = dsl.factory.project(scan, [
      { symbol: k, expression: dsl.functions.operator('ADD', [dsl.ref(scan, 'nationkey'), dsl.num(1)]) },
    ]);
    const m = dsl.symbols.newSymbol('m', BIGINT);
    const outer = dsl.factory.project(inner, [
      { symbol: m, expression: dsl.functions.operator('MULTIPLY', [ref(k), dsl.num(2)]) },
    ]);
    const merged = applyRule(mergeProjections, outer);
    const projects = nodesOf(merged, 'Project');
    assert.equal(projects.length, 1);
    assert.equal(formatExpression(projects[0]!.assignments[0]!.expression), '((nationkey + 1) * 2)');
  });

  it('does not duplicate an expression read twice, in particular a non-deterministic one', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint');
    const r = dsl.symbols.newSymbol('r', DOUBLE);
    const inner = dsl.factory.project(scan, [{ symbol: r, expression: dsl.functions.call('random', []) }]);
    const a = dsl.symbols.newSymbol('a', DOUBLE);
    const b = dsl.symbols.newSymbol('b', DOUBLE);
    const outer = dsl.factory.project(inner, [
      { symbol: a, expression: ref(r) },
      { symbol: b, expression: dsl.functions.operator('ADD', [ref(r), ref(r)]) },
    ]);
    const merged = applyRule(mergeProjections, outer);
    assert.equal(nodesOf(merged, 'Project').length, 2);
  });
});
