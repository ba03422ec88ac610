/**
 * `npm run restore -- <backup file>`: puts a backup back as the live database. Stop every server
 * first: it refuses (exit code 2) while the database is in use. The backup is checked before the
 * live database is touched; on SQLite the live file is kept beside it as
 * `backroom.db.before-restore-<time>`. Start the servers afterwards: a backup of an older release
 * is migrated at start like any upgrade.
 */
import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '../src/config';
import { DatabaseInUse, restorePostgres, restoreSqlite } from '../src/modules/backup/restore';

const given = process.argv[2];
if (!given) {
  console.error(
    'Usage: npm run restore -- <backup file>   (a backroom-….db on SQLite, a backroom-….dump on PostgreSQL)',
  );
  process.exit(1);
}
// npm runs the script in packages/server; a relative path means where the operator typed it.
const file = isAbsolute(given) ? given : resolve(process.env.INIT_CWD ?? process.cwd(), given);
const config = loadConfig();
try {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
    console.log(`Restored ${file} into the PostgreSQL database. Start the servers: pending migrations run at start.`);
  } else {
    const { kept } = await restoreSqlite(config.dataDir, file);
    if (kept) console.log(`The database it replaced is kept as ${kept}`);
    console.log(
      `Restored ${file} as ${config.dataDir}/backroom.db. Start the server: pending migrations run at start.`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof DatabaseInUse ? 2 : 1);
}
