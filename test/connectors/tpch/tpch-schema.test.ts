import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import {
  formatEpochDay,
  generateTpchColumns,
  TPCH_TABLE_NAMES,
  TPCH_TABLES,
  tpchEstimatedRowCount,
  tpchOrderCount,
  tpchRowCount,
  tpchUnitCount,
} from '../../../src/connectors/tpch/generator/index.js';
import {
  orderKey,
  partSupplierKey,
  resolveScale,
  retailPriceCents,
} from '../../../src/connectors/tpch/generator/tpch-scale.js';

function errorName(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof VivaceError, String(e));
    return e.errorName;
  }
  return 'no error';
}

describe('TPC-H schema', () => {
  it("has Presto's tables and simplified column names and types", () => {
    assert.deepEqual(TPCH_TABLE_NAMES, [
      'region',
      'nation',
      'part',
      'supplier',
      'partsupp',
      'customer',
      'orders',
      'lineitem',
    ]);
    assert.deepEqual(
      TPCH_TABLES.lineitem.map(({ name, type }) => `${name} ${type}`),
      [
        'orderkey bigint',
        'partkey bigint',
        'suppkey bigint',
        'linenumber integer',
        'quantity double',
        'extendedprice double',
        'discount double',
        'tax double',
        'returnflag varchar(1)',
        'linestatus varchar(1)',
        'shipdate date',
        'commitdate date',
        'receiptdate date',
        'shipinstruct varchar(25)',
        'shipmode varchar(10)',
        'comment varchar(44)',
      ],
    );
    assert.deepEqual(
      TPCH_TABLES.orders.map(({ name, type }) => `${name} ${type}`),
      [
        'orderkey bigint',
        'custkey bigint',
        'orderstatus varchar(1)',
        'totalprice double',
        'orderdate date',
        'orderpriority varchar(15)',
        'clerk varchar(15)',
        'shippriority integer',
        'comment varchar(79)',
      ],
    );
    const typeOf = (table: keyof typeof TPCH_TABLES, column: string) =>
      TPCH_TABLES[table].find((c) => c.name === column)?.type;
    assert.equal(typeOf('customer', 'mktsegment'), 'varchar(10)');
    assert.equal(typeOf('customer', 'comment'), 'varchar(117)');
    assert.equal(typeOf('part', 'name'), 'varchar(55)');
    assert.equal(typeOf('part', 'size'), 'integer');
    assert.equal(typeOf('partsupp', 'availqty'), 'integer');
    assert.equal(typeOf('partsupp', 'supplycost'), 'double');
    assert.equal(typeOf('partsupp', 'comment'), 'varchar(199)');
    assert.equal(typeOf('supplier', 'address'), 'varchar(40)');
    assert.equal(typeOf('nation', 'regionkey'), 'bigint');
    assert.equal(typeOf('region', 'comment'), 'varchar(152)');
  });
});

describe('TPC-H scale factors', () => {
  it('counts rows as dbgen does', () => {
    const expected: Record<string, readonly number[]> = {
      // sf:        0.01     1          10          100           1000
      region: [5, 5, 5, 5, 5],
      nation: [25, 25, 25, 25, 25],
      part: [2000, 200_000, 2_000_000, 20_000_000, 200_000_000],
      supplier: [100, 10_000, 100_000, 1_000_000, 10_000_000],
      partsupp: [8000, 800_000, 8_000_000, 80_000_000, 800_000_000],
      customer: [1500, 150_000, 1_500_000, 15_000_000, 150_000_000],
      orders: [15_000, 1_500_000, 15_000_000, 150_000_000, 1_500_000_000],
    };
    const scaleFactors = [0.01, 1, 10, 100, 1000];
    for (const [table, counts] of Object.entries(expected)) {
      scaleFactors.forEach((sf, i) => {
        assert.equal(tpchRowCount(table, sf), counts[i], `${table} at ${sf}`);
      });
    }
    assert.equal(tpchOrderCount(1000), 1_500_000_000);
  });

  it('counts lineitem rows exactly (the sum of every order’s line count)', () => {
    assert.equal(tpchRowCount('lineitem', 0.01), 60_175);
    assert.equal(tpchRowCount('lineitem', 1), 6_001_215);
    assert.equal(tpchRowCount('lineitem', 10), 59_986_052);
    assert.equal(tpchRowCount('lineitem', 100), 600_037_902);
    assert.equal(tpchUnitCount('lineitem', 100), 150_000_000);
    assert.equal(tpchEstimatedRowCount('lineitem', 100), 600_000_000);
    assert.equal(tpchEstimatedRowCount('partsupp', 100), 80_000_000);
  });

  it("follows dbgen's rules for fractional scale factors", () => {
    // Below 1: base counts times ⌊1000·SF⌋/1000, at least 1.
    assert.equal(resolveScale(0.0015).partCount, 200);
    assert.equal(resolveScale(0.0015).orderCount, 1500);
    assert.equal(resolveScale(0.0001).orderCount, 1);
    assert.equal(resolveScale(0.5).clerkCount, 1000);
    // At or above 1 dbgen truncates the scale factor.
    assert.deepEqual({ ...resolveScale(1.5), scaleFactor: 1 }, resolveScale(1));
    assert.equal(resolveScale(100).clerkCount, 100_000);
    assert.equal(resolveScale(29_999).uses64BitKeys, false);
    assert.equal(resolveScale(30_000).uses64BitKeys, true);
  });

  it('rejects scale factors that are not positive', () => {
    for (const sf of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.equal(
        errorName(() => resolveScale(sf)),
        'INVALID_ARGUMENTS',
      );
    }
  });
});

describe('TPC-H key formulas', () => {
  it('makes order keys sparse: 8 used of every 32', () => {
    assert.deepEqual([1, 2, 7, 8, 9, 15, 16, 17, 1_500_000].map(orderKey), [1, 2, 7, 32, 33, 39, 64, 65, 6_000_000]);
  });

  it('bridges parts to their four suppliers', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((s) => partSupplierKey(1, s, 100)),
      [2, 27, 52, 77],
    );
    assert.deepEqual(
      [0, 1, 2, 3].map((s) => partSupplierKey(1, s, 10_000)),
      [2, 2502, 5002, 7502],
    );
  });

  it('prices parts from their key', () => {
    assert.equal(retailPriceCents(1), 90_100);
    assert.equal(retailPriceCents(2), 90_200);
    assert.equal(retailPriceCents(200_000), 110_000);
  });

  it('formats dates', () => {
    assert.equal(formatEpochDay(8035), '1992-01-01');
    assert.equal(formatEpochDay(9298), '1995-06-17');
    assert.equal(formatEpochDay(10_591), '1998-12-31');
    assert.equal(formatEpochDay(11_016), '2000-02-29');
    assert.equal(formatEpochDay(0), '1970-01-01');
    assert.equal(formatEpochDay(-1), '1969-12-31');
  });
});

describe('TPC-H generation API', () => {
  it('returns the requested columns in the requested order with typed layouts', () => {
    const batch = generateTpchColumns('lineitem', 1, 0, 2, [
      'shipmode',
      'orderkey',
      'linenumber',
      'discount',
      'shipdate',
      'returnflag',
      'orderkey',
    ]);
    assert.equal(batch.rowCount, 6 + 1); // orders 1 and 2 have 6 and 1 lines
    const [shipmode, orderkey, linenumber, discount, shipdate, returnflag, again] = batch.columns;
    assert.ok(shipmode?.kind === 'dictionary' && orderkey?.kind === 'float64' && linenumber?.kind === 'int32');
    assert.ok(discount?.kind === 'float64' && shipdate?.kind === 'int32' && returnflag?.kind === 'dictionary');
    assert.equal(again, orderkey);
    assert.deepEqual(Array.from(orderkey.values), [1, 1, 1, 1, 1, 1, 2]);
    assert.deepEqual(Array.from(linenumber.values), [1, 2, 3, 4, 5, 6, 1]);
    assert.deepEqual(
      Array.from(shipmode.ids, (id) => shipmode.dictionary[id]),
      ['TRUCK', 'MAIL', 'REG AIR', 'AIR', 'FOB', 'MAIL', 'RAIL'],
    );
    // 0.04 is the double nearest to 4/100, not 0.04000000000000001.
    assert.equal(discount.values[0], 0.04);
    assert.equal(formatEpochDay(shipdate.values[0]!), '1996-03-13');
    assert.deepEqual(
      Array.from(returnflag.ids, (id) => returnflag.dictionary[id]),
      ['N', 'N', 'N', 'N', 'N', 'N', 'N'],
    );
  });

  it('generates nothing for an empty column list but still counts the rows', () => {
    const batch = generateTpchColumns('lineitem', 1, 0, 3, []);
    assert.equal(batch.rowCount, 6 + 1 + 6);
    assert.deepEqual(batch.columns, []);
  });

  it('reports unknown tables, unknown columns and bad ranges', () => {
    assert.equal(
      errorName(() => generateTpchColumns('lineitems', 1, 0, 1, [])),
      'TABLE_NOT_FOUND',
    );
    assert.equal(
      errorName(() => tpchRowCount('foo', 1)),
      'TABLE_NOT_FOUND',
    );
    assert.equal(
      errorName(() => generateTpchColumns('orders', 1, 0, 1, ['o_orderkey'])),
      'COLUMN_NOT_FOUND',
    );
    assert.equal(
      errorName(() => generateTpchColumns('orders', 1, -1, 1, [])),
      'INVALID_ARGUMENTS',
    );
    assert.equal(
      errorName(() => generateTpchColumns('orders', 1, 0.5, 1, [])),
      'INVALID_ARGUMENTS',
    );
    assert.equal(
      errorName(() => generateTpchColumns('orders', 1, 1_500_001, 1, [])),
      'INVALID_ARGUMENTS',
    );
    assert.equal(
      errorName(() => generateTpchColumns('orders', 0, 0, 1, [])),
      'INVALID_ARGUMENTS',
    );
  });

  it('draws 64-bit customer and part keys in range from scale 30000 on, independently of the range', () => {
    const sf = 30_000;
    const first = generateTpchColumns('lineitem', sf, 1_000_000_000, 5, ['partkey', 'suppkey']);
    const [parts] = first.columns;
    assert.ok(parts?.kind === 'float64');
    for (const key of parts.values) assert.ok(Number.isInteger(key) && key >= 1 && key <= 6_000_000_000);
    const again = generateTpchColumns('lineitem', sf, 1_000_000_002, 3, ['partkey']);
    assert.deepEqual(
      Array.from((again.columns[0] as { values: Float64Array }).values),
      Array.from(parts.values).slice(-again.rowCount),
    );
    const customers = generateTpchColumns('orders', sf, 44_000_000_000, 4, ['custkey']).columns[0];
    assert.ok(customers?.kind === 'float64');
    for (const key of customers.values) assert.ok(key % 3 !== 0 && key >= 1 && key <= 4_500_000_000);
    const tail = generateTpchColumns('orders', sf, 44_000_000_002, 2, ['custkey']).columns[0];
    assert.deepEqual(Array.from((tail as { values: Float64Array }).values), Array.from(customers.values).slice(2));
  });
});
