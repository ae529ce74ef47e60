/**
 * Dynamic filter assignment (planner/dynamic-filters.ts): which joins collect filters, and which
 * scans they reach through the distributed plan.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addExchanges } from '../../src/planner/add-exchanges.js';
import {
  addDynamicFilters,
  filtersProbedInFragment,
  supportsDynamicFilter,
} from '../../src/planner/dynamic-filters.js';
import { fragmentPlan } from '../../src/planner/fragmenter.js';
import type { PlanNode } from '../../src/planner/plan-nodes.js';
import { findNodes, rewritePlan } from '../../src/planner/plan-utils.js';
import { BIGINT, DATE, DOUBLE, decimal, INTEGER, REAL, VARCHAR } from '../../src/types/type.js';
import { contextFor, plan, tpchQuery } from './plan-helpers.js';

function withFilters(sql: string): PlanNode {
  const optimized = plan(sql);
  return addDynamicFilters(addExchanges(optimized, contextFor(optimized), { joinDistribution: 'AUTOMATIC' }));
}

/** Per scanned table, the `column symbol = #id` filters it applies. */
function scanFilters(root: PlanNode): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const scan of findNodes(root, 'TableScan')) {
    if (scan.dynamicFilters === undefined) continue;
    out[scan.table.name] = scan.dynamicFilters.map((f) => `${f.symbol} = #${f.id}`);
  }
  return out;
}

describe('dynamic filter assignment', () => {
  it('gives an inner join a filter on its build key and the probe scan the same id', () => {
    const root = withFilters(
      "SELECT count(*) FROM lineitem l JOIN orders o ON l.orderkey = o.orderkey WHERE o.orderstatus = 'F'",
    );
    const join = findNodes(root, 'Join')[0];
    assert.ok(join);
    assert.equal(join.dynamicFilters?.length, 1);
    const [filter] = join.dynamicFilters ?? [];
    assert.ok(filter);
    assert.ok(join.criteria.some((c) => c.right === filter.symbol));
    const scans = findNodes(root, 'TableScan').filter((s) => s.dynamicFilters !== undefined);
    assert.equal(scans.length, 1);
    const scan = scans[0];
    assert.ok(scan);
    // The probe side, whichever table the optimizer chose for it.
    assert.ok(findNodes(join.left, 'TableScan').includes(scan));
    assert.equal(scan.dynamicFilters?.[0]?.id, filter.id);
  });

  it('follows the key through exchanges, projections, filters and other joins to its scan', () => {
    const filters = scanFilters(withFilters(tpchQuery(18)));
    // q18: lineitem probes the orders of large quantity; orders probes customer.
    assert.ok(Object.values(filters).flat().length >= 2, JSON.stringify(filters));
    assert.ok(filters.lineitem !== undefined || filters.orders !== undefined, JSON.stringify(filters));
  });

  it('gives an IN-subquery filter a dynamic filter from the subquery rows, not a projected IN', () => {
    const root = withFilters(
      'SELECT count(*) FROM orders WHERE orderkey IN (SELECT orderkey FROM lineitem WHERE quantity > 49)',
    );
    const semi = findNodes(root, 'SemiJoin')[0];
    assert.ok(semi?.dynamicFilters?.length === 1, 'the semi join collects a filter');
    assert.equal(semi.dynamicFilters[0]?.symbol, semi.filteringKey);
    const orders = findNodes(root, 'TableScan').find((s) => s.table.name === 'orders');
    assert.equal(orders?.dynamicFilters?.[0]?.id, semi.dynamicFilters[0]?.id);
    // The IN as a value (true, false or NULL per row) must not drop rows.
    const projected = withFilters('SELECT orderkey IN (SELECT orderkey FROM lineitem WHERE quantity > 49) FROM orders');
    assert.deepEqual(scanFilters(projected), {});
  });

  it('gives no filter to outer joins that keep unmatched probe rows, or to computed keys', () => {
    // Every order is kept (the join may run as customer RIGHT JOIN orders, whose customer side may be filtered).
    const left = withFilters('SELECT count(*) FROM orders o LEFT JOIN customer c ON o.custkey = c.custkey');
    assert.equal(scanFilters(left).orders, undefined);
    const full = withFilters('SELECT count(*) FROM orders o FULL JOIN customer c ON o.custkey = c.custkey');
    assert.deepEqual(scanFilters(full), {});
    const computed = withFilters(
      'SELECT count(*) FROM (SELECT custkey + 1 AS k FROM orders) o JOIN customer c ON o.k = c.custkey WHERE c.acctbal > 0',
    );
    assert.deepEqual(scanFilters(computed), {});
  });

  it('gives no filter when the build side is a whole unfiltered table: it holds every key', () => {
    const whole = withFilters('SELECT count(*) FROM supplier s JOIN nation n ON s.nationkey = n.nationkey');
    assert.deepEqual(scanFilters(whole), {});
    assert.ok(findNodes(whole, 'Join').every((join) => join.dynamicFilters === undefined));
    // A filter, a join or a constraint on the build side may leave keys out: those keep theirs.
    const filtered = withFilters(
      "SELECT count(*) FROM supplier s JOIN nation n ON s.nationkey = n.nationkey WHERE n.name = 'GERMANY'",
    );
    assert.deepEqual(scanFilters(filtered).supplier?.length, 1, JSON.stringify(scanFilters(filtered)));
    const joined = withFilters(
      "SELECT count(*) FROM supplier s JOIN (SELECT n.nationkey FROM nation n JOIN region r ON n.regionkey = r.regionkey WHERE r.name = 'ASIA') a ON s.nationkey = a.nationkey",
    );
    assert.equal(scanFilters(joined).supplier?.length, 1, JSON.stringify(scanFilters(joined)));
  });

  it('collects filters for key types that compare exactly', () => {
    for (const type of [INTEGER, BIGINT, DATE, VARCHAR, decimal(12, 2)])
      assert.equal(supportsDynamicFilter(type), true);
    for (const type of [DOUBLE, REAL, decimal(20, 2)]) assert.equal(supportsDynamicFilter(type), false);
  });

  it("names the filters a fragment's own scans probe in its partitioned joins, not replicated ones nor other fragments' scans", () => {
    // Distributed q21: its partitioned joins' probe scans are in other fragments (no buckets here).
    const optimized = plan(tpchQuery(21));
    const distributed = addDynamicFilters(
      addExchanges(optimized, contextFor(optimized), { joinDistribution: 'AUTOMATIC' }),
    );
    const fragments = fragmentPlan(distributed, contextFor(optimized).ids).fragments;
    const partitioned = fragments.filter((f) =>
      findNodes(f.root, 'Join').some((j) => j.distribution === 'PARTITIONED' && j.dynamicFilters !== undefined),
    );
    assert.ok(partitioned.length > 0);
    for (const fragment of fragments) assert.deepEqual([...filtersProbedInFragment(fragment.root)], []);
    // One fragment holding a join and its probe scan: a filter of its own when partitioned.
    const single = plan(
      "SELECT count(*) FROM lineitem l JOIN orders o ON l.orderkey = o.orderkey WHERE o.orderstatus = 'F'",
    );
    const [fragment] = fragmentPlan(addDynamicFilters(single), contextFor(single).ids).fragments;
    assert.ok(fragment !== undefined);
    const id = findNodes(fragment.root, 'Join')[0]?.dynamicFilters?.[0]?.id;
    assert.ok(id !== undefined);
    const withDistribution = (distribution: 'PARTITIONED' | 'REPLICATED') =>
      rewritePlan(fragment.root, (node) => (node.kind === 'Join' ? { ...node, distribution } : node));
    assert.deepEqual([...filtersProbedInFragment(withDistribution('PARTITIONED'))], [id]);
    assert.deepEqual([...filtersProbedInFragment(withDistribution('REPLICATED'))], []);
  });
});
