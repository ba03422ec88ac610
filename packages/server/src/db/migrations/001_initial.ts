import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';

/** Integer auto-increment primary key: `serial` on PostgreSQL, `integer … autoincrement` on SQLite. */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function withAudit<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text');
}

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_secret')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await withAudit(
      withId(db, db.schema.createTable('company'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('registration_no', 'text')
        .addColumn('tax_registration_no', 'text')
        .addColumn('address', 'text')
        .addColumn('logo', 'text')
        .addColumn('base_currency_id', 'integer')
        .addColumn('timezone', 'text'),
    ).execute();

    await withAudit(
      withId(db, db.schema.createTable('role'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
    ).execute();

    await withAudit(
      withId(db, db.schema.createTable('privilege'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('group_key', 'text', (c) => c.notNull())
        .addColumn('group_text', 'text', (c) => c.notNull())
        .addColumn('group_icon', 'text', (c) => c.notNull())
        .addColumn('group_sort', 'integer', (c) => c.notNull())
        .addColumn('menu_text', 'text', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('export_procedure', 'text')
        .addColumn('label_text', 'text')
        .addColumn('label_color', 'text')
        .addColumn('feature', 'text')
        .addColumn('in_menu', 'boolean', (c) => c.notNull().defaultTo(true)),
    ).execute();

    await withId(db, db.schema.createTable('role_privilege'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('privilege_id', 'integer', (c) => c.notNull().references('privilege.id').onDelete('cascade'))
      .addColumn('able_to_view', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('able_to_edit', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('able_to_delete', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('able_to_set_table', 'boolean', (c) => c.notNull().defaultTo(false))
      .addUniqueConstraint('role_privilege_role_privilege_uq', ['role_id', 'privilege_id'])
      .execute();

    await withAudit(
      withId(db, db.schema.createTable('app_user'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('otp_secret', 'text')
        .addColumn('otp_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('otp_last_step', 'integer')
        .addColumn('last_login_at', 'text')
        .addColumn('locked_until', 'text'),
    ).execute();
    await db.schema
      .createIndex('app_user_user_name_uq')
      .on('app_user')
      .unique()
      .expression(sql`lower(user_name)`)
      .execute();

    await withId(db, db.schema.createTable('session'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_refreshed_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

    await withId(db, db.schema.createTable('refresh_token'))
      .addColumn('session_id', 'integer', (c) => c.notNull().references('session.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('refresh_token_session_idx').on('refresh_token').column('session_id').execute();

    await db.schema
      .createTable('login_failure')
      .addColumn('user_key', 'text', (c) => c.primaryKey())
      .addColumn('failure_count', 'integer', (c) => c.notNull())
      .addColumn('first_failure_at', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .execute();

    await withId(db, db.schema.createTable('password_reset'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('password_reset_user_idx').on('password_reset').column('user_id').execute();

    await db.schema
      .createTable('feature_switch')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('enabled', 'boolean', (c) => c.notNull())
      .execute();

    await withAudit(
      withId(db, db.schema.createTable('list_value_category'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
    ).execute();

    await withAudit(
      withId(db, db.schema.createTable('list_value'))
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('list_value_category.id').onDelete('cascade'),
        )
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addUniqueConstraint('list_value_category_code_uq', ['category_id', 'code']),
    ).execute();

    await withId(db, db.schema.createTable('app_setting'))
      .addColumn('group_id', 'integer', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('attributes', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema.createIndex('app_setting_group_idx').on('app_setting').column('group_id').execute();
  },
};
