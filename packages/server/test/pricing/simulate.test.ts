import type { SimulateSalesResult } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { addItem, insert, openShop, type Shop } from './shop';

const t = useTestServer({ users: ['admin', 'cashier'] });
let shop: Shop;
const simulate = (body: Row, token?: string) => addItem<SimulateSalesResult>(t, body, token);
/** Noon on Wednesday 5 June 2024 in Kuala Lumpur. */
const AT = '2024-06-05T04:00:00.000Z';

beforeAll(async () => {
  shop = await openShop(t);
});

describe('SimulateSales/AddItem', () => {
  it('needs a session and view on simulatesales', async () => {
    const body = { outlet: shop.outlet.id, item: { productId: shop.products.coffee!.id } };
    expect((await t.call('POST', `${t.origin}/backoffice/WebAPI/SimulateSales/AddItem`, { body })).status).toBe(401);
    expect((await simulate(body, t.tokens.cashier)).status).toBe(403);
  });

  it('adds the item to the lines and prices them, money as decimal strings', async () => {
    const { coffee, tea, cake } = shop.products;
    const res = await simulate({
      outlet: shop.outlet.code,
      at: AT,
      lines: [{ productId: coffee!.id, quantity: 2 }, { productId: cake!.id }],
      item: { code: tea!.code, quantity: '1.5' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.lines.map((l) => [l.code, l.quantity, l.unitPrice, l.priceSource, l.lineTotal])).toEqual([
      [coffee!.code, '2.000', '10.00', 'product', '20.00'],
      [cake!.code, '1.000', '12.50', 'product', '12.50'],
      [tea!.code, '1.500', '6.00', 'product', '9.00'],
    ]);
    expect(r).toMatchObject({
      subtotal: '41.50',
      discountTotal: '0.00',
      taxAdded: '0.75',
      taxTotal: '0.75',
      total: '42.25',
      currency: 'MYR',
      localTime: { date: '2024-06-05', time: '12:00', weekday: 'wed' },
    });
    expect(r.tax).toEqual([
      {
        id: shop.sst.id,
        code: shop.sst.code,
        name: 'Sales tax 6%',
        ratePercent: '6.000',
        inclusive: false,
        taxableAmount: '12.50',
        amount: '0.75',
      },
    ]);
  });

  it('adds the same product to its line, by barcode and by a pack barcode', async () => {
    const { coffee } = shop.products;
    const res = await simulate({
      outlet: shop.outlet.id,
      at: AT,
      lines: [{ barcode: coffee!.barcode }],
      item: { barcode: (coffee!.alternateBarcodes as Row[])[0]!.barcode },
    });
    expect(res.body.data.lines.map((l) => [l.code, l.quantity, l.lineTotal])).toEqual([
      [coffee!.code, '7.000', '70.00'],
    ]);
  });

  it('reads a moment without an offset as the outlet’s wall clock, and a typed code may be a barcode', async () => {
    const { coffee } = shop.products;
    const res = await simulate({ outlet: shop.outlet.id, at: '2024-06-05T12:00', item: { code: coffee!.barcode } });
    expect(res.body.data.localTime).toEqual({ date: '2024-06-05', time: '12:00', weekday: 'wed' });
    expect(res.body.data.lines.map((l) => l.code)).toEqual([coffee!.code]);
  });

  it('names what it does not know', async () => {
    const res = await simulate({
      outlet: 'NOWHERE',
      channel: 'drive-through',
      member: 'M-404',
      voucherCodes: ['NO-SUCH-CODE'],
      lines: [{ productId: 999999 }, { barcode: '000' }],
      item: { code: 'NOPE', quantity: '-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors!.map((e) => e.field)).toEqual([
      'outlet',
      'channel',
      'member',
      'lines.0.productId',
      'lines.1.barcode',
      'item.quantity',
      'voucherCodes.0',
    ]);
    expect(res.body.errors![0]!.message).toBe('Outlet NOWHERE does not exist');
    const unknownCode = await simulate({ outlet: shop.outlet.id, item: { code: 'NOPE' } });
    expect(unknownCode.body.errors).toEqual([{ field: 'item.code', message: 'Product NOPE does not exist' }]);
  });

  it('says a moment it cannot read in the Simulate sales screen’s words, naming no format', async () => {
    for (const at of ['tomorrow', '2026-13-45T99:99']) {
      const res = await simulate({ outlet: shop.outlet.id, at, item: { productId: shop.products.tea!.id } });
      expect(res.status, at).toBe(400);
      expect(res.body.errors, at).toEqual([
        { field: 'at', message: 'Date and time must be a real date and time, such as 1 March 2026 14:30' },
      ]);
    }
  });

  it('reads a product sent as text as its code or barcode, never its id; an id only as productId', async () => {
    const coffee = shop.products.coffee!;
    const named = await insert(t, 'product', {
      code: String(coffee.id),
      name: 'Coded like an id',
      category: coffee.category,
      uom: coffee.uom,
      sellingPrice: '3.00',
    });
    const byCode = await simulate({ outlet: shop.outlet.id, at: AT, lines: [{ product: String(coffee.id) }] });
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(byCode.body.data.lines[0]).toMatchObject({ product: named.id, unitPrice: '3.00' });
    const byBarcode = await simulate({ outlet: shop.outlet.id, at: AT, item: { product: String(coffee.barcode) } });
    expect(byBarcode.body.data.lines[0]).toMatchObject({ product: coffee.id });
    const refused = await simulate({
      outlet: shop.outlet.id,
      at: AT,
      lines: [{ product: coffee.id }, { bundle: 1 }, { product: coffee.code, productId: coffee.id }],
      discounts: [{ discount: 'NONE', product: coffee.id }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors!.map((e) => e.field)).toEqual([
      'lines.0.product',
      'lines.1.bundle',
      'lines.2.productId',
      'discounts.0.discount',
      'discounts.0.product',
    ]);
  });

  it('reads a member sent as text as a member no., never an id; an id only as memberId', async () => {
    const group = await insert(t, 'membershipgroup', { code: 'IDG', name: 'Id group' });
    const first = await insert(t, 'membership', { memberNo: 'IDM-1', name: 'First', membershipGroup: group.id });
    const numbered = await insert(t, 'membership', {
      memberNo: String(first.id),
      name: 'Numbered like an id',
      membershipGroup: group.id,
    });
    const item = { productId: shop.products.tea!.id };
    const byNo = await simulate({ outlet: shop.outlet.id, at: AT, member: String(first.id), item });
    expect(byNo.status, JSON.stringify(byNo.body)).toBe(200);
    expect(byNo.body.data.member).toMatchObject({ id: numbered.id });
    const byId = await simulate({ outlet: shop.outlet.id, at: AT, memberId: first.id, item });
    expect(byId.body.data.member).toMatchObject({ id: first.id });
    for (const [body, field] of [
      [{ member: first.id }, 'member'],
      [{ member: 'IDM-1', memberId: first.id }, 'member'],
      [{ memberId: 99999999 }, 'memberId'],
    ] as const) {
      const res = await simulate({ outlet: shop.outlet.id, at: AT, item, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors!.map((e) => e.field)).toEqual([field]);
    }
  });

  it('refuses a body that is not a basket', async () => {
    expect((await simulate({ lines: 'many' })).status).toBe(400);
    const tooMany = await simulate({
      outlet: shop.outlet.id,
      lines: Array.from({ length: 501 }, () => ({ productId: shop.products.tea!.id })),
    });
    expect(tooMany.status).toBe(400);
  });

  it('applies a promotion and explains the ones that did not fire', async () => {
    const { coffee, tea } = shop.products;
    await insert(t, 'promotion', {
      code: 'LUNCH10',
      name: 'Lunch 10% off coffee',
      kind: 'percentOff',
      value: '10',
      items: [{ product: coffee!.id }],
      validFrom: '2024-01-01',
      timeFrom: '11:00',
      timeTo: '14:00',
    });
    await insert(t, 'promotion', {
      code: 'WKND',
      name: 'Weekend tea',
      kind: 'amountOff',
      value: '1.00',
      items: [{ product: tea!.id }],
      validFrom: '2024-01-01',
      daysOfWeek: ['sat', 'sun'],
    });
    await insert(t, 'promotion', {
      code: 'ELSEWHERE',
      name: 'Penang only',
      kind: 'percentOff',
      value: '50',
      validFrom: '2024-01-01',
      outlets: [shop.otherOutlet.id],
    });
    const res = await simulate({
      outlet: shop.outlet.id,
      at: AT,
      lines: [{ productId: coffee!.id, quantity: 2 }],
      item: { productId: tea!.id },
    });
    const r = res.body.data;
    expect(r.adjustments).toEqual([
      {
        kind: 'promotion',
        id: expect.any(Number),
        code: 'LUNCH10',
        name: 'Lunch 10% off coffee',
        level: 'item',
        amount: '2.00',
        lines: [0],
      },
    ]);
    expect(r.lines[0]!.adjustments).toEqual([
      {
        kind: 'promotion',
        id: expect.any(Number),
        code: 'LUNCH10',
        name: 'Lunch 10% off coffee',
        amount: '2.00',
        quantity: '2.000',
      },
    ]);
    const why = Object.fromEntries(
      r.considered
        .filter((c) => c.kind === 'promotion')
        .map((c) => [c.code, [c.fired, c.reason ?? null, c.message ?? null]]),
    );
    expect(why).toEqual({
      LUNCH10: [true, null, null],
      WKND: [false, 'wrongDay', 'Not on Wed: runs on Sat, Sun'],
      ELSEWHERE: [false, 'outletNotIncluded', 'Not offered at this outlet'],
    });
    const evening = await simulate({
      outlet: shop.outlet.id,
      at: '2024-06-05T12:30:00Z',
      item: { productId: coffee!.id },
    });
    expect(evening.body.data.considered.find((c) => c.code === 'LUNCH10')).toMatchObject({
      fired: false,
      reason: 'wrongTime',
      message: 'Outside its hours (11:00–14:00)',
    });
  });

  it('prices with a change to a promotion at once', async () => {
    const { bread } = shop.products;
    const promo = await insert(t, 'promotion', {
      code: 'BREAD1',
      name: 'Bread for 1',
      kind: 'fixedPrice',
      value: '1.00',
      items: [{ product: bread!.id }],
      validFrom: '2024-01-01',
    });
    expect((await simulate({ outlet: shop.outlet.id, at: AT, item: { productId: bread!.id } })).body.data.total).toBe(
      '1.00',
    );
    const changed = await t.post('/DataRepository/Update/promotion', {
      id: promo.id,
      version: promo.version,
      value: '2.50',
    });
    expect(changed.status).toBe(200);
    expect((await simulate({ outlet: shop.outlet.id, at: AT, item: { productId: bread!.id } })).body.data.total).toBe(
      '2.50',
    );
  });

  it('prices a member, a rule for their group, a voucher code and the channel', async () => {
    const { coffee } = shop.products;
    const group = await insert(t, 'membershipgroup', {
      code: 'VIP',
      name: 'VIP',
      discountPercent: '5',
      pointsPerUnitSpent: '2',
    });
    const member = await insert(t, 'membership', { memberNo: 'M-777', name: 'Mei', membershipGroup: group.id });
    await insert(t, 'newpromotion', {
      code: 'VIPB2G1',
      name: 'VIP buy 2 get 1',
      validFrom: '2024-01-01',
      conditions: [
        { kind: 'items', product: coffee!.id },
        { kind: 'membershipGroups', membershipGroup: group.id },
      ],
      rewards: [{ kind: 'buyXGetY', buyQuantity: '2', getQuantity: '1' }],
    });
    const voucher = await insert(t, 'voucher', { code: 'FIVER', name: 'Five off', kind: 'amount', value: '5.00' });
    const generated = await t.post<{ codes: Record<string, string[]> }>('/DataRepository/Execute/voucher', {
      action: 'generate',
      ids: [voucher.id],
      count: 2,
    });
    const [code] = generated.body.data.codes[String(voucher.id)]!;
    await insert(t, 'surcharge', { code: 'SVC', name: 'Service', kind: 'percent', value: '10', appliesTo: 'dineIn' });
    const res = await simulate({
      outlet: shop.outlet.id,
      at: AT,
      channel: 'dineIn',
      member: 'M-777',
      voucherCodes: [code!.toLowerCase().replace(/-/g, '')],
      item: { productId: coffee!.id, quantity: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    // 30.00: the rule's free coffee (10.00) beats the lunch promotion's 10 % (3.00) and holds all three
    // coffees, so the member's 5 % does not stack; the voucher takes 5.00 of the 20.00 left; service 10 %.
    expect(r.adjustments.map((a) => [a.kind, a.code, a.amount, a.lines])).toEqual([
      ['newpromotion', 'VIPB2G1', '10.00', [0]],
      ['voucher', 'FIVER', '5.00', [0]],
    ]);
    expect(r).toMatchObject({
      subtotal: '30.00',
      discountTotal: '15.00',
      surchargeTotal: '1.50',
      taxAdded: '0.00',
      total: '16.50',
      pointsEarned: '30.00',
      channel: 'dineIn',
    });
    expect(r.member).toEqual({ id: member.id, memberNo: 'M-777', name: 'Mei', group: 'VIP' });
    expect(r.considered.find((c) => c.code === 'LUNCH10')).toMatchObject({
      fired: false,
      reason: 'lostToPriority',
      lostTo: { code: 'VIPB2G1' },
    });
    expect(r.considered.find((c) => c.kind === 'membershipgroup')).toMatchObject({
      fired: false,
      reason: 'notStackable',
      lostTo: { code: 'VIPB2G1' },
    });
    expect(r.considered.find((c) => c.kind === 'voucher')).toMatchObject({
      fired: true,
      amount: '5.00',
      voucherCode: code,
    });
    expect(r.surcharges).toEqual([expect.objectContaining({ code: 'SVC', amount: '1.50' })]);
  });
});
