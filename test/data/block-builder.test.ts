import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import type { Block } from '../../src/data/block.js';
import { dictionaryBlock, rleBlock, stringBlock } from '../../src/data/block.js';
import {
  type ArrayBlockBuilder,
  blockOf,
  constantBlock,
  createBlockBuilder,
  type MapBlockBuilder,
  nullBlock,
  type RowBlockBuilder,
} from '../../src/data/block-builder.js';
import { getValue, isNull } from '../../src/data/block-values.js';
import { readInt128 } from '../../src/data/int128.js';
import { physicalKindOf } from '../../src/data/physical-type.js';
import { zoneIdOf, zoneKeyOf } from '../../src/data/time-zones.js';
import type { Type } from '../../src/types/type.js';
import { arrayOf, BIGINT, DOUBLE, INTEGER, mapOf, REAL, rowOf, UNKNOWN, VARCHAR } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';
import { randomValue, SCALAR_TYPES, seededRandom } from './random-blocks.js';

const t = parseType;

function values(block: Block): unknown[] {
  return Array.from((block as { values: ArrayLike<unknown> }).values);
}

function errorName(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof VivaceError, String(error));
    return error.errorName;
  }
  assert.fail('expected an error');
}

describe('block builders', () => {
  it('builds the physical kind of every scalar type and reads back what was appended', () => {
    const random = seededRandom(11);
    for (const type of SCALAR_TYPES) {
      const input: unknown[] = [];
      for (let i = 0; i < 20; i++) input.push(i % 4 === 3 ? null : randomValue(random, type));
      const block = blockOf(type, input);
      assert.equal(block.positionCount, 20);
      if (type.kind === 'unknown') {
        assert.equal(block.kind, 'rle');
      } else if (type.kind !== 'bigint') {
        assert.equal(block.kind, physicalKindOf(type), type.kind);
      }
      for (let i = 0; i < input.length; i++) {
        const expected = input[i];
        const actual = getValue(block, type, i);
        if (type.kind === 'bigint' && typeof expected === 'bigint' && Number.isSafeInteger(Number(expected))) {
          assert.equal(actual, Number(expected));
        } else if (type.kind === 'decimal' && type.precision > 15) {
          assert.equal(actual, expected === null ? null : BigInt(expected as bigint));
        } else {
          assert.deepEqual(actual, expected ?? null, `${type.kind} position ${i}`);
        }
      }
    }
  });

  it('stores values in the documented units', () => {
    assert.deepEqual(values(blockOf(t('date'), [0, -1, 18000])), [0, -1, 18000]);
    assert.deepEqual(values(blockOf(t('decimal(4,2)'), [1234, -5])), [1234, -5]);
    assert.deepEqual(values(blockOf(t('decimal(18,2)'), [10n ** 17n, -1n])), [10n ** 17n, -1n]);
    assert.deepEqual(values(blockOf(t('boolean'), [true, false, null])), [1, 0, 0]);
    assert.deepEqual(values(blockOf(REAL, [1.1])), [Math.fround(1.1)]);
    const text = blockOf(t('char(4)'), ['ab  ', 'x', '   ']);
    assert.deepEqual(values(text), ['ab', 'x', '']);
  });

  it('keeps the null mask absent without nulls and exact-sized with them', () => {
    const noNulls = blockOf(DOUBLE, [1, 2, 3]);
    assert.equal((noNulls as { nulls?: Uint8Array }).nulls, undefined);
    const withNulls = blockOf(DOUBLE, [1, null, 3]);
    assert.deepEqual([...(withNulls as { nulls: Uint8Array }).nulls], [0, 1, 0]);
    assert.ok(isNull(withNulls, 1));
    assert.ok(!isNull(withNulls, 0));
    assert.equal(values(withNulls)[1], 0);
  });

  it('grows past the expected size, hands over exact arrays and resets after build', () => {
    const builder = createBlockBuilder(INTEGER, 2);
    for (let i = 0; i < 1000; i++) builder.appendInt32(i);
    builder.appendNull();
    const block = builder.build() as { values: Int32Array; nulls: Uint8Array };
    assert.equal(block.values.length, 1001);
    assert.equal(block.nulls.length, 1001);
    assert.equal(block.values[999], 999);
    assert.equal(builder.positionCount, 0);
    const exact = createBlockBuilder(DOUBLE, 3);
    exact.appendFloat64(1);
    exact.appendFloat64(2);
    exact.appendFloat64(3);
    const first = exact.build() as { values: Float64Array };
    assert.equal(first.values.buffer.byteLength, 24);
    exact.appendFloat64(9);
    const second = exact.build() as { values: Float64Array };
    assert.deepEqual([...second.values], [9]);
    assert.deepEqual([...first.values], [1, 2, 3]);
  });

  it('switches a bigint block to int64 only when a value leaves the safe range', () => {
    const small = blockOf(BIGINT, [1, -2, Number.MAX_SAFE_INTEGER, null]);
    assert.equal(small.kind, 'float64');
    const big = blockOf(BIGINT, [1, null, 2n ** 62n, -(2n ** 63n)]);
    assert.equal(big.kind, 'int64');
    assert.deepEqual(values(big), [1n, 0n, 2n ** 62n, -(2n ** 63n)]);
    assert.equal(getValue(big, BIGINT, 0), 1);
    assert.equal(getValue(big, BIGINT, 2), 2n ** 62n);
    const builder = createBlockBuilder(BIGINT, 4);
    builder.appendFloat64(3);
    builder.appendFloat64(2 ** 60);
    builder.appendFloat64(4);
    assert.deepEqual(values(builder.build()), [3n, 2n ** 60n, 4n]);
    assert.equal(
      errorName(() => blockOf(BIGINT, [2n ** 63n])),
      'NUMERIC_VALUE_OUT_OF_RANGE',
    );
    assert.equal(
      errorName(() => blockOf(BIGINT, [1.5])),
      'GENERIC_INTERNAL_ERROR',
    );
  });

  it('stores decimal(38) values as 128-bit two complement words', () => {
    const type = t('decimal(38,0)');
    const input = [10n ** 37n - 1n, -(10n ** 37n - 1n), -1n, 0n, 10n ** 38n - 1n, -(10n ** 38n - 1n), 2n ** 64n];
    const block = blockOf(type, input);
    assert.equal(block.kind, 'int128');
    const words = (block as { values: BigInt64Array }).values;
    assert.equal(words.length, 2 * input.length);
    assert.equal(words[4], -1n);
    assert.equal(words[5], -1n);
    assert.equal(words[12], 1n);
    assert.equal(words[13], 0n);
    for (const [i, value] of input.entries()) assert.equal(readInt128(words, i), value);
    for (const [i, value] of input.entries()) assert.equal(getValue(block, type, i), value);
    assert.equal(
      errorName(() => blockOf(type, [2n ** 127n])),
      'NUMERIC_VALUE_OUT_OF_RANGE',
    );
  });

  it('builds zoned values and checks zone keys and picoseconds', () => {
    const tz = t('timestamp(6) with time zone');
    const key = zoneKeyOf('Asia/Tokyo');
    const block = blockOf(tz, [{ millis: 1, picos: 5_000_000, zone: zoneIdOf(key) }, null]);
    assert.ok(block.kind === 'timestamptz');
    assert.deepEqual([...block.picos!], [5_000_000, 0]);
    assert.deepEqual(getValue(block, tz, 0), { millis: 1, picos: 5_000_000, zone: zoneIdOf(key) });
    const short = createBlockBuilder(t('timestamp(3) with time zone'));
    assert.throws(() => short.appendZoned(0, 7, 0), /picoseconds/);
    const long = createBlockBuilder(t('timestamp(9)'));
    assert.throws(() => long.appendZoned(0, 0, key), /zone key/);
    long.appendZoned(-1, 999_999_000, 0);
    const built = long.build();
    assert.ok(built.kind === 'timestamptz' && built.picos !== undefined);
    assert.throws(() => createBlockBuilder(tz).appendZoned(0, 0, 30000), /zone key/);
  });

  it('builds nested array(map(varchar, row(a bigint, b double))) values', () => {
    const type = t('array(map(varchar, row(a bigint, b double)))');
    const input = [
      [
        new Map<string, unknown>([
          ['x', [1, 2.5]],
          ['y', null],
          ['z', [2n ** 62n, null]],
        ]),
      ],
      null,
      [],
      [new Map(), null, new Map([['k', [0, -0]]])],
    ];
    const block = blockOf(type, input);
    assert.ok(block.kind === 'array');
    assert.deepEqual([...block.offsets], [0, 1, 1, 1, 4]);
    const expected = input.map((v) => v);
    (expected[0] as Map<string, unknown>[])[0]!.set('x', [1, 2.5]);
    for (let i = 0; i < input.length; i++) assert.deepEqual(getValue(block, type, i), expected[i]);
    const map = block.elements;
    assert.ok(map.kind === 'map');
    assert.ok(map.values.kind === 'row');
    assert.equal(map.values.fields[0]!.kind, 'int64');
  });

  it('lets operators append to child builders and close entries', () => {
    const arrays = createBlockBuilder(arrayOf(DOUBLE)) as ArrayBlockBuilder;
    arrays.elements.appendFloat64(1);
    arrays.elements.appendFloat64(2);
    arrays.closeEntry();
    arrays.appendNull();
    arrays.closeEntry();
    const arrayBlock = arrays.build();
    assert.deepEqual(
      [0, 1, 2].map((i) => getValue(arrayBlock, arrayOf(DOUBLE), i)),
      [[1, 2], null, []],
    );
    const rows = createBlockBuilder(rowOf([{ type: INTEGER }, { type: VARCHAR }])) as RowBlockBuilder;
    rows.fields[0]!.appendInt32(5);
    assert.throws(() => rows.closeEntry(), /row entry 0/);
    rows.fields[1]!.appendString('s');
    rows.closeEntry();
    rows.appendNull();
    const rowBlock = rows.build();
    assert.ok(rowBlock.kind === 'row');
    assert.ok(isNull(rowBlock.fields[0]!, 1) && isNull(rowBlock.fields[1]!, 1));
    const maps = createBlockBuilder(mapOf(VARCHAR, INTEGER)) as MapBlockBuilder;
    maps.appendEntry('a', 1);
    assert.throws(() => maps.appendNull(), /entry is open/);
    maps.closeEntry();
    assert.equal(
      errorName(() => maps.appendEntry(null, 1)),
      'INVALID_FUNCTION_ARGUMENT',
    );
    maps.append([['b', 2]]);
    assert.deepEqual(getValue(maps.build(), mapOf(VARCHAR, INTEGER), 1), new Map([['b', 2]]));
  });

  it('copies positions from flat, dictionary and rle blocks with appendFrom', () => {
    const builder = createBlockBuilder(VARCHAR);
    const dictionary = dictionaryBlock(Int32Array.of(1, 0), stringBlock(['p', 'q']));
    const rle = rleBlock(stringBlock(['r']), 5);
    builder.appendFrom(dictionary, 0);
    builder.appendFrom(rle, 4);
    builder.appendFrom(blockOf(VARCHAR, [null]), 0);
    const block = builder.build();
    assert.deepEqual(
      [0, 1, 2].map((i) => getValue(block, VARCHAR, i)),
      ['q', 'r', null],
    );
    assert.throws(() => createBlockBuilder(INTEGER).appendFrom(stringBlock(['x']), 0), /string block/);
    const nested = t('row(a array(bigint), b map(varchar, double))');
    const source = blockOf(nested, [[[1, 2n ** 60n], new Map([['k', 1.5]])], null]);
    const copy = createBlockBuilder(nested);
    copy.appendFrom(source, 1);
    copy.appendFrom(source, 0);
    const copied = copy.build();
    assert.deepEqual(getValue(copied, nested, 0), null);
    assert.deepEqual(getValue(copied, nested, 1), [[1, 2n ** 60n], new Map([['k', 1.5]])]);
  });

  it('rejects typed appends the storage does not have and values of the wrong JS type', () => {
    assert.throws(() => createBlockBuilder(VARCHAR).appendFloat64(1), /appendFloat64 is not supported by the varchar/);
    assert.throws(() => createBlockBuilder(INTEGER).append('x'), /32-bit integer/);
    assert.throws(() => createBlockBuilder(INTEGER).append(2 ** 31), /32-bit integer/);
    assert.throws(() => createBlockBuilder(DOUBLE).append('1'), /Cannot append string/);
    assert.throws(() => createBlockBuilder(UNKNOWN).append(1), /Cannot append number/);
  });

  it('makes the unknown type, constants and null blocks as rle', () => {
    const unknown = blockOf(UNKNOWN, [null, null, null]);
    assert.ok(unknown.kind === 'rle');
    assert.equal(unknown.positionCount, 3);
    assert.ok(isNull(unknown, 2));
    const constant = constantBlock(VARCHAR, 'c', 1000);
    assert.equal(constant.positionCount, 1000);
    assert.equal(getValue(constant, VARCHAR, 999), 'c');
    const nulls = nullBlock(arrayOf(INTEGER) as Type, 4);
    assert.ok(isNull(nulls, 3));
    assert.equal(nulls.value.kind, 'array');
  });
});
