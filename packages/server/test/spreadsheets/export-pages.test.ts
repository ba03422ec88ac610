import { findEntity, toStorageRow } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE } from '../../src/modules/spreadsheets/export';
import { withRowBuilder, type Row } from '../data/support/rows';
import { signInOutletManager, useTestServer } from '../support/harness';
import { exportList } from './support';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const location = findEntity('inventorylocation')!;
/** Locations of outlet A, of outlet B and of every outlet (none named); every tenth one inactive. */
const ROWS = 4000;
let limited: string;
let outletA: Row;
let outletB: Row;

beforeAll(async () => {
  outletA = await t.builder.insert(findEntity('outlet')!, { code: 'EXP-A' });
  outletB = await t.builder.insert(findEntity('outlet')!, { code: 'EXP-B' });
  limited = await signInOutletManager(t, {
    userName: 'pages',
    displayName: 'Paging Pat',
    password: 'Paging@123',
    outlets: [outletA.id],
  });
  const { db, dialect } = t.server.app.ctx;
  const kind = (location.fields.find((f) => f.name === 'kind') as unknown as { values: string[] }).values[0];
  const now = new Date().toISOString();
  const audit = { version: 1, created_at: now, created_by: 'test', updated_at: now, updated_by: 'test' };
  const outlets = [outletA.id, outletB.id, null];
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    ...toStorageRow(
      location,
      {
        code: `KS-${String(i).padStart(5, '0')}`,
        name: `Shelf ${i % 7}`,
        kind,
        outlet: outlets[i % 3],
        isActive: i % 10 !== 0,
      },
      dialect,
    ),
    ...audit,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(location.table as never)
      .values(rows.slice(i, i + 500) as never)
      .execute();
});

describe('a list export', () => {
  it('exports exactly the rows and order the list shows to an outlet-limited user: filters, a sort on a column with nulls, and more rows than a page', async () => {
    const query = {
      filters: [
        { ColumnName: 'code', ColumnValue: 'KS-', Operator: 'STARTSWITH' },
        { ColumnName: 'isActive', ColumnValue: true, Operator: 'EQ' },
      ],
      sorts: [
        { ColumnName: 'outlet', Direction: 'desc' },
        { ColumnName: 'name', Direction: 'asc' },
      ],
    };
    const list = await t.post<Row[]>('/DataRepository/fetch/inventorylocation', { ...query, Take: 9999 }, limited);
    expect(list.status).toBe(200);
    const shown = list.body.data.map((r) => r.code);
    expect(shown.length).toBeGreaterThan(EXPORT_PAGE);
    expect(list.body.data.some((r) => r.outlet === null)).toBe(true);
    expect(list.body.data.some((r) => r.outlet === outletB.id)).toBe(false);

    const { rows } = await exportList(t, { procedure: 'entity:inventorylocation', ...query }, limited);
    expect(rows[0]![0]).toBe('Code');
    expect(rows.slice(1).map((r) => r[0])).toEqual(shown);

    // The administrator, without outlet limits, exports outlet B's rows too, in the same order as their list.
    const all = (
      await t.post<Row[]>('/DataRepository/fetch/inventorylocation', { ...query, Take: 9999 })
    ).body.data.map((r) => r.code);
    expect(all.length).toBe(ROWS - ROWS / 10);
    expect(
      (await exportList(t, { procedure: 'entity:inventorylocation', ...query })).rows.slice(1).map((r) => r[0]),
    ).toEqual(all);
  });
});
