/** Rule ReorderJoins: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlanNode } from '../../../src/planner/plan-nodes.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { pruneUnusedColumns } from '../../../src/planner/rules/prune-unused-columns.js';
import { reorderJoins } from '../../../src/planner/rules/reorder-joins.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { first, nodesOf, plainMetadata, prepared } from '../plan-helpers.js';

const rules = [simplifyExpressions, predicatePushdown, pruneUnusedColumns, reorderJoins];

/** Tables in the order the join tree reads them, left to right. */
function tables(p: PlanNode): string[] {
  return nodesOf(p, 'TableScan').map((s) => s.table.name);
}

describe('rule ReorderJoins', () => {
  it('never introduces a cross join into a connected join graph written with cross joins', () => {
    const p = prepared(
      'SELECT * FROM lineitem l, nation n, supplier s, region r WHERE l.suppkey = s.suppkey AND s.nationkey = n.nationkey AND n.regionkey = r.regionkey',
      rules,
    );
    for (const join of nodesOf(p, 'Join')) assert.ok(join.criteria.length > 0);
  });

  it('joins the small, selective relations before the large one', () => {
    const p = prepared(
      "SELECT * FROM lineitem l, supplier s, nation n, region r WHERE l.suppkey = s.suppkey AND s.nationkey = n.nationkey AND n.regionkey = r.regionkey AND r.name = 'ASIA'",
      rules,
    );
    const top = first(p, 'Join');
    // lineitem meets the already reduced supplier ⋈ nation ⋈ region last.
    assert.deepEqual(tables(top.left).concat(tables(top.right)).includes('lineitem'), true);
    const lineitemSide = tables(top.left).includes('lineitem') ? top.left : top.right;
    assert.deepEqual(tables(lineitemSide), ['lineitem']);
  });

  it('uses equalities implied through a shared key', () => {
    const p = prepared(
      'SELECT * FROM partsupp ps, lineitem l, supplier s WHERE ps.suppkey = l.suppkey AND l.suppkey = s.suppkey',
      rules,
    );
    // supplier ⋈ partsupp on suppkey is possible without lineitem: the cheapest start.
    const bottom = nodesOf(p, 'Join').find((j) => j.left.kind !== 'Join' && j.right.kind !== 'Join');
    assert.deepEqual([...tables(bottom!)].sort(), ['partsupp', 'supplier']);
  });

  it('cross joins disconnected parts last', () => {
    const p = prepared('SELECT * FROM nation n, region r, supplier s WHERE s.nationkey = n.nationkey', rules);
    const top = first(p, 'Join');
    assert.equal(top.criteria.length, 0);
    assert.ok(
      nodesOf(top, 'Join')
        .slice(1)
        .every((j) => j.criteria.length > 0),
    );
  });

  it('keeps the written order without statistics, postponing unconnected relations', () => {
    const p = prepared(
      'SELECT * FROM nation n, lineitem l, region r WHERE n.regionkey = r.regionkey AND l.suppkey = n.nationkey',
      rules,
      { metadata: plainMetadata },
    );
    assert.deepEqual(tables(p), ['nation', 'lineitem', 'region']);
    for (const join of nodesOf(p, 'Join')) assert.ok(join.criteria.length > 0);
    const q = prepared(
      'SELECT * FROM nation n, region r, lineitem l WHERE l.suppkey = n.nationkey AND l.orderkey = r.regionkey',
      rules,
      { metadata: plainMetadata },
    );
    assert.deepEqual(tables(q), ['nation', 'lineitem', 'region']);
  });

  it('keeps the root outputs of the cluster', () => {
    const p = prepared(
      'SELECT n.name, r.name FROM nation n, region r, supplier s WHERE s.nationkey = n.nationkey AND n.regionkey = r.regionkey',
      rules,
    );
    assert.deepEqual(
      first(p, 'Join')
        .outputs.map((s) => s.name)
        .sort(),
      ['name', 'name_2'],
    );
  });

  it('orders greedily beyond the exhaustive limit, still without cross joins', () => {
    const p = prepared(
      'SELECT * FROM lineitem l, orders o, customer c, nation n, region r WHERE l.orderkey = o.orderkey AND o.custkey = c.custkey AND c.nationkey = n.nationkey AND n.regionkey = r.regionkey',
      rules,
      { options: { maxRelationsForExhaustiveReordering: 2 } },
    );
    assert.equal(nodesOf(p, 'Join').length, 4);
    for (const join of nodesOf(p, 'Join')) assert.ok(join.criteria.length > 0);
  });
});
