import { describe, expect, it } from 'vitest';
import { useOnlineWorld, type Row } from './support';

const w = useOnlineWorld();

const menuUrl = (code: string) => `${w.api.replace(/\/api$/, '')}/public/menu/${code}.json`;

async function publish(setup: number): Promise<Row> {
  const res = await w.post('/DataRepository/Execute/onlinemenusetup', { action: 'publish', ids: [setup] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('the published menu', () => {
  it('serves the channel’s menu with prices and availability, versioned, with an ETag', async () => {
    const channel = await w.newChannel();
    const outlet = await w.newOutlet();
    const latte = (await w.newProduct({ sellingPrice: '4.50' })).id as number;
    const cake = (await w.newProduct({ sellingPrice: '6.00' })).id as number;
    await w.stock(latte, outlet.location, '2.000');
    const menu = await w.post('/DataRepository/Insert/orderingmenu', {
      code: `M${channel.id}`,
      name: 'All day',
      channels: [channel.id],
      outlets: [outlet.id],
      availabilitySchedule: [{ dayOfWeek: 'mon', timeFrom: '09:00', timeTo: '21:00' }],
      sections: [
        {
          name: 'Cakes',
          sortOrder: 2,
          items: [{ product: cake, displayName: 'Chocolate cake', priceOverride: '5.50', available: true }],
        },
        { name: 'Drinks', sortOrder: 1, items: [{ product: latte, available: true }] },
      ],
    });
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);
    const setup = await w.post('/DataRepository/Insert/onlinemenusetup', {
      channel: channel.id,
      orderingMenu: menu.body.data.id,
      welcomeText: 'Hello',
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);

    expect((await fetch(menuUrl(channel.code))).status).toBe(404);
    const first = await publish(setup.body.data.id as number);
    expect(first).toMatchObject({ version: 1 });

    const res = await fetch(menuUrl(channel.code));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(first.etag);
    const body = (await res.json()) as Row;
    expect(body).toMatchObject({
      channel: { code: channel.code },
      version: 1,
      look: { welcomeText: 'Hello' },
      menu: { hours: [{ dayOfWeek: 'mon', timeFrom: '09:00', timeTo: '21:00' }] },
      outlets: [{ code: outlet.code }],
      sections: [
        { name: 'Drinks', items: [{ prices: { [outlet.code]: '4.50' }, available: { [outlet.code]: true } }] },
        {
          name: 'Cakes',
          items: [{ name: 'Chocolate cake', prices: { [outlet.code]: '5.50' }, available: { [outlet.code]: false } }],
        },
      ],
    });

    const cached = await fetch(menuUrl(channel.code), { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);

    // Open orders take the last lattes: the next version shows them unavailable.
    const placed = await w.place(channel.key, {
      outlet: outlet.id,
      customer: { name: 'Li' },
      items: [{ product: latte, quantity: 2 }],
      fulfilment: 'pickup',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const second = await publish(setup.body.data.id as number);
    expect(second).toMatchObject({ version: 2 });
    expect(second.etag).not.toBe(etag);
    const stale = await fetch(menuUrl(channel.code), { headers: { 'if-none-match': etag } });
    expect(stale.status).toBe(200);
    const next = (await stale.json()) as {
      version: number;
      sections: { items: { available: Record<string, boolean> }[] }[];
    };
    expect(next.version).toBe(2);
    expect(next.sections[0]!.items[0]!.available[outlet.code]).toBe(false);
    const saved = await w.post<Row[]>('/DataRepository/fetch/onlinemenusetup', {
      filters: [{ ColumnName: 'id', ColumnValue: setup.body.data.id, Operator: 'EQ' }],
    });
    expect(saved.body.data[0]!.publishedAt).toEqual(expect.any(String));
  });

  it('answers 404 for a channel with no menu and for odd names', async () => {
    for (const name of ['NOPE', '..%2F..%2Fetc', 'a b']) expect((await fetch(menuUrl(name))).status).toBe(404);
  });

  it('needs edit rights on the setup to publish', async () => {
    const res = await w.post(
      '/DataRepository/Execute/onlinemenusetup',
      { action: 'publish', ids: [1] },
      w.tokens.manager,
    );
    expect([403, 404]).toContain(res.status);
  });
});
