import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Dialect } from '../connect';
import type { Database } from '../types';
import { seedDemo } from './demo';
import { seedDemoSales } from './demo-sales';
import { syncPrivileges } from './privileges';
import { syncSettingsAndFeatures } from './settings';

/**
 * Brings reference data up to date at every start; on a fresh database (no company, no user) in
 * demo mode it also writes the demo company, roles, users, list values and top menu; with the demo
 * catalogue, also 30 days of terminal sales (through the terminal API's path, after the catalogue has committed).
 */
export async function seedDatabase(db: Kysely<Database>, options: { demo: boolean; catalogue?: boolean; dialect: Dialect }): Promise<void> {
  const now = new Date().toISOString();
  await syncPrivileges(db, now);
  await syncSettingsAndFeatures(db, now);
  if (!options.demo) return;
  const company = await db.selectFrom('company').select('id').limit(1).executeTakeFirst();
  const user = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (company || user) return;
  await seedDemo(db, now, { catalogue: options.catalogue ?? false });
  if (options.catalogue) await seedDemoSales({ db, dialect: options.dialect } as AppContext, now);
}
