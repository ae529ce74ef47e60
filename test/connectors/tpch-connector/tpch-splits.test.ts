import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { TPCH_TABLE_NAMES, tpchRowCount, tpchUnitCount } from '../../../src/connectors/tpch/generator/index.js';
import { countLines } from '../../../src/connectors/tpch/generator/order-lines.js';
import { createTpchConnector } from '../../../src/connectors/tpch/tpch-connector.js';
import { asTpchSplit, type TpchSplit, tpchSplitCount } from '../../../src/connectors/tpch/tpch-splits.js';
import type { TupleDomain } from '../../../src/spi/tuple-domain.js';

function splitsOf(
  schema: string,
  table: string,
  desiredSplits: number,
  constraint?: TupleDomain,
  partitioningEnabled = true,
  tasks?: number,
): TpchSplit[] {
  const connector = createTpchConnector('tpch', { partitioningEnabled });
  return connector
    .listSplits({ table: { schema, table }, desiredSplits, constraint, ...(tasks !== undefined ? { tasks } : {}) })
    .map(asTpchSplit);
}

/** Rows of a split, from its unit range alone (lineitem: the line counts of its orders). */
function splitRows(split: TpchSplit): number {
  return split.table === 'lineitem' ? countLines(split.start, split.end - split.start) : split.end - split.start;
}

describe('tpch connector: splits', () => {
  for (const [schema, scale] of [
    ['tiny', 0.01],
    ['sf1', 1],
  ] as const) {
    for (const table of TPCH_TABLE_NAMES) {
      it(`cover ${schema}.${table} exactly once`, () => {
        const splits = splitsOf(schema, table, 4);
        let expectedStart = 0;
        for (const split of splits) {
          assert.equal(split.start, expectedStart);
          assert.ok(split.end > split.start);
          assert.equal(split.table, table);
          assert.equal(split.scaleFactor, scale);
          expectedStart = split.end;
        }
        assert.equal(expectedStart, tpchUnitCount(table, scale));
        const rows = splits.reduce((sum, split) => sum + splitRows(split), 0);
        assert.equal(rows, tpchRowCount(table, scale));
        // Splits are plain JSON.
        assert.deepEqual(JSON.parse(JSON.stringify(splits)), splits);
      });
    }
  }

  it('sizes splits at a few hundred thousand rows and honours the desired count', () => {
    assert.equal(splitsOf('tiny', 'nation', 8).length, 1);
    assert.equal(splitsOf('tiny', 'region', 1).length, 1);
    assert.equal(splitsOf('tiny', 'lineitem', 1).length, 1);
    // Two page-sized splits at most for a small table (one per worker of two), more only of
    // 65,536 rows or over: tiny's 60,000 lines are two splits whatever the count asked.
    assert.equal(splitsOf('tiny', 'lineitem', 4).length, 2);
    assert.equal(splitsOf('sf1', 'customer', 32).length, 3);
    assert.equal(splitsOf('sf1', 'supplier', 32).length, 2);
    // Without buckets, 15000 orders are worth at most two page-sized splits; bucketed, they are
    // cut where lineitem's 60,000 rows are (two splits too).
    assert.equal(splitsOf('tiny', 'orders', 16, undefined, false).length, 2);
    assert.equal(splitsOf('tiny', 'orders', 16).length, 2);
    assert.equal(splitsOf('sf1', 'orders', 32, undefined, false).length, 23);
    assert.equal(splitsOf('sf1', 'lineitem', 1).length, 20);
    assert.equal(splitsOf('sf1', 'lineitem', 64).length, 64);
    assert.equal(splitsOf('sf1', 'orders', 1, undefined, false).length, 5);
    assert.equal(splitsOf('sf1', 'orders', 1).length, 20);
    assert.equal(tpchSplitCount(6_000_000_000, 1_500_000_000, 8), 20_000);
    assert.equal(tpchSplitCount(5, 5, 100), 1);
  });

  it('gives each task as many splits as the others when the table is too small for many', () => {
    // As the scheduler asks: 16 splits desired a task.
    const tasksOf = (schema: string, table: string, tasks: number) =>
      splitsOf(schema, table, tasks * 16, undefined, true, tasks);
    // sf1 customer is worth three splits of 50,000 rows: two of 75,000 on two tasks, three on three.
    assert.equal(splitsOf('sf1', 'customer', 32).length, 3);
    assert.deepEqual(tasksOf('sf1', 'customer', 2).map(splitRows), [75_000, 75_000]);
    assert.equal(tasksOf('sf1', 'customer', 3).length, 3);
    assert.equal(tasksOf('sf1', 'customer', 1).length, 3);
    // part and partsupp are cut at the same part keys, by partsupp's size: 13 buckets, 12 on two
    // tasks, in both tables.
    assert.equal(splitsOf('sf1', 'partsupp', 32).length, 13);
    assert.equal(tasksOf('sf1', 'partsupp', 2).length, 12);
    assert.deepEqual(
      tasksOf('sf1', 'part', 2).map((split) => split.bucket),
      tasksOf('sf1', 'partsupp', 2).map((split) => split.bucket),
    );
    // Fewer splits than tasks stay as they are; many splits are already a multiple of the tasks.
    assert.equal(tasksOf('tiny', 'customer', 2).length, 1);
    assert.equal(tasksOf('sf1', 'lineitem', 2).length, 32);
    assert.equal(tpchSplitCount(150_000, 150_000, 48, 3), 3);
    assert.equal(tpchSplitCount(150_000, 150_000, 64, 4), 3);
    assert.equal(tpchSplitCount(800_000, 200_000, 48, 5), 10);
  });

  it('drops splits that cannot hold a constrained order key', () => {
    const all = splitsOf('sf1', 'lineitem', 20);
    // Order keys 1..7 are orders 1..7, in the first split only.
    const first = splitsOf('sf1', 'lineitem', 20, {
      columns: {
        orderkey: {
          nullAllowed: false,
          ranges: [{ low: { value: 1, inclusive: true }, high: { value: 7, inclusive: true } }],
        },
      },
    });
    assert.deepEqual(first, [all[0]]);
    const last = splitsOf('sf1', 'orders', 20, {
      columns: { orderkey: { nullAllowed: false, ranges: [{ low: { value: 5_999_000, inclusive: false } }] } },
    });
    assert.deepEqual(last, [splitsOf('sf1', 'orders', 20).at(-1)]);
    assert.deepEqual(splitsOf('sf1', 'orders', 20, { none: true, columns: {} }), []);
    assert.deepEqual(splitsOf('sf1', 'orders', 20, { columns: { orderkey: { nullAllowed: true, ranges: [] } } }), []);
    // A constraint on another column keeps every split.
    assert.equal(
      splitsOf('sf1', 'orders', 20, {
        columns: { totalprice: { nullAllowed: false, ranges: [{ low: { value: 1, inclusive: true } }] } },
      }).length,
      20,
    );
  });

  it("declares each table's key as the only column a constraint drops splits by", () => {
    // The engine waits for a scan's dynamic filters before listing its splits only on these.
    const keys: Record<string, string> = {
      lineitem: 'orderkey',
      orders: 'orderkey',
      part: 'partkey',
      partsupp: 'partkey',
      customer: 'custkey',
      supplier: 'suppkey',
      nation: 'nationkey',
      region: 'regionkey',
    };
    const simplified = createTpchConnector('tpch');
    const standard = createTpchConnector('tpch', { columnNaming: 'STANDARD' });
    for (const table of TPCH_TABLE_NAMES) {
      assert.deepEqual(simplified.splitPruningColumns({ table: { schema: 'sf1', table } }), [keys[table]], table);
    }
    assert.deepEqual(standard.splitPruningColumns({ table: { schema: 'sf1', table: 'lineitem' } }), ['l_orderkey']);
    // True of the splits: a single value of the key keeps one split, of another column all of them.
    const one = {
      nullAllowed: false,
      ranges: [{ low: { value: 5, inclusive: true }, high: { value: 5, inclusive: true } }],
    };
    assert.equal(splitsOf('sf1', 'supplier', 4, { columns: { suppkey: one } }).length, 1);
    assert.equal(
      splitsOf('sf1', 'supplier', 4, { columns: { nationkey: one } }).length,
      splitsOf('sf1', 'supplier', 4).length,
    );
    assert.ok(splitsOf('sf1', 'supplier', 4).length > 1);
  });

  it('cuts orders and lineitem at the same orders, part and partsupp at the same parts, numbering the buckets', () => {
    for (const [schema, desired] of [
      ['tiny', 4],
      ['sf1', 32],
    ] as const) {
      const orders = splitsOf(schema, 'orders', desired);
      const lineitem = splitsOf(schema, 'lineitem', desired);
      assert.deepEqual(
        orders.map((s) => [s.bucket, s.start, s.end]),
        lineitem.map((s) => [s.bucket, s.start, s.end]),
      );
      assert.deepEqual(
        orders.map((s) => s.bucket),
        orders.map((_, i) => i),
      );
      const part = splitsOf(schema, 'part', desired);
      const partsupp = splitsOf(schema, 'partsupp', desired);
      assert.deepEqual(
        part.map((s) => [s.bucket, s.start * 4, s.end * 4]),
        partsupp.map((s) => [s.bucket, s.start, s.end]),
      );
    }
    // Other tables, and every table with partitioning off, have no buckets.
    assert.equal(splitsOf('sf1', 'customer', 8)[0]?.bucket, undefined);
    assert.equal(splitsOf('sf1', 'lineitem', 8, undefined, false)[0]?.bucket, undefined);
  });

  it('keeps a constrained split’s bucket number', () => {
    const constrained = splitsOf('sf1', 'orders', 20, {
      columns: { orderkey: { nullAllowed: false, ranges: [{ low: { value: 5_999_000, inclusive: false } }] } },
    });
    assert.deepEqual(
      constrained.map((s) => s.bucket),
      [19],
    );
  });

  it('declares the partitionings, and none when partitioning is off', () => {
    const partitioning = (table: string, enabled = true) =>
      createTpchConnector('tpch', { partitioningEnabled: enabled }).metadata.getTablePartitioning({
        table: { schema: 'sf1', table },
      });
    assert.deepEqual(partitioning('orders'), { handle: 'orderkey:1', columns: ['orderkey'], keysNeverNull: true });
    assert.deepEqual(partitioning('lineitem'), partitioning('orders'));
    assert.deepEqual(partitioning('partsupp'), { handle: 'partkey:1', columns: ['partkey'], keysNeverNull: true });
    assert.equal(partitioning('customer'), undefined);
    assert.equal(partitioning('orders', false), undefined);
    const standard = createTpchConnector('tpch', { columnNaming: 'STANDARD' }).metadata.getTablePartitioning({
      table: { schema: 'tiny', table: 'lineitem' },
    });
    assert.deepEqual(standard?.columns, ['l_orderkey']);
  });

  it('rejects unknown tables and foreign splits', () => {
    assert.throws(
      () => splitsOf('tiny', 'nope', 1),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'TABLE_NOT_FOUND' &&
        e.message === "Table 'tpch.tiny.nope' does not exist",
    );
    assert.throws(() => asTpchSplit({ tableId: 1 }), /Not a tpch split/);
  });
});
