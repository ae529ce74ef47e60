import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import type { Block } from '../../src/data/block.js';
import { dictionaryBlock, float64Block, int64Block, rleBlock, stringBlock } from '../../src/data/block.js';
import { blockOf } from '../../src/data/block-builder.js';
import { concatBlocks, copyPositions, flatten, getBlockRegion, singleValueBlock } from '../../src/data/block-copy.js';
import { getValue } from '../../src/data/block-values.js';
import type { Type } from '../../src/types/type.js';
import { BIGINT, DOUBLE, VARCHAR } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';
import { assertSameValues, randomBlock, randomInt, randomType, SCALAR_TYPES, seededRandom } from './random-blocks.js';

function all(block: Block, type: Type): unknown[] {
  return Array.from({ length: block.positionCount }, (_, i) => getValue(block, type, i));
}

describe('copyPositions', () => {
  it('gathers the selected values of random blocks of every type', () => {
    const random = seededRandom(5);
    const types = [...SCALAR_TYPES, ...Array.from({ length: 30 }, () => randomType(random))];
    for (const type of types) {
      const block = randomBlock(random, type, 12);
      const count = randomInt(random, 0, 20);
      const positions = Int32Array.from({ length: count + 3 }, () => randomInt(random, 0, 11));
      const copy = copyPositions(block, positions, count);
      assert.equal(copy.positionCount, count);
      for (let i = 0; i < count; i++) {
        assert.deepEqual(getValue(copy, type, i), getValue(block, type, positions[i]!), `${type.kind} ${i}`);
      }
    }
  });

  it('keeps dictionaries and rle, and drops the null mask when no selected value is null', () => {
    const dictionary = dictionaryBlock(Int32Array.of(2, 0, 1), stringBlock(['a', 'b', 'c']));
    assert.ok(dictionary.kind === 'dictionary');
    const picked = copyPositions(dictionary, Int32Array.of(0, 0, 2), 3);
    assert.ok(picked.kind === 'dictionary');
    assert.equal(picked.dictionary, dictionary.dictionary);
    assert.deepEqual([...picked.ids], [2, 2, 1]);
    const rle = rleBlock(stringBlock(['x']), 10);
    const fewer = copyPositions(rle, Int32Array.of(9, 1), 2);
    assert.ok(fewer.kind === 'rle' && fewer.positionCount === 2);
    const withNulls = blockOf(DOUBLE, [1, null, 3]);
    const noNulls = copyPositions(withNulls, Int32Array.of(2, 0), 2);
    assert.equal((noNulls as { nulls?: Uint8Array }).nulls, undefined);
    assert.deepEqual(all(copyPositions(withNulls, Int32Array.of(1, 2), 2), DOUBLE), [null, 3]);
  });

  it('gathers nested blocks whose offsets do not start at 0', () => {
    const type = parseType('array(row(a varchar, b decimal(38,2)))');
    const block = blockOf(type, [
      [['a', 1n]],
      [],
      null,
      [
        ['b', -(10n ** 30n)],
        ['c', null],
      ],
    ]);
    const region = getBlockRegion(block, 1, 3);
    assert.ok(region.kind === 'array');
    assert.equal(region.offsets[0], 1);
    assert.deepEqual(all(copyPositions(region, Int32Array.of(2, 0, 1), 3), type), [
      [
        ['b', -(10n ** 30n)],
        ['c', null],
      ],
      [],
      null,
    ]);
  });
});

describe('regions, flatten and single values', () => {
  it('shares typed arrays in regions and compacts their null masks', () => {
    const block = blockOf(DOUBLE, [null, 1, 2, 3]);
    const region = getBlockRegion(block, 1, 2);
    assert.ok(region.kind === 'float64');
    assert.equal(region.values.buffer, (block as { values: Float64Array }).values.buffer);
    assert.equal(region.nulls, undefined);
    assert.deepEqual(all(getBlockRegion(block, 0, 2), DOUBLE), [null, 1]);
    assert.equal(getBlockRegion(block, 0, 4), block);
    assert.throws(() => getBlockRegion(block, 3, 2), /outside a block of 4/);
  });

  it('takes regions of every random block', () => {
    const random = seededRandom(17);
    for (let i = 0; i < 60; i++) {
      const type = randomType(random);
      const block = randomBlock(random, type, 10);
      const start = randomInt(random, 0, 10);
      const length = randomInt(random, 0, 10 - start);
      const region = getBlockRegion(block, start, length);
      const positions = Int32Array.from({ length }, (_, k) => start + k);
      assertSameValues(region, copyPositions(block, positions, length), type);
    }
  });

  it('flattens dictionaries and rle blocks of every kind', () => {
    const random = seededRandom(23);
    for (const type of [...SCALAR_TYPES, parseType('map(varchar, array(bigint))')]) {
      const value = singleValueBlock(randomBlock(random, type, 3), 1);
      assert.equal(value.positionCount, 1);
      const rle = rleBlock(value, 4);
      const flat = flatten(rle) as Block;
      assert.ok(flat.kind !== 'rle' && flat.kind !== 'dictionary');
      assertSameValues(flat, rle, type, type.kind);
      const dictionary = dictionaryBlock(Int32Array.of(0, 0), value);
      assertSameValues(flatten(dictionary), dictionary, type, type.kind);
    }
  });
});

describe('concatBlocks', () => {
  it('concatenates random blocks of one type', () => {
    const random = seededRandom(31);
    for (let i = 0; i < 60; i++) {
      const type = randomType(random);
      const parts = Array.from({ length: randomInt(random, 1, 4) }, () =>
        randomBlock(random, type, randomInt(random, 0, 6)),
      );
      const joined = concatBlocks(parts);
      const expected = parts.flatMap((part) => all(part, type));
      assert.deepEqual(all(joined, type), expected, type.kind);
    }
  });

  it('widens a bigint column mixing float64 and int64 blocks to int64', () => {
    const joined = concatBlocks([float64Block(Float64Array.of(1, 2)), int64Block(BigInt64Array.of(2n ** 62n))]);
    assert.equal(joined.kind, 'int64');
    assert.deepEqual(all(joined, BIGINT), [1, 2, 2n ** 62n]);
  });

  it('keeps a shared dictionary or rle value', () => {
    const dictionary = stringBlock(['a', 'b']);
    const joined = concatBlocks([
      dictionaryBlock(Int32Array.of(1), dictionary),
      dictionaryBlock(Int32Array.of(0, 1), dictionary),
    ]);
    assert.ok(joined.kind === 'dictionary' && joined.dictionary === dictionary);
    assert.deepEqual(all(joined, VARCHAR), ['b', 'a', 'b']);
    const value = stringBlock(['z']);
    const rle = concatBlocks([rleBlock(value, 2), rleBlock(value, 3)]);
    assert.ok(rle.kind === 'rle' && rle.positionCount === 5);
    assert.throws(() => concatBlocks([stringBlock(['a']), float64Block(Float64Array.of(1))]), /Cannot concatenate/);
    assert.throws(() => concatBlocks([]), /at least one/);
  });

  it('gives a string column in fast elements even where a module defined Symbol.isConcatSpreadable', () => {
    // A fresh process with V8's natives syntax: apache-arrow's vectors define the symbol, which
    // made Array.prototype.concat return dictionary-mode arrays for the rest of the process.
    const module = new URL('../../src/data/block-copy.js', import.meta.url).href;
    const blocks = new URL('../../src/data/block.js', import.meta.url).href;
    const script = `
      const { concatBlocks } = await import(${JSON.stringify(module)});
      const { stringBlock } = await import(${JSON.stringify(blocks)});
      Object.defineProperty(class {}.prototype, Symbol.isConcatSpreadable, { value: true });
      const parts = Array.from({ length: 19 }, (_, p) => stringBlock(Array.from({ length: 3000 }, (_, i) => 's' + (p * 3000 + i))));
      const joined = concatBlocks(parts);
      const dictionaryMode = new Function('a', 'return %HasDictionaryElements(a)');
      console.log(JSON.stringify({ dictionaryMode: dictionaryMode(joined.values), count: joined.positionCount, last: joined.values[56999] }));
    `;
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { dictionaryMode: false, count: 57000, last: 's56999' });
  });
});
