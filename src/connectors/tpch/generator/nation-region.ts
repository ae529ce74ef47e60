/**
 * The two fixed tables: region (5 rows) and nation (25 rows), whatever the scale factor. Names and
 * the nation → region mapping come from dists.dss; only the comments are generated.
 */

import { idSequence, keySequence } from './column-arrays.js';
import { NATION_NAMES, NATION_REGION_KEYS, REGION_NAMES } from './distributions.js';
import {
  assembleBatch,
  type ColumnBuilders,
  dictionaryColumn,
  float64Column,
  type GeneratedBatch,
  stringColumn,
} from './generated-column.js';
import { rowStartSeeds } from './row-seeds.js';
import { commentColumn } from './text-columns.js';
import { getTextPool } from './text-pool.js';

const NATION_COMMENT_SEED = 606179079;
const REGION_COMMENT_SEED = 1500869201;
const COMMENT_AVERAGE_LENGTH = 72;

/** Rows [start, start + rows) of one of the fixed tables. */
interface FixedRows {
  readonly start: number;
  readonly rows: number;
}

const REGION_COLUMNS: ColumnBuilders<FixedRows> = {
  regionkey: (b) => float64Column(keySequence(b.start, b.rows)),
  name: (b) => dictionaryColumn(idSequence(b.start, b.rows), REGION_NAMES),
  comment: (b) =>
    stringColumn(
      commentColumn(getTextPool(), rowStartSeeds(REGION_COMMENT_SEED, 2, b.start, b.rows), COMMENT_AVERAGE_LENGTH),
    ),
};

const NATION_COLUMNS: ColumnBuilders<FixedRows> = {
  nationkey: (b) => float64Column(keySequence(b.start, b.rows)),
  name: (b) => dictionaryColumn(idSequence(b.start, b.rows), NATION_NAMES),
  regionkey: (b) => float64Column(Float64Array.from(NATION_REGION_KEYS.slice(b.start, b.start + b.rows))),
  comment: (b) =>
    stringColumn(
      commentColumn(getTextPool(), rowStartSeeds(NATION_COMMENT_SEED, 2, b.start, b.rows), COMMENT_AVERAGE_LENGTH),
    ),
};

/** Rows [start, start + rows) of region; the caller keeps the range within the 5 rows. */
export function generateRegion(start: number, rows: number, columns: readonly string[]): GeneratedBatch {
  return assembleBatch('region', rows, columns, REGION_COLUMNS, { start, rows });
}

/** Rows [start, start + rows) of nation; the caller keeps the range within the 25 rows. */
export function generateNation(start: number, rows: number, columns: readonly string[]): GeneratedBatch {
  return assembleBatch('nation', rows, columns, NATION_COLUMNS, { start, rows });
}
