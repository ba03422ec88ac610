import { hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

const SECRET_NAME = 'jwt';

/** JWT_SECRET when set; otherwise a random secret generated on first start and kept in the database. */
async function serverSecret(db: Kysely<Database>, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('server_secret')
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return row.value;
}

export async function loadServerKeys(db: Kysely<Database>, configured: string | null): Promise<{ jwtKey: Uint8Array; otpKey: Buffer }> {
  const secret = await serverSecret(db, configured);
  return {
    jwtKey: new TextEncoder().encode(secret),
    otpKey: Buffer.from(hkdfSync('sha256', secret, 'backroom', 'totp-secret-encryption', 32)),
  };
}
