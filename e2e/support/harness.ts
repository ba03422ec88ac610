import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { DEMO, signIn } from './console';
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

/**
 * One real server, one Chromium and one page signed in once for the whole file: for tests that walk
 * the console as one user, each going on where it wants without signing in again.
 */
export function signedInHarness(
  user: { userName: string; password: string } = DEMO.admin,
  ...server: Parameters<typeof startConsoleServer>
): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    [harness.server, harness.browser] = await Promise.all([startConsoleServer(...server), launchBrowser()]);
    harness.context = await harness.browser.newContext();
    harness.page = await harness.context.newPage();
    await signIn(harness.page, harness.server.app, user);
  });
  afterAll(async () => {
    await harness.browser?.close();
    await harness.server?.close();
  });
  return harness;
}
