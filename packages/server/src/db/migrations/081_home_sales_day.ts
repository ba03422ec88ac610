import type { Kysely, Migration } from 'kysely';

/**
 * Home (`src/modules/home`): `home_sales_day`, POS sales per outlet and local day (net total and
 * receipts), rolled up beside `home_product_day` behind the same mark, so the sales by day read a
 * row per day instead of every sale of the month.
 */
export const homeSalesDay: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('home_sales_day')
      .addColumn('outlet_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('receipts', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('home_sales_day_pk', ['outlet_id', 'day'])
      .execute();
    // Sales already rolled up into the products are summed here too, so both tables share the mark.
    await db
      .updateTable('home_rollup' as never)
      .set({ last_sale_id: 0 } as never)
      .execute();
    await db.deleteFrom('home_product_day' as never).execute();
  },
};
