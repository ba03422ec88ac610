import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeConsoleBuild } from './support/console-build';
import { startTestServer, type TestServer } from './support/server';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><base href="/backoffice/new/"><title>Backroom</title></head><body><div id="root"></div><script type="module" src="assets/index-abc123.js"></script></body></html>';

let t: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await fakeConsoleBuild(INDEX, {
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    // What the build writes beside a file: its brotli and gzip forms.
    'assets/index-abc123.js.br': brotliCompressSync(SCRIPT),
    'assets/index-abc123.js.gz': gzipSync(SCRIPT),
  });
  t = await startTestServer({ config: { basePath: '/shop/', webDist } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const SCRIPT = 'console.log("console")';

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.origin}${path}`, { redirect: 'manual', headers });

/** The bytes as they crossed the wire, before any decoding (node's fetch decodes what it may). */
function rawGet(
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${t.origin}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('console hosting', () => {
  it('redirects the root and the base to the console', async () => {
    for (const path of ['/', '/shop', '/shop/', '/shop/new']) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/shop/new/');
    }
  });

  it('answers where logout leads under a setup base path (lower-cased, /setup removed) with the console, not a 404', async () => {
    const setup = await startTestServer({ config: { basePath: '/Shop/Setup', webDist } });
    try {
      for (const path of ['/shop', '/shop/', '/Shop/Setup']) {
        const res = await fetch(`${setup.origin}${path}`, { redirect: 'manual' });
        expect(res.status, path).toBe(302);
        expect(res.headers.get('location'), path).toBe('/Shop/Setup/new/');
      }
      const page = await fetch(`${setup.origin}/shop`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<base href="/Shop/Setup/new/">');
    } finally {
      await setup.close();
    }
  });

  it('serves index.html for the console root and any deep link, with the base tag rewritten', async () => {
    for (const path of [
      '/shop/new/',
      '/shop/new/product/edit/12',
      '/shop/new/login?redirect=%2Fhome',
      '/shop/new/index.html',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<base href="/shop/new/">');
      expect(html).not.toContain('/backoffice/new/');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets as immutable and other files as no-cache', async () => {
    const asset = await get('/shop/new/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("console")');
    const icon = await get('/shop/new/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends an asset in the compressed form the browser accepts, as the build wrote it', async () => {
    const br = await rawGet('/shop/new/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await rawGet('/shop/new/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await rawGet('/shop/new/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('does not serve files outside the build', async () => {
    const res = await get('/shop/new/..%2F..%2F..%2Fetc%2Fpasswd');
    const text = await res.text();
    expect(text).not.toContain('root:');
  });

  it('keeps the API under the same base', async () => {
    const res = await get('/shop/core/api/Info/Version');
    expect(res.status).toBe(200);
  });
});

describe('console not built', () => {
  it('answers 503 with the build hint', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'backroom-web-empty-'));
    const other = await startTestServer({ config: { webDist: empty } });
    try {
      const res = await fetch(`${other.origin}/backoffice/new/`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
    } finally {
      await other.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
