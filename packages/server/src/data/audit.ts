import { getEntity, toStorageRow, type AuditChanges, type NormalisedEntity } from '@backroom/schema';
import type { HookContext, WriteAction } from './hooks';
import type { Row } from './store';

const auditLog = getEntity('auditlog');

/** Fields whose change an audit row records: the entity's own, not the bookkeeping ones. */
const AUDITED_SYSTEM = new Set(['isActive']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Before and after of the fields that changed. API rows carry secrets masked already; a secret that
 * was sent counts as changed even when its mask reads the same.
 */
export function changesOf(entity: NormalisedEntity, before: Row | null, after: Row | null, sentSecrets: ReadonlySet<string> = new Set()): AuditChanges {
  const out: AuditChanges = { before: {}, after: {} };
  for (const field of entity.fields) {
    if (field.system && !AUDITED_SYSTEM.has(field.name)) continue;
    const a = before?.[field.name];
    const b = after?.[field.name];
    const changed = before === null ? b !== null && b !== undefined : after === null ? a !== null && a !== undefined : !same(a, b) || sentSecrets.has(field.name);
    if (!changed) continue;
    if (before) out.before[field.name] = a ?? null;
    if (after) out.after[field.name] = b ?? null;
  }
  return out;
}

/** One audit row for a write, in its transaction; an update that changed nothing leaves none. */
export async function recordAudit(hc: HookContext, action: WriteAction, id: number, before: Row | null, after: Row | null, sentSecrets?: ReadonlySet<string>) {
  const changes = changesOf(hc.entity, before, after, sentSecrets);
  if (action === 'update' && Object.keys(changes.after).length === 0) return;
  await hc.trx
    .insertInto(auditLog.table)
    .values(
      toStorageRow(
        auditLog,
        { at: hc.now, userId: hc.auth.userId, userName: hc.auth.userName, entity: hc.entity.name, rowId: id, action, changes },
        hc.ctx.dialect,
      ),
    )
    .execute();
}
