import { type Kysely, type Migration } from 'kysely';

/**
 * Home (`src/modules/home`):
 * - `home_product_day`: what each product sold per outlet and local day, rolled up from the POS
 *   sale lines so the top products never sum a month of lines per request;
 * - `home_rollup`: one row, the last sale id rolled up;
 * - covering indexes for the sums Home reads live: sales by outlet and time, lines by sale, and
 *   online orders by status, outlet and last change.
 */
export const homeRollup: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('home_product_day')
      .addColumn('outlet_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('home_product_day_pk', ['outlet_id', 'day', 'product_id'])
      .execute();
    await db.schema
      .createTable('home_rollup')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('last_sale_id', 'integer', (c) => c.notNull())
      .execute();
    await db
      .insertInto('home_rollup' as never)
      .values({ id: 1, last_sale_id: 0 } as never)
      .execute();
    await db.schema.createIndex('sale_home_idx').on('sale').columns(['outlet_id', 'at', 'total', 'kind']).execute();
    await db.schema
      .createIndex('sale_line_home_idx')
      .on('sale_line')
      .columns(['sale_id', 'product_id', 'quantity', 'line_total'])
      .execute();
    await db.schema
      .createIndex('online_sales_order_home_idx')
      .on('online_sales_order')
      .columns(['status', 'outlet_id', 'updated_at', 'total'])
      .execute();
  },
};
