/**
 * Public entry of the TPC-H data generator: an exact, columnar re-implementation of dbgen 2.14.0.
 * Any range of rows of any table can be generated on its own (dbgen's per-column random streams
 * are skipped ahead to the range start), producing only the requested columns.
 *
 * Ranges are 0-based row indexes, except for lineitem, whose ranges are ORDER indexes: a lineitem
 * batch holds all lines (1–7 each) of the given orders, and its `rowCount` says how many.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import { generateCustomer } from './customer.js';
import type { GeneratedBatch } from './generated-column.js';
import { generateLineitem } from './lineitem.js';
import { generateNation, generateRegion } from './nation-region.js';
import { countLines } from './order-lines.js';
import { generateOrders } from './orders.js';
import { generatePart } from './part.js';
import { generatePartsupp } from './partsupp.js';
import { generateSupplier } from './supplier.js';
import { getTextPool, warmTextPool } from './text-pool.js';
import { NATION_COUNT, REGION_COUNT, resolveScale, SUPPLIERS_PER_PART } from './tpch-scale.js';
import { isTpchTableName, type TpchTableName } from './tpch-tables.js';

export type { GeneratedBatch, GeneratedColumn } from './generated-column.js';
export { formatTblBatch, formatTblLine, renderTblBatch } from './tbl-format.js';
export { formatEpochDay } from './tpch-dates.js';
export {
  isTpchTableName,
  TPCH_TABLE_NAMES,
  TPCH_TABLES,
  type TpchColumnDefinition,
  type TpchTableName,
} from './tpch-tables.js';

function checkTable(table: string): TpchTableName {
  if (!isTpchTableName(table)) throw new VivaceError('TABLE_NOT_FOUND', `TPC-H table '${table}' does not exist`);
  return table;
}

/** Number of orders at a scale factor (lineitem's addressable units). */
export function tpchOrderCount(scaleFactor: number): number {
  return resolveScale(scaleFactor).orderCount;
}

/**
 * How many units `generateTpchColumns` addresses for a table: its row count, except for lineitem
 * where it is the number of orders.
 */
export function tpchUnitCount(table: string, scaleFactor: number): number {
  const scale = resolveScale(scaleFactor);
  switch (checkTable(table)) {
    case 'region':
      return REGION_COUNT;
    case 'nation':
      return NATION_COUNT;
    case 'part':
      return scale.partCount;
    case 'partsupp':
      return scale.partCount * SUPPLIERS_PER_PART;
    case 'supplier':
      return scale.supplierCount;
    case 'customer':
      return scale.customerCount;
    case 'orders':
    case 'lineitem':
      return scale.orderCount;
  }
}

const lineitemCounts = new Map<number, number>();

/**
 * Exact number of rows of a table at a scale factor, as dbgen generates them. For lineitem this
 * sums every order's line count (one random draw per order: about 5 ms per million orders, so
 * seconds from SF 1000 on); results are remembered.
 */
export function tpchRowCount(table: string, scaleFactor: number): number {
  if (checkTable(table) !== 'lineitem') return tpchUnitCount(table, scaleFactor);
  const orders = tpchOrderCount(scaleFactor);
  let lines = lineitemCounts.get(orders);
  if (lines === undefined) {
    lines = countLines(0, orders);
    lineitemCounts.set(orders, lines);
  }
  return lines;
}

/**
 * A row count that costs nothing to compute: exact for every table but lineitem, which is
 * estimated at 4 lines per order (the mean of dbgen's 1–7); the exact count is within 0.1 % of it
 * from SF 1 on. For statistics, where tpchRowCount's cost at large scale factors is too high.
 */
export function tpchEstimatedRowCount(table: string, scaleFactor: number): number {
  const units = tpchUnitCount(table, scaleFactor);
  return table === 'lineitem' ? units * 4 : units;
}

/**
 * Generates the `columns` (Presto's simplified names, see TPCH_TABLES) of units [start, start +
 * count) of a table: rows, or for lineitem orders (the batch then holds all their lines). A range
 * reaching past the end is cut at the end. Columns come back in the order requested.
 */
export function generateTpchColumns(
  table: string,
  scaleFactor: number,
  start: number,
  count: number,
  columns: readonly string[],
): GeneratedBatch {
  const units = tpchUnitCount(table, scaleFactor);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(count) || start < 0 || count < 0 || start > units) {
    throw new VivaceError('INVALID_ARGUMENTS', `Invalid range of ${table} at scale ${scaleFactor}: ${start}+${count}`);
  }
  const rows = Math.min(count, units - start);
  const scale = resolveScale(scaleFactor);
  switch (table as TpchTableName) {
    case 'region':
      return generateRegion(start, rows, columns);
    case 'nation':
      return generateNation(start, rows, columns);
    case 'part':
      return generatePart(start, rows, columns);
    case 'partsupp':
      return generatePartsupp(scale, start, rows, columns);
    case 'supplier':
      return generateSupplier(start, rows, columns);
    case 'customer':
      return generateCustomer(start, rows, columns);
    case 'orders':
      return generateOrders(scale, start, rows, columns);
    case 'lineitem':
      return generateLineitem(scale, start, rows, columns);
  }
}

/**
 * Builds the shared 300 MB comment text pool now (one to two seconds) instead of during the first
 * generation that needs a comment.
 */
export function prepareTpchTextPool(): void {
  getTextPool();
}

/** Builds the text pool in the background without holding the event loop (see text-pool.ts). */
export function warmTpchTextPool(): Promise<void> {
  return warmTextPool();
}
