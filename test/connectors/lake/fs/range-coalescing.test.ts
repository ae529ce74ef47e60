import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coalesceRanges, readRanges } from '../../../../src/connectors/lake/fs/range-coalescing.js';

describe('lake byte range coalescing', () => {
  it('merges neighbours within the gap, keeps far ranges apart, and remembers which ranges each read serves', () => {
    const reads = coalesceRanges(
      [
        { offset: 1000, length: 100 },
        { offset: 0, length: 100 },
        { offset: 150, length: 50 },
        { offset: 5000, length: 10 },
      ],
      { maxGap: 100 },
    );
    assert.deepEqual(reads, [
      { offset: 0, length: 200, members: [1, 2] },
      { offset: 1000, length: 100, members: [0] },
      { offset: 5000, length: 10, members: [3] },
    ]);
  });

  it('stops merging at the read size limit but never splits a range', () => {
    const reads = coalesceRanges(
      [
        { offset: 0, length: 60 },
        { offset: 60, length: 60 },
        { offset: 120, length: 500 },
      ],
      { maxGap: 10, maxReadSize: 100 },
    );
    assert.deepEqual(
      reads.map((r) => [r.offset, r.length]),
      [
        [0, 60],
        [60, 60],
        [120, 500],
      ],
    );
  });

  it('handles overlapping and contained ranges', () => {
    const reads = coalesceRanges([
      { offset: 10, length: 100 },
      { offset: 20, length: 10 },
    ]);
    assert.deepEqual(reads, [{ offset: 10, length: 100, members: [0, 1] }]);
  });

  it('reads each merged range once and hands back views in request order', async () => {
    const file = Uint8Array.from({ length: 300 }, (_, i) => i);
    const calls: [number, number][] = [];
    const read = async (offset: number, length: number) => {
      calls.push([offset, length]);
      return file.slice(offset, offset + length);
    };
    const parts = await readRanges(
      read,
      [
        { offset: 200, length: 10 },
        { offset: 0, length: 4 },
        { offset: 6, length: 2 },
      ],
      { maxGap: 8 },
    );
    assert.deepEqual(calls, [
      [0, 8],
      [200, 10],
    ]);
    assert.deepEqual(parts, [file.subarray(200, 210), file.subarray(0, 4), file.subarray(6, 8)]);
  });
});
