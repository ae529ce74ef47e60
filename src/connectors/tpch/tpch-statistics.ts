/**
 * Table statistics of the tpch catalog, derived from how dbgen generates each column (no data is
 * scanned): row counts, and per column the number of distinct values and the value range where
 * the generator fixes them — keys (dense 1..N, or the sparse order keys), the small closed
 * vocabularies (return flags, ship modes, segments, ...), draws from fixed ranges (quantities,
 * discounts, balances) and the date windows. TPC-H columns have no NULLs. Figures the generator
 * does not fix (free text, totals) are left unknown. Values are in the constant representation:
 * numbers for keys, doubles and dates (days since 1970-01-01).
 */
import type { ColumnStatistics, TableStatistics } from '../../spi/metadata.js';
import { TPCH_TABLES, type TpchTableName, tpchEstimatedRowCount, tpchRowCount } from './generator/index.js';
import { ORDER_DATE_MAX_OFFSET, START_EPOCH_DAY } from './generator/tpch-dates.js';
import {
  NATION_COUNT,
  orderKey,
  REGION_COUNT,
  resolveScale,
  retailPriceCents,
  type TpchScale,
} from './generator/tpch-scale.js';
import { catalogColumnName, type TpchColumnNaming } from './tpch-column-naming.js';

/**
 * Counting lineitem's rows exactly walks one random stream per order (about 5 ms per million
 * orders); up to SF 10 that is cheap enough to do once, beyond it the 4-lines-per-order estimate
 * (within 0.1 % from SF 1 on) is used.
 */
const MAX_ORDERS_FOR_EXACT_LINE_COUNT = 15_000_000;

/** The retail price formula repeats after lcm(10 · 20001, 1000) part keys. */
const RETAIL_PRICE_PERIOD = 20_001_000;

/** Days between an order and its lines' ship (1..121), commit (30..90) and receipt (ship + 1..30) dates. */
const SHIP_DELAY = { min: 1, max: 121 };
const COMMIT_DELAY = { min: 30, max: 90 };
const RECEIPT_DELAY = { min: 1, max: 30 };

type ColumnStatisticsByName = Record<string, ColumnStatistics>;

function range(distinctValues: number, min: number, max: number): ColumnStatistics {
  return { distinctValues, nullFraction: 0, min, max };
}

function distinct(distinctValues: number): ColumnStatistics {
  return { distinctValues, nullFraction: 0 };
}

function bounds(min: number, max: number, distinctValues?: number): ColumnStatistics {
  return distinctValues === undefined ? { nullFraction: 0, min, max } : { distinctValues, nullFraction: 0, min, max };
}

const NOT_NULL: ColumnStatistics = { nullFraction: 0 };

/** Account balances are drawn in cents from -999.99 to 9999.99. */
const ACCOUNT_BALANCE = bounds(-999.99, 9999.99);

/**
 * The expected number of distinct values among `draws` uniform draws from `domain` values:
 * domain · (1 − (1 − 1/domain)^draws). Close to the domain once draws far exceed it, close to the
 * draws while they are few.
 */
export function expectedDistinct(domain: number, draws: number): number {
  if (domain <= 1 || draws <= 1) return Math.min(domain, draws);
  const missing = Math.exp(draws * Math.log1p(-1 / domain));
  return Math.max(1, Math.min(domain, draws, Math.round(domain * (1 - missing))));
}

const retailPriceRanges = new Map<number, { min: number; max: number }>();

/** Lowest and highest retail price among part keys 1..partCount (a period at most: tens of ms, remembered). */
function retailPriceRange(partCount: number): { min: number; max: number } {
  const keys = Math.min(partCount, RETAIL_PRICE_PERIOD);
  let cached = retailPriceRanges.get(keys);
  if (cached === undefined) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let key = 1; key <= keys; key++) {
      const cents = retailPriceCents(key);
      if (cents < min) min = cents;
      if (cents > max) max = cents;
    }
    cached = { min: min / 100, max: max / 100 };
    retailPriceRanges.set(keys, cached);
  }
  return cached;
}

function columnStatistics(table: TpchTableName, scale: TpchScale, rows: number): ColumnStatisticsByName {
  const parts = scale.partCount;
  const suppliers = scale.supplierCount;
  const customers = scale.customerCount;
  const orders = scale.orderCount;
  // Columns drawn uniformly from `domain` values, once per row.
  const drawnDistinct = (domain: number) => expectedDistinct(domain, rows);
  const nationKey = range(NATION_COUNT, 0, NATION_COUNT - 1);
  switch (table) {
    case 'region':
      return {
        regionkey: range(REGION_COUNT, 0, REGION_COUNT - 1),
        name: distinct(REGION_COUNT),
        comment: distinct(REGION_COUNT),
      };
    case 'nation':
      return {
        nationkey: nationKey,
        name: distinct(NATION_COUNT),
        regionkey: range(REGION_COUNT, 0, REGION_COUNT - 1),
        comment: distinct(NATION_COUNT),
      };
    case 'part': {
      const price = retailPriceRange(parts);
      return {
        partkey: range(parts, 1, parts),
        name: NOT_NULL,
        mfgr: distinct(drawnDistinct(5)),
        brand: distinct(drawnDistinct(25)),
        type: distinct(drawnDistinct(150)),
        size: range(drawnDistinct(50), 1, 50),
        container: distinct(drawnDistinct(40)),
        retailprice: bounds(price.min, price.max),
        comment: NOT_NULL,
      };
    }
    case 'supplier':
      return {
        suppkey: range(suppliers, 1, suppliers),
        name: distinct(suppliers),
        address: NOT_NULL,
        nationkey: { ...nationKey, distinctValues: drawnDistinct(NATION_COUNT) },
        phone: NOT_NULL,
        acctbal: ACCOUNT_BALANCE,
        comment: NOT_NULL,
      };
    case 'partsupp':
      return {
        partkey: range(parts, 1, parts),
        suppkey: range(drawnDistinct(suppliers), 1, suppliers),
        availqty: range(drawnDistinct(9999), 1, 9999),
        supplycost: bounds(1, 1000, drawnDistinct(99_901)),
        comment: NOT_NULL,
      };
    case 'customer':
      return {
        custkey: range(customers, 1, customers),
        name: distinct(customers),
        address: NOT_NULL,
        nationkey: { ...nationKey, distinctValues: drawnDistinct(NATION_COUNT) },
        phone: NOT_NULL,
        acctbal: ACCOUNT_BALANCE,
        mktsegment: distinct(drawnDistinct(5)),
        comment: NOT_NULL,
      };
    case 'orders': {
      // Every third customer places no order.
      const orderingCustomers = customers - Math.floor(customers / 3);
      return {
        orderkey: range(orders, 1, orderKey(orders)),
        custkey: range(drawnDistinct(orderingCustomers), 1, customers),
        orderstatus: distinct(drawnDistinct(3)),
        totalprice: NOT_NULL,
        orderdate: range(
          drawnDistinct(ORDER_DATE_MAX_OFFSET + 1),
          START_EPOCH_DAY,
          START_EPOCH_DAY + ORDER_DATE_MAX_OFFSET,
        ),
        orderpriority: distinct(drawnDistinct(5)),
        clerk: distinct(drawnDistinct(scale.clerkCount)),
        shippriority: range(1, 0, 0),
        comment: NOT_NULL,
      };
    }
    case 'lineitem': {
      const firstOrderDay = START_EPOCH_DAY;
      const lastOrderDay = START_EPOCH_DAY + ORDER_DATE_MAX_OFFSET;
      const dates = (minDelay: number, maxDelay: number) =>
        range(
          drawnDistinct(lastOrderDay + maxDelay - (firstOrderDay + minDelay) + 1),
          firstOrderDay + minDelay,
          lastOrderDay + maxDelay,
        );
      return {
        orderkey: range(orders, 1, orderKey(orders)),
        partkey: range(drawnDistinct(parts), 1, parts),
        suppkey: range(drawnDistinct(suppliers), 1, suppliers),
        linenumber: range(7, 1, 7),
        quantity: range(drawnDistinct(50), 1, 50),
        extendedprice: NOT_NULL,
        discount: range(drawnDistinct(11), 0, 0.1),
        tax: range(drawnDistinct(9), 0, 0.08),
        returnflag: distinct(drawnDistinct(3)),
        linestatus: distinct(drawnDistinct(2)),
        shipdate: dates(SHIP_DELAY.min, SHIP_DELAY.max),
        commitdate: dates(COMMIT_DELAY.min, COMMIT_DELAY.max),
        receiptdate: dates(SHIP_DELAY.min + RECEIPT_DELAY.min, SHIP_DELAY.max + RECEIPT_DELAY.max),
        shipinstruct: distinct(drawnDistinct(4)),
        shipmode: distinct(drawnDistinct(7)),
        comment: NOT_NULL,
      };
    }
  }
}

/** Row count of a table: exact, except lineitem beyond SF 10 (estimated at 4 lines per order). */
export function tpchStatisticsRowCount(table: TpchTableName, scaleFactor: number): number {
  if (table === 'lineitem' && resolveScale(scaleFactor).orderCount > MAX_ORDERS_FOR_EXACT_LINE_COUNT) {
    return tpchEstimatedRowCount(table, scaleFactor);
  }
  return tpchRowCount(table, scaleFactor);
}

/** Statistics of a tpch table at a scale factor, with column names in the catalog's naming. */
export function tpchTableStatistics(
  table: TpchTableName,
  scaleFactor: number,
  naming: TpchColumnNaming,
): TableStatistics {
  const rowCount = tpchStatisticsRowCount(table, scaleFactor);
  const byGeneratorName = columnStatistics(table, resolveScale(scaleFactor), rowCount);
  const columns: ColumnStatisticsByName = {};
  for (const column of TPCH_TABLES[table]) {
    const statistics = byGeneratorName[column.name];
    if (statistics !== undefined) columns[catalogColumnName(table, column.name, naming)] = statistics;
  }
  return { rowCount, columns };
}
