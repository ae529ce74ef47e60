/** OutputBuffer: tokens and acknowledgement, retries, completion, back-pressure, broadcast, destroy, abort. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exchangeBufferBytes, OutputBuffer } from '../../../src/execution/exchange/output-buffer.js';
import { QueryMemoryPool } from '../../../src/execution/memory-context.js';

const page = (n: number, size = 10) => new Uint8Array(size).fill(n);

describe('OutputBuffer', () => {
  it('returns pages from the token on, the same pages again for the same token, and frees those acknowledged', async () => {
    const buffer = new OutputBuffer({ kind: 'PARTITIONED', bufferIds: ['0', '1'], maxBufferedBytes: 1000 });
    buffer.enqueue(0, page(1), 1);
    buffer.enqueue(0, page(2), 1);
    buffer.enqueue(1, page(3), 1);
    const first = await buffer.get('0', 0, 1000, 0);
    assert.deepEqual(
      first.pages.map((p) => p[0]),
      [1, 2],
    );
    assert.equal(first.nextToken, 2);
    assert.equal(first.bufferComplete, false);
    const again = await buffer.get('0', 0, 1000, 0);
    assert.deepEqual(
      again.pages.map((p) => p[0]),
      [1, 2],
      'a retried request loses nothing',
    );
    const next = await buffer.get('0', 2, 1000, 0);
    assert.deepEqual(next.pages, []);
    assert.equal((buffer.info().buffers as { pagesSent: number }[])[0]!.pagesSent, 2, 'token 2 acknowledged both');
    assert.deepEqual(
      (await buffer.get('1', 0, 1000, 0)).pages.map((p) => p[0]),
      [3],
    );
  });

  it('limits a response by size but always returns at least one page', async () => {
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 1000 });
    for (let i = 0; i < 5; i++) buffer.enqueue(0, page(i, 100), 1);
    assert.equal((await buffer.get('0', 0, 250, 0)).pages.length, 2);
    assert.equal((await buffer.get('0', 0, 10, 0)).pages.length, 1);
  });

  it('answers with the pages serialized within its time slice, the rest on the next request', async () => {
    // A zero slice: every response stops after its first page (at least one always goes).
    const buffer = new OutputBuffer({
      kind: 'ARBITRARY',
      bufferIds: ['0'],
      maxBufferedBytes: 1000,
      serializeSliceMs: 0,
    });
    for (let i = 0; i < 3; i++) buffer.enqueue(0, page(i), 1);
    buffer.setNoMorePages();
    const seen: number[] = [];
    let token = 0;
    for (let request = 0; request < 3; request++) {
      const result = await buffer.get('0', token, 1000, 0);
      assert.equal(result.pages.length, 1);
      assert.equal(result.bufferComplete, request === 2, 'complete only once the last page is sent');
      seen.push(...result.pages.map((p) => p[0] ?? -1));
      token = result.nextToken;
    }
    assert.deepEqual(seen, [0, 1, 2]);
    const wide = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 1000 });
    for (let i = 0; i < 3; i++) wide.enqueue(0, page(i), 1);
    assert.equal((await wide.get('0', 0, 1000, 0)).pages.length, 3, 'the default slice takes small pages together');
  });

  it('waits for pages up to the wait time', async () => {
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 1000 });
    const pending = buffer.get('0', 0, 1000, 5000);
    setTimeout(() => buffer.enqueue(0, page(9), 1), 20);
    assert.deepEqual(
      (await pending).pages.map((p) => p[0]),
      [9],
    );
    const empty = await buffer.get('0', 1, 1000, 30);
    assert.deepEqual(empty.pages, []);
  });

  it('says complete once no more pages will come and finishes when every consumer has all', async () => {
    const buffer = new OutputBuffer({ kind: 'PARTITIONED', bufferIds: ['0', '1'], maxBufferedBytes: 1000 });
    buffer.enqueue(0, page(1), 1);
    buffer.setNoMorePages();
    const last = await buffer.get('0', 0, 1000, 0);
    assert.equal(last.bufferComplete, true, 'this response holds the last page');
    assert.equal(buffer.isFinished(), false, 'not acknowledged yet');
    assert.equal((await buffer.get('1', 0, 1000, 0)).bufferComplete, true);
    const finished = buffer.whenFinished();
    await buffer.get('0', 1, 1000, 0);
    await finished;
    assert.equal(buffer.isFinished(), true);
    assert.equal(buffer.info().state, 'FINISHED');
  });

  it('blocks producers while full and unblocks them as pages are acknowledged', async () => {
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 25 });
    buffer.enqueue(0, page(1), 1);
    assert.equal(buffer.whenNotFull(), undefined);
    buffer.enqueue(0, page(2), 1);
    buffer.enqueue(0, page(3), 1);
    const blocked = buffer.whenNotFull();
    assert.ok(blocked, 'a full buffer blocks its producers');
    let released = false;
    void blocked.then(() => {
      released = true;
    });
    await buffer.get('0', 0, 1000, 0);
    await Promise.resolve();
    assert.equal(released, false, 'reading is not acknowledging');
    await buffer.get('0', 2, 1000, 0);
    await blocked;
    assert.equal(buffer.isFull(), false);
  });

  it('gives every consumer every page when broadcasting', async () => {
    const buffer = new OutputBuffer({ kind: 'BROADCAST', bufferIds: ['0', '1', '2'], maxBufferedBytes: 1000 });
    buffer.enqueueBroadcast(page(7), 1);
    for (const id of ['0', '1', '2']) {
      assert.deepEqual(
        (await buffer.get(id, 0, 1000, 0)).pages.map((p) => p[0]),
        [7],
      );
    }
    assert.equal(buffer.info().pagesAdded, 1);
  });

  it('drops a destroyed consumer’s pages and everything on abort, waking waiters', async () => {
    const buffer = new OutputBuffer({ kind: 'PARTITIONED', bufferIds: ['0', '1'], maxBufferedBytes: 15 });
    buffer.enqueue(0, page(1), 1);
    buffer.enqueue(0, page(2), 1);
    const producer = buffer.whenNotFull();
    assert.ok(producer);
    buffer.destroy('0');
    await producer;
    assert.equal((await buffer.get('0', 0, 1000, 0)).bufferComplete, true);
    const waiting = buffer.get('1', 0, 1000, 10_000);
    buffer.abort();
    const result = await waiting;
    assert.deepEqual(result.pages, []);
    assert.equal(result.bufferComplete, true);
    assert.equal(buffer.info().state, 'ABORTED');
  });

  it("counts the bytes it holds into the task's memory, freed as consumers acknowledge or go away", async () => {
    const pool = new QueryMemoryPool('q', 1000);
    const memory = pool.newLocalContext('OutputBuffer');
    const buffer = new OutputBuffer({ kind: 'BROADCAST', bufferIds: ['0', '1'], maxBufferedBytes: 10_000, memory });
    buffer.enqueueBroadcast(page(1, 100), 1);
    assert.equal(memory.reservedBytes, 200, 'one copy per consumer still to read it');
    await buffer.get('0', 1, 1000, 0);
    assert.equal(memory.reservedBytes, 100);
    buffer.destroy('1');
    assert.equal(memory.reservedBytes, 0);
    assert.equal(pool.reservedBytes, 0);
  });

  it('refuses a page past the query limit before queueing it, and frees everything on abort', () => {
    const pool = new QueryMemoryPool('q', 250);
    const memory = pool.newLocalContext('OutputBuffer');
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 10_000, memory });
    buffer.enqueue(0, page(1, 200), 1);
    assert.throws(() => buffer.enqueue(0, page(2, 100), 1), { errorName: 'EXCEEDED_MEMORY_LIMIT' });
    assert.equal((buffer.info() as { totalBufferedPages: number }).totalBufferedPages, 1);
    buffer.abort();
    assert.equal(memory.reservedBytes, 0);
  });

  it('sizes exchange buffers at 32MB, or a sixteenth of a small query limit', () => {
    const MB = 1024 * 1024;
    assert.equal(exchangeBufferBytes(20 * 1024 * MB), 32 * MB);
    assert.equal(exchangeBufferBytes(160 * MB), 10 * MB);
    assert.equal(exchangeBufferBytes(MB), 256 * 1024);
  });
});
