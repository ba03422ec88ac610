import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db/connect';
import type { Database } from './db/types';
import type { Mailer } from './mail/mailer';

/** What route modules and guards share; one per app, reachable as `app.ctx` / `request.server.ctx`. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** HS256 key of access and OTP tokens, bound to this deployment (see crypto/server-secret.ts). */
  jwtKey: Uint8Array;
  /** AES-256 key of TOTP secrets at rest, derived from the same server secret. */
  otpKey: Buffer;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
