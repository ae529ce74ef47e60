/**
 * Distributed plans: where AddExchanges moves rows (partial/final aggregation around a
 * repartition, replicated and partitioned joins, semi joins, TopN and LIMIT before and after a
 * gather, sorts and unions on one task) and how the fragmenter cuts them into stages (root `0`,
 * children from `1`, partitionings, output partitionings, RemoteSource leaves), for every TPC-H
 * query too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addExchanges, type JoinDistributionType } from '../../src/planner/add-exchanges.js';
import { type FragmentedPlan, fragmentPlan } from '../../src/planner/fragmenter.js';
import type { PlanNode } from '../../src/planner/plan-nodes.js';
import { findNodes } from '../../src/planner/plan-utils.js';
import { contextFor, plan, tpchQuery } from './plan-helpers.js';

function distribute(sql: string, joinDistribution: JoinDistributionType = 'AUTOMATIC'): FragmentedPlan {
  const optimized = plan(sql);
  const context = contextFor(optimized);
  return fragmentPlan(addExchanges(optimized, context, { joinDistribution }), context.ids);
}

function exchangesOf(node: PlanNode): string[] {
  return findNodes(node, 'RemoteSource').map((r) => r.exchangeType);
}

describe('fragmenter', () => {
  it('aggregates partially on the leaf stage, repartitions on the keys, and gathers to the root', () => {
    const { fragments } = distribute('SELECT returnflag, sum(quantity) FROM lineitem GROUP BY returnflag');
    assert.deepEqual(
      fragments.map((f) => [f.id, f.partitioning, f.outputPartitioning.kind]),
      [
        ['0', 'SINGLE', 'SINGLE'],
        ['1', 'HASH', 'SINGLE'],
        ['2', 'SOURCE', 'HASH'],
      ],
    );
    const [root, final, leaf] = fragments;
    assert.deepEqual(exchangesOf(root!.root), ['GATHER']);
    assert.deepEqual(root!.childIds, ['1']);
    assert.deepEqual(
      findNodes(final!.root, 'Aggregation').map((a) => a.step),
      ['FINAL'],
    );
    assert.deepEqual(
      findNodes(leaf!.root, 'Aggregation').map((a) => a.step),
      ['PARTIAL'],
    );
    assert.equal(leaf!.scanNodeIds.length, 1);
    const hash = leaf!.outputPartitioning;
    assert.ok(hash.kind === 'HASH');
    assert.deepEqual(
      hash.channels.map((c) => leaf!.root.outputs[c]!.name),
      findNodes(final!.root, 'Aggregation')[0]!.groupingKeys,
    );
  });

  it('sizes aggregations for the groups the statistics expect, capped, and not global ones', () => {
    const estimated = (sql: string) =>
      distribute(sql).fragments.flatMap((f) =>
        findNodes(f.root, 'Aggregation').map((a) => [a.step, a.expectedGroups] as const),
      );
    // The planner tests' statistics are SF 1's: 3 return flags, 25 nations, 1.5 M orders.
    assert.deepEqual(estimated('SELECT returnflag, count(*) FROM lineitem GROUP BY returnflag'), [
      ['FINAL', 3],
      ['PARTIAL', 3],
    ]);
    assert.deepEqual(estimated('SELECT nationkey, count(*) FROM customer GROUP BY nationkey'), [
      ['FINAL', 25],
      ['PARTIAL', 25],
    ]);
    assert.deepEqual(estimated('SELECT orderkey, sum(quantity) FROM lineitem GROUP BY orderkey'), [
      ['FINAL', 1 << 20],
      ['PARTIAL', 1 << 20],
    ]);
    assert.deepEqual(estimated('SELECT count(*) FROM lineitem'), [
      ['FINAL', undefined],
      ['PARTIAL', undefined],
    ]);
  });

  it("gives a hash stage fed by aggregations the groups they expect as its input, and none to a join's", () => {
    const hashInputs = (sql: string, joins: JoinDistributionType = 'AUTOMATIC') =>
      distribute(sql, joins)
        .fragments.filter((f) => f.partitioning === 'HASH')
        .map((f) => f.estimatedInputRows);
    assert.deepEqual(hashInputs('SELECT returnflag, count(*) FROM lineitem GROUP BY returnflag'), [3]);
    assert.deepEqual(hashInputs('SELECT orderkey, sum(quantity) FROM lineitem GROUP BY orderkey'), [1 << 20]);
    // A partitioned join's inputs carry no estimate: the stage keeps its default task count.
    const join = 'SELECT n.name, r.name FROM nation n JOIN region r ON n.regionkey = r.regionkey';
    assert.deepEqual(hashInputs(join, 'PARTITIONED'), [undefined]);
  });

  it('gathers partial states of a global aggregation to one final task', () => {
    const { fragments } = distribute('SELECT count(*), avg(extendedprice) FROM lineitem');
    assert.deepEqual(
      fragments.map((f) => f.partitioning),
      ['SINGLE', 'SOURCE'],
    );
    assert.deepEqual(
      findNodes(fragments[0]!.root, 'Aggregation').map((a) => a.step),
      ['FINAL'],
    );
  });

  it('replicates a small build side and partitions both sides of a large join', () => {
    const small = distribute('SELECT n.name, r.name FROM nation n JOIN region r ON n.regionkey = r.regionkey');
    const joinFragment = small.fragments.find((f) => findNodes(f.root, 'Join').length > 0)!;
    assert.equal(findNodes(joinFragment.root, 'Join')[0]!.distribution, 'REPLICATED');
    assert.deepEqual(exchangesOf(joinFragment.root), ['REPLICATE']);
    assert.equal(joinFragment.partitioning, 'SOURCE');
    assert.ok(small.fragments.some((f) => f.outputPartitioning.kind === 'BROADCAST'));

    const forced = distribute(
      'SELECT n.name, r.name FROM nation n JOIN region r ON n.regionkey = r.regionkey',
      'PARTITIONED',
    );
    const partitioned = forced.fragments.find((f) => findNodes(f.root, 'Join').length > 0)!;
    assert.equal(partitioned.partitioning, 'HASH');
    assert.deepEqual(exchangesOf(partitioned.root).sort(), ['REPARTITION', 'REPARTITION']);
  });

  it('replicates a small filtering side of a semi join, and partitions both sides of a large one', () => {
    const sql = 'SELECT count(*) FROM orders WHERE custkey NOT IN (SELECT custkey FROM customer WHERE acctbal > 0)';
    const semiOf = (distributed: FragmentedPlan) =>
      distributed.fragments.find((f) => findNodes(f.root, 'SemiJoin').length > 0)!;

    const small = distribute(sql, 'BROADCAST');
    assert.deepEqual(exchangesOf(semiOf(small).root), ['REPLICATE']);
    assert.equal(findNodes(semiOf(small).root, 'SemiJoin')[0]!.distribution, 'REPLICATED');

    // Partitioned: the filtering side's NULL keys and one row go to every task (NOT IN must know
    // everywhere whether the set holds a NULL or is empty); the source side is only repartitioned.
    const large = distribute(sql, 'PARTITIONED');
    const semi = semiOf(large);
    assert.equal(semi.partitioning, 'HASH');
    assert.equal(findNodes(semi.root, 'SemiJoin')[0]!.distribution, 'PARTITIONED');
    assert.deepEqual(exchangesOf(semi.root), ['REPARTITION', 'REPARTITION']);
    const producers = large.fragments.filter((f) => semi.childIds.includes(f.id));
    assert.deepEqual(
      producers.map((f) => f.outputPartitioning).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      [
        { kind: 'HASH', channels: [0], replicateNullsAndAny: true },
        { kind: 'HASH', channels: [0] },
      ],
    );

    // The optimizer's choice stands under AUTOMATIC: TPC-H q22's filtering side (all of orders) is large.
    const q22 = distribute(tpchQuery(22));
    const q22Semi = findNodes(semiOf(q22).root, 'SemiJoin')[0]!;
    assert.equal(q22Semi.distribution, 'PARTITIONED');
  });

  it('runs TopN and LIMIT partially before the gather and finally after it', () => {
    const topN = distribute('SELECT orderkey FROM orders ORDER BY totalprice DESC LIMIT 5').fragments;
    assert.deepEqual(
      findNodes(topN[0]!.root, 'TopN').map((t) => t.step),
      ['FINAL'],
    );
    assert.deepEqual(
      findNodes(topN[1]!.root, 'TopN').map((t) => t.step),
      ['PARTIAL'],
    );
    const limit = distribute('SELECT orderkey FROM orders LIMIT 5').fragments;
    assert.deepEqual(
      findNodes(limit[1]!.root, 'Limit').map((l) => l.partial),
      [true],
    );
    assert.ok(findNodes(limit[0]!.root, 'Limit').some((l) => !l.partial));
  });

  it('sorts in every task and merges the sorted streams; unions on one task, a fragment per source', () => {
    const sorted = distribute('SELECT name FROM nation ORDER BY name').fragments;
    assert.equal(findNodes(sorted[0]!.root, 'Sort').length, 0, 'no sort after the merge');
    assert.deepEqual(
      findNodes(sorted[0]!.root, 'RemoteSource')[0]!.orderBy?.map((o) => o.symbol),
      ['name'],
    );
    assert.deepEqual(
      findNodes(sorted[1]!.root, 'Sort').map((s) => s.partial),
      [true],
    );
    const union = distribute('SELECT name FROM nation UNION ALL SELECT name FROM region').fragments;
    assert.deepEqual(
      union.map((f) => f.id),
      ['0', '1', '2'],
    );
    const remote = findNodes(union[0]!.root, 'RemoteSource')[0]!;
    assert.deepEqual(remote.sourceFragmentIds, ['1', '2']);
    for (const source of union.slice(1)) {
      assert.deepEqual(
        source.root.outputs.map((s) => s.type),
        remote.outputs.map((s) => s.type),
      );
    }
  });

  it('cuts every TPC-H query into stages whose RemoteSources name existing fragments', () => {
    for (let n = 1; n <= 22; n++) {
      const { fragments } = distribute(tpchQuery(n));
      const ids = new Set(fragments.map((f) => f.id));
      assert.equal(fragments[0]!.id, '0', `Q${n} root`);
      assert.equal(fragments[0]!.root.kind, 'Output', `Q${n} root is the Output`);
      for (const fragment of fragments) {
        for (const remote of findNodes(fragment.root, 'RemoteSource')) {
          for (const id of remote.sourceFragmentIds) assert.ok(ids.has(id), `Q${n} fragment ${id}`);
        }
        assert.equal(findNodes(fragment.root, 'Exchange').length, 0, `Q${n} keeps no exchange`);
        const values = findNodes(fragment.root, 'Values').length;
        if (values > 0) assert.equal(fragment.partitioning, 'SINGLE', `Q${n}: VALUES run on one task`);
      }
    }
  });
});
