/**
 * The customer table: row i is customer key i + 1, with a random address, nation, phone number
 * (country code from the nation), account balance, market segment and comment.
 */

import { dividedBy, keySequence, uniformIds } from './column-arrays.js';
import { MARKET_SEGMENTS } from './distributions.js';
import {
  assembleBatch,
  type ColumnBuilders,
  dictionaryColumn,
  float64Column,
  type GeneratedBatch,
  stringColumn,
} from './generated-column.js';
import { NationRowsBatch } from './nation-rows-batch.js';
import { drawPerRow } from './row-seeds.js';
import { alphanumericColumn, commentColumn, paddedNameColumn, phoneColumn } from './text-columns.js';
import { getTextPool } from './text-pool.js';

const ADDRESS_SEED = 881155353;
const NATION_SEED = 1489529863;
const PHONE_SEED = 1521138112;
const ACCOUNT_BALANCE_SEED = 298370230;
const MARKET_SEGMENT_SEED = 1140279430;
const COMMENT_SEED = 1335826707;
const ADDRESS_AVERAGE_LENGTH = 25;
const COMMENT_AVERAGE_LENGTH = 73;

const CUSTOMER_COLUMNS: ColumnBuilders<NationRowsBatch> = {
  custkey: (b) => float64Column(keySequence(b.start + 1, b.count)),
  name: (b) => stringColumn(paddedNameColumn('Customer#', b.start + 1, b.count)),
  address: (b) => stringColumn(alphanumericColumn(b.seeds(ADDRESS_SEED, 9), ADDRESS_AVERAGE_LENGTH)),
  nationkey: (b) => float64Column(b.nations()),
  phone: (b) => stringColumn(phoneColumn(b.seeds(PHONE_SEED, 3), b.nations())),
  acctbal: (b) => float64Column(dividedBy(drawPerRow(ACCOUNT_BALANCE_SEED, b.start, b.count, -99_999, 999_999), 100)),
  mktsegment: (b) =>
    dictionaryColumn(uniformIds(b.seeds(MARKET_SEGMENT_SEED, 1), MARKET_SEGMENTS.length), MARKET_SEGMENTS),
  comment: (b) => stringColumn(commentColumn(getTextPool(), b.seeds(COMMENT_SEED, 2), COMMENT_AVERAGE_LENGTH)),
};

/** Rows [start, start + count) of customer (0-based rows; customer key = row + 1). */
export function generateCustomer(start: number, count: number, columns: readonly string[]): GeneratedBatch {
  return assembleBatch('customer', count, columns, CUSTOMER_COLUMNS, new NationRowsBatch(start, count, NATION_SEED));
}
