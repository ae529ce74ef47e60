/**
 * A key block read as numbers, for the kernels that test integer keys against bits (semi-join
 * keys, a join's key filter): the values and nulls of its flat block, through `ids` when it is a
 * dictionary or a run. Undefined for blocks that do not hold numbers (int64 words, strings).
 */
import type { Block, FlatBlock } from '../../data/block.js';

/** The widest span of integer keys kept as bits (4 MiB of them): semi-join keys, a join's key screen, dynamic filters. */
export const MAX_KEY_BITS = 1 << 25;

/** Integral types whose keys are numbers in int32/float64 blocks while they are safe integers. */
export const INTEGRAL_KEY_KINDS: ReadonlySet<string> = new Set(['tinyint', 'smallint', 'integer', 'bigint', 'date']);

export interface NumberKeys {
  readonly values: Int32Array | Float64Array;
  readonly nulls: Uint8Array | undefined;
  /** Position i's key is at `ids[i]` of values and nulls; absent: at i. */
  readonly ids: Int32Array | undefined;
}

/** A key block's flat values, and `ids` into them when it is a dictionary or a run (absent: position i is i). */
export function flatKeys(
  block: Block,
  count: number,
): { readonly flat: FlatBlock; readonly ids: Int32Array | undefined } {
  if (block.kind === 'dictionary') return { flat: block.dictionary, ids: block.ids };
  if (block.kind === 'rle') return { flat: block.value, ids: new Int32Array(count) };
  return { flat: block, ids: undefined };
}

export function numberKeys(block: Block, count: number): NumberKeys | undefined {
  const { flat, ids } = flatKeys(block, count);
  if (flat.kind !== 'int32' && flat.kind !== 'float64') return undefined;
  return { values: flat.values, nulls: flat.nulls, ids };
}
