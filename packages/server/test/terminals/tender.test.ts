import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, openTills, pairedTerminal, receiptNo, type TillWorld } from './support';

/** What a sale may hold and how it is paid: amounts within what the server keeps exactly, tender that adds up, cash rounding for cash only. */
const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };

interface Sale {
  total: string;
  expectedTotal: string;
  payments: Row[];
}

const sell = (body: Row) =>
  asTerminal<Sale>(t, till.token, 'POST', '/pointofsale/Sales', {
    receiptNo: receiptNo(),
    at: new Date().toISOString(),
    ...body,
  });
const salesOf = async (receipt: string) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/sale', {
      filters: [{ ColumnName: 'receiptNo', ColumnValue: receipt, Operator: 'EQ' }],
    })
  ).body.data;
const refused = async (body: Row, field: string) => {
  const receipt = receiptNo();
  const res = await sell({ ...body, receiptNo: receipt });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(
    res.body.errors?.map((e) => e.field),
    JSON.stringify(res.body),
  ).toContain(field);
  expect(await salesOf(receipt)).toHaveLength(0);
};

let odd: Row;

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
  await insert(t, 'posterminalsettings', { roundingRule: 'nearest0.05' });
  odd = await insert(t, 'product', {
    code: 'ODD',
    name: 'Odd price',
    category: world.products.coffee!.category,
    uom: world.products.coffee!.uom,
    sellingPrice: '10.02',
  });
});

describe('a sale’s amounts and tender', () => {
  it('refuses amounts past what the server holds exactly with a 400 naming the field, not a 500', async () => {
    const line = { productId: odd.id, quantity: 1, unitPrice: '10.02' };
    await refused({ lines: [{ ...line, quantity: 1000000, unitPrice: '9007199254740.99' }] }, 'lines.0.unitPrice');
    await refused({ lines: [{ ...line, quantity: 1000, unitPrice: '9007199254740.99' }] }, 'lines.0.unitPrice');
    await refused({ lines: [{ ...line, unitPrice: '90071992547409.92' }] }, 'lines.0.unitPrice');
    await refused(
      {
        lines: [
          { ...line, quantity: 2, unitPrice: '50000000000000.00' },
          { ...line, productId: world.products.tea!.id, quantity: 1, unitPrice: '50000000000000.00' },
        ],
      },
      'lines',
    );
    await refused({ lines: [line], total: '90071992547409.92' }, 'total');
    await refused(
      { lines: [line], payments: [{ paymentModeId: world.card.id, amount: '90071992547409.92' }] },
      'payments.0.amount',
    );
    // The engine's own figures too: a million units at the product's price is within bounds and recorded.
    const big = await sell({
      lines: [{ ...line, quantity: 1000000, unitPrice: '10.02' }],
      payments: [{ paymentModeId: world.card.id, amount: '10020000.00' }],
    });
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    expect(big.body.data.total).toBe('10020000.00');
  });

  it('never cash-rounds a sale paid by card; rounds one paid in cash', async () => {
    const line = { productId: odd.id, quantity: 1, unitPrice: '10.02' };
    const card = await sell({ lines: [line], payments: [{ paymentModeId: world.card.id, amount: '10.02' }] });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.data).toMatchObject({ total: '10.02', expectedTotal: '10.02' });
    const cash = await sell({
      lines: [line],
      total: '10.00',
      payments: [{ paymentModeId: world.cash.id, amount: '10.00' }],
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    expect(cash.body.data).toMatchObject({ total: '10.00', expectedTotal: '10.00' });
    // Cash within the rounding covers a total the till did not round itself.
    const unrounded = await sell({ lines: [line], payments: [{ paymentModeId: world.cash.id, amount: '10.00' }] });
    expect(unrounded.status, JSON.stringify(unrounded.body)).toBe(200);
    // A till that does not round up is not short: 10.03 in cash for 10.03 (the rule says 10.05).
    const up = await insert(t, 'product', {
      code: 'UP',
      name: 'Rounds up',
      category: odd.category,
      uom: odd.uom,
      sellingPrice: '10.03',
    });
    const exact = await sell({
      lines: [{ productId: up.id, quantity: 1, unitPrice: '10.03' }],
      payments: [{ paymentModeId: world.cash.id, amount: '10.03' }],
    });
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body.data).toMatchObject({ total: '10.03', expectedTotal: '10.05' });
    await refused(
      {
        lines: [{ productId: up.id, quantity: 1, unitPrice: '10.03' }],
        payments: [{ paymentModeId: world.cash.id, amount: '10.02' }],
      },
      'payments',
    );
  });

  it('takes change only as negative cash, and refuses payments that do not cover the total, naming payments', async () => {
    const line = { productId: world.products.tea!.id, quantity: 1, unitPrice: '6.00' };
    const change = await sell({
      lines: [line],
      payments: [
        { paymentModeId: world.cash.id, amount: '10.00' },
        { paymentModeId: world.cash.id, amount: '-4.00' },
      ],
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(change.body.data.payments.map((p) => p.amount)).toEqual(['10.00', '-4.00']);
    await refused(
      {
        lines: [line],
        payments: [
          { paymentModeId: world.card.id, amount: '10.00' },
          { paymentModeId: world.card.id, amount: '-4.00' },
        ],
      },
      'payments.1.amount',
    );
    await refused({ lines: [line], payments: [{ paymentModeId: world.card.id, amount: '5.99' }] }, 'payments');
    await refused(
      {
        lines: [line],
        payments: [
          { paymentModeId: world.cash.id, amount: '5.00' },
          { paymentModeId: world.card.id, amount: '0.97' },
        ],
      },
      'payments',
    );
    await refused(
      {
        lines: [line],
        payments: [
          { paymentModeId: world.cash.id, amount: '10.00' },
          { paymentModeId: world.cash.id, amount: '-4.01' },
        ],
      },
      'payments',
    );
    const split = await sell({
      lines: [line],
      payments: [
        { paymentModeId: world.cash.id, amount: '5.00' },
        { paymentModeId: world.card.id, amount: '1.00' },
      ],
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
  });
});
