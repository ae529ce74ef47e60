/** Rule ReduceAggregationInputs: an aggregation joined on a grouping key with a small input is filtered first. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlanNode } from '../../../src/planner/plan-nodes.js';
import { decorrelateScalarSubqueries } from '../../../src/planner/rules/decorrelate-scalar-subqueries.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { reduceAggregationInputs } from '../../../src/planner/rules/reduce-aggregation-inputs.js';
import { removeRedundantProjections } from '../../../src/planner/rules/remove-redundant-projections.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { nodesOf, prepared } from '../plan-helpers.js';

const rules = [simplifyExpressions, predicatePushdown, removeRedundantProjections, reduceAggregationInputs];

function aggregationSources(p: PlanNode): string[] {
  return nodesOf(p, 'Aggregation').map((a) => a.source.kind);
}

describe('rule ReduceAggregationInputs', () => {
  it('semi-joins the input of an aggregation with the keys of a much smaller join side', () => {
    const p = prepared(
      "SELECT s.partkey, s.total FROM (SELECT partkey, sum(quantity) AS total FROM lineitem GROUP BY partkey) s JOIN part p ON s.partkey = p.partkey WHERE p.brand = 'Brand#23'",
      rules,
    );
    const [semiJoin] = nodesOf(p, 'SemiJoin');
    assert.ok(semiJoin);
    assert.equal(nodesOf(semiJoin.filteringSource, 'TableScan')[0]?.table.name, 'part');
    assert.deepEqual(aggregationSources(p), ['Project']);
  });

  it('leaves an aggregation joined with a larger input alone', () => {
    const p = prepared(
      'SELECT cu.name, c.n FROM (SELECT nationkey, count(*) AS n FROM supplier GROUP BY nationkey) c JOIN customer cu ON c.nationkey = cu.nationkey',
      [...rules, decorrelateScalarSubqueries],
    );
    assert.equal(nodesOf(p, 'SemiJoin').length, 0);
  });
});
