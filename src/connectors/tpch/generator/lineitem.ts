/**
 * The lineitem table, addressed by ORDER range: the lines of orders [firstOrder, firstOrder +
 * orderCount) (0-based order indexes), 1–7 lines each, in order. Each requested column is one loop
 * over its stream; derived columns pull in what they depend on (the extended price needs part keys
 * and quantities, the return flag the receipt date, ...), each computed at most once per batch.
 */

import { dividedBy, int32Of } from './column-arrays.js';
import { pickUniform, SHIP_INSTRUCTIONS, SHIP_MODES } from './distributions.js';
import {
  assembleBatch,
  dictionaryColumn,
  float64Column,
  type GeneratedBatch,
  int32Column,
  stringColumn,
} from './generated-column.js';
import {
  COMMIT_DATE_SEED,
  DISCOUNT_SEED,
  LINE_COMMENT_SEED,
  lineCounts,
  lineDictionaryIds,
  lineDraws,
  linePartKeys,
  lineStreamValues,
  MAX_LINES_PER_ORDER,
  orderDates,
  QUANTITY_SEED,
  RECEIPT_DATE_SEED,
  RETURN_FLAG_SEED,
  SHIP_DATE_SEED,
  SHIP_INSTRUCTIONS_SEED,
  SHIP_MODE_SEED,
  SUPPLIER_NUMBER_SEED,
  sumLineCounts,
  TAX_SEED,
} from './order-lines.js';
import { boundedValue, drawScale, scaledDraw } from './random-stream.js';
import { lengthBounds } from './text-columns.js';
import { getTextPool, TEXT_POOL_SIZE } from './text-pool.js';
import { CURRENT_EPOCH_DAY } from './tpch-dates.js';
import { orderKey, partSupplierKey, retailPriceCents, type TpchScale } from './tpch-scale.js';

const COMMENT_AVERAGE_LENGTH = 27;

/** returnflag dictionary: R and A are drawn for received lines, later lines are N. */
const RETURN_FLAGS: readonly string[] = ['R', 'A', 'N'];
const NOT_RETURNED = 2;
/** linestatus dictionary: F once shipped, O before. */
const LINE_STATUSES: readonly string[] = ['O', 'F'];

/** Per-order values repeated for each of the order's lines. */
function perLine(counts: Uint8Array, lines: number, orderValue: (order: number) => number): Float64Array {
  const values = new Float64Array(lines);
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    const value = orderValue(order);
    for (let end = line + counts[order]; line < end; line++) values[line] = value;
  }
  return values;
}

function lineNumbers(counts: Uint8Array, lines: number): Int32Array {
  const values = new Int32Array(lines);
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    for (let number = 1; number <= counts[order]; number++) values[line++] = number;
  }
  return values;
}

/** Comments: 2 draws per line (offset, length) out of the 14 each order owns. */
function commentColumn(firstOrder: number, counts: Uint8Array, lines: number): string[] {
  const pool = getTextPool();
  const { min, max } = lengthBounds(COMMENT_AVERAGE_LENGTH);
  const lengthScale = drawScale(min, max);
  const lastOffset = TEXT_POOL_SIZE - max;
  const seeds = lineStreamValues(LINE_COMMENT_SEED, 2 * MAX_LINES_PER_ORDER, 2, firstOrder, counts, lines);
  const values = new Array<string>(lines);
  for (let line = 0; line < lines; line++) {
    const offset = boundedValue(seeds[2 * line], 0, lastOffset);
    values[line] = pool.text(offset, scaledDraw(seeds[2 * line + 1], min, lengthScale));
  }
  return values;
}

/**
 * Return flags: a line received by the current date draws R or A, else it is N. Only received
 * lines draw, so the k-th received line of an order takes the order's k-th value.
 */
function returnFlagIds(firstOrder: number, counts: Uint8Array, receiptDates: Int32Array): Int32Array {
  const lines = receiptDates.length;
  const seeds = lineStreamValues(RETURN_FLAG_SEED, MAX_LINES_PER_ORDER, 1, firstOrder, counts, lines);
  const ids = new Int32Array(lines);
  const today = CURRENT_EPOCH_DAY;
  const notReturned = NOT_RETURNED;
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    let draw = line;
    for (let end = line + counts[order]; line < end; line++) {
      ids[line] = receiptDates[line] <= today ? pickUniform(2, seeds[draw++]) : notReturned;
    }
  }
  return ids;
}

/**
 * The lines of orders [firstOrder, firstOrder + orderCount) (0-based order indexes; the order
 * range must lie within the scale's orders). The batch's rowCount is the number of lines.
 */
export function generateLineitem(
  scale: TpchScale,
  firstOrder: number,
  orderCount: number,
  columns: readonly string[],
): GeneratedBatch {
  const counts = lineCounts(firstOrder, orderCount);
  const lines = sumLineCounts(counts);
  const draws = (seed: number, low: number, high: number): Int32Array =>
    lineDraws(seed, firstOrder, counts, lines, low, high);
  const cache = new Map<string, Int32Array | Float64Array>();
  const cached = <T extends Int32Array | Float64Array>(key: string, compute: () => T): T => {
    let values = cache.get(key) as T | undefined;
    if (values === undefined) {
      values = compute();
      cache.set(key, values);
    }
    return values;
  };
  const partKeys = () => cached('partkey', () => linePartKeys(scale, firstOrder, counts, lines));
  const quantities = () => cached('quantity', () => draws(QUANTITY_SEED, 1, 50));
  const dateOfOrders = () => cached('orderdate', () => orderDates(firstOrder, orderCount));
  const shipDates = () =>
    cached('shipdate', () => {
      const dates = dateOfOrders();
      const offsets = draws(SHIP_DATE_SEED, 1, 121);
      let line = 0;
      for (let order = 0; order < orderCount; order++) {
        for (let end = line + counts[order]; line < end; line++) offsets[line] += dates[order];
      }
      return offsets;
    });
  const receiptDates = () =>
    cached('receiptdate', () => {
      const dates = draws(RECEIPT_DATE_SEED, 1, 30);
      const shipped = shipDates();
      for (let line = 0; line < lines; line++) dates[line] += shipped[line];
      return dates;
    });

  return assembleBatch('lineitem', lines, columns, {
    orderkey: () => float64Column(perLine(counts, lines, (order) => orderKey(firstOrder + order + 1))),
    partkey: () => float64Column(partKeys()),
    suppkey: () => {
      const parts = partKeys();
      const supplierNumbers = draws(SUPPLIER_NUMBER_SEED, 0, 3);
      const keys = new Float64Array(lines);
      for (let line = 0; line < lines; line++) {
        keys[line] = partSupplierKey(parts[line], supplierNumbers[line], scale.supplierCount);
      }
      return float64Column(keys);
    },
    linenumber: () => int32Column(lineNumbers(counts, lines)),
    quantity: () => float64Column(new Float64Array(quantities())),
    extendedprice: () => {
      const parts = partKeys();
      const quantity = quantities();
      const prices = new Float64Array(lines);
      for (let line = 0; line < lines; line++) {
        prices[line] = (retailPriceCents(parts[line]) * quantity[line]) / 100;
      }
      return float64Column(prices);
    },
    discount: () => float64Column(dividedBy(draws(DISCOUNT_SEED, 0, 10), 100)),
    tax: () => float64Column(dividedBy(draws(TAX_SEED, 0, 8), 100)),
    returnflag: () => dictionaryColumn(returnFlagIds(firstOrder, counts, receiptDates()), RETURN_FLAGS),
    linestatus: () => {
      const shipped = shipDates();
      return dictionaryColumn(
        int32Of(lines, (line) => (shipped[line] <= CURRENT_EPOCH_DAY ? 1 : 0)),
        LINE_STATUSES,
      );
    },
    shipdate: () => int32Column(shipDates()),
    commitdate: () => {
      const dates = dateOfOrders();
      const commits = draws(COMMIT_DATE_SEED, 30, 90);
      let line = 0;
      for (let order = 0; order < orderCount; order++) {
        for (let end = line + counts[order]; line < end; line++) commits[line] += dates[order];
      }
      return int32Column(commits);
    },
    receiptdate: () => int32Column(receiptDates()),
    shipinstruct: () =>
      dictionaryColumn(
        lineDictionaryIds(SHIP_INSTRUCTIONS_SEED, firstOrder, counts, lines, SHIP_INSTRUCTIONS.length),
        SHIP_INSTRUCTIONS,
      ),
    shipmode: () =>
      dictionaryColumn(lineDictionaryIds(SHIP_MODE_SEED, firstOrder, counts, lines, SHIP_MODES.length), SHIP_MODES),
    comment: () => stringColumn(commentColumn(firstOrder, counts, lines)),
  });
}
