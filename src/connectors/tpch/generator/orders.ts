/**
 * The orders table: row i is order number i + 1 (key from the sparse mapping). The status and the
 * total price summarise the order's lines, so computing them draws the line streams too
 * (order-lines.ts), exactly as lineitem does.
 */

import { dividedBy, uniformIds } from './column-arrays.js';
import { ORDER_PRIORITIES } from './distributions.js';
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
  DISCOUNT_SEED,
  lineCounts,
  lineDraws,
  linePartKeys,
  orderDates,
  QUANTITY_SEED,
  SHIP_DATE_SEED,
  sumLineCounts,
  TAX_SEED,
} from './order-lines.js';
import { advanceSeed, boundedValue, nextSeed } from './random-stream.js';
import { advanceSeed64, boundedValue64, nextSeed64 } from './random64.js';
import { rowStartSeeds } from './row-seeds.js';
import { commentColumn, paddedName } from './text-columns.js';
import { getTextPool } from './text-pool.js';
import { CURRENT_EPOCH_DAY } from './tpch-dates.js';
import { orderKey, retailPriceCents, type TpchScale } from './tpch-scale.js';

const CUSTOMER_KEY_SEED = 851767375;
const PRIORITY_SEED = 591449447;
const CLERK_SEED = 1171034773;
const COMMENT_SEED = 276090261;
const COMMENT_AVERAGE_LENGTH = 49;
/** Customers whose key is a multiple of this place no orders. */
const CUSTOMER_MORTALITY = 3;

/** orderstatus dictionary: F when every line has shipped, O when none has, P otherwise. */
const ORDER_STATUSES: readonly string[] = ['F', 'O', 'P'];

/** Customer keys of the orders; keys divisible by 3 are nudged to a neighbour. */
function customerKeys(scale: TpchScale, firstOrder: number, orderCount: number): Float64Array {
  const keys = new Float64Array(orderCount);
  const maxKey = scale.customerCount;
  let seed = advanceSeed(CUSTOMER_KEY_SEED, firstOrder);
  // At scale ≥ 30000 dbgen uses its 64-bit generator: one step per order, nothing skipped.
  let seed64 = scale.uses64BitKeys ? advanceSeed64(BigInt(CUSTOMER_KEY_SEED), firstOrder) : 0n;
  for (let i = 0; i < orderCount; i++) {
    let key: number;
    if (scale.uses64BitKeys) {
      seed64 = nextSeed64(seed64);
      key = boundedValue64(seed64, 1, maxKey);
    } else {
      seed = nextSeed(seed);
      key = boundedValue(seed, 1, maxKey);
    }
    let delta = 1;
    while (key % CUSTOMER_MORTALITY === 0) {
      key = Math.min(key + delta, maxKey);
      delta = -delta;
    }
    keys[i] = key;
  }
  return keys;
}

/** Total prices in cents: per line, the extended price less discount plus tax, in whole cents. */
function totalPricesInCents(scale: TpchScale, firstOrder: number, counts: Uint8Array): Float64Array {
  const lines = sumLineCounts(counts);
  const quantities = lineDraws(QUANTITY_SEED, firstOrder, counts, lines, 1, 50);
  const discounts = lineDraws(DISCOUNT_SEED, firstOrder, counts, lines, 0, 10);
  const taxes = lineDraws(TAX_SEED, firstOrder, counts, lines, 0, 8);
  const partKeys = linePartKeys(scale, firstOrder, counts, lines);
  const totals = new Float64Array(counts.length);
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    let total = 0;
    for (let end = line + counts[order]; line < end; line++) {
      const extended = retailPriceCents(partKeys[line]) * quantities[line];
      const discounted = Math.floor((extended * (100 - discounts[line])) / 100);
      total += Math.floor((discounted * (100 + taxes[line])) / 100);
    }
    totals[order] = total;
  }
  return totals;
}

function statusIds(firstOrder: number, counts: Uint8Array, dates: Int32Array): Int32Array {
  const shipOffsets = lineDraws(SHIP_DATE_SEED, firstOrder, counts, sumLineCounts(counts), 1, 121);
  const ids = new Int32Array(counts.length);
  let line = 0;
  for (let order = 0; order < counts.length; order++) {
    const lineCount = counts[order];
    let shipped = 0;
    for (let end = line + lineCount; line < end; line++) {
      if (dates[order] + shipOffsets[line] <= CURRENT_EPOCH_DAY) shipped++;
    }
    ids[order] = shipped === lineCount ? 0 : shipped === 0 ? 1 : 2;
  }
  return ids;
}

/** The keys of orders [start, start + count) (0-based order indexes; keys are sparse). */
function orderKeys(start: number, count: number): Float64Array {
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = orderKey(start + i + 1);
  return keys;
}

/** One batch of orders: its rows and the line counts and dates several columns share. */
class OrdersBatch {
  private counts: Uint8Array | undefined;
  private dates: Int32Array | undefined;

  constructor(
    readonly scale: TpchScale,
    readonly start: number,
    readonly count: number,
  ) {}

  lineCounts(): Uint8Array {
    this.counts ??= lineCounts(this.start, this.count);
    return this.counts;
  }

  orderDates(): Int32Array {
    this.dates ??= orderDates(this.start, this.count);
    return this.dates;
  }

  seeds(seed: number, drawsPerRow: number): Float64Array {
    return rowStartSeeds(seed, drawsPerRow, this.start, this.count);
  }
}

const ORDERS_COLUMNS: ColumnBuilders<OrdersBatch> = {
  orderkey: (b) => float64Column(orderKeys(b.start, b.count)),
  custkey: (b) => float64Column(customerKeys(b.scale, b.start, b.count)),
  orderstatus: (b) => dictionaryColumn(statusIds(b.start, b.lineCounts(), b.orderDates()), ORDER_STATUSES),
  totalprice: (b) => float64Column(dividedBy(totalPricesInCents(b.scale, b.start, b.lineCounts()), 100)),
  orderdate: (b) => int32Column(b.orderDates()),
  orderpriority: (b) =>
    dictionaryColumn(uniformIds(b.seeds(PRIORITY_SEED, 1), ORDER_PRIORITIES.length), ORDER_PRIORITIES),
  clerk: (b) => stringColumn(clerkNames(b.seeds(CLERK_SEED, 1), b.scale.clerkCount)),
  shippriority: (b) => int32Column(new Int32Array(b.count)),
  comment: (b) => stringColumn(commentColumn(getTextPool(), b.seeds(COMMENT_SEED, 2), COMMENT_AVERAGE_LENGTH)),
};

/** Rows [start, start + count) of orders (0-based order indexes). */
export function generateOrders(
  scale: TpchScale,
  start: number,
  count: number,
  columns: readonly string[],
): GeneratedBatch {
  return assembleBatch('orders', count, columns, ORDERS_COLUMNS, new OrdersBatch(scale, start, count));
}

/** Clerk#000000001 ...: each clerk's name is built once per batch. */
function clerkNames(seeds: Float64Array, clerkCount: number): string[] {
  const names = new Map<number, string>();
  const values = new Array<string>(seeds.length);
  for (let i = 0; i < seeds.length; i++) {
    const clerk = boundedValue(nextSeed(seeds[i]), 1, clerkCount);
    let name = names.get(clerk);
    if (name === undefined) {
      name = paddedName('Clerk#', clerk);
      names.set(clerk, name);
    }
    values[i] = name;
  }
  return values;
}
