import { getEntity, toStorageRow, type AuditAction, type AuditChanges, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ActionCall, HookContext, WriteAction } from './hooks';
import { apiRow, withLabels } from './read';
import { insertMany } from './insert-many';
import { anyDb, type AnyDb, type Row } from './store';

const auditLog = getEntity('auditlog');

/** Fields whose change an audit row records: the entity's own, not the bookkeeping ones. */
const AUDITED_SYSTEM = new Set(['isActive']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Before and after of the fields that changed. API rows carry secrets masked already; a secret that
 * was sent counts as changed even when its mask reads the same.
 */
export function changesOf(
  entity: NormalisedEntity,
  before: Row | null,
  after: Row | null,
  sentSecrets: ReadonlySet<string> = new Set(),
): AuditChanges {
  const out: AuditChanges = { before: {}, after: {} };
  for (const field of entity.fields) {
    if (field.system && !AUDITED_SYSTEM.has(field.name)) continue;
    const a = before?.[field.name];
    const b = after?.[field.name];
    const changed =
      before === null
        ? b !== null && b !== undefined
        : after === null
          ? a !== null && a !== undefined
          : !same(a, b) || sentSecrets.has(field.name);
    if (!changed) continue;
    if (before) out.before[field.name] = a ?? null;
    if (after) out.after[field.name] = b ?? null;
  }
  return out;
}

/** Who acted: a user, or (a sign-in with an unknown name) only the name as typed. */
export interface Actor {
  userId: number | null;
  userName: string | null;
}

/** One audit row: who (`actor`), when (`at`, now by default), what (`action` on `entity` row `rowId`, `changes`), from where (`ip`). Never a secret. */
export interface AuditEvent {
  action: AuditAction;
  entity: string;
  rowId: number | null;
  actor: Actor;
  ip: string | null;
  changes?: AuditChanges;
  at?: string;
}

const USER_NAME_LENGTH = 100;

const auditRow = (ctx: AppContext, event: AuditEvent) =>
  toStorageRow(
    auditLog,
    {
      at: event.at ?? new Date().toISOString(),
      userId: event.actor.userId,
      userName: event.actor.userName?.slice(0, USER_NAME_LENGTH) ?? null,
      entity: event.entity,
      rowId: event.rowId,
      action: event.action,
      changes: event.changes ?? null,
      ip: event.ip,
    },
    ctx.dialect,
  );

/** Writes one audit row with `db` (pass a transaction to commit it with the action). */
export async function recordEvent(ctx: AppContext, event: AuditEvent, db: AnyDb = anyDb(ctx)): Promise<void> {
  await db.insertInto(auditLog.table).values(auditRow(ctx, event)).execute();
}

type RequestEvent = Omit<AuditEvent, 'actor' | 'ip'> & { actor?: Actor };

const ofRequest = (request: FastifyRequest, event: RequestEvent): AuditEvent => ({
  ...event,
  actor: event.actor ?? { userId: request.auth?.userId ?? null, userName: request.auth?.userName ?? null },
  ip: request.ip ?? null,
});

/** An event of a request: by the signed-in caller unless `actor` is given, from the request's client address. */
export function recordRequestEvent(request: FastifyRequest, event: RequestEvent, db?: AnyDb): Promise<void> {
  return recordEvent(request.server.ctx, ofRequest(request, event), db);
}

/** `recordRequestEvent` for many events at once (one multi-row insert). */
export async function recordRequestEvents(
  request: FastifyRequest,
  events: readonly RequestEvent[],
  db: AnyDb,
): Promise<void> {
  if (events.length > 0)
    await insertMany(
      db,
      auditLog.table,
      events.map((event) => auditRow(request.server.ctx, ofRequest(request, event))),
      false,
    );
}

/** One write for the audit: the row, its API form before (null for an insert) and after, and the secrets sent. */
export interface AuditedWrite {
  id: number;
  before: Row | null;
  after: Row | null;
  sentSecrets?: ReadonlySet<string>;
}

/** One audit row per write, in its transaction, with multi-row inserts; an update that changed nothing leaves none. */
export async function recordAudits(
  hc: HookContext,
  action: WriteAction,
  writes: readonly AuditedWrite[],
): Promise<void> {
  const rows: Row[] = [];
  for (const { id, before, after, sentSecrets } of writes) {
    const changes = changesOf(hc.entity, before, after, sentSecrets);
    if (action === 'update' && Object.keys(changes.after).length === 0) continue;
    rows.push(
      auditRow(hc.ctx, {
        at: hc.now,
        actor: hc.auth,
        entity: hc.entity.name,
        rowId: id,
        action,
        changes,
        ip: hc.request.ip ?? null,
      }),
    );
  }
  if (rows.length > 0) await insertMany(hc.trx, auditLog.table, rows, false);
}

/** One audit row for a write, in its transaction; an update that changed nothing leaves none. */
export const recordAudit = (
  hc: HookContext,
  action: WriteAction,
  id: number,
  before: Row | null,
  after: Row | null,
  sentSecrets?: ReadonlySet<string>,
) => recordAudits(hc, action, [{ id, before, after, sentSecrets }]);

/**
 * The end of a row action that changed row `id` of `entity`: the row read once after the change,
 * audited as an update from `before`, and answered with its labels (`withLabels`, not read again).
 * `after` is the unlabelled row, as an event about it sends it.
 */
export async function auditedAfter<T extends object>(
  call: ActionCall,
  entity: NormalisedEntity,
  id: number,
  before: T,
): Promise<{ after: T; answer: T }> {
  const after = (await apiRow(call.ctx, call.trx, entity, id, { labels: false }))!;
  await recordAudit(call, 'update', id, before as Row, after);
  return { after: after as T, answer: (await withLabels(call.trx, entity, after)) as T };
}
