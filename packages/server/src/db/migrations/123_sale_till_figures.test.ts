import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { saleTillFigures } from './123_sale_till_figures';

describe('migration 123: a sale holds what the till charged', () => {
  it('moves the engine’s figures to expected, the till’s to the sale, and rebuilds Home’s rollups', async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    await sql`create table sale (id integer primary key, total bigint, terminal_total bigint, expected_total bigint)`.execute(
      db,
    );
    await sql`create table sale_line (id integer primary key, quantity bigint, unit_price bigint, terminal_unit_price bigint, discount bigint, line_total bigint, expected_unit_price bigint, expected_line_total bigint)`.execute(
      db,
    );
    await sql`create table home_rollup (id integer primary key, last_sale_id integer)`.execute(db);
    await sql`create table home_product_day (day text)`.execute(db);
    await sql`create table home_sales_day (day text)`.execute(db);
    await sql`insert into sale (id, total, terminal_total) values (1, 2000, 1500), (2, -1000, -1000)`.execute(db);
    // Two at 10.00 rung at 7.50; one at 6.00 with a 1.00 promotion rung at 6.00; a return of 1.5 at 2.99.
    await sql`insert into sale_line (id, quantity, unit_price, terminal_unit_price, discount, line_total) values
      (1, 2000, 1000, 750, 0, 2000), (2, 1000, 600, 600, 100, 500), (3, -1500, 300, 299, 0, -450)`.execute(db);
    await sql`insert into home_rollup (id, last_sale_id) values (1, 2)`.execute(db);
    await sql`insert into home_sales_day (day) values ('2026-01-01')`.execute(db);
    await saleTillFigures.up(db);
    expect((await sql`select id, total, expected_total from sale order by id`.execute(db)).rows).toEqual([
      { id: 1, total: 1500, expected_total: 2000 },
      { id: 2, total: -1000, expected_total: -1000 },
    ]);
    expect(
      (
        await sql`select id, unit_price, line_total, discount, expected_unit_price, expected_line_total from sale_line order by id`.execute(
          db,
        )
      ).rows,
    ).toEqual([
      { id: 1, unit_price: 750, line_total: 1500, discount: 0, expected_unit_price: 1000, expected_line_total: 2000 },
      { id: 2, unit_price: 600, line_total: 500, discount: 100, expected_unit_price: 600, expected_line_total: 500 },
      { id: 3, unit_price: 299, line_total: -449, discount: 0, expected_unit_price: 300, expected_line_total: -450 },
    ]);
    expect((await sql`select * from home_rollup`.execute(db)).rows).toEqual([{ id: 1, last_sale_id: 0 }]);
    expect((await sql`select * from home_sales_day`.execute(db)).rows).toEqual([]);
    await expect(sql`select terminal_total from sale`.execute(db)).rejects.toThrow(/no such column/);
    await db.destroy();
  });
});
