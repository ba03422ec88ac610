import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMAGE_FAILURES, findEntity } from '@backroom/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Catalogue } from '../domain/support/catalogue';
import { importSheet, legacyOf, productByCode, waitFor, xlsx } from './support';

/** A committed import's image URLs fetched by a job (issue 24): a local server plays the shop's CDN. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const LIMIT = 64 * 1024;

let cdn: Server;
let base = '';
/** Requests the CDN is answering now, and the most at once. */
let inFlight = 0;
let mostAtOnce = 0;
beforeAll(async () => {
  cdn = createServer((req, res) => {
    if (req.url?.startsWith('/slow.png')) {
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      // Long enough for the job's four fetches to overlap on a loaded machine (at 150 ms a CI run saw three).
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      }, 600);
    } else if (req.url === '/never.png') {
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      req.on('close', () => {
        inFlight--;
        res.destroy();
      });
    } else if (req.url === '/tee.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (req.url === '/moved') res.writeHead(302, { location: '/tee.png' }).end();
    else if (req.url === '/page') res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
    else if (req.url === '/huge.png') res.writeHead(200).end(Buffer.concat([PNG, Buffer.alloc(LIMIT * 2)]));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => cdn.close(() => resolve())));

const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Image URLs'];
const uploads = { limitBytes: LIMIT, dailyQuotaBytes: 100 * LIMIT };

async function imagesOf(c: Catalogue, rows: (string | number)[][]) {
  const job = await importSheet(c, await xlsx(HEADER, rows), 'product', 'commit');
  expect(job.errors).toEqual([]);
  expect(job.committed).toBe(true);
  expect(job.imagesJob, 'an images job').toBeTypeOf('number');
  const fetch = await waitFor(c, job.imagesJob!);
  expect(fetch).toMatchObject({ kind: 'images', status: 'succeeded' });
  return fetch.images!;
}

describe('image URLs fetched after the commit (private targets allowed)', () => {
  const c = useCatalogue({ config: { allowPrivateTargets: true, fetchImportImages: true, uploads } });
  let category = '';
  beforeAll(async () => {
    category = String((await c.builder.insert(findEntity('category')!, { code: 'IMG-CAT', name: 'Images' })).code);
  });

  it('stores each image on its product; a failed image is listed, never fails the import', async () => {
    const images = await imagesOf(c, [
      ['IMG-1', 'Tee', category, 'PCS', 10, `${base}/tee.png\n${base}/moved`],
      ['IMG-2', 'Cap', category, 'PCS', 5, `${base}/missing.png`],
      ['IMG-3', 'Mug', category, 'PCS', 5, `${base}/page ${base}/huge.png`],
      ['IMG-4', 'Pen', category, 'PCS', 1, ''],
    ]);
    expect(images).toMatchObject({ products: 3, fetched: 2, skipped: 0, failedCount: 3 });
    expect(images.failed).toEqual(
      expect.arrayContaining([
        { product: 'IMG-2', url: `${base}/missing.png`, message: IMAGE_FAILURES.status({ status: 404 }) },
        { product: 'IMG-3', url: `${base}/page`, message: IMAGE_FAILURES.notImage() },
        { product: 'IMG-3', url: `${base}/huge.png`, message: IMAGE_FAILURES.tooLarge({ size: '0.1 MB' }) },
      ]),
    );
    const tee = (await productByCode(c, 'IMG-1'))!;
    // Kept as the product form keeps an upload: the address a console page's <img> loads.
    expect(tee.images).toEqual([
      expect.stringMatching(/^\/backoffice\/files\/product\/.+\.png$/),
      expect.stringMatching(/^\/backoffice\/files\/product\/.+\.png$/),
    ]);
    const shown = await fetch(new URL((tee.images as string[])[0]!, `${c.origin}/backoffice/new/product/1`));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect((await productByCode(c, 'IMG-2'))!).toMatchObject({ images: null, imageUrls: `${base}/missing.png` });

    // The same file again: its products hold images already, nothing is downloaded twice.
    const again = await imagesOf(c, [['IMG-1', 'Tee', category, 'PCS', 11, `${base}/tee.png\n${base}/moved`]]);
    expect(again).toMatchObject({ products: 1, fetched: 0, skipped: 1, failedCount: 0 });
    expect((await productByCode(c, 'IMG-1'))!.images).toHaveLength(2);
  });

  it('a validation fetches nothing', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [['IMG-9', 'Bag', category, 'PCS', 10, `${base}/tee.png`]]),
      'product',
      'validate',
    );
    expect(job).toMatchObject({ errorCount: 0, inserted: 1 });
    expect(job.imagesJob).toBeUndefined();
    // An images job has no file to download.
    const images = await imagesOf(c, [['IMG-10', 'Bag', category, 'PCS', 10, `${base}/tee.png`]]);
    expect(images.fetched).toBe(1);
    const jobs = (
      await c.server.app.ctx.db.selectFrom('job').select('id').where('kind', '=', 'spreadsheet.images').execute()
    ).map((j) => Number(j.id));
    const download = await fetch(`${legacyOf(c)}/DataExporter/download/${Math.max(...jobs)}`, {
      headers: { authorization: `Bearer ${c.tokens.admin}` },
    });
    expect(download.status).toBe(404);
    await download.arrayBuffer();
  });
});

describe('image URLs of private addresses refused (the default)', () => {
  const c = useCatalogue({ config: { fetchImportImages: true, uploads } });

  it('lists the refusal; the product is imported with its URLs kept', async () => {
    const category = String(
      (await c.builder.insert(findEntity('category')!, { code: 'PRV-CAT', name: 'Private' })).code,
    );
    const images = await imagesOf(c, [['PRV-1', 'Tee', category, 'PCS', 10, `${base}/tee.png`]]);
    expect(images).toMatchObject({ products: 1, fetched: 0, failedCount: 1 });
    expect(images.failed[0]).toMatchObject({
      product: 'PRV-1',
      message: IMAGE_FAILURES.notPublic({ address: '127.0.0.1' }),
    });
    expect((await productByCode(c, 'PRV-1'))!).toMatchObject({ images: null, imageUrls: `${base}/tee.png` });
  });
});

describe("image URLs fetched a few at a time, within the uploader's quota and the job's time", () => {
  // Quota: five of these images; the job may take 6 s in all.
  const c = useCatalogue({
    config: {
      allowPrivateTargets: true,
      fetchImportImages: true,
      fetchImportImagesMs: 6000,
      uploads: { limitBytes: LIMIT, dailyQuotaBytes: PNG.length * 5 },
    },
  });

  it('downloads at most 4 at once, stops at the quota, and lists what the time bound cut off', async () => {
    const category = String((await c.builder.insert(findEntity('category')!, { code: 'FEW-CAT', name: 'Few' })).code);
    const rows = Array.from({ length: 7 }, (_, i) => [
      `FEW-${i}`,
      `Item ${i}`,
      category,
      'PCS',
      1,
      `${base}/slow.png?${i}`,
    ]);
    // The image that never comes first, so it is asked for while the quota is untouched whatever the
    // machine's load (last, it was sometimes refused on the quota instead); it holds one of the four
    // slots until the time bound.
    rows.unshift(['FEW-LAST', 'Last', category, 'PCS', 1, `${base}/never.png`]);
    const images = await imagesOf(c, rows);
    expect(mostAtOnce).toBe(4);
    expect(images.fetched).toBe(5);
    const quota = images.failed.filter((f) => f.message.includes('daily upload quota'));
    expect(quota.length).toBeGreaterThanOrEqual(1);
    expect(images.failed).toContainEqual({
      product: 'FEW-LAST',
      url: `${base}/never.png`,
      message: IMAGE_FAILURES.outOfTime(),
    });
    // Counted against the importing user's quota, as a form's upload is.
    const usage = await c.server.app.ctx.db.selectFrom('upload_usage').select('bytes').execute();
    expect(usage.map((u) => Number(u.bytes))).toEqual([PNG.length * 5]);
  });
});
