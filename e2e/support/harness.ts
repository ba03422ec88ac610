import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { startConsoleServer, type ConsoleServer } from './server';

export interface Harness {
  server: ConsoleServer;
  browser: Browser;
  /** A fresh browser context (empty storage) for every test. */
  context: BrowserContext;
  page: Page;
}

/** One real server and one Chromium per test file; a new context and page per test. */
export function consoleHarness(config?: Parameters<typeof startConsoleServer>[0]): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    [harness.server, harness.browser] = await Promise.all([startConsoleServer(config), launchBrowser()]);
  });
  afterAll(async () => {
    await harness.browser?.close();
    await harness.server?.close();
  });
  beforeEach(async () => {
    harness.context = await harness.browser.newContext();
    harness.page = await harness.context.newPage();
  });
  afterEach(async () => harness.context.close());
  return harness;
}
