import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { changeOf } from '../data/support/rows';
import { useCatalogue, type Row } from '../domain/support/catalogue';

const c = useCatalogue({ users: ['admin', 'cashier'] });

const FAMILIES: [string, string][] = [
  ['Product', 'product'],
  ['bundle', 'bundle'],
  ['attributes', 'attribute'],
  ['Collection', 'collection'],
  ['StockTemplate', 'stocktemplate'],
  ['WarehouseProduct', 'warehouseproductmapping'],
  ['supplier', 'supplier'],
  ['CustomField', 'customfield'],
  ['ListValueCategory', 'listvaluecategory'],
];

describe('resource families', () => {
  it.each(FAMILIES)('%s: Insert, Get, Fetch, Update, Delete', async (family, name) => {
    const entity = findEntity(name)!;
    const body = await c.builder.row(entity);
    const inserted = await c.post(`/${family}/Insert`, body);
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    const id = inserted.body.data.id as number;

    const one = await c.get(`/${family}/Get/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.id).toBe(id);
    for (const list of entity.fields.filter((f) => f.kind === 'children'))
      expect((one.body.data[list.name] as Row[]).length, list.name).toBe((body[list.name] as Row[]).length);

    const fetched = await c.post<Row[]>(`/${family}/Fetch`, {
      filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body.totalCount).toBe(1);

    const [field, value] = await changeOf(c.builder, entity, one.body.data);
    const updated = await c.post(`/${family}/Update`, { id, version: one.body.data.version, [field]: value });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data[field]).toEqual(value);

    const deleted = await c.post(`/${family}/Delete`, { ids: [id] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect((await c.get(`/${family}/Get/${id}`)).status).toBe(404);
  });

  it('accepts any method and spelling of the family and action; Upsert matches the code', async () => {
    const supplier = await c.builder.row(findEntity('supplier')!);
    expect((await c.call('PUT', '/SUPPLIER/insert', { token: c.tokens.admin, body: supplier })).status).toBe(200);
    const upserted = await c.post('/supplier/Upsert', { ...supplier, name: 'Upserted' });
    expect(upserted.status).toBe(200);
    expect(upserted.body.data.name).toBe('Upserted');
    const listed = await c.call<Row[]>('PATCH', '/Supplier/fetch', {
      token: c.tokens.admin,
      body: { search: 'Upserted' },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r) => r.id)).toEqual([upserted.body.data.id]);
    const fields = await c.get<Row[]>('/Product/Fields');
    expect(fields.body.data.some((f) => f.name === 'sellingPrice')).toBe(true);
  });

  it('answers 404 for an unknown family or action', async () => {
    expect((await c.post('/nosuchthing/Fetch')).status).toBe(404);
    expect((await c.post('/Product/Explode', { ids: [1] })).status).toBe(404);
  });

  it('checks the privileges of the generic verbs: the cashier views the catalogue only', async () => {
    const product = await c.newProduct();
    expect((await c.post('/Product/Fetch', {}, c.tokens.cashier)).status).toBe(200);
    expect((await c.get(`/Product/Get/${product.id}`, c.tokens.cashier)).status).toBe(200);
    expect(
      (await c.post('/Product/Insert', await c.builder.row(findEntity('product')!), c.tokens.cashier)).status,
    ).toBe(403);
    expect(
      (await c.post('/Product/Update', { id: product.id, version: product.version, name: 'x' }, c.tokens.cashier))
        .status,
    ).toBe(403);
    expect((await c.post('/Product/Delete', { ids: [product.id] }, c.tokens.cashier)).status).toBe(403);
    expect(
      (await c.post('/Product/GenerateVariants', { productId: product.id, attributes: [] }, c.tokens.cashier)).status,
    ).toBe(403);
    expect((await c.post('/user/Fetch', {}, c.tokens.cashier)).status).toBe(403);
    expect((await c.call('POST', '/Product/Fetch', { body: {} })).status).toBe(401);
  });

  it('leaves the named routes of other families answering', async () => {
    const locked = await c.get<unknown[]>('/user/Locked');
    expect(locked.status).toBe(200);
    expect(Array.isArray(locked.body.data)).toBe(true);
    const roles = await c.get<Row[]>('/RolePrivileges/Roles');
    expect(roles.status).toBe(200);
    expect(roles.body.data.some((r) => r.code !== undefined)).toBe(true);
    expect((await c.get('/company/Get')).status).toBe(200);
    expect((await c.get('/feature/Get')).status).toBe(200);
    expect((await c.get('/installer/Status')).status).toBe(200);
    const reset = await c.post('/ResetPassword/Reset', {});
    expect(reset.status).toBe(400);
    expect((await c.post('/user/Unlock', {})).status).toBe(400);
    expect((await c.get<Row[]>('/user/Fetch')).body.data.some((u) => u.userName === 'admin')).toBe(true);
  });
});

describe('GET Product/FetchSupplierMapDropown/{id}', () => {
  it('lists the mapped suppliers, the preferred one first', async () => {
    const supplier = findEntity('supplier')!;
    const a = await c.builder.insert(supplier, { code: 'SUPA', name: 'Alpha' });
    const b = await c.builder.insert(supplier, { code: 'SUPB', name: 'Beta' });
    const product = await c.newProduct({ supplierMapping: [{ supplier: a.id }, { supplier: b.id, preferred: true }] });
    const res = await c.get<Row[]>(`/Product/FetchSupplierMapDropown/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { text: 'Beta', value: b.id },
      { text: 'Alpha', value: a.id },
    ]);
    expect((await c.get<Row[]>(`/Product/FetchSupplierMapDropown/${product.id}`, c.tokens.cashier)).status).toBe(200);
    expect((await c.get('/Product/FetchSupplierMapDropown/999999')).status).toBe(404);
  });
});
