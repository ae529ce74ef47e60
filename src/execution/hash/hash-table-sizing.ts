/**
 * Sizing rules shared by the open-addressing tables of the GroupByHash implementations: power-of-two
 * slot counts (the slot of a hash is `hash & mask`), at most half full (linear probing stays at about
 * 1.5 probes per successful lookup), and the batch size in which inputs are processed so that a table
 * can be grown once before a batch instead of being checked on every insertion.
 */

/** A table is grown when its groups would pass this fraction of its slots. */
export const MAX_LOAD_FACTOR = 0.5;
/** Positions processed between capacity checks; a batch can add at most this many groups. */
export const INSERT_BATCH = 4096;
export const DEFAULT_EXPECTED_GROUPS = 1024;
const MIN_SLOTS = 16;

/** The slot count for holding `groups` groups under the load factor (a power of two). */
export function slotCountFor(groups: number): number {
  let slots = MIN_SLOTS;
  while (slots * MAX_LOAD_FACTOR < groups) slots *= 2;
  return slots;
}

/** `array` grown (doubling) to hold at least `needed` entries, with its first `used` entries copied. */
export function growFloat64(array: Float64Array, needed: number, used: number): Float64Array {
  if (array.length >= needed) return array;
  const grown = new Float64Array(Math.max(needed, array.length * 2));
  grown.set(array.subarray(0, used));
  return grown;
}

export function growInt32(array: Int32Array, needed: number, used: number): Int32Array {
  if (array.length >= needed) return array;
  const grown = new Int32Array(Math.max(needed, array.length * 2));
  grown.set(array.subarray(0, used));
  return grown;
}

export function growUint8(array: Uint8Array, needed: number, used: number): Uint8Array {
  if (array.length >= needed) return array;
  const grown = new Uint8Array(Math.max(needed, array.length * 2));
  grown.set(array.subarray(0, used));
  return grown;
}

export function growBigInt64(array: BigInt64Array, needed: number, used: number): BigInt64Array {
  if (array.length >= needed) return array;
  const grown = new BigInt64Array(Math.max(needed, array.length * 2));
  grown.set(array.subarray(0, used));
  return grown;
}
