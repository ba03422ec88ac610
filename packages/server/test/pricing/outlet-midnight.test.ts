import type { SimulateSalesResult } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyFuturePrices } from '../../src/modules/futureproductprice/apply-future-prices';
import { useTestServer, type Row } from '../support/harness';
import { asTerminal, openTills, pairedTerminal, receiptNo, type TillWorld } from '../terminals/support';
import { addItem, insert } from './shop';

/**
 * Two outlets a day apart around one midnight: Tokyo (UTC+9) and Los Angeles (UTC−8 in January).
 * 15 January 2025 begins in Tokyo at 14 January 15:00 UTC and in Los Angeles at 15 January 08:00 UTC.
 */
const t = useTestServer({ users: ['admin'] });
const DAY = '2025-01-15';
/** Tokyo 15 Jan 10:00, Los Angeles 14 Jan 17:00. */
const TOKYO_MORNING = '2025-01-15T01:00:00.000Z';
/** Tokyo 15 Jan 15:00, Los Angeles 14 Jan 22:00: the evening before, in Los Angeles. */
const LA_EVENING = '2025-01-15T06:00:00.000Z';
/** Los Angeles 15 Jan 01:00: every outlet has reached the day. */
const LA_AFTER_MIDNIGHT = '2025-01-15T09:00:00.000Z';

let world: TillWorld;
let tokyo: Row;
let la: Row;
let n = 0;

const newProduct = (price: string) =>
  insert(t, 'product', {
    code: `MID${++n}`,
    name: `Midnight ${n}`,
    category: world.products.coffee!.category,
    uom: world.products.coffee!.uom,
    sellingPrice: price,
  });
const unitPrice = async (outlet: Row, product: Row, at: string) => {
  const res = await addItem<SimulateSalesResult>(t, { outlet: outlet.id, at, item: { productId: product.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return [res.body.data.lines[0]!.unitPrice, res.body.data.lines[0]!.priceSource];
};
const job = (at: string) => applyFuturePrices(t.server.app, t.server.app.log, async () => {}, new Date(at));
const status = async (row: Row) => (await t.get<Row>(`/futureproductprice/Get/${String(row.id)}`)).body.data.status;
const sellingPrice = async (product: Row) =>
  (await t.get<Row>(`/Product/Get/${String(product.id)}`)).body.data.sellingPrice;
const tick = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  world = await openTills(t);
  tokyo = await insert(t, 'outlet', { code: 'TYO', name: 'Tokyo', timezone: 'Asia/Tokyo' });
  la = await insert(t, 'outlet', { code: 'LAX', name: 'Los Angeles', timezone: 'America/Los_Angeles' });
  for (const outlet of [tokyo, la])
    await insert(t, 'inventorylocation', {
      code: `ST-${String(outlet.code)}`,
      name: `Store ${String(outlet.name)}`,
      kind: 'store',
      outlet: outlet.id,
    });
});

describe('prices change at each outlet’s own midnight', () => {
  it('a chain-wide future price: in force in Tokyo from its midnight, in Los Angeles from its own; the product’s price changes once both have reached the day', async () => {
    const product = await newProduct('10.00');
    const row = await insert(t, 'futureproductprice', { product: product.id, newPrice: '12.00', effectiveDate: DAY });

    // Tokyo is on the 15th, Los Angeles still on the 14th: the job leaves the chain price alone.
    expect((await job(TOKYO_MORNING)).failed).toEqual([]);
    expect(await status(row)).toBe('pending');
    expect(await sellingPrice(product)).toBe('10.00');
    expect(await unitPrice(tokyo, product, TOKYO_MORNING)).toEqual(['12.00', 'futurePrice']);
    expect(await unitPrice(la, product, TOKYO_MORNING)).toEqual(['10.00', 'product']);
    // The minute before and after each outlet's midnight.
    expect(await unitPrice(tokyo, product, '2025-01-14T14:59:00.000Z')).toEqual(['10.00', 'product']);
    expect(await unitPrice(tokyo, product, '2025-01-14T15:00:00.000Z')).toEqual(['12.00', 'futurePrice']);
    expect(await unitPrice(la, product, '2025-01-15T07:59:00.000Z')).toEqual(['10.00', 'product']);
    expect(await unitPrice(la, product, '2025-01-15T08:00:00.000Z')).toEqual(['12.00', 'futurePrice']);

    // Once Los Angeles has reached the 15th the job makes it the product's own price.
    expect((await job(LA_AFTER_MIDNIGHT)).applied).toBeGreaterThanOrEqual(1);
    expect(await status(row)).toBe('applied');
    expect(await sellingPrice(product)).toBe('12.00');
    // Asked afterwards, the evening before in Los Angeles still had the old price; Tokyo's afternoon the new.
    expect(await unitPrice(la, product, LA_EVENING)).toEqual(['10.00', 'product']);
    expect(await unitPrice(tokyo, product, LA_EVENING)).toEqual(['12.00', 'futurePrice']);
    expect(await unitPrice(la, product, LA_AFTER_MIDNIGHT)).toEqual(['12.00', 'futurePrice']);
    expect((await unitPrice(la, product, new Date().toISOString()))[0]).toBe('12.00');
  });

  it('an outlet’s future price at its own midnight, ahead of its override and the chain’s future price', async () => {
    const product = await newProduct('10.00');
    await insert(t, 'outletprice', { product: product.id, outlet: tokyo.id, price: '9.00' });
    await insert(t, 'futureproductprice', { product: product.id, newPrice: '12.00', effectiveDate: '2031-01-15' });
    await insert(t, 'futureproductprice', {
      product: product.id,
      outlet: tokyo.id,
      newPrice: '8.00',
      effectiveDate: '2031-01-16',
    });
    // 15 Jan 23:59 and 16 Jan 00:00 in Tokyo.
    expect(await unitPrice(tokyo, product, '2031-01-15T14:59:00.000Z')).toEqual(['9.00', 'outletPrice']);
    expect(await unitPrice(tokyo, product, '2031-01-15T15:00:00.000Z')).toEqual(['8.00', 'futurePrice']);
    // Los Angeles has no override: the chain's future price from its midnight.
    expect(await unitPrice(la, product, '2031-01-15T07:59:00.000Z')).toEqual(['10.00', 'product']);
    expect(await unitPrice(la, product, '2031-01-15T08:00:00.000Z')).toEqual(['12.00', 'futurePrice']);
  });

  it('a moment is priced with the outlet price of its time, whatever changed since', async () => {
    const product = await newProduct('10.00');
    const before = new Date().toISOString();
    await tick();
    const override = await insert(t, 'outletprice', { product: product.id, outlet: la.id, price: '9.00' });
    await tick();
    const set = new Date().toISOString();
    await tick();
    const changed = await t.post('/outletpricing/Save', {
      changes: [{ product: product.id, outlet: la.id, price: '9.50' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await tick();
    const changedAt = new Date().toISOString();
    await tick();
    const removed = await t.post('/outletpricing/Save', {
      changes: [{ product: product.id, outlet: la.id, price: null }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(
      (
        await t.post<Row[]>('/DataRepository/fetch/outletprice', {
          filters: [{ ColumnName: 'id', ColumnValue: override.id, Operator: 'EQ' }],
        })
      ).body.data,
    ).toEqual([]);

    expect(await unitPrice(la, product, before)).toEqual(['10.00', 'product']);
    expect(await unitPrice(la, product, set)).toEqual(['9.00', 'outletPrice']);
    expect(await unitPrice(la, product, changedAt)).toEqual(['9.50', 'outletPrice']);
    expect(await unitPrice(la, product, new Date().toISOString())).toEqual(['10.00', 'product']);
  });

  it('a till’s sale uploaded after the price change is checked against the price of its own time and outlet', async () => {
    const product = await newProduct('10.00');
    await insert(t, 'futureproductprice', { product: product.id, newPrice: '12.00', effectiveDate: DAY });
    await job(LA_AFTER_MIDNIGHT);
    expect(await sellingPrice(product)).toBe('12.00');
    const sell = async (outlet: Row) => {
      const till = await pairedTerminal(t, outlet.id);
      const res = await asTerminal<Row>(t, till.token, 'POST', '/pointofsale/Sales', {
        receiptNo: receiptNo(),
        at: LA_EVENING,
        lines: [{ productId: product.id, quantity: 1, unitPrice: '10.00' }],
        payments: [{ paymentMode: world.card.code, amount: '10.00' }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    // Los Angeles rang it the evening before its midnight: 10.00 was right.
    expect(await sell(la)).toMatchObject({ priceDifference: false });
    // Tokyo was already on the 15th at that moment: 10.00 was a price difference.
    expect(await sell(tokyo)).toMatchObject({ priceDifference: true });
  });

  it('the console’s outlet pricing shows what each outlet sells at today, by its own date', async () => {
    // Kiritimati (UTC+14) is always a day ahead of Pago Pago (UTC−11).
    const kiri = await insert(t, 'outlet', { code: 'KIRI', name: 'Kiritimati', timezone: 'Pacific/Kiritimati' });
    const pago = await insert(t, 'outlet', { code: 'PAGO', name: 'Pago Pago', timezone: 'Pacific/Pago_Pago' });
    const product = await newProduct('10.00');
    const kiriToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    await insert(t, 'futureproductprice', { product: product.id, newPrice: '12.00', effectiveDate: kiriToday });
    const grid = await t.post<{ rows: Row[] }>('/outletpricing/Grid', {
      Skip: 0,
      Take: 10,
      search: String(product.code),
    });
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    const [row] = grid.body.data.rows;
    expect(row).toMatchObject({
      sellingPrice: '10.00',
      prices: { [kiri.id as number]: null, [pago.id as number]: null },
    });
    expect((row!.inForce as Record<number, string>)[kiri.id as number]).toBe('12.00');
    expect((row!.inForce as Record<number, string>)[pago.id as number]).toBe('10.00');
  });

  it('the till’s catalogue carries the pending future prices of its outlet and the chain, and drops them once applied', async () => {
    const product = await newProduct('10.00');
    const till = await pairedTerminal(t, la.id);
    const chain = await insert(t, 'futureproductprice', {
      product: product.id,
      newPrice: '12.00',
      effectiveDate: '2031-03-01',
    });
    const mine = await insert(t, 'futureproductprice', {
      product: product.id,
      outlet: la.id,
      newPrice: '11.00',
      effectiveDate: '2031-03-02',
    });
    const theirs = await insert(t, 'futureproductprice', {
      product: product.id,
      outlet: tokyo.id,
      newPrice: '13.00',
      effectiveDate: '2031-03-01',
    });
    const page = async (since?: string) => {
      const res = await asTerminal<Row>(
        t,
        till.token,
        'GET',
        `/pointofsale/Catalogue?limit=2000${since ? `&since=${encodeURIComponent(since)}` : ''}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as {
        futurePrices: Row[];
        removed: Record<string, number[]>;
        cursor: string;
        hasMore: boolean;
      };
    };
    const first = await page();
    expect(first.hasMore).toBe(false);
    const ids = first.futurePrices.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([chain.id, mine.id]));
    expect(ids).not.toContain(theirs.id);
    expect(first.futurePrices.find((r) => r.id === mine.id)).toMatchObject({
      newPrice: '11.00',
      effectiveDate: '2031-03-02',
      status: 'pending',
    });

    expect((await t.post('/futureproductprice/Cancel', { ids: [mine.id] })).body.data).toEqual({ cancelled: 1 });
    const next = await page(first.cursor);
    expect(next.futurePrices.map((r) => r.id)).not.toContain(mine.id);
    expect(next.removed.futurePrices).toContain(mine.id);
    expect(next.removed.futurePrices).not.toContain(chain.id);
  });
});
