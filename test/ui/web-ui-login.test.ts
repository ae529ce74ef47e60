/**
 * Logging into the web UI in Chromium (issue 17): a coordinator with HTTPS and password
 * authentication sends the browser to its login form, refuses a wrong password, and after the
 * right one shows the UI, whose own API calls (the overview's polls, the workbench's statements)
 * carry the session cookie and run as the logged-in user; logging out ends the session.
 */
// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a user sees, which is what these checks are about.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadNodeConfig } from '../../src/server/protocol/node-config.js';
import { type RunningCoordinator, startCoordinator } from '../../src/server/startup/coordinator-bootstrap.js';
import { makeTestTls, writeSecureEtc } from '../server/security/security-fixtures.js';
import { launchBrowser, runInWorkbench, waitForRunState } from './browser.js';

describe('web UI login in Chromium', { timeout: 180_000 }, () => {
  let coordinator: RunningCoordinator;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    const tls = makeTestTls();
    const etc = writeSecureEtc({
      config: {
        'http-server.https.enabled': 'true',
        'http-server.https.port': '0',
        'http-server.https.keystore.path': tls.keystorePath,
        'http-server.authentication.type': 'PASSWORD',
        'internal-communication.shared-secret': 'ui-test-secret',
      },
      users: { alice: 'alice-pw' },
    });
    coordinator = await startCoordinator(loadNodeConfig(etc, { 'http-server.http.port': '0', 'node.id': 'c' }), {
      logger: pino({ level: 'silent' }),
    });
    assert.ok(coordinator.httpsUrl);
    base = coordinator.httpsUrl;
    browser = await launchBrowser();
    // The test's CA is not the browser's: accept the certificate for this context only.
    context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.setDefaultTimeout(20_000);
  });

  after(async () => {
    await browser?.close();
    await coordinator?.close();
  });

  it('sends a visitor without a session to the login form', async () => {
    await page.goto(`${base}/ui/`);
    assert.match(page.url(), /\/ui\/login\.html\?redirect=/);
    await page.getByLabel('Username').waitFor();
    const api = await page.request.get(`${base}/v1/query`);
    assert.equal(api.status(), 401);
  });

  it('refuses a wrong password', async () => {
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('#login-error').waitFor();
    assert.match(page.url(), /\/ui\/login\.html\?error=1/);
  });

  it('logs in, shows the UI with the user, and runs statements as that user', async () => {
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice-pw');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Cluster overview' }).waitFor();
    assert.match(page.url(), /\/ui\/$/);
    assert.match(await page.getByTestId('session-user').innerText(), /alice/);
    const cookies = await context.cookies(base);
    const session = cookies.find((cookie) => cookie.name === 'Vivace-UI-Token');
    assert.ok(session?.httpOnly && session.secure, 'an HttpOnly, Secure session cookie');
    await runInWorkbench(page, base, 'SELECT current_user AS who');
    await waitForRunState(page, 'FINISHED');
    assert.deepEqual(await page.getByTestId('results').locator('tbody tr td').allInnerTexts(), ['alice']);
  });

  it('logs out: the session ends and the UI asks for a login again', async () => {
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByLabel('Username').waitFor();
    assert.equal((await page.request.get(`${base}/v1/query`)).status(), 401);
    await page.goto(`${base}/ui/`);
    assert.match(page.url(), /\/ui\/login\.html/);
  });

  it('raised no script errors in the page', () => {
    assert.deepEqual(pageErrors, []);
  });
});
