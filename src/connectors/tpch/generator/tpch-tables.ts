/**
 * The TPC-H tables as Presto's tpch connector exposes them with its default "simplified" column
 * naming (TPC-H names without their `l_`, `o_`, ... prefixes): identifiers are bigint, counts and
 * sizes integer, money and quantities double, dates date, text varchar of the TPC-H length.
 */

export type TpchTableName = 'region' | 'nation' | 'part' | 'supplier' | 'partsupp' | 'customer' | 'orders' | 'lineitem';

export interface TpchColumnDefinition {
  readonly name: string;
  /** Presto type signature: bigint, integer, double, date or varchar(n). */
  readonly type: string;
}

function columns(spec: string): readonly TpchColumnDefinition[] {
  return spec
    .trim()
    .split(/\s*,\s*/)
    .map((entry) => {
      const space = entry.indexOf(' ');
      return { name: entry.slice(0, space), type: entry.slice(space + 1) };
    });
}

/** Columns of each table in TPC-H order. */
export const TPCH_TABLES: Readonly<Record<TpchTableName, readonly TpchColumnDefinition[]>> = {
  region: columns('regionkey bigint, name varchar(25), comment varchar(152)'),
  nation: columns('nationkey bigint, name varchar(25), regionkey bigint, comment varchar(152)'),
  part: columns(
    'partkey bigint, name varchar(55), mfgr varchar(25), brand varchar(10), type varchar(25), size integer, ' +
      'container varchar(10), retailprice double, comment varchar(23)',
  ),
  supplier: columns(
    'suppkey bigint, name varchar(25), address varchar(40), nationkey bigint, phone varchar(15), acctbal double, ' +
      'comment varchar(101)',
  ),
  partsupp: columns('partkey bigint, suppkey bigint, availqty integer, supplycost double, comment varchar(199)'),
  customer: columns(
    'custkey bigint, name varchar(25), address varchar(40), nationkey bigint, phone varchar(15), acctbal double, ' +
      'mktsegment varchar(10), comment varchar(117)',
  ),
  orders: columns(
    'orderkey bigint, custkey bigint, orderstatus varchar(1), totalprice double, orderdate date, ' +
      'orderpriority varchar(15), clerk varchar(15), shippriority integer, comment varchar(79)',
  ),
  lineitem: columns(
    'orderkey bigint, partkey bigint, suppkey bigint, linenumber integer, quantity double, extendedprice double, ' +
      'discount double, tax double, returnflag varchar(1), linestatus varchar(1), shipdate date, commitdate date, ' +
      'receiptdate date, shipinstruct varchar(25), shipmode varchar(10), comment varchar(44)',
  ),
};

export const TPCH_TABLE_NAMES: readonly TpchTableName[] = Object.keys(TPCH_TABLES) as TpchTableName[];

export function isTpchTableName(name: string): name is TpchTableName {
  return Object.hasOwn(TPCH_TABLES, name);
}
