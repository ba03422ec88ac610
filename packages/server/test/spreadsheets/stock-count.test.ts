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
    const posted = await movements();
    expect(posted.map((m) => [m.kind, m.quantity])).toEqual([
      ['count', '5.000'],
      ['count', '-1.500'],
    ]);
    // Each import filled a stock count: the movements carry its number and a reason.
    expect(posted.every((m) => /^SC-\d{4}-\d{6}$/.test(String(m.reference)) && m.reason !== null)).toBe(true);
    const counts = await c.post<Row[]>('/DataRepository/fetch/stockcount', {
      filters: [{ ColumnName: 'docNo', ColumnValue: String(posted[1]!.reference), Operator: 'EQ' }],
    });
    expect(counts.body.data[0]).toMatchObject({
      status: 'posted',
      scope: 'products',
      lines: [{ product: product.id, expectedQty: '5.000', countedQty: '3.500', variance: '-1.500' }],
    });
  });

  it('takes a barcode as the product, and holds a count over the reason’s approval value for approval', async () => {
    const scanned = await c.newProduct({ code: 'COUNT-2', barcode: '9555000111222', costPrice: '10.00' });
    const reasons = await c.post<Row[]>('/DataRepository/fetch/stockoutreason', {
      filters: [{ ColumnName: 'code', ColumnValue: 'COUNT', Operator: 'EQ' }],
    });
    const reason = reasons.body.data[0]!;
    expect(
      (
        await c.post('/DataRepository/Update/stockoutreason', {
          id: reason.id,
          version: reason.version,
          approvalValue: '50.00',
        })
      ).status,
    ).toBe(200);
    const small = await importSheet(
      c,
      await xlsx(HEADER, [['CNT-LOC', '9555000111222', 4]]),
      'outletitembalance',
      'commit',
    );
    expect(small).toMatchObject({ committed: true, updated: 1, errorCount: 0 });
    const onHand = async () =>
      (
        await c.post<Row[]>('/DataRepository/fetch/stockbalance', {
          filters: [{ ColumnName: 'product', ColumnValue: scanned.id, Operator: 'EQ' }],
        })
      ).body.data.map((b) => b.quantity);
    expect(await onHand()).toEqual(['4.000']);
    // +6 at 10.00 is 60.00, over 50.00: the count is posted, its adjustment waits.
    await importSheet(c, await xlsx(HEADER, [['CNT-LOC', 9555000111222, 10]]), 'outletitembalance', 'commit');
    expect(await onHand()).toEqual(['4.000']);
    const pending = await c.post<Row[]>('/DataRepository/fetch/stockadjustment', {
      filters: [
        { ColumnName: 'product', ColumnValue: scanned.id, Operator: 'EQ' },
        { ColumnName: 'status', ColumnValue: 'pending', Operator: 'EQ' },
      ],
    });
    expect(pending.body.data.map((a) => [a.quantity, a.value])).toEqual([['6.000', '60.00']]);
    expect(String(pending.body.data[0]!.reference)).toMatch(/^SC-/);
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
