/**
 * The base of URIs handed to clients, over a real socket: the connection's local address whatever
 * the Host header says; X-Forwarded-* only with `processForwarded` (malformed values ignored);
 * a configured external URI above all.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ClientUriSettings, clientBaseUri } from '../../../src/server/coordinator/client-uris.js';

let app: FastifyInstance;
let port = 0;

before(async () => {
  app = Fastify();
  app.get('/base', async (req) => {
    const settings = JSON.parse(String(req.headers['x-test-settings'] ?? '{}')) as ClientUriSettings;
    return clientBaseUri(req, settings);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

after(async () => {
  await app.close();
});

/** The base URI the server builds for a request with these headers (node:http lets a test set Host). */
function baseFor(headers: Record<string, string>, settings: ClientUriSettings = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/base', headers: { ...headers, 'x-test-settings': JSON.stringify(settings) } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('client URIs', () => {
  it('point at the address the connection arrived on, not at the Host header', async () => {
    assert.equal(await baseFor({ host: 'evil.example:666' }), `http://127.0.0.1:${port}`);
  });

  it('ignore X-Forwarded-* unless the server is configured to process them', async () => {
    const forwarded = { host: 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'proxy.example' };
    assert.equal(await baseFor(forwarded), `http://127.0.0.1:${port}`);
    assert.equal(await baseFor(forwarded, { processForwarded: true }), 'https://proxy.example');
    assert.equal(
      await baseFor(
        {
          'x-forwarded-proto': 'https, http',
          'x-forwarded-host': 'proxy.example:8443, inner',
          'x-forwarded-port': '9443',
        },
        { processForwarded: true },
      ),
      'https://proxy.example:9443',
    );
    // Behind a proxy that passes Host on and says only the scheme.
    assert.equal(
      await baseFor({ host: 'trino.example:8080', 'x-forwarded-proto': 'http' }, { processForwarded: true }),
      'http://trino.example:8080',
    );
  });

  it('ignore malformed forwarded values', async () => {
    assert.equal(
      await baseFor(
        { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'a/b@evil', host: 'bad host' },
        { processForwarded: true },
      ),
      `http://127.0.0.1:${port}`,
    );
    assert.equal(
      await baseFor({ 'x-forwarded-host': 'proxy.example', 'x-forwarded-port': '99999' }, { processForwarded: true }),
      'http://proxy.example',
    );
  });

  it('use the configured external URI above all', async () => {
    assert.equal(
      await baseFor(
        { host: 'evil.example', 'x-forwarded-host': 'proxy.example' },
        { externalUri: 'https://sql.example.com/vivace', processForwarded: true },
      ),
      'https://sql.example.com/vivace',
    );
  });
});
