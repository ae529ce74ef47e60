/** Signed internal tokens and the hook that guards internal resources. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import {
  COORDINATOR_INTERNAL_ROUTES,
  createInternalToken,
  INTERNAL_BEARER_HEADER,
  InternalTokenSource,
  installInternalAuthentication,
  internalCaller,
  verifyInternalToken,
  WORKER_INTERNAL_ROUTES,
} from '../../../src/server/cluster/internal-auth.js';

describe('internal tokens', () => {
  it('verify with the same secret before expiry and name the node', () => {
    const token = createInternalToken('s3cret', 'worker.1', 1000, 60_000);
    assert.equal(verifyInternalToken('s3cret', token, 2000), 'worker.1');
    assert.equal(verifyInternalToken('s3cret', token, 61_000), undefined, 'expired');
    assert.equal(verifyInternalToken('other', token, 2000), undefined, 'wrong secret');
    assert.equal(verifyInternalToken('s3cret', undefined, 2000), undefined);
    assert.equal(verifyInternalToken('s3cret', 'garbage', 2000), undefined);
    const [node, expiry, signature] = token.split('.');
    assert.equal(verifyInternalToken('s3cret', `${node}.${Number(expiry) + 1000}.${signature}`, 2000), undefined);
  });

  it('are reused until close to expiry', () => {
    const source = new InternalTokenSource('k', 'n');
    const first = source.current(0);
    assert.equal(source.current(60_000), first);
    assert.notEqual(source.current(4.5 * 60_000), first);
  });
});

describe('internal authentication hook', () => {
  async function app(secret: string | undefined) {
    const server = Fastify();
    installInternalAuthentication(server, secret, COORDINATOR_INTERNAL_ROUTES);
    server.put('/v1/announcement/:id', async (request) => ({ caller: internalCaller(request) ?? null }));
    server.get('/v1/node', async () => []);
    await server.ready();
    return server;
  }

  it('refuses internal requests without a valid token with 401 and lets public ones through', async () => {
    const server = await app('k');
    assert.equal((await server.inject({ method: 'PUT', url: '/v1/announcement/a' })).statusCode, 401);
    const bad = await server.inject({
      method: 'PUT',
      url: '/v1/announcement/a',
      headers: { [INTERNAL_BEARER_HEADER]: 'x.1.y' },
    });
    assert.equal(bad.statusCode, 401);
    const good = await server.inject({
      method: 'PUT',
      url: '/v1/announcement/a?x=1',
      headers: { [INTERNAL_BEARER_HEADER]: createInternalToken('k', 'w1') },
    });
    assert.equal(good.statusCode, 200);
    assert.deepEqual(good.json(), { caller: 'w1' });
    assert.equal((await server.inject({ method: 'GET', url: '/v1/node' })).statusCode, 200);
  });

  it('checks nothing without a secret', async () => {
    const server = await app(undefined);
    assert.equal((await server.inject({ method: 'PUT', url: '/v1/announcement/a' })).statusCode, 200);
  });

  it('treats everything on a worker as internal except the info resource', () => {
    assert.equal(WORKER_INTERNAL_ROUTES('GET', '/v1/info'), false);
    assert.equal(WORKER_INTERNAL_ROUTES('HEAD', '/v1/info/state'), false);
    assert.equal(WORKER_INTERNAL_ROUTES('GET', '/v1/task'), true);
    assert.equal(WORKER_INTERNAL_ROUTES('POST', '/v1/info'), true);
    assert.equal(COORDINATOR_INTERNAL_ROUTES('GET', '/v1/statement/q/1'), false);
    assert.equal(COORDINATOR_INTERNAL_ROUTES('GET', '/v1/task/q.1.0'), true);
  });
});
