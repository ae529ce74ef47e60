import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bucketFilePrefix,
  bucketKindOf,
  bucketOf,
  bucketOfFileName,
  bucketsOfRows,
  bucketsOfValues,
  hiveMurmur3,
} from '../../../../src/connectors/lake/partition/hive-bucketing.js';
import { blockOf } from '../../../../src/data/block-builder.js';
import { BIGINT, DATE, decimal, INTEGER, timestamp, VARCHAR, varchar } from '../../../../src/types/type.js';

/** The combined hash itself: a bucket count of 2^31 − 1 keeps it (for hashes below it). */
const hashV1 = (values: unknown[], kinds: Parameters<typeof bucketOf>[1]) => bucketOf(values, kinds, 1, 0x7fffffff);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('Hive bucketing', () => {
  it('hashes version 1 as Hive writables hash', () => {
    assert.equal(hashV1([5], ['int']), 5);
    assert.equal(hashV1([19000], ['date']), 19000);
    assert.equal(hashV1([true], ['boolean']), 1);
    assert.equal(hashV1([false], ['boolean']), 0);
    // bigint: (int)(v ^ v >>> 32)
    assert.equal(hashV1([4294967297], ['long']), 0);
    assert.equal(hashV1([-2], ['long']), 1);
    assert.equal(hashV1([-2n], ['long']), 1);
    assert.equal(hashV1([-1], ['long']), 0);
    // double and real: IEEE bits, folded for double
    assert.equal(hashV1([1.0], ['double']), 0x3ff00000);
    assert.equal(hashV1([1.0], ['float']), 0x3f800000);
    // text: 31·h + byte, from 0 for string and 1 for varchar(n)
    assert.equal(hashV1(['abc'], ['string']), 96354);
    assert.equal(hashV1(['abc'], ['varchar']), 126145);
    // bytes past 0x7f count as signed: 'é' is C3 A9 → −61, −87
    assert.equal(bucketOf(['é'], ['string'], 1, 10), (-1978 & 0x7fffffff) % 10);
    // NULL hashes to 0; columns combine as 31·h + hash
    assert.equal(hashV1([null], ['int']), 0);
    assert.equal(hashV1([1, 'a'], ['int', 'string']), 128);
    assert.equal(hashV1([null, 'a'], ['int', 'string']), 97);
  });

  it('buckets by the hash without its sign bit, modulo the count', () => {
    assert.equal(bucketOf([7], ['long'], 1, 4), 3);
    assert.equal(bucketOf([-7], ['int'], 1, 4), (-7 & 0x7fffffff) % 4);
  });

  it('implements Murmur3 x86 32-bit (reference vectors of ASCII inputs)', () => {
    assert.equal(hiveMurmur3(ascii(''), 0, 0), 0);
    assert.equal(hiveMurmur3(ascii('hello'), 5, 0) >>> 0, 0x248bfa47);
    const fox = ascii('The quick brown fox jumps over the lazy dog');
    assert.equal(hiveMurmur3(fox, fox.length, 0) >>> 0, 0x2e4ff723);
  });

  it('hashes version 2 as Murmur3 of the big-endian bytes, seed 104729', () => {
    const be = (value: number) =>
      new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
    const max = 0x7fffffff;
    for (const value of [0, 1, 42, -1, 123456789, -98765]) {
      assert.equal(bucketOf([value], ['int'], 2, max), (hiveMurmur3(be(value), 4) & max) % max, `int ${value}`);
      assert.equal(bucketOf([value], ['date'], 2, max), (hiveMurmur3(be(value), 4) & max) % max, `date ${value}`);
    }
    const long = new Uint8Array([0, 0, 0, 1, 0, 0, 0, 2]); // 2^32 + 2
    assert.equal(bucketOf([4294967298], ['long'], 2, max), (hiveMurmur3(long, 8) & max) % max);
    const minusOne = new Uint8Array(8).fill(0xff);
    assert.equal(bucketOf([-1n], ['long'], 2, max), (hiveMurmur3(minusOne, 8) & max) % max);
    assert.equal(bucketOf([-1], ['long'], 2, max), (hiveMurmur3(minusOne, 8) & max) % max);
    assert.equal(bucketOf(['hello'], ['string'], 2, max), (hiveMurmur3(ascii('hello'), 5) & max) % max);
    // tinyint and boolean hash as in version 1
    assert.equal(bucketOf([5], ['byte'], 2, max), 5);
    assert.equal(bucketOf([true], ['boolean'], 2, max), 1);
    // the seed matters: not the seed-0 hash
    assert.notEqual(bucketOf(['hello'], ['string'], 2, max), (hiveMurmur3(ascii('hello'), 5, 0) & max) % max);
  });

  it('sign-extends the tail bytes as Hive does', () => {
    // One byte 0x80: Hive mixes 0xffffff80 where the reference mixes 0x00000080. Worked by hand:
    // k = mix(0xffffff80), h = 0 ^ k, then h ^= 1 and fmix32.
    const mix = (k: number) =>
      Math.imul((Math.imul(k, 0xcc9e2d51) << 15) | (Math.imul(k, 0xcc9e2d51) >>> 17), 0x1b873593);
    const fmix = (h: number) => {
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      return h ^ (h >>> 16);
    };
    assert.equal(hiveMurmur3(new Uint8Array([0x80]), 1, 0), fmix(mix(0xffffff80 | 0) ^ 1));
    assert.notEqual(hiveMurmur3(new Uint8Array([0x80]), 1, 0), fmix(mix(0x80) ^ 1));
    assert.equal(hiveMurmur3(new Uint8Array([0x7f]), 1, 0), fmix(mix(0x7f) ^ 1));
  });

  it('knows which types Hive buckets on', () => {
    assert.equal(bucketKindOf(VARCHAR), 'string');
    assert.equal(bucketKindOf(varchar(10)), 'varchar');
    assert.equal(bucketKindOf(INTEGER), 'int');
    assert.equal(bucketKindOf(BIGINT), 'long');
    assert.equal(bucketKindOf(DATE), 'date');
    assert.equal(bucketKindOf(timestamp(3)), undefined);
    assert.equal(bucketKindOf(decimal(10, 2)), undefined);
  });

  it('reads a bucket from Hive, Trino and ACID file names', () => {
    assert.equal(bucketOfFileName('000003_0'), 3);
    assert.equal(bucketOfFileName('000012_0_copy_1'), 12);
    assert.equal(bucketOfFileName(`${bucketFilePrefix(7)}20261127v1a2b_ff.parquet`), 7);
    assert.equal(bucketOfFileName('20180102_030405_00641_x1y2z_bucket-00234'), 234);
    assert.equal(bucketOfFileName('bucket_00005'), 5);
    assert.equal(bucketOfFileName('part-0.parquet'), undefined);
    assert.equal(bucketOfFileName('20261127120000vabcdef_0123.parquet'), undefined);
  });

  it('lists the buckets of a few values, and gives up where they are many', () => {
    assert.deepEqual(bucketsOfValues([[1, 2, 9]], ['int'], 1, 8), new Set([1, 2]));
    assert.deepEqual(bucketsOfValues([[1], [null]], ['int', 'string'], 1, 100), new Set([31]));
    // Every bucket hit: no pruning.
    assert.equal(bucketsOfValues([[0, 1, 2, 3]], ['int'], 1, 4), undefined);
    // More combinations than max(4 × buckets, 1000): not explored.
    const many = Array.from({ length: 1001 }, (_, i) => i * 8);
    assert.equal(bucketsOfValues([many], ['int'], 1, 8), undefined);
  });

  it('buckets a page of rows as it buckets each row (typed-array paths and value paths agree)', () => {
    const keys = [0, 1, -1, 7, 4294967297, -123456789012, null, 42];
    const days = [0, 19000, -5, null, 365, 1, 2, 3];
    const names = ['a', 'é', null, 'hello', '', 'xyz', 'b', 'c'];
    const blocks = [blockOf(BIGINT, keys), blockOf(DATE, days), blockOf(VARCHAR, names)];
    const types = [BIGINT, DATE, VARCHAR];
    const kinds = ['long', 'date', 'string'] as const;
    for (const version of [1, 2] as const) {
      const buckets = bucketsOfRows(blocks, types, kinds, version, 13, keys.length);
      for (let i = 0; i < keys.length; i++) {
        assert.equal(buckets[i], bucketOf([keys[i], days[i], names[i]], kinds, version, 13), `v${version} row ${i}`);
      }
    }
    const ints = blockOf(INTEGER, [5, null, -3, 1 << 30]);
    for (const version of [1, 2] as const) {
      const buckets = bucketsOfRows([ints], [INTEGER], ['int'], version, 7, 4);
      assert.deepEqual(
        [...buckets],
        [5, null, -3, 1 << 30].map((v) => bucketOf([v], ['int'], version, 7)),
      );
    }
  });
});
