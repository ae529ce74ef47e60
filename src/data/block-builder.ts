/**
 * Block builders: the one way to make blocks value by value. `createBlockBuilder(type, expected)`
 * returns a builder for the storage class of `type` (see physical-type.ts); append values, then
 * `build()` returns an immutable block of exactly the appended size and resets the builder, which can
 * then be reused for the next block.
 *
 * Three ways to append, fastest first:
 *   - the typed methods (`appendFloat64`, `appendInt32`, `appendString`, `appendBigInt`,
 *     `appendZoned`, ...), which take the stored representation and do no conversion beyond the
 *     range checks that keep the block valid; calling one the builder does not store throws;
 *   - `appendFrom(block, position)`, which copies one position of a block of the same type
 *     (dictionary and rle wrappers included);
 *   - `append(value)`, which takes the JS value representation of block-values.ts (`getValue`), with
 *     null/undefined meaning SQL NULL.
 * Nested builders (`ArrayBlockBuilder`, `MapBlockBuilder`, `RowBlockBuilder`) also let you append to
 * their child builders directly and then call `closeEntry()`.
 *
 * Storage grows by doubling (starting at `expectedPositions`), null masks are allocated only at the
 * first null, and `build()` hands over the arrays when they are exactly full, else copies them to
 * the exact size.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Type } from '../types/type.js';
import type { Block, RleBlock } from './block.js';
import { rleBlock } from './block.js';
import type { BlockBuilder } from './block-builder-interface.js';
import { singleValueBlock } from './block-copy.js';
import {
  BinaryBlockBuilder,
  BooleanBlockBuilder,
  CharBlockBuilder,
  Float32BlockBuilder,
  Float64BlockBuilder,
  Int32BlockBuilder,
  StringBlockBuilder,
  UnknownBlockBuilder,
} from './flat-block-builders.js';
import { ArrayBlockBuilder, MapBlockBuilder, RowBlockBuilder } from './nested-block-builders.js';
import { isLongTimestamp, physicalKindOf } from './physical-type.js';
import { TimestampTzBlockBuilder } from './timestamptz-block-builder.js';
import { BigintBlockBuilder, Int64BlockBuilder, Int128BlockBuilder } from './wide-integer-block-builders.js';

export type { BlockBuilder };
export { ArrayBlockBuilder, MapBlockBuilder, RowBlockBuilder };

const DEFAULT_EXPECTED_POSITIONS = 1024;

/** A builder for values of `type`, sized for about `expectedPositions` values (it grows past that). */
export function createBlockBuilder(type: Type, expectedPositions = DEFAULT_EXPECTED_POSITIONS): BlockBuilder {
  const expected = Math.max(1, Math.floor(expectedPositions));
  switch (type.kind) {
    case 'unknown':
      return new UnknownBlockBuilder(type, expected);
    case 'bigint':
      return new BigintBlockBuilder(type, expected);
    case 'char':
      return new CharBlockBuilder(type, expected);
    case 'array':
      return new ArrayBlockBuilder(type, expected, createBlockBuilder(type.element, expected));
    case 'map':
      return new MapBlockBuilder(
        type,
        expected,
        createBlockBuilder(type.key, expected),
        createBlockBuilder(type.value, expected),
      );
    case 'row':
      return new RowBlockBuilder(
        type,
        expected,
        type.fields.map((field) => createBlockBuilder(field.type, expected)),
      );
    default:
      break;
  }
  switch (physicalKindOf(type)) {
    case 'boolean':
      return new BooleanBlockBuilder(type, expected);
    case 'int32':
      return new Int32BlockBuilder(type, expected);
    case 'float64':
      return new Float64BlockBuilder(type, expected);
    case 'float32':
      return new Float32BlockBuilder(type, expected);
    case 'int64':
      return new Int64BlockBuilder(type, expected);
    case 'int128':
      return new Int128BlockBuilder(type, expected);
    case 'string':
      return new StringBlockBuilder(type, expected);
    case 'binary':
      return new BinaryBlockBuilder(type, expected);
    case 'timestamptz':
      return new TimestampTzBlockBuilder(type, expected, isLongTimestamp(type));
    default:
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `No block builder for type ${type.kind}`);
  }
}

/** A block holding `values` (JS value representation, null for NULL) of `type`. */
export function blockOf(type: Type, values: readonly unknown[]): Block {
  const builder = createBlockBuilder(type, values.length);
  for (const value of values) builder.append(value);
  return builder.build();
}

/** `value` (JS representation) repeated `positionCount` times: the block of a constant. */
export function constantBlock(type: Type, value: unknown, positionCount: number): RleBlock {
  const builder = createBlockBuilder(type, 1);
  builder.append(value);
  return rleBlock(singleValueBlock(builder.build(), 0), positionCount);
}

/** `positionCount` NULLs of `type`. */
export function nullBlock(type: Type, positionCount: number): RleBlock {
  return constantBlock(type, null, positionCount);
}
