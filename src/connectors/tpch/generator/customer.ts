/**
 * The customer table: row i is customer key i + 1, with a random address, nation, phone number
 * (country code from the nation), account balance, market segment and comment.
 */

import { dividedBy, keySequence, uniformIds } from './column-arrays.js';
import { MARKET_SEGMENTS } from './distributions.js';
import {
  assembleBatch,
  dictionaryColumn,
  float64Column,
  type GeneratedBatch,
  stringColumn,
} from './generated-column.js';
import { drawPerRow, rowStartSeeds } from './row-seeds.js';
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

/** Rows [start, start + count) of customer (0-based rows; customer key = row + 1). */
export function generateCustomer(start: number, count: number, columns: readonly string[]): GeneratedBatch {
  let nationKeys: Float64Array | undefined;
  const nations = (): Float64Array => {
    nationKeys ??= new Float64Array(drawPerRow(NATION_SEED, start, count, 0, 24));
    return nationKeys;
  };
  return assembleBatch('customer', count, columns, {
    custkey: () => float64Column(keySequence(start + 1, count)),
    name: () => stringColumn(paddedNameColumn('Customer#', start + 1, count)),
    address: () =>
      stringColumn(alphanumericColumn(rowStartSeeds(ADDRESS_SEED, 9, start, count), ADDRESS_AVERAGE_LENGTH)),
    nationkey: () => float64Column(nations()),
    phone: () => stringColumn(phoneColumn(rowStartSeeds(PHONE_SEED, 3, start, count), nations())),
    acctbal: () => float64Column(dividedBy(drawPerRow(ACCOUNT_BALANCE_SEED, start, count, -99_999, 999_999), 100)),
    mktsegment: () =>
      dictionaryColumn(
        uniformIds(rowStartSeeds(MARKET_SEGMENT_SEED, 1, start, count), MARKET_SEGMENTS.length),
        MARKET_SEGMENTS,
      ),
    comment: () =>
      stringColumn(commentColumn(getTextPool(), rowStartSeeds(COMMENT_SEED, 2, start, count), COMMENT_AVERAGE_LENGTH)),
  });
}
