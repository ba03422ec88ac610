import { describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

const t = useTestServer({ users: ['admin'] });
const { post } = t;

const fetchRows = (name: string, body: unknown) => post<Row[]>(`/DataRepository/fetch/${name}`, body);
const insertSuppliers = async (prefix: string, n: number, extra: Row = {}) => {
  const out: Row[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await post('/DataRepository/Insert/supplier', {
      code: `${prefix}${i}`,
      name: `Supplier ${prefix}${i}`,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(res.body.data);
  }
  return out;
};
const stored = async (rows: Row[]) => {
  const res = await fetchRows('supplier', {
    Take: 100,
    filters: [{ ColumnName: 'id', ColumnValue: rows.map((r) => r.id).join(','), Operator: 'IN' }],
    sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
  });
  return res.body.data;
};
/** The bulk edit a list sends: one field set on every chosen row, each with the version it was read at. */
const setAll = (rows: Row[], change: Row) =>
  post<Row[]>(
    '/DataRepository/bulkupdate/supplier',
    rows.map((r) => ({ id: r.id, version: r.version, ...change })),
  );

describe('bulkupdate: one field set on many rows, all or nothing', () => {
  it('sets the value on every row and raises each version', async () => {
    const rows = await insertSuppliers('BE', 3);
    const res = await setAll(rows, { contactName: 'Aminah' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Saved 3 rows');
    expect((await stored(rows)).map((r) => [r.contactName, r.version])).toEqual(
      rows.map((r) => ['Aminah', Number(r.version) + 1]),
    );
  });

  it('writes nothing when one row is invalid, naming the row and the field', async () => {
    const rows = await insertSuppliers('BI', 3, { paymentTermsDays: 30 });
    const body = rows.map((r, i) => ({ id: r.id, version: r.version, paymentTermsDays: i === 2 ? 400 : 45 }));
    const res = await post('/DataRepository/bulkupdate/supplier', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^Row 2 \\(id ${String(rows[2]!.id)}\\): `));
    expect(res.body.errors).toEqual([{ field: '2.paymentTermsDays', message: expect.stringMatching(/at most/) }]);
    expect((await stored(rows)).map((r) => [r.paymentTermsDays, r.version])).toEqual(rows.map((r) => [30, r.version]));
  });

  it('writes nothing when one row was changed since it was read (a stale version)', async () => {
    const rows = await insertSuppliers('BS', 3);
    const moved = await post('/DataRepository/Update/supplier', {
      id: rows[1]!.id,
      version: rows[1]!.version,
      contactName: 'Someone else',
    });
    expect(moved.status).toBe(200);
    const res = await setAll(rows, { contactName: 'Mine' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Row 1 (id ${String(rows[1]!.id)}): This record was changed by someone else`);
    expect(res.body.errors).toEqual([{ field: '1', message: 'This record was changed by someone else' }]);
    expect((await stored(rows)).map((r) => r.contactName)).toEqual([null, 'Someone else', null]);
  });

  it('never leaves a half-applied state when two bulk edits of overlapping rows run at once', async () => {
    for (let round = 0; round < 4; round++) {
      const rows = await insertSuppliers(`BP${round}x`, 4);
      // One edits rows 0–2 in order, the other rows 3–1 backwards: they meet on rows 1 and 2 from both sides.
      const first = rows.slice(0, 3);
      const second = rows.slice(1).reverse();
      const [a, b] = await Promise.all([
        setAll(first, { contactName: 'first' }),
        setAll(second, { contactName: 'second' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, JSON.stringify([a.body.message, b.body.message])).toEqual([200, 409]);
      const winner = a.status === 200 ? { rows: first, value: 'first' } : { rows: second, value: 'second' };
      const after = await stored(rows);
      for (const row of after) {
        const won = winner.rows.some((r) => r.id === row.id);
        expect([row.contactName, row.version], `round ${round}, row ${String(row.code)}`).toEqual(
          won ? [winner.value, 2] : [null, 1],
        );
      }
    }
  });

  it('refuses a caller without edit on the screen', async () => {
    const rows = await insertSuppliers('BR', 1);
    const { accessToken } = await t.loginAs('cashier');
    const res = await post(
      '/DataRepository/bulkupdate/supplier',
      [{ id: rows[0]!.id, version: rows[0]!.version, contactName: 'x' }],
      accessToken,
    );
    expect(res.status).toBe(403);
    expect((await stored(rows))[0]!.contactName).toBeNull();
  });
});

describe('custom fields as list columns', () => {
  it('filters on custom fields of every kind (text, number, date, yes/no, list) and bulk-sets one', async () => {
    const insert = async (name: string, row: Row) => {
      const res = await post(`/DataRepository/Insert/${name}`, row);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const category = await insert('listvaluecategory', { code: 'TIER', name: 'Tier' });
    const gold = await insert('listvalue', { category: category.id, code: 'GOLD', name: 'Gold', sortOrder: 1 });
    const silver = await insert('listvalue', { category: category.id, code: 'SILVER', name: 'Silver', sortOrder: 2 });
    for (const [key, kind, extra] of [
      ['origin', 'text', {}],
      ['rating', 'number', {}],
      ['since', 'date', {}],
      ['preferred', 'boolean', {}],
      ['tier', 'list', { listValueCategory: category.id }],
    ] as const) {
      const res = await post('/DataRepository/Insert/customfield', {
        entity: 'supplier',
        key,
        label: key,
        kind,
        ...extra,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const values: [string, Row][] = [
      ['CF1', { origin: 'Penang', rating: '4.5', since: '2024-03-01', preferred: true, tier: gold.id }],
      ['CF2', { origin: 'Johor Bahru', rating: '12', since: '2025-07-15', preferred: false, tier: silver.id }],
      ['CF3', { origin: '50% off_', rating: '-1.25' }],
    ];
    for (const [code, custom] of values)
      expect((await post('/DataRepository/Insert/supplier', { code, name: `Custom ${code}`, ...custom })).status).toBe(
        200,
      );

    const codes = async (...filters: Row[]) => {
      const res = await fetchRows('supplier', {
        Take: 50,
        filters: [{ ColumnName: 'code', ColumnValue: 'CF', Operator: 'STARTSWITH' }, ...filters],
        sorts: [{ ColumnName: 'code', Direction: 'ASC' }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((r) => r.code);
    };
    expect(await codes({ ColumnName: 'origin', ColumnValue: 'Penang', Operator: 'EQ' })).toEqual(['CF1']);
    expect(await codes({ ColumnName: 'origin', ColumnValue: 'JOHOR', Operator: 'LIKE' })).toEqual(['CF2']);
    expect(await codes({ ColumnName: 'origin', ColumnValue: '%', Operator: 'LIKE' })).toEqual(['CF3']);
    expect(await codes({ ColumnName: 'origin', ColumnValue: 'pen', Operator: 'STARTSWITH' })).toEqual(['CF1']);
    expect(await codes({ ColumnName: 'origin', ColumnValue: 'Penang,Johor Bahru', Operator: 'IN' })).toEqual([
      'CF1',
      'CF2',
    ]);
    expect(await codes({ ColumnName: 'rating', ColumnValue: '4.5', Operator: 'EQ' })).toEqual(['CF1']);
    // Numbers compare as numbers ("12" > "4.5"), not as text.
    expect(await codes({ ColumnName: 'rating', ColumnValue: '4.5', Operator: 'GT' })).toEqual(['CF2']);
    expect(await codes({ ColumnName: 'rating', ColumnValue: '0', Operator: 'LTE' })).toEqual(['CF3']);
    expect(await codes({ ColumnName: 'since', ColumnValue: '2025-01-01', Operator: 'GTE' })).toEqual(['CF2']);
    expect(await codes({ ColumnName: 'since', Operator: 'ISNULL' })).toEqual(['CF3']);
    expect(await codes({ ColumnName: 'preferred', ColumnValue: true, Operator: 'EQ' })).toEqual(['CF1']);
    // A row without the value reads as "no", as the API shows it.
    expect(await codes({ ColumnName: 'preferred', ColumnValue: false, Operator: 'EQ' })).toEqual(['CF2', 'CF3']);
    expect(await codes({ ColumnName: 'tier', ColumnValue: gold.id, Operator: 'EQ' })).toEqual(['CF1']);
    expect(
      await codes({ ColumnName: 'tier', ColumnValue: `${String(gold.id)},${String(silver.id)}`, Operator: 'IN' }),
    ).toEqual(['CF1', 'CF2']);

    const bad = await fetchRows('supplier', {
      filters: [{ ColumnName: 'rating', ColumnValue: '1 or 1=1', Operator: 'EQ' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'filters.0.ColumnValue', message: 'rating must be a number' }]);
    const sort = await fetchRows('supplier', { sorts: [{ ColumnName: 'rating', Direction: 'ASC' }] });
    expect(sort.status).toBe(400);

    // A bulk edit of one custom field keeps the row's other custom values.
    const rows = await fetchRows('supplier', {
      Take: 50,
      filters: [{ ColumnName: 'code', ColumnValue: 'CF1,CF2', Operator: 'IN' }],
    });
    const set = await setAll(rows.body.data, { tier: silver.id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await codes({ ColumnName: 'tier', ColumnValue: silver.id, Operator: 'EQ' })).toEqual(['CF1', 'CF2']);
    expect(set.body.data.map((r) => [r.origin, r.tierLabel])).toEqual([
      ['Penang', 'Silver'],
      ['Johor Bahru', 'Silver'],
    ]);
  });
});
