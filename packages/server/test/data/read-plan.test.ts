import { findEntity, toStorageRow, type FetchRequest } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT, pageQuery, readPlan } from '../../src/data/fetch';
import { database } from '../support/server';
import { useTestServer } from '../support/harness';

/**
 * How a list page is read (`readPlan`), checked where it matters: the rows and their order on both
 * databases, and on SQLite the index the page is read from. Products of two categories, named so
 * that sorted by name the categories interleave unevenly.
 */
const product = findEntity('product')!;
const category = findEntity('category')!;
const ROWS = 600;

const t = useTestServer({ users: ['admin'] });
const categoryIds: number[] = [];
beforeAll(async () => {
  const db = t.server.app.ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const code of ['PLAN-A', 'PLAN-B']) {
    const row = toStorageRow(category, { code, name: code, isActive: true }, database);
    categoryIds.push(Number((await db.insertInto(category.table).values(row).returning('id').executeTakeFirstOrThrow()).id));
  }
  const uom = await db.selectFrom('list_value').select('id').limit(1).executeTakeFirstOrThrow();
  const rows = Array.from({ length: ROWS }, (_, i) =>
    toStorageRow(product, { code: `PLAN${String(i).padStart(4, '0')}`, name: `Plan item ${(i * 37) % ROWS}`, category: categoryIds[i % 7 === 0 ? 1 : 0], uom: Number(uom.id), type: 'standard', sellingPrice: '1.00', isActive: true }, database),
  );
  await db.insertInto(product.table).values(rows).execute();
}, 60_000);

const fetchProducts = (body: FetchRequest) => t.call<{ code: string; name: string }[]>('POST', '/DataRepository/fetch/product', { token: t.tokens.admin, body });

/** The SQL of a page as `readPlan` reads it with `matches` counted. */
function pageSql(body: FetchRequest, matches: number) {
  const { ctx } = t.server.app;
  const request = { server: { ctx } } as unknown as FastifyRequest;
  return pageQuery(ctx.db as never, product, readPlan(request, product, body, [], matches), 10, 0).compile();
}

describe('reading a page', () => {
  const byCategory = (id: () => number): FetchRequest => ({ filters: [{ ColumnName: 'category', ColumnValue: id(), Operator: 'EQ' }], sorts: [{ ColumnName: 'name', Direction: 'ASC' }] });

  it('a category sorted by name answers its rows in name order, page after page', async () => {
    const names = Array.from({ length: ROWS }, (_, i) => i)
      .filter((i) => i % 7 === 0)
      .map((i) => `Plan item ${(i * 37) % ROWS}`)
      .sort();
    const pages = [];
    for (let skip = 0; skip < 30; skip += 10) pages.push(...(await fetchProducts({ ...byCategory(() => categoryIds[1]!), Skip: skip, Take: 10 })).body.data.map((r) => r.name));
    expect(pages).toEqual(names.slice(0, 30));
  });

  it.runIf(database === 'sqlite')('reads a category sorted by name off the index of both, however many rows match', async () => {
    const db = t.server.app.ctx.db;
    for (const matches of [5, COUNT_LIMIT + 1]) {
      const page = pageSql(byCategory(() => categoryIds[0]!), matches);
      const plan = (await sql.raw<{ detail: string }>(`explain query plan ${page.sql.replace(/\?/g, () => '1')}`).execute(db)).rows.map((r) => r.detail).join('; ');
      expect(plan).toContain('product_category_id_name_idx');
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  it('a quick search with few matches answers them in the list order', async () => {
    const res = await fetchProducts({ search: 'item 1', sorts: [{ ColumnName: 'code', Direction: 'DESC' }], Take: 5 });
    const codes = Array.from({ length: ROWS }, (_, i) => i)
      .filter((i) => `Plan item ${(i * 37) % ROWS}`.includes('item 1'))
      .map((i) => `PLAN${String(i).padStart(4, '0')}`)
      .sort()
      .reverse();
    expect(res.body.totalCount).toBe(codes.length);
    expect(res.body.data.map((r) => r.code)).toEqual(codes.slice(0, 5));
    // PostgreSQL guesses a search's matches; known to be few, they are sorted rather than found by walking the sort's index.
    if (database === 'postgres') expect(pageSql({ search: 'item 1' }, codes.length).sql).toMatch(/order by coalesce\("t"\."code", "t"\."code"\)/);
  });

  it('asks the search index for a LIKE filter on a searched column', async () => {
    const names = (await fetchProducts({ filters: [{ ColumnName: 'name', ColumnValue: 'ITEM 59', Operator: 'LIKE' }], Take: 50 })).body.data.map((r) => r.name);
    expect(names.sort()).toEqual(Array.from({ length: ROWS }, (_, i) => `Plan item ${(i * 37) % ROWS}`).filter((n) => n.includes('item 59')).sort());
    const page = pageSql({ filters: [{ ColumnName: 'name', ColumnValue: 'item 59', Operator: 'LIKE' }] }, names.length).sql;
    // SQLite: the FTS5 table for that column (else every row is read); PostgreSQL: the few matches sorted (the LIKE is its trigram index's).
    expect(page).toMatch(database === 'sqlite' ? /"product_search" match \?/ : /order by coalesce/);
  });
});
