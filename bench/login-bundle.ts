/**
 * Budget: the JS loaded by the login page ≤ 150 KB gzipped (DESIGN.md "Budgets").
 * Builds the console, serves it with the real server, opens the login page in Chromium and
 * sums every script the page actually loaded, gzipped as a server would send it.
 */
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser';
import { startConsoleServer } from '../e2e/support/server';

const BUDGET_BYTES = 150 * 1024;

execSync('npm run build -w @backroom/web', { stdio: 'inherit', cwd: new URL('..', import.meta.url) });

const server = await startConsoleServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(`${server.app}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /sign in/i }).waitFor();

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${kb(script.gzip).padStart(10)} gzip ${kb(script.raw).padStart(10)} raw  ${script.url}`);
  }
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`login page JS: ${scripts.length} files, ${kb(total)} gzipped — ${verdict} the ${kb(BUDGET_BYTES)} budget`);
  process.exitCode = total <= BUDGET_BYTES ? 0 : 1;
} finally {
  await browser.close();
  await server.close();
}
