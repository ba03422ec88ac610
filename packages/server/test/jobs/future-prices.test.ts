import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { applyFuturePrices } from '../../src/modules/futureproductprice/apply-future-prices';
import { dayFromToday, outletId, rowById, scheduleFuturePrice } from './support';

const c = useCatalogue();

const runNow = (token?: string) => c.post('/jobs/Run', { kind: 'applyFuturePrices' }, token);
const fetchWhere = (name: string, filters: [string, unknown][]) =>
  c.post<Row[]>(`/DataRepository/fetch/${name}`, {
    Take: 100,
    filters: filters.map(([ColumnName, ColumnValue]) => ({ ColumnName, ColumnValue, Operator: 'EQ' })),
  });

describe('applyFuturePrices', () => {
  it('applies the due rows, cancels nothing it should not and leaves future-dated ones pending', async () => {
    const outlet = await outletId(c);
    const p1 = await c.newProduct({ sellingPrice: '10.00' });
    const p2 = await c.newProduct({ sellingPrice: '4.00' });
    const p3 = await c.newProduct({ sellingPrice: '3.00' });
    const p4 = await c.newProduct({ sellingPrice: '2.00' });
    const today = await scheduleFuturePrice(c, { product: p1.id, newPrice: '12.00', effectiveDate: dayFromToday(0) });
    const forOutlet = await scheduleFuturePrice(c, {
      product: p2.id,
      outlet,
      newPrice: '7.50',
      effectiveDate: dayFromToday(-1),
    });
    const cancelled = await scheduleFuturePrice(c, {
      product: p3.id,
      newPrice: '9.00',
      effectiveDate: dayFromToday(0),
    });
    const later = await scheduleFuturePrice(c, { product: p4.id, newPrice: '5.00', effectiveDate: dayFromToday(5) });
    expect(today.status).toBe('pending');

    const cancel = await c.post('/futureproductprice/Cancel', { ids: [cancelled.id] });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data).toEqual({ cancelled: 1 });

    const run = await runNow();
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    // The demo catalogue may hold due rows of its own.
    expect(run.body.data).toMatchObject({
      kind: 'applyFuturePrices',
      status: 'done',
      progress: 100,
      result: { failed: [] },
    });
    expect((run.body.data.result as { applied: number }).applied).toBeGreaterThanOrEqual(2);

    expect((await rowById(c, 'Product', p1.id)).sellingPrice).toBe('12.00');
    const history = await fetchWhere('pricehistory', [['product', p1.id]]);
    expect(history.body.data[0]).toMatchObject({ oldPrice: '10.00', newPrice: '12.00', changedBy: 1 });

    expect((await rowById(c, 'Product', p2.id)).sellingPrice).toBe('4.00');
    const override = await fetchWhere('outletprice', [
      ['product', p2.id],
      ['outlet', outlet],
    ]);
    expect(override.body.data).toMatchObject([{ price: '7.50' }]);

    expect((await rowById(c, 'Product', p3.id)).sellingPrice).toBe('3.00');
    expect((await rowById(c, 'Product', p4.id)).sellingPrice).toBe('2.00');
    const statuses = await Promise.all(
      [today, forOutlet, cancelled, later].map(async (r) => (await rowById(c, 'futureproductprice', r.id)).status),
    );
    expect(statuses).toEqual(['applied', 'applied', 'cancelled', 'pending']);

    const audit = await fetchWhere('auditlog', [
      ['entity', 'futureproductprice'],
      ['rowId', today.id],
    ]);
    expect(audit.body.data.map((r) => r.action)).toEqual(['update', 'insert']);

    expect((await runNow()).body.data).toMatchObject({ status: 'done', result: { applied: 0 } });
  });

  it('updates an existing outlet override', async () => {
    const outlet = await outletId(c);
    const product = await c.newProduct({ sellingPrice: '6.00' });
    await c.post('/DataRepository/Insert/outletprice', { product: product.id, outlet, price: '5.00' });
    const row = await scheduleFuturePrice(c, {
      product: product.id,
      outlet,
      newPrice: '5.50',
      effectiveDate: dayFromToday(0),
    });
    expect((await runNow()).body.data).toMatchObject({ status: 'done', result: { applied: 1 } });
    expect((await rowById(c, 'futureproductprice', row.id)).status).toBe('applied');
    expect((await fetchWhere('outletprice', [['product', product.id]])).body.data).toMatchObject([{ price: '5.50' }]);
  });

  it('cancels and edits pending rows only', async () => {
    const product = await c.newProduct();
    const row = await scheduleFuturePrice(c, { product: product.id, newPrice: '1.00', effectiveDate: dayFromToday(0) });
    await runNow();
    expect((await c.post('/futureproductprice/Cancel', { ids: [row.id] })).body.data).toEqual({ cancelled: 0 });
    const applied = await rowById(c, 'futureproductprice', row.id);
    const edit = await c.post('/futureproductprice/Update', { id: row.id, version: applied.version, newPrice: '2.00' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This future price is applied and can no longer change');
    const viaExecute = await scheduleFuturePrice(c, {
      product: product.id,
      newPrice: '1.00',
      effectiveDate: dayFromToday(3),
    });
    expect(
      (await c.post('/DataRepository/Execute/futureproductprice', { action: 'cancel', ids: [viaExecute.id] })).body
        .data,
    ).toEqual({ cancelled: 1 });
  });

  it('is run now by administrators only, for known kinds', async () => {
    const cashier = (await c.loginAs('cashier')).accessToken;
    expect((await runNow(cashier)).status).toBe(403);
    const unknown = await c.post('/jobs/Run', { kind: 'nosuchjob' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toMatchObject([{ field: 'kind' }]);
  });
});

describe('applyFuturePrices by each outlet’s own date', () => {
  it('applies a row once its outlet’s day has begun, whatever the server’s date', async () => {
    // 2030-01-01 12:00 UTC is already 2 January on Kiritimati (UTC+14) and still 1 January in Pago Pago (UTC−11).
    const at = new Date('2030-01-01T12:00:00Z');
    const outlet = findEntity('outlet')!;
    const east = await c.builder.insert(outlet, { code: 'KIRI', name: 'Kiritimati', timezone: 'Pacific/Kiritimati' });
    const west = await c.builder.insert(outlet, { code: 'PAGO', name: 'Pago Pago', timezone: 'Pacific/Pago_Pago' });
    const product = await c.newProduct({ sellingPrice: '3.00' });
    const early = await scheduleFuturePrice(c, {
      product: product.id,
      outlet: east.id,
      newPrice: '3.10',
      effectiveDate: '2030-01-02',
    });
    const notYet = await scheduleFuturePrice(c, {
      product: product.id,
      outlet: west.id,
      newPrice: '3.20',
      effectiveDate: '2030-01-02',
    });
    const due = await scheduleFuturePrice(c, {
      product: product.id,
      outlet: west.id,
      newPrice: '3.30',
      effectiveDate: '2030-01-01',
    });

    const result = await applyFuturePrices(c.server.app, c.server.app.log, async () => {}, at);
    expect(result.failed).toEqual([]);
    const statuses = await Promise.all(
      [early, notYet, due].map(async (r) => (await rowById(c, 'futureproductprice', r.id)).status),
    );
    expect(statuses).toEqual(['applied', 'pending', 'applied']);
  });
});
