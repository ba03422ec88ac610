import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Tables of the pricing service the registry does not describe:
 * - `promotion_code`: every promotion and promotion rule code, once: the primary key keeps codes
 *   unique across both kinds, also under parallel saves;
 * - `promotion_member_usage`: how many sales of each member used a promotion rule (its
 *   `usageLimitPerMember`), counted atomically;
 * - `pricing_redemption`: what each sale redeemed (rule, voucher and code, birthday voucher).
 */
export const pricingLedgers: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('promotion_code')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('row_id', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into promotion_code (code, entity, row_id) select code, 'promotion', id from promotion`.execute(
      db,
    );
    await sql`insert into promotion_code (code, entity, row_id) select code, 'newpromotion', id from promotion_rule where code not in (select code from promotion_code)`.execute(
      db,
    );

    await db.schema
      .createTable('promotion_member_usage')
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('promotion_rule.id').onDelete('cascade'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('membership.id').onDelete('cascade'))
      .addColumn('times_used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('promotion_member_usage_pk', ['rule_id', 'member_id'])
      .execute();

    await (
      postgres
        ? db.schema.createTable('pricing_redemption').addColumn('id', 'serial', (c) => c.primaryKey())
        : db.schema.createTable('pricing_redemption').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref_id', 'integer', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('member_id', 'integer', (c) => c.references('membership.id').onDelete('set null'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pricing_redemption_kind_ref_idx')
      .on('pricing_redemption')
      .columns(['kind', 'ref_id'])
      .execute();
    await db.schema
      .createIndex('pricing_redemption_member_idx')
      .on('pricing_redemption')
      .columns(['member_id', 'kind', 'at'])
      .execute();
  },
};
