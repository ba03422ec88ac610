import { hkdfSync } from 'node:crypto';
import { findEntity, withCustomFields, type CustomFieldRow, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { decryptSecret, encryptSecret } from '../crypto/sealed';
import type { AppContext } from '../context';
import { cachePerApp } from '../db/generations';
import type { AnyDb } from '../db/types';
import { requireAuth } from '../http/auth-guard';

export type { AnyDb, Row } from '../db/types';

export const anyDb = (ctx: AppContext): AnyDb => ctx.db as unknown as AnyDb;

/** Runs `work` in a transaction: the one `db` is already (the work joins it), else a new one. */
export const inTransaction = <T>(db: AnyDb, work: (trx: AnyDb) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * The context with the transaction `trx` as its database: work run with it joins that transaction
 * (on SQLite, a query outside it would wait for the one connection the transaction holds).
 */
export const withinTransaction = (ctx: AppContext, trx: AnyDb): AppContext => ({
  ...ctx,
  db: trx as AppContext['db'],
});

/** AES-256-GCM key for secrets kept for others (gateway keys, webhook secrets), derived from the server secret. */
const keys = new WeakMap<Uint8Array, Buffer>();
function secretKey(ctx: AppContext): Buffer {
  let key = keys.get(ctx.jwtKey);
  if (!key)
    keys.set(ctx.jwtKey, (key = Buffer.from(hkdfSync('sha256', ctx.jwtKey, 'backroom', 'data-secret-encryption', 32))));
  return key;
}

export const encrypt = (ctx: AppContext, plain: string) => encryptSecret(secretKey(ctx), plain);

/** Decrypts a stored secret for the call it is kept for (never for display: the API shows only its mask); '' when it does not decrypt. */
export const revealer = (ctx: AppContext) => (cipherText: string) => {
  try {
    return decryptSecret(secretKey(ctx), cipherText);
  } catch {
    return '';
  }
};

const customFieldEntity = findEntity('customfield')!;

const customEntities = cachePerApp<string, NormalisedEntity>();

/**
 * `withCustom` for a signed-in request's reads: kept by the process for the `schema` generation
 * the request's session query read. Writes read the custom fields afresh in their transaction.
 */
export function customEntity(request: FastifyRequest, entity: NormalisedEntity): Promise<NormalisedEntity> {
  if (!entity.customizable) return Promise.resolve(entity);
  const ctx = request.server.ctx;
  return customEntities(ctx).get(entity.name, requireAuth(request).generations.schema, () =>
    withCustom(anyDb(ctx), entity),
  );
}

/** The entity with the custom fields its `customfield` rows define (list-value categories by code). */
export async function withCustom(db: AnyDb, entity: NormalisedEntity): Promise<NormalisedEntity> {
  if (!entity.customizable) return entity;
  const rows = await db
    .selectFrom(`${customFieldEntity.table} as cf`)
    .leftJoin('list_value_category as c', 'c.id', 'cf.list_value_category_id')
    .select([
      'cf.entity',
      'cf.key',
      'cf.label',
      'cf.kind',
      'c.code as category',
      'cf.required',
      'cf.sort_order',
      'cf.is_active',
    ])
    .where('cf.entity', '=', entity.name)
    .execute();
  const defs: CustomFieldRow[] = rows.map((r) => ({
    entity: r.entity,
    key: r.key,
    label: r.label,
    kind: r.kind,
    listValueCategory: r.category,
    required: Boolean(r.required),
    sortOrder: r.sort_order,
    isActive: r.is_active === true || r.is_active === 1,
  }));
  return withCustomFields(entity, defs);
}
