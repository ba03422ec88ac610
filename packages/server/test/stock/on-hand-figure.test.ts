import { describe, expect, it } from 'vitest';
import { signInOutletManager } from '../support/harness';
import { newOutletWithStore, useStockWorld, type Row } from './support';

// A product's on hand (registry `computed`): summed from its stock balances over the locations the caller may see.
const w = useStockWorld({ users: ['admin'] });

const onHandOf = async (ids: number[], token?: string) => {
  const res = await w.post<Row[]>(
    '/DataRepository/fetch/product',
    { Take: 100, filters: [{ ColumnName: 'id', ColumnValue: ids.join(','), Operator: 'IN' }] },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(res.body.data.map((r) => [r.id as number, r.onHand]));
};

describe('a product’s on hand', () => {
  it('sums its balances at every location for a user without outlet limits, per product of the page', async () => {
    const a = await newOutletWithStore(w);
    const b = await newOutletWithStore(w);
    const kept = await w.newProduct();
    const other = await w.newProduct();
    const none = await w.newProduct();
    const untracked = await w.newProduct({ trackStock: false });
    await w.stock(kept.id as number, a.store, '2.500');
    await w.stock(kept.id as number, b.store, '4.000');
    await w.stock(other.id as number, b.store, '1.000');
    const ids = [kept, other, none, untracked].map((p) => p.id as number);
    expect(await onHandOf(ids)).toEqual({
      [ids[0]!]: '6.500',
      [ids[1]!]: '1.000',
      [ids[2]!]: '0.000',
      [ids[3]!]: null,
    });
  });

  it('counts no other outlet’s stock for a user limited to their outlets; locations of no outlet count, goods in transit do not', async () => {
    const mine = await newOutletWithStore(w);
    const theirs = await newOutletWithStore(w);
    const warehouse = (await w.newLocation({ kind: 'warehouse' })).id as number;
    const transit = (await w.newLocation({ kind: 'transit' })).id as number;
    const product = (await w.newProduct()).id as number;
    await w.stock(product, transit, '9.000');
    await w.stock(product, mine.store, '3.000');
    await w.stock(product, theirs.store, '40.000');
    await w.stock(product, warehouse, '0.250');
    const token = await signInOutletManager(w, {
      userName: `onhand${mine.outlet}`,
      displayName: 'Limited',
      password: 'Limited#Pass123',
      outlets: [mine.outlet],
    });
    expect(await onHandOf([product], token)).toEqual({ [product]: '3.250' });
    expect(await onHandOf([product])).toEqual({ [product]: '43.250' });
    // The product's own row (the form's read) carries it too.
    const one = await w.post<Row[]>(
      '/DataRepository/fetch/product',
      { Take: 1, filters: [{ ColumnName: 'id', ColumnValue: product, Operator: 'EQ' }] },
      token,
    );
    expect(one.body.data[0]).toMatchObject({ id: product, onHand: '3.250' });
  });
});
