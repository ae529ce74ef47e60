/**
 * Small helpers accumulators share to read argument and state blocks (always flat, see
 * accumulator.ts) and to build result blocks straight from their typed-array state.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { float64Block, rowBlock } from '../../data/block.js';
import { flatten } from '../../data/block-copy.js';

/** The numbers of a numeric flat block; int64 blocks (bigints beyond 2^53) are converted, rounding. */
export function numberValues(block: FlatBlock): ArrayLike<number> {
  switch (block.kind) {
    case 'int32':
    case 'float64':
    case 'float32':
    case 'boolean':
      return block.values;
    case 'int64': {
      const values = new Float64Array(block.positionCount);
      for (let i = 0; i < values.length; i++) values[i] = Number(block.values[i]);
      return values;
    }
    default:
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Expected a numeric block, got ${block.kind}`);
  }
}

/** The fields of a row state block, each flattened. */
export function rowFields(block: FlatBlock): FlatBlock[] {
  if (block.kind !== 'row') throw new VivaceError('GENERIC_INTERNAL_ERROR', `Expected a row state, got ${block.kind}`);
  return block.fields.map(flatten);
}

/** A float64 block of `values[from .. to)` (copied) with the given nulls. */
export function float64Range(values: Float64Array, from: number, to: number, nulls?: Uint8Array): Block {
  return float64Block(values.slice(from, to), nulls);
}

/** A row block over `fields` (each of to - from positions). */
export function rowOfFields(count: number, fields: readonly Block[], nulls?: Uint8Array): Block {
  return rowBlock(count, fields, nulls);
}

/** Throws NUMERIC_VALUE_OUT_OF_RANGE with Presto's wording for a failed bigint addition. */
export function bigintAdditionOverflow(a: bigint | number, b: bigint | number): VivaceError {
  return new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', `bigint addition overflow: ${a} + ${b}`);
}

export const MIN_INT64 = -(1n << 63n);
export const MAX_INT64 = (1n << 63n) - 1n;
