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
    categoryIds.push(
      Number((await db.insertInto(category.table).values(row).returning('id').executeTakeFirstOrThrow()).id),
    );
  }
  const uom = await db.selectFrom('list_value').select('id').limit(1).executeTakeFirstOrThrow();
  const rows = Array.from({ length: ROWS }, (_, i) =>
    toStorageRow(
      product,
      {
        code: `PLAN${String(i).padStart(4, '0')}`,
        name: `Plan item ${(i * 37) % ROWS}`,
        category: categoryIds[i % 7 === 0 ? 1 : 0],
        uom: Number(uom.id),
        type: 'standard',
        sellingPrice: '1.00',
        isActive: true,
      },
      database,
    ),
  );
  await db.insertInto(product.table).values(rows).execute();
}, 60_000);

const fetchProducts = (body: FetchRequest) =>
  t.call<{ code: string; name: string }[]>('POST', '/DataRepository/fetch/product', { token: t.tokens.admin, body });

/** The SQL text of every statement the server runs while `during` runs. */
async function statementsOf(during: () => Promise<unknown>): Promise<string[]> {
  const db = t.server.app.ctx.db;
  const texts: string[] = [];
  const execute = db.executeQuery.bind(db);
  db.executeQuery = ((query: { sql: string }) => (
    texts.push(query.sql),
    execute(query as never)
  )) as typeof db.executeQuery;
  try {
    await during();
  } finally {
    db.executeQuery = execute;
  }
  return texts;
}

/** The SQL of a page as `readPlan` reads it with `matches` counted. */
function pageSql(body: FetchRequest, matches: number) {
  const { ctx } = t.server.app;
  const request = { server: { ctx } } as unknown as FastifyRequest;
  return pageQuery(ctx.db as never, product, readPlan(request, product, body, [], matches), 10, 0).compile();
}

describe('reading a page', () => {
  const byCategory = (id: () => number): FetchRequest => ({
    filters: [{ ColumnName: 'category', ColumnValue: id(), Operator: 'EQ' }],
    sorts: [{ ColumnName: 'name', Direction: 'ASC' }],
  });

  it('a category sorted by name answers its rows in name order, page after page', async () => {
    const names = Array.from({ length: ROWS }, (_, i) => i)
      .filter((i) => i % 7 === 0)
      .map((i) => `Plan item ${(i * 37) % ROWS}`)
      .sort();
    const pages = [];
    for (let skip = 0; skip < 30; skip += 10)
      pages.push(
        ...(await fetchProducts({ ...byCategory(() => categoryIds[1]!), Skip: skip, Take: 10 })).body.data.map(
          (r) => r.name,
        ),
      );
    expect(pages).toEqual(names.slice(0, 30));
  });

  it.runIf(database === 'sqlite')(
    'reads a category sorted by name off the index of both, however many rows match',
    async () => {
      const db = t.server.app.ctx.db;
      for (const matches of [5, COUNT_LIMIT + 1]) {
        const page = pageSql(
          byCategory(() => categoryIds[0]!),
          matches,
        );
        const plan = (
          await sql.raw<{ detail: string }>(`explain query plan ${page.sql.replace(/\?/g, () => '1')}`).execute(db)
        ).rows
          .map((r) => r.detail)
          .join('; ');
        expect(plan).toContain('product_category_id_name_idx');
        expect(plan).not.toContain('TEMP B-TREE');
      }
    },
  );

  it('a quick search with few matches answers them in the list order', async () => {
    const res = await fetchProducts({ search: 'item 1', sorts: [{ ColumnName: 'code', Direction: 'DESC' }], Take: 5 });
    const codes = Array.from({ length: ROWS }, (_, i) => i)
      .filter((i) => `Plan item ${(i * 37) % ROWS}`.includes('item 1'))
      .map((i) => `PLAN${String(i).padStart(4, '0')}`)
      .sort()
      .reverse();
    expect(res.body.totalCount).toBe(codes.length);
    expect(res.body.data.map((r) => r.code)).toEqual(codes.slice(0, 5));
    const second = await fetchProducts({
      search: 'item 1',
      sorts: [{ ColumnName: 'code', Direction: 'DESC' }],
      Skip: 5,
      Take: 5,
    });
    expect(second.body.data.map((r) => r.code)).toEqual(codes.slice(5, 10));
  });

  it('evaluates a quick search once: the page reads the counted matches by id, sorted', async () => {
    const statements = await statementsOf(() =>
      fetchProducts({ search: 'item 1', sorts: [{ ColumnName: 'code', Direction: 'DESC' }], Take: 5 }),
    );
    const searching = statements.filter((text) =>
      (database === 'sqlite' ? /"product_search" match/ : /like/).test(text),
    );
    expect(searching).toHaveLength(1);
    const page = statements.find((text) => text.includes('limit') && text.includes('offset'))!;
    // SQLite: the ids the count gathered (json_group_array); PostgreSQL: an array of them. Either way sorted, not read off the sort's index.
    expect(page).toMatch(
      database === 'sqlite'
        ? /t\.id in \(select value from json_each\(\?\)\).* order by \+"t"\."code" desc/
        : /t\.id = any\(\$1::bigint\[\]\).* order by coalesce\("t"\."code", "t"\."code"\) desc/,
    );
  });

  it('answers a page past the last match without reading one, and still counts them', async () => {
    const res = await fetchProducts({ search: 'item 1', Skip: 500, Take: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.totalCount).toBeGreaterThan(0);
    const statements = await statementsOf(() => fetchProducts({ search: 'item 1', Skip: 500, Take: 10 }));
    expect(statements.filter((text) => text.includes('count(*)'))).toHaveLength(1);
    expect(statements.filter((text) => text.includes('offset'))).toEqual([]);
  });

  it('asks the search index for a LIKE filter on a searched column', async () => {
    const names = (
      await fetchProducts({ filters: [{ ColumnName: 'name', ColumnValue: 'ITEM 59', Operator: 'LIKE' }], Take: 50 })
    ).body.data.map((r) => r.name);
    expect(names.sort()).toEqual(
      Array.from({ length: ROWS }, (_, i) => `Plan item ${(i * 37) % ROWS}`)
        .filter((n) => n.includes('item 59'))
        .sort(),
    );
    const statements = await statementsOf(() =>
      fetchProducts({ filters: [{ ColumnName: 'name', ColumnValue: 'item 59', Operator: 'LIKE' }] }),
    );
    // SQLite: the FTS5 table for that column (else every row is read); PostgreSQL: its trigram index serves the LIKE. Once: the page reads the matches by id.
    expect(statements.filter((text) => /"product_search" match \?/.test(text))).toHaveLength(
      database === 'sqlite' ? 1 : 0,
    );
    expect(statements.find((text) => text.includes('offset'))).toMatch(database === 'sqlite' ? /json_each/ : /any\(/);
  });
});
