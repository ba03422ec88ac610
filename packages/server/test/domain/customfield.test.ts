import { entities } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from './support/catalogue';

const c = useCatalogue();

const define = (row: Row) => c.post('/CustomField/Insert', { label: 'Extra', kind: 'text', entity: 'product', ...row });
const refused = async (row: Row, status: number, field: string) => {
  const res = await define(row);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors).toMatchObject([{ field }]);
};

describe('custom field definitions', () => {
  it('extend only entities that accept custom fields', async () => {
    await refused({ entity: 'nosuchentity', key: 'extra' }, 400, 'entity');
    await refused({ entity: entities.find((e) => !e.customizable)!.name, key: 'extra' }, 400, 'entity');
  });

  it('use a key that is a safe identifier, free on the entity', async () => {
    await refused({ key: 'sellingPrice' }, 400, 'key');
    await refused({ key: 'constructor' }, 400, 'key');
    await refused({ key: 'has space' }, 400, 'key');
    await refused({ key: 'Capital' }, 400, 'key');
    expect((await define({ key: 'warrantyMonths', kind: 'number' })).status).toBe(200);
    await refused({ key: 'warrantyMonths' }, 409, 'key');
    expect((await define({ key: 'warrantyMonths', entity: 'supplier' })).status).toBe(200);
    const fields = await c.get<Row[]>('/Product/Fields');
    expect(fields.body.data.some((f) => f.name === 'warrantyMonths')).toBe(true);
  });

  it('need a list value category for kind list, also on update', async () => {
    await refused({ key: 'finish', kind: 'list' }, 400, 'listValueCategory');
    const categories = await c.post<Row[]>('/ListValueCategory/Fetch', {
      filters: [{ ColumnName: 'code', ColumnValue: 'COLOUR', Operator: 'EQ' }],
    });
    const ok = await define({ key: 'finish', kind: 'list', listValueCategory: categories.body.data[0]!.id });
    expect(ok.status).toBe(200);
    const cleared = await c.post('/CustomField/Update', {
      id: ok.body.data.id,
      version: ok.body.data.version,
      listValueCategory: null,
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors).toMatchObject([{ field: 'listValueCategory' }]);
  });
});
