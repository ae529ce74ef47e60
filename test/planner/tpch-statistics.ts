/**
 * A test double of connector statistics: the analyzer's test catalog plus TPC-H scale-factor-1
 * row counts and column statistics (distinct values, ranges of keys, dates and numbers) for the
 * tpch tables of every schema, so cost-based decisions can be tested without a connector.
 */
import type { ColumnStatistics, QualifiedObjectName, TableStatistics } from '../../src/spi/metadata.js';
import { TestMetadata } from '../analyzer/test-metadata.js';

function day(text: string): number {
  return Date.parse(`${text}T00:00:00Z`) / 86_400_000;
}

function ndv(distinctValues: number, min?: unknown, max?: unknown): ColumnStatistics {
  return { distinctValues, nullFraction: 0, ...(min !== undefined ? { min, max } : {}) };
}

export const TPCH_SF1_STATISTICS: Readonly<Record<string, TableStatistics>> = {
  lineitem: {
    rowCount: 6_001_215,
    columns: {
      orderkey: ndv(1_500_000, 1, 6_000_000),
      partkey: ndv(200_000, 1, 200_000),
      suppkey: ndv(10_000, 1, 10_000),
      linenumber: ndv(7, 1, 7),
      quantity: ndv(50, 1, 50),
      extendedprice: ndv(933_900, 901, 104_949.5),
      discount: ndv(11, 0, 0.1),
      tax: ndv(9, 0, 0.08),
      returnflag: ndv(3),
      linestatus: ndv(2),
      shipdate: ndv(2526, day('1992-01-02'), day('1998-12-01')),
      commitdate: ndv(2466, day('1992-01-31'), day('1998-10-31')),
      receiptdate: ndv(2554, day('1992-01-04'), day('1998-12-31')),
      shipinstruct: ndv(4),
      shipmode: ndv(7),
      comment: ndv(4_580_667),
    },
  },
  orders: {
    rowCount: 1_500_000,
    columns: {
      orderkey: ndv(1_500_000, 1, 6_000_000),
      custkey: ndv(99_996, 1, 149_999),
      orderstatus: ndv(3),
      totalprice: ndv(1_464_556, 857.71, 555_285.16),
      orderdate: ndv(2406, day('1992-01-01'), day('1998-08-02')),
      orderpriority: ndv(5),
      clerk: ndv(1000),
      shippriority: ndv(1, 0, 0),
      comment: ndv(1_482_071),
    },
  },
  partsupp: {
    rowCount: 800_000,
    columns: {
      partkey: ndv(200_000, 1, 200_000),
      suppkey: ndv(10_000, 1, 10_000),
      availqty: ndv(9999, 1, 9999),
      supplycost: ndv(99_865, 1, 1000),
      comment: ndv(799_124),
    },
  },
  part: {
    rowCount: 200_000,
    columns: {
      partkey: ndv(200_000, 1, 200_000),
      name: ndv(199_997),
      mfgr: ndv(5),
      brand: ndv(25),
      type: ndv(150),
      size: ndv(50, 1, 50),
      container: ndv(40),
      retailprice: ndv(20_899, 901, 2098.99),
      comment: ndv(131_753),
    },
  },
  customer: {
    rowCount: 150_000,
    columns: {
      custkey: ndv(150_000, 1, 150_000),
      name: ndv(150_000),
      address: ndv(150_000),
      nationkey: ndv(25, 0, 24),
      phone: ndv(150_000),
      acctbal: ndv(140_187, -999.99, 9999.99),
      mktsegment: ndv(5),
      comment: ndv(149_968),
    },
  },
  supplier: {
    rowCount: 10_000,
    columns: {
      suppkey: ndv(10_000, 1, 10_000),
      name: ndv(10_000),
      address: ndv(10_000),
      nationkey: ndv(25, 0, 24),
      phone: ndv(10_000),
      acctbal: ndv(9955, -998.22, 9999.72),
      comment: ndv(10_000),
    },
  },
  nation: {
    rowCount: 25,
    columns: { nationkey: ndv(25, 0, 24), name: ndv(25), regionkey: ndv(5, 0, 4), comment: ndv(25) },
  },
  region: {
    rowCount: 5,
    columns: { regionkey: ndv(5, 0, 4), name: ndv(5), comment: ndv(5) },
  },
};

/** The analyzer's test catalog, answering statistics for the tpch tables. */
export class StatisticsTestMetadata extends TestMetadata {
  getTableStatistics(name: QualifiedObjectName): TableStatistics | undefined {
    return name.catalog === 'tpch' ? TPCH_SF1_STATISTICS[name.name] : undefined;
  }
}
