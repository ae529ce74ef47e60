/** Rule MergeFilters: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { mergeFilters } from '../../../src/planner/rules/merge-filters.js';
import { PlanDsl } from '../plan-dsl.js';
import { applyRule, first, nodesOf } from '../plan-helpers.js';

describe('rule MergeFilters', () => {
  it('ANDs a filter into the filter below it', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint, regionkey bigint');
    const inner = dsl.factory.filter(scan, dsl.cmp('>', dsl.ref(scan, 'nationkey'), dsl.num(1)));
    const outer = dsl.factory.filter(inner, dsl.cmp('<', dsl.ref(scan, 'regionkey'), dsl.num(3)));
    const merged = applyRule(mergeFilters, outer);
    assert.equal(nodesOf(merged, 'Filter').length, 1);
    assert.equal(formatExpression(first(merged, 'Filter').predicate), '((nationkey > 1) AND (regionkey < 3))');
  });
});
