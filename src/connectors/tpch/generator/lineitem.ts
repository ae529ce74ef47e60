/**
 * The lineitem table, addressed by ORDER range: the lines of orders [firstOrder, firstOrder +
 * orderCount) (0-based order indexes), 1–7 lines each, in order. Each requested column is one loop
 * over its stream; derived columns pull in what they depend on (the extended price needs part keys
 * and quantities, the return flag the receipt date, ...), each computed at most once per batch.
 */

import { dividedBy } from './column-arrays.js';
import { pickUniform, SHIP_INSTRUCTIONS, SHIP_MODES } from './distributions.js';
import {
  assembleBatch,
  type ColumnBuilders,
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

/** Each line's order key (orders [firstOrder, ...), 0-based). */
function lineOrderKeys(firstOrder: number, counts: Uint8Array, lines: number): Float64Array {
  const keys = new Float64Array(lines);
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    const key = orderKey(firstOrder + order + 1);
    for (let end = line + counts[order]; line < end; line++) keys[line] = key;
  }
  return keys;
}

/** Adds each order's value to each of its lines' values, in place (dates offset from the order date). */
function addPerOrder(values: Int32Array, counts: Uint8Array, orderValues: Int32Array): Int32Array {
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    const value = orderValues[order];
    for (let end = line + counts[order]; line < end; line++) values[line] += value;
  }
  return values;
}

/** values[i] += addend[i], in place. */
function addInPlace(values: Int32Array, addend: Int32Array): Int32Array {
  for (let i = 0; i < values.length; i++) values[i] += addend[i];
  return values;
}

/** Each line's supplier: the drawn one (0–3) of the part's four suppliers. */
function lineSupplierKeys(parts: Float64Array, supplierNumbers: Int32Array, supplierCount: number): Float64Array {
  const keys = new Float64Array(parts.length);
  for (let line = 0; line < keys.length; line++) {
    keys[line] = partSupplierKey(parts[line], supplierNumbers[line], supplierCount);
  }
  return keys;
}

/** quantity × the part's retail price. */
function extendedPrices(parts: Float64Array, quantities: Int32Array): Float64Array {
  const prices = new Float64Array(parts.length);
  for (let line = 0; line < prices.length; line++) {
    prices[line] = (retailPriceCents(parts[line]) * quantities[line]) / 100;
  }
  return prices;
}

/** F (1) once shipped by the current date, else O (0). */
function lineStatusIds(shipDates: Int32Array): Int32Array {
  const ids = new Int32Array(shipDates.length);
  for (let line = 0; line < ids.length; line++) ids[line] = shipDates[line] <= CURRENT_EPOCH_DAY ? 1 : 0;
  return ids;
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
 * One batch's shared inputs: its orders' line counts, and the streams several columns derive from
 * (part keys, quantities, dates), each computed at most once.
 */
class LineitemBatch {
  readonly counts: Uint8Array;
  readonly lines: number;
  private partKeyValues: Float64Array | undefined;
  private quantityValues: Int32Array | undefined;
  private orderDateValues: Int32Array | undefined;
  private shipDateValues: Int32Array | undefined;
  private receiptDateValues: Int32Array | undefined;

  constructor(
    readonly scale: TpchScale,
    readonly firstOrder: number,
    readonly orderCount: number,
  ) {
    this.counts = lineCounts(firstOrder, orderCount);
    this.lines = sumLineCounts(this.counts);
  }

  draws(seed: number, low: number, high: number): Int32Array {
    return lineDraws(seed, this.firstOrder, this.counts, this.lines, low, high);
  }

  dictionaryIds(seed: number, size: number): Int32Array {
    return lineDictionaryIds(seed, this.firstOrder, this.counts, this.lines, size);
  }

  partKeys(): Float64Array {
    this.partKeyValues ??= linePartKeys(this.scale, this.firstOrder, this.counts, this.lines);
    return this.partKeyValues;
  }

  quantities(): Int32Array {
    this.quantityValues ??= this.draws(QUANTITY_SEED, 1, 50);
    return this.quantityValues;
  }

  orderDates(): Int32Array {
    this.orderDateValues ??= orderDates(this.firstOrder, this.orderCount);
    return this.orderDateValues;
  }

  shipDates(): Int32Array {
    this.shipDateValues ??= addPerOrder(this.draws(SHIP_DATE_SEED, 1, 121), this.counts, this.orderDates());
    return this.shipDateValues;
  }

  receiptDates(): Int32Array {
    this.receiptDateValues ??= addInPlace(this.draws(RECEIPT_DATE_SEED, 1, 30), this.shipDates());
    return this.receiptDateValues;
  }
}

/** Each column from a batch; made once, so that V8 keeps their optimized code (column-arrays.ts). */
const LINEITEM_COLUMNS: ColumnBuilders<LineitemBatch> = {
  orderkey: (b) => float64Column(lineOrderKeys(b.firstOrder, b.counts, b.lines)),
  partkey: (b) => float64Column(b.partKeys()),
  suppkey: (b) =>
    float64Column(lineSupplierKeys(b.partKeys(), b.draws(SUPPLIER_NUMBER_SEED, 0, 3), b.scale.supplierCount)),
  linenumber: (b) => int32Column(lineNumbers(b.counts, b.lines)),
  quantity: (b) => float64Column(new Float64Array(b.quantities())),
  extendedprice: (b) => float64Column(extendedPrices(b.partKeys(), b.quantities())),
  discount: (b) => float64Column(dividedBy(b.draws(DISCOUNT_SEED, 0, 10), 100)),
  tax: (b) => float64Column(dividedBy(b.draws(TAX_SEED, 0, 8), 100)),
  returnflag: (b) => dictionaryColumn(returnFlagIds(b.firstOrder, b.counts, b.receiptDates()), RETURN_FLAGS),
  linestatus: (b) => dictionaryColumn(lineStatusIds(b.shipDates()), LINE_STATUSES),
  shipdate: (b) => int32Column(b.shipDates()),
  commitdate: (b) => int32Column(addPerOrder(b.draws(COMMIT_DATE_SEED, 30, 90), b.counts, b.orderDates())),
  receiptdate: (b) => int32Column(b.receiptDates()),
  shipinstruct: (b) =>
    dictionaryColumn(b.dictionaryIds(SHIP_INSTRUCTIONS_SEED, SHIP_INSTRUCTIONS.length), SHIP_INSTRUCTIONS),
  shipmode: (b) => dictionaryColumn(b.dictionaryIds(SHIP_MODE_SEED, SHIP_MODES.length), SHIP_MODES),
  comment: (b) => stringColumn(commentColumn(b.firstOrder, b.counts, b.lines)),
};

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
  const batch = new LineitemBatch(scale, firstOrder, orderCount);
  return assembleBatch('lineitem', batch.lines, columns, LINEITEM_COLUMNS, batch);
}
