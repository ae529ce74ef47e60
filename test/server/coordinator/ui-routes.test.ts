/** Serving the built web UI: redirects to /ui/, static files, Presto's query.html address, a missing build. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerUiRoutes } from '../../../src/server/coordinator/ui-routes.js';

describe('web UI routes', () => {
  let directory: string;
  let app: FastifyInstance;

  before(async () => {
    directory = mkdtempSync(join(tmpdir(), 'vivace-ui-'));
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), '<!doctype html><title>Vivace test UI</title>');
    writeFileSync(join(directory, 'assets', 'app.js'), 'console.log(1);');
    app = Fastify();
    registerUiRoutes(app, { directory });
    await app.ready();
  });

  after(async () => {
    await app.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('redirects / and /ui to /ui/', async () => {
    for (const url of ['/', '/ui']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 302, url);
      assert.equal(response.headers.location, '/ui/');
    }
  });

  it('serves index.html at /ui/ and the assets beneath it', async () => {
    const index = await app.inject({ method: 'GET', url: '/ui/' });
    assert.equal(index.statusCode, 200);
    assert.match(String(index.headers['content-type']), /text\/html/);
    assert.match(index.body, /Vivace test UI/);
    const asset = await app.inject({ method: 'GET', url: '/ui/assets/app.js' });
    assert.equal(asset.statusCode, 200);
    assert.match(String(asset.headers['content-type']), /javascript/);
    const missing = await app.inject({ method: 'GET', url: '/ui/assets/nope.js' });
    assert.equal(missing.statusCode, 404);
  });

  it('serves the app at /ui/query.html?{id}, the statement infoUri', async () => {
    const response = await app.inject({ method: 'GET', url: '/ui/query.html?20240101_000000_00001_abcde' });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /Vivace test UI/);
  });

  it('answers 503 with how to build when the UI was not built', async () => {
    const bare = Fastify();
    registerUiRoutes(bare, { directory: join(directory, 'absent') });
    const response = await bare.inject({ method: 'GET', url: '/ui/' });
    assert.equal(response.statusCode, 503);
    assert.match(response.body, /npm run build/);
    assert.equal((await bare.inject({ method: 'GET', url: '/' })).headers.location, '/ui/');
    await bare.close();
  });
});
