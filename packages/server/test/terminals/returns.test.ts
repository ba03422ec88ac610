import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, getRow, openTills, pairedTerminal, receiptNo, type TillWorld } from './support';

const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };
let group: Row;

interface Sale {
  id: number;
  kind: string;
  total: string;
  pointsEarned: string | null;
  lines: Row[];
}

const sell = (body: Row, token = till.token) => asTerminal<Sale>(t, token, 'POST', '/pointofsale/Sales', body);
const now = () => new Date().toISOString();
const onHand = async (product: unknown) => {
  const res = await t.post<Row[]>('/DataRepository/fetch/stockbalance', {
    filters: [
      { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
      { ColumnName: 'location', ColumnValue: world.location.id, Operator: 'EQ' },
    ],
  });
  return Number(res.body.data[0]?.quantity ?? 0);
};
const linesOf = async (saleId: unknown) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/saleline', {
      filters: [{ ColumnName: 'sale', ColumnValue: saleId, Operator: 'EQ' }],
    })
  ).body.data;

let members = 0;
const newMember = () =>
  insert(t, 'membership', {
    memberNo: `RM${++members}`,
    name: `Returning member ${members}`,
    membershipGroup: group.id,
  });

const coffee = () => world.products.coffee!;
const tea = () => world.products.tea!;

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
  group = await insert(t, 'membershipgroup', { code: 'RG', name: 'Return group', pointsPerUnitSpent: '1' });
});

describe('returns at the till', () => {
  it('take back the points the sale earned in proportion to what is refunded, and put the stock back', async () => {
    const member = await newMember();
    const original = receiptNo();
    const sold = await sell({
      receiptNo: original,
      at: now(),
      member: member.memberNo,
      lines: [
        { productId: coffee().id, quantity: 3, unitPrice: '10.00' },
        { productId: tea().id, quantity: 1, unitPrice: '6.00' },
      ],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.data).toMatchObject({ total: '36.00', pointsEarned: '36.00' });
    expect((await getRow(t, 'membership', member.id)).pointsBalance).toBe('36.00');
    const coffeeBefore = await onHand(coffee().id);

    // One coffee of three: 10.00 of 36.00 refunded, so 10 of the 36 points go back.
    const first = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'return', total: '-10.00', pointsEarned: '-10.00' });
    expect(await getRow(t, 'membership', member.id)).toMatchObject({ pointsBalance: '26.00', totalSpend: '26.00' });
    expect(await onHand(coffee().id)).toBe(coffeeBefore + 1);

    // The rest: every point the sale earned is back, none more.
    const rest = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [
        { productId: coffee().id, quantity: -2, unitPrice: '10.00' },
        { productId: tea().id, quantity: -1, unitPrice: '6.00' },
      ],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data).toMatchObject({ total: '-26.00', pointsEarned: '-26.00' });
    expect(await getRow(t, 'membership', member.id)).toMatchObject({ pointsBalance: '0.00', totalSpend: '0.00' });
    expect(await onHand(coffee().id)).toBe(coffeeBefore + 3);
    expect((await linesOf(sold.body.data.id)).map((l) => [l.product, l.quantity, l.returnedQuantity])).toEqual(
      expect.arrayContaining([
        [coffee().id, '3.000', '3.000'],
        [tea().id, '1.000', '1.000'],
      ]),
    );

    const points = await t.post<Row[]>('/DataRepository/fetch/pointsledger', {
      filters: [{ ColumnName: 'membership', ColumnValue: member.id, Operator: 'EQ' }],
    });
    expect(points.body.data.map((p) => p.points).sort()).toEqual(['-10.00', '-26.00', '36.00']);
  });

  it('never takes back more points than the member still has', async () => {
    const member = await newMember();
    const original = receiptNo();
    await sell({
      receiptNo: original,
      at: now(),
      member: member.memberNo,
      lines: [{ productId: tea().id, quantity: 2, unitPrice: '6.00' }],
    });
    const spent = await t.post('/DataRepository/Execute/membership', {
      action: 'adjustPoints',
      ids: [member.id],
      points: '-10',
      reason: 'Redeemed at the counter',
    });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    const res = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: tea().id, quantity: -2, unitPrice: '6.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pointsEarned).toBe('-2.00');
    expect((await getRow(t, 'membership', member.id)).pointsBalance).toBe('0.00');
  });

  it('refuse more than was sold, naming the line — also when returns of one receipt race', async () => {
    const original = receiptNo();
    const sold = await sell({
      receiptNo: original,
      at: now(),
      lines: [
        { productId: tea().id, quantity: 1, unitPrice: '6.00' },
        { productId: coffee().id, quantity: 3, unitPrice: '10.00' },
      ],
    });
    expect(sold.status).toBe(200);
    const before = await onHand(coffee().id);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () =>
        sell({
          receiptNo: receiptNo(),
          at: now(),
          originalReceiptNo: original,
          lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }],
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body.errors?.map((e) => e.field)).toEqual(['lines.0.quantity']);
    expect(await onHand(coffee().id)).toBe(before + 3);
    const line = (await linesOf(sold.body.data.id)).find((l) => l.product === coffee().id)!;
    expect(line.returnedQuantity).toBe('3.000');

    const other = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [
        { productId: tea().id, quantity: -1, unitPrice: '6.00' },
        { productId: coffee().id, quantity: -1, unitPrice: '10.00' },
      ],
    });
    expect(other.status).toBe(400);
    expect(other.body.errors?.map((e) => e.field)).toEqual(['lines.1.quantity']);
    const notSold = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: world.products.bread!.id, quantity: -1, unitPrice: '4.00' }],
    });
    expect(notSold.status).toBe(400);
    expect(notSold.body.errors?.map((e) => e.field)).toEqual(['lines.0.product']);
    // Nothing of the refused returns was written: the tea is still there to return.
    expect(
      (
        await sell({
          receiptNo: receiptNo(),
          at: now(),
          originalReceiptNo: original,
          lines: [{ productId: tea().id, quantity: -1, unitPrice: '6.00' }],
        })
      ).status,
    ).toBe(200);
  });

  it('answers a replayed return with the first answer, not a refusal', async () => {
    const original = receiptNo();
    await sell({ receiptNo: original, at: now(), lines: [{ productId: tea().id, quantity: 1, unitPrice: '6.00' }] });
    const body = {
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: tea().id, quantity: -1, unitPrice: '6.00' }],
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => sell(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
  });

  it('refund the tax of a tax-exclusive line with it', async () => {
    const original = receiptNo();
    // The till charged the tax on top: 26.50.
    const sold = await sell({
      receiptNo: original,
      at: now(),
      total: '26.50',
      lines: [{ productId: world.products.cake!.id, quantity: 2, unitPrice: '12.50' }],
    });
    expect(sold.body.data).toMatchObject({ total: '26.50' });
    const first = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: world.products.cake!.id, quantity: -1, unitPrice: '12.50' }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ total: '-13.25', taxTotal: '-0.75' });
    expect(first.body.data.lines[0]).toMatchObject({ lineTotal: '-13.25', unitPrice: '13.25' });
  });

  it('refund each line’s own tax: a taxed line returned from a sale with an untaxed one', async () => {
    const original = receiptNo();
    // Cake: 12.50 + 0.75 tax (6 %, on top); bread: 4.00, no tax. Paid 17.25.
    const sold = await sell({
      receiptNo: original,
      at: now(),
      total: '17.25',
      lines: [
        { productId: world.products.cake!.id, quantity: 1, unitPrice: '12.50' },
        { productId: world.products.bread!.id, quantity: 1, unitPrice: '4.00' },
      ],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const cake = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: world.products.cake!.id, quantity: -1, unitPrice: '12.50' }],
    });
    expect(cake.body.data).toMatchObject({ total: '-13.25', taxTotal: '-0.75' });
    const bread = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: world.products.bread!.id, quantity: -1, unitPrice: '4.00' }],
    });
    expect(bread.body.data).toMatchObject({ total: '-4.00', taxTotal: '0.00' });
  });

  it('refund what was paid after a voucher and a promotion, and the returns of a receipt add up to it', async () => {
    const mug = await insert(t, 'product', {
      code: 'MUG',
      name: 'Mug',
      category: coffee().category,
      uom: coffee().uom,
      sellingPrice: '10.00',
    });
    await insert(t, 'newpromotion', {
      code: 'MUG10',
      name: 'Mugs 10% off',
      validFrom: '2024-01-01',
      conditions: [{ kind: 'items', product: mug.id }],
      rewards: [{ kind: 'percentOff', value: '10' }],
    });
    await insert(t, 'voucher', { code: 'RET3', name: 'Three off', kind: 'amount', value: '3.00' });
    const original = receiptNo();
    // 3 mugs at 9.00 after the promotion and a tea at 6.00: 33.00, less the 3.00 voucher shared over the lines: 30.00 paid.
    const lines = [
      { productId: mug.id, quantity: 3, unitPrice: '10.00', lineTotal: '24.55' },
      { productId: tea().id, quantity: 1, unitPrice: '6.00', lineTotal: '5.45' },
    ];
    const sold = await sell({ receiptNo: original, at: now(), voucherCodes: ['ret3'], total: '30.00', lines });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.data).toMatchObject({ total: '30.00', expectedTotal: '30.00', priceDifference: false });
    const back = (quantity: number, product: unknown = mug.id) =>
      sell({
        receiptNo: receiptNo(),
        at: now(),
        originalReceiptNo: original,
        lines: [{ productId: product, quantity, unitPrice: '10.00' }],
      });
    // The mugs' line was 27.00 of 33.00: 24.55 of the 30.00 paid, 8.18 a mug.
    const one = await back(-1);
    expect(one.body.data.total).toBe('-8.18');
    const two = await back(-2);
    expect(two.body.data.total).toBe('-16.37');
    const teaBack = await back(-1, tea().id);
    expect(teaBack.body.data.total).toBe('-5.45');
    expect(Number(one.body.data.total) + Number(two.body.data.total) + Number(teaBack.body.data.total)).toBeCloseTo(
      -30,
      9,
    );
  });

  it('refund exactly what was paid over many small returns, never a cent more', async () => {
    const cloth = await insert(t, 'product', {
      code: 'CLOTH',
      name: 'Cloth by the metre',
      category: coffee().category,
      uom: coffee().uom,
      sellingPrice: '5.90',
    });
    const original = receiptNo();
    await sell({ receiptNo: original, at: now(), lines: [{ productId: cloth.id, quantity: 1, unitPrice: '5.90' }] });
    const refunds: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          sell({
            receiptNo: receiptNo(),
            at: now(),
            originalReceiptNo: original,
            lines: [{ productId: cloth.id, quantity: '-0.02', unitPrice: '5.90' }],
          }),
        ),
      );
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        refunds.push(Math.round(Number(a.body.data.total) * 100));
      }
    }
    expect(refunds).toHaveLength(50);
    expect(refunds.reduce((a, b) => a + b, 0)).toBe(-590);
    const more = await sell({
      receiptNo: receiptNo(),
      at: now(),
      originalReceiptNo: original,
      lines: [{ productId: cloth.id, quantity: '-0.02', unitPrice: '5.90' }],
    });
    expect(more.status).toBe(400);
    expect(more.body.errors?.map((e) => e.field)).toEqual(['lines.0.quantity']);
  });

  it("find the returning terminal's own receipt, never another terminal's of the same number", async () => {
    const other = await pairedTerminal(t, world.outlet.id);
    const third = await pairedTerminal(t, world.outlet.id);
    const same = receiptNo();
    const mine = await sell({
      receiptNo: same,
      at: now(),
      lines: [{ productId: coffee().id, quantity: 1, unitPrice: '10.00' }],
    });
    const theirs = await sell(
      { receiptNo: same, at: now(), lines: [{ productId: tea().id, quantity: 1, unitPrice: '6.00' }] },
      other.token,
    );
    expect([mine.status, theirs.status]).toEqual([200, 200]);

    // Terminal 2 returns its own receipt: the tea, never terminal 1's coffee.
    const coffeeBack = await sell(
      {
        receiptNo: receiptNo(),
        at: now(),
        originalReceiptNo: same,
        lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }],
      },
      other.token,
    );
    expect(coffeeBack.status).toBe(400);
    expect(coffeeBack.body.errors?.map((e) => e.field)).toEqual(['lines.0.product']);
    const teaBack = await sell(
      {
        receiptNo: receiptNo(),
        at: now(),
        originalReceiptNo: same,
        lines: [{ productId: tea().id, quantity: -1, unitPrice: '6.00' }],
      },
      other.token,
    );
    expect(teaBack.status, JSON.stringify(teaBack.body)).toBe(200);
    expect(teaBack.body.data.total).toBe('-6.00');
    expect((await getRow(t, 'sale', teaBack.body.data.id)).originalSale).toBe(theirs.body.data.id);
    expect((await linesOf(mine.body.data.id))[0]!.returnedQuantity).not.toBe('1.000');

    // A terminal without that receipt finds nothing.
    const none = await sell(
      {
        receiptNo: receiptNo(),
        at: now(),
        originalReceiptNo: same,
        lines: [{ productId: tea().id, quantity: -1, unitPrice: '6.00' }],
      },
      third.token,
    );
    expect(none.status).toBe(400);
    expect(none.body.errors?.map((e) => e.field)).toEqual(['originalReceiptNo']);
  });

  it("take back another terminal's sale named by outlet, terminal and receipt", async () => {
    const other = await pairedTerminal(t, world.outlet.id);
    const original = receiptNo();
    const sold = await sell({
      receiptNo: original,
      at: now(),
      lines: [{ productId: coffee().id, quantity: 2, unitPrice: '10.00' }],
    });
    const reference = { outlet: world.outlet.code, terminal: till.terminal.code, receiptNo: original };
    const back = await sell(
      {
        receiptNo: receiptNo(),
        at: now(),
        originalSale: reference,
        lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }],
      },
      other.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.total).toBe('-10.00');
    expect(await getRow(t, 'sale', back.body.data.id)).toMatchObject({
      originalSale: sold.body.data.id,
      originalReceiptNo: original,
      terminal: other.terminal.id,
    });
    expect((await linesOf(sold.body.data.id))[0]!.returnedQuantity).toBe('1.000');

    const bad: [Row, string][] = [
      [{ originalSale: { ...reference, terminal: 'NO-SUCH' } }, 'originalSale'],
      [{ originalSale: { ...reference, outlet: world.otherOutlet.code } }, 'originalSale'],
      [{ originalSale: reference, originalReceiptNo: original }, 'originalSale'],
      [{ originalSale: { ...reference, receiptNo: 7 } }, 'originalSale.receiptNo'],
      [{ originalSale: { ...reference, till: 'x' } }, 'originalSale.till'],
    ];
    for (const [body, field] of bad) {
      const res = await sell(
        {
          receiptNo: receiptNo(),
          at: now(),
          lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }],
          ...body,
        },
        other.token,
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field, JSON.stringify(body)).toBe(field);
    }
  });
});
