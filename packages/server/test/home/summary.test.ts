import {
  findEntity,
  toStorageRow,
  type HomeSummary,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf } from '../domain/support/catalogue';
import { signInOutletManager, useTestServer, type Row } from '../support/harness';
import { database } from '../support/server';
import { withRowBuilder } from '../data/support/rows';

const t = useTestServer({
  users: ['admin', 'manager', 'cashier'],
  extend: async (s) => ({ ...(await withRowBuilder(s)), ...catalogueOf(s) }),
});

const entity = (name: string) => findEntity(name)!;
/** The server's connection, untyped: sales and online orders are written as the terminal and order flows store them. */
const rawDb = () => t.server.app.ctx.db as unknown as Kysely<Record<string, Row>>;
const summary = async (token = t.tokens.admin) => {
  const res = await t.get<HomeSummary>('/home/Summary', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const dbRow = (name: string, row: Row) => {
  const now = new Date().toISOString();
  const system = entity(name).systemFields
    ? { version: 1, created_at: now, created_by: 'test', updated_at: now, updated_by: 'test' }
    : {};
  return { ...toStorageRow(entity(name), row, database), ...system };
};

let receipts = 0;
/** A POS sale written as the terminal API stores it: one line per product given. */
async function sale(
  outlet: number,
  terminal: number,
  at: Date,
  lines: { product: number; quantity: string; lineTotal: string }[],
  kind: 'sale' | 'return' = 'sale',
) {
  const db = rawDb();
  const total = lines.reduce((sum, l) => sum + Math.round(Number(l.lineTotal) * 100), 0);
  const amount = (total / 100).toFixed(2);
  const { id } = await db
    .insertInto(entity('sale').table)
    // Posted when made, as a terminal online posts it.
    .values({
      ...dbRow('sale', {
        outlet,
        terminal,
        receiptNo: `R${++receipts}`,
        at: at.toISOString(),
        kind,
        subtotal: amount,
        discountTotal: '0.00',
        taxTotal: '0.00',
        total: amount,
        expectedTotal: amount,
        priceDifference: false,
      }),
      created_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto(entity('saleline').table)
    .values(
      lines.map((l, lineNo) =>
        dbRow('saleline', {
          sale: id,
          lineNo,
          product: l.product,
          quantity: l.quantity,
          unitPrice: l.lineTotal,
          lineTotal: l.lineTotal,
          discount: '0.00',
        }),
      ),
    )
    .execute();
}

/** An online order in the status given, last changed at `at`. */
async function order(
  outlet: number,
  channel: number,
  status: string,
  at: Date,
  items: { product: number; quantity: string; lineTotal: string }[],
) {
  const db = rawDb();
  const total = (items.reduce((sum, l) => sum + Math.round(Number(l.lineTotal) * 100), 0) / 100).toFixed(2);
  const row = {
    ...dbRow('onlinesalesorder', {
      orderNo: `O${++receipts}`,
      channel,
      outlet,
      subtotal: total,
      total,
      status,
      paymentStatus: 'paid',
    }),
    updated_at: at.toISOString(),
  };
  const { id } = await db
    .insertInto(entity('onlinesalesorder').table)
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  const children = entity('onlinesalesorder').fields.find(
    (f) => f.kind === 'children' && f.name === 'items',
  ) as Extract<NormalisedField, { kind: 'children' }>;
  await db
    .insertInto(children.table)
    .values(
      items.map((l, i) => ({
        parent_id: id,
        line_no: i,
        ...toStorageRow(
          { fields: children.fields } as NormalisedEntity,
          { product: l.product, quantity: l.quantity, unitPrice: l.lineTotal, lineTotal: l.lineTotal },
          database,
        ),
      })),
    )
    .execute();
}

const KL = 'Asia/Kuala_Lumpur';
const localToday = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** Kuala Lumpur keeps UTC+8 all year: its local midnight is 16:00 UTC the day before. */
const klMidnight = () => new Date(`${localToday(KL)}T00:00:00+08:00`);
const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);
const days = (n: number) => new Date(Date.now() - n * 86_400_000);

let kl: Row;
let utc: Row;
let coffee: number;
let tea: number;
let limited: string;

beforeAll(async () => {
  kl = (await t.post('/DataRepository/Insert/outlet', { code: 'KL', name: 'Kuala Lumpur', timezone: KL })).body.data;
  utc = (await t.post('/DataRepository/Insert/outlet', { code: 'LDN', name: 'London', timezone: 'UTC' })).body.data;
  const tillKl = (await t.post('/DataRepository/Insert/pointofsale', { code: 'T1', name: 'Till KL', outlet: kl.id }))
    .body.data;
  const tillLdn = (
    await t.post('/DataRepository/Insert/pointofsale', { code: 'T2', name: 'Till London', outlet: utc.id })
  ).body.data;
  coffee = (await t.newProduct({ name: 'Coffee' })).id as number;
  tea = (await t.newProduct({ name: 'Tea' })).id as number;
  const channel = (await t.builder.insert(entity('onlinesaleschannel'), {})).id as number;

  const now = new Date();
  const sinceMidnight = now.getTime() - klMidnight().getTime();
  // Two sales and a return in KL today (a minute after its midnight, or now if that is later), one sale a minute before its midnight (yesterday there).
  const todayKl = minutes(klMidnight(), Math.min(1, sinceMidnight / 60_000 / 2));
  await sale(kl.id as number, tillKl.id as number, todayKl, [
    { product: coffee, quantity: '2.000', lineTotal: '10.00' },
  ]);
  await sale(kl.id as number, tillKl.id as number, todayKl, [{ product: tea, quantity: '1.000', lineTotal: '5.50' }]);
  await sale(
    kl.id as number,
    tillKl.id as number,
    todayKl,
    [{ product: tea, quantity: '-1.000', lineTotal: '-2.00' }],
    'return',
  );
  await sale(kl.id as number, tillKl.id as number, minutes(klMidnight(), -1), [
    { product: coffee, quantity: '1.000', lineTotal: '4.00' },
  ]);
  await sale(kl.id as number, tillKl.id as number, days(40), [
    { product: tea, quantity: '100.000', lineTotal: '999.00' },
  ]);
  await sale(utc.id as number, tillLdn.id as number, now, [{ product: tea, quantity: '3.000', lineTotal: '7.25' }]);
  await order(kl.id as number, channel, 'completed', todayKl, [
    { product: coffee, quantity: '1.000', lineTotal: '3.00' },
  ]);
  await order(utc.id as number, channel, 'new', now, [{ product: coffee, quantity: '1.000', lineTotal: '8.00' }]);
  await order(utc.id as number, channel, 'accepted', now, [{ product: coffee, quantity: '1.000', lineTotal: '8.00' }]);

  limited = await signInOutletManager(t, {
    userName: 'kl',
    displayName: 'KL Manager',
    password: 'KlManager@123',
    outlets: [kl.id],
  });
  // Store managers may see sales and online orders here; the demo role has neither.
  for (const screen of ['sale', 'onlinesalesorder'])
    await t.server.app.ctx.db
      .updateTable('role_privilege')
      .set({ able_to_view: true })
      .where('role_id', '=', (eb) => eb.selectFrom('role').select('id').where('code', '=', 'STORE_MANAGER'))
      .where('privilege_id', '=', (eb) => eb.selectFrom('privilege').select('id').where('name', '=', screen))
      .execute();
});

describe('Home summary', () => {
  it('sums POS and online sales by outlet, today by each outlet’s own date and over 30 days', async () => {
    const data = await summary();
    expect(data.sales!.byOutlet.find((o) => o.outlet === kl.id)).toMatchObject({
      outletLabel: expect.stringContaining('Kuala Lumpur'),
      today: localToday(KL),
      todayPos: '13.50',
      todayOnline: '3.00',
      todayReceipts: 2,
      last30Pos: '17.50',
      last30Online: '3.00',
    });
    const london = data.sales!.byOutlet.find((o) => o.outlet === utc.id)!;
    expect(london).toMatchObject({
      today: localToday('UTC'),
      todayPos: '7.25',
      todayOnline: '0.00',
      todayReceipts: 1,
      last30Pos: '7.25',
    });
    expect(data.sales!.days.filter((d) => d.outlet === kl.id).map((d) => [d.pos, d.online])).toEqual([
      ['4.00', '0.00'],
      ['13.50', '3.00'],
    ]);
    expect(data.sales!.channels).toEqual({ pos: true, online: true });
    // 40 days ago is out of the window; returns subtract.
    expect(
      data.topProducts!.map((p) => [p.productLabel.includes('Coffee') ? 'coffee' : 'tea', p.quantity, p.amount]),
    ).toEqual([
      ['coffee', '4.000', '17.00'],
      ['tea', '3.000', '10.75'],
    ]);
    expect(data.ordersWaiting).toEqual({ count: 2, byStatus: { new: 1, accepted: 1, preparing: 0, ready: 0 } });
    expect(data.terminals).toMatchObject({ total: 2, offline: 2 });
    expect(data.recentChanges!.length).toBeGreaterThan(0);
    expect(data.recentChanges![0]).toMatchObject({
      action: expect.stringMatching(/insert|update|delete/),
      userName: 'admin',
    });
    // Each change names its row as its drop-down does, so Home need not show a table name and an id.
    const named = data.recentChanges!.find((c) => c.entity === 'product' && c.action !== 'delete');
    expect(named?.label).toMatch(/Coffee|Tea/);
    expect(data.lowStock).toEqual({ count: 0, rows: [] });
  });

  it('shows a viewer limited to one outlet only that outlet’s sales, orders and products', async () => {
    const data = await summary(limited);
    expect(data.sales!.byOutlet.map((o) => o.outlet)).toEqual([kl.id]);
    expect(data.sales!.days.every((d) => d.outlet === kl.id)).toBe(true);
    expect(data.topProducts!.find((p) => p.product === tea)).toMatchObject({ quantity: '0.000', amount: '3.50' });
    expect(data.ordersWaiting).toEqual({ count: 0, byStatus: { new: 0, accepted: 0, preparing: 0, ready: 0 } });
  });

  it('leaves out every section the viewer may not view', async () => {
    const manager = await summary(t.tokens.manager);
    expect(Object.keys(manager).sort()).toEqual([
      'at',
      'jobsRunning',
      'lowStock',
      'ordersWaiting',
      'sales',
      'topProducts',
    ]);
    const cashier = await summary(t.tokens.cashier);
    expect(Object.keys(cashier)).toEqual(['at']);
    const unauthenticated = await t.call('GET', '/home/Summary');
    expect(unauthenticated.status).toBe(401);
  });

  it('answers the same once the product rollup job has run, however often it runs', async () => {
    const figures = ({ sales, topProducts }: HomeSummary) => ({ sales, topProducts });
    const before = figures(await summary());
    // Three runs at once: only one of them adds the sales.
    const runs = await Promise.all([1, 2, 3].map(() => t.post('/jobs/Run', { kind: 'homeRollup' })));
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await rawDb().selectFrom('home_product_day').selectAll().execute();
    // The sales made before now are rolled up; the one made just now (London) is still summed live.
    expect(rows.map((r) => r.outlet_id)).not.toContain(utc.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(figures(await summary())).toEqual(before);
    expect((await t.post('/jobs/Run', { kind: 'homeRollup' })).status).toBe(200);
    expect(figures(await summary())).toEqual(before);
    expect((await t.post('/jobs/Run', { kind: 'homeRollup' }, t.tokens.cashier)).status).toBe(403);
  });

  it('counts a terminal online once it has been seen within five minutes', async () => {
    await rawDb()
      .updateTable('point_of_sale')
      .set({ last_seen_at: new Date().toISOString() })
      .where('code', '=', 'T1')
      .execute();
    expect((await summary()).terminals).toMatchObject({
      total: 2,
      offline: 1,
      rows: [{ label: expect.stringContaining('Till London'), lastSeenAt: null }],
    });
  });
});
