/**
 * The web UI in a real browser against a real coordinator: the overview and workers pages show
 * the nodes, the pickers list catalogs and schemas, the workbench runs SQL and streams its rows,
 * and a failing SQL shows its error and marks its position. (The query list and query page are
 * in web-ui-queries.test.ts.)
 */
// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a user sees, which is what these checks are about.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/startup/local-server.js';
import { launchBrowser, runInWorkbench, startServer, waitForRunState } from './browser.js';

describe('web UI in Chromium', { timeout: 180_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.setDefaultTimeout(20_000);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('redirects / to the overview, which shows the cluster figures and the coordinator', async () => {
    await page.goto(`${server.url}/`);
    assert.match(page.url(), /\/ui\/$/);
    await page.getByRole('heading', { name: 'Cluster overview' }).waitFor();
    const coordinator = page.getByTestId('coordinator-row');
    await coordinator.waitFor();
    assert.match(await coordinator.innerText(), /coordinator/);
    assert.match(await coordinator.innerText(), new RegExp(server.url.replace(/[.]/g, '\\.')));
    // The summary arrived: the worker count is a number, not the placeholder.
    await page.waitForFunction(
      `/\\d+Active workers/.test(document.querySelector('[data-testid="cluster-stats"]')?.textContent ?? '')`,
    );
    assert.equal(await page.locator('.chart canvas').count(), 5, 'five live charts');
  });

  it('lists the nodes on the workers page', async () => {
    await page.getByRole('link', { name: 'Workers' }).click();
    await page.getByRole('heading', { name: 'Workers' }).waitFor();
    await page.getByTestId('coordinator-row').waitFor();
    assert.match(await page.locator('main').innerText(), /No workers: the coordinator runs every query itself/);
  });

  it('fills the catalog and schema pickers from SHOW CATALOGS and SHOW SCHEMAS', async () => {
    await page.goto(`${server.url}/ui/#/workbench`);
    const catalogs = page.getByTestId('catalog-picker');
    await page.waitForFunction(`document.querySelectorAll('[data-testid="catalog-picker"] option').length > 1`);
    assert.ok((await catalogs.locator('option').allInnerTexts()).includes('tpch'));
    await catalogs.selectOption('tpch');
    await page.waitForFunction(
      `[...document.querySelectorAll('[data-testid="schema-picker"] option')].some((o) => o.textContent === 'tiny')`,
    );
    await page.getByTestId('schema-picker').selectOption('tiny');
  });

  it('runs a query from the workbench with Ctrl-Enter and shows its rows', async () => {
    // Catalog and schema come from the pickers: the table name is unqualified.
    await runInWorkbench(page, server.url, 'SELECT nationkey, name FROM nation ORDER BY nationkey');
    await waitForRunState(page, 'FINISHED');
    const rows = page.getByTestId('results').locator('tbody tr');
    assert.equal(await rows.count(), 25);
    assert.deepEqual(await rows.first().locator('td').allInnerTexts(), ['0', 'ALGERIA']);
    assert.match(await page.getByTestId('run-status').innerText(), /25 rows received/);
    assert.match(await page.getByTestId('detail-link').innerText(), /^\d{8}_\d{6}_\d{5}_\w+$/);
  });

  it("shows a failing statement's error and marks its position in the editor", async () => {
    await runInWorkbench(page, server.url, 'SELECT name,\n       no_such_column\nFROM tpch.tiny.nation');
    const error = page.getByTestId('run-error');
    await error.waitFor();
    assert.match(await error.innerText(), /COLUMN_NOT_FOUND/);
    assert.match(await page.getByTestId('run-error-position').innerText(), /line 2, column 8/);
    const mark = page.locator('.cm-error-mark');
    await mark.waitFor();
    assert.equal(await mark.innerText(), 'no_such_column');
  });

  it('raised no script errors in the page', () => {
    assert.deepEqual(pageErrors, []);
  });
});
