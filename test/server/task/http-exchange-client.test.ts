/**
 * HttpExchangeClient against a scripted results server on loopback: pages from several locations,
 * a retry after a 503 and a 404 (the upstream task not created yet), the DELETE after
 * buffer-complete, a failure when the task instance changes, and its status for the task record.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { VivaceError } from '../../../src/common/vivace-error.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { createPage } from '../../../src/data/page.js';
import { serializePages } from '../../../src/data/page-serde.js';
import { BufferedPage } from '../../../src/execution/exchange/buffered-page.js';
import { OutputBuffer } from '../../../src/execution/exchange/output-buffer.js';
import { QueryMemoryPool } from '../../../src/execution/memory-context.js';
import { HttpExchangeClient } from '../../../src/server/task/http-exchange-client.js';
import { framePages } from '../../../src/server/task/results-framing.js';
import { BIGINT } from '../../../src/types/type.js';

interface Script {
  /** Per token: an HTTP status to answer instead of pages, once. */
  failures: Map<number, number>;
  pages: number[][];
  instance: string;
  deletes: number;
  requests: number;
  /** Tokens whose page is answered with one bit of its body flipped. */
  corrupt?: Set<number>;
}

const scripts = new Map<string, Script>();
let server: FastifyInstance;
let base: string;

function page(values: number[]): Uint8Array {
  return serializePages([createPage([blockOf(BIGINT, values)], values.length)], [BIGINT]);
}

before(async () => {
  server = Fastify();
  server.get('/v1/task/:task/results/:buffer/:token', async (request, reply) => {
    const { task, token } = request.params as { task: string; token: string };
    const script = scripts.get(task)!;
    script.requests++;
    const sequence = Number(token);
    const failure = script.failures.get(sequence);
    if (failure !== undefined) {
      script.failures.delete(sequence);
      return reply.code(failure).send('try again');
    }
    const pages = script.pages.slice(sequence, sequence + 1).map(page);
    if (script.corrupt?.has(sequence) && pages[0]) {
      pages[0] = Uint8Array.from(pages[0]);
      pages[0][pages[0].length - 1]! ^= 1;
    }
    const next = sequence + pages.length;
    return reply
      .header('X-Service-Task-Instance-Id', script.instance)
      .header('X-Service-Page-Sequence-Id', String(sequence))
      .header('X-Service-Page-End-Sequence-Id', String(next))
      .header('X-Service-Buffer-Complete', String(next >= script.pages.length))
      .type('application/X-presto-pages')
      .send(framePages(pages));
  });
  server.delete('/v1/task/:task/results/:buffer', async (request, reply) => {
    scripts.get((request.params as { task: string }).task)!.deletes++;
    return reply.code(204).send();
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

after(async () => {
  await server.close();
});

function client(onFailure: (error: VivaceError) => void = () => undefined): HttpExchangeClient {
  return new HttpExchangeClient({
    bufferId: '0',
    types: [BIGINT],
    maxResponseBytes: 1 << 20,
    maxBufferedBytes: 1 << 20,
    headers: () => ({}),
    onFailure,
  });
}

async function eventuallyTrue(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(condition());
}

async function drain(reader: HttpExchangeClient, failed: () => VivaceError | undefined): Promise<number[]> {
  const values: number[] = [];
  while (!reader.isFinished()) {
    const error = failed();
    if (error) throw error;
    const next = reader.pollPage();
    if (next) values.push(...pageToJsonRows(next, [BIGINT]).map((row) => row[0] as number));
    else await reader.whenReady();
  }
  return values;
}

describe('HttpExchangeClient', { timeout: 30_000 }, () => {
  it('reads every location, retries 503 and 404 answers, and deletes each buffer once complete', async () => {
    scripts.set('a', { failures: new Map([[1, 503]]), pages: [[1, 2], [3]], instance: 'x', deletes: 0, requests: 0 });
    scripts.set('b', {
      failures: new Map([[0, 404]]),
      pages: [[10], [11], [12]],
      instance: 'y',
      deletes: 0,
      requests: 0,
    });
    let failure: VivaceError | undefined;
    const reader = client((e) => {
      failure = e;
    });
    reader.addLocation(`${base}/v1/task/a`);
    reader.addLocation(`${base}/v1/task/b`);
    reader.noMoreLocations();
    const values = await drain(reader, () => failure);
    assert.deepEqual(
      values.sort((x, y) => x - y),
      [1, 2, 3, 10, 11, 12],
    );
    const status = reader.status();
    assert.equal(status.pageBufferClientStatuses.length, 2);
    for (const location of status.pageBufferClientStatuses) {
      assert.equal(location.state, 'closed');
      assert.ok(location.requestsFailed >= 1, 'the scripted failure was retried');
      assert.match(location.lastUpdate, /Z$/);
    }
    assert.equal(status.pageBufferClientStatuses[0]!.pagesReceived, 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(scripts.get('a')!.deletes, 1);
    assert.equal(scripts.get('b')!.deletes, 1);
  });

  it('destroys the upstream buffers it has not finished when closed early (a LIMIT was met)', async () => {
    scripts.set('early', { failures: new Map(), pages: [[1], [2], [3], [4]], instance: 'x', deletes: 0, requests: 0 });
    const reader = client();
    reader.addLocation(`${base}/v1/task/early`);
    reader.noMoreLocations();
    while (reader.pollPage() === null) await reader.whenReady();
    reader.close();
    assert.equal(reader.isFinished(), true);
    await eventuallyTrue(() => scripts.get('early')?.deletes === 1);
    assert.equal(reader.status().pageBufferClientStatuses[0]?.state, 'closed');
  });

  it('leaves the upstream buffers alone when closed for a cancel (the producers are canceled with it)', async () => {
    scripts.set('canceled', { failures: new Map(), pages: [[1], [2], [3]], instance: 'x', deletes: 0, requests: 0 });
    const reader = client();
    reader.addLocation(`${base}/v1/task/canceled`);
    reader.noMoreLocations();
    while (reader.pollPage() === null) await reader.whenReady();
    reader.close(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(scripts.get('canceled')?.deletes, 0);
  });

  it('destroys an unfinished local upstream buffer when closed early', async () => {
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 1 << 20 });
    buffer.enqueue(0, page([1]), 1);
    buffer.enqueue(0, page([2]), 1);
    const reader = new HttpExchangeClient({
      bufferId: '0',
      types: [BIGINT],
      maxResponseBytes: 1 << 20,
      maxBufferedBytes: 1 << 20,
      headers: () => ({}),
      onFailure: () => undefined,
      localOutput: async () => ({ outputBuffer: buffer, instanceId: 'i' }),
    });
    reader.addLocation('http://this-worker.invalid/v1/task/q.1.0');
    reader.noMoreLocations();
    while (reader.pollPage() === null) await reader.whenReady();
    assert.equal(buffer.hasNoConsumers(), false);
    reader.close();
    assert.equal(buffer.hasNoConsumers(), true);
    buffer.setNoMorePages();
    assert.equal(buffer.isFinished(), true, 'the producing task can finish without anyone reading its pages');
  });

  it('fails when the upstream task instance changes (its worker restarted)', async () => {
    const script: Script = { failures: new Map(), pages: [[1], [2], [3]], instance: 'first', deletes: 0, requests: 0 };
    scripts.set('c', script);
    let failure: VivaceError | undefined;
    const reader = client((e) => {
      failure = e;
    });
    reader.addLocation(`${base}/v1/task/c`);
    reader.noMoreLocations();
    while (reader.pollPage() === null) await reader.whenReady();
    script.instance = 'second';
    await assert.rejects(
      drain(reader, () => failure),
      /was restarted/,
    );
    assert.equal(failure?.errorName, 'REMOTE_TASK_ERROR');
  });

  it('reads a task of its own process from its output buffer, without HTTP, and frees it at the end', async () => {
    const buffer = new OutputBuffer({ kind: 'PARTITIONED', bufferIds: ['0', '1'], maxBufferedBytes: 1 << 20 });
    buffer.enqueue(0, page([1, 2]), 2);
    buffer.enqueue(1, page([99]), 1);
    let failure: VivaceError | undefined;
    const lookups: string[] = [];
    const reader = new HttpExchangeClient({
      bufferId: '0',
      types: [BIGINT],
      maxResponseBytes: 1 << 20,
      maxBufferedBytes: 1 << 20,
      headers: () => ({}),
      onFailure: (e) => {
        failure = e;
      },
      localOutput: async (uri) => {
        lookups.push(uri);
        return uri.startsWith('http://this-worker.invalid/') ? { outputBuffer: buffer, instanceId: 'i' } : undefined;
      },
    });
    // An address no request could reach: only the local read can answer.
    reader.addLocation('http://this-worker.invalid/v1/task/q.1.0');
    reader.noMoreLocations();
    setTimeout(() => {
      buffer.enqueue(0, page([3]), 1);
      buffer.setNoMorePages();
    }, 20);
    assert.deepEqual(await drain(reader, () => failure), [1, 2, 3]);
    assert.deepEqual(lookups, ['http://this-worker.invalid/v1/task/q.1.0']);
    const status = reader.status().pageBufferClientStatuses[0]!;
    assert.equal(status.rowsReceived, 3);
    assert.equal(status.requestsFailed, 0);
    // Buffer 0 was destroyed when complete; buffer 1 still holds its page, so the buffer lives on.
    assert.equal(buffer.isFinished(), false);
    buffer.destroy('1');
    assert.equal(buffer.isFinished(), true);
  });

  it('takes the pages of a task of its own process as the objects that task produced (no serialization)', async () => {
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 1 << 20 });
    const produced = createPage([blockOf(BIGINT, [10, 20])], 2);
    buffer.enqueuePage(0, BufferedPage.ofPage(produced, [BIGINT]));
    buffer.setNoMorePages();
    const reader = new HttpExchangeClient({
      bufferId: '0',
      types: [BIGINT],
      maxResponseBytes: 1 << 20,
      maxBufferedBytes: 1 << 20,
      headers: () => ({}),
      onFailure: () => undefined,
      localOutput: async () => ({ outputBuffer: buffer, instanceId: 'i' }),
    });
    reader.addLocation('http://this-worker.invalid/v1/task/q.1.0');
    reader.noMoreLocations();
    let page = reader.pollPage();
    while (page === null) {
      await reader.whenReady();
      page = reader.pollPage();
    }
    assert.equal(page, produced);
    while (!reader.isFinished()) await reader.whenReady();
    assert.equal(buffer.isFinished(), true);
  });

  it('keeps pages from another node as bytes until read, counted, and fails the read of a corrupt one', async () => {
    scripts.set('c', {
      failures: new Map(),
      pages: [[1, 2, 3], [4], [5, 6]],
      instance: 'x',
      deletes: 0,
      requests: 0,
      corrupt: new Set([2]),
    });
    const reader = client();
    reader.addLocation(`${base}/v1/task/c`);
    reader.noMoreLocations();
    // All three answers are in before anything is decoded: the corrupt one too.
    await eventuallyTrue(() => reader.bufferedPageCount === 3);
    const [location] = reader.status().pageBufferClientStatuses;
    assert.equal(location!.pagesReceived, 3);
    assert.equal(location!.rowsReceived, 6);
    assert.deepEqual(pageToJsonRows(reader.pollPage()!, [BIGINT]), [[1], [2], [3]]);
    assert.deepEqual(pageToJsonRows(reader.pollPage()!, [BIGINT]), [[4]]);
    assert.equal(reader.bufferedPageCount, 1);
    assert.throws(
      () => reader.pollPage(),
      (error: VivaceError) => error.errorName === 'CORRUPT_PAGE' && /checksum/.test(error.message),
    );
    reader.close();
  });

  it("counts the pages fetched and not yet consumed into the task's memory, and fails past the limit", async () => {
    const buffer = new OutputBuffer({ kind: 'ARBITRARY', bufferIds: ['0'], maxBufferedBytes: 1 << 20 });
    const frame = page([1, 2, 3]);
    buffer.enqueue(0, frame, 3);
    const pool = new QueryMemoryPool('q', frame.length * 2.5);
    const memory = pool.newLocalContext('ExchangeOperator');
    let failure: VivaceError | undefined;
    const reader = new HttpExchangeClient({
      bufferId: '0',
      types: [BIGINT],
      maxResponseBytes: 1 << 20,
      maxBufferedBytes: 1 << 20,
      memory,
      headers: () => ({}),
      onFailure: (e) => {
        failure = e;
      },
      localOutput: async () => ({ outputBuffer: buffer, instanceId: 'i' }),
    });
    reader.addLocation('http://this-worker.invalid/v1/task/q.1.0');
    reader.noMoreLocations();
    await reader.whenReady();
    assert.equal(memory.reservedBytes, frame.length, 'fetched, not consumed');
    assert.notEqual(reader.pollPage(), null);
    assert.equal(memory.reservedBytes, 0, 'consumed');
    // Three pages at once pass the limit: the client fails rather than taking them in.
    for (let i = 0; i < 3; i++) buffer.enqueue(0, page([4, 5, 6]), 3);
    for (let i = 0; i < 50 && failure === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(failure?.errorName, 'EXCEEDED_MEMORY_LIMIT');
    assert.equal(reader.bufferedPageCount, 0);
    reader.close();
    assert.equal(pool.reservedBytes, 0);
  });
});
