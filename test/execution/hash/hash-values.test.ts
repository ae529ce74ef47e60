import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Block } from '../../../src/data/block.js';
import {
  dictionaryBlock,
  float64Block,
  int32Block,
  int64Block,
  rleBlock,
  stringBlock,
} from '../../../src/data/block.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import {
  combineHash,
  hashBigInt,
  hashBlock,
  hashNumber,
  hashString,
  hashValue,
  NULL_HASH,
} from '../../../src/execution/hash/hash-values.js';
import type { Type } from '../../../src/types/type.js';
import {
  arrayOf,
  BIGINT,
  DOUBLE,
  decimal,
  INTEGER,
  mapOf,
  rowOf,
  timestamp,
  VARBINARY,
  VARCHAR,
} from '../../../src/types/type.js';

function hashes(block: Block, type: Type): number[] {
  const out = new Int32Array(block.positionCount);
  hashBlock(block, type, out, block.positionCount);
  return [...out];
}

describe('hash-values', () => {
  it('hashes a value the same whatever its block encoding', () => {
    const flat = hashes(float64Block(Float64Array.of(5, 2 ** 40, -7)), BIGINT);
    assert.deepEqual(hashes(int64Block(BigInt64Array.of(5n, 2n ** 40n, -7n)), BIGINT), flat);
    assert.deepEqual(hashes(int32Block(Int32Array.of(5)), INTEGER), [flat[0]]);
    assert.deepEqual(hashes(dictionaryBlock(Int32Array.of(1, 0), float64Block(Float64Array.of(5, 2 ** 40))), BIGINT), [
      flat[1],
      flat[0],
    ]);
    assert.deepEqual(hashes(rleBlock(float64Block(Float64Array.of(-7)), 2), BIGINT), [flat[2], flat[2]]);
    const strings = hashes(stringBlock(['a', 'bc']), VARCHAR);
    assert.deepEqual(hashes(dictionaryBlock(Int32Array.of(1, 0), stringBlock(['a', 'bc'])), VARCHAR), [
      strings[1],
      strings[0],
    ]);
  });

  it('agrees between hashBlock and hashValue for every kind', () => {
    const cases: [Type, unknown[]][] = [
      [BIGINT, [1, 2 ** 60, null]],
      [DOUBLE, [0.5, Number.NaN, -0]],
      [VARCHAR, ['x', '', null]],
      [VARBINARY, [Uint8Array.of(1, 2, 3), null]],
      [decimal(30, 3), [10n ** 29n, -1n, null]],
      [decimal(18, 0), [10n ** 17n, 3n]],
      [timestamp(9), [{ millis: 1000, picos: 5, zone: 'UTC' }, null]],
      [arrayOf(INTEGER), [[1, null, 3], []]],
      [rowOf([{ name: 'a', type: VARCHAR }]), [['q'], [null]]],
      [mapOf(VARCHAR, INTEGER), [new Map([['a', 1]])]],
    ];
    for (const [type, values] of cases) {
      const block = blockOf(type, values);
      const fromBlock = hashes(block, type);
      const fromValues = values.map((_, i) => hashValue(type, getValue(block, type, i)));
      assert.deepEqual(fromBlock, fromValues, type.kind);
    }
  });

  it('treats -0 as 0, NaN as NaN, safe BigInts as numbers, NULL as NULL_HASH', () => {
    assert.equal(hashNumber(-0), hashNumber(0));
    assert.equal(hashNumber(Number.NaN), hashNumber(0 / 0));
    assert.equal(hashBigInt(123n), hashNumber(123));
    assert.equal(hashBigInt(-(2n ** 50n)), hashNumber(-(2 ** 50)));
    assert.notEqual(hashBigInt(2n ** 60n), hashBigInt(2n ** 60n + 1n));
    assert.deepEqual(hashes(blockOf(INTEGER, [null]), INTEGER), [NULL_HASH]);
  });

  it('combines column hashes into the existing ones, order-sensitively', () => {
    const out = new Int32Array(2);
    hashBlock(blockOf(INTEGER, [1, 2]), INTEGER, out, 2);
    hashBlock(blockOf(VARCHAR, ['a', 'a']), VARCHAR, out, 2, true);
    assert.equal(out[0], combineHash(hashNumber(1), hashString('a')));
    assert.notEqual(combineHash(hashNumber(1), hashNumber(2)), combineHash(hashNumber(2), hashNumber(1)));
  });

  it('spreads sequential integers over the low bits', () => {
    const buckets = new Uint32Array(1024);
    for (let i = 0; i < 100_000; i++) buckets[hashNumber(i * 1024) & 1023]!++;
    let max = 0;
    for (const count of buckets) max = Math.max(max, count);
    assert.ok(max < 200, `max bucket ${max}`);
  });
});
