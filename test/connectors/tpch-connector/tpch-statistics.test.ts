import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type GeneratedColumn,
  generateTpchColumns,
  TPCH_TABLE_NAMES,
  TPCH_TABLES,
  type TpchTableName,
  tpchEstimatedRowCount,
  tpchRowCount,
  tpchUnitCount,
} from '../../../src/connectors/tpch/generator/index.js';
import { createTpchConnector } from '../../../src/connectors/tpch/tpch-connector.js';
import { tpchStatisticsRowCount } from '../../../src/connectors/tpch/tpch-statistics.js';

function valueAt(column: GeneratedColumn, row: number): number | string {
  switch (column.kind) {
    case 'float64':
    case 'int32':
    case 'string':
      return column.values[row]!;
    case 'dictionary':
      return column.dictionary[column.ids[row]!]!;
  }
}

/** Columns whose distinct count the generator fixes exactly at SF 0.01. */
const EXACT_DISTINCT: Readonly<Record<string, readonly string[]>> = {
  region: ['regionkey', 'name'],
  nation: ['nationkey', 'name', 'regionkey'],
  part: ['partkey', 'mfgr', 'brand', 'size', 'container'],
  supplier: ['suppkey', 'name', 'nationkey'],
  partsupp: ['partkey', 'suppkey'],
  customer: ['custkey', 'name', 'nationkey', 'mktsegment'],
  orders: ['orderkey', 'orderstatus', 'orderpriority', 'shippriority'],
  lineitem: [
    'orderkey',
    'linenumber',
    'quantity',
    'discount',
    'tax',
    'returnflag',
    'linestatus',
    'shipinstruct',
    'shipmode',
  ],
};

describe('tpch connector: statistics', () => {
  const metadata = createTpchConnector('tpch').metadata;

  it('gives exact row counts at SF 0.01 and SF 1', async () => {
    for (const schema of ['tiny', 'sf1']) {
      const scale = schema === 'tiny' ? 0.01 : 1;
      for (const table of TPCH_TABLE_NAMES) {
        const statistics = await metadata.getTableStatistics({ schema, table });
        assert.equal(statistics?.rowCount, tpchRowCount(table, scale), `${schema}.${table}`);
      }
    }
    assert.equal((await metadata.getTableStatistics({ schema: 'tiny', table: 'lineitem' }))?.rowCount, 60175);
    assert.equal((await metadata.getTableStatistics({ schema: 'sf1', table: 'lineitem' }))?.rowCount, 6001215);
  });

  it('estimates lineitem beyond SF 10 instead of counting every order', async () => {
    assert.equal(tpchStatisticsRowCount('lineitem', 1000), tpchEstimatedRowCount('lineitem', 1000));
    assert.equal(tpchStatisticsRowCount('orders', 1000), 1_500_000_000);
    const statistics = (await metadata.getTableStatistics({ schema: 'sf1000', table: 'lineitem' }))!;
    assert.equal(statistics.rowCount, 6_000_000_000);
    assert.deepEqual(statistics.columns['orderkey'], {
      distinctValues: 1_500_000_000,
      nullFraction: 0,
      min: 1,
      max: 6_000_000_000,
    });
  });

  it('answers undefined for unknown tables', async () => {
    assert.equal(await metadata.getTableStatistics({ schema: 'tiny', table: 'nope' }), undefined);
    assert.equal(await metadata.getTableStatistics({ schema: 'huge', table: 'orders' }), undefined);
  });

  it('gives key ranges and the small vocabularies their sizes', async () => {
    const statistics = new Map<string, Awaited<ReturnType<typeof metadata.getTableStatistics>>>();
    for (const table of ['orders', 'lineitem', 'customer', 'part', 'supplier', 'partsupp', 'nation', 'region']) {
      statistics.set(table, await metadata.getTableStatistics({ schema: 'sf1', table }));
    }
    const sf1 = (table: string) => statistics.get(table)!.columns;
    assert.deepEqual(sf1('orders')['orderkey'], { distinctValues: 1_500_000, nullFraction: 0, min: 1, max: 6_000_000 });
    assert.equal(sf1('lineitem')['returnflag']?.distinctValues, 3);
    assert.equal(sf1('lineitem')['linestatus']?.distinctValues, 2);
    assert.equal(sf1('lineitem')['shipmode']?.distinctValues, 7);
    assert.equal(sf1('orders')['orderstatus']?.distinctValues, 3);
    assert.equal(sf1('orders')['orderpriority']?.distinctValues, 5);
    assert.equal(sf1('customer')['mktsegment']?.distinctValues, 5);
    assert.equal(sf1('nation')['nationkey']?.distinctValues, 25);
    assert.equal(sf1('region')['regionkey']?.distinctValues, 5);
    assert.deepEqual(sf1('part')['partkey'], { distinctValues: 200_000, nullFraction: 0, min: 1, max: 200_000 });
    // 1992-01-02 .. 1998-12-01 as days since 1970-01-01.
    assert.equal(sf1('lineitem')['shipdate']?.min, 8036);
    assert.equal(sf1('lineitem')['shipdate']?.max, 10561);
  });

  // The statistics are derived from the generator's rules; the data at SF 0.01 must agree.
  for (const table of TPCH_TABLE_NAMES) {
    it(`agrees with the generated data of tiny.${table}`, async () => {
      const statistics = (await metadata.getTableStatistics({ schema: 'tiny', table }))!;
      const names = TPCH_TABLES[table as TpchTableName].map((c) => c.name).filter((n) => n !== 'comment');
      const batch = generateTpchColumns(table, 0.01, 0, tpchUnitCount(table, 0.01), names);
      names.forEach((name, i) => {
        const column = statistics.columns[name];
        assert.ok(column, `${table}.${name} has statistics`);
        assert.equal(column.nullFraction, 0);
        const distinct = new Set<number | string>();
        let min = Number.POSITIVE_INFINITY;
        let max = Number.NEGATIVE_INFINITY;
        for (let row = 0; row < batch.rowCount; row++) {
          const value = valueAt(batch.columns[i]!, row);
          distinct.add(value);
          if (typeof value === 'number') {
            min = Math.min(min, value);
            max = Math.max(max, value);
          }
        }
        if (column.min !== undefined)
          assert.ok(min >= (column.min as number), `${table}.${name} min ${min} < ${column.min}`);
        if (column.max !== undefined)
          assert.ok(max <= (column.max as number), `${table}.${name} max ${max} > ${column.max}`);
        if (column.distinctValues !== undefined) {
          if (EXACT_DISTINCT[table]!.includes(name)) {
            assert.equal(distinct.size, column.distinctValues, `${table}.${name} distinct values`);
          } else {
            assert.ok(
              distinct.size <= column.distinctValues,
              `${table}.${name}: ${distinct.size} > ${column.distinctValues}`,
            );
            assert.ok(
              distinct.size >= 0.9 * column.distinctValues,
              `${table}.${name}: ${distinct.size} ≪ ${column.distinctValues}`,
            );
          }
        }
      });
    });
  }
});
