import type { HomeSummary } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, getRow, openTills, pairedTerminal, receiptNo, type TillWorld } from './support';

/** A sale is recorded as the till rang it, and checked against the engine's pricing of the same basket at the sale's own time. */
const t = useTestServer({ users: ['admin', 'cashier', 'manager'] });
let world: TillWorld;
let till: { terminal: Row; token: string };

interface Difference {
  lineNo: number | null;
  product: number | null;
  reason: string;
  reference: string | null;
  expected: string;
  charged: string;
  difference: string;
}
interface Sale {
  id: number;
  total: string;
  expectedTotal: string;
  subtotal: string;
  discountTotal: string;
  taxTotal: string;
  channel: string | null;
  priceDifference: boolean;
  lines: Row[];
  discounts: Row[];
  differences: Difference[];
}

const sell = (body: Row) =>
  asTerminal<Sale>(t, till.token, 'POST', '/pointofsale/Sales', {
    receiptNo: receiptNo(),
    at: new Date().toISOString(),
    ...body,
  });
const recorded = async (body: Row) => {
  const res = await sell(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const reasons = (sale: Sale) => sale.differences.map((d) => [d.reason, d.expected, d.charged]);
const coffee = () => world.products.coffee!;
const tea = () => world.products.tea!;
const cake = () => world.products.cake!;

let tenOff: Row;
let half: Row;
let bill5: Row;
let manager: Row;

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
  // Cashiers may give up to 20 % without a manager.
  await insert(t, 'posterminalsettings', { maxDiscountWithoutApproval: '20' });
  tenOff = await insert(t, 'discount', {
    code: 'TEN',
    name: 'Ten percent',
    kind: 'percent',
    value: '10',
    appliesTo: 'item',
  });
  half = await insert(t, 'discount', {
    code: 'HALF',
    name: 'Half off',
    kind: 'percent',
    value: '50',
    appliesTo: 'item',
  });
  bill5 = await insert(t, 'discount', {
    code: 'BILL5',
    name: 'Five off the bill',
    kind: 'amount',
    value: '5.00',
    appliesTo: 'bill',
  });
  [manager] = (
    await t.post<Row[]>('/DataRepository/fetch/user', {
      filters: [{ ColumnName: 'userName', ColumnValue: 'manager', Operator: 'EQ' }],
    })
  ).body.data;
});

describe('a sale recorded as the till rang it', () => {
  it('keeps a line discount, a bill discount and the tax of a tax-exclusive line as charged, and what its total adds beyond the engine’s as charges', async () => {
    const sale = await recorded({
      lines: [
        { productId: coffee().id, quantity: 2, unitPrice: '10.00', discounts: [{ discount: 'ten', amount: '2.00' }] },
        { productId: cake().id, quantity: 1, unitPrice: '12.50' },
      ],
      discounts: [{ discountId: bill5.id, amount: '5.00' }],
      total: '26.47',
      payments: [{ paymentModeId: world.card.id, amount: '26.47' }],
    });
    // 18.00 + 12.50 = 30.50 left; the 5.00 bill discount shared 2.95 / 2.05: lines 15.05 and 10.45, 6 % on the cake added (0.63).
    expect(sale).toMatchObject({
      total: '26.47',
      expectedTotal: '26.13',
      subtotal: '32.50',
      discountTotal: '7.00',
      taxTotal: '0.63',
      priceDifference: true,
    });
    expect(sale.lines.map((l) => [l.unitPrice, l.discount, l.lineTotal, l.tax])).toEqual([
      ['10.00', '4.95', '15.05', '0.00'],
      ['12.50', '2.05', '10.45', '0.63'],
    ]);
    expect(sale.discounts).toEqual([
      { lineNo: 0, discount: tenOff.id, amount: '2.00', needsApproval: false, approvedBy: null },
      { lineNo: null, discount: bill5.id, amount: '5.00', needsApproval: false, approvedBy: null },
    ]);
    // The till rounded the total up by 0.34 against the engine: kept, as charges.
    expect(reasons(sale)).toEqual([['charges', '0.63', '0.97']]);
    expect(sale.differences[0]).toMatchObject({ lineNo: null, difference: '0.34' });
  });

  it('records a discount over the approval limit as charged: without an approver a difference, with one none', async () => {
    const line = { productId: tea().id, quantity: 2, unitPrice: '6.00' };
    const alone = await recorded({
      lines: [{ ...line, discounts: [{ discount: 'HALF', amount: '6.00' }] }],
      payments: [{ paymentModeId: world.cash.id, amount: '6.00' }],
    });
    expect(alone).toMatchObject({ total: '6.00', expectedTotal: '12.00', priceDifference: true });
    expect(alone.discounts[0]).toMatchObject({
      discount: half.id,
      amount: '6.00',
      needsApproval: true,
      approvedBy: null,
    });
    expect(alone.differences).toEqual([
      {
        lineNo: 0,
        product: tea().id,
        reason: 'discountOverLimit',
        reference: 'HALF',
        expected: '0.00',
        charged: '-6.00',
        difference: '-6.00',
      },
    ]);
    const approved = await recorded({
      lines: [{ ...line, discounts: [{ discount: 'HALF', amount: '6.00', approvedBy: 'manager' }] }],
    });
    expect(approved).toMatchObject({ total: '6.00', expectedTotal: '6.00', priceDifference: false, differences: [] });
    expect(approved.discounts[0]).toMatchObject({ needsApproval: true, approvedBy: manager!.id });
  });

  it('records a bundle as its items sharing what the bundle was charged, and the channel with its surcharge', async () => {
    const breakfast = await insert(t, 'bundle', {
      code: 'BRKFST',
      name: 'Breakfast',
      price: '12.00',
      items: [
        { product: coffee().id, quantity: '1' },
        { product: world.products.bread!.id, quantity: '1' },
      ],
    });
    await insert(t, 'surcharge', {
      code: 'DINE',
      name: 'Dine-in service',
      kind: 'amount',
      value: '1.00',
      appliesTo: 'dineIn',
    });
    const sale = await recorded({
      channel: 'dineIn',
      lines: [{ bundle: 'brkfst', quantity: 2, unitPrice: '12.00' }],
      total: '25.00',
    });
    expect(sale).toMatchObject({ channel: 'dineIn', total: '25.00', expectedTotal: '25.00', priceDifference: false });
    // 24.00 over coffee (10.00) and bread (4.00) by their own prices: 17.14 and 6.86.
    expect(sale.lines.map((l) => [l.product, l.bundle, l.quantity, l.lineTotal, l.expectedLineTotal])).toEqual([
      [coffee().id, breakfast.id, '2.000', '17.14', '17.14'],
      [world.products.bread!.id, breakfast.id, '2.000', '6.86', '6.86'],
    ]);
    expect((await getRow(t, 'sale', sale.id)).channel).toBe('dineIn');
  });

  it('keeps each difference with its reason: a price, a promotion the till missed, an item the engine cannot price', async () => {
    const retired = await insert(t, 'product', {
      code: 'OLDMUG',
      name: 'Retired mug',
      category: coffee().category,
      uom: coffee().uom,
      sellingPrice: '8.00',
      isActive: false,
    });
    await insert(t, 'promotion', {
      code: 'TEA1',
      name: 'Tea a ringgit off',
      kind: 'amountOff',
      value: '1.00',
      validFrom: '2024-01-01',
      items: [{ product: tea().id }],
    });
    const sale = await recorded({
      lines: [
        { productId: coffee().id, quantity: 1, unitPrice: '9.00' },
        { productId: tea().id, quantity: 1, unitPrice: '6.00' },
        { productId: retired.id, quantity: 1, unitPrice: '8.00' },
      ],
    });
    expect(sale).toMatchObject({ total: '23.00', expectedTotal: '15.00', priceDifference: true });
    expect(sale.differences.map((d) => [d.lineNo, d.reason, d.expected, d.charged, d.difference])).toEqual([
      [2, 'unknownItem', '0.00', '8.00', '8.00'],
      [0, 'price', '10.00', '9.00', '-1.00'],
      [1, 'promotion', '-1.00', '0.00', '1.00'],
    ]);
    // The differences add up to what the till charged less what the engine expected.
    expect(sale.differences.reduce((a, d) => a + Number(d.difference), 0)).toBeCloseTo(23 - 15, 9);
    // Listed by the registry, with outlet, terminal, cashier and day.
    const rows = (
      await t.post<Row[]>('/DataRepository/fetch/saledifference', {
        filters: [{ ColumnName: 'sale', ColumnValue: sale.id, Operator: 'EQ' }],
      })
    ).body.data;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      outlet: world.outlet.id,
      terminal: till.terminal.id,
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('expects a sale uploaded after a price change at the price in force when it was rung', async () => {
    const mug = await insert(t, 'product', {
      code: 'MUGP',
      name: 'Mug',
      category: coffee().category,
      uom: coffee().uom,
      sellingPrice: '5.00',
    });
    const rungAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    // The price changes after the sale was rung, before it reaches the back office.
    const row = await getRow(t, 'product', mug.id);
    expect((await t.post('/DataRepository/Update/product', { ...row, sellingPrice: '6.00' })).status).toBe(200);
    const late = await recorded({ at: rungAt, lines: [{ productId: mug.id, quantity: 1, unitPrice: '5.00' }] });
    expect(late).toMatchObject({ total: '5.00', expectedTotal: '5.00', priceDifference: false });
    const now = await recorded({ lines: [{ productId: mug.id, quantity: 1, unitPrice: '5.00' }] });
    expect(now).toMatchObject({ total: '5.00', expectedTotal: '6.00', priceDifference: true });
    expect(reasons(now)).toEqual([['price', '6.00', '5.00']]);
  });

  it('refuses what it cannot record with a 400 naming the field, writing nothing', async () => {
    const line = { productId: coffee().id, quantity: 1, unitPrice: '10.00' };
    const cases: [Row, string][] = [
      [{ lines: [{ ...line, colour: 'red' }] }, 'lines.0.colour'],
      [{ lines: [line], loyaltyCard: 'X' }, 'loyaltyCard'],
      [{ lines: [{ ...line, discounts: [{ discount: 'NOPE', amount: '1.00' }] }] }, 'lines.0.discounts.0.discount'],
      [{ lines: [{ ...line, discounts: [{ discount: 'BILL5', amount: '1.00' }] }] }, 'lines.0.discounts.0.discount'],
      [{ lines: [{ ...line, discounts: [{ discount: 'TEN', amount: '11.00' }] }] }, 'lines.0.discounts'],
      [
        { lines: [{ ...line, discounts: [{ discount: 'TEN', amount: '1.00', approvedBy: 'nobody' }] }] },
        'lines.0.discounts.0.approvedBy',
      ],
      [
        { lines: [{ ...line, discounts: [{ discount: 'TEN', amount: '1.00', approvedBy: 3 }] }] },
        'lines.0.discounts.0.approvedBy',
      ],
      [{ lines: [line], discounts: [{ discount: 'BILL5', amount: '20.00' }] }, 'discounts'],
      [{ lines: [{ ...line, lineTotal: '11.00' }] }, 'lines.0.lineTotal'],
      [{ lines: [{ ...line, tax: 'x' }] }, 'lines.0.tax'],
      [{ lines: [line], channel: 'drive-in' }, 'channel'],
      [{ lines: [{ bundle: 'NOPE', quantity: 1, unitPrice: '1.00' }] }, 'lines.0.bundle'],
      [{ lines: [{ bundle: 'BRKFST', productId: coffee().id, quantity: 1, unitPrice: '1.00' }] }, 'lines.0.bundle'],
      [{ lines: [{ ...line, components: [{ productId: coffee().id, quantity: 1 }] }] }, 'lines.0.components'],
      [{ lines: [line], taxTotal: '1.234' }, 'taxTotal'],
    ];
    for (const [body, field] of cases) {
      const receipt = receiptNo();
      const res = await sell({ ...body, receiptNo: receipt });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        JSON.stringify(res.body),
      ).toContain(field);
      const stored = await t.post<Row[]>('/DataRepository/fetch/sale', {
        filters: [{ ColumnName: 'receiptNo', ColumnValue: receipt, Operator: 'EQ' }],
      });
      expect(stored.body.data).toHaveLength(0);
    }
  });

  it('replays a receipt with its figures and refuses it with another body', async () => {
    const body = {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [
        { productId: tea().id, quantity: 1, unitPrice: '6.00', discounts: [{ discount: 'TEN', amount: '0.60' }] },
      ],
    };
    const first = await recorded(body);
    const again = await recorded(body);
    expect(again).toEqual(first);
    const other = await sell({
      ...body,
      lines: [{ ...body.lines[0], discounts: [{ discount: 'TEN', amount: '0.50' }] }],
    });
    expect(other.status).toBe(409);
  });

  it('sums the differences per outlet, terminal, cashier and day for the Price differences screen', async () => {
    const shop = await openTills(t);
    const own = await pairedTerminal(t, shop.outlet.id);
    const at = new Date().toISOString();
    for (const price of ['9.00', '8.50'])
      await asTerminal(t, own.token, 'POST', '/pointofsale/Sales', {
        receiptNo: receiptNo(),
        at,
        cashier: 'cashier',
        lines: [{ productId: shop.products.coffee!.id, quantity: 1, unitPrice: price }],
      });
    const day = new Date().toISOString().slice(0, 10);
    const res = await t.post<Row[]>('/DataRepository/procedure/pricedifferences', {
      from: '2000-01-01',
      to: '2999-12-31',
      outlet: shop.outlet.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        outlet: shop.outlet.id,
        terminal: own.terminal.id,
        cashierName: 'cashier',
        count: 2,
        expected: '20.00',
        charged: '17.50',
        difference: '-2.50',
      }),
    ]);
    expect(res.body.data[0]!.day).toMatch(day.slice(0, 7));
    const bad = await t.post('/DataRepository/procedure/pricedifferences', { from: '2026-02-02', to: '2026-02-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('to');
    expect(
      (await t.post('/DataRepository/procedure/pricedifferences', { from: day, to: day }, t.tokens.cashier)).status,
    ).toBe(403);
  });

  it('gives Home and the commission report what the till charged', async () => {
    const [cashier] = (
      await t.post<Row[]>('/DataRepository/fetch/user', {
        filters: [{ ColumnName: 'userName', ColumnValue: 'cashier', Operator: 'EQ' }],
      })
    ).body.data;
    await insert(t, 'commission', {
      code: 'TEN',
      name: 'Ten percent',
      basis: 'sales',
      ratePercent: '10',
      appliesTo: 'all',
      users: [cashier!.id],
      period: 'daily',
    });
    const shop = await openTills(t);
    const own = await pairedTerminal(t, shop.outlet.id);
    const sale = await asTerminal<Sale>(t, own.token, 'POST', '/pointofsale/Sales', {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      cashierId: cashier!.id,
      lines: [{ productId: shop.products.coffee!.id, quantity: 2, unitPrice: '10.00', lineTotal: '15.00' }],
    });
    expect(sale.body.data).toMatchObject({ total: '15.00', expectedTotal: '20.00' });
    const home = (await t.get<HomeSummary>('/home/Summary')).body.data;
    expect(home.sales!.byOutlet.find((o) => o.outlet === shop.outlet.id)).toMatchObject({ todayPos: '15.00' });
    const day = new Date().toISOString().slice(0, 10);
    const report = await t.post<Row[]>('/DataRepository/procedure/commission', {
      from: day,
      to: day,
      outlet: shop.outlet.id,
    });
    expect(report.body.data.find((r) => r.user === cashier!.id && r.rule === 'TEN')).toMatchObject({
      salesTotal: '15.00',
      commission: '1.50',
    });
  });
});
