/**
 * Shared setup of the browser tests: Debian's Chromium driven by playwright-core (headless, with
 * the flags CI needs), and a real coordinator started in this process with the built UI.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type RunningServer, startLocalServer } from '../../src/server/startup/local-server.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export async function startServer(): Promise<RunningServer> {
  return startLocalServer({ port: 0 });
}

/** Replaces the workbench editor's text and runs it with Ctrl-Enter. */
export async function runInWorkbench(page: Page, baseUrl: string, sql: string): Promise<void> {
  if (!page.url().endsWith('#/workbench')) await page.goto(`${baseUrl}/ui/#/workbench`);
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await page.keyboard.press('Control+Enter');
}

/** Waits until the workbench shows the statement in `state`. */
export async function waitForRunState(page: Page, state: string): Promise<void> {
  await page.waitForFunction(
    `document.querySelector('[data-testid="run-state"]')?.textContent === ${JSON.stringify(state)}`,
  );
}
