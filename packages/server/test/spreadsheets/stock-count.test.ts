import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet, xlsx } from './support';

const c = useCatalogue();
let product: Row;

const HEADER = ['Location *', 'Product *', 'Counted quantity *'];
const balances = async () =>
  (
    await c.post<Row[]>('/DataRepository/fetch/stockbalance', {
      filters: [{ ColumnName: 'product', ColumnValue: product.id, Operator: 'EQ' }],
    })
  ).body.data;
const movements = async () =>
  (
    await c.post<Row[]>('/DataRepository/fetch/stockmovement', {
      Take: 100,
      filters: [{ ColumnName: 'product', ColumnValue: product.id, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'id', Direction: 'asc' }],
    })
  ).body.data;

beforeAll(async () => {
  product = await c.newProduct({ code: 'COUNT-1', trackStock: true });
  await c.builder.insert(findEntity('inventorylocation')!, { code: 'CNT-LOC', name: 'Count store' });
});

describe('the outlet item balance importer (a stock count)', () => {
  it('checks without posting, then posts the difference from on hand as count movements', async () => {
    const check = await importSheet(
      c,
      await xlsx(HEADER, [['CNT-LOC', 'COUNT-1', 5]]),
      'outletitembalance',
      'validate',
    );
    expect(check).toMatchObject({ status: 'succeeded', committed: false, updated: 1, errorCount: 0 });
    expect(await movements()).toEqual([]);

    const first = await importSheet(c, await xlsx(HEADER, [['CNT-LOC', 'COUNT-1', 5]]), 'outletitembalance', 'commit');
    expect(first).toMatchObject({ committed: true, updated: 1, unchanged: 0 });
    expect((await balances()).map((b) => b.quantity)).toEqual(['5.000']);

    expect(
      await importSheet(c, await xlsx(HEADER, [['CNT-LOC', 'COUNT-1', 5]]), 'outletitembalance', 'commit'),
    ).toMatchObject({ updated: 0, unchanged: 1 });
    await importSheet(c, await xlsx(HEADER, [['CNT-LOC', 'COUNT-1', 3.5]]), 'outletitembalance', 'commit');
    expect((await balances()).map((b) => b.quantity)).toEqual(['3.500']);
    expect((await movements()).map((m) => [m.kind, m.quantity])).toEqual([
      ['count', '5.000'],
      ['count', '-1.500'],
    ]);
  });

  it('reports unknown codes, negative counts and repeated pairs, and posts nothing', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['NOWHERE', 'COUNT-1', 1],
        ['CNT-LOC', 'COUNT-1', -1],
        ['CNT-LOC', 'COUNT-1', 'lots'],
        ['CNT-LOC', 'NOTHING', 2],
      ]),
      'outletitembalance',
      'commit',
    );
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Location'],
      [3, 'Counted quantity'],
      [4, 'Location'],
      [4, 'Counted quantity'],
      [5, 'Product'],
    ]);
    expect((await balances()).map((b) => b.quantity)).toEqual(['3.500']);
  });
});
