import { describe, expect, it } from 'vitest';
import { findEntity } from '@backroom/schema';
import { useTestServer } from '../support/harness';
import { withRowBuilder, type Row } from './support/rows';

const t = useTestServer({ users: ['admin', 'manager', 'cashier'], extend: withRowBuilder });
const { tokens, post } = t;

const auditOf = (entity: string, rowId: unknown, token = tokens.admin) =>
  post<Row[]>(
    '/DataRepository/fetch/auditlog',
    {
      filters: [
        { ColumnName: 'entity', ColumnValue: entity, Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: Number(rowId), Operator: 'EQ' },
      ],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
    },
    token,
  );

describe('audit trail', () => {
  it('records who, when, the row and the changed fields of an insert, update and delete, secrets masked', async () => {
    const gateway = (
      await post('/DataRepository/Insert/paymentgateway', {
        code: 'AUD1',
        name: 'Audited',
        provider: 'stripe',
        apiKey: 'sk_live_first1111',
      })
    ).body.data;
    const updated = (
      await post('/DataRepository/Update/paymentgateway', {
        id: gateway.id,
        version: gateway.version,
        name: 'Renamed',
        apiKey: 'sk_live_second2222',
      })
    ).body.data;
    await post('/DataRepository/Update/paymentgateway', { id: gateway.id, version: updated.version });
    expect((await post('/DataRepository/Execute/paymentgateway', { action: 'delete', ids: [gateway.id] })).status).toBe(
      200,
    );

    const res = await auditOf('paymentgateway', gateway.id);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    const [insert, update, remove] = res.body.data;
    expect(insert).toMatchObject({
      userName: 'admin',
      userId: expect.any(Number),
      entity: 'paymentgateway',
      rowId: gateway.id,
      action: 'insert',
    });
    expect(Date.now() - Date.parse(insert!.at as string)).toBeLessThan(60_000);
    expect(insert!.changes).toMatchObject({
      before: {},
      after: { code: 'AUD1', name: 'Audited', apiKey: '••••', environment: 'sandbox', isActive: true },
    });
    expect(update!.changes).toEqual({
      before: { name: 'Audited', apiKey: '••••' },
      after: { name: 'Renamed', apiKey: '••••' },
    });
    expect(remove).toMatchObject({
      action: 'delete',
      changes: { after: {}, before: expect.objectContaining({ code: 'AUD1', apiKey: '••••' }) },
    });
    expect(JSON.stringify(res.body.data)).not.toMatch(/sk_live/);
  });

  it('lets whoever views an entity read its audit rows; only administrators read them all', async () => {
    const department = (await post('/DataRepository/Insert/department', { code: 'AUD2', name: 'Audited' })).body.data;
    expect((await auditOf('department', department.id, tokens.cashier)).body.totalCount).toBe(1);
    expect((await auditOf('user', 1, tokens.cashier)).status).toBe(403);
    expect((await post('/DataRepository/fetch/auditlog', {}, tokens.manager)).status).toBe(403);
    const all = await post<Row[]>('/DataRepository/fetch/auditlog', { Take: 100 });
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBeGreaterThanOrEqual(4);
  });
});

describe('price history', () => {
  it('writes a price history row with each selling price change, in the same transaction', async () => {
    const product = await t.builder.insert(findEntity('product')!, { code: 'PH1', sellingPrice: '5.00' });
    const changed = (
      await post('/DataRepository/Update/product', { id: product.id, version: product.version, sellingPrice: '6.25' })
    ).body.data;
    await post('/DataRepository/Update/product', { id: product.id, version: changed.version, name: 'Same price' });
    const stale = await post('/DataRepository/Update/product', {
      id: product.id,
      version: changed.version,
      sellingPrice: '9.00',
    });
    expect(stale.status).toBe(409);

    const history = await post<Row[]>(
      '/DataRepository/fetch/pricehistory',
      {
        filters: [{ ColumnName: 'product', ColumnValue: Number(product.id), Operator: 'EQ' }],
        sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
      },
      tokens.cashier,
    );
    expect(history.status).toBe(200);
    expect(history.body.data.map((h) => [h.oldPrice, h.newPrice])).toEqual([
      [null, '5.00'],
      ['5.00', '6.25'],
    ]);
    expect(history.body.data[1]).toMatchObject({ productLabel: 'PH1 - Same price', changedByLabel: 'Alex Admin' });
  });

  it('rolls the price history back with a failed write', async () => {
    const product = await t.builder.insert(findEntity('product')!, { code: 'PH2', sellingPrice: '1.00' });
    const other = await t.builder.insert(findEntity('product')!, { code: 'PH3', sellingPrice: '1.00' });
    const res = await post('/DataRepository/bulkupdate/product', [
      { id: product.id, version: product.version, sellingPrice: '2.00' },
      { id: other.id, version: other.version, code: 'PH2' },
    ]);
    expect(res.status).toBe(409);
    const history = await post<Row[]>('/DataRepository/fetch/pricehistory', {
      filters: [{ ColumnName: 'product', ColumnValue: Number(product.id), Operator: 'EQ' }],
    });
    expect(history.body.data.map((h) => h.newPrice)).toEqual(['1.00']);
  });
});
