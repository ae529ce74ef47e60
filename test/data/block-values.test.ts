import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dictionaryBlock, float64Block, rleBlock, stringBlock } from '../../src/data/block.js';
import { blockOf } from '../../src/data/block-builder.js';
import { concatBlocks, copyPositions, getBlockRegion } from '../../src/data/block-copy.js';
import { blockSizeInBytes, getValue, isNull, mayHaveNull, underlyingPosition } from '../../src/data/block-values.js';
import { compareInt128, readInt128, writeInt128 } from '../../src/data/int128.js';
import { BIGINT, DOUBLE, UNKNOWN, VARCHAR } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';

describe('value access', () => {
  it('reads nulls and values through dictionary and rle wrappers', () => {
    const dictionary = dictionaryBlock(Int32Array.of(1, 0, 1), blockOf(VARCHAR, ['a', null]) as never);
    assert.deepEqual(
      [0, 1, 2].map((i) => isNull(dictionary, i)),
      [true, false, true],
    );
    assert.equal(getValue(dictionary, VARCHAR, 1), 'a');
    assert.equal(underlyingPosition(dictionary, 0), 1);
    assert.ok(mayHaveNull(dictionary));
    const rle = rleBlock(float64Block(Float64Array.of(2.5)), 3);
    assert.equal(getValue(rle, DOUBLE, 2), 2.5);
    assert.ok(!mayHaveNull(rle));
    assert.equal(getValue(blockOf(UNKNOWN, [null]), UNKNOWN, 0), null);
  });

  it('returns safe bigints as numbers and others as bigint', () => {
    const block = blockOf(BIGINT, [2n ** 53n - 1n, 2n ** 53n, -(2n ** 53n)]);
    assert.equal(getValue(block, BIGINT, 0), 2 ** 53 - 1);
    assert.equal(getValue(block, BIGINT, 1), 2n ** 53n);
    assert.equal(getValue(block, BIGINT, 2), -(2n ** 53n));
    const shortDecimal = parseType('decimal(15,2)');
    assert.equal(getValue(blockOf(shortDecimal, [10 ** 15 - 1]), shortDecimal, 0), 10 ** 15 - 1);
    const longDecimal = parseType('decimal(16,2)');
    assert.equal(getValue(blockOf(longDecimal, [5]), longDecimal, 0), 5n);
  });

  it('reports a block that does not match the type', () => {
    assert.throws(
      () => getValue(blockOf(parseType('array(integer)'), [[1]]), VARCHAR, 0),
      /A array block cannot hold values of type varchar/,
    );
  });
});

describe('int128', () => {
  it('writes, reads and compares 128-bit values', () => {
    const values = [0n, 1n, -1n, 2n ** 64n, -(2n ** 64n), 2n ** 127n - 1n, -(2n ** 127n), 10n ** 37n - 1n];
    const words = new BigInt64Array(2 * values.length);
    for (const [i, value] of values.entries()) writeInt128(words, i, value);
    for (const [i, value] of values.entries()) assert.equal(readInt128(words, i), value);
    for (let a = 0; a < values.length; a++) {
      for (let b = 0; b < values.length; b++) {
        const expected = values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0;
        assert.equal(compareInt128(words, a, words, b), expected, `${values[a]} vs ${values[b]}`);
      }
    }
    assert.throws(() => writeInt128(words, 0, 2n ** 127n), /does not fit in 128 bits/);
  });
});

describe('blockSizeInBytes', () => {
  it('counts typed arrays by byte length, strings at 2 bytes a character plus overhead', () => {
    const doubles = blockSizeInBytes(float64Block(new Float64Array(1000)));
    assert.ok(doubles >= 8000 && doubles < 8200, String(doubles));
    const strings = blockSizeInBytes(stringBlock(['abcd', 'ef']));
    assert.ok(strings >= 12 + 2 * 16, String(strings));
    const withNulls = blockSizeInBytes(blockOf(DOUBLE, [1, null]));
    assert.ok(withNulls >= 16 + 2);
    const dictionary = dictionaryBlock(new Int32Array(100), stringBlock(['x']));
    assert.ok(blockSizeInBytes(dictionary) >= 400 + blockSizeInBytes(stringBlock(['x'])));
    const nested = blockOf(parseType('array(varchar)'), [['abc'], []]);
    assert.ok(blockSizeInBytes(nested) > 12 + 6);
    assert.equal(blockSizeInBytes(nested), blockSizeInBytes(nested));
  });

  it('sizes a concatenation of sized blocks exactly, and of unsized ones when asked', () => {
    const parts = [stringBlock(['abc', 'de']), stringBlock(['x'.repeat(50)]), stringBlock(['', 'f'])];
    const exact = blockSizeInBytes(stringBlock(['abc', 'de', 'x'.repeat(50), '', 'f']));
    assert.equal(blockSizeInBytes(concatBlocks(parts)), exact);
    for (const part of parts) blockSizeInBytes(part);
    assert.equal(blockSizeInBytes(concatBlocks(parts)), exact);
    const fresh = [stringBlock(['abc', 'de']), stringBlock(['x'.repeat(50)]), stringBlock(['', 'f'])];
    blockSizeInBytes(fresh[0]!);
    assert.equal(blockSizeInBytes(concatBlocks(fresh)), exact);
  });

  it('sizes strings gathered from a sized block exactly, from its value lengths', () => {
    const values = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 'x'.repeat(100) : 'y'));
    const positions = Int32Array.from({ length: 50 }, (_, i) => 2 * i);
    const exact = blockSizeInBytes(stringBlock(values.filter((_, i) => i % 2 === 0)));
    // Not sized before the gather, and sized before it: the same size.
    assert.equal(blockSizeInBytes(copyPositions(stringBlock(values), positions, 50)), exact);
    const sized = stringBlock(values);
    blockSizeInBytes(sized);
    const gathered = copyPositions(sized, positions, 50);
    assert.equal(blockSizeInBytes(gathered), exact);
    // A gather of a gather, and a region.
    assert.equal(
      blockSizeInBytes(copyPositions(gathered, Int32Array.of(0, 1), 2)),
      blockSizeInBytes(stringBlock(['x'.repeat(100), 'x'.repeat(100)])),
    );
    assert.equal(
      blockSizeInBytes(getBlockRegion(sized, 1, 3)),
      blockSizeInBytes(stringBlock(['y', 'x'.repeat(100), 'y'])),
    );
    const bytes = blockOf(parseType('varbinary'), [new Uint8Array(10), new Uint8Array(3), null]);
    blockSizeInBytes(bytes);
    assert.equal(
      blockSizeInBytes(copyPositions(bytes, Int32Array.of(0, 2), 2)),
      blockSizeInBytes(blockOf(parseType('varbinary'), [new Uint8Array(10), null])),
    );
  });
});
