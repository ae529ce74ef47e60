/**
 * How the query list and query page render the spec's records, in Chromium with the query
 * resource answered from fixtures (the UI itself served by a real coordinator): hundreds of
 * queries filter and sort quickly, a failed query shows its error name, the query page draws the
 * stage tree with per-stage task tables, sums operator statistics over tasks and highlights the
 * slowest, marks the failing SQL position, shows the query's warnings, and Kill asks for confirmation before its DELETE.
 */
// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a user sees, which is what these checks are about.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/startup/local-server.js';
import { launchBrowser, startServer } from './browser.js';
import { basicQueryInfo, DETAIL_QUERY_ID, queryInfo } from './query-fixtures.js';

const QUERY_COUNT = 400;

describe('query pages rendering the spec records', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let detailState: 'RUNNING' | 'FAILED' = 'FAILED';
  const deletes: string[] = [];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(20_000);
    const list = JSON.stringify(Array.from({ length: QUERY_COUNT }, (_, i) => basicQueryInfo(i)));
    await page.route('**/v1/query', (route) => route.fulfill({ contentType: 'application/json', body: list }));
    await page.route('**/v1/query/*', (route) => {
      if (route.request().method() === 'DELETE') {
        deletes.push(route.request().url());
        return route.fulfill({ status: 204, body: '' });
      }
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify(queryInfo(detailState)) });
    });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists hundreds of queries, filters them by state and text, and sorts by CPU', async () => {
    await page.goto(`${server.url}/ui/#/queries`);
    await page.waitForFunction(`document.querySelectorAll('[data-testid="query-row"]').length === ${QUERY_COUNT}`);
    const started = Date.now();
    await page.getByTestId('state-filter').selectOption('FAILED');
    await page.waitForFunction(`document.querySelectorAll('[data-testid="query-row"]').length === ${QUERY_COUNT / 4}`);
    const filterMs = Date.now() - started;
    assert.ok(filterMs < 2000, `filtering ${QUERY_COUNT} queries took ${filterMs} ms`);
    assert.equal(await page.getByTestId('query-row').first().getByTestId('error-name').innerText(), 'USER_CANCELED');
    await page.getByTestId('text-filter').fill('alice');
    // FAILED queries are i ≡ 2 (mod 4) and alice's i ≡ 0 (mod 3): i ≡ 6 (mod 12).
    await page.waitForFunction(
      `document.querySelectorAll('[data-testid="query-row"]').length === ${Math.ceil((QUERY_COUNT - 6) / 12)}`,
    );
    await page.getByTestId('state-filter').selectOption('all');
    await page.getByTestId('text-filter').fill('');
    await page.getByTestId('sort-key').selectOption('cpu');
    const cpuCells = await page.locator('[data-testid="query-row"] td:nth-child(7)').allInnerTexts();
    const cpus = cpuCells.slice(0, 20).map((text) => Number.parseFloat(text));
    assert.deepEqual(
      [...cpus].sort((a, b) => b - a),
      cpus,
      'sorted by CPU, highest first',
    );
    assert.equal(cpus[0], 96);
  });

  it('draws the stage tree and switches the task table to the stage chosen from the keyboard', async () => {
    await page.goto(`${server.url}/ui/query.html?${DETAIL_QUERY_ID}`);
    await page.getByTestId('stage-tree').waitFor();
    assert.equal(await page.locator('.stage-node').count(), 3);
    assert.equal(await page.locator('.stage-edge').count(), 2);
    assert.match((await page.locator('.stage-node').first().textContent()) ?? '', /Stage 0 · FAILED/);
    await page.locator(`[data-stage-id="${DETAIL_QUERY_ID}.2"]`).focus();
    await page.keyboard.press('Enter');
    const tasks = page.getByRole('table', { name: `Tasks of stage ${DETAIL_QUERY_ID}.2` });
    await tasks.waitFor();
    const firstTask = await tasks.locator('tbody tr').first().locator('td').allInnerTexts();
    assert.deepEqual(firstTask, [
      `${DETAIL_QUERY_ID}.2.0`,
      'worker-1:8081',
      'FINISHED',
      '4/0/4',
      '1.00K',
      '10.0 KiB',
      '2.50s',
      '1.20s',
    ]);
  });

  it('sums operator statistics over tasks and highlights the slowest', async () => {
    const table = page.getByTestId('operator-stats');
    assert.equal(await table.locator('tbody tr').count(), 6);
    const slow = await table.locator('tr[data-slow="true"] td:nth-child(3)').allInnerTexts();
    assert.equal(slow.length, 3);
    assert.match(slow.join(' '), /TableScanOperator/);
    const scan = table.locator('tbody tr', { hasText: 'TableScanOperator' });
    // Two tasks of 900 ms wall each; 6000 input rows each.
    assert.equal(await scan.locator('td:nth-child(4)').innerText(), '1.80s');
    assert.equal(await scan.locator('td:nth-child(7)').innerText(), '12.0K');
  });

  it('shows the error and marks the failing position in the SQL', async () => {
    assert.match(
      await page.getByTestId('query-error').innerText(),
      /COLUMN_NOT_FOUND \(USER_ERROR\): .*at line 2, column 12/,
    );
    assert.equal(await page.locator('.cm-error-mark').innerText(), 'quantity');
    assert.match(
      await page.getByTestId('query-warning').innerText(),
      /^COORDINATOR_ONLY_EXECUTION: No worker was active: the query ran on the coordinator only/,
    );
    assert.equal(await page.getByRole('button', { name: 'Kill' }).count(), 0, 'no Kill on a finished query');
  });

  it('kills a running query only after confirmation', async () => {
    detailState = 'RUNNING';
    await page.goto(`${server.url}/ui/#/query/${DETAIL_QUERY_ID}`);
    await page.reload();
    await page.getByRole('button', { name: 'Kill' }).click();
    await page.getByRole('button', { name: 'Keep running' }).click();
    assert.deepEqual(deletes, []);
    await page.getByRole('button', { name: 'Kill' }).click();
    await page.getByRole('button', { name: 'Yes, kill it' }).click();
    await page.getByRole('status').filter({ hasText: 'Kill requested' }).waitFor();
    assert.deepEqual(deletes, [`${server.url}/v1/query/${DETAIL_QUERY_ID}`]);
  });
});
