/**
 * The HTTP server every node runs: which request paths are refused as ambiguous (a second
 * spelling of a path could walk around a check made on the first), and that a refused path
 * never reaches a route handler. Slow clients and real sockets: http-hardening.test.ts.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { ambiguousPathReason, createNodeHttpServer } from '../../../src/server/protocol/http-server.js';

describe('ambiguous request paths', () => {
  it('accepts the paths Vivace serves, with their query strings and escapes of reserved characters', () => {
    for (const url of [
      '/v1/statement',
      '/v1/statement/20240101_000000_00001_abcde/3',
      '/v1/task/q.1.0/results/0/12/acknowledge',
      '/v1/announcement/worker%3A1',
      '/v1/announcement/caf%C3%A9',
      '/v1/query?state=RUNNING&x=%41',
      '/ui/',
      '/ui/query.html?q.1',
      '/v1/info/..x',
      '/',
      'http://coordinator:8080/v1/info',
    ]) {
      assert.equal(ambiguousPathReason(url), undefined, url);
    }
  });

  it('refuses encoded unreserved characters and separators, empty and dot segments, backslashes and fragments', () => {
    const cases: [string, RegExp][] = [
      ['/v1/servic%65', /percent-encoded/],
      ['/v1/%61nnouncement/rogue', /percent-encoded/],
      ['/v1/%53ERVICE', /percent-encoded/],
      ['/v1/task%2Fx', /percent-encoded/],
      ['/v1/task%2fx', /percent-encoded/],
      ['/v1/service/%2e%2e', /percent-encoded/],
      ['/v1/a%7Eb', /percent-encoded/],
      ['/v1/a%5Cb', /percent-encoded/],
      ['/v1/a%zz', /malformed/],
      ['/v1/a%4', /malformed/],
      ['//v1/service', /empty segment/],
      ['/v1//service', /empty segment/],
      ['/v1/service//', /empty segment/],
      ['/v1/./service', /dot segment/],
      ['/x/../v1/service', /dot segment/],
      ['/v1/service/.', /dot segment/],
      ['/v1/service/..', /dot segment/],
      ['/v1\\service', /backslash/],
      ['/v1/service#x', /fragment/],
      ['http://h/v1/./service', /dot segment/],
    ];
    for (const [url, reason] of cases) assert.match(ambiguousPathReason(url) ?? 'accepted', reason, url);
  });

  it('answers 400 before any handler runs, on a real socket (no client library normalizes the path)', async () => {
    const app = createNodeHttpServer(1024);
    let handled = 0;
    app.get('/v1/service', async () => {
      handled++;
      return [];
    });
    app.get('/v1/service/:type', async () => {
      handled++;
      return [];
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      for (const path of [
        '/v1/servic%65',
        '/v1/service/%2e%2e',
        '/v1/./service',
        '/x/../v1/service',
        '/v1/service/..',
      ]) {
        const response = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        assert.match(response, /^HTTP\/1\.1 400 /, path);
        assert.match(response, /Bad request path: /, path);
      }
      assert.equal(handled, 0);
      const ok = await rawRequest(port, 'GET /v1/service HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      assert.match(ok, /^HTTP\/1\.1 200 /);
    } finally {
      await app.close();
    }
  });
});

/** Sends `text` on a new connection and returns everything the server answers until it closes. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(text);
  });
}
