/**
 * The internal HTTP client against a real loopback server that tears down connections: an
 * idempotent request is sent again after a reset and succeeds, any other request fails with the
 * reset; a refused connection and an error status are never resent.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  InternalHttpClient,
  InternalHttpStatusError,
  isTransientTransportError,
} from '../../../src/server/protocol/internal-http-client.js';

describe('InternalHttpClient', () => {
  let server: Server;
  let url = '';
  /** Requests the server destroys (without answering) before it answers one. */
  let toTear = 0;
  let received = 0;
  const sockets = new Set<Socket>();

  before(async () => {
    server = createServer((request, response) => {
      received++;
      if (toTear > 0) {
        toTear--;
        request.socket.destroy();
        return;
      }
      if (request.url === '/missing') {
        response.writeHead(404).end('no such task');
        return;
      }
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
      });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends an idempotent request again after its connection was torn, and it succeeds', async () => {
    const client = new InternalHttpClient({ nodeId: 'coordinator', sharedSecret: undefined });
    try {
      toTear = 2;
      received = 0;
      const answer = await client.json<{ echo: string }>(`${url}/v1/task/q.1.0`, {
        method: 'POST',
        body: { sources: [] },
        idempotent: true,
      });
      assert.deepEqual(answer, { echo: '{"sources":[]}' });
      assert.equal(received, 3, 'two torn attempts, then the answer');
    } finally {
      await client.close();
    }
  });

  it('fails a request that is not idempotent at the first reset', async () => {
    const client = new InternalHttpClient({ nodeId: 'coordinator', sharedSecret: undefined });
    try {
      toTear = 1;
      received = 0;
      await assert.rejects(
        client.request(`${url}/v1/task/q.0.0`, { method: 'POST', body: { sources: [] } }),
        (error: unknown) => isTransientTransportError(error),
      );
      assert.equal(received, 1);
    } finally {
      await client.close();
    }
  });

  it('gives up after a few resends, and never resends an error status or a refused connection', async () => {
    const client = new InternalHttpClient({ nodeId: 'coordinator', sharedSecret: undefined });
    try {
      toTear = 10;
      received = 0;
      await assert.rejects(
        client.request(`${url}/v1/task/q.1.0`, { method: 'POST', body: {}, idempotent: true }),
        (error: unknown) => isTransientTransportError(error),
      );
      assert.equal(received, 4, 'the request and three resends');
      toTear = 0;
      received = 0;
      await assert.rejects(
        client.checked(`${url}/missing`, { method: 'DELETE', idempotent: true }),
        (error: unknown) => error instanceof InternalHttpStatusError && error.statusCode === 404,
      );
      assert.equal(received, 1);
      // A port nobody listens on: refused, not torn.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      await assert.rejects(
        client.request(`http://127.0.0.1:${port}/v1/task/x`, { method: 'DELETE', idempotent: true }),
        (error: unknown) => !isTransientTransportError(error),
      );
    } finally {
      await client.close();
    }
  });
});
