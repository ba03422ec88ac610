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
  (await t.post<Row[]>('/DataRepository/fetch/saleline', { filters: [{ ColumnName: 'sale', ColumnValue: saleId, Operator: 'EQ' }] })).body.data;

let members = 0;
const newMember = () => insert(t, 'membership', { memberNo: `RM${++members}`, name: `Returning member ${members}`, membershipGroup: group.id });

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
    const first = await sell({ receiptNo: receiptNo(), at: now(), originalReceiptNo: original, lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }] });
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

    const points = await t.post<Row[]>('/DataRepository/fetch/pointsledger', { filters: [{ ColumnName: 'membership', ColumnValue: member.id, Operator: 'EQ' }] });
    expect(points.body.data.map((p) => p.points).sort()).toEqual(['-10.00', '-26.00', '36.00']);
  });

  it('never takes back more points than the member still has', async () => {
    const member = await newMember();
    const original = receiptNo();
    await sell({ receiptNo: original, at: now(), member: member.memberNo, lines: [{ productId: tea().id, quantity: 2, unitPrice: '6.00' }] });
    const spent = await t.post('/DataRepository/Execute/membership', { action: 'adjustPoints', ids: [member.id], points: '-10', reason: 'Redeemed at the counter' });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    const res = await sell({ receiptNo: receiptNo(), at: now(), originalReceiptNo: original, lines: [{ productId: tea().id, quantity: -2, unitPrice: '6.00' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pointsEarned).toBe('-2.00');
    expect((await getRow(t, 'membership', member.id)).pointsBalance).toBe('0.00');
  });

  it('refuse more than was sold, naming the line — also when returns of one receipt race', async () => {
    const original = receiptNo();
    const sold = await sell({ receiptNo: original, at: now(), lines: [{ productId: tea().id, quantity: 1, unitPrice: '6.00' }, { productId: coffee().id, quantity: 3, unitPrice: '10.00' }] });
    expect(sold.status).toBe(200);
    const before = await onHand(coffee().id);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => sell({ receiptNo: receiptNo(), at: now(), originalReceiptNo: original, lines: [{ productId: coffee().id, quantity: -1, unitPrice: '10.00' }] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body.errors?.map((e) => e.field)).toEqual(['lines.0.quantity']);
    expect(await onHand(coffee().id)).toBe(before + 3);
    const line = (await linesOf(sold.body.data.id)).find((l) => l.product === coffee().id)!;
    expect(line.returnedQuantity).toBe('3.000');

    const other = await sell({ receiptNo: receiptNo(), at: now(), originalReceiptNo: original, lines: [{ productId: tea().id, quantity: -1, unitPrice: '6.00' }, { productId: coffee().id, quantity: -1, unitPrice: '10.00' }] });
    expect(other.status).toBe(400);
    expect(other.body.errors?.map((e) => e.field)).toEqual(['lines.1.quantity']);
    const notSold = await sell({ receiptNo: receiptNo(), at: now(), originalReceiptNo: original, lines: [{ productId: world.products.bread!.id, quantity: -1, unitPrice: '4.00' }] });
    expect(notSold.status).toBe(400);
    expect(notSold.body.errors?.map((e) => e.field)).toEqual(['lines.0.product']);
    // Nothing of the refused returns was written: the tea is still there to return.
    expect((await sell({ receiptNo: receiptNo(), at: now(), originalReceiptNo: original, lines: [{ productId: tea().id, quantity: -1, unitPrice: '6.00' }] })).status).toBe(200);
  });

  it('answers a replayed return with the first answer, not a refusal', async () => {
    const original = receiptNo();
    await sell({ receiptNo: original, at: now(), lines: [{ productId: tea().id, quantity: 1, unitPrice: '6.00' }] });
    const body = { receiptNo: receiptNo(), at: now(), originalReceiptNo: original, lines: [{ productId: tea().id, quantity: -1, unitPrice: '6.00' }] };
    const answers = await Promise.all(Array.from({ length: 4 }, () => sell(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
  });
});
