/**
 * The authentication hook's decisions that need no real TLS (Fastify's inject is plain HTTP), and
 * the start-up checks of the security configuration: 403 over HTTP, what
 * `allow-insecure-over-http` permits and refuses, a proxy's `X-Forwarded-Proto: https` with
 * `http-server.process-forwarded`, malformed Basic credentials, public routes, and the settings
 * that stop a node from starting (authentication without the shared secret, an unknown type,
 * HTTPS without a keystore, a wrong keystore passphrase).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { NodeSecurity, requestIdentity } from '../../../src/server/security/node-security.js';
import { loadSecurityConfig } from '../../../src/server/security/security-config.js';
import { loadPemKeystore } from '../../../src/server/security/tls.js';
import { basic, makeTestTls, writeSecureEtc } from './security-fixtures.js';

const never = () => false;

async function appWith(config: Record<string, string>, processForwarded = false) {
  const properties = {
    'http-server.authentication.type': 'PASSWORD',
    'internal-communication.shared-secret': 's',
    ...config,
  };
  const etc = writeSecureEtc({ config: properties, users: { alice: 'alice-pw' } });
  const security = new NodeSecurity(
    loadSecurityConfig(etc, new Map(Object.entries(properties)), 's'),
    processForwarded,
  );
  const app = Fastify();
  security.installAuthentication(app, never);
  app.get('/v1/query', async (request) => requestIdentity(request));
  app.get('/v1/info', async () => ({ ok: true }));
  await app.ready();
  return { app, security };
}

describe('authentication hook', () => {
  const opened: { app: FastifyInstance; security: NodeSecurity }[] = [];
  const open = async (config: Record<string, string>, processForwarded = false) => {
    const created = await appWith(config, processForwarded);
    opened.push(created);
    return created.app;
  };
  after(async () => {
    for (const { app, security } of opened) {
      await app.close();
      await security.close();
    }
  });

  it('refuses every user request over plain HTTP once authentication is on, but serves the public ones', async () => {
    const app = await open({});
    const refused = await app.inject({ url: '/v1/query', headers: { authorization: basic('alice', 'alice-pw') } });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.body, 'Authentication over HTTP is not enabled');
    assert.equal((await app.inject({ url: '/v1/info' })).statusCode, 200);
  });

  it('with allow-insecure-over-http serves the named user and still refuses any password', async () => {
    const app = await open({ 'http-server.authentication.allow-insecure-over-http': 'true' });
    const named = await app.inject({ url: '/v1/query', headers: { 'X-Trino-User': 'bob' } });
    assert.equal(named.statusCode, 200);
    assert.deepEqual(named.json(), { user: 'bob' });
    const password = await app.inject({ url: '/v1/query', headers: { authorization: basic('alice', 'alice-pw') } });
    assert.equal(password.statusCode, 401);
    assert.equal(password.body, 'Password not allowed for insecure authentication');
    const nobody = await app.inject({ url: '/v1/query' });
    assert.equal(nobody.statusCode, 401);
    assert.equal(nobody.body, 'Basic authentication or X-Trino-User must be sent');
  });

  it('counts a request as HTTPS from a trusted proxy only with process-forwarded', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', authorization: basic('alice', 'alice-pw') };
    const trusted = await open({}, true);
    const answer = await trusted.inject({ url: '/v1/query', headers: forwarded });
    assert.equal(answer.statusCode, 200);
    assert.deepEqual(answer.json(), { principal: 'alice', user: 'alice' });
    const untrusted = await open({}, false);
    assert.equal((await untrusted.inject({ url: '/v1/query', headers: forwarded })).statusCode, 403);
  });

  it('names what is malformed in Basic credentials', async () => {
    const app = await open({}, true);
    const https = { 'x-forwarded-proto': 'https' };
    const cases: [string, string][] = [
      ['Basic !!!', 'Invalid base64 encoded credentials'],
      [`Basic ${Buffer.from(':pw').toString('base64')}`, 'Malformed credentials: user is empty'],
      [`Basic ${Buffer.from('alice:').toString('base64')}`, 'Malformed credentials: password is empty'],
    ];
    for (const [authorization, message] of cases) {
      const answer = await app.inject({ url: '/v1/query', headers: { ...https, authorization } });
      assert.equal(answer.statusCode, 401, authorization);
      assert.equal(answer.body, message);
      assert.equal(answer.headers['www-authenticate'], 'Basic realm="Vivace"');
    }
  });
});

describe('security configuration', () => {
  const load = (properties: Record<string, string>, secret?: string) =>
    loadSecurityConfig('/nonexistent-etc', new Map(Object.entries(properties)), secret);

  it('defaults to plain HTTP, no authentication, everything allowed', () => {
    const config = load({}, 's');
    assert.equal(config.httpEnabled, true);
    assert.equal(config.https, undefined);
    assert.deepEqual(config.authenticationTypes, []);
    assert.equal(config.allowInsecureOverHttp, true);
    assert.equal(config.accessControl, undefined);
  });

  it('refuses settings that cannot work', () => {
    const cases: [Record<string, string>, string | undefined, RegExp][] = [
      [
        { 'http-server.authentication.type': 'JWT' },
        undefined,
        /Shared secret is required when authentication is enabled/,
      ],
      [{ 'http-server.authentication.type': 'KERBEROS' }, 's', /KERBEROS is not supported/],
      [{ 'http-server.https.enabled': 'true' }, 's', /keystore.path is required/],
      [{ 'http-server.http.enabled': 'false' }, 's', /Neither HTTP nor HTTPS/],
      [{ 'http-server.authentication.type': 'PASSWORD' }, 's', /PASSWORD authentication needs/],
    ];
    for (const [properties, secret, message] of cases) {
      assert.throws(() => load(properties, secret), message, JSON.stringify(properties));
    }
  });

  it('reads an encrypted PEM keystore with its passphrase only', () => {
    const tls = makeTestTls();
    const keystore = loadPemKeystore(tls.encryptedKeystorePath, tls.passphrase);
    assert.match(keystore.cert, /BEGIN CERTIFICATE[\s\S]+BEGIN CERTIFICATE/, 'the whole chain');
    assert.throws(() => loadPemKeystore(tls.encryptedKeystorePath, 'wrong'), /keystore.key/);
    assert.throws(() => loadPemKeystore(tls.encryptedKeystorePath, undefined), /keystore.key/);
    assert.ok(loadPemKeystore(tls.keystorePath, undefined).key.includes('PRIVATE KEY'));
  });
});
