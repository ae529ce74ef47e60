/**
 * Column names of the tpch catalog, chosen by the catalog property `tpch.column-naming` as in
 * Presto: SIMPLIFIED (the default: `orderkey`, `shipdate`) or STANDARD (the TPC-H names:
 * `l_orderkey`, `o_orderdate`). The generator always speaks the simplified names; this maps both ways.
 */
import { VivaceError } from '../../common/vivace-error.js';
import { TPCH_TABLES, type TpchTableName } from './generator/index.js';

export type TpchColumnNaming = 'SIMPLIFIED' | 'STANDARD';

/** The TPC-H column name prefix of each table under STANDARD naming. */
const STANDARD_PREFIXES: Readonly<Record<TpchTableName, string>> = {
  region: 'r_',
  nation: 'n_',
  part: 'p_',
  supplier: 's_',
  partsupp: 'ps_',
  customer: 'c_',
  orders: 'o_',
  lineitem: 'l_',
};

export function parseColumnNaming(value: string | undefined): TpchColumnNaming {
  if (value === undefined) return 'SIMPLIFIED';
  const upper = value.trim().toUpperCase();
  if (upper === 'SIMPLIFIED' || upper === 'STANDARD') return upper;
  throw new VivaceError(
    'CONFIGURATION_INVALID',
    `Invalid value '${value}' for tpch.column-naming: expected SIMPLIFIED or STANDARD`,
  );
}

/** The catalog's name of a generator column. */
export function catalogColumnName(table: TpchTableName, generatorName: string, naming: TpchColumnNaming): string {
  return naming === 'SIMPLIFIED' ? generatorName : STANDARD_PREFIXES[table] + generatorName;
}

/**
 * The generator's name of a catalog column, or undefined when the table has no such column
 * (names are canonical lowercase).
 */
export function generatorColumnName(
  table: TpchTableName,
  catalogName: string,
  naming: TpchColumnNaming,
): string | undefined {
  let name = catalogName;
  if (naming === 'STANDARD') {
    const prefix = STANDARD_PREFIXES[table];
    if (!name.startsWith(prefix)) return undefined;
    name = name.slice(prefix.length);
  }
  return TPCH_TABLES[table].some((column) => column.name === name) ? name : undefined;
}
