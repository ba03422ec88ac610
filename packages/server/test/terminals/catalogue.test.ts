import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, getRow, openTills, pairedTerminal, type TillWorld } from './support';

const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };
let uom: Row;

interface Page {
  cursor: string;
  hasMore: boolean;
  removed: Record<string, number[]>;
  [part: string]: unknown;
}

const catalogue = (query: string) => asTerminal<Page>(t, till.token, 'GET', `/pointofsale/Catalogue${query}`);
let made = 0;
const newProduct = () =>
  insert(t, 'product', {
    code: `CAT${++made}`,
    name: `Catalogue item ${made}`,
    category: world.products.coffee!.category,
    uom: uom.id,
    sellingPrice: '3.00',
  });

/** Every page of a sync from `since`: the rows of each part, and the cursor of the last page. */
async function sync(since: string | null, limit: number) {
  const rows: Record<string, Row[]> = {};
  const removed: Record<string, number[]> = {};
  let cursor = since;
  let pages = 0;
  for (;;) {
    const res = await catalogue(`?limit=${limit}${cursor ? `&since=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages++;
    for (const [key, value] of Object.entries(res.body.data))
      if (Array.isArray(value)) rows[key] = [...(rows[key] ?? []), ...(value as Row[])];
    for (const [key, ids] of Object.entries(res.body.data.removed)) removed[key] = [...(removed[key] ?? []), ...ids];
    const total = Object.values(res.body.data)
      .filter(Array.isArray)
      .reduce((n, v) => n + (v as unknown[]).length, 0);
    expect(total).toBeLessThanOrEqual(limit);
    cursor = res.body.data.cursor;
    if (!res.body.data.hasMore) return { rows, removed, cursor: cursor!, pages };
    expect(pages).toBeLessThan(100);
  }
}

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
  [uom] = (
    await t.post<Row[]>('/DataRepository/fetch/listvalue', {
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: 'PCS', Operator: 'EQ' }],
    })
  ).body.data;
  for (let i = 0; i < 7; i++) await newProduct();
});

describe('GET /pointofsale/Catalogue', () => {
  it('pages a full sync by `limit`, each row once, and ends with a time cursor', async () => {
    const whole = await sync(null, 1000);
    expect(whole.pages).toBe(1);
    const paged = await sync(null, 3);
    expect(paged.pages).toBeGreaterThan(3);
    for (const key of ['products', 'paymentModes', 'terminal']) {
      const ids = paged.rows[key]!.map((r) => r.id);
      expect(new Set(ids).size, key).toBe(ids.length);
      expect([...ids].sort(), key).toEqual(whole.rows[key]!.map((r) => r.id).sort());
    }
    expect(paged.rows.products!.length).toBeGreaterThanOrEqual(11);
    expect(paged.rows.terminal).toEqual([expect.objectContaining({ id: till.terminal.id })]);
    expect(Number.isNaN(Date.parse(paged.cursor))).toBe(false);
    expect(Object.values(paged.removed).flat()).toEqual([]);
  });

  it('carries only promotions of its own outlet and of every outlet, never another outlet’s', async () => {
    const promotion = (code: string, outlets: unknown[]) =>
      insert(t, 'promotion', { code, name: code, kind: 'percentOff', value: '5', validFrom: '2024-01-01', outlets });
    const rule = (code: string, outlets: unknown[]) =>
      insert(t, 'newpromotion', {
        code,
        name: code,
        validFrom: '2024-01-01',
        rewards: [{ kind: 'percentOff', value: '5' }],
        outlets,
      });
    const own = [await promotion('OWN', [world.outlet.id]), await rule('OWNR', [world.outlet.id])];
    const everywhere = [await promotion('ALL', []), await rule('ALLR', [])];
    const other = [await promotion('OTHER', [world.otherOutlet.id]), await rule('OTHERR', [world.otherOutlet.id])];
    const both = await promotion('BOTH', [world.outlet.id, world.otherOutlet.id]);
    const { rows } = await sync(null, 1000);
    const sent = [...rows.promotions!, ...rows.promotionRules!].map((r) => r.id);
    expect(sent).toEqual(expect.arrayContaining([...own, ...everywhere, both].map((r) => r.id)));
    for (const row of other) expect(sent).not.toContain(row.id);
    // A later sync from a cursor is held to the same outlet.
    const later = await sync(new Date(Date.now() - 60_000).toISOString(), 1000);
    for (const row of other)
      expect([...later.rows.promotions!, ...later.rows.promotionRules!].map((r) => r.id)).not.toContain(row.id);
  });

  it('reports products deleted or deactivated since the cursor, so the terminal drops them', async () => {
    const doomed = await newProduct();
    const retired = await newProduct();
    const price = await insert(t, 'outletprice', {
      product: world.products.tea!.id,
      outlet: world.outlet.id,
      price: '5.50',
    });
    const elsewhere = await insert(t, 'outletprice', {
      product: world.products.tea!.id,
      outlet: world.otherOutlet.id,
      price: '5.80',
    });
    const { cursor } = await sync(null, 500);

    const deleted = await t.post('/DataRepository/Execute/product', { action: 'delete', ids: [doomed.id] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const row = await getRow(t, 'product', retired.id);
    expect((await t.post('/DataRepository/Update/product', { ...row, isActive: false })).status).toBe(200);
    expect(
      (await t.post('/DataRepository/Execute/outletprice', { action: 'delete', ids: [price.id, elsewhere.id] })).status,
    ).toBe(200);

    const delta = await sync(cursor, 500);
    expect(delta.removed.products).toEqual(expect.arrayContaining([doomed.id, retired.id]));
    // Another outlet's price is none of this terminal's business.
    expect(delta.removed.outletPrices).toEqual([price.id]);
    expect(delta.rows.products!.map((p) => p.id)).not.toContain(retired.id);
    expect(delta.rows.products!.map((p) => p.id)).not.toContain(doomed.id);

    // Active again: sent as a row, no longer removed.
    const back = await getRow(t, 'product', retired.id);
    expect((await t.post('/DataRepository/Update/product', { ...back, isActive: true })).status).toBe(200);
    const again = await sync(cursor, 500);
    expect(again.removed.products).toEqual([doomed.id]);
    expect(again.rows.products!.map((p) => p.id)).toContain(retired.id);

    // A full sync sends no inactive rows and reports nothing removed.
    const full = await sync(null, 500);
    expect(full.rows.products!.map((p) => p.id)).not.toContain(doomed.id);
    expect(Object.values(full.removed).flat()).toEqual([]);
  });

  it('refuses a bad cursor or limit naming the field', async () => {
    for (const [query, field] of [
      ['?since=yesterday', 'since'],
      ['?since=page.bm9wZQ', 'since'],
      ['?limit=0', 'limit'],
      ['?limit=many', 'limit'],
      ['?limit=100000', 'limit'],
    ]) {
      const res = await catalogue(query!);
      expect(res.status, query).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        query,
      ).toContain(field);
    }
  });
});

describe('the catalogue and field groups', () => {
  it('sends products without cost price or supplier costs: a till is run by cashiers', async () => {
    const costly = await insert(t, 'product', {
      code: 'CATCOST',
      name: 'Costly',
      category: world.products.coffee!.category,
      uom: uom.id,
      sellingPrice: '3.00',
      costPrice: '4321.00',
    });
    const { rows } = await sync(null, 2000);
    expect(rows.products!.find((p) => p.id === costly.id)).toMatchObject({ code: 'CATCOST', sellingPrice: '3.00' });
    expect(JSON.stringify(rows.products)).not.toMatch(/4321|costPrice|"cost"/);
  });
});
