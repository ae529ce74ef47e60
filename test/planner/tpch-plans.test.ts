/**
 * Every TPC-H query plans and optimizes; structural properties of the plans: connected join
 * graphs stay free of cross joins, subqueries are decorrelated into joins, Q13's outer join stays
 * outer, pruning reaches the scans and shipdate predicates become scan constraints.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OutputNode, PlanNode, TableScanNode } from '../../src/planner/plan-nodes.js';
import { checkPlan } from '../../src/planner/plan-sanity-checker.js';
import { StatsCalculator } from '../../src/planner/stats/stats-calculator.js';
import { nodesOf, plainMetadata, plan, statsMetadata, tpchQuery } from './plan-helpers.js';

const plans = new Map<number, OutputNode>();
function tpch(n: number): OutputNode {
  let p = plans.get(n);
  if (!p) {
    p = plan(tpchQuery(n));
    plans.set(n, p);
  }
  return p;
}

function scansOf(p: PlanNode, table: string): TableScanNode[] {
  return nodesOf(p, 'TableScan').filter((s) => s.table.name === table);
}

function day(text: string): number {
  return Date.parse(`${text}T00:00:00Z`) / 86_400_000;
}

describe('planner: TPC-H', () => {
  for (let q = 1; q <= 22; q++) {
    it(`q${String(q).padStart(2, '0')} plans, optimizes and passes the sanity checks`, () => {
      const p = tpch(q);
      assert.equal(p.kind, 'Output');
      checkPlan(p);
      assert.equal(nodesOf(p, 'Apply').length, 0);
      assert.equal(nodesOf(p, 'CorrelatedJoin').length, 0);
    });
  }

  for (const q of [2, 5, 7, 8, 9, 19, 21]) {
    it(`q${q} has no cross join (its join graph is connected)`, () => {
      for (const join of nodesOf(tpch(q), 'Join')) {
        assert.ok(join.criteria.length > 0, `join ${join.id} without criteria`);
      }
    });

    it(`q${q} has no cross join without statistics either`, () => {
      for (const join of nodesOf(plan(tpchQuery(q), { metadata: plainMetadata }), 'Join')) {
        assert.ok(join.criteria.length > 0, `join ${join.id} without criteria`);
      }
    });
  }

  for (const q of [2, 5, 7, 8, 9]) {
    it(`q${q} builds every inner join on its smaller estimated side`, () => {
      const stats = new StatsCalculator(statsMetadata);
      for (const join of nodesOf(tpch(q), 'Join').filter((j) => j.joinType === 'INNER')) {
        const left = stats.rowCount(join.left)!;
        const right = stats.rowCount(join.right)!;
        assert.ok(right <= left, `join ${join.id}: build ${right} > probe ${left}`);
      }
    });
  }

  it('q2 decorrelates its scalar subquery into a join with min grouped by partkey', () => {
    const aggregation = nodesOf(tpch(2), 'Aggregation').find((a) =>
      a.aggregates.some((c) => c.function.name === 'min'),
    );
    assert.ok(aggregation);
    assert.equal(aggregation.groupingKeys.length, 1);
    const keyScan = scansOf(aggregation, 'partsupp')[0]!;
    assert.equal(keyScan.assignments.find((a) => a.symbol === aggregation.groupingKeys[0])?.column, 'partkey');
  });

  it('q4 turns EXISTS into a join that probes the few orders with the many lineitems, keeping each order once', () => {
    const p = tpch(4);
    assert.equal(nodesOf(p, 'SemiJoin').length, 0);
    const [join] = nodesOf(p, 'Join');
    assert.equal(scansOf(join!.left, 'lineitem').length, 1);
    assert.equal(join!.right.kind, 'AssignUniqueId');
    assert.equal(nodesOf(p, 'MarkDistinct').length, 1);
  });

  it('q16 turns NOT IN into a negated semi join', () => {
    const p = tpch(16);
    const [semiJoin] = nodesOf(p, 'SemiJoin');
    assert.ok(semiJoin);
    const filter = nodesOf(p, 'Filter').find((f) => JSON.stringify(f.predicate).includes(`"${semiJoin.output}"`));
    assert.ok(filter);
    assert.equal(filter.predicate.kind, 'SpecialForm');
    assert.equal(filter.predicate.kind === 'SpecialForm' && filter.predicate.form, 'NOT');
  });

  it('q16 implements count(DISTINCT) as a two-level aggregation', () => {
    const aggregations = nodesOf(tpch(16), 'Aggregation');
    assert.ok(aggregations.every((a) => a.aggregates.every((c) => !c.distinct)));
    assert.ok(aggregations.some((a) => a.aggregates.length === 0 && a.groupingKeys.length === 4));
  });

  it('q17 joins against avg(quantity) grouped by partkey', () => {
    const aggregation = nodesOf(tpch(17), 'Aggregation').find((a) =>
      a.aggregates.some((c) => c.function.name === 'avg'),
    );
    assert.ok(aggregation);
    assert.deepEqual(
      aggregation.groupingKeys.map(
        (k) => scansOf(aggregation, 'lineitem')[0]!.assignments.find((a) => a.symbol === k)?.column,
      ),
      ['partkey'],
    );
  });

  it('q18 turns IN into a semi join', () => {
    assert.equal(nodesOf(tpch(18), 'SemiJoin').length, 1);
  });

  it('q20 joins its correlated sum grouped by both correlation keys and applies the IN lists', () => {
    const p = tpch(20);
    // Each IN list is a semi join, or a distinct join where its filtering side is much larger.
    assert.equal(nodesOf(p, 'SemiJoin').length + nodesOf(p, 'MarkDistinct').length, 2);
    const aggregation = nodesOf(p, 'Aggregation').find((a) => a.aggregates.some((c) => c.function.name === 'sum'));
    assert.equal(aggregation?.groupingKeys.length, 2);
  });

  it('q21 decorrelates EXISTS / NOT EXISTS with a non-equality through numbered rows', () => {
    const p = tpch(21);
    assert.equal(nodesOf(p, 'AssignUniqueId').length, 2);
    // The anti/semi joins against all of lineitem build on the small side: RIGHT joins.
    assert.equal(nodesOf(p, 'Join').filter((j) => j.joinType === 'RIGHT' && j.filter).length, 2);
  });

  it('q22 turns NOT EXISTS into a semi join and the scalar subquery into a one-row join', () => {
    const p = tpch(22);
    assert.equal(nodesOf(p, 'SemiJoin').length, 1);
    assert.ok(nodesOf(p, 'Join').some((j) => j.criteria.length === 0 && j.right.kind === 'Aggregation'));
  });

  it("q13's outer join builds on customers (a RIGHT join) with the comment filter on the orders side", () => {
    const [join] = nodesOf(tpch(13), 'Join');
    assert.equal(join?.joinType, 'RIGHT');
    assert.equal(scansOf(join!.left, 'orders').length, 1);
    assert.equal(nodesOf(join!.left, 'Filter').length, 1);
    assert.equal(scansOf(join!.right, 'customer').length, 1);
  });

  it('q6 scans exactly the four columns it reads', () => {
    const [scan] = scansOf(tpch(6), 'lineitem');
    assert.deepEqual(scan!.assignments.map((a) => a.column).sort(), [
      'discount',
      'extendedprice',
      'quantity',
      'shipdate',
    ]);
  });

  it('q6 and q1 turn their shipdate predicates into scan constraints', () => {
    const q6 = scansOf(tpch(6), 'lineitem')[0]!.constraint;
    assert.deepEqual(q6?.columns.shipdate, {
      nullAllowed: false,
      ranges: [
        { low: { value: day('1994-01-01'), inclusive: true }, high: { value: day('1995-01-01'), inclusive: false } },
      ],
    });
    assert.deepEqual(q6?.columns.discount, {
      nullAllowed: false,
      ranges: [{ low: { value: 0.05, inclusive: true }, high: { value: 0.07, inclusive: true } }],
    });
    const q1 = scansOf(tpch(1), 'lineitem')[0]!.constraint;
    assert.deepEqual(q1?.columns.shipdate, {
      nullAllowed: false,
      ranges: [{ high: { value: day('1998-09-02'), inclusive: true } }],
    });
  });

  for (const q of [3, 7, 12, 14, 15, 20]) {
    it(`q${q} constrains a lineitem scan by date`, () => {
      const constrained = scansOf(tpch(q), 'lineitem').filter(
        (s) => s.constraint?.columns.shipdate || s.constraint?.columns.receiptdate,
      );
      assert.ok(constrained.length > 0);
    });
  }

  it('q15 plans its WITH query once per reference', () => {
    assert.equal(scansOf(tpch(15), 'lineitem').length, 2);
  });

  it('q18 keeps ORDER BY + LIMIT as a TopN', () => {
    const [topN] = nodesOf(tpch(18), 'TopN');
    assert.equal(topN?.count, 100);
  });
});
