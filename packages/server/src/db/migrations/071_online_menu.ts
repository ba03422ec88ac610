import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/**
 * `online_menu_version`: every menu an online channel published (`onlinemenusetup` action
 * `publish`), as the JSON served at `{core}/public/menu/{channelCode}.json`; the newest version
 * of a channel is the one served, older ones stay as its history.
 */
export const onlineMenu: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await (
      postgres
        ? db.schema.createTable('online_menu_version').addColumn('id', 'serial', (c) => c.primaryKey())
        : db.schema.createTable('online_menu_version').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('online_sales_channel.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text', (c) => c.notNull())
      .addUniqueConstraint('online_menu_version_channel_version_key', ['channel_id', 'version'])
      .execute();
  },
};
