import { getEntity, type WhatIfResult, type WhatIfStatus } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { useTestServer, type Row } from '../support/harness';
import { ALL, NONE, roleKit } from '../support/roles';
import { asTerminal, openTills, pairedTerminal, receiptNo, type TillWorld } from '../terminals/support';
import { insert } from './shop';

/**
 * "Try on past sales", checked against a small case worked by hand. Three sales in the last three
 * days at one outlet, one older:
 *
 * | sale | when (KL) | lines | total | cost |
 * |---|---|---|---|---|
 * | A | 2 days ago 11:00 | coffee ×2 (10.00), bread ×1 (4.00, no cost) | 24.00 | 8.00 |
 * | B | 2 days ago 13:00 | tea ×1 (6.00) | 6.00 | 2.00 |
 * | C | yesterday 12:00 | coffee ×1, tea ×1 | 16.00 | 6.00 |
 * | D | 10 days ago | coffee ×5 | 50.00 | (outside 3 days) |
 *
 * 10 % off coffee: A 2.00 off, C 1.00 off, B unchanged. Margin without it 16 + 4 + 10 = 30.00,
 * with it 14 + 4 + 9 = 27.00: 3.00 given up (no tax on these products).
 */
const t = useTestServer({ users: ['admin', 'cashier'] });
let world: TillWorld;
let kit: ReturnType<typeof roleKit>;
const DAY = 86_400_000;
const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
const at = (daysAgo: number, utcHour: number) => new Date(today - daysAgo * DAY + utcHour * 3_600_000).toISOString();
const dateOf = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10);

const start = (body: unknown, token = t.tokens.admin) =>
  t.call<{ jobId: number }>('POST', '/pricing/WhatIf', { token, body });
const status = (jobId: number, token = t.tokens.admin) =>
  t.call<WhatIfStatus>('GET', `/pricing/WhatIf/${jobId}`, { token });

/** Starts a replay and waits for its figures. */
async function whatIf(body: Row, token = t.tokens.admin): Promise<WhatIfResult> {
  const res = await start(body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  for (let i = 0; i < 200; i++) {
    const s = await status(res.body.data.jobId, token);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    if (s.body.data.status === 'done') return s.body.data.result!;
    expect(['queued', 'running']).toContain(s.body.data.status);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the what-if did not finish');
}

const coffee = () => world.products.coffee!;
const tenPercentOffCoffee = () => ({
  code: 'TRY10',
  name: 'Ten off coffee',
  kind: 'percentOff',
  value: '10',
  isActive: true,
  validFrom: dateOf(30),
  items: [{ product: coffee().id }],
});

/** What the replay must leave as it was: sales, their lines, vouchers, promotions, rules, the audit log. */
async function snapshot() {
  const db = anyDb(t.server.app.ctx);
  const tables = [
    'sale',
    'saleline',
    'salevoucher',
    'voucher',
    'vouchercode',
    'promotion',
    'newpromotion',
    'auditlog',
    'stockmovement',
    'pointsledger',
  ].map((name) => getEntity(name).table);
  return Promise.all(
    tables.map(async (table) => [
      table,
      JSON.stringify(await db.selectFrom(table).selectAll().orderBy('id').execute()),
    ]),
  );
}

beforeAll(async () => {
  world = await openTills(t);
  kit = roleKit(t);
  for (const [p, cost] of [
    [coffee(), '4.00'],
    [world.products.tea!, '2.00'],
  ] as const) {
    const row = (await t.get<Row>(`/Product/Get/${String(p.id)}`)).body.data;
    const saved = await t.post('/DataRepository/Update/product', { id: p.id, version: row.version, costPrice: cost });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const till = await pairedTerminal(t, world.outlet.id);
  const sell = async (when: string, lines: [Row, number][]) => {
    const total = lines.reduce((a, [p, q]) => a + Number(p.sellingPrice) * q, 0).toFixed(2);
    const res = await asTerminal(t, till.token, 'POST', '/pointofsale/Sales', {
      receiptNo: receiptNo(),
      at: when,
      lines: lines.map(([p, q]) => ({ productId: p.id, quantity: q, unitPrice: String(p.sellingPrice) })),
      payments: [{ paymentMode: world.card.code, amount: total }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const { coffee: c, tea, bread } = world.products;
  await sell(at(2, 3), [
    [c!, 2],
    [bread!, 1],
  ]);
  await sell(at(2, 5), [[tea!, 1]]);
  await sell(at(1, 4), [
    [c!, 1],
    [tea!, 1],
  ]);
  await sell(at(10, 4), [[c!, 5]]);
});

const expected = {
  total: {
    baskets: 3,
    basketsAffected: 2,
    discountGiven: '3.00',
    marginGivenUp: '3.00',
    marginBefore: '30.00',
    marginAfter: '27.00',
  },
  days: [
    {
      date: dateOf(2),
      baskets: 2,
      basketsAffected: 1,
      discountGiven: '2.00',
      marginGivenUp: '2.00',
      marginBefore: '20.00',
      marginAfter: '18.00',
    },
    {
      date: dateOf(1),
      baskets: 1,
      basketsAffected: 1,
      discountGiven: '1.00',
      marginGivenUp: '1.00',
      marginBefore: '10.00',
      marginAfter: '9.00',
    },
  ],
};

describe('POST /pricing/WhatIf: a promotion tried on past sales', () => {
  it('replays a draft over the last days of the outlet’s sales: per day and in total, as worked by hand, writing nothing', async () => {
    const before = await snapshot();
    const result = await whatIf({
      entity: 'promotion',
      draft: tenPercentOffCoffee(),
      days: 3,
      outlets: [world.outlet.id],
    });
    expect(result).toMatchObject({
      ...expected,
      currency: 'MYR',
      margins: true,
      outlets: [{ id: world.outlet.id, code: world.outlet.code }],
    });
    expect(result.topProducts).toEqual([
      { id: coffee().id, code: coffee().code, name: coffee().name, quantity: '3.000', discountGiven: '3.00' },
    ]);
    // Ten days back takes in sale D too: 5 coffees, 5.00 more.
    const longer = await whatIf({
      entity: 'promotion',
      draft: tenPercentOffCoffee(),
      days: 11,
      outlets: [world.outlet.id],
    });
    expect(longer.total).toMatchObject({ baskets: 4, basketsAffected: 3, discountGiven: '8.00' });
    expect(await snapshot()).toEqual(before);
  });

  it('tries a saved promotion against the sales without it, and a saved one with unsaved changes as changed', async () => {
    const saved = await insert(t, 'promotion', { ...tenPercentOffCoffee(), code: 'SAVED10', isActive: false });
    expect(await whatIf({ entity: 'promotion', id: saved.id, days: 3, outlets: [world.outlet.id] })).toMatchObject(
      expected,
    );
    const doubled = await whatIf({
      entity: 'promotion',
      id: saved.id,
      draft: { ...tenPercentOffCoffee(), value: '20' },
      days: 3,
      outlets: [world.outlet.id],
    });
    expect(doubled.total).toMatchObject({ basketsAffected: 2, discountGiven: '6.00' });
    await t.post('/DataRepository/Execute/promotion', { action: 'delete', ids: [saved.id] });
  });

  it('tries a promotion rule: buy two coffees, 3.00 off', async () => {
    const rule = {
      code: 'TRYRULE',
      name: 'Two coffees, 3 off',
      validFrom: dateOf(30),
      priority: 1,
      conditions: [
        { kind: 'items', product: coffee().id },
        { kind: 'minQuantity', minQuantity: '2' },
      ],
      rewards: [{ kind: 'amountOff', value: '3.00' }],
    };
    const result = await whatIf({ entity: 'newpromotion', draft: rule, days: 3 });
    // Only sale A has two coffees.
    expect(result.total).toMatchObject({ basketsAffected: 1, discountGiven: '3.00' });
    // A saved rule's row as the form holds it (children with their ids, labels, version) is a draft too.
    const saved = await insert(t, 'newpromotion', { ...rule, code: 'SAVEDRULE' });
    const asRead = (await t.get<Row>(`/newpromotion/Get/${String(saved.id)}`)).body.data;
    expect(asRead.conditions).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(Number) })]));
    const edited = await whatIf({
      entity: 'newpromotion',
      id: saved.id,
      draft: { ...asRead, rewards: [{ kind: 'amountOff', value: '5.00' }] },
      days: 3,
    });
    expect(edited.total).toMatchObject({ basketsAffected: 1, discountGiven: '5.00' });
    // Saved, it is in both runs of any other promotion's replay: a promotion that displaces it shows only the difference.
    const displaced = await whatIf({
      entity: 'promotion',
      draft: tenPercentOffCoffee(),
      days: 3,
      outlets: [world.outlet.id],
    });
    // Sale A: the rule's 3.00 gives way to the promotion's 2.00; sale C: 1.00 more.
    expect(displaced.total).toMatchObject({ basketsAffected: 2, discountGiven: '0.00' });
    expect(displaced.days.map((d) => d.discountGiven)).toEqual(['-1.00', '1.00']);
    await t.post('/DataRepository/Execute/newpromotion', { action: 'delete', ids: [saved.id] });
  });

  it('replays a sale as the till rang it: its bundle put back together, its cashier discount given again', async () => {
    const outlet = await insert(t, 'outlet', { code: 'WIB', name: 'What-if bundles', timezone: 'Asia/Kuala_Lumpur' });
    await insert(t, 'inventorylocation', { code: 'ST-WIB', name: 'Store WIB', kind: 'store', outlet: outlet.id });
    const till = await pairedTerminal(t, outlet.id);
    const { coffee: c, tea, bread } = world.products;
    const breakfast = await insert(t, 'bundle', {
      code: 'WI-BRK',
      name: 'Breakfast',
      price: '12.00',
      items: [
        { product: c!.id, quantity: '1' },
        { product: bread!.id, quantity: '1' },
      ],
    });
    const staff = await insert(t, 'discount', {
      code: 'WI-STAFF',
      name: 'Staff 10%',
      kind: 'percent',
      value: '10',
      appliesTo: 'item',
    });
    const res = await asTerminal(t, till.token, 'POST', '/pointofsale/Sales', {
      receiptNo: receiptNo(),
      at: at(1, 2),
      lines: [
        {
          bundleId: breakfast.id,
          quantity: 1,
          unitPrice: '12.00',
          components: [
            { productId: c!.id, quantity: 1 },
            { productId: bread!.id, quantity: 1 },
          ],
        },
        { productId: tea!.id, quantity: 1, unitPrice: '6.00', discounts: [{ discountId: staff.id, amount: '0.60' }] },
      ],
      payments: [{ paymentMode: world.card.code, amount: '17.40' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Coffee inside the bundle sells at the bundle's price: 10 % off coffee changes nothing.
    const onCoffee = await whatIf({ entity: 'promotion', draft: tenPercentOffCoffee(), days: 3, outlets: [outlet.id] });
    expect(onCoffee.total).toMatchObject({ baskets: 1, basketsAffected: 0, discountGiven: '0.00' });
    // 10 % off tea first (0.60), then the cashier's 10 % of what is left (0.54 instead of 0.60): 0.54 more.
    const onTea = await whatIf({
      entity: 'promotion',
      draft: { ...tenPercentOffCoffee(), items: [{ product: tea!.id }] },
      days: 3,
      outlets: [outlet.id],
    });
    expect(onTea.total).toMatchObject({ baskets: 1, basketsAffected: 1, discountGiven: '0.54' });
  });

  it('shows margins only to who may see costs', async () => {
    const role = await kit.newRole(null, { promotion: ALL, 'fields/costs': NONE });
    const { accessToken } = await kit.signedInUser(role);
    const result = await whatIf(
      { entity: 'promotion', draft: tenPercentOffCoffee(), days: 3, outlets: [world.outlet.id] },
      accessToken,
    );
    expect(result.margins).toBe(false);
    expect(result.total).toEqual({ baskets: 3, basketsAffected: 2, discountGiven: '3.00' });
    expect(JSON.stringify(result)).not.toMatch(/margin[GBA]/);
  });

  it('is for whoever may edit promotions; a replay is read by who started it', async () => {
    expect((await start({ entity: 'promotion', draft: tenPercentOffCoffee() }, t.tokens.cashier)).status).toBe(403);
    const viewer = await kit.newRole(null, { promotion: { ...NONE, ableToView: true } });
    expect(
      (await start({ entity: 'promotion', draft: tenPercentOffCoffee() }, (await kit.signedInUser(viewer)).accessToken))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/pricing/WhatIf', { body: { entity: 'promotion', draft: tenPercentOffCoffee() } })).status,
    ).toBe(401);
    const mine = await start({ entity: 'promotion', draft: tenPercentOffCoffee(), days: 1 });
    const editor = await kit.newRole(null, { promotion: ALL });
    expect((await status(mine.body.data.jobId, (await kit.signedInUser(editor)).accessToken)).status).toBe(404);
  });

  it('answers 400 naming the field', async () => {
    const refused = async (body: unknown, field: string) => {
      const res = await start(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    };
    await refused({ entity: 'coupon', draft: {} }, 'entity');
    await refused({ entity: 'promotion', draft: tenPercentOffCoffee(), days: 0 }, 'days');
    await refused({ entity: 'promotion', draft: tenPercentOffCoffee(), days: 91 }, 'days');
    await refused({ entity: 'promotion', draft: tenPercentOffCoffee(), outlets: [999_999] }, 'outlets.0');
    await refused({ entity: 'promotion', draft: { ...tenPercentOffCoffee(), kind: 'everythingFree' } }, 'draft.kind');
    await refused({ entity: 'promotion' }, 'draft');
    await refused({ entity: 'promotion', id: 999_999 }, 'id');
    expect((await status(999_999)).status).toBe(404);
  });
});
