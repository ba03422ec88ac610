import { describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { ORDER_KEY_KEPT_MS } from '../../src/modules/online/place';
import { useOnlineWorld, type Row } from './support';

const w = useOnlineWorld();

async function setup() {
  const channel = await w.newChannel();
  const outlet = await w.newOutlet();
  const a = (await w.newProduct({ sellingPrice: '4.50', trackStock: true })).id as number;
  await w.stock(a, outlet.location, '100.000');
  const body = {
    outlet: outlet.id,
    customer: { name: 'Aisyah', phone: '0123456789' },
    items: [{ product: a, quantity: 2 }],
    fulfilment: 'pickup',
  };
  return { channel, outlet, a, body };
}

const place = (channelKey: string, body: unknown, idempotencyKey?: string) =>
  w.call<Row>('POST', '/onlinesalesorder/Place', {
    body,
    headers: {
      'x-channel-key': channelKey,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
  });

const ordersOf = async (channel: number) =>
  (
    await w.post<Row[]>('/DataRepository/fetch/onlinesalesorder', {
      filters: [{ ColumnName: 'channel', ColumnValue: channel, Operator: 'EQ' }],
    })
  ).body.data;

describe('Place with an Idempotency-Key', () => {
  it('makes exactly one order of 10 parallel retries with one key, each answered with it', async () => {
    const { channel, outlet, a, body } = await setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(channel.key, body, 'order-7f3a')));
    expect(
      answers.map((r) => r.status),
      JSON.stringify(answers.map((r) => r.body)),
    ).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await ordersOf(channel.id)).toHaveLength(1);
    expect(await w.reserved(a, outlet.location)).toBe('2.000');
    const later = await place(channel.key, { ...body, fulfilment: 'pickup' }, 'order-7f3a');
    expect(later.body).toEqual(answers[0]!.body);
    expect(await ordersOf(channel.id)).toHaveLength(1);
  });

  it('refuses the key with another body (409 naming it), in parallel too, writing nothing', async () => {
    const { channel, outlet, a, body } = await setup();
    const first = await place(channel.key, body, 'k-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const other = { ...body, items: [{ product: a, quantity: 3 }] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => place(channel.key, other, 'k-1')));
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['Idempotency-Key']);
      expect(res.body.message).toContain('k-1');
    }
    // A race of different bodies on a new key: one order, the others refused.
    const race = await Promise.all(
      [1, 2, 3, 4, 5].map((quantity) => place(channel.key, { ...body, items: [{ product: a, quantity }] }, 'k-2')),
    );
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    expect(race.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await ordersOf(channel.id)).toHaveLength(2);
    const won = race.findIndex((r) => r.status === 200) + 1;
    expect(Number(await w.reserved(a, outlet.location))).toBe(2 + won);
  });

  it('scopes keys to the channel, keeps them a day, and still places an order per call without one', async () => {
    const { channel, body } = await setup();
    const other = await w.newChannel();
    const mine = await place(channel.key, body, 'shared-key');
    const theirs = await place(other.key, body, 'shared-key');
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);

    await anyDb(w.server.app.ctx)
      .updateTable('idempotency_key')
      .set({ created_at: new Date(Date.now() - ORDER_KEY_KEPT_MS - 60_000).toISOString() })
      .where('scope', '=', `channel:${channel.id}`)
      .execute();
    const afterADay = await place(
      channel.key,
      { ...body, notes: 'another body is fine once the key expired' },
      'shared-key',
    );
    expect(afterADay.status, JSON.stringify(afterADay.body)).toBe(200);
    expect(afterADay.body.data.id).not.toBe(mine.body.data.id);

    const [x, y] = [await place(channel.key, body), await place(channel.key, body)];
    expect(x.body.data.id).not.toBe(y.body.data.id);
    expect(await ordersOf(channel.id)).toHaveLength(4);
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    const { channel, body } = await setup();
    for (const key of ['', 'x'.repeat(256), 'with space']) {
      const res = await place(channel.key, body, key);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['Idempotency-Key']);
    }
    expect(await ordersOf(channel.id)).toHaveLength(0);
  });
});
