/**
 * The streams dbgen draws for an order and its lines, shared by the orders table (its status and
 * total price summarise the lines) and the lineitem table. Per-order streams (line count, order
 * date, ...) draw once per order; per-line streams own 7 draws per order (the most lines an order
 * can have) and each line takes the next one, the comment stream 2 per line out of 14.
 *
 * Everything is addressed by order index (0-based; order number = index + 1).
 */
import {
  advanceSeed,
  boundedValue,
  drawScale,
  MAX_SCALED_RANGE,
  multiplyModulus,
  nextSeed,
  scaledDraw,
  skipMultiplier,
} from './random-stream.js';
import { boundedValue64, nextSeed64 } from './random64.js';
import { ORDER_DATE_MAX_OFFSET, START_EPOCH_DAY } from './tpch-dates.js';
import type { TpchScale } from './tpch-scale.js';

export const MAX_LINES_PER_ORDER = 7;

export const LINE_COUNT_SEED = 1434868289;
export const ORDER_DATE_SEED = 1066728069;
export const QUANTITY_SEED = 209208115;
export const DISCOUNT_SEED = 554590007;
export const TAX_SEED = 721958466;
export const PART_KEY_SEED = 1808217256;
export const SUPPLIER_NUMBER_SEED = 2095021727;
export const SHIP_DATE_SEED = 1769349045;
export const COMMIT_DATE_SEED = 904914315;
export const RECEIPT_DATE_SEED = 373135028;
export const RETURN_FLAG_SEED = 717419739;
export const SHIP_INSTRUCTIONS_SEED = 1371272478;
export const SHIP_MODE_SEED = 675466456;
export const LINE_COMMENT_SEED = 1095462486;

/** Number of lines (1–7) of each order in [firstOrder, firstOrder + orderCount). */
export function lineCounts(firstOrder: number, orderCount: number): Uint8Array {
  const counts = new Uint8Array(orderCount);
  const scale = drawScale(1, MAX_LINES_PER_ORDER);
  let seed = advanceSeed(LINE_COUNT_SEED, firstOrder);
  for (let i = 0; i < orderCount; i++) {
    seed = nextSeed(seed);
    counts[i] = scaledDraw(seed, 1, scale);
  }
  return counts;
}

/**
 * Total lines of orders [firstOrder, firstOrder + orderCount), without storing the counts. The
 * range is cut into four blocks summed in the same loop, for four independent dependency chains.
 */
export function countLines(firstOrder: number, orderCount: number): number {
  const scale = drawScale(1, MAX_LINES_PER_ORDER);
  const block = Math.floor(orderCount / 4);
  let a = advanceSeed(LINE_COUNT_SEED, firstOrder);
  let b = advanceSeed(LINE_COUNT_SEED, firstOrder + block);
  let c = advanceSeed(LINE_COUNT_SEED, firstOrder + 2 * block);
  let d = advanceSeed(LINE_COUNT_SEED, firstOrder + 3 * block);
  let total = 0;
  for (let i = 0; i < block; i++) {
    a = nextSeed(a);
    b = nextSeed(b);
    c = nextSeed(c);
    d = nextSeed(d);
    total += scaledDraw(a, 1, scale) + scaledDraw(b, 1, scale) + scaledDraw(c, 1, scale) + scaledDraw(d, 1, scale);
  }
  // The last block also takes the remainder of the division by four.
  for (let i = 4 * block; i < orderCount; i++) {
    d = nextSeed(d);
    total += scaledDraw(d, 1, scale);
  }
  return total;
}

export function sumLineCounts(counts: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  return total;
}

/** Order dates as days since 1970-01-01. */
export function orderDates(firstOrder: number, orderCount: number): Int32Array {
  const dates = new Int32Array(orderCount);
  const scale = drawScale(0, ORDER_DATE_MAX_OFFSET);
  let seed = advanceSeed(ORDER_DATE_SEED, firstOrder);
  for (let i = 0; i < orderCount; i++) {
    seed = nextSeed(seed);
    dates[i] = START_EPOCH_DAY + scaledDraw(seed, 0, scale);
  }
  return dates;
}

/**
 * The values a per-line stream draws for each line of the orders: `drawsPerLine` consecutive
 * values per line (lines in order), each order owning `valuesPerOrder` of the stream.
 *
 * The walk steps through every value of every order rather than jumping over the unused ones: a
 * step is cheaper than a jump. It is latency-bound (each step multiplies the last seed), so the
 * orders are cut into four quarters walked in the same loop: four independent dependency chains
 * the processor overlaps. A value is stored whether or not its line uses it — at its line's slot,
 * or at a slot past the lines that nothing reads — so the loop has no branch that depends on the
 * random line counts.
 *
 * The result lives in a scratch buffer shared by all calls (fresh memory is expensive to touch):
 * it is valid until the next call and may be longer than lineCount · drawsPerLine.
 */
export function lineStreamValues(
  initialSeed: number,
  valuesPerOrder: number,
  drawsPerLine: number,
  firstOrder: number,
  counts: Uint8Array,
  lineCount: number,
): Float64Array {
  const used = lineCount * drawsPerLine;
  const values = scratchValues(used + 1);
  const quarter = counts.length >> 2;
  // Where each chain's first order's values go: the draws of the orders before it.
  let at1 = 0;
  for (let order = 0; order < quarter; order++) at1 += counts[order];
  let at2 = at1;
  for (let order = quarter; order < 2 * quarter; order++) at2 += counts[order];
  let at3 = at2;
  for (let order = 2 * quarter; order < 3 * quarter; order++) at3 += counts[order];
  at1 *= drawsPerLine;
  at2 *= drawsPerLine;
  at3 *= drawsPerLine;
  let at0 = 0;
  let seed0 = advanceSeed(initialSeed, valuesPerOrder * firstOrder);
  let seed1 = advanceSeed(initialSeed, valuesPerOrder * (firstOrder + quarter));
  let seed2 = advanceSeed(initialSeed, valuesPerOrder * (firstOrder + 2 * quarter));
  let seed3 = advanceSeed(initialSeed, valuesPerOrder * (firstOrder + 3 * quarter));
  // The last chain also walks the orders left over by the division by four (up to three), with
  // no partners: the other chains then draw values nobody stores at a used slot.
  const lastOrders = counts.length - 3 * quarter;
  const unused = used;
  for (let order = 0; order < lastOrders; order++) {
    const inQuarter = order < quarter;
    const used0 = inQuarter ? counts[order] * drawsPerLine : 0;
    const used1 = inQuarter ? counts[order + quarter] * drawsPerLine : 0;
    const used2 = inQuarter ? counts[order + 2 * quarter] * drawsPerLine : 0;
    const used3 = counts[order + 3 * quarter] * drawsPerLine;
    for (let draw = 0; draw < valuesPerOrder; draw++) {
      seed0 = nextSeed(seed0);
      seed1 = nextSeed(seed1);
      seed2 = nextSeed(seed2);
      seed3 = nextSeed(seed3);
      values[draw < used0 ? at0 + draw : unused] = seed0;
      values[draw < used1 ? at1 + draw : unused] = seed1;
      values[draw < used2 ? at2 + draw : unused] = seed2;
      values[draw < used3 ? at3 + draw : unused] = seed3;
    }
    at0 += used0;
    at1 += used1;
    at2 += used2;
    at3 += used3;
  }
  return values;
}

let scratch = new Float64Array(1024);
/** Larger requests get a buffer of their own, so that one huge batch does not pin memory forever. */
const MAX_KEPT_SCRATCH = 1 << 20;

function scratchValues(length: number): Float64Array {
  if (length > MAX_KEPT_SCRATCH) return new Float64Array(length);
  if (scratch.length < length)
    scratch = new Float64Array(Math.min(MAX_KEPT_SCRATCH, Math.max(length, 2 * scratch.length)));
  return scratch;
}

/** One draw in [low, high] per line from a per-line stream. */
export function lineDraws(
  initialSeed: number,
  firstOrder: number,
  counts: Uint8Array,
  lineCount: number,
  low: number,
  high: number,
): Int32Array {
  const seeds = lineStreamValues(initialSeed, MAX_LINES_PER_ORDER, 1, firstOrder, counts, lineCount);
  const values = new Int32Array(lineCount);
  if (high - low + 1 <= MAX_SCALED_RANGE) {
    const scale = drawScale(low, high);
    for (let line = 0; line < lineCount; line++) values[line] = scaledDraw(seeds[line], low, scale);
  } else {
    for (let line = 0; line < lineCount; line++) values[line] = boundedValue(seeds[line], low, high);
  }
  return values;
}

/**
 * Part keys of the lines. From scale 30000 on dbgen draws them with its 64-bit generator while
 * still skipping unused draws with the 31-bit arithmetic, which makes its sequential output depend
 * on every earlier order; here each order starts where dbgen's skip-ahead would put it (as dbgen
 * does at the start of a parallel chunk), which keeps rows independent of the range asked for.
 */
export function linePartKeys(
  scale: TpchScale,
  firstOrder: number,
  counts: Uint8Array,
  lineCount: number,
): Float64Array {
  if (!scale.uses64BitKeys) {
    return new Float64Array(lineDraws(PART_KEY_SEED, firstOrder, counts, lineCount, 1, scale.partCount));
  }
  const keys = new Float64Array(lineCount);
  const orderMultiplier = skipMultiplier(MAX_LINES_PER_ORDER);
  let orderStart = advanceSeed(PART_KEY_SEED, MAX_LINES_PER_ORDER * firstOrder);
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    let seed = BigInt(orderStart);
    for (let end = line + counts[order]; line < end; line++) {
      seed = nextSeed64(seed);
      keys[line] = boundedValue64(seed, 1, scale.partCount);
    }
    orderStart = multiplyModulus(orderStart, orderMultiplier);
  }
  return keys;
}

/** One draw per line as a dictionary id in [0, size), from a uniform distribution's stream. */
export function lineDictionaryIds(
  initialSeed: number,
  firstOrder: number,
  counts: Uint8Array,
  lineCount: number,
  size: number,
): Int32Array {
  return lineDraws(initialSeed, firstOrder, counts, lineCount, 0, size - 1);
}
