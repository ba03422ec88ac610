import type { CurrencyOption } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export async function activeCurrencies(db: Kysely<Database>): Promise<CurrencyOption[]> {
  // Code and name are required by the registry: every write of a currency is validated.
  return db
    .selectFrom('currency')
    .select(['id', 'code', 'name'])
    .where('is_active', '=', true)
    .orderBy('code')
    .$narrowType<{ code: string; name: string }>()
    .execute();
}

export async function currencyExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('currency').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The currency with this ISO code, created (as the base currency) when there is none yet. */
export async function ensureBaseCurrency(db: Kysely<Database>, code: string, now: string, by: string): Promise<number> {
  const found = await db.selectFrom('currency').select('id').where('code', '=', code).executeTakeFirst();
  if (found) return found.id;
  const { id } = await db
    .insertInto('currency')
    .values({
      code,
      name: code,
      symbol: null,
      decimals: 2,
      is_base: true,
      is_active: true,
      created_at: now,
      created_by: by,
      updated_at: now,
      updated_by: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
