import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';
import { withRowBuilder, type Row } from './support/rows';
import { findEntity } from '@backroom/schema';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { post } = t;

const fetchRows = (name: string, body: unknown) => post<Row[]>(`/DataRepository/fetch/${name}`, body);
const supplier = (code: string, extra: Row = {}) => ({ code, name: `Supplier ${code}`, ...extra });

describe('unknown names', () => {
  it('answers 400 naming an unknown entity, column or operator', async () => {
    const entity = await fetchRows('nosuchthing', {});
    expect(entity.status).toBe(400);
    expect(entity.body.message).toBe('Unknown entity: nosuchthing');
    expect((await post('/DataRepository/Insert/session', {})).body.message).toBe('Unknown entity: session');

    const column = await fetchRows('supplier', {
      filters: [{ ColumnName: 'password_hash', ColumnValue: 'x', Operator: 'EQ' }],
    });
    expect(column.status).toBe(400);
    expect(column.body.errors).toEqual([{ field: 'filters.0.ColumnName', message: 'Unknown column: password_hash' }]);

    const operator = await fetchRows('supplier', {
      filters: [{ ColumnName: 'code', ColumnValue: 'x', Operator: 'DROP' }],
    });
    expect(operator.status).toBe(400);
    expect(operator.body.errors).toEqual([{ field: 'filters.0.Operator', message: 'Unknown operator: DROP' }]);

    const sort = await fetchRows('supplier', { sorts: [{ ColumnName: 'nope', Direction: 'ASC' }] });
    expect(sort.body.errors).toEqual([{ field: 'sorts.0.ColumnName', message: 'Unknown column: nope' }]);
    expect((await fetchRows('supplier', { Take: 10_000 })).status).toBe(400);
    expect((await post('/DataRepository/Execute/supplier', { action: 'explode', ids: [1] })).body.message).toBe(
      'Unknown action: explode',
    );
  });

  it('never reaches the credentials of the user table', async () => {
    const res = await fetchRows('user', { Take: 10 });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body.data);
    expect(text).not.toMatch(/passwordHash|password_hash|otp_secret|otpSecret|\$argon2/i);
    expect(res.body.data.map((u) => u.userName)).toEqual(expect.arrayContaining(['admin', 'manager', 'cashier']));
    for (const name of ['session', 'refresh_token', 'refreshtoken', 'password_reset', 'login_failure', 'server_secret'])
      expect((await fetchRows(name, {})).status, name).toBe(400);
    const filterHash = await fetchRows('user', {
      filters: [{ ColumnName: 'passwordHash', ColumnValue: 'x', Operator: 'LIKE' }],
    });
    expect(filterHash.status).toBe(400);
  });
});

describe('values are only data', () => {
  const nasty = `x'); DROP TABLE supplier; --"%_\\`;

  it('stores, filters and searches SQL metacharacters literally', async () => {
    const inserted = await post(
      '/DataRepository/Insert/supplier',
      supplier('META1', { name: nasty, contactName: "O'Brien; DELETE FROM app_user" }),
    );
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    expect(inserted.body.data.name).toBe(nasty);

    for (const Operator of ['EQ', 'LIKE', 'STARTSWITH', 'IN']) {
      const res = await fetchRows('supplier', {
        filters: [{ ColumnName: 'name', ColumnValue: Operator === 'IN' ? 'a,b' : nasty, Operator }],
      });
      expect(res.status, Operator).toBe(200);
      expect(res.body.totalCount, Operator).toBe(Operator === 'IN' ? 0 : 1);
    }
    // % and _ match themselves, not any text.
    expect(
      (await fetchRows('supplier', { filters: [{ ColumnName: 'name', ColumnValue: '%', Operator: 'LIKE' }] })).body
        .totalCount,
    ).toBe(1);
    expect((await fetchRows('supplier', { search: "'); DROP" })).body.totalCount).toBe(1);
    expect((await fetchRows('supplier', { search: '_' })).body.totalCount).toBe(1);
    expect((await fetchRows('user', {})).body.totalCount).toBe(3);
  });

  it('answers 400 for a filter value that does not fit the column', async () => {
    const res = await fetchRows('product', {
      filters: [{ ColumnName: 'sellingPrice', ColumnValue: '1 OR 1=1', Operator: 'GT' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toEqual({ field: 'filters.0.ColumnValue', message: 'Selling price must be a number' });
  });
});

describe('write errors', () => {
  it('answers 409 naming the field of a duplicate unique value, and 400 for a missing reference', async () => {
    expect((await post('/DataRepository/Insert/supplier', supplier('DUP1'))).status).toBe(200);
    const dup = await post('/DataRepository/Insert/supplier', supplier('DUP1'));
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'code', message: 'Code "DUP1" is already used' }]);

    const product = await t.builder.row(findEntity('product')!);
    const missing = await post('/DataRepository/Insert/product', { ...product, category: 999_999 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'category', message: 'Category refers to a missing categories row (999999)' },
    ]);
    const wrongCategory = await post('/DataRepository/Insert/product', { ...product, brand: product.uom });
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.errors?.[0]?.field).toBe('brand');
  });

  it('writes nothing when one row of a bulk write is bad, and names the row', async () => {
    const bad = await post('/DataRepository/bulkupsert/supplier', [
      supplier('BULK1'),
      supplier('BULK2', { email: 'not-an-email' }),
      supplier('BULK3'),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: '1.email', message: 'Email must be an email address' }]);
    // Rows without an id are matched by code: the second BULK4 updates, DUP1 (sent as stored) stays as it is, the rest insert.
    const dup = await post<Row[]>('/DataRepository/bulkupsert/supplier', [
      supplier('BULK4'),
      supplier('BULK5'),
      supplier('DUP1'),
      { code: 'BULK4', name: 'again' },
    ]);
    expect(dup.status).toBe(200);
    expect(dup.body.data.map((r) => [r.code, r.version])).toEqual([
      ['BULK4', 1],
      ['BULK5', 1],
      ['DUP1', 1],
      ['BULK4', 2],
    ]);
    const race = await post('/DataRepository/bulkupdate/supplier', [
      { id: dup.body.data[0]!.id, version: 99, name: 'n' },
    ]);
    expect(race.status).toBe(409);
    expect(race.body.message).toBe(
      `Row 0 (id ${String(dup.body.data[0]!.id)}): This record was changed by someone else`,
    );
    const missingRef = await post('/DataRepository/bulkupsert/product', [
      await t.builder.row(findEntity('product')!),
      { ...(await t.builder.row(findEntity('product')!)), category: 424242 },
    ]);
    expect(missingRef.status).toBe(400);
    expect(missingRef.body.errors?.[0]?.field).toBe('1.category');
    const codes = (
      await fetchRows('supplier', {
        filters: [{ ColumnName: 'code', ColumnValue: 'BULK', Operator: 'STARTSWITH' }],
        Take: 50,
      })
    ).body.data.map((r) => r.code);
    expect(codes.sort()).toEqual(['BULK4', 'BULK5']);
  });

  it('deletes all or none: 404 naming the ids that do not exist, 409 while a row is in use', async () => {
    const a = (await post('/DataRepository/Insert/supplier', supplier('DEL1'))).body.data;
    const res = await post('/DataRepository/Execute/supplier', { action: 'delete', ids: [a.id, 987654] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Suppliers: no row 987654');
    expect(
      (await fetchRows('supplier', { filters: [{ ColumnName: 'id', ColumnValue: a.id as number, Operator: 'EQ' }] }))
        .body.totalCount,
    ).toBe(1);

    const product = (await t.builder.insert(findEntity('product')!)) as Row;
    const inUse = await post('/DataRepository/Execute/category', { action: 'delete', ids: [product.category] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/still used by products/);
  });

  it('answers 400 naming each invalid field, and 404 for an update of a missing row', async () => {
    const res = await post('/DataRepository/Insert/supplier', { name: '', paymentTermsDays: 400 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'code', message: 'Code is required' },
      { field: 'name', message: 'Name is required' },
      { field: 'paymentTermsDays', message: 'Payment terms days must be at most 365' },
    ]);
    expect((await post('/DataRepository/Update/supplier', { id: 555_555, version: 1, name: 'x' })).status).toBe(404);
    expect((await post('/DataRepository/Update/supplier', { name: 'x' })).body.errors?.map((e) => e.field)).toEqual([
      'id',
      'version',
    ]);
  });
});
