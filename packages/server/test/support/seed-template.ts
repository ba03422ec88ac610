import type { Kysely } from 'kysely';
import type { Dialect } from '../../src/db/connect';
import { seedDatabase } from '../../src/db/seed/index';
import type { Database } from '../../src/db/types';
import { MODULES } from '../../src/module-list';
import { installEventHandlers } from '../../src/modules/events';

/**
 * Seeds a migrated template in demo mode as a server's first start does (app.ts), less the server
 * secret: each test server makes its own. Its files go to `files`.
 */
export async function seedAsServerStart(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { catalogue: boolean; files: string },
): Promise<void> {
  installEventHandlers(MODULES);
  // Test servers serve files under the default base path.
  const files = { dir: options.files, basePath: '/backoffice' };
  await seedDatabase(db, MODULES, { demo: true, catalogue: options.catalogue, dialect, files });
}
