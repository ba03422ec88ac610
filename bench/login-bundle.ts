/**
 * Budget: the JS loaded by the login page ≤ 150 KB as the browser receives it.
 * Builds the console, serves it with the real server, opens the login page in Chromium and sums the
 * bytes that crossed the wire for every script the page loaded (encoded body sizes, as Chromium
 * counts them), beside their decoded sizes.
 */
import { execSync } from 'node:child_process';
import { launchBrowser } from '../e2e/support/browser';
import { startConsoleServer } from '../e2e/support/server';

const BUDGET_BYTES = 150 * 1024;

execSync('npm run build -w @backroom/web', { stdio: 'inherit', cwd: new URL('..', import.meta.url) });

const server = await startConsoleServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; wire: number; encoding: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const body = await response!.body();
        scripts.push({
          url: new URL(request.url()).pathname,
          raw: body.length,
          wire: sizes.responseBodySize,
          encoding: response!.headers()['content-encoding'] ?? 'none',
        });
      })(),
    );
  });
  await page.goto(`${server.app}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /sign in/i }).waitFor();
  await Promise.all(pending);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const script of scripts.sort((a, b) => b.wire - a.wire)) {
    console.log(
      `${kb(script.wire).padStart(10)} received (${script.encoding.padEnd(4)}) ${kb(script.raw).padStart(10)} decoded  ${script.url}`,
    );
  }
  const total = scripts.reduce((sum, script) => sum + script.wire, 0);
  const decoded = scripts.reduce((sum, script) => sum + script.raw, 0);
  const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `login page JS: ${scripts.length} files, ${kb(total)} received (${kb(decoded)} decoded) — ${verdict} the ${kb(BUDGET_BYTES)} budget`,
  );
  process.exitCode = total <= BUDGET_BYTES ? 0 : 1;
} finally {
  await browser.close();
  await server.close();
}
