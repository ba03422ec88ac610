import { entities } from '@backroom/schema';
import { describe, expect, it, vi } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

// The demo chain takes a while to seed on a busy machine.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });
const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin'] });

/** Every entity with an image field (the registry's), and those fields. */
const IMAGES = entities
  .map((entity) => ({ entity, fields: entity.fields.filter((f) => f.kind === 'image').map((f) => f.name) }))
  .filter((e) => e.fields.length > 0);

describe('the demo’s images', () => {
  it('are served by the server itself: every image address the seed wrote answers 200 with an image', async () => {
    const addresses: string[] = [];
    for (const { entity, fields } of IMAGES) {
      const res = await t.post<Row[]>(`/DataRepository/fetch/${entity.name}`, { Take: 9999 });
      expect(res.status, `${entity.name}: ${JSON.stringify(res.body)}`).toBe(200);
      for (const row of res.body.data)
        for (const field of fields) {
          const value = row[field];
          for (const url of Array.isArray(value) ? value : [value])
            if (typeof url === 'string' && url !== '') addresses.push(url);
        }
    }
    // The banners at least: three of them, each with a picture.
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    for (const url of addresses) {
      expect(url, 'kept as an upload is: {base}/files/…').toMatch(/^\/backoffice\/files\//);
      const res = await fetch(`${t.origin}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\//);
      expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(100);
    }
  });
});
