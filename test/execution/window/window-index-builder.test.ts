/**
 * The window index built in bounded steps: many sorted runs merged a slice per call, with the
 * partition and peer boundaries found during the merge, give the same index as sorting all rows.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getValue } from '../../../src/data/block-values.js';
import { WindowIndexBuilder } from '../../../src/execution/window/window-index.js';
import { BIGINT, VARCHAR } from '../../../src/types/type.js';
import { pagesOf, random } from '../operators/operator-harness.js';

const TYPES = [BIGINT, VARCHAR, BIGINT];

describe('WindowIndexBuilder', () => {
  it('merges many runs one slice per call into window order with partition and peer boundaries', () => {
    const next = random(7);
    const count = 50_000;
    // (partition, order key, original position): a stable sort keeps equal keys in input order.
    const rows = Array.from({ length: count }, (_, i) => [Math.floor(next() * 5), `k${Math.floor(next() * 3000)}`, i]);
    const builder = new WindowIndexBuilder(
      TYPES,
      [0],
      [{ channel: 1, type: VARCHAR, ascending: true, nullsFirst: false }],
    );
    for (const page of pagesOf(TYPES, rows, 1024)) builder.add(page);
    builder.finishInput();
    let calls = 0;
    let index: ReturnType<WindowIndexBuilder['buildSome']>;
    // A deadline already past: exactly one slice of work per call.
    do {
      index = builder.buildSome(0);
      calls++;
    } while (index === undefined);
    assert.ok(calls >= Math.ceil(count / 4096), `${calls} calls`);

    const expected = [...rows].sort(
      (a, b) =>
        (a[0] as number) - (b[0] as number) ||
        ((a[1] as string) < (b[1] as string) ? -1 : (a[1] as string) > (b[1] as string) ? 1 : 0) ||
        (a[2] as number) - (b[2] as number),
    );
    assert.equal(index.rowCount, count);
    const actual = Array.from({ length: count }, (_, i) =>
      TYPES.map((type, c) => getValue(index!.page.blocks[c]!, type, i)),
    );
    assert.deepEqual(
      actual.map((row) => Number(row[2])),
      expected.map((row) => row[2]),
    );
    const partitionStarts = [0];
    const groupStarts = [0];
    for (let i = 1; i < count; i++) {
      if (expected[i]![0] !== expected[i - 1]![0]) partitionStarts.push(i);
      if (expected[i]![0] !== expected[i - 1]![0] || expected[i]![1] !== expected[i - 1]![1]) groupStarts.push(i);
    }
    assert.deepEqual([...index.partitionStarts], [...partitionStarts, count]);
    assert.deepEqual([...index.groupStarts], [...groupStarts, count]);
    for (let i = 0; i < count; i += 997) {
      assert.equal(index.peerStart(i), groupStarts[index.groupOf[i]!]);
    }
  });
});
