import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, getRow, openTills, pairedTerminal, receiptNo, type TillWorld } from './support';

const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };

interface Sale {
  id: number;
  receiptNo: string;
  kind: string;
  total: string;
  expectedTotal: string;
  priceDifference: boolean;
  pointsEarned: string | null;
  lines: Row[];
  payments: Row[];
  vouchers: { code: string; amount: string; status: string }[];
}

const sell = (body: Row, token = till.token) => asTerminal<Sale>(t, token, 'POST', '/pointofsale/Sales', body);
const onHand = async (product: unknown) => {
  const res = await t.post<Row[]>('/DataRepository/fetch/stockbalance', {
    filters: [
      { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
      { ColumnName: 'location', ColumnValue: world.location.id, Operator: 'EQ' },
    ],
  });
  return res.body.data[0]?.quantity ?? '0.000';
};
const salesOf = async (receipt: string) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/sale', {
      filters: [{ ColumnName: 'receiptNo', ColumnValue: receipt, Operator: 'EQ' }],
    })
  ).body.data;

const coffee = () => world.products.coffee!;
const tea = () => world.products.tea!;

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
});

describe('POST /pointofsale/Sales', () => {
  it('records a sale priced by the engine, moves stock and answers the stored sale', async () => {
    const before = Number(await onHand(coffee().id));
    const receipt = receiptNo();
    const res = await sell({
      receiptNo: receipt,
      at: new Date().toISOString(),
      lines: [
        { productId: coffee().id, quantity: 2, unitPrice: '10.00' },
        { product: tea().code, quantity: '1', unitPrice: '6.00' },
      ],
      payments: [{ paymentMode: world.cash.code, amount: '26.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      receiptNo: receipt,
      kind: 'sale',
      total: '26.00',
      expectedTotal: '26.00',
      priceDifference: false,
    });
    expect(res.body.data.lines).toEqual([
      expect.objectContaining({ product: coffee().id, quantity: '2.000', unitPrice: '10.00', lineTotal: '20.00' }),
      expect.objectContaining({ product: tea().id, quantity: '1.000', unitPrice: '6.00', lineTotal: '6.00' }),
    ]);
    expect(Number(await onHand(coffee().id))).toBe(before - 2);
    const [stored] = await salesOf(receipt);
    expect(stored).toMatchObject({ outlet: world.outlet.id, terminal: till.terminal.id, total: '26.00' });
    const movements = await t.post<Row[]>('/DataRepository/fetch/stockmovement', {
      filters: [{ ColumnName: 'reference', ColumnValue: receipt, Operator: 'EQ' }],
    });
    expect(movements.body.data.map((m) => [m.kind, m.quantity]).sort()).toEqual([
      ['sale', '-1.000'],
      ['sale', '-2.000'],
    ]);
  });

  it('records the till’s price, keeps the engine’s beside it and flags the difference', async () => {
    const res = await sell({
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [{ productId: coffee().id, quantity: 1, unitPrice: '9.00' }],
      payments: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: '9.00', expectedTotal: '10.00', priceDifference: true });
    expect(res.body.data.lines[0]).toMatchObject({
      unitPrice: '9.00',
      lineTotal: '9.00',
      expectedUnitPrice: '10.00',
      expectedLineTotal: '10.00',
    });
  });

  it('answers a replay with the first result, also when replayed in parallel', async () => {
    const before = Number(await onHand(coffee().id));
    const body = {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [{ productId: coffee().id, quantity: 1, unitPrice: '10.00' }],
      payments: [{ paymentModeId: world.card.id, amount: '10.00', reference: 'AUTH1' }],
    };
    const answers = await Promise.all(Array.from({ length: 12 }, () => sell(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    const again = await sell(body);
    expect(again.body.data).toEqual(answers[0]!.body.data);
    expect(await salesOf(body.receiptNo)).toHaveLength(1);
    expect(Number(await onHand(coffee().id))).toBe(before - 1);
  });

  it('refuses a receipt no. reused with another body (409 naming it), in parallel too, and still replays the first body', async () => {
    const before = Number(await onHand(coffee().id));
    const first = {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [{ productId: coffee().id, quantity: 1, unitPrice: '10.00' }],
    };
    const recorded = await sell(first);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const others: Row[] = [
      { ...first, lines: [{ productId: coffee().id, quantity: 5, unitPrice: '10.00' }] },
      { ...first, lines: [{ productId: tea().id, quantity: 1, unitPrice: '6.00' }] },
      { ...first, payments: [{ paymentMode: world.cash.code, amount: '10.00' }] },
      { ...first, at: new Date(Date.now() - 60_000).toISOString() },
    ];
    const answers = await Promise.all([...others, ...others].map((body) => sell(body)));
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toContain(`Receipt ${first.receiptNo}`);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['receiptNo']);
    }
    // The same body with its keys in another order is the same request.
    const again = await sell({ lines: first.lines, at: first.at, receiptNo: first.receiptNo });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Recorded already');
    expect(again.body.data).toEqual(recorded.body.data);
    expect(await salesOf(first.receiptNo)).toHaveLength(1);
    expect(Number(await onHand(coffee().id))).toBe(before - 1);
  });

  it('refuses, in parallel races of different bodies for one new receipt, all but the one recorded', async () => {
    const receipt = receiptNo();
    const bodies = [1, 2, 3, 4, 5, 6].map((quantity) => ({
      receiptNo: receipt,
      at: new Date().toISOString(),
      lines: [{ productId: tea().id, quantity, unitPrice: '6.00' }],
    }));
    const answers = await Promise.all(bodies.map((body) => sell(body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    const sales = await salesOf(receipt);
    expect(sales).toHaveLength(1);
  });

  it('refuses a sale dated impossibly, before 2000 or more than a day ahead, naming at', async () => {
    const lines = [{ productId: coffee().id, quantity: 1, unitPrice: '10.00' }];
    const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    for (const at of [
      '2026-02-30T10:00:00',
      '2025-02-29T10:00:00Z',
      '2026-04-31T10:00',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60Z',
      '1999-12-31T23:59:59Z',
      ahead(2),
      ahead(70 * 365),
    ]) {
      const receipt = receiptNo();
      const res = await sell({ receiptNo: receipt, at, lines });
      expect(res.status, `${at}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        at,
      ).toEqual(['at']);
      expect(await salesOf(receipt)).toHaveLength(0);
    }
    for (const at of ['2024-02-29T10:00:00', '2000-01-01T00:00:00Z', ahead(0.5)]) {
      const res = await sell({ receiptNo: receiptNo(), at, lines });
      expect(res.status, `${at}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('publishes sale.created once for a sale, however often it is replayed', async () => {
    const hook = await t.post('/DataRepository/Insert/webhook', {
      name: 'Books',
      url: 'https://hooks.example.com/sales',
      events: ['sale.created'],
      secret: 'whsec_0123456789abcdef',
      enabled: true,
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const body = {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [{ productId: tea().id, quantity: 1, unitPrice: '6.00' }],
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sell(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const published = await t.post<Row[]>('/DataRepository/fetch/webhookdelivery', {
      filters: [
        { ColumnName: 'webhook', ColumnValue: hook.body.data.id, Operator: 'EQ' },
        { ColumnName: 'event', ColumnValue: 'sale.created', Operator: 'EQ' },
      ],
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toHaveLength(1);
    expect(published.body.data[0]!.payload).toMatchObject({
      id: answers[0]!.body.data.id,
      receiptNo: body.receiptNo,
      kind: 'sale',
      total: '6.00',
    });
  });

  it('lets two terminals use the same receipt no.', async () => {
    const other = await pairedTerminal(t, world.outlet.id);
    const body = {
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [{ productId: tea().id, quantity: 1, unitPrice: '6.00' }],
    };
    const [a, b] = await Promise.all([sell(body), sell(body, other.token)]);
    expect(a.body.data.id).not.toBe(b.body.data.id);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const receipt = receiptNo();
    const cases: [Row, string][] = [
      [{ at: new Date().toISOString(), lines: [{ productId: coffee().id, quantity: 1, unitPrice: '1' }] }, 'receiptNo'],
      [{ receiptNo: receipt, at: 'soon', lines: [{ productId: coffee().id, quantity: 1, unitPrice: '1' }] }, 'at'],
      [{ receiptNo: receipt, at: new Date().toISOString(), lines: [] }, 'lines'],
      [
        { receiptNo: receipt, at: new Date().toISOString(), lines: [{ product: 'NOPE', quantity: 1, unitPrice: '1' }] },
        'lines.0.product',
      ],
      [
        {
          receiptNo: receipt,
          at: new Date().toISOString(),
          lines: [{ productId: coffee().id, quantity: 0, unitPrice: '1' }],
        },
        'lines.0.quantity',
      ],
      [
        {
          receiptNo: receipt,
          at: new Date().toISOString(),
          lines: [{ productId: coffee().id, quantity: 1, unitPrice: '-1' }],
        },
        'lines.0.unitPrice',
      ],
      [
        {
          receiptNo: receipt,
          at: new Date().toISOString(),
          lines: [{ productId: coffee().id, quantity: 1, unitPrice: '1' }],
          payments: [{ paymentMode: 'NOPE', amount: '1' }],
        },
        'payments.0.paymentMode',
      ],
      [
        {
          receiptNo: receipt,
          at: new Date().toISOString(),
          lines: [{ productId: coffee().id, quantity: 1, unitPrice: '1' }],
          member: 'NOBODY',
        },
        'member',
      ],
      [
        {
          receiptNo: receipt,
          at: new Date().toISOString(),
          lines: [{ productId: coffee().id, quantity: -1, unitPrice: '1' }],
        },
        'originalReceiptNo',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await sell(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    expect(await salesOf(receipt)).toHaveLength(0);
  });

  it('takes a return as negative quantities of the original receipt, at what it charged', async () => {
    const original = receiptNo();
    await sell({
      receiptNo: original,
      at: new Date().toISOString(),
      lines: [{ productId: coffee().id, quantity: 3, unitPrice: '10.00' }],
    });
    const before = Number(await onHand(coffee().id));
    const res = await sell({
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      originalReceiptNo: original,
      lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }],
      payments: [{ paymentModeId: world.cash.id, amount: '-10.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'return', total: '-10.00', priceDifference: false });
    expect(Number(await onHand(coffee().id))).toBe(before + 1);
    const tooMany = await sell({
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      originalReceiptNo: original,
      lines: [{ productId: coffee().id, quantity: -4, unitPrice: '10.00' }],
    });
    expect(tooMany.status).toBe(400);
    const unknown = await sell({
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      originalReceiptNo: 'NO-SUCH',
      lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('originalReceiptNo');
  });

  it('earns the member points', async () => {
    const group = await insert(t, 'membershipgroup', { code: 'TG', name: 'Till group', pointsPerUnitSpent: '1' });
    const member = await insert(t, 'membership', { memberNo: 'TM1', name: 'Till member', membershipGroup: group.id });
    const res = await sell({
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      member: 'TM1',
      lines: [{ productId: coffee().id, quantity: 2, unitPrice: '10.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(res.body.data.pointsEarned)).toBeGreaterThan(0);
    expect((await getRow(t, 'membership', member.id)).pointsBalance).toBe(res.body.data.pointsEarned);
  });

  it('redeems a single-use voucher code once when sales race for it; the others are kept, flagged and counted as over-redeemed', async () => {
    const voucher = await insert(t, 'voucher', { code: 'TILL5', name: 'Five off', kind: 'amount', value: '5.00' });
    const generated = await t.post<{ codes: Record<string, string[]> }>('/DataRepository/Execute/voucher', {
      action: 'generate',
      ids: [voucher.id],
      count: 1,
    });
    const code = generated.body.data.codes[String(voucher.id)]![0]!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        sell({
          receiptNo: receiptNo(),
          at: new Date().toISOString(),
          voucherCodes: [code],
          lines: [{ productId: coffee().id, quantity: 1, unitPrice: '10.00' }],
          total: '5.00',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const statuses = answers.map((a) => a.body.data.vouchers[0]!.status);
    expect(statuses.filter((s) => s === 'redeemed')).toHaveLength(1);
    // Every loser kept the discount (the customer has left with it): over-redeemed and flagged.
    expect(statuses.filter((s) => s === 'overRedeemed')).toHaveLength(7);
    expect(answers.filter((a) => a.body.data.priceDifference)).toHaveLength(7);
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesUsed: 8, overRedeemed: 7 });
    const later = await sell({
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      voucherCodes: [code],
      lines: [{ productId: coffee().id, quantity: 1, unitPrice: '10.00' }],
      total: '5.00',
    });
    expect(later.body.data.vouchers[0]!.status).toBe('overRedeemed');
    // The till took the 5.00 off (the customer paid 5.00); the engine expects 10.00 for a used code.
    expect(later.body.data).toMatchObject({ total: '5.00', expectedTotal: '10.00', priceDifference: true });
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesUsed: 9, overRedeemed: 8 });
  });

  it('writes the sale with a composite’s recipe components taken from stock', async () => {
    const [uom] = (
      await t.post<Row[]>('/DataRepository/fetch/listvalue', {
        Take: 1,
        filters: [{ ColumnName: 'code', ColumnValue: 'PCS', Operator: 'EQ' }],
      })
    ).body.data;
    const set = await insert(t, 'product', {
      code: 'SETTILL',
      name: 'Coffee set',
      category: coffee().category,
      uom: uom!.id,
      type: 'composite',
      sellingPrice: '15.00',
      recipeComponents: [
        { product: coffee().id, quantity: '1' },
        { product: world.products.bread!.id, quantity: '2' },
      ],
    });
    const coffeeBefore = Number(await onHand(coffee().id));
    const breadBefore = Number(await onHand(world.products.bread!.id));
    const res = await sell({
      receiptNo: receiptNo(),
      at: new Date().toISOString(),
      lines: [{ productId: set.id, quantity: 2, unitPrice: '15.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(await onHand(coffee().id))).toBe(coffeeBefore - 2);
    expect(Number(await onHand(world.products.bread!.id))).toBe(breadBefore - 4);
  });

  it('reads a product sent as text as its code or barcode, never its id; an id only as productId', async () => {
    // A product whose code is another product's id: the till's code "754" is that code.
    const named = await insert(t, 'product', {
      code: String(coffee().id),
      name: 'Coded like an id',
      category: coffee().category,
      uom: coffee().uom,
      sellingPrice: '3.00',
    });
    const at = new Date().toISOString();
    const byCode = await sell({
      receiptNo: receiptNo(),
      at,
      lines: [{ product: String(coffee().id), quantity: 1, unitPrice: '3.00' }],
    });
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(byCode.body.data.lines[0]).toMatchObject({ product: named.id, unitPrice: '3.00' });
    const byBarcode = await sell({
      receiptNo: receiptNo(),
      at,
      lines: [{ product: ` ${String(coffee().barcode)} `, quantity: 1, unitPrice: '10.00' }],
    });
    expect(byBarcode.status, JSON.stringify(byBarcode.body)).toBe(200);
    expect(byBarcode.body.data.lines[0]).toMatchObject({ product: coffee().id });
    const byId = await sell({
      receiptNo: receiptNo(),
      at,
      lines: [{ productId: coffee().id, quantity: 1, unitPrice: '10.00' }],
      payments: [{ paymentModeId: world.card.id, amount: '10.00' }],
      cashierId: 1,
    });
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.data.lines[0]).toMatchObject({ product: coffee().id });
    const receipt = receiptNo();
    const line = { productId: coffee().id, quantity: 1, unitPrice: '10.00' };
    const cases: [Row, string][] = [
      [{ lines: [{ product: coffee().id, quantity: 1, unitPrice: '10.00' }] }, 'lines.0.product'],
      [
        { lines: [{ product: coffee().code, productId: coffee().id, quantity: 1, unitPrice: '10.00' }] },
        'lines.0.product',
      ],
      [{ lines: [{ quantity: 1, unitPrice: '10.00' }] }, 'lines.0.product'],
      [{ lines: [{ productId: 99999999, quantity: 1, unitPrice: '10.00' }] }, 'lines.0.productId'],
      [{ lines: [{ productId: String(coffee().id), quantity: 1, unitPrice: '10.00' }] }, 'lines.0.productId'],
      [{ lines: [line], payments: [{ paymentMode: world.card.id, amount: '10.00' }] }, 'payments.0.paymentMode'],
      [
        { lines: [line], payments: [{ paymentMode: String(world.card.id), amount: '10.00' }] },
        'payments.0.paymentMode',
      ],
      [{ lines: [line], payments: [{ paymentModeId: 99999999, amount: '10.00' }] }, 'payments.0.paymentModeId'],
      [{ lines: [line], cashier: 1 }, 'cashier'],
      [{ lines: [line], cashierId: 99999999 }, 'cashierId'],
      [{ lines: [line], member: 1 }, 'member'],
      [{ lines: [line], memberId: 99999999 }, 'memberId'],
    ];
    for (const [body, field] of cases) {
      const res = await sell({ receiptNo: receipt, at, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    expect(await salesOf(receipt)).toHaveLength(0);
  });

  it('is read-only through the generic API', async () => {
    const res = await t.post('/DataRepository/Insert/sale', {
      outlet: world.outlet.id,
      terminal: till.terminal.id,
      receiptNo: 'X',
      at: new Date().toISOString(),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
