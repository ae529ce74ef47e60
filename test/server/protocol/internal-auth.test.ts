/** Signed, audience-bound internal tokens and the hook that guards internal routes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import {
  audienceOf,
  COORDINATOR_AUDIENCE,
  COORDINATOR_INTERNAL_ROUTES,
  createInternalToken,
  INTERNAL_BEARER_HEADER,
  InternalTokenSource,
  installInternalAuthentication,
  internalCaller,
  verifyInternalToken,
  WORKER_INTERNAL_ROUTES,
} from '../../../src/server/protocol/internal-auth.js';

const forWorker1 = (audience: string) => audience === 'http://10.0.0.1:8080';

describe('internal tokens', () => {
  it('verify with the same secret before expiry for their audience, and name the issuing node', () => {
    const token = createInternalToken('s3cret', 'worker.1', 'http://10.0.0.1:8080', 1000, 60_000);
    assert.equal(verifyInternalToken('s3cret', token, forWorker1, 2000), 'worker.1');
    assert.equal(verifyInternalToken('s3cret', token, forWorker1, 61_000), undefined, 'expired');
    assert.equal(verifyInternalToken('other', token, forWorker1, 2000), undefined, 'wrong secret');
    assert.equal(verifyInternalToken('s3cret', undefined, forWorker1, 2000), undefined);
    assert.equal(verifyInternalToken('s3cret', 'garbage', forWorker1, 2000), undefined);
    const [node, audience, expiry, signature] = token.split('.');
    const later = `${node}.${audience}.${Number(expiry) + 1000}.${signature}`;
    assert.equal(verifyInternalToken('s3cret', later, forWorker1, 2000), undefined, 'expiry changed');
  });

  it('are refused by any node but their audience, even with the audience part swapped', () => {
    const token = createInternalToken('s3cret', 'coordinator', 'http://10.0.0.2:8080', 1000, 60_000);
    assert.equal(verifyInternalToken('s3cret', token, forWorker1, 2000), undefined);
    const [node, , expiry, signature] = token.split('.');
    const swapped = `${node}.${Buffer.from('http://10.0.0.1:8080').toString('base64url')}.${expiry}.${signature}`;
    assert.equal(verifyInternalToken('s3cret', swapped, forWorker1, 2000), undefined);
    const forCoordinator = createInternalToken('s3cret', 'w', COORDINATOR_AUDIENCE, 1000, 60_000);
    assert.equal(verifyInternalToken('s3cret', forCoordinator, forWorker1, 2000), undefined);
  });

  it('name a URL by its normalized origin', () => {
    assert.equal(audienceOf('http://127.0.0.1:4000/v1/task/q.1.0/results/0/3'), 'http://127.0.0.1:4000');
    assert.equal(audienceOf('HTTP://Worker-1:80/v1/task'), 'http://worker-1');
    assert.equal(audienceOf(COORDINATOR_AUDIENCE), COORDINATOR_AUDIENCE);
    // Again, from the origins kept by their spelling: the same answers.
    assert.equal(audienceOf('HTTP://Worker-1:80/v1/task/q.2.0'), 'http://worker-1');
    assert.equal(audienceOf('http://127.0.0.1:4000/v1/info'), 'http://127.0.0.1:4000');
    // An authority with user info or escapes is never taken from what was kept.
    assert.equal(audienceOf('http://user@Worker-1:80/v1/task'), 'http://worker-1');
    assert.equal(audienceOf('http://worker%2D1:80/v1/task'), 'http://worker-1');
    assert.equal(audienceOf('not a url/with a slash'), 'not a url/with a slash');
  });

  it('are reused per audience until close to expiry', () => {
    const source = new InternalTokenSource('k', 'n');
    const first = source.current('a', 0);
    assert.equal(source.current('a', 60_000), first);
    assert.notEqual(source.current('b', 60_000), first);
    assert.notEqual(source.current('a', 4.5 * 60_000), first);
  });
});

describe('internal authentication hook', () => {
  async function app(secret: string | undefined) {
    const server = Fastify();
    installInternalAuthentication(server, secret, COORDINATOR_INTERNAL_ROUTES, (a) => a === COORDINATOR_AUDIENCE);
    server.put('/v1/announcement/:id', async (request) => ({ caller: internalCaller(request) ?? null }));
    server.get('/v1/service', async () => []);
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
      headers: { [INTERNAL_BEARER_HEADER]: 'x.y.1.z' },
    });
    assert.equal(bad.statusCode, 401);
    const otherAudience = await server.inject({
      method: 'PUT',
      url: '/v1/announcement/a',
      headers: { [INTERNAL_BEARER_HEADER]: createInternalToken('k', 'w1', 'http://10.0.0.1:8080') },
    });
    assert.equal(otherAudience.statusCode, 401, 'a token meant for a worker');
    const good = await server.inject({
      method: 'PUT',
      url: '/v1/announcement/a?x=1',
      headers: { [INTERNAL_BEARER_HEADER]: createInternalToken('k', 'w1', COORDINATOR_AUDIENCE) },
    });
    assert.equal(good.statusCode, 200);
    assert.deepEqual(good.json(), { caller: 'w1' });
    assert.equal((await server.inject({ method: 'GET', url: '/v1/node' })).statusCode, 200);
  });

  it('decides on the route the router matched, so an encoded path gets the same check', async () => {
    const server = await app('k');
    // Fastify's router decodes %-escapes: these reach the internal routes, and so need a token.
    assert.equal((await server.inject({ method: 'GET', url: '/v1/servic%65' })).statusCode, 401);
    assert.equal((await server.inject({ method: 'PUT', url: '/v1/%61nnouncement/rogue' })).statusCode, 401);
    // No route: the router's 404.
    assert.equal((await server.inject({ method: 'GET', url: '/v1/nothing' })).statusCode, 404);
  });

  it('checks nothing without a secret', async () => {
    const server = await app(undefined);
    assert.equal((await server.inject({ method: 'PUT', url: '/v1/announcement/a' })).statusCode, 200);
  });

  it('treats every route of a worker as internal except the info resource and GETs of task records', () => {
    assert.equal(WORKER_INTERNAL_ROUTES('GET', '/v1/info'), false);
    assert.equal(WORKER_INTERNAL_ROUTES('HEAD', '/v1/info/state'), false);
    assert.equal(WORKER_INTERNAL_ROUTES('GET', '/v1/task'), false);
    assert.equal(WORKER_INTERNAL_ROUTES('GET', '/v1/task/:taskId'), false);
    assert.equal(WORKER_INTERNAL_ROUTES('POST', '/v1/task/:taskId'), true);
    assert.equal(WORKER_INTERNAL_ROUTES('DELETE', '/v1/task/:taskId'), true);
    assert.equal(WORKER_INTERNAL_ROUTES('GET', '/v1/task/:taskId/results/:bufferId/:token'), true);
    assert.equal(WORKER_INTERNAL_ROUTES('POST', '/v1/info'), true);
    assert.equal(COORDINATOR_INTERNAL_ROUTES('GET', '/v1/statement/:queryId/:token'), false);
    assert.equal(COORDINATOR_INTERNAL_ROUTES('GET', '/v1/service/:type/:pool'), true);
    assert.equal(COORDINATOR_INTERNAL_ROUTES('GET', '/v1/task/:taskId'), true);
  });
});
