import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts it without the right to raise its own priority (see the script). */
const UNPRIVILEGED = fileURLToPath(new URL('./chromium.sh', import.meta.url));

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: UNPRIVILEGED,
    env: { ...process.env, CHROMIUM_BINARY: CHROMIUM_PATH },
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
