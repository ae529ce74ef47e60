/**
 * The partsupp table: four rows per part (row r is part ⌊r/4⌋ + 1 with its (r mod 4)-th supplier),
 * drawing from streams that each part owns a share of, as dbgen generates them with the part.
 */

import { dividedBy } from './column-arrays.js';
import {
  assembleBatch,
  type ColumnBuilders,
  float64Column,
  type GeneratedBatch,
  int32Column,
  stringColumn,
} from './generated-column.js';
import { drawPerRow, rowStartSeeds } from './row-seeds.js';
import { commentColumn } from './text-columns.js';
import { getTextPool } from './text-pool.js';
import { partSupplierKey, SUPPLIERS_PER_PART, type TpchScale } from './tpch-scale.js';

const AVAILABLE_QUANTITY_SEED = 1671059989;
const SUPPLY_COST_SEED = 1051288424;
const COMMENT_SEED = 1961692154;
const COMMENT_AVERAGE_LENGTH = 124;

/** The part key of partsupp row r: four rows per part. */
function partKeyOfRow(row: number): number {
  return Math.floor(row / SUPPLIERS_PER_PART) + 1;
}

function partKeys(start: number, count: number): Float64Array {
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = partKeyOfRow(start + i);
  return keys;
}

/** Row r's supplier: the (r mod 4)-th supplier of its part. */
function supplierKeys(start: number, count: number, supplierCount: number): Float64Array {
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const row = start + i;
    keys[i] = partSupplierKey(partKeyOfRow(row), row % SUPPLIERS_PER_PART, supplierCount);
  }
  return keys;
}

/** One batch of partsupp rows. */
interface PartsuppBatch {
  readonly scale: TpchScale;
  readonly start: number;
  readonly count: number;
}

const PARTSUPP_COLUMNS: ColumnBuilders<PartsuppBatch> = {
  partkey: (b) => float64Column(partKeys(b.start, b.count)),
  suppkey: (b) => float64Column(supplierKeys(b.start, b.count, b.scale.supplierCount)),
  availqty: (b) =>
    int32Column(drawPerRow(AVAILABLE_QUANTITY_SEED, b.start, b.count, 1, 9999, SUPPLIERS_PER_PART, SUPPLIERS_PER_PART)),
  supplycost: (b) =>
    float64Column(
      dividedBy(
        drawPerRow(SUPPLY_COST_SEED, b.start, b.count, 100, 100_000, SUPPLIERS_PER_PART, SUPPLIERS_PER_PART),
        100,
      ),
    ),
  comment: (b) =>
    stringColumn(
      commentColumn(
        getTextPool(),
        rowStartSeeds(COMMENT_SEED, 2 * SUPPLIERS_PER_PART, b.start, b.count, SUPPLIERS_PER_PART, 2),
        COMMENT_AVERAGE_LENGTH,
      ),
    ),
};

/** Rows [start, start + count) of partsupp (0-based rows). */
export function generatePartsupp(
  scale: TpchScale,
  start: number,
  count: number,
  columns: readonly string[],
): GeneratedBatch {
  return assembleBatch('partsupp', count, columns, PARTSUPP_COLUMNS, { scale, start, count });
}
