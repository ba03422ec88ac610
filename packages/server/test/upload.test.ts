import { describe, expect, test } from 'vitest';
import { useTestServer } from './support/harness';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const t = useTestServer({ users: ['manager'] });
const { tokens } = t;

async function upload(
  path: string,
  content: Uint8Array | null,
  options: { name?: string; type?: string; field?: string; auth?: boolean } = {},
) {
  const form = new FormData();
  if (content)
    form.append(
      options.field ?? 'file',
      new Blob([content], { type: options.type ?? 'image/png' }),
      options.name ?? 'photo.png',
    );
  const { status, body } = await t.call<{ fileName: string; url: string; contentType: string; size: number } | null>(
    'POST',
    `${t.origin}${path}`,
    { form, ...(options.auth === false ? {} : { token: tokens.manager }) },
  );
  return { status, body };
}

describe('POST /upload/{base path}[/{folder}]', () => {
  test('stores an image under a generated name and serves it back', async () => {
    const { status, body } = await upload('/upload/backoffice/product', PNG);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(body.data!.fileName).toMatch(/^product\/[0-9a-f-]{36}\.png$/);
    expect(body.data!.url).toBe(`/backoffice/files/${body.data!.fileName}`);

    const served = await fetch(`${t.origin}${body.data!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test('the folder is optional', async () => {
    const { status, body } = await upload('/upload/backoffice', PNG);
    expect(status).toBe(200);
    expect(body.data!.fileName).toMatch(/^general\//);
  });

  test('the type is sniffed from the content, not the name or header', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const { status, body } = await upload('/upload/backoffice/product', html, { name: 'photo.png', type: 'image/png' });
    expect(status).toBe(415);
    expect(body.errors).toEqual([expect.objectContaining({ field: 'file' })]);
  });

  test('refuses callers without a valid token', async () => {
    expect((await upload('/upload/backoffice', PNG, { auth: false })).status).toBe(401);
  });

  test('names the problem with a missing file, a bad folder or an oversized file', async () => {
    const missing = await upload('/upload/backoffice', null);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('file');

    const badFolder = await upload('/upload/backoffice/..%2Fetc', PNG);
    expect(badFolder.status).toBe(400);
    expect(badFolder.body.errors?.[0]?.field).toBe('folder');

    const huge = new Uint8Array(21 * 1024 * 1024);
    huge.set(PNG);
    expect((await upload('/upload/backoffice/product', huge)).status).toBe(413);
  });

  test('only stored names are served', async () => {
    expect((await fetch(`${t.origin}/backoffice/files/product/..%2F..%2Fbackroom.db`)).status).toBe(404);
    expect((await fetch(`${t.origin}/backoffice/files/product/00000000-0000-0000-0000-000000000000.png`)).status).toBe(
      404,
    );
  });
});
