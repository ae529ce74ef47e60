/**
 * Tables a connector partitions (TablePartitioning: orders and lineitem bucketed by the order key,
 * as the tpch connector does): joins on the key run where the rows are, aggregations by the key in
 * place, the scans they rely on bucketed; everything else moves rows as before, and the session
 * properties `colocated_join` and `use_table_scan_node_partitioning` turn it off.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AddExchangesOptions, addExchanges } from '../../src/planner/add-exchanges.js';
import { type FragmentedPlan, fragmentPlan } from '../../src/planner/fragmenter.js';
import { findNodes } from '../../src/planner/plan-utils.js';
import type { QualifiedObjectName } from '../../src/spi/metadata.js';
import type { TablePartitioning } from '../../src/spi/pushdown.js';
import { contextFor, plan, tpchQuery } from './plan-helpers.js';
import { StatisticsTestMetadata } from './tpch-statistics.js';

class PartitionedTpchMetadata extends StatisticsTestMetadata {
  constructor(private readonly keysNeverNull = true) {
    super();
  }

  getTablePartitioning(name: QualifiedObjectName): TablePartitioning | undefined {
    if (name.catalog !== 'tpch' || (name.name !== 'orders' && name.name !== 'lineitem')) return undefined;
    return { handle: 'tpch:orderkey:0.01', columns: ['orderkey'], keysNeverNull: this.keysNeverNull };
  }
}

const partitioned = new PartitionedTpchMetadata();

function distribute(
  sql: string,
  options: Partial<AddExchangesOptions> = {},
  metadata: StatisticsTestMetadata = partitioned,
): FragmentedPlan {
  const optimized = plan(sql, { metadata });
  const context = contextFor(optimized, { metadata });
  return fragmentPlan(addExchanges(optimized, context, { joinDistribution: 'AUTOMATIC', ...options }), context.ids);
}

const exchanges = (fragments: FragmentedPlan) =>
  fragments.fragments.flatMap((f) => findNodes(f.root, 'RemoteSource').map((r) => r.exchangeType));

const bucketedScans = (fragments: FragmentedPlan) =>
  fragments.fragments.flatMap((f) =>
    findNodes(f.root, 'TableScan')
      .filter((s) => s.bucketed)
      .map((s) => s.table.name),
  );

const JOIN = 'SELECT count(*) FROM orders o JOIN lineitem l ON o.orderkey = l.orderkey WHERE l.quantity > 40';

describe('co-located joins over a connector partitioning', () => {
  it('joins two tables partitioned alike on the key in their scans’ stage, without moving a row', () => {
    const fragments = distribute(JOIN);
    assert.deepEqual(exchanges(fragments), ['GATHER']);
    const leaf = fragments.fragments.find((f) => f.scanNodeIds.length > 0)!;
    assert.equal(leaf.scanNodeIds.length, 2);
    assert.equal(leaf.partitioning, 'SOURCE');
    assert.deepEqual(
      findNodes(leaf.root, 'Join').map((j) => j.distribution),
      ['PARTITIONED'],
    );
    assert.deepEqual(bucketedScans(fragments).sort(), ['lineitem', 'orders']);
  });

  it('moves rows as before when the session turns co-located joins off, or forces broadcast joins', () => {
    for (const options of [{ colocatedJoins: false }, { joinDistribution: 'BROADCAST' as const }]) {
      const fragments = distribute(JOIN, options);
      assert.ok(
        exchanges(fragments).some((e) => e === 'REPARTITION' || e === 'REPLICATE'),
        JSON.stringify(options),
      );
      assert.deepEqual(bucketedScans(fragments), []);
    }
  });

  it('repartitions both sides by the engine’s hash when they join on another column', () => {
    const fragments = distribute('SELECT count(*) FROM orders o JOIN lineitem l ON o.custkey = l.suppkey', {
      joinDistribution: 'PARTITIONED',
    });
    assert.deepEqual(exchanges(fragments).filter((e) => e === 'REPARTITION').length, 2);
    assert.deepEqual(bucketedScans(fragments), []);
  });

  it('repartitions the partitioned side too when the other side is not partitioned alike', () => {
    const fragments = distribute('SELECT count(*) FROM lineitem l JOIN part p ON l.orderkey = p.partkey', {
      joinDistribution: 'PARTITIONED',
    });
    assert.deepEqual(exchanges(fragments).filter((e) => e === 'REPARTITION').length, 2);
    assert.deepEqual(bucketedScans(fragments), []);
  });

  it('aggregates by the key in place, in one step, unless use_table_scan_node_partitioning is off', () => {
    const sql = 'SELECT orderkey, sum(quantity) FROM lineitem GROUP BY orderkey';
    const inPlace = distribute(sql);
    assert.deepEqual(exchanges(inPlace), ['GATHER']);
    assert.deepEqual(
      inPlace.fragments.flatMap((f) => findNodes(f.root, 'Aggregation').map((a) => a.step)),
      ['SINGLE'],
    );
    assert.deepEqual(bucketedScans(inPlace), ['lineitem']);
    const moved = distribute(sql, { tableScanPartitioning: false });
    assert.ok(exchanges(moved).includes('REPARTITION'));
    assert.deepEqual(bucketedScans(moved), []);
  });

  it('leaves a scan it does not rely on free to be balanced', () => {
    const fragments = distribute('SELECT returnflag, count(*) FROM lineitem GROUP BY returnflag');
    assert.deepEqual(bucketedScans(fragments), []);
  });

  it('runs a semi join in place only when the keys are never NULL', () => {
    const sql = 'SELECT count(*) FROM orders WHERE orderkey NOT IN (SELECT orderkey FROM lineitem WHERE quantity > 49)';
    const options = { joinDistribution: 'PARTITIONED' as const };
    const inPlace = distribute(sql, options);
    assert.deepEqual(
      inPlace.fragments.flatMap((f) => findNodes(f.root, 'SemiJoin').map((j) => j.distribution)),
      ['PARTITIONED'],
    );
    assert.ok(!exchanges(inPlace).includes('REPARTITION'));
    const withNulls = distribute(sql, options, new PartitionedTpchMetadata(false));
    assert.ok(exchanges(withNulls).includes('REPARTITION'));
  });

  it('keeps TPC-H Q18 and Q21 from repartitioning lineitem by the order key', () => {
    for (const query of [18, 21]) {
      const before = exchanges(distribute(tpchQuery(query), {}, new StatisticsTestMetadata()));
      const after = exchanges(distribute(tpchQuery(query)));
      const repartitions = (list: string[]) => list.filter((e) => e === 'REPARTITION').length;
      assert.ok(repartitions(after) < repartitions(before), `q${query}: ${before} → ${after}`);
    }
  });
});
