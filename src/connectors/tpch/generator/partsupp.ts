/**
 * The partsupp table: four rows per part (row r is part ⌊r/4⌋ + 1 with its (r mod 4)-th supplier),
 * drawing from streams that each part owns a share of, as dbgen generates them with the part.
 */

import { dividedBy, float64Of } from './column-arrays.js';
import { assembleBatch, float64Column, type GeneratedBatch, int32Column, stringColumn } from './generated-column.js';
import { drawPerRow, rowStartSeeds } from './row-seeds.js';
import { commentColumn } from './text-columns.js';
import { getTextPool } from './text-pool.js';
import { partSupplierKey, SUPPLIERS_PER_PART, type TpchScale } from './tpch-scale.js';

const AVAILABLE_QUANTITY_SEED = 1671059989;
const SUPPLY_COST_SEED = 1051288424;
const COMMENT_SEED = 1961692154;
const COMMENT_AVERAGE_LENGTH = 124;

/** Rows [start, start + count) of partsupp (0-based rows). */
export function generatePartsupp(
  scale: TpchScale,
  start: number,
  count: number,
  columns: readonly string[],
): GeneratedBatch {
  const partKey = (i: number): number => Math.floor((start + i) / SUPPLIERS_PER_PART) + 1;
  return assembleBatch('partsupp', count, columns, {
    partkey: () => float64Column(float64Of(count, partKey)),
    suppkey: () =>
      float64Column(
        float64Of(count, (i) => partSupplierKey(partKey(i), (start + i) % SUPPLIERS_PER_PART, scale.supplierCount)),
      ),
    availqty: () =>
      int32Column(drawPerRow(AVAILABLE_QUANTITY_SEED, start, count, 1, 9999, SUPPLIERS_PER_PART, SUPPLIERS_PER_PART)),
    supplycost: () => {
      const cents = drawPerRow(SUPPLY_COST_SEED, start, count, 100, 100_000, SUPPLIERS_PER_PART, SUPPLIERS_PER_PART);
      return float64Column(dividedBy(cents, 100));
    },
    comment: () =>
      stringColumn(
        commentColumn(
          getTextPool(),
          rowStartSeeds(COMMENT_SEED, 2 * SUPPLIERS_PER_PART, start, count, SUPPLIERS_PER_PART, 2),
          COMMENT_AVERAGE_LENGTH,
        ),
      ),
  });
}
