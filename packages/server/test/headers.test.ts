import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeConsoleBuild } from './support/console-build';
import { startTestServer, type TestServer } from './support/server';

const INDEX =
  '<!doctype html><html><head><base href="/backoffice/new/"></head><body><div id="root"></div><script type="module" src="assets/index-abc123.js"></script></body></html>';
const FILE = 'product/0b7c6a4e-0f56-4a7e-9a51-4a4d3b6f2c11.png';

let webDist: string;
beforeAll(async () => {
  webDist = await fakeConsoleBuild(INDEX, { 'robots.txt': 'User-agent: *' });
});
afterAll(async () => {
  await rm(webDist, { recursive: true, force: true });
});

/** A server of its own with the test console build and one stored file. */
function useServer(config: Parameters<typeof startTestServer>[0] = {}) {
  const holder = {} as { t: TestServer };
  beforeAll(async () => {
    holder.t = await startTestServer({ config: { webDist, ...config.config } });
    const dir = join(holder.t.server.app.ctx.config.dataDir, 'files', 'product');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, FILE.split('/')[1]!), Buffer.from('89504e470d0a1a0a', 'hex'));
  });
  afterAll(async () => {
    await holder.t?.close();
  });
  return holder;
}

const request = (t: TestServer, path: string, init: RequestInit = {}) =>
  fetch(`${t.origin}${path}`, { redirect: 'manual', ...init });
const json = { 'content-type': 'application/json' };

/** One of each kind of answer: API (ok, 400, 401, 404, 405, sign-in), console, assets, files, redirects, 404s, a malformed address. */
const EVERY_KIND: [string, string, RequestInit?][] = [
  ['API answer', '/backoffice/core/api/Info/Version'],
  [
    'sign-in answer',
    '/backoffice/core/api/Authentication/Login',
    { method: 'POST', headers: json, body: JSON.stringify({ userName: 'admin', password: 'Admin@123' }) },
  ],
  ['API 400', '/backoffice/core/api/Authentication/Login', { method: 'POST', headers: json, body: '{' }],
  ['API 401', '/backoffice/core/api/Authentication/Me'],
  ['API 404', '/backoffice/core/api/NoSuchThing/AtAll'],
  ['API 405', '/backoffice/core/api/Authentication/Login'],
  ['health', '/backoffice/core/health'],
  ['console page', '/backoffice/new/product'],
  ['console asset', '/backoffice/new/assets/index-abc123.js'],
  ['console file', '/backoffice/new/robots.txt'],
  ['redirect', '/'],
  ['uploaded file', `/backoffice/files/${FILE}`],
  ['file 404', '/backoffice/files/product/nope.png'],
  ['404', '/nowhere/at/all'],
  ['malformed address', '/backoffice/core/api/Authentication/%E0%A4%A'],
];

describe('security headers', () => {
  const s = useServer();

  it('are on every answer: a CSP without inline script that forbids framing, nosniff, no referrer', async () => {
    for (const [kind, path, init] of EVERY_KIND) {
      const res = await request(s.t, path, init);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, kind).toContain("frame-ancestors 'none'");
      expect(csp, kind).not.toContain('unsafe-inline');
      expect(csp, kind).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options'), kind).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), kind).toBe('DENY');
      expect(res.headers.get('referrer-policy'), kind).toBe('no-referrer');
      // Plain HTTP without a trusted proxy: no HSTS.
      expect(res.headers.get('strict-transport-security'), kind).toBeNull();
    }
  });

  it('give the console its script and style sources from this origin only', async () => {
    const csp = (await request(s.t, '/backoffice/new/')).headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['upgrade-insecure-requests']).toBeUndefined();
  });

  it('make API and sign-in answers uncacheable, and leave the console’s caching alone', async () => {
    for (const [kind, path, init] of EVERY_KIND.filter(([, p]) => p.startsWith('/backoffice/core/'))) {
      expect((await request(s.t, path, init)).headers.get('cache-control'), kind).toBe('no-store');
    }
    expect((await request(s.t, '/backoffice/new/assets/index-abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await request(s.t, '/backoffice/new/product')).headers.get('cache-control')).toBe('no-cache');
  });

  it('let other sites show uploaded files, and nothing else', async () => {
    expect((await request(s.t, `/backoffice/files/${FILE}`)).headers.get('cross-origin-resource-policy')).toBe(
      'cross-origin',
    );
    expect((await request(s.t, '/backoffice/core/api/Info/Version')).headers.get('cross-origin-resource-policy')).toBe(
      'same-origin',
    );
  });

  it('ignore X-Forwarded-Proto from an untrusted peer', async () => {
    const res = await request(s.t, '/backoffice/core/api/Info/Version', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('security headers behind a trusted proxy (TRUST_PROXY)', () => {
  const s = useServer({ config: { trustProxy: ['127.0.0.1', '::1'] } });

  it('add HSTS when the proxy says the request came over HTTPS, on every routed answer', async () => {
    // A malformed address never reaches the router, whose requests alone know the proxy; it still
    // gets every other header. Browsers keep HSTS a year from any other answer.
    for (const [kind, path, init] of EVERY_KIND.filter(([kind]) => kind !== 'malformed address')) {
      const res = await request(s.t, path, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-proto': 'https' },
      });
      expect(res.headers.get('strict-transport-security'), kind).toBe('max-age=31536000; includeSubDomains');
    }
    const plain = await request(s.t, '/backoffice/core/api/Info/Version', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Cache-Control on every data route', () => {
  const routes: { method: string; url: string }[] = [];
  const holder = {} as { t: TestServer };
  beforeAll(async () => {
    holder.t = await startTestServer({
      config: { webDist },
      onRoute: (route) => {
        const method =
          [route.method].flat().find((m) => m === 'GET') ?? [route.method].flat().find((m) => m !== 'HEAD');
        if (method) routes.push({ method, url: route.url });
      },
    });
  });
  afterAll(async () => {
    await holder.t?.close();
  });

  /**
   * The console and uploaded files set their own caching; the online menu and the OpenAPI document
   * are public, the same for every caller, and say so themselves (no-cache: revalidate, never stale).
   */
  const cacheable = (url: string) =>
    /^\/backoffice\/(new|files)(\/|$)|^\/backoffice\/core\/public\/|^\/backoffice\/core\/api\/openapi\.json$|^\/$|^\/backoffice\/?$/i.test(
      url,
    );

  it('is no-store on every API, legacy (WebAPI), print and upload route, signed in as the administrator', async () => {
    const { t } = holder;
    const { accessToken } = await t.login('admin', 'Admin@123');
    const families = new Set<string>();
    const failures: string[] = [];
    for (const route of routes.filter((r) => !cacheable(r.url))) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
      families.add(url.split('/').slice(0, 3).join('/'));
      const res = await request(t, url, {
        method: route.method,
        headers: { authorization: `Bearer ${accessToken}`, ...(route.method === 'GET' ? {} : json) },
        body: route.method === 'GET' ? undefined : '{}',
      });
      await res.arrayBuffer();
      if (res.headers.get('cache-control') !== 'no-store')
        failures.push(`${route.method} ${url} → ${res.status} ${res.headers.get('cache-control')}`);
    }
    expect(failures).toEqual([]);
    expect([...families].sort()).toEqual(
      expect.arrayContaining(['/backoffice/core', '/backoffice/WebAPI', '/backoffice/print', '/upload/backoffice']),
    );
  });

  it('is no-store on a legacy download (an import template) answered 200', async () => {
    const { t } = holder;
    const { accessToken } = await t.login('admin', 'Admin@123');
    const res = await request(t, '/backoffice/WebAPI/DataExporter/ExportBlankTemplate/product/new', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
