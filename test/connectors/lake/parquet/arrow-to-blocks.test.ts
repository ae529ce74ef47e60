import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ArrowColumn, ArrowTypeId } from '../../../../src/connectors/lake/parquet/arrow-ffi.js';
import { arrowToBlock } from '../../../../src/connectors/lake/parquet/arrow-to-blocks.js';
import type { SchemaTree } from '../../../../src/connectors/lake/parquet/parquet-schema.js';
import { getValue } from '../../../../src/data/block-values.js';
import type { Type } from '../../../../src/types/type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { throwsWith } from '../lake-test-helpers.js';
import { arrowColumn } from './arrow-columns.js';

const ctx = { location: 'file:///t/f.parquet', column: 'c' };

const column = arrowColumn;

function values(data: ArrowColumn, type: Type, field?: SchemaTree): unknown[] {
  const block = arrowToBlock(data, type, field, ctx);
  return Array.from({ length: block.positionCount }, (_, i) => getValue(block, type, i));
}

/** A validity bitmap (bit set = valid) for `valid` flags. */
function bitmap(valid: boolean[]): Uint8Array {
  const bits = new Uint8Array((valid.length + 7) >> 3);
  valid.forEach((v, i) => {
    if (v) bits[i >> 3]! |= 1 << (i & 7);
  });
  return bits;
}

describe('lake arrow → blocks conversion', () => {
  it('converts nanosecond timestamps (INT96 decodes to these) exactly, rounding half up to the precision', () => {
    const nanos = BigInt64Array.from([1704164645123456789n, -1n, -1_500_000n, 999_999_999n]);
    const data = column(ArrowTypeId.Timestamp, { unit: 3 }, nanos, 4);
    assert.deepEqual(values(data, parseType('timestamp(9)')), [
      { millis: 1704164645123, picos: 456789000, zone: 'UTC' },
      { millis: -1, picos: 999999000, zone: 'UTC' },
      { millis: -2, picos: 500000000, zone: 'UTC' },
      { millis: 999, picos: 999999000, zone: 'UTC' },
    ]);
    assert.deepEqual(values(data, parseType('timestamp(3)')), [1704164645123, 0, -1, 1000]);
    assert.deepEqual(values(data, parseType('timestamp(6)')), [1704164645123457, 0, -1500, 1000000]);
    assert.deepEqual(values(data, parseType('timestamp(0)')), [1704164645000, 0, 0, 1000]);
    assert.deepEqual(values(data, parseType('timestamp(3) with time zone')), [
      { millis: 1704164645123, picos: 0, zone: 'UTC' },
      { millis: 0, picos: 0, zone: 'UTC' },
      { millis: -1, picos: 0, zone: 'UTC' },
      { millis: 1000, picos: 0, zone: 'UTC' },
    ]);
  });

  it('keeps bigints beyond 2^53 exact in an int64 block and zero-extends unsigned integers', () => {
    const big = column(
      ArrowTypeId.Int,
      { bitWidth: 64, isSigned: true },
      BigInt64Array.from([9007199254740993n, -5n]),
      2,
    );
    assert.deepEqual(values(big, parseType('bigint')), [9007199254740993n, -5]);
    const unsigned = column(ArrowTypeId.Int, { bitWidth: 32, isSigned: false }, Uint32Array.from([4294967295, 1]), 2);
    assert.deepEqual(values(unsigned, parseType('bigint')), [4294967295, 1]);
    const u64 = column(
      ArrowTypeId.Int,
      { bitWidth: 64, isSigned: false },
      BigUint64Array.from([18446744073709551615n]),
      1,
    );
    assert.deepEqual(values(u64, parseType('decimal(20,0)')), [18446744073709551615n]);
    throwsWith(() => values(u64, parseType('bigint')), 'HIVE_BAD_DATA', '18446744073709551615', ctx.location);
  });

  it('converts signed 64-bit values up to the edges of 2^53 as doubles, and from an offset', () => {
    const edges = BigInt64Array.from([7n, 9007199254740991n, -9007199254740992n, -1n, 0n, -4294967296n, 4294967295n]);
    const column64 = column(ArrowTypeId.Int, { bitWidth: 64, isSigned: true }, edges, 7);
    const expected = [7, 9007199254740991, -9007199254740992, -1, 0, -4294967296, 4294967295];
    assert.deepEqual(values(column64, parseType('bigint')), expected);
    assert.deepEqual(values(column64, parseType('double')), expected);
    assert.deepEqual(values({ ...column64, offset: 2, length: 3 }, parseType('bigint')), expected.slice(2, 5));
    // The first value past 2^53 (behind safe ones) turns the block into exact int64s.
    const past = column(
      ArrowTypeId.Int,
      { bitWidth: 64, isSigned: true },
      BigInt64Array.from([1n, -9007199254740993n]),
      2,
    );
    assert.deepEqual(values(past, parseType('bigint')), [1, -9007199254740993n]);
  });

  it('rescales decimals with rounding half up and checks the declared precision', () => {
    const words = new Uint32Array(8);
    words[0] = 12345; // 123.45 at scale 2
    const negative = BigInt.asUintN(128, -12355n);
    for (let w = 0; w < 4; w++) words[4 + w] = Number((negative >> BigInt(32 * w)) & 0xffffffffn);
    const data = column(ArrowTypeId.Decimal, { precision: 10, scale: 2, bitWidth: 128 }, words, 2);
    assert.deepEqual(values(data, parseType('decimal(10,1)')), [1235, -1236]);
    assert.deepEqual(values(data, parseType('decimal(20,4)')), [1234500n, -1235500n]);
    assert.deepEqual(values(data, parseType('decimal(38,2)')), [12345n, -12355n]);
    throwsWith(() => values(data, parseType('decimal(4,2)')), 'HIVE_BAD_DATA', 'decimal(4,2)');
  });

  it('reads float16, UUID text and bounded varchar', () => {
    const halves = column(ArrowTypeId.Float, { precision: 0 }, Uint16Array.from([0x3c00, 0xc000, 0x7c00]), 3);
    assert.deepEqual(values(halves, parseType('real')), [1, -2, Number.POSITIVE_INFINITY]);
    const uuidField = {
      element: { name: 'u', logical_type: { type: 'UUID' } },
      children: [],
      count: 1,
      path: ['u'],
    } as unknown as SchemaTree;
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    assert.deepEqual(
      values(column(ArrowTypeId.FixedSizeBinary, { byteWidth: 16 }, bytes, 1), parseType('varchar'), uuidField),
      ['00112233-4455-6677-8899-aabbccddeeff'],
    );
    const text = new TextEncoder().encode('héllo');
    const utf8 = column(ArrowTypeId.Utf8, {}, text, 1, { valueOffsets: Int32Array.of(0, text.length) });
    assert.deepEqual(values(utf8, parseType('varchar(2)')), ['hé']);
    assert.deepEqual(values(utf8, parseType('varbinary')), [text]);
  });

  it('gives rows null fields where the row is null, and matches struct fields by name', () => {
    const a = column(ArrowTypeId.Int, { bitWidth: 32, isSigned: true }, Int32Array.from([1, 2, 3]), 3);
    const struct = column(ArrowTypeId.Struct, { children: [{ name: 'A' }] }, new Uint8Array(0), 3, {
      values: undefined,
      children: [a],
      nullCount: 1,
      nullBitmap: bitmap([true, false, true]),
    });
    const type = parseType('row(a integer, missing varchar)');
    assert.deepEqual(values(struct, type), [[1, null], null, [3, null]]);
    const block = arrowToBlock(struct, type, undefined, ctx);
    assert.ok(block.kind === 'row' && getValue(block.fields[0]!, parseType('integer'), 1) === null);
  });

  it('refuses what cannot be read as the declared type, naming column, types and file', () => {
    const f64 = column(ArrowTypeId.Float, { precision: 2 }, Float64Array.of(1.5), 1);
    throwsWith(
      () => values(f64, parseType('real')),
      'HIVE_PARTITION_SCHEMA_MISMATCH',
      'column c',
      'real',
      ctx.location,
    );
    throwsWith(() => values(f64, parseType('date')), 'HIVE_PARTITION_SCHEMA_MISMATCH');
    const i32 = column(ArrowTypeId.Int, { bitWidth: 32, isSigned: true }, Int32Array.of(300), 1);
    throwsWith(() => values(i32, parseType('tinyint')), 'HIVE_BAD_DATA', 'Value 300');
  });
});
