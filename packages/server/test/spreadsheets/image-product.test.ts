import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue } from '../domain/support/catalogue';
import { importSheet, productByCode, submit, zipOf } from './support';

const c = useCatalogue();

/** A one-pixel PNG of the colour given. */
function png(red: number, green: number, blue: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, red, green, blue]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const RED = png(255, 0, 0);
const BLUE = png(0, 0, 255);
const imagesOf = async (code: string) => (await productByCode(c, code))!.images as string[];
/** What a console page shows for a kept image: its address resolved against the page, as `<img src>` does. */
const served = async (kept: string) =>
  Buffer.from(await (await fetch(new URL(kept, `${c.origin}/backoffice/new/product/1`))).arrayBuffer());

/** An image uploaded as the product form uploads one: the address the upload answers is what the form keeps. */
async function uploaded(content: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'image/png' }), 'photo.png');
  const answer = await fetch(`${c.origin}/upload/backoffice/product`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${c.tokens.admin}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { url: string } }).data.url;
}

beforeAll(async () => {
  await c.newProduct({ code: 'IMG-1', images: [] });
  await c.newProduct({ code: 'IMG-2', images: [] });
});

describe('the image product importer (a zip of images named by SKU)', () => {
  it('reports unknown codes, files that are not images and two files for one product, and stores nothing', async () => {
    const zip = zipOf([
      { name: 'IMG-1.png', content: RED },
      { name: 'NOPE-9.png', content: RED },
      { name: 'IMG-2.png', content: Buffer.from('not really an image') },
      { name: 'notes.txt', content: Buffer.from('hello') },
      { name: 'more/IMG-1.jpg', content: BLUE },
    ]);
    for (const mode of ['validate', 'commit'] as const) {
      const job = await importSheet(c, zip, 'imageproduct', mode, 'images.zip');
      expect(job).toMatchObject({ status: 'succeeded', committed: false });
      expect(job.errors.map((e) => [e.row, e.column])).toEqual([
        [3, 'Product'],
        [4, 'Image file'],
        [5, 'Product'],
        [5, 'Image file'],
        [6, 'Product'],
      ]);
      expect(job.errors[0]!.message).toContain('NOPE-9');
    }
    expect(await imagesOf('IMG-1')).toEqual([]);
  });

  it('stores each image as its product’s main image, as the product form stores uploads; the same image again is unchanged', async () => {
    const first = await importSheet(
      c,
      zipOf([
        { name: 'IMG-1.png', content: RED },
        { name: 'photos/img-2.PNG', content: BLUE },
      ]),
      'imageproduct',
      'validate',
      'images.zip',
    );
    expect(first).toMatchObject({ committed: false, inserted: 2, errorCount: 0 });
    expect(await imagesOf('IMG-1')).toEqual([]);

    const commit = await importSheet(
      c,
      zipOf([
        { name: 'IMG-1.png', content: RED },
        { name: 'photos/img-2.PNG', content: BLUE },
      ]),
      'imageproduct',
      'commit',
      'images.zip',
    );
    expect(commit).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    const [red] = await imagesOf('IMG-1');
    expect(red).toMatch(/^\/backoffice\/files\/product\/[0-9a-f-]{36}\.png$/);
    expect(await served(red!)).toEqual(RED);

    expect(
      await importSheet(c, zipOf([{ name: 'IMG-1.png', content: RED }]), 'imageproduct', 'commit', 'images.zip'),
    ).toMatchObject({ unchanged: 1, updated: 0 });
    expect(
      await importSheet(c, zipOf([{ name: 'IMG-1.png', content: BLUE }]), 'imageproduct', 'commit', 'images.zip'),
    ).toMatchObject({ updated: 1, unchanged: 0 });
    const images = await imagesOf('IMG-1');
    expect(images).toHaveLength(2);
    expect(images[1]).toBe(red);
    expect(await served(images[0]!)).toEqual(BLUE);
  });

  it('keeps an image as the product form does, and knows a form upload of the same picture as unchanged', async () => {
    const url = await uploaded(BLUE);
    await c.newProduct({ code: 'IMG-FORM', images: [url] });
    expect(
      await importSheet(c, zipOf([{ name: 'IMG-FORM.png', content: BLUE }]), 'imageproduct', 'commit', 'images.zip'),
    ).toMatchObject({ unchanged: 1, updated: 0 });
    expect(
      await importSheet(c, zipOf([{ name: 'IMG-FORM.png', content: RED }]), 'imageproduct', 'commit', 'images.zip'),
    ).toMatchObject({ updated: 1 });
    const [main, before] = await imagesOf('IMG-FORM');
    expect(before).toBe(url);
    expect(main!.slice(0, main!.lastIndexOf('/'))).toBe(url.slice(0, url.lastIndexOf('/')));
    expect(await served(main!)).toEqual(RED);
  });

  it('takes only a zip', async () => {
    const answer = await submit(c, Buffer.from('SKU,Name\nA,B'), 'imageproduct', 'validate', { name: 'images.csv' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('file');
  });
});
