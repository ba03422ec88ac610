import { expect } from 'vitest';
import { useStockWorld, type Row, type StockWorld } from '../stock/support';

export type { Row };

let made = 0;

/** Decimal text of thousandths: 12500 → "12.500". */
const text = (value: bigint) => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(4, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -3)}.${digits.slice(-3)}`;
};

export interface PurchasingWorld extends StockWorld {
  newSupplier(overrides?: Row): Promise<Row>;
  /** A draft purchase order through the generic Insert. */
  newPurchaseOrder(supplier: number, location: number, lines: Row[], overrides?: Row): Promise<Row>;
  /** `Execute/purchaseorder {action, ids: [order], …}`. */
  run(
    order: Row | number,
    action: string,
    extra?: Row,
  ): Promise<{ status: number; body: { data: Row; message: string; errors?: { field: string; message: string }[] } }>;
  /** Every balance of the location against the sum of its movements: they must agree, pair by pair. */
  assertLedger(location: number): Promise<Map<number, string>>;
  /** The balance rows of a location by product (quantity, averageCost). */
  balances(location: number): Promise<Map<number, Row>>;
}

export const usePurchasingWorld = (users: string[] = ['admin']): PurchasingWorld => {
  const w = useStockWorld({ users: users as never });
  const world = w as PurchasingWorld;
  world.newSupplier = async (overrides: Row = {}) => {
    const n = ++made;
    const res = await w.post('/DataRepository/Insert/supplier', {
      code: `SUP${n}`,
      name: `Supplier ${n}`,
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  world.newPurchaseOrder = async (supplier, location, lines, overrides = {}) => {
    const res = await w.post('/DataRepository/Insert/purchaseorder', { supplier, location, lines, ...overrides });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  world.run = async (order, action, extra = {}) =>
    (await w.post('/DataRepository/Execute/purchaseorder', {
      action,
      ids: [typeof order === 'number' ? order : order.id],
      ...extra,
    })) as never;
  world.balances = async (location) => {
    const res = await w.post<Row[]>('/DataRepository/fetch/stockbalance', {
      Take: 9999,
      filters: [{ ColumnName: 'location', ColumnValue: location, Operator: 'EQ' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new Map(res.body.data.map((b) => [b.product as number, b]));
  };
  world.assertLedger = async (location) => {
    const moves = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      Take: 9999,
      filters: [{ ColumnName: 'location', ColumnValue: location, Operator: 'EQ' }],
    });
    expect(moves.status, JSON.stringify(moves.body)).toBe(200);
    const sums = new Map<number, bigint>();
    for (const m of moves.body.data)
      sums.set(
        m.product as number,
        (sums.get(m.product as number) ?? 0n) + BigInt(Math.round(Number(m.quantity as string) * 1000)),
      );
    const balances = await world.balances(location);
    const out = new Map<number, string>();
    for (const [product, b] of balances) {
      expect(text(sums.get(product) ?? 0n), `product ${product}`).toBe(b.quantity);
      out.set(product, b.quantity as string);
    }
    for (const product of sums.keys()) expect(balances.has(product), `balance of ${product}`).toBe(true);
    return out;
  };
  return world;
};
