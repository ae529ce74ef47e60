/**
 * Pages in an output buffer reach a consumer in the same process as page objects and a remote one
 * serialized, and both get the same rows: a hashed page's partitions (random pages of every type,
 * with nulls, strings, dictionaries and rle) hold every row exactly once, object and serialized
 * alike; a whole page is handed over as the very object the producer passed (never serialized);
 * a broadcast page is serialized once for all its remote consumers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import { createPage, type Page } from '../../../src/data/page.js';
import { deserializePages } from '../../../src/data/page-serde.js';
import { BufferedPage } from '../../../src/execution/exchange/buffered-page.js';
import { OutputBuffer } from '../../../src/execution/exchange/output-buffer.js';
import { TaskOutputOperator } from '../../../src/execution/exchange/task-output-operator.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { BIGINT, type Type, VARCHAR } from '../../../src/types/type.js';
import { assertSameValues, randomBlock, randomInt, randomType, seededRandom } from '../../data/random-blocks.js';

function assertSamePage(actual: Page, expected: Page, types: readonly Type[], label: string): void {
  assert.equal(actual.positionCount, expected.positionCount, label);
  types.forEach((type, c) => {
    assertSameValues(actual.blocks[c]!, expected.blocks[c]!, type, `${label}: column ${c}`);
  });
}

describe('BufferedPage', () => {
  it('gives each partition of a hashed page every row exactly once, as objects equal to the serialized path', async () => {
    const random = seededRandom(1818);
    for (let iteration = 0; iteration < 40; iteration++) {
      const count = randomInt(random, 1, 300);
      // Column 0 numbers the rows; column 1 is a string key with nulls; the rest are of any type.
      const types: Type[] = [BIGINT, VARCHAR];
      for (let c = randomInt(random, 0, 3); c > 0; c--) types.push(randomType(random));
      const ids = Array.from({ length: count }, (_, i) => i);
      const keys = ids.map((i) => (i % 7 === 0 ? null : `key-${i % 23}-é`));
      const blocks = [blockOf(BIGINT, ids), blockOf(VARCHAR, keys)];
      for (const type of types.slice(2)) blocks.push(randomBlock(random, type, count));
      const page = createPage(blocks, count);
      const partitionCount = randomInt(random, 2, 4);
      const bufferIds = Array.from({ length: partitionCount }, (_, p) => String(p));
      const buffer = new OutputBuffer({ kind: 'PARTITIONED', bufferIds, maxBufferedBytes: 1 << 30 });
      const operator = new TaskOutputOperator(OperatorContext.standalone(), buffer, {
        partitioning: 'HASH',
        hashChannels: random() < 0.5 ? [1] : [1, 0],
        partitionCount,
        types,
      });
      operator.addInput(page);
      buffer.setNoMorePages();
      const seen = new Array<number>(count).fill(0);
      for (const id of bufferIds) {
        const { pages } = await buffer.getPages(id, 0, 1 << 30, 0);
        for (const entry of pages) {
          const [local, ...more] = entry.pages(types);
          assert.equal(more.length, 0);
          const [remote] = deserializePages(entry.serialized(), types);
          assert.ok(local && remote);
          assert.equal(entry.positionCount, local.positionCount);
          assertSamePage(local, remote, types, `iteration ${iteration}, partition ${id}`);
          for (let i = 0; i < local.positionCount; i++) {
            const row = Number(getValue(local.blocks[0]!, BIGINT, i));
            seen[row]!++;
            // The row's values are those of the producer's row.
            types.forEach((type, c) => {
              assert.deepEqual(
                getValue(local.blocks[c]!, type, i),
                getValue(page.blocks[c]!, type, row),
                `iteration ${iteration}: row ${row} column ${c}`,
              );
            });
          }
        }
      }
      assert.deepEqual(
        seen.filter((n) => n !== 1),
        [],
        'every row in exactly one partition',
      );
    }
  });

  it('hands a whole page to a reader in the same process as the object the producer passed', async () => {
    const types = [BIGINT, VARCHAR];
    const page = createPage([blockOf(BIGINT, [1, 2, null]), blockOf(VARCHAR, ['a', null, 'c'])], 3);
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 1 << 20 });
    const operator = new TaskOutputOperator(OperatorContext.standalone(), buffer, {
      partitioning: 'SINGLE',
      hashChannels: [],
      partitionCount: 1,
      types,
    });
    operator.addInput(page);
    const { pages } = await buffer.getPages('0', 0, 1 << 20, 0);
    assert.equal(pages.length, 1);
    assert.equal(pages[0]?.pages(types)[0], page, 'the same object: not serialized and read back');
    // A remote reader of the same buffer gets its bytes, and they read back as the page.
    const { pages: bytes } = await buffer.get('0', 0, 1 << 20, 0);
    assertSamePage(deserializePages(bytes[0]!, types)[0]!, page, types, 'serialized');
  });

  it('serializes a broadcast page once for all its remote consumers, and gives local ones the object', async () => {
    const types = [VARCHAR];
    const page = createPage([blockOf(VARCHAR, ['x', 'y'])], 2);
    const buffer = new OutputBuffer({ kind: 'BROADCAST', bufferIds: ['0', '1', '2'], maxBufferedBytes: 1 << 20 });
    buffer.enqueueBroadcastPage(BufferedPage.ofPage(page, types));
    const first = (await buffer.get('0', 0, 1 << 20, 0)).pages[0];
    const second = (await buffer.get('1', 0, 1 << 20, 0)).pages[0];
    assert.ok(first);
    assert.equal(second, first, 'the same bytes, serialized once');
    const local = (await buffer.getPages('2', 0, 1 << 20, 0)).pages[0];
    assert.equal(local?.pages(types)[0], page);
  });

  it('reads a serialized entry back as pages for a local reader', () => {
    const types = [BIGINT];
    const page = createPage([blockOf(BIGINT, [7, 8])], 2);
    const serialized = BufferedPage.ofPage(page, types).serialized();
    const entry = BufferedPage.ofBytes(serialized, 2);
    assert.equal(entry.sizeInBytes, serialized.length);
    assertSamePage(entry.pages(types)[0]!, page, types, 'bytes entry');
  });
});
