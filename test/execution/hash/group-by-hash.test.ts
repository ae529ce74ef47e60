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
import { createGroupByHash, type GroupByHash } from '../../../src/execution/hash/group-by-hash.js';
import type { Type } from '../../../src/types/type.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  REAL,
  rowOf,
  timestamp,
  VARBINARY,
  VARCHAR,
} from '../../../src/types/type.js';

function ids(hash: GroupByHash, blocks: readonly Block[], nullsMatch = true): number[] {
  const count = blocks[0]?.positionCount ?? 0;
  const out = new Int32Array(count);
  hash.getGroupIds(blocks, count, out, nullsMatch);
  return [...out];
}

function lookupIds(hash: GroupByHash, blocks: readonly Block[], nullsMatch = true): number[] {
  const count = blocks[0]!.positionCount;
  const out = new Int32Array(count);
  hash.lookup(blocks, count, out, nullsMatch);
  return [...out];
}

function keys(hash: GroupByHash, types: readonly Type[]): unknown[][] {
  const blocks = hash.buildKeyBlocks(0, hash.groupCount);
  const rows: unknown[][] = [];
  for (let g = 0; g < hash.groupCount; g++) rows.push(blocks.map((b, c) => getValue(b, types[c]!, g)));
  return rows;
}

describe('GroupByHash, single numeric key', () => {
  it('assigns dense ids in first-seen order, NULL as its own group', () => {
    const hash = createGroupByHash([BIGINT]);
    assert.deepEqual(ids(hash, [blockOf(BIGINT, [5, 7, 5, null, 7, null, -3])]), [0, 1, 0, 2, 1, 2, 3]);
    assert.deepEqual(ids(hash, [blockOf(BIGINT, [-3, 8, null])]), [3, 4, 2]);
    assert.equal(hash.groupCount, 5);
    assert.deepEqual(keys(hash, [BIGINT]), [[5], [7], [null], [-3], [8]]);
  });

  it('treats NaN as equal to NaN and -0 as 0 for doubles', () => {
    const hash = createGroupByHash([DOUBLE]);
    assert.deepEqual(
      ids(hash, [float64Block(Float64Array.of(Number.NaN, 0, -0, Number.NaN, 1.5, 1.5))]),
      [0, 1, 1, 0, 2, 2],
    );
  });

  it('groups bigints across float64 and int64 blocks, including values beyond 2^53', () => {
    const hash = createGroupByHash([BIGINT]);
    const big = 2n ** 60n + 1n;
    assert.deepEqual(ids(hash, [float64Block(Float64Array.of(1, 2))]), [0, 1]);
    assert.deepEqual(ids(hash, [int64Block(BigInt64Array.of(2n, big, 1n, big, -big))]), [1, 2, 0, 2, 3]);
    assert.deepEqual(keys(hash, [BIGINT]), [[1], [2], [big], [-big]]);
    assert.deepEqual(lookupIds(hash, [int64Block(BigInt64Array.of(big, 3n, 1n))]), [2, -1, 0]);
  });

  it('handles integer, date, real and boolean keys with their own output types', () => {
    for (const [type, values] of [
      [INTEGER, [3, 1, 3, null]],
      [DATE, [19000, 19001, 19000, null]],
      [REAL, [1.5, 2.5, 1.5, null]],
      [BOOLEAN, [true, false, true, null]],
    ] as const) {
      const hash = createGroupByHash([type]);
      assert.deepEqual(ids(hash, [blockOf(type, values)]), [0, 1, 0, 2], type.kind);
      assert.deepEqual(keys(hash, [type]), [[values[0]], [values[1]], [null]]);
    }
  });

  it('resolves dictionary and rle blocks, without inserting unreferenced dictionary entries', () => {
    const hash = createGroupByHash([INTEGER]);
    const dictionary = int32Block(Int32Array.of(10, 20, 30, 40));
    assert.deepEqual(ids(hash, [dictionaryBlock(Int32Array.of(2, 0, 2, 0), dictionary)]), [0, 1, 0, 1]);
    assert.equal(hash.groupCount, 2);
    // The same dictionary on the next page reuses the cached entries.
    assert.deepEqual(ids(hash, [dictionaryBlock(Int32Array.of(1, 2), dictionary)]), [2, 0]);
    assert.deepEqual(ids(hash, [rleBlock(int32Block(Int32Array.of(20)), 3)]), [2, 2, 2]);
    assert.deepEqual(keys(hash, [INTEGER]), [[30], [10], [20]]);
  });

  it('lookup does not insert; nullsMatch=false gives -1 for NULL keys and inserts nothing', () => {
    const hash = createGroupByHash([BIGINT]);
    ids(hash, [blockOf(BIGINT, [1, null])]);
    assert.deepEqual(lookupIds(hash, [blockOf(BIGINT, [null, 2, 1])]), [1, -1, 0]);
    assert.deepEqual(lookupIds(hash, [blockOf(BIGINT, [null, 1])], false), [-1, 0]);
    const joinHash = createGroupByHash([BIGINT]);
    assert.deepEqual(ids(joinHash, [blockOf(BIGINT, [null, 4, null])], false), [-1, 0, -1]);
    assert.equal(joinHash.groupCount, 1);
    assert.equal(hash.groupCount, 2);
  });

  it('gives runs of one key the same group, across NULLs, -0 and NaN, and lookups their misses', () => {
    const hash = createGroupByHash([DOUBLE]);
    const values = [4, 4, 4, null, 4, 0, -0, -0, Number.NaN, Number.NaN, 9, 9, 4, 4];
    const block = blockOf(DOUBLE, values);
    assert.deepEqual(ids(hash, [block]), [0, 0, 0, 1, 0, 2, 2, 2, 3, 3, 4, 4, 0, 0]);
    assert.equal(hash.groupCount, 5);
    // A run of a missing key stays missing; a present key after it is found.
    assert.deepEqual(
      lookupIds(hash, [blockOf(DOUBLE, [7, 7, 7, 9, 9, null, 7, 4])], false),
      [-1, -1, -1, 4, 4, -1, -1, 0],
    );
    // Runs that straddle the insertion batch (4096) and a rehash keep their group.
    const many = createGroupByHash([BIGINT], 4);
    const n = 20_000;
    const keyed = new Float64Array(n);
    for (let i = 0; i < n; i++) keyed[i] = Math.floor(i / 3);
    const got = ids(many, [float64Block(keyed)]);
    for (let i = 0; i < n; i++) assert.equal(got[i], Math.floor(i / 3));
  });

  it('keeps ids stable across rehashing with 200k groups', () => {
    const hash = createGroupByHash([BIGINT], 4);
    const n = 200_000;
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = (i * 7919) % n;
    const first = ids(hash, [float64Block(values)]);
    assert.equal(hash.groupCount, n);
    for (let i = 0; i < n; i++) assert.equal(first[i], i);
    const again = ids(hash, [float64Block(values.slice().reverse())]);
    for (let i = 0; i < n; i++) assert.equal(again[i], n - 1 - i);
    assert.equal(hash.groupCount, n);
    assert.ok(hash.retainedBytes >= n * 8);
  });
});

describe('GroupByHash, single string key', () => {
  it('groups strings, NULL as its own group, output keys in order', () => {
    const hash = createGroupByHash([VARCHAR]);
    assert.deepEqual(ids(hash, [blockOf(VARCHAR, ['a', 'b', null, 'a', '', null])]), [0, 1, 2, 0, 3, 2]);
    assert.deepEqual(keys(hash, [VARCHAR]), [['a'], ['b'], [null], ['']]);
    assert.deepEqual(lookupIds(hash, [blockOf(VARCHAR, ['', 'zz', null])], false), [3, -1, -1]);
  });

  it('resolves dictionary blocks and keeps ids through growth (150k keys)', () => {
    const hash = createGroupByHash([VARCHAR], 2);
    const dictionary = stringBlock(['x', 'y', 'z']);
    assert.deepEqual(ids(hash, [dictionaryBlock(Int32Array.of(2, 2, 1), dictionary)]), [0, 0, 1]);
    const n = 150_000;
    const values: string[] = [];
    for (let i = 0; i < n; i++) values.push(`key-${i}`);
    const first = ids(hash, [stringBlock(values)]);
    assert.equal(first[n - 1], n + 1);
    assert.equal(hash.groupCount, n + 2);
    const again = ids(hash, [stringBlock(['key-77', 'z', 'y', 'x'])]);
    assert.deepEqual(again, [79, 0, 1, n + 2]);
  });
});

describe('GroupByHash, multi-column and other key types', () => {
  it('groups on two columns with NULLs as values', () => {
    const types = [BIGINT, VARCHAR];
    const hash = createGroupByHash(types);
    const blocks = [blockOf(BIGINT, [1, 1, null, 1, null, 2]), blockOf(VARCHAR, ['a', 'b', 'a', 'a', 'a', null])];
    assert.deepEqual(ids(hash, blocks), [0, 1, 2, 0, 2, 3]);
    assert.deepEqual(keys(hash, types), [
      [1, 'a'],
      [1, 'b'],
      [null, 'a'],
      [2, null],
    ]);
    assert.deepEqual(lookupIds(hash, blocks, false), [0, 1, -1, 0, -1, -1]);
    assert.deepEqual(ids(hash, blocks, false), [0, 1, -1, 0, -1, -1]);
    assert.equal(hash.groupCount, 4);
  });

  it('supports long decimals, varbinary, timestamps, arrays and rows', () => {
    const cases: [Type, unknown[]][] = [
      [decimal(30, 2), [10n ** 25n, -5n, 10n ** 25n, null]],
      [decimal(17, 0), [10n ** 16n, 5n, 10n ** 16n, null]],
      [VARBINARY, [Uint8Array.of(1, 2), Uint8Array.of(1), Uint8Array.of(1, 2), null]],
      [
        timestamp(9),
        [
          { millis: 5, picos: 7, zone: 'UTC' },
          { millis: 5, picos: 8, zone: 'UTC' },
          { millis: 5, picos: 7, zone: 'UTC' },
          null,
        ],
      ],
      [arrayOf(INTEGER), [[1, 2], [1], [1, 2], null]],
      [
        rowOf([
          { name: 'a', type: INTEGER },
          { name: 'b', type: VARCHAR },
        ]),
        [[1, 'x'], [1, null], [1, 'x'], null],
      ],
    ];
    for (const [type, values] of cases) {
      const hash = createGroupByHash([type, INTEGER]);
      const blocks = [blockOf(type, values), blockOf(INTEGER, [1, 1, 1, 1])];
      assert.deepEqual(ids(hash, blocks), [0, 1, 0, 2], type.kind);
      assert.deepEqual(
        keys(hash, [type, INTEGER]).map((row) => row[0]),
        [values[0], values[1], null],
        type.kind,
      );
    }
  });

  it('gives runs of a two-column key the same group and tells apart keys that differ in one column', () => {
    const hash = createGroupByHash([BIGINT, VARCHAR]);
    const first = blockOf(BIGINT, [1, 1, 1, 1, 2, 2, 1, null, null]);
    const second = blockOf(VARCHAR, ['a', 'a', 'b', 'b', 'b', 'b', 'a', 'x', 'x']);
    assert.deepEqual(ids(hash, [first, second]), [0, 0, 1, 1, 2, 2, 0, 3, 3]);
    assert.deepEqual(
      lookupIds(hash, [blockOf(BIGINT, [2, 2, 5, 5, 1]), blockOf(VARCHAR, ['b', 'b', 'b', 'b', 'b'])], false),
      [2, 2, -1, -1, 1],
    );
  });

  it('groups 120k two-column keys through rehashing', () => {
    const hash = createGroupByHash([INTEGER, VARCHAR], 8);
    const n = 120_000;
    const a = new Int32Array(n);
    const b: string[] = [];
    for (let i = 0; i < n; i++) {
      a[i] = i % 1000;
      b.push(`s${Math.floor(i / 1000)}`);
    }
    const out = ids(hash, [int32Block(a), stringBlock(b)]);
    assert.equal(hash.groupCount, n);
    assert.equal(out[n - 1], n - 1);
    const again = ids(hash, [int32Block(Int32Array.of(999, 5)), stringBlock(['s119', 's0'])]);
    assert.deepEqual(again, [n - 1, 5]);
  });

  it('groups dictionary-encoded key combinations like their flat values', () => {
    const flags = stringBlock(['A', 'N', 'R']);
    const status = stringBlock(['F', 'O'], Uint8Array.of(0, 1));
    const page1 = [
      dictionaryBlock(Int32Array.of(0, 1, 0, 2, 0), flags),
      dictionaryBlock(Int32Array.of(0, 1, 0, 0, 1), status),
    ];
    const page2 = [rleBlock(stringBlock(['R']), 3), dictionaryBlock(Int32Array.of(0, 1, 0), status)];
    const dictionaryHash = createGroupByHash([VARCHAR, VARCHAR]);
    const fromDictionaries = [...ids(dictionaryHash, page1), ...ids(dictionaryHash, page2)];
    const flatHash = createGroupByHash([VARCHAR, VARCHAR]);
    const fromFlat = [
      ...ids(flatHash, [blockOf(VARCHAR, ['A', 'N', 'A', 'R', 'A']), blockOf(VARCHAR, ['F', null, 'F', 'F', null])]),
      ...ids(flatHash, [blockOf(VARCHAR, ['R', 'R', 'R']), blockOf(VARCHAR, ['F', null, 'F'])]),
    ];
    assert.deepEqual(fromDictionaries, fromFlat);
    assert.deepEqual(fromDictionaries, [0, 1, 0, 2, 3, 2, 4, 2]);
    assert.deepEqual(keys(dictionaryHash, [VARCHAR, VARCHAR]), keys(flatHash, [VARCHAR, VARCHAR]));
    assert.deepEqual(lookupIds(dictionaryHash, page2, false), [2, -1, 2]);
    // Groups made from dictionary pages (hashed a combination at a time) are found from flat pages.
    assert.deepEqual(
      ids(dictionaryHash, [blockOf(VARCHAR, ['R', 'A', 'N', 'R']), blockOf(VARCHAR, [null, 'F', null, 'F'])]),
      [4, 0, 1, 2],
    );
    assert.equal(dictionaryHash.groupCount, 5);
  });

  it('gives every position group 0 with no key columns', () => {
    const hash = createGroupByHash([]);
    assert.equal(hash.groupCount, 0);
    const out = new Int32Array(3);
    hash.getGroupIds([], 3, out);
    assert.deepEqual([...out], [0, 0, 0]);
    assert.equal(hash.groupCount, 1);
  });
});
