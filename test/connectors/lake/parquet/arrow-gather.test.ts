import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ArrowColumn, ArrowTypeId } from '../../../../src/connectors/lake/parquet/arrow-ffi.js';
import { gatherArrowColumn } from '../../../../src/connectors/lake/parquet/arrow-gather.js';
import { arrowToBlock } from '../../../../src/connectors/lake/parquet/arrow-to-blocks.js';
import { getValue } from '../../../../src/data/block-values.js';
import type { Type } from '../../../../src/types/type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { arrowColumn } from './arrow-columns.js';

const ctx = { location: 'file:///t/f.parquet', column: 'c' };

/** An array of as many values as `values` holds, unless `extra` says otherwise. */
function column(typeId: number, type: ArrowColumn['type'], values: ArrayBufferView, extra: Partial<ArrowColumn> = {}) {
  return arrowColumn(typeId, type, values, (values as unknown as { length: number }).length, extra);
}

function converted(data: ArrowColumn, type: Type): unknown[] {
  const block = arrowToBlock(data, type, undefined, ctx);
  return Array.from({ length: block.positionCount }, (_, i) => getValue(block, type, i));
}

const at = Int32Array.from([0, 2, 3]);

describe('lake parquet: gathering Arrow values at positions', () => {
  it('gathers 32-bit, 64-bit (bit patterns kept) and 128-bit values', () => {
    const ints = column(ArrowTypeId.Int, { bitWidth: 32, isSigned: true }, Int32Array.from([7, 8, -9, 10]));
    assert.deepEqual(converted(gatherArrowColumn(ints, at)!, parseType('integer')), [7, -9, 10]);
    // 64-bit integers whose bits read as doubles would be NaNs: moved as words, not as doubles.
    const nanLike = [0x7ff8000000000001n, 1n, -0x0008000000000001n, 0x7ff0000000000001n];
    const longs = column(ArrowTypeId.Int, { bitWidth: 64, isSigned: true }, BigInt64Array.from(nanLike));
    const gathered = gatherArrowColumn(longs, at)!;
    assert.deepEqual([...(gathered.values as BigInt64Array)], [nanLike[0], nanLike[2], nanLike[3]]);
    // Decimal128: four words a value.
    const words = Uint32Array.from([
      5, 0, 0, 0, 6, 0, 0, 0, 0xfffffff9, 0xffffffff, 0xffffffff, 0xffffffff, 8, 0, 0, 0,
    ]);
    const decimals = column(ArrowTypeId.Decimal, { bitWidth: 128, scale: 2 }, words, { length: 4 });
    assert.deepEqual(converted(gatherArrowColumn(decimals, at)!, parseType('decimal(10,2)')), [5, -7, 8]);
  });

  it('gathers narrow values, honours the array offset and the validity bits', () => {
    const halves = column(ArrowTypeId.Int, { bitWidth: 16, isSigned: true }, Int16Array.from([1, 2, 3, 4, 5]), {
      offset: 1,
      length: 4,
    });
    assert.deepEqual(converted(gatherArrowColumn(halves, at)!, parseType('smallint')), [2, 4, 5]);
    const bytes = column(ArrowTypeId.Int, { bitWidth: 8, isSigned: true }, Int8Array.from([1, -2, 3, -4]));
    assert.deepEqual(converted(gatherArrowColumn(bytes, at)!, parseType('tinyint')), [1, 3, -4]);
    // Slots 1..4 of [a, null, b, null, c] (validity 0b10101), gathered at 0, 2, 3: null, null, c.
    const withNulls = column(ArrowTypeId.Float, { precision: 2 }, Float64Array.from([1, 0, 2, 0, 3]), {
      offset: 1,
      length: 4,
      nullCount: 2,
      nullBitmap: Uint8Array.from([0b10101]),
    });
    const gathered = gatherArrowColumn(withNulls, at)!;
    assert.equal(gathered.nullCount, 2);
    assert.deepEqual(converted(gathered, parseType('double')), [null, null, 3]);
    assert.equal(gatherArrowColumn(withNulls, Int32Array.from([1]))!.nullBitmap, undefined);
  });

  it('gathers dictionary indices and keeps the dictionary; leaves strings and booleans alone', () => {
    const dictionary = column(ArrowTypeId.Utf8, {}, new TextEncoder().encode('xyz'), {
      length: 3,
      valueOffsets: Int32Array.from([0, 1, 2, 3]),
    });
    const indices = column(ArrowTypeId.Int, { bitWidth: 32, isSigned: true }, Int32Array.from([2, 0, 1, 1]), {
      dictionary,
    });
    const gathered = gatherArrowColumn(indices, at)!;
    assert.equal(gathered.dictionary, dictionary);
    assert.deepEqual(converted(gathered, parseType('varchar')), ['z', 'y', 'y']);
    assert.equal(gatherArrowColumn(dictionary, at), undefined);
    const flags = column(ArrowTypeId.Bool, {}, Uint8Array.from([0b1011]), { length: 4 });
    assert.equal(gatherArrowColumn(flags, at), undefined);
  });
});
