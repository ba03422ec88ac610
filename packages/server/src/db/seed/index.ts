import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../connect';
import type { Database } from '../types';
import type { DemoCatalogue } from './catalogue/index';
import type { Seeder } from './catalogue/insert';
import { seedDemo } from './demo';
import { syncPrivileges } from './privileges';
import { syncSettingsAndFeatures } from './settings';

/** Where a module's demo rows go: the demo seed's transaction, after the company, users and list values. */
export interface DemoScope {
  trx: Transaction<Database>;
  now: string;
  /** The demo catalogue's ids, when it is seeded (`DEMO_CATALOGUE`); its seeder writes validated rows. */
  catalogue?: { seeder: Seeder; ids: DemoCatalogue };
}

/** After the demo seed has committed: for what runs through a module's own transactions (a till's sales). */
export interface CommittedDemo {
  db: Kysely<Database>;
  dialect: Dialect;
  now: string;
  /** Whether the demo catalogue was seeded. */
  catalogue: boolean;
}

/** What a module adds to a fresh demo database (`DomainModule.seed`); run in the module list's order. */
export interface ModuleSeed {
  demo?(scope: DemoScope): Promise<void>;
  demoCommitted?(demo: CommittedDemo): Promise<void>;
}

/** The modules as the seed sees them: the seed imports no module, it is handed the list. */
export interface SeedingModule {
  name: string;
  seed?: ModuleSeed;
}

/**
 * Brings reference data up to date at every start; on a fresh database (no company, no user) in
 * demo mode it also writes the demo company, roles, users, list values and top menu, the demo
 * catalogue if asked, and each module's demo rows; then what each module seeds after the commit
 * (30 days of terminal sales, through the terminal API's path, with the demo catalogue).
 */
export async function seedDatabase(db: Kysely<Database>, modules: readonly SeedingModule[], options: { demo: boolean; catalogue?: boolean; dialect: Dialect }): Promise<void> {
  const now = new Date().toISOString();
  await syncPrivileges(db, now);
  await syncSettingsAndFeatures(db, now);
  if (!options.demo) return;
  const company = await db.selectFrom('company').select('id').limit(1).executeTakeFirst();
  const user = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (company || user) return;
  const catalogue = options.catalogue ?? false;
  await seedDemo(db, now, { catalogue, modules });
  for (const module of modules) await module.seed?.demoCommitted?.({ db, dialect: options.dialect, now, catalogue });
}
