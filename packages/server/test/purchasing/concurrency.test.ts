import { describe, expect, it } from 'vitest';
import { usePurchasingWorld, type Row } from './support';

/**
 * Purchase orders under parallel calls (both databases): receipts of one product × location from
 * several orders at once average from each other's figures, and one order is never received twice
 * nor received after it was closed.
 */
const w = usePurchasingWorld();

/** Each test runs its race in rounds, each round making its own orders: more than the default 30 s on a loaded machine. */
const ROUNDS_TIMEOUT = 90_000;

type Answer = Awaited<ReturnType<typeof w.run>>;

const cents = (money: string) => Math.round(Number(money) * 100);
const thousandths = (quantity: string) => Math.round(Number(quantity) * 1000);

/** A sent order of the given lines, from a new supplier. */
async function sentOrder(location: number, lines: Row[]): Promise<Row> {
  const supplier = (await w.newSupplier()).id as number;
  const order = await w.newPurchaseOrder(supplier, location, lines);
  const sent = await w.run(order, 'send');
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data;
}

/** The receipts (and returns) written for an order, with their lines. */
async function receiptsOf(order: Row): Promise<Row[]> {
  const res = await w.post<Row[]>('/DataRepository/fetch/goodsreceipt', {
    Take: 100,
    filters: [{ ColumnName: 'purchaseOrder', ColumnValue: order.id, Operator: 'EQ' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('average cost under parallel receipts of one product × location', () => {
  it(
    'averages each receipt from the one before it: the hand-worked figure, on hand = the movements',
    async () => {
      // Six orders of 10 units of A and B each; A at 0.60, 1.20 … 3.60, B the other way round.
      // Every prefix of any order of arrival averages exactly (the costs are multiples of 0.60), so
      // whatever order the receipts commit in, A and B end at (0.60 + … + 3.60) / 6 = 2.10, and the
      // history's on-hand-before figures are 0, 10, … 50: two receipts averaging from the same
      // on hand (a lost update) would repeat one and end elsewhere.
      for (let round = 0; round < 2; round++) {
        const location = (await w.newLocation()).id as number;
        const a = (await w.newProduct({ costPrice: '5.00', taxCode: null })).id as number;
        const b = (await w.newProduct({ costPrice: '5.00', taxCode: null })).id as number;
        const costs = [60, 120, 180, 240, 300, 360];
        const money = (c: number) => (c / 100).toFixed(2);
        const orders: Row[] = [];
        for (const [i, cost] of costs.entries()) {
          const lineA = { product: a, quantity: '10', unitCost: money(cost) };
          const lineB = { product: b, quantity: '10', unitCost: money(costs[costs.length - 1 - i]!) };
          // Half the orders list B first: the balances are still locked in one order.
          orders.push(await sentOrder(location, i % 2 === 0 ? [lineA, lineB] : [lineB, lineA]));
        }
        const answers = await Promise.all(
          orders.map((o) =>
            w.run(o, 'receive', {
              lines: (o.lines as Row[]).map((l) => ({ product: l.product, quantity: '10' })),
            }),
          ),
        );
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);

        const ledger = await w.assertLedger(location);
        expect(ledger.get(a)).toBe('60.000');
        expect(ledger.get(b)).toBe('60.000');
        const balances = await w.balances(location);
        expect(balances.get(a)!.averageCost).toBe('2.10');
        expect(balances.get(b)!.averageCost).toBe('2.10');

        // The history, in the order the receipts committed: each average follows from the one before.
        const costOf = new Map<string, Map<number, number>>();
        for (const answer of answers) {
          const receipt = answer.body.data.receipt as Row;
          costOf.set(
            receipt.docNo as string,
            new Map((receipt.lines as Row[]).map((l) => [l.product as number, cents(l.unitCost as string)])),
          );
        }
        for (const product of [a, b]) {
          const history = await w.post<Row[]>('/DataRepository/fetch/averagecost', {
            Take: 100,
            filters: [
              { ColumnName: 'product', ColumnValue: product, Operator: 'EQ' },
              { ColumnName: 'location', ColumnValue: location, Operator: 'EQ' },
            ],
            sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
          });
          expect(history.status, JSON.stringify(history.body)).toBe(200);
          expect(history.body.data.map((h) => thousandths(h.onHandBefore as string))).toEqual([
            0, 10_000, 20_000, 30_000, 40_000, 50_000,
          ]);
          let value = 0;
          for (const [k, h] of history.body.data.entries()) {
            value += costOf.get(h.reference as string)!.get(product)!;
            expect(cents(h.averageCost as string), `receipt ${k + 1} of product ${product}`).toBe(value / (k + 1));
          }
        }
      }
    },
    ROUNDS_TIMEOUT,
  );
});

describe('one purchase order under parallel actions', () => {
  it(
    'receives an order in full once when three callers receive it together',
    async () => {
      for (let round = 0; round < 3; round++) {
        const location = (await w.newLocation()).id as number;
        const a = (await w.newProduct({ costPrice: '1.00', taxCode: null })).id as number;
        const b = (await w.newProduct({ costPrice: '1.00', taxCode: null })).id as number;
        const order = await sentOrder(location, [
          { product: a, quantity: '10', unitCost: '2.00' },
          { product: b, quantity: '4', unitCost: '3.00' },
        ]);
        const full = {
          lines: [
            { product: a, quantity: '10' },
            { product: b, quantity: '4' },
          ],
        };
        const answers = await Promise.all([1, 2, 3].map(() => w.run(order, 'receive', full)));
        expect(answers.map((x) => x.status).sort(), JSON.stringify(answers.map((x) => x.body.message))).toEqual([
          200, 409, 409,
        ]);
        const won = answers.find((x) => x.status === 200)!;
        expect(won.body.data.status).toBe('received');
        expect((won.body.data.lines as Row[]).map((l) => l.receivedQty)).toEqual(['10.000', '4.000']);
        expect(await receiptsOf(order)).toHaveLength(1);
        const ledger = await w.assertLedger(location);
        expect(ledger.get(a)).toBe('10.000');
        expect(ledger.get(b)).toBe('4.000');
        const balances = await w.balances(location);
        expect(balances.get(a)!.averageCost).toBe('2.00');
        expect(balances.get(b)!.averageCost).toBe('3.00');
      }
    },
    ROUNDS_TIMEOUT,
  );

  it(
    'never receives more than the receipts say when parallel part receipts race',
    async () => {
      for (let round = 0; round < 3; round++) {
        const location = (await w.newLocation()).id as number;
        const a = (await w.newProduct({ costPrice: '1.00', taxCode: null })).id as number;
        const order = await sentOrder(location, [{ product: a, quantity: '10', unitCost: '2.00' }]);
        const answers = await Promise.all(
          [1, 2, 3].map(() => w.run(order, 'receive', { lines: [{ product: a, quantity: '3' }] })),
        );
        const ok = answers.filter((x) => x.status === 200);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        for (const x of answers) expect([200, 409]).toContain(x.status);
        const receipts = await receiptsOf(order);
        expect(receipts).toHaveLength(ok.length);
        const received = thousandths('3') * ok.length;
        // Nothing outstanding below zero: at most the 10 ordered came in.
        expect(received).toBeLessThanOrEqual(thousandths('10'));
        expect(thousandths((await w.assertLedger(location)).get(a)!)).toBe(received);
        const last = ok.reduce<Answer>(
          (x, y) => ((x.body.data.version as number) > (y.body.data.version as number) ? x : y),
          ok[0]!,
        );
        expect(thousandths((last.body.data.lines as Row[])[0]!.receivedQty as string)).toBe(received);
        // Receipts' totals add up to what the movements brought in at their unit cost.
        expect(receipts.reduce((s, r) => s + cents(r.total as string), 0)).toBe(ok.length * 600);
      }
    },
    ROUNDS_TIMEOUT,
  );

  it(
    'either receives then closes, or closes and refuses the receipt, when receive and close short race',
    async () => {
      const reason = await w.newReason({ code: `RACE${Date.now() % 100000}` });
      for (let round = 0; round < 6; round++) {
        const location = (await w.newLocation()).id as number;
        const a = (await w.newProduct({ costPrice: '1.00', taxCode: null })).id as number;
        const order = await sentOrder(location, [{ product: a, quantity: '10', unitCost: '2.00' }]);
        const [received, closed] = await Promise.all([
          w.run(order, 'receive', { lines: [{ product: a, quantity: '4' }] }),
          w.run(order, 'closeShort', { reason: reason.id }),
        ]);
        expect([200, 409], JSON.stringify(received.body)).toContain(received.status);
        expect([200, 409], JSON.stringify(closed.body)).toContain(closed.status);
        expect(received.status === 200 || closed.status === 200).toBe(true);

        const receipts = await receiptsOf(order);
        const onHand = (await w.assertLedger(location)).get(a);
        const status = (await w.run(order, 'send')).body.message;
        if (received.status === 200) {
          expect(receipts).toHaveLength(1);
          expect(receipts[0]!.total).toBe('8.00');
          expect(onHand).toBe('4.000');
          expect((received.body.data.lines as Row[])[0]!.receivedQty).toBe('4.000');
          // 6 outstanding, never below nothing; closed when the close came second, else still open.
          expect(status).toContain(closed.status === 200 ? 'is closed' : 'is partially received');
        } else {
          expect(receipts).toHaveLength(0);
          expect(onHand).toBeUndefined();
          expect(status).toContain('is closed');
          expect(received.body.message).toMatch(/is closed|changed/);
        }
      }
    },
    ROUNDS_TIMEOUT,
  );
});
