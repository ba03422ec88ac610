import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';
import { withRowBuilder, type Row } from './support/rows';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { post } = t;

const all = async (name: string) => (await post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 1000 })).body.data;
const newRow = async (name: string, values: Row) => {
  const res = await post(`/DataRepository/Insert/${name}`, { ...(await t.builder.row(findEntity(name)!)), ...values });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe.each([
  ['currency', 'isBase'],
  ['gstsetup', 'isDefault'],
])('the one %s row holding %s', (entity, flag) => {
  it('moves to a row that takes it, in one transaction with an audit row for the one that let it go', async () => {
    const first = await newRow(entity, { [flag]: true });
    const second = await newRow(entity, { [flag]: true });
    const holders = (await all(entity)).filter((r) => r[flag] === true).map((r) => r.id);
    expect(holders).toEqual([second.id]);
    const audit = await post<Row[]>('/DataRepository/fetch/auditlog', {
      Take: 10,
      filters: [
        { ColumnName: 'entity', ColumnValue: entity, Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: first.id, Operator: 'EQ' },
      ],
    });
    expect(audit.body.data[0]).toMatchObject({
      action: 'update',
      changes: { before: { [flag]: true }, after: { [flag]: false } },
    });
    // The row that lost it moved on a version: a form still holding the old one hears 409.
    expect(
      (await post(`/DataRepository/Update/${entity}`, { id: first.id, version: first.version, name: 'Stale' })).status,
    ).toBe(409);
  });

  it('cannot be taken off the row holding it, nor deleted with it, while other rows remain (409 naming the field)', async () => {
    const holder = (await all(entity)).find((r) => r[flag] === true)!;
    const cleared = await post(`/DataRepository/Update/${entity}`, {
      id: holder.id,
      version: holder.version,
      [flag]: false,
    });
    expect(cleared.status).toBe(409);
    expect(cleared.body.errors?.[0]?.field).toBe(flag);
    const removed = await post(`/DataRepository/Execute/${entity}`, { action: 'delete', ids: [holder.id] });
    expect(removed.status).toBe(409);
    expect((await all(entity)).filter((r) => r[flag] === true)).toHaveLength(1);
  });

  it('stays with exactly one row when several rows take it at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        post(`/DataRepository/Insert/${entity}`, { ...(await t.builder.row(findEntity(entity)!)), [flag]: true }),
      ),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect((await all(entity)).filter((r) => r[flag] === true)).toHaveLength(1);
  });
});

describe('rules within a row', () => {
  it('refuses a percent above 100, by its kind or by the row’s kind, on insert and on a partial update', async () => {
    const group = await post('/DataRepository/Insert/membershipgroup', {
      ...(await t.builder.row(findEntity('membershipgroup')!)),
      discountPercent: '100.01',
    });
    expect([group.status, group.body.errors?.[0]?.field]).toEqual([400, 'discountPercent']);
    const promotion = findEntity('promotion')!;
    const over = await post('/DataRepository/Insert/promotion', {
      ...(await t.builder.row(promotion)),
      kind: 'percentOff',
      value: '150',
    });
    expect([over.status, over.body.errors?.[0]?.field]).toEqual([400, 'value']);
    const amount = await newRow('promotion', { kind: 'amountOff', value: '150' });
    const switched = await post('/DataRepository/Update/promotion', {
      id: amount.id,
      version: amount.version,
      kind: 'percentOff',
    });
    expect([switched.status, switched.body.errors?.[0]?.field]).toEqual([400, 'value']);
  });

  it('refuses a delivery order from a location to itself through the generic API', async () => {
    const order = findEntity('printdeliveryorder')!;
    const place = (await newRow('inventorylocation', {})).id;
    const same = await post('/DataRepository/Insert/printdeliveryorder', {
      ...(await t.builder.row(order)),
      fromLocation: place,
      toLocation: place,
    });
    expect([same.status, same.body.errors?.[0]?.field]).toEqual([400, 'toLocation']);
  });
});
