import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../connect';
import type { Database } from '../types';
import type { DemoCatalogue } from './catalogue/index';
import type { Seeder } from './catalogue/insert';

/** Where the demo's files (banner pictures) go, and the base path their addresses start with. */
export interface DemoFiles {
  dir: string;
  basePath: string;
}

/** Where a module's demo rows go: the demo seed's transaction, after the company, users and list values. */
export interface DemoScope {
  trx: Transaction<Database>;
  now: string;
  files: DemoFiles;
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
  /** Reference data every database has, brought up to date at every start (never overwriting a value). */
  required?(db: Kysely<Database>, now: string): Promise<void>;
  demo?(scope: DemoScope): Promise<void>;
  demoCommitted?(demo: CommittedDemo): Promise<void>;
}

/** The modules as the seed sees them: the seed imports no module, it is handed the list. */
export interface SeedingModule {
  name: string;
  seed?: ModuleSeed;
}
