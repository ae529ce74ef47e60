/** Rule ChooseJoinDistribution: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseJoinDistribution } from '../../../src/planner/rules/choose-join-distribution.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { pruneUnusedColumns } from '../../../src/planner/rules/prune-unused-columns.js';
import { transformUncorrelatedSubqueries } from '../../../src/planner/rules/transform-uncorrelated-subqueries.js';
import { first, nodesOf, plainMetadata, prepared } from '../plan-helpers.js';

const rules = [predicatePushdown, pruneUnusedColumns, chooseJoinDistribution];

describe('rule ChooseJoinDistribution', () => {
  it('builds on the smaller side, swapping the inputs of an inner join', () => {
    const join = first(prepared('SELECT * FROM nation n, lineitem l WHERE l.suppkey = n.nationkey', rules), 'Join');
    assert.equal(join.right.kind === 'TableScan' && join.right.table.name, 'nation');
    assert.deepEqual(join.criteria, [{ left: 'suppkey', right: 'nationkey' }]);
    assert.equal(join.distribution, 'REPLICATED');
  });

  it('partitions when the build side is large', () => {
    const join = first(
      prepared('SELECT * FROM orders o, lineitem l WHERE l.orderkey = o.orderkey', rules, {
        options: { broadcastMaxRows: 1000 },
      }),
      'Join',
    );
    assert.equal(join.distribution, 'PARTITIONED');
  });

  it('replicates cross joins and partitions FULL joins', () => {
    assert.equal(first(prepared('SELECT * FROM nation, region', rules), 'Join').distribution, 'REPLICATED');
    assert.equal(
      first(prepared('SELECT * FROM nation n FULL JOIN region r ON n.regionkey = r.regionkey', rules), 'Join')
        .distribution,
      'PARTITIONED',
    );
  });

  it('turns a LEFT join with a much larger inner side into a RIGHT join building on the preserved side', () => {
    const join = first(
      prepared('SELECT * FROM nation n LEFT JOIN lineitem l ON l.suppkey = n.nationkey', rules),
      'Join',
    );
    assert.equal(join.joinType, 'RIGHT');
    assert.equal(join.right.kind === 'TableScan' && join.right.table.name, 'nation');
    assert.equal(join.distribution, 'PARTITIONED', 'a RIGHT join cannot replicate its preserved side');
  });

  it('keeps an outer join whose inner side is the smaller one', () => {
    const join = first(prepared('SELECT * FROM orders o LEFT JOIN customer c ON c.custkey = o.custkey', rules), 'Join');
    assert.equal(join.joinType, 'LEFT');
    assert.equal(join.left.kind === 'TableScan' && join.left.table.name, 'orders');
  });

  it('partitions and keeps the order without estimates', () => {
    const join = first(
      prepared('SELECT * FROM nation n, lineitem l WHERE l.suppkey = n.nationkey', rules, { metadata: plainMetadata }),
      'Join',
    );
    assert.equal(join.left.kind === 'TableScan' && join.left.table.name, 'nation');
    assert.equal(join.distribution, 'PARTITIONED');
  });

  it('replicates the filtering side of a semi join when it is small', () => {
    const p = prepared('SELECT * FROM lineitem WHERE suppkey IN (SELECT nationkey FROM nation)', [
      transformUncorrelatedSubqueries,
      ...rules,
    ]);
    assert.equal(nodesOf(p, 'SemiJoin')[0]?.distribution, 'REPLICATED');
  });
});
