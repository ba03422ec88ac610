import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A sale is recorded as the till charged it (issue 22): `total`, a line's `unitPrice` and
 * `lineTotal` are the till's, the pricing engine's figures are `expectedTotal`,
 * `expectedUnitPrice` and `expectedLineTotal` (added by 122). Sales recorded before held the
 * engine's figures there and the till's in `terminal_total` / `terminal_unit_price`: they are
 * moved to their new places (a line's total as charged: its quantity at the till's unit price,
 * the only line figure the till sent), the old columns go, and Home's rollups are rebuilt from
 * the sales as charged.
 */
export const saleTillFigures: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update sale set expected_total = total, total = coalesce(terminal_total, total)`.execute(db);
    await sql`update sale_line set expected_unit_price = unit_price, expected_line_total = line_total, unit_price = coalesce(terminal_unit_price, unit_price)`.execute(
      db,
    );
    await sql`update sale_line set line_total = case when quantity < 0 then -((-quantity * unit_price + 500) / 1000) else (quantity * unit_price + 500) / 1000 end, discount = 0
      where unit_price is not null and unit_price <> expected_unit_price`.execute(db);
    await db.schema.alterTable('sale').dropColumn('terminal_total').execute();
    await db.schema.alterTable('sale_line').dropColumn('terminal_unit_price').execute();
    await db
      .updateTable('home_rollup' as never)
      .set({ last_sale_id: 0 } as never)
      .execute();
    await db.deleteFrom('home_product_day' as never).execute();
    await db.deleteFrom('home_sales_day' as never).execute();
  },
};
