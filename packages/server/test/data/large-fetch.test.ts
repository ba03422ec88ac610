import { findEntity, toStorageRow } from '@backroom/schema';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '../../src/data/fetch';
import { database } from '../support/server';
import { useTestServer } from '../support/harness';

/** More departments than a fetch counts, so the capped count and SQLite's index walk both run. */
const ROWS = COUNT_LIMIT + 2_500;
const department = findEntity('department')!;
const nameOf = (i: number) => `Dept ${(i * 7919) % ROWS}`;

const t = useTestServer({ users: ['admin'] });
const { tokens } = t;
beforeAll(async () => {
  const db = t.server.app.ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (let start = 0; start < ROWS; start += 500) {
    const rows = [];
    for (let i = start; i < start + 500; i++)
      rows.push(
        toStorageRow(
          department,
          { code: `LD${String(i).padStart(6, '0')}`, name: nameOf(i), isActive: i % 7 !== 0 },
          database,
        ),
      );
    await db.insertInto(department.table).values(rows).execute();
  }
}, 120_000);

const fetchDepartments = (body: unknown) =>
  t.call<{ code: string; name: string }[]>('POST', '/DataRepository/fetch/department', { token: tokens.admin, body });

describe('fetch over more rows than it counts', () => {
  it('caps the count, says so, and still returns the right page in the right order', async () => {
    const res = await fetchDepartments({
      Skip: 30,
      Take: 10,
      filters: [{ ColumnName: 'isActive', ColumnValue: true, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'code', Direction: 'DESC' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(COUNT_LIMIT);
    expect(res.body.totalCountCapped).toBe(true);
    const expected = Array.from({ length: ROWS }, (_, i) => i)
      .filter((i) => i % 7 !== 0)
      .map((i) => `LD${String(i).padStart(6, '0')}`)
      .sort()
      .reverse()
      .slice(30, 40);
    expect(res.body.data.map((row) => row.code)).toEqual(expected);
  });

  it('counts exactly below the cap, with a case-insensitive prefix filter', async () => {
    const res = await fetchDepartments({
      Take: 5,
      filters: [{ ColumnName: 'name', ColumnValue: 'dept 12', Operator: 'STARTSWITH' }],
      sorts: [{ ColumnName: 'name', Direction: 'ASC' }],
    });
    const names = Array.from({ length: ROWS }, (_, i) => nameOf(i)).filter((name) => name.startsWith('Dept 12'));
    expect(res.body.totalCount).toBe(names.length);
    expect(res.body.totalCountCapped).toBeUndefined();
    expect(res.body.data.map((row) => row.name)).toEqual(names.sort().slice(0, 5));
  });

  it('a prefix with LIKE metacharacters matches them literally', async () => {
    const res = await fetchDepartments({
      filters: [{ ColumnName: 'name', ColumnValue: 'Dept 1%', Operator: 'STARTSWITH' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(0);
  });
});
