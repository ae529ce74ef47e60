/**
 * A gather where position −1 means NULL: the output of outer joins (the columns of the side that
 * has no match) and of zipped UNNEST (the shorter collections padded with NULLs). Without any −1 it
 * is copyPositions; otherwise the fast flat kinds are gathered straight into new typed arrays with
 * a null mask, and other kinds go through a block builder.
 */

import { type Block, booleanBlock, float32Block, float64Block, int32Block, stringBlock } from '../../data/block.js';
import { createBlockBuilder, nullBlock } from '../../data/block-builder.js';
import { copyPositions } from '../../data/block-copy.js';
import { underlyingBlock } from '../../data/block-values.js';
import type { Type } from '../../types/type.js';

/** The values at `positions[0 .. count)` of `block`, NULL where the position is −1. */
export function gatherNullable(block: Block, type: Type, positions: Int32Array, count: number): Block {
  let missing = 0;
  for (let i = 0; i < count; i++) if (positions[i] < 0) missing++;
  if (missing === 0) return copyPositions(block, positions, count);
  if (missing === count) return nullBlock(type, count);
  const flat = underlyingBlock(block);
  const mapped = mapPositions(block, positions, count);
  const sourceNulls = flat.nulls;
  const nulls = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const p = mapped[i];
    nulls[i] = p < 0 || (sourceNulls !== undefined && sourceNulls[p] !== 0) ? 1 : 0;
  }
  switch (flat.kind) {
    case 'float64': {
      const values = new Float64Array(count);
      const source = flat.values;
      for (let i = 0; i < count; i++) if (nulls[i] === 0) values[i] = source[mapped[i]];
      return float64Block(values, nulls);
    }
    case 'int32': {
      const values = new Int32Array(count);
      const source = flat.values;
      for (let i = 0; i < count; i++) if (nulls[i] === 0) values[i] = source[mapped[i]];
      return int32Block(values, nulls);
    }
    case 'float32': {
      const values = new Float32Array(count);
      const source = flat.values;
      for (let i = 0; i < count; i++) if (nulls[i] === 0) values[i] = source[mapped[i]];
      return float32Block(values, nulls);
    }
    case 'boolean': {
      const values = new Uint8Array(count);
      const source = flat.values;
      for (let i = 0; i < count; i++) if (nulls[i] === 0) values[i] = source[mapped[i]];
      return booleanBlock(values, nulls);
    }
    case 'string': {
      const values: string[] = new Array(count);
      const source = flat.values;
      for (let i = 0; i < count; i++) values[i] = nulls[i] === 0 ? source[mapped[i]] : '';
      return stringBlock(values, nulls);
    }
    default: {
      const builder = createBlockBuilder(type, count);
      for (let i = 0; i < count; i++) {
        if (nulls[i] === 0) builder.appendFrom(flat, mapped[i]);
        else builder.appendNull();
      }
      return builder.build();
    }
  }
}

/** Positions in the block's underlying flat block (−1 kept). */
function mapPositions(block: Block, positions: Int32Array, count: number): Int32Array {
  if (block.kind === 'dictionary') {
    const ids = block.ids;
    const mapped = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const p = positions[i];
      mapped[i] = p < 0 ? -1 : ids[p];
    }
    return mapped;
  }
  if (block.kind === 'rle') {
    const mapped = new Int32Array(count);
    for (let i = 0; i < count; i++) mapped[i] = positions[i] < 0 ? -1 : 0;
    return mapped;
  }
  return positions;
}
