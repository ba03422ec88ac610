import { MAX_INT32 } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer, type Row } from './support/harness';

const t = useTestServer({ users: ['admin'] });
const { post, get } = t;

const TOO_BIG = [MAX_INT32 + 1, 2 ** 40, 2 ** 63, '9007199254740993'];

/** A 400 that names `field` among its errors, never a 500 from the database. */
async function refused(answer: Promise<{ status: number; body: { errors?: { field: string }[] } }>, field: string) {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors?.map((e) => e.field)).toContain(field);
}

const filter = (ColumnName: string, ColumnValue: unknown, Operator = 'EQ') => ({
  filters: [{ ColumnName, ColumnValue, Operator }],
});

describe('integers beyond the 32-bit column range', () => {
  it('are refused in row fields, ids and versions, naming the field; the largest one is taken', async () => {
    for (const big of TOO_BIG) {
      await refused(post('/DataRepository/Insert/category', { code: 'C1', name: 'One', parent: big }), 'parent');
      await refused(post('/DataRepository/Insert/category', { code: 'C1', name: 'One', sortOrder: big }), 'sortOrder');
      await refused(post('/DataRepository/Insert/promotion', { outlets: [big] }), 'outlets');
      await refused(post('/DataRepository/Update/category', { id: big, version: 1, name: 'x' }), 'id');
      await refused(post('/DataRepository/Update/category', { id: 1, version: big, name: 'x' }), 'version');
    }
    const negative = await post('/DataRepository/Insert/category', {
      code: 'C1',
      name: 'One',
      sortOrder: -(2 ** 31) - 1,
    });
    expect(negative.status).toBe(400);
    const largest = await post('/DataRepository/Insert/category', { code: 'C1', name: 'One', sortOrder: MAX_INT32 });
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    expect(largest.body.data.sortOrder).toBe(MAX_INT32);
    const missing = await post('/DataRepository/Update/category', { id: MAX_INT32, version: 1, name: 'x' });
    expect(missing.status).toBe(404);
  });

  it('are refused in filters on integer columns, offsets and page sizes', async () => {
    for (const big of TOO_BIG) {
      await refused(post('/DataRepository/fetch/category', filter('id', big)), 'filters.0.ColumnValue');
      await refused(post('/DataRepository/fetch/category', filter('parent', big)), 'filters.0.ColumnValue');
      await refused(post('/DataRepository/fetch/category', filter('sortOrder', big, 'GT')), 'filters.0.ColumnValue');
      await refused(
        post('/DataRepository/fetch/category', filter('id', `1,${String(big)}`, 'IN')),
        'filters.0.ColumnValue',
      );
      await refused(
        post('/DataRepository/fetch/category', filter('id', `1,${String(big)}`, 'BETWEEN')),
        'filters.0.ColumnValue',
      );
      await refused(post('/DataRepository/fetch/user', filter('outlets', String(big))), 'filters.0.ColumnValue');
      if (typeof big === 'number') {
        await refused(post('/DataRepository/fetch/category', { Skip: big }), 'Skip');
        await refused(post('/DataRepository/fetch/category', { Take: big }), 'Take');
        await refused(post('/outletpricing/Grid', { Skip: big }), 'Skip');
      }
    }
    const none = await post<Row[]>('/DataRepository/fetch/category', { ...filter('id', MAX_INT32), Skip: MAX_INT32 });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('are refused as ids of actions, addresses and screens', async () => {
    for (const big of TOO_BIG) {
      await refused(post('/DataRepository/Execute/category', { action: 'delete', ids: [1, big] }), 'ids.1');
      await refused(post('/category/Delete', { ids: [big] }), 'ids.0');
      await refused(get(`/category/Get/${String(big)}`), 'id');
      await refused(post('/outletpricing/Grid', { category: big }), 'category');
      await refused(
        post('/outletpricing/Save', { changes: [{ product: big, outlet: 1, price: '1.00' }] }),
        'changes.0.product',
      );
      await refused(post('/user/Unlock', { userId: big }), 'userId');
    }
    expect((await get(`/category/Get/${MAX_INT32}`)).status).toBe(404);
    expect((await get(`/Product/FetchSupplierMapDropown/${MAX_INT32 + 1}`)).status).toBe(404);
  });
});
