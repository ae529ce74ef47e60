import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { dictionaryBlock, float64Block, int32Block, rleBlock, stringBlock } from '../../src/data/block.js';
import { blockOf } from '../../src/data/block-builder.js';
import { copyPositions } from '../../src/data/block-copy.js';
import type { Page } from '../../src/data/page.js';
import {
  crc32,
  crc32Portable,
  deserializePages,
  serializePagePositions,
  serializePages,
} from '../../src/data/page-serde.js';
import { zoneIdOf, zoneKeyOf } from '../../src/data/time-zones.js';
import type { Type } from '../../src/types/type.js';
import { BIGINT, DOUBLE, INTEGER, VARCHAR } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';
import { assertSameValues, randomInt, randomPage, randomType, SCALAR_TYPES, seededRandom } from './random-blocks.js';

function assertSamePages(actual: readonly Page[], expected: readonly Page[], types: readonly Type[], label: string) {
  assert.equal(actual.length, expected.length, label);
  for (let p = 0; p < expected.length; p++) {
    assert.equal(actual[p]!.positionCount, expected[p]!.positionCount, label);
    for (let c = 0; c < types.length; c++) {
      const got = actual[p]!.blocks[c]!;
      const want = expected[p]!.blocks[c]!;
      assert.equal(got.kind, want.kind, `${label}: encoding of page ${p} column ${c}`);
      assertSameValues(got, want, types[c]!, `${label}: page ${p} column ${c}`);
    }
  }
}

function assertCorrupt(fn: () => unknown, pattern?: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof VivaceError, `expected a VivaceError, got ${String(error)}`);
    assert.equal(error.errorName, 'CORRUPT_PAGE');
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

const SMALL_TYPES: readonly Type[] = [BIGINT, VARCHAR, parseType('array(map(varchar, row(a bigint, b double)))')];

function smallPage(): Page {
  return {
    positionCount: 3,
    blocks: [
      blockOf(BIGINT, [1, null, 2n ** 62n]),
      blockOf(VARCHAR, ['a', 'héllo 😀', null]),
      blockOf(SMALL_TYPES[2]!, [[new Map([['k', [1, 2.5]]])], null, [new Map(), null]]),
    ],
  };
}

describe('page serde', () => {
  it('round-trips random pages of every type, with nulls, dictionaries, rle and regions', () => {
    const random = seededRandom(20240601);
    for (let iteration = 0; iteration < 150; iteration++) {
      const types: Type[] = [];
      const columns = randomInt(random, 0, 4);
      for (let c = 0; c < columns; c++) types.push(randomType(random));
      const pages: Page[] = [];
      const pageCount = randomInt(random, 0, 3);
      for (let p = 0; p < pageCount; p++) {
        pages.push(
          columns === 0
            ? { positionCount: randomInt(random, 0, 9), blocks: [] }
            : randomPage(random, types, randomInt(random, 0, 12)),
        );
      }
      const checksum = iteration % 2 === 0;
      const bytes = serializePages(pages, types, { checksum });
      assertSamePages(deserializePages(bytes, types), pages, types, `iteration ${iteration}`);
    }
  });

  it('serializes selected positions byte for byte as the page of those rows', () => {
    const random = seededRandom(20261125);
    for (let iteration = 0; iteration < 200; iteration++) {
      const types: Type[] = [];
      const columns = randomInt(random, 1, 4);
      for (let c = 0; c < columns; c++) types.push(randomType(random));
      const page = randomPage(random, types, randomInt(random, 1, 40));
      const count = randomInt(random, 0, page.positionCount);
      const positions = new Int32Array(count + 3).fill(-1);
      for (let i = 0; i < count; i++) positions[i] = randomInt(random, 0, page.positionCount - 1);
      const gathered: Page = {
        positionCount: count,
        blocks: page.blocks.map((block) => copyPositions(block, positions, count)),
      };
      const checksum = iteration % 2 === 0;
      assert.deepEqual(
        serializePagePositions(page, positions, count, types, { checksum }),
        serializePages([gathered], types, { checksum }),
        `iteration ${iteration}: ${types.map((t) => t.kind).join(', ')}`,
      );
    }
  });

  it('round-trips a page with one column of each scalar type', () => {
    const random = seededRandom(7);
    const page = randomPage(random, SCALAR_TYPES, 40);
    assertSamePages(
      deserializePages(serializePages([page], SCALAR_TYPES), SCALAR_TYPES),
      [page],
      SCALAR_TYPES,
      'scalars',
    );
  });

  it('keeps dictionary and rle encodings and maps zone keys through zone ids', () => {
    const tz = parseType('timestamp(3) with time zone');
    const paris = zoneKeyOf('Europe/Paris');
    const types = [VARCHAR, DOUBLE, tz];
    const page: Page = {
      positionCount: 4,
      blocks: [
        dictionaryBlock(Int32Array.of(1, 0, 1, 1), stringBlock(['x', 'y'])),
        rleBlock(float64Block(Float64Array.of(2.5)), 4),
        blockOf(tz, [
          { millis: 0, picos: 0, zone: zoneIdOf(paris) },
          null,
          { millis: 5, picos: 0, zone: zoneIdOf(0) },
          { millis: 6, picos: 0, zone: zoneIdOf(paris) },
        ]),
      ],
    };
    const [back] = deserializePages(serializePages([page], types), types);
    assert.equal(back!.blocks[0]!.kind, 'dictionary');
    assert.equal(back!.blocks[1]!.kind, 'rle');
    const zoned = back!.blocks[2]!;
    assert.ok(zoned.kind === 'timestamptz');
    assert.deepEqual([...zoned.zones], [paris, 0, 0, paris]);
    assertSamePages([back!], [page], types, 'encodings');
  });

  it('maps typed arrays as views over an aligned input and copies a misaligned one', () => {
    const types = [DOUBLE, INTEGER];
    const page: Page = {
      positionCount: 3,
      blocks: [float64Block(Float64Array.of(1, 2, 3)), int32Block(Int32Array.of(4, 5, 6))],
    };
    const bytes = serializePages([page], types);
    const [aligned] = deserializePages(bytes, types);
    const values = (aligned!.blocks[0] as { values: Float64Array }).values;
    assert.equal(values.buffer, bytes.buffer);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const [copied] = deserializePages(shifted.subarray(3), types);
    assert.deepEqual([...(copied!.blocks[0] as { values: Float64Array }).values], [1, 2, 3]);
    assert.deepEqual([...(copied!.blocks[1] as { values: Int32Array }).values], [4, 5, 6]);
  });

  it('writes the documented header', () => {
    const bytes = serializePages([smallPage()], SMALL_TYPES);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    assert.equal(String.fromCharCode(...bytes.subarray(0, 4)), 'VVPG');
    assert.equal(view.getUint16(4, true), 1);
    assert.equal(view.getUint16(6, true), 1);
    assert.equal(view.getUint32(8, true), 1);
    const bodyLength = view.getUint32(16, true);
    assert.equal(bodyLength % 8, 0);
    assert.equal(view.getUint32(20, true), 3);
    assert.equal(view.getUint32(24, true), 3);
    assert.equal(view.getUint32(28, true), crc32(bytes.subarray(32, 32 + bodyLength)));
    assert.equal(bytes.length, 32 + bodyLength);
  });

  it('writes an empty stream for no pages and sends unpaired surrogates as U+FFFD', () => {
    const empty = serializePages([], [VARCHAR]);
    assert.equal(empty.length, 16);
    assert.deepEqual(deserializePages(empty, [VARCHAR]), []);
    const page: Page = { positionCount: 2, blocks: [stringBlock(['a\ud800b', '\udc00'])] };
    const [back] = deserializePages(serializePages([page], [VARCHAR]), [VARCHAR]);
    assert.deepEqual((back!.blocks[0] as { values: readonly string[] }).values, ['a\ufffdb', '\ufffd']);
  });

  it('round-trips string blocks larger than the chunks they are encoded and decoded in', () => {
    // ASCII runs, multi-byte runs, empty strings, one value longer than a chunk, lone surrogates
    // late in the block: every chunk boundary falls between values of each kind.
    const random = seededRandom(7);
    const pieces = ['plain ascii text ', 'héllo wörld ', '😀 emoji ', '日本語 ', ''];
    const values: string[] = [];
    for (let i = 0; i < 6000; i++) {
      const piece = pieces[randomInt(random, 0, pieces.length - 1)]!;
      values.push(piece.repeat(randomInt(random, 0, 4)) + String(i));
    }
    values.splice(3000, 0, 'x'.repeat(40_000), 'ü'.repeat(20_000), '');
    values.push('a\ud800b', '\udc00');
    const expected = values.map((v) => Buffer.from(v, 'utf8').toString('utf8'));
    const page: Page = { positionCount: values.length, blocks: [stringBlock(values)] };
    const bytes = serializePages([page], [VARCHAR]);
    const [back] = deserializePages(bytes, [VARCHAR]);
    assert.deepEqual((back!.blocks[0] as { values: readonly string[] }).values, expected);
    // The bytes are the values' UTF-8 one after the other, whatever the chunks.
    const text = Buffer.from(expected.join(''), 'utf8');
    assert.ok(Buffer.from(bytes).includes(text));
  });

  it('refuses to serialise blocks that do not fit the types', () => {
    assert.throws(() => serializePages([smallPage()], [BIGINT]), /2 blocks|3 blocks/);
    const page: Page = { positionCount: 1, blocks: [stringBlock(['x'])] };
    assert.throws(() => serializePages([page], [BIGINT]), /cannot hold bigint/);
  });
});

describe('page serde on corrupt input', () => {
  const good = serializePages([smallPage(), smallPage()], SMALL_TYPES);

  it('rejects every truncation', () => {
    for (let length = 0; length < good.length; length++)
      assertCorrupt(() => deserializePages(good.slice(0, length), SMALL_TYPES));
  });

  it('rejects bad magic, version, flags and trailing bytes', () => {
    const badMagic = good.slice();
    badMagic[0] = 0x41;
    assertCorrupt(() => deserializePages(badMagic, SMALL_TYPES), /magic/);
    const badVersion = good.slice();
    badVersion[4] = 9;
    assertCorrupt(() => deserializePages(badVersion, SMALL_TYPES), /version 9/);
    const badFlags = good.slice();
    badFlags[6] = 0x80;
    assertCorrupt(() => deserializePages(badFlags, SMALL_TYPES), /flags/);
    const longer = new Uint8Array(good.length + 8);
    longer.set(good);
    assertCorrupt(() => deserializePages(longer, SMALL_TYPES), /after the last page/);
  });

  it('detects every single-bit flip in a page body through the checksum', () => {
    const bodyStart = 32;
    for (let i = bodyStart; i < good.length; i += 3) {
      const flipped = good.slice();
      flipped[i] ^= 1 << (i % 8);
      assertCorrupt(() => deserializePages(flipped, SMALL_TYPES));
    }
  });

  it('fails random corruption without a checksum only with CORRUPT_PAGE', () => {
    const plain = serializePages([smallPage()], SMALL_TYPES, { checksum: false });
    const random = seededRandom(99);
    for (let trial = 0; trial < 2000; trial++) {
      const mutated = plain.slice();
      const flips = randomInt(random, 1, 4);
      for (let f = 0; f < flips; f++) mutated[randomInt(random, 0, mutated.length - 1)] = randomInt(random, 0, 255);
      try {
        deserializePages(mutated, SMALL_TYPES);
      } catch (error) {
        assert.ok(
          error instanceof VivaceError && error.errorName === 'CORRUPT_PAGE',
          `trial ${trial}: ${String(error)}`,
        );
      }
    }
  });

  it('names the problem for crafted corruptions', () => {
    const types = [INTEGER];
    const dictionary: Page = {
      positionCount: 2,
      blocks: [dictionaryBlock(Int32Array.of(0, 1), int32Block(Int32Array.of(7, 8)))],
    };
    const bytes = serializePages([dictionary], types, { checksum: false });
    // ids follow the page header (32 bytes) and the block header (8 bytes).
    const badId = bytes.slice();
    new DataView(badId.buffer).setInt32(40 + 4, 5, true);
    assertCorrupt(() => deserializePages(badId, types), /dictionary id 5/);
    assertCorrupt(() => deserializePages(bytes, [VARCHAR]), /where a varchar value was expected/);
    assertCorrupt(() => deserializePages(bytes, [INTEGER, INTEGER]), /1 blocks, expected 2/);

    const strings: Page = { positionCount: 2, blocks: [stringBlock(['ab', 'c'])] };
    const stringBytes = serializePages([strings], [VARCHAR], { checksum: false });
    // block header (8), byte length + reserved (8), offsets 0, 2, 3
    const decreasing = stringBytes.slice();
    new DataView(decreasing.buffer).setInt32(32 + 16 + 4, 4, true);
    assertCorrupt(() => deserializePages(decreasing, [VARCHAR]), /offsets decrease/);
    const invalidUtf8 = stringBytes.slice();
    invalidUtf8[32 + 16 + 16] = 0xff;
    assertCorrupt(() => deserializePages(invalidUtf8, [VARCHAR]), /UTF-8/);
    const badTag = stringBytes.slice();
    badTag[32] = 99;
    assertCorrupt(() => deserializePages(badTag, [VARCHAR]), /unknown block tag 99/);
  });
});

describe('crc32', () => {
  it('matches the standard check value and the portable fallback', () => {
    const check = new TextEncoder().encode('123456789');
    assert.equal(crc32Portable(check), 0xcbf43926);
    assert.equal(crc32(check), 0xcbf43926);
    const random = seededRandom(3);
    const data = new Uint8Array(1000).map(() => randomInt(random, 0, 255));
    assert.equal(crc32Portable(data), crc32(data));
  });
});
