import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useStockWorld, VIRTUAL, type Row } from './support';

const w = useStockWorld();

/** Thousandths as the API writes quantities. */
const text = (n: number) =>
  `${n < 0 ? '-' : ''}${Math.floor(Math.abs(n) / 1000)}.${String(Math.abs(n) % 1000).padStart(3, '0')}`;
const thousandths = (value: unknown) => Math.round(Number(value) * 1000);

type Op =
  | { kind: 'adjust'; product: number; location: number; quantity: number }
  | { kind: 'count'; product: number; location: number; counted: number }
  | { kind: 'deliver'; product: number; from: number; to: number; quantity: number; received: number; steps: number }
  | { kind: 'parallel'; ops: Op[] };

const quantity = fc.integer({ min: 1, max: 20_000 });

function ops(products: number, locations: number): fc.Arbitrary<Op[]> {
  const product = fc.nat({ max: products - 1 });
  const location = fc.nat({ max: locations - 1 });
  const single: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('adjust' as const),
      product,
      location,
      quantity: fc.integer({ min: -20_000, max: 20_000 }).filter((q) => q !== 0),
    }),
    fc.record({ kind: fc.constant('count' as const), product, location, counted: fc.integer({ min: 0, max: 30_000 }) }),
    fc
      .record({
        kind: fc.constant('deliver' as const),
        product,
        from: location,
        to: location,
        quantity,
        received: fc.integer({ min: 0, max: 25_000 }),
        steps: fc.integer({ min: 0, max: 4 }),
      })
      .filter((d) => d.from !== d.to),
  );
  return fc.array(
    fc.oneof(
      { weight: 4, arbitrary: single },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('parallel' as const),
          ops: fc.array(single, { minLength: 2, maxLength: 5 }),
        }),
      },
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  );
}

/** Answers that may come back: the operation done, or refused for want of stock / by the order's state. */
const ALLOWED = new Set([200, 409]);

describe('the ledger', () => {
  it('always sums to the balance, and never below zero where that is not allowed', async () => {
    const reason = (await w.newReason()).id as number;
    const products = [await w.newProduct(), await w.newProduct(), await w.newProduct()].map((p) => p.id as number);
    const locations = [
      (await w.newLocation({ kind: 'warehouse' })).id as number,
      (await w.newLocation()).id as number,
      (await w.newLocation({ allowNegativeStock: true })).id as number,
    ];
    const negativeOk = new Set([locations[2]]);

    const run = async (op: Op): Promise<number[]> => {
      switch (op.kind) {
        case 'adjust':
          return [
            (
              await w.post(`${VIRTUAL}/adjust`, {
                product: products[op.product],
                location: locations[op.location],
                quantity: text(op.quantity),
                stockOutReason: reason,
              })
            ).status,
          ];
        case 'count':
          return [
            (
              await w.post(`${VIRTUAL}/adjust`, {
                product: products[op.product],
                location: locations[op.location],
                counted: text(op.counted),
                stockOutReason: reason,
              })
            ).status,
          ];
        case 'deliver': {
          const made = await w.legacy<Row>('POST', '', {
            fromLocation: locations[op.from],
            toLocation: locations[op.to],
            date: '2025-01-01',
            lines: [{ product: products[op.product], quantity: text(op.quantity) }],
          });
          const statuses = [made.status];
          const steps: [string, Row][] = [
            ['confirm', {}],
            ['dispatch', {}],
            // At least one unit and no more than is in transit: a receipt of nothing or of more is a 400.
            [
              'receive',
              {
                lines: [
                  { product: products[op.product], receivedQty: text(Math.min(Math.max(op.received, 1), op.quantity)) },
                ],
              },
            ],
            ['cancel', {}],
          ];
          let version = made.body.data.version as number;
          for (const [action, extra] of steps.slice(0, op.steps)) {
            const res = await w.legacy<Row>('POST', `/${String(made.body.data.id)}`, { action, version, ...extra });
            statuses.push(res.status);
            if (res.status !== 200) break;
            version = res.body.data.version as number;
          }
          return statuses;
        }
        case 'parallel':
          return (await Promise.all(op.ops.map(run))).flat();
      }
    };

    await fc.assert(
      fc.asyncProperty(ops(products.length, locations.length), async (sequence) => {
        for (const op of sequence)
          for (const status of await run(op)) expect(ALLOWED.has(status), `status ${status}`).toBe(true);
        const balances = await w.post<Row[]>('/DataRepository/fetch/stockbalance', {
          Take: 9999,
          filters: [{ ColumnName: 'product', ColumnValue: products.join(','), Operator: 'IN' }],
        });
        const movements = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
          Take: 9999,
          filters: [{ ColumnName: 'product', ColumnValue: products.join(','), Operator: 'IN' }],
        });
        const sums = new Map<string, number>();
        for (const m of movements.body.data)
          sums.set(
            `${String(m.product)}:${String(m.location)}`,
            (sums.get(`${String(m.product)}:${String(m.location)}`) ?? 0) + thousandths(m.quantity),
          );
        for (const b of balances.body.data) {
          const key = `${String(b.product)}:${String(b.location)}`;
          expect(thousandths(b.quantity), key).toBe(sums.get(key) ?? 0);
          sums.delete(key);
          if (!negativeOk.has(b.location as number)) expect(thousandths(b.quantity), key).toBeGreaterThanOrEqual(0);
        }
        // No movement without its balance row.
        expect([...sums.keys()]).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
