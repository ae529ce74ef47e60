/** requestWhole: an undici request read whole, with headers, abort and transport errors as undici's own. */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Agent } from 'undici';
import { requestWhole } from '../../src/common/whole-response-request.js';

describe('requestWhole', () => {
  let server: Server;
  let base: string;
  const agent = new Agent({ connections: 4 });
  const timeouts = { headersTimeout: 5_000, bodyTimeout: 5_000 };

  before(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (request.url === '/big') {
          // Written in pieces, so the answer arrives in several chunks.
          response.writeHead(200, { 'content-type': 'text/plain' });
          for (let i = 0; i < 64; i++) response.write('x'.repeat(16 * 1024));
          response.end('end');
          return;
        }
        if (request.url === '/slow') {
          setTimeout(() => response.end('late'), 2_000);
          return;
        }
        response.setHeader('Set-Cookie', ['a=1', 'b=2']);
        response.writeHead(request.url === '/missing' ? 404 : 200, { 'X-Echo-Method': request.method ?? '' });
        response.end(`${request.url} ${body}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await agent.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and body, and gives back status, lower-cased headers and the whole body', async () => {
    const response = await requestWhole(agent, `${base}/v1/task/q.0.0?summarize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
      ...timeouts,
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-echo-method'], 'POST');
    assert.deepEqual(response.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(response.body.toString('utf8'), '/v1/task/q.0.0?summarize {"a":1}');
    const missing = await requestWhole(agent, `${base}/missing`, { method: 'GET', headers: {}, ...timeouts });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.body.toString('utf8'), '/missing ');
  });

  it('joins an answer that comes in many chunks', async () => {
    const response = await requestWhole(agent, `${base}/big`, { method: 'GET', headers: {}, ...timeouts });
    assert.equal(response.body.length, 64 * 16 * 1024 + 3);
    assert.equal(response.body.subarray(-3).toString('utf8'), 'end');
  });

  it('stops on an abort signal, before or during the request', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(
      requestWhole(agent, `${base}/x`, { method: 'GET', headers: {}, ...timeouts, signal: aborted.signal }),
      { name: 'AbortError' },
    );
    const later = new AbortController();
    const pending = requestWhole(agent, `${base}/slow`, {
      method: 'GET',
      headers: {},
      ...timeouts,
      signal: later.signal,
    });
    setTimeout(() => later.abort(), 50);
    const started = Date.now();
    await assert.rejects(pending, { name: 'AbortError' });
    assert.ok(Date.now() - started < 1_500, 'aborted before the answer came');
  });

  it('fails as undici does when nobody listens or the answer is late', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(
      requestWhole(agent, `http://127.0.0.1:${port}/`, { method: 'GET', headers: {}, ...timeouts }),
      (error: Error & { code?: string; cause?: { code?: string } }) =>
        error.code === 'ECONNREFUSED' || error.cause?.code === 'ECONNREFUSED',
    );
    await assert.rejects(
      requestWhole(agent, `${base}/slow`, { method: 'GET', headers: {}, headersTimeout: 100, bodyTimeout: 100 }),
      { code: 'UND_ERR_HEADERS_TIMEOUT' },
    );
    await assert.rejects(requestWhole(agent, 'not a url', { method: 'GET', headers: {}, ...timeouts }), TypeError);
  });
});
