import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { useTestServer } from '../support/harness';
import { useOnlineWorld, type Row } from './support';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver as a customer would write one: it checks the signature with the shared secret before trusting the body. */
function verify(secret: string, header: string | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return (
    timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')) && Math.abs(Date.now() / 1000 - Number(match[1])) < 300
  );
}

const receiver = { received: [] as Received[], answer: 200, server: undefined as Server | undefined, url: '' };
beforeAll(async () => {
  receiver.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiver.answer, { 'content-type': 'text/plain' });
      res.end(receiver.answer === 200 ? 'thanks' : `broken ${'x'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}/hook`;
});
afterAll(async () => new Promise<void>((resolve) => receiver.server!.close(() => resolve())));

const w = useOnlineWorld({ config: { allowPrivateTargets: true } });
const SECRET = 'whsec_0123456789abcdef';
const MINUTE = 60_000;

/** A webhook to the receiver; the earlier tests' webhooks are switched off, so each test counts its own deliveries. */
async function newWebhook(events: string[], secret = SECRET): Promise<Row> {
  await anyDb(w.server.app.ctx).updateTable('webhook').set({ enabled: false }).execute();
  const res = await w.post('/DataRepository/Insert/webhook', {
    name: 'Shop',
    url: receiver.url,
    events,
    secret,
    enabled: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function deliveries(webhook: number): Promise<Row[]> {
  const res = await w.post<Row[]>('/DataRepository/fetch/webhookdelivery', {
    Take: 100,
    filters: [{ ColumnName: 'webhook', ColumnValue: webhook, Operator: 'EQ' }],
    sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Lets the job clock move on: every queued delivery attempt becomes due now. */
const timePasses = () =>
  anyDb(w.server.app.ctx)
    .updateTable('job')
    .set({ run_after: new Date(Date.now() - 1000).toISOString() })
    .where('kind', '=', 'deliverWebhook')
    .where('status', '=', 'queued')
    .execute();

async function placeOne(): Promise<Row & { product: number; outlet: { id: number; code: string; location: number } }> {
  const channel = await w.newChannel();
  const outlet = await w.newOutlet();
  const product = (await w.newProduct({ sellingPrice: '3.00' })).id as number;
  await w.stock(product, outlet.location, '5.000');
  const res = await w.place(channel.key, {
    outlet: outlet.code,
    customer: { name: 'Ben' },
    items: [{ product, quantity: 1 }],
    fulfilment: 'pickup',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body.data, product, outlet };
}

describe('webhooks', () => {
  it('delivers signed events a receiver can verify, and logs each delivery', async () => {
    receiver.answer = 200;
    receiver.received.length = 0;
    const hook = await newWebhook(['order.created', 'order.status_changed', 'stock.changed', 'product.changed']);
    expect(hook.secret).not.toContain(SECRET.slice(0, 8));
    const order = await placeOne();
    await w.actOn([order.id as number], 'accept');
    expect(await w.runQueuedJobs()).toBeGreaterThan(0);
    const events = receiver.received.map((r) => JSON.parse(r.body) as Row);
    for (const r of receiver.received) {
      expect(verify(SECRET, r.headers['x-backroom-signature'] as string, r.body), r.body).toBe(true);
      expect(verify('another-secret-entirely', r.headers['x-backroom-signature'] as string, r.body)).toBe(false);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const names = events.map((e) => e.event);
    expect(names).toEqual(
      expect.arrayContaining(['product.changed', 'stock.changed', 'order.created', 'order.status_changed']),
    );
    const created = events.find((e) => e.event === 'order.created')!;
    expect(created.data).toMatchObject({ order: { orderNo: order.orderNo, status: 'new', total: '3.00' } });
    const moved = events.find((e) => e.event === 'order.status_changed')!;
    expect(moved.data).toMatchObject({
      order: { orderNo: order.orderNo, status: 'accepted' },
      from: 'new',
      to: 'accepted',
    });
    const stock = events.find((e) => e.event === 'stock.changed')!;
    expect(stock.data).toMatchObject({
      movements: [{ product: order.product, location: order.outlet.location, quantity: '5.000' }],
    });

    const log = await deliveries(hook.id as number);
    expect(log.length).toBe(receiver.received.length);
    for (const d of log)
      expect(d).toMatchObject({
        status: 'delivered',
        attempts: 1,
        responseStatus: 200,
        responseBody: 'thanks',
        durationMs: expect.any(Number),
      });
  });

  it('raises every event a webhook can subscribe to: deletes, prices, members and order corrections', async () => {
    receiver.answer = 200;
    receiver.received.length = 0;
    await newWebhook(['product.deleted', 'price.changed', 'member.changed', 'order.updated']);
    const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);

    const product = await w.newProduct({ sellingPrice: '3.00' });
    const outlet = await w.newOutlet();
    const stored = (
      await w.post<Row[]>('/DataRepository/fetch/product', {
        filters: [{ ColumnName: 'id', ColumnValue: product.id, Operator: 'EQ' }],
      })
    ).body.data[0]!;
    ok(
      await w.post('/DataRepository/Update/product', { id: product.id, version: stored.version, sellingPrice: '3.50' }),
    );
    const override = await w.post('/DataRepository/Insert/outletprice', {
      product: product.id,
      outlet: outlet.id,
      price: '2.90',
    });
    ok(override);
    ok(await w.post('/DataRepository/Execute/outletprice', { action: 'delete', ids: [override.body.data.id] }));
    const group = await w.post('/DataRepository/Insert/membershipgroup', { code: `G${Date.now()}`, name: 'Gold' });
    ok(group);
    const member = await w.post('/DataRepository/Insert/membership', {
      memberNo: `M${Date.now()}`,
      name: 'Aisha',
      membershipGroup: group.body.data.id,
    });
    ok(member);
    const order = await placeOne();
    const placed = await w.order(order.id as number);
    ok(
      await w.post('/DataRepository/Update/onlinesalesorder', {
        id: order.id,
        version: placed.version,
        notes: 'Ring the bell',
      }),
    );
    ok(await w.post('/DataRepository/Execute/product', { action: 'delete', ids: [product.id] }));

    await w.runQueuedJobs();
    const events = receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: Row });
    const of = (name: string) => events.filter((e) => e.event === name).map((e) => e.data);
    expect(of('price.changed')).toEqual(
      expect.arrayContaining([
        { product: product.id, outlet: null, oldPrice: '3.00', newPrice: '3.50' },
        { product: product.id, outlet: outlet.id, oldPrice: null, newPrice: '2.90' },
        { product: product.id, outlet: outlet.id, oldPrice: '2.90', newPrice: null },
      ]),
    );
    expect(of('member.changed')).toMatchObject([{ action: 'insert', member: { name: 'Aisha' } }]);
    expect(of('order.updated')).toMatchObject([{ order: { orderNo: order.orderNo, notes: 'Ring the bell' } }]);
    expect(of('product.deleted')).toMatchObject([{ id: product.id, product: { sellingPrice: '3.50' } }]);
    expect(events.map((e) => e.event)).not.toContain('product.changed');
  });

  it('sends products to receivers without costs (no role of ours stands behind a receiver)', async () => {
    receiver.answer = 200;
    receiver.received.length = 0;
    await newWebhook(['product.changed', 'product.deleted']);
    const product = await w.newProduct({ sellingPrice: '3.00', costPrice: '4321.00' });
    const res = await w.post('/DataRepository/Execute/product', { action: 'delete', ids: [product.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await w.runQueuedJobs();
    const events = receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: { product: Row } });
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['product.changed', 'product.deleted']));
    for (const e of events) expect(e.data.product).toMatchObject({ id: product.id, sellingPrice: '3.00' });
    expect(receiver.received.map((r) => r.body).join()).not.toMatch(/4321|costPrice|"cost"/);
  });

  it('retries a failing receiver after 1 min, 5 min, 30 min, 2 h and 12 h, then fails; a redelivery sends it again', async () => {
    receiver.answer = 500;
    const hook = await newWebhook(['order.created']);
    await placeOne();
    receiver.received.length = 0;
    expect(await w.runQueuedJobs()).toBe(1);
    const gaps: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const [d] = await deliveries(hook.id as number);
      expect(d!.attempts).toBe(attempt);
      expect(d!.responseStatus).toBe(500);
      expect(String(d!.responseBody)).toHaveLength(1024);
      if (d!.status === 'failed') break;
      expect(d!.status).toBe('pending');
      gaps.push(Date.parse(String(d!.nextAttemptAt)) - Date.parse(String(d!.lastAttemptAt)));
      // Not due yet: nothing runs until the clock passes the back-off.
      expect(await w.runQueuedJobs()).toBe(0);
      await timePasses();
      expect(await w.runQueuedJobs()).toBe(1);
    }
    expect(gaps).toEqual([1, 5, 30, 120, 720].map((m) => m * MINUTE));
    expect(receiver.received).toHaveLength(6);
    const bodies = new Set(receiver.received.map((r) => r.body));
    expect(bodies.size).toBe(1);

    receiver.answer = 200;
    const [failed] = await deliveries(hook.id as number);
    const again = await w.post('/DataRepository/Execute/webhook', {
      action: 'redeliver',
      ids: [hook.id],
      delivery: failed!.id,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await w.runQueuedJobs()).toBe(1);
    const [delivered] = await deliveries(hook.id as number);
    expect(delivered).toMatchObject({ status: 'delivered', responseStatus: 200 });
    const saved = await w.post<Row[]>('/DataRepository/fetch/webhook', {
      filters: [{ ColumnName: 'id', ColumnValue: hook.id, Operator: 'EQ' }],
    });
    expect(saved.body.data[0]).toMatchObject({ enabled: true, consecutiveFailures: 0 });

    const wrong = await w.post('/DataRepository/Execute/webhook', {
      action: 'redeliver',
      ids: [hook.id],
      delivery: 999999,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('delivery');
  });

  it('switches a webhook off after 20 failed attempts in a row', async () => {
    receiver.answer = 503;
    const hook = await newWebhook(['order.created']);
    receiver.received.length = 0;
    for (let i = 0; i < 4; i++) await placeOne();
    for (let round = 0; round < 6; round++) {
      await timePasses();
      await w.runQueuedJobs();
    }
    const saved = await w.post<Row[]>('/DataRepository/fetch/webhook', {
      filters: [{ ColumnName: 'id', ColumnValue: hook.id, Operator: 'EQ' }],
    });
    expect(saved.body.data[0]).toMatchObject({ enabled: false, consecutiveFailures: 20 });
    const log = await deliveries(hook.id as number);
    // Five rounds of four failing attempts switch it off; the sixth round's attempts find it off.
    expect(log.map((d) => d.attempts)).toEqual([6, 6, 6, 6]);
    expect(log.every((d) => d.status === 'failed' && d.responseBody === 'The webhook is switched off')).toBe(true);
    expect(receiver.received.length).toBeGreaterThanOrEqual(20);
    receiver.answer = 200;
  });

  it('refuses a webhook without a secret, or with a short one', async () => {
    const none = await w.post('/DataRepository/Insert/webhook', {
      name: 'x',
      url: receiver.url,
      events: ['order.created'],
    });
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.field).toBe('secret');
    const short = await w.post('/DataRepository/Insert/webhook', {
      name: 'x',
      url: receiver.url,
      events: ['order.created'],
      secret: 'short',
    });
    expect(short.status).toBe(400);
  });
});

describe('webhook targets', () => {
  const t = useTestServer({ users: ['admin'] });
  it('refuses loopback and private addresses unless the server allows them', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://10.1.2.3/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
    ]) {
      const res = await t.post('/DataRepository/Insert/webhook', {
        name: 'x',
        url,
        events: ['order.created'],
        secret: SECRET,
      });
      expect(res.status, url).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('url');
    }
  });
});
