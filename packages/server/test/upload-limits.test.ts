import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useTestServer } from './support/harness';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MB = 1024 * 1024;

const t = useTestServer({
  users: ['admin', 'manager', 'cashier'],
  config: { uploads: { limitBytes: 1 * MB, dailyQuotaBytes: 3 * MB } },
});
const { tokens } = t;

/** A PNG padded to `bytes`: its type is still sniffed from the header. */
const pngOf = (bytes: number) => {
  const content = new Uint8Array(bytes);
  content.set(PNG);
  return content;
};

async function upload(token: string, content: Uint8Array, folder = 'product') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${t.origin}/upload/backoffice/${folder}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; errors?: { field: string }[] },
  };
}

const storedFiles = async () => {
  const dir = join(t.server.app.ctx.config.dataDir, 'files', 'product');
  return (await readdir(dir).catch(() => [])).length;
};

describe('who may upload, how much', () => {
  test('a view-only cashier may not upload; a user who may edit products may', async () => {
    const refused = await upload(tokens.cashier, PNG);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/product/i);
    expect((await upload(tokens.cashier, PNG, 'general')).status).toBe(403);
    expect((await upload(tokens.manager, PNG)).status).toBe(200);
  });

  test('past the size limit the answer is 413 naming the limit, and nothing is kept', async () => {
    const before = await storedFiles();
    const big = await upload(tokens.admin, pngOf(MB + 1));
    expect(big.status).toBe(413);
    expect(big.body.message).toContain('1 MB');
    expect(await storedFiles()).toBe(before);
    expect((await upload(tokens.admin, pngOf(MB - 4096))).status).toBe(200);
  });

  test('parallel uploads cannot pass the daily quota together; then the answer is 429 saying so', async () => {
    const user = tokens.manager;
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(user, pngOf(0.9 * MB))));
    const statuses = answers.map((a) => a.status);
    // 3 MB a day: 0.9 MB three times fits (beside the small first upload), a fourth does not.
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const over = await upload(user, pngOf(0.4 * MB));
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/daily upload quota of 3 MB/);
    // Another user's quota is their own.
    expect((await upload(tokens.admin, PNG)).status).toBe(200);
  });
});
