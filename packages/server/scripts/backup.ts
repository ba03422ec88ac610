/**
 * `npm run backup`: takes one backup now into BACKUP_DIR (default `DATA_DIR/backups`) and applies
 * retention, as the scheduled job does; records it in the database so Home shows it. On SQLite an
 * online copy (the server may keep running); on PostgreSQL `pg_dump`, which must be on the PATH.
 */
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { takeBackup } from '../src/modules/backup/copy';
import { recordBackup } from '../src/modules/backup/index';

const config = loadConfig();
try {
  const taken = await takeBackup(config, config.backups);
  console.log(`Backup taken: ${taken.file} (${taken.bytes} bytes, ${taken.tookMs} ms)`);
  for (const file of taken.deleted) console.log(`Deleted by retention: ${file}`);
  const { kysely } = openDatabase({ ...config, onConnectionError: () => {} });
  try {
    await recordBackup(kysely, taken);
  } catch (error) {
    console.warn(`The backup was taken but not recorded for Home: ${(error as Error).message}`);
  } finally {
    await kysely.destroy();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
