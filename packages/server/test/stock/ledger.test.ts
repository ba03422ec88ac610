import { describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { move, StockShortage, type MovementInput } from '../../src/modules/stock/ledger';
import { useStockWorld, type Row } from './support';

const w = useStockWorld();

/** Runs the stock service in a transaction of its own, as the server's modules do. */
const moveNow = (inputs: MovementInput[]) =>
  anyDb(w.server.app.ctx)
    .transaction()
    .execute((trx) => move({ trx, now: new Date().toISOString(), auth: { userName: 'tester' } }, inputs));

describe('the stock service', () => {
  it('moves composites through their recipe and skips what keeps no stock', async () => {
    const at = (await w.newLocation()).id as number;
    const beans = await w.newProduct({ costPrice: '2.50' });
    const milk = await w.newProduct();
    const service = await w.newProduct({ type: 'service' });
    const untracked = await w.newProduct({ trackStock: false });
    const latte = await w.newProduct({
      type: 'composite',
      recipeComponents: [
        { product: beans.id, quantity: '0.018' },
        { product: milk.id, quantity: '0.200' },
      ],
    });
    const set = await w.newProduct({ type: 'composite', recipeComponents: [{ product: latte.id, quantity: '2.000' }] });
    await w.stock(beans.id as number, at, '1.000');
    await w.stock(milk.id as number, at, '10.000');

    const moved = await moveNow([
      { product: latte.id as number, location: at, quantity: -3000, kind: 'sale' },
      { product: set.id as number, location: at, quantity: -1000, kind: 'sale' },
      { product: service.id as number, location: at, quantity: -1000, kind: 'sale' },
      { product: untracked.id as number, location: at, quantity: -1000, kind: 'sale' },
    ]);
    expect(moved.map((m) => [m.index, m.product, m.quantity, m.balanceAfter])).toEqual([
      [0, beans.id, -54, 946],
      [0, milk.id, -600, 9400],
      [1, beans.id, -36, 910],
      [1, milk.id, -400, 9000],
    ]);
    expect(await w.onHand(beans.id as number, at)).toBe('0.910');
    expect(await w.onHand(latte.id as number, at)).toBe('0.000');
    const rows = await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      filters: [{ ColumnName: 'id', ColumnValue: moved[0]!.id, Operator: 'EQ' }],
    });
    expect(rows.body.data[0]).toMatchObject({
      kind: 'sale',
      quantity: '-0.054',
      unitCost: '2.50',
      balanceAfter: '0.946',
      createdBy: 'tester',
    });
  });

  it('names every short product and writes nothing when one is short', async () => {
    const at = (await w.newLocation()).id as number;
    const a = (await w.newProduct()).id as number;
    const b = (await w.newProduct()).id as number;
    await w.stock(a, at, '5.000');
    const failure = await moveNow([
      { product: a, location: at, quantity: -1000, kind: 'sale' },
      { product: b, location: at, quantity: -2000, kind: 'sale' },
      { product: a, location: at, quantity: -4500, kind: 'sale' },
    ]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StockShortage);
    expect((failure as StockShortage).shortages.map((s) => [s.index, s.onHand, s.wanted])).toEqual([
      [0, 5000, 5500],
      [1, 0, 2000],
    ]);
    expect(await w.onHand(a, at)).toBe('5.000');
    expect(await w.ledgerSum(a, at)).toBe('5.000');
  });

  it('keeps movements immutable in the database itself', async () => {
    const at = (await w.newLocation()).id as number;
    const a = (await w.newProduct()).id as number;
    await w.stock(a, at, '1.000');
    const db = anyDb(w.server.app.ctx);
    await expect(
      db.updateTable('stock_movement').set({ quantity: 99 }).where('product_id', '=', a).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(db.deleteFrom('stock_movement').where('product_id', '=', a).execute()).rejects.toThrow(/immutable/);
    expect(await w.ledgerSum(a, at)).toBe('1.000');
  });
});
