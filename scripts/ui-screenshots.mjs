#!/usr/bin/env node
// Writes a screenshot of each web UI page into docs/ui/ (`npm run screenshots`, after the build):
// starts a coordinator in this process, runs a few statements from the workbench so the pages
// have something to show, and captures the overview, query list, a query's page, the workers
// page and the workbench in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text a user sees, which is what these checks are about.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startLocalServer } from '../dist/src/server/local-server.js';

const outDir = 'docs/ui';
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function run(page, sql, finalState) {
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(
    (state) => document.querySelector('[data-testid="run-state"]')?.textContent === state,
    finalState,
    { timeout: 60_000 },
  );
  return (await page.getByTestId('detail-link').innerText()).trim();
}

mkdirSync(outDir, { recursive: true });
const server = await startLocalServer({ port: 0 });
const browser = await chromium.launch({ executablePath, headless: true, args });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.url}/ui/#/workbench`);
  await run(
    page,
    'SELECT returnflag, linestatus, sum(quantity) AS qty, count(*) AS n\nFROM tpch.tiny.lineitem\nGROUP BY 1, 2\nORDER BY 1, 2',
    'FINISHED',
  );
  await run(page, 'SELECT name, no_such_column\nFROM tpch.tiny.nation', 'FAILED');
  const queryId = await run(
    page,
    'SELECT n.name, count(*) AS customers\nFROM tpch.tiny.customer c\nJOIN tpch.tiny.nation n ON c.nationkey = n.nationkey\nGROUP BY n.name\nORDER BY customers DESC',
    'FINISHED',
  );
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${outDir}/workbench.png` });

  // Let the overview gather a few samples for its charts.
  await page.goto(`${server.url}/ui/#/`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `${outDir}/overview.png` });

  await page.goto(`${server.url}/ui/#/queries`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${outDir}/queries.png` });

  await page.goto(`${server.url}/ui/#/query/${queryId}`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${outDir}/query.png`, fullPage: true });

  await page.goto(`${server.url}/ui/#/workers`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${outDir}/workers.png` });
  console.log(`screenshots written to ${outDir}/`);
} finally {
  await browser.close();
  await server.close();
}
