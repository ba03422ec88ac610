import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';
import type { Database } from '../types';
import { seedDemo } from './demo';
import type { DemoFiles, SeedingModule } from './module-seed';
import { syncPrivileges } from './privileges';
import { syncFeatures } from './features';

export type { CommittedDemo, DemoFiles, DemoScope, ModuleSeed, SeedingModule } from './module-seed';

/**
 * Brings reference data up to date at every start (privileges and feature switches from the
 * registry, then each module's required rows, such as the general settings); on a fresh database
 * (no company, no user) in demo mode it also writes the demo company and list values, the demo
 * catalogue if asked, and each module's demo rows (roles and users, top menu, promotions, stock…);
 * then what each module seeds after the commit (30 days of terminal sales, through the terminal
 * API's path, with the demo catalogue).
 */
export async function seedDatabase(
  db: Kysely<Database>,
  modules: readonly SeedingModule[],
  options: { demo: boolean; catalogue?: boolean; dialect: Dialect; files: DemoFiles },
): Promise<void> {
  const now = new Date().toISOString();
  await syncPrivileges(db, now);
  await syncFeatures(db);
  for (const module of modules) await module.seed?.required?.(db, now);
  if (!options.demo) return;
  const company = await db.selectFrom('company').select('id').limit(1).executeTakeFirst();
  const user = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (company || user) return;
  const catalogue = options.catalogue ?? false;
  await seedDemo(db, now, { catalogue, modules, files: options.files });
  for (const module of modules) await module.seed?.demoCommitted?.({ db, dialect: options.dialect, now, catalogue });
}
