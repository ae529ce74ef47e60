/**
 * A small in-memory catalog for analyzer tests: the TPC-H tables with the column names and types
 * of Presto's tpch connector (simplified naming) in tpch.tiny and tpch.sf1, a memory catalog with
 * a table of nested types, and a view.
 */
import type {
  ColumnMetadata,
  MetadataView,
  QualifiedObjectName,
  TableMetadata,
  ViewDefinition,
} from '../../src/spi/metadata.js';
import { parseType } from '../../src/types/type-signature.js';

const TPCH_TABLES: Record<string, string> = {
  region: 'regionkey bigint, name varchar(25), comment varchar(152)',
  nation: 'nationkey bigint, name varchar(25), regionkey bigint, comment varchar(152)',
  part: 'partkey bigint, name varchar(55), mfgr varchar(25), brand varchar(10), type varchar(25), size integer, container varchar(10), retailprice double, comment varchar(23)',
  supplier:
    'suppkey bigint, name varchar(25), address varchar(40), nationkey bigint, phone varchar(15), acctbal double, comment varchar(101)',
  partsupp: 'partkey bigint, suppkey bigint, availqty integer, supplycost double, comment varchar(199)',
  customer:
    'custkey bigint, name varchar(25), address varchar(40), nationkey bigint, phone varchar(15), acctbal double, mktsegment varchar(10), comment varchar(117)',
  orders:
    'orderkey bigint, custkey bigint, orderstatus varchar(1), totalprice double, orderdate date, orderpriority varchar(15), clerk varchar(15), shippriority integer, comment varchar(79)',
  lineitem:
    'orderkey bigint, partkey bigint, suppkey bigint, linenumber integer, quantity double, extendedprice double, discount double, tax double, returnflag varchar(1), linestatus varchar(1), shipdate date, commitdate date, receiptdate date, shipinstruct varchar(25), shipmode varchar(10), comment varchar(44)',
};

const MEMORY_TABLES: Record<string, string> = {
  nested:
    'id bigint, tags array(varchar), attrs map(varchar, bigint), point row(x double, y double), amount decimal(12,2), created timestamp(3), "order" integer',
  events:
    'id bigint, kind varchar, at timestamp(3) with time zone, payload json, price decimal(10,2), qty decimal(5,0), flag boolean, data varbinary',
};

/** Splits `a t1, b t2(x, y)` at top-level commas. */
function columns(spec: string): ColumnMetadata[] {
  const out: ColumnMetadata[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= spec.length; i++) {
    const c = spec[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if ((c === ',' && depth === 0) || i === spec.length) {
      const part = spec.slice(start, i).trim();
      const space = part.indexOf(' ');
      out.push({ name: part.slice(0, space).replaceAll('"', ''), type: parseType(part.slice(space + 1)) });
      start = i + 1;
    }
  }
  return out;
}

export class TestMetadata implements MetadataView {
  private readonly tables = new Map<string, TableMetadata>();
  private readonly views = new Map<string, ViewDefinition>();
  private readonly schemas = new Set<string>();

  constructor() {
    for (const schema of ['tiny', 'sf1']) {
      for (const [name, spec] of Object.entries(TPCH_TABLES)) this.addTable({ catalog: 'tpch', schema, name }, spec);
    }
    for (const [name, spec] of Object.entries(MEMORY_TABLES))
      this.addTable({ catalog: 'memory', schema: 'default', name }, spec);
    this.schemas.add('memory.empty');
    this.views.set('memory.default.big_orders', {
      name: { catalog: 'memory', schema: 'default', name: 'big_orders' },
      sql: 'SELECT orderkey, totalprice FROM orders WHERE totalprice > 100000',
      catalog: 'tpch',
      schema: 'tiny',
      columns: [
        { name: 'orderkey', type: parseType('bigint') },
        { name: 'totalprice', type: parseType('double') },
      ],
    });
  }

  private addTable(name: QualifiedObjectName, spec: string): void {
    this.schemas.add(`${name.catalog}.${name.schema}`);
    this.tables.set(`${name.catalog}.${name.schema}.${name.name}`, { name, columns: columns(spec) });
  }

  catalogExists(catalog: string): boolean {
    return [...this.schemas].some((s) => s.startsWith(`${catalog}.`));
  }

  schemaExists(catalog: string, schema: string): boolean {
    return this.schemas.has(`${catalog}.${schema}`);
  }

  getTable(name: QualifiedObjectName): TableMetadata | undefined {
    return this.tables.get(`${name.catalog}.${name.schema}.${name.name}`);
  }

  getView(name: QualifiedObjectName): ViewDefinition | undefined {
    return this.views.get(`${name.catalog}.${name.schema}.${name.name}`);
  }
}
