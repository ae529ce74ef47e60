/**
 * The query pages in a real browser against a real coordinator's query resource: a query run from
 * the workbench appears in the live list, its page shows the SQL, stage tree and operator
 * statistics, the overview lists a running query first, and Kill (after confirmation) cancels a
 * long query, which the list then shows FAILED with USER_CANCELED.
 */
// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a user sees, which is what these checks are about.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/startup/local-server.js';
import { launchBrowser, runInWorkbench, startServer, waitForRunState } from './browser.js';

describe('query pages in Chromium', { timeout: 180_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let queryId = '';

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(20_000);
    await runInWorkbench(page, server.url, 'SELECT nationkey, name FROM tpch.tiny.nation ORDER BY nationkey');
    await waitForRunState(page, 'FINISHED');
    queryId = (await page.getByTestId('detail-link').innerText()).trim();
    await runInWorkbench(page, server.url, 'SELECT no_such_column FROM tpch.tiny.nation');
    await page.getByTestId('run-error').waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the workbench query, live, with its state and SQL', async () => {
    await page.goto(`${server.url}/ui/#/queries`);
    const row = page.locator(`[data-testid="query-row"][data-query-id="${queryId}"]`);
    await row.waitFor();
    assert.equal(await row.getAttribute('data-state'), 'FINISHED');
    assert.match(await row.innerText(), /vivace-ui/);
    assert.match(await row.innerText(), /ORDER BY nationkey/);
    // The text filter narrows the list to the failing statement.
    await page.getByTestId('text-filter').fill('no_such_column');
    await page.waitForFunction(`document.querySelectorAll('[data-testid="query-row"]').length === 1`);
    assert.match(await page.getByTestId('query-row').innerText(), /COLUMN_NOT_FOUND/);
    await page.getByTestId('text-filter').fill('');
  });

  it('shows the query page with SQL, stage tree and operator statistics', async () => {
    await page.locator(`[data-testid="query-row"][data-query-id="${queryId}"] a`).click();
    await page.getByRole('heading', { name: queryId, exact: true }).waitFor();
    assert.match(await page.locator('.sql-editor').innerText(), /ORDER BY nationkey/);
    await page.getByTestId('stage-tree').waitFor();
    assert.ok((await page.locator('.stage-node').count()) >= 1);
    const operators = page.getByTestId('operator-stats');
    await operators.waitFor();
    assert.ok((await operators.locator('tbody tr').count()) >= 1);
    assert.ok((await operators.locator('tr[data-slow="true"]').count()) >= 1, 'the slowest operators are highlighted');
    await page.getByRole('button', { name: /Full JSON/ }).click();
    assert.match(await page.getByTestId('query-json').innerText(), new RegExp(`"queryId": "${queryId}"`));
  });

  it('kills a long query after confirmation; the list shows it FAILED with USER_CANCELED', async () => {
    await runInWorkbench(page, server.url, 'SELECT sum(quantity) FROM tpch.sf100.lineitem');
    const link = page.getByTestId('detail-link');
    await link.waitFor();
    const longId = (await link.innerText()).trim();
    // The overview opens on the query list with the running query on top (issue 19).
    await page.goto(`${server.url}/ui/#/`);
    await page.getByRole('heading', { name: 'Cluster overview' }).waitFor();
    const overviewRows = page.getByTestId('query-list').getByTestId('query-row');
    await page.waitForFunction(
      `document.querySelector('[data-testid="query-list"] [data-testid="query-row"]')?.getAttribute('data-query-id') === '${longId}'`,
    );
    assert.equal(await overviewRows.first().getAttribute('data-state'), 'RUNNING');
    assert.ok((await overviewRows.count()) >= 3, 'the finished and failed queries are listed below it');
    await overviewRows.first().locator('a').click();
    await page.getByRole('heading', { name: longId, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Kill' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm kill' }).waitFor();
    await page.getByRole('button', { name: 'Yes, kill it' }).click();
    await page.goto(`${server.url}/ui/#/queries`);
    const row = page.locator(`[data-testid="query-row"][data-query-id="${longId}"]`);
    await page.waitForFunction(
      `document.querySelector('[data-testid="query-row"][data-query-id="${longId}"]')?.getAttribute('data-state') === 'FAILED'`,
    );
    assert.equal(await row.getByTestId('error-name').innerText(), 'USER_CANCELED');
  });
});
