/**
 * How a scale factor sizes the TPC-H tables, following dbgen's driver: at SF ≥ 1 the base row
 * counts are multiplied by the integer part of the scale factor (dbgen truncates it, so SF 1.5
 * generates SF 1), and below 1 each base count is multiplied by ⌊1000·SF⌋/1000 (at least one row)
 * while every other "per scale" quantity (clerks) stays at its SF 1 value. Also here: the key
 * formulas that depend on those counts (sparse order keys, the part → supplier bridge).
 */
import { VivaceError } from '../../../common/vivace-error.js';

export const PART_BASE = 200_000;
export const SUPPLIER_BASE = 10_000;
export const CUSTOMER_BASE = 150_000;
export const ORDER_BASE = 1_500_000;
export const SUPPLIERS_PER_PART = 4;
export const NATION_COUNT = 25;
export const REGION_COUNT = 5;
/** dbgen switches o_custkey and l_partkey to its 64-bit generator from this (integer) scale on. */
const SCALE_64_BIT_KEYS = 30_000;

export interface TpchScale {
  readonly scaleFactor: number;
  /** dbgen's integer `scale`: ⌊SF⌋, or 1 below SF 1. */
  readonly scale: number;
  readonly partCount: number;
  readonly supplierCount: number;
  readonly customerCount: number;
  readonly orderCount: number;
  /** Highest clerk number: 1000 per unit of `scale`. */
  readonly clerkCount: number;
  /** Whether customer and part keys of orders and lines come from dbgen's 64-bit generator. */
  readonly uses64BitKeys: boolean;
}

export function resolveScale(scaleFactor: number): TpchScale {
  if (!Number.isFinite(scaleFactor) || scaleFactor <= 0) {
    throw new VivaceError('INVALID_ARGUMENTS', `TPC-H scale factor must be positive: ${scaleFactor}`);
  }
  let scale: number;
  let count: (base: number) => number;
  if (scaleFactor < 1) {
    scale = 1;
    const thousandths = Math.trunc(1000 * scaleFactor);
    count = (base) => Math.max(1, Math.floor((thousandths * base) / 1000));
  } else {
    scale = Math.trunc(scaleFactor);
    count = (base) => base * scale;
  }
  return {
    scaleFactor,
    scale,
    partCount: count(PART_BASE),
    supplierCount: count(SUPPLIER_BASE),
    customerCount: count(CUSTOMER_BASE),
    orderCount: count(ORDER_BASE),
    clerkCount: 1000 * scale,
    uses64BitKeys: scale >= SCALE_64_BIT_KEYS,
  };
}

/**
 * Order keys are sparse: of every 32 keys only 8 are used (1–7, 32–39, 64–71, ...: the low 3 bits
 * of the order number are kept and the rest shifted up by 2 bits), leaving room for the refresh
 * functions' inserts. `orderNumber` is 1-based.
 */
export function orderKey(orderNumber: number): number {
  const low = orderNumber % 8;
  return (orderNumber - low) * 4 + low;
}

/** The i-th (0–3) supplier of a part: spread so that each supplier serves parts evenly (4 per part). */
export function partSupplierKey(partKey: number, supplierNumber: number, supplierCount: number): number {
  const stride = Math.floor(supplierCount / 4) + Math.floor((partKey - 1) / supplierCount);
  return ((partKey + supplierNumber * stride) % supplierCount) + 1;
}

/** A part's retail price in cents, a function of its key alone. */
export function retailPriceCents(partKey: number): number {
  return 90_000 + (Math.floor(partKey / 10) % 20_001) + (partKey % 1000) * 100;
}
