import { findEntity, type DropdownItemDto } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { allowedOutlets, canSee } from '../../data/access';
import type { AnyDb } from '../../data/store';
import { ADMIN_ROLE_CODE } from '../../db/seed/privileges';
import { requireAuth, screenLabel } from '../../http/auth-guard';
import { ApiError } from '../../http/envelope';

const userEntity = findEntity('user')!;

/**
 * Escalation rules: nobody gives, takes or acts on more than they hold. A role "holds" the flags of
 * its role_privilege rows; a caller's holding is their role's while it is active, else nothing.
 * Reached by explicit calls from the user and role hooks and the account routes, never from generic code.
 */

/** The role_privilege flag columns and how messages name them. */
export const PRIVILEGE_FLAGS = [
  ['able_to_view', 'view'],
  ['able_to_edit', 'edit'],
  ['able_to_delete', 'delete'],
  ['able_to_set_table', 'set table'],
] as const;

export type FlagColumn = (typeof PRIVILEGE_FLAGS)[number][0];

/** Privilege name → the flag columns the role holds on it. */
type Holding = Map<string, Set<FlagColumn>>;

/** What each of the roles holds, in one read. */
async function holdingsOf(db: AnyDb, roleIds: readonly number[]): Promise<Map<number, Holding>> {
  const holdings = new Map<number, Holding>(roleIds.map((id) => [id, new Map()]));
  if (roleIds.length === 0) return holdings;
  const rows = await db
    .selectFrom('role_privilege as rp')
    .innerJoin('privilege as p', 'p.id', 'rp.privilege_id')
    .select(['rp.role_id', 'p.name', 'rp.able_to_view', 'rp.able_to_edit', 'rp.able_to_delete', 'rp.able_to_set_table'])
    .where('rp.role_id', 'in', roleIds)
    .execute();
  for (const row of rows) {
    const flags = new Set(
      PRIVILEGE_FLAGS.filter(([column]) => row[column] === true || row[column] === 1).map(([column]) => column),
    );
    if (flags.size > 0) holdings.get(Number(row.role_id))!.set(row.name as string, flags);
  }
  return holdings;
}

const holdingOf = async (db: AnyDb, roleId: number): Promise<Holding> => (await holdingsOf(db, [roleId])).get(roleId)!;

const callerHoldings = new WeakMap<FastifyRequest, Promise<Holding>>();

/** What the caller's role holds (nothing while it is switched off), once per request. */
function callerHolding(request: FastifyRequest, db: AnyDb): Promise<Holding> {
  let cached = callerHoldings.get(request);
  if (!cached) {
    const auth = requireAuth(request);
    cached = auth.roleActive ? holdingOf(db, auth.roleId) : Promise.resolve(new Map());
    callerHoldings.set(request, cached);
    // A failed read (say, the database went away) is not remembered.
    cached.catch(() => callerHoldings.delete(request));
  }
  return cached;
}

const flagName = (column: FlagColumn) => PRIVILEGE_FLAGS.find(([c]) => c === column)![1];
const MAX_NAMED = 5;

/** "Users (edit, delete), Products (view)…": what `target` holds beyond `held`; empty when it is a subset. */
function beyond(target: Holding, held: Holding): string[] {
  const out: string[] = [];
  for (const [name, flags] of target) {
    const missing = [...flags].filter((f) => !held.get(name)?.has(f));
    if (missing.length > 0) out.push(`${screenLabel(name)} (${missing.map(flagName).join(', ')})`);
  }
  return out;
}

const listed = (items: string[]) =>
  items.slice(0, MAX_NAMED).join(', ') + (items.length > MAX_NAMED ? ` and ${items.length - MAX_NAMED} more` : '');

interface RoleRow {
  id: number;
  code: string;
  name: string;
  is_active: boolean | number;
}

const roleRow = (db: AnyDb, roleId: number): Promise<RoleRow | undefined> =>
  db.selectFrom('role').select(['id', 'code', 'name', 'is_active']).where('id', '=', roleId).executeTakeFirst();

/** 403 unless every flag of the role is one the caller holds; `what` says what was asked ("give the role"). */
async function assertRoleWithin(request: FastifyRequest, db: AnyDb, role: RoleRow, refused: string): Promise<void> {
  const extra = beyond(await holdingOf(db, role.id), await callerHolding(request, db));
  if (extra.length > 0)
    throw new ApiError(403, `${refused}: role ${role.name} holds privileges you do not (${listed(extra)})`);
}

/** The active roles the caller may give a user (each within their own holding), by name. */
export async function assignableRoles(request: FastifyRequest, db: AnyDb): Promise<DropdownItemDto[]> {
  const roles = await db
    .selectFrom('role')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('name')
    .execute();
  const [held, holdings] = await Promise.all([
    callerHolding(request, db),
    holdingsOf(
      db,
      roles.map((r) => Number(r.id)),
    ),
  ]);
  return roles
    .filter((r) => beyond(holdings.get(Number(r.id))!, held).length === 0)
    .map((r) => ({ text: r.name as string, value: Number(r.id) }));
}

/** A user may be given a role only if its privileges are a subset of the caller's. */
export async function assertMayAssignRole(request: FastifyRequest, db: AnyDb, roleId: number): Promise<void> {
  const role = await roleRow(db, roleId);
  if (role) await assertRoleWithin(request, db, role, `You cannot give the role ${role.name}`);
}

const userOutletLinks = (
  findEntity('user')!.fields.find((f) => f.kind === 'multireference' && f.entity === 'outlet') as { table: string }
).table;

/** Whether `outlets` (a user's "Outlets allowed"; empty for every outlet) are within the caller's. */
async function outletsWithin(request: FastifyRequest, outlets: readonly number[]): Promise<boolean> {
  const own = await allowedOutlets(request);
  return own.length === 0 || (outlets.length > 0 && outlets.every((id) => own.includes(id)));
}

/**
 * A caller limited to some outlets sees only users limited to some outlets too (the outlet filter
 * keeps those sharing one of theirs): a user of every outlet — an administrator — holds more than
 * they do and is hidden, answering as a missing one.
 */
export async function usersWithOutletsOnly(request: FastifyRequest): Promise<RawBuilder<SqlBool> | undefined> {
  if ((await allowedOutlets(request)).length === 0) return undefined;
  return sql<SqlBool>`exists (select 1 from ${sql.table(userOutletLinks)} as uo where uo.parent_id = t.id)`;
}

/**
 * A caller limited to some outlets gives a user only outlets of theirs, never "every outlet"
 * (an empty list); 403 naming the field.
 */
export async function assertMayGiveOutlets(request: FastifyRequest, outlets: readonly number[]): Promise<void> {
  if (await outletsWithin(request, outlets)) return;
  const message = 'You can give only outlets you may work at yourself, and not every outlet';
  throw new ApiError(403, message, [{ field: 'outlets', message }]);
}

/**
 * The caller may act on (edit, disable, delete, reset, unlock, sign out) a user only if that user's
 * role is a subset of theirs and, for a caller limited to some outlets, the user is limited to
 * outlets of theirs. `what` is the act as a verb phrase: "reset the password of".
 */
export async function assertMayActOnUser(
  request: FastifyRequest,
  db: AnyDb,
  userId: number,
  what: string,
): Promise<void> {
  const user = await db
    .selectFrom('app_user')
    .select(['user_name', 'role_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return;
  // A user the caller's outlets hide answers as a missing one, naming nobody (as the generic verbs do).
  if (!(await canSee(request, db, userEntity, userId))) throw new ApiError(404, 'User not found');
  const refused = `You cannot ${what} ${user.user_name as string}`;
  const role = await roleRow(db, Number(user.role_id));
  if (role) await assertRoleWithin(request, db, role, refused);
  const outlets = await db.selectFrom(userOutletLinks).select('ref_id').where('parent_id', '=', userId).execute();
  if (
    !(await outletsWithin(
      request,
      outlets.map((o) => Number(o.ref_id)),
    ))
  )
    throw new ApiError(403, `${refused}: they may work at outlets you may not`);
}

/** The caller may change, switch off or delete a role, or its grid, only if it is a subset of theirs. */
export async function assertMayActOnRole(
  request: FastifyRequest,
  db: AnyDb,
  roleId: number,
  what: string,
): Promise<void> {
  const role = await roleRow(db, roleId);
  if (role) await assertRoleWithin(request, db, role, `You cannot ${what} ${role.name}`);
}

export interface FlagChange {
  privilege: string;
  flag: FlagColumn;
  granted: boolean;
}

/**
 * A change to a role's grid: the role is within the caller's holding, every flag granted or removed
 * is one the caller holds, and the Administrator role loses nothing.
 */
export async function assertGridChange(
  request: FastifyRequest,
  db: AnyDb,
  roleId: number,
  changes: readonly FlagChange[],
): Promise<void> {
  const role = await roleRow(db, roleId);
  if (!role || changes.length === 0) return;
  if (role.code === ADMIN_ROLE_CODE && changes.some((c) => !c.granted))
    throw administratorRole('stripped: it keeps every privilege');
  await assertRoleWithin(request, db, role, 'You cannot change the privileges of');
  const held = await callerHolding(request, db);
  const foreign = changes
    .filter((c) => !held.get(c.privilege)?.has(c.flag))
    .map((c) => `${screenLabel(c.privilege)} (${flagName(c.flag)})`);
  if (foreign.length > 0)
    throw new ApiError(403, `You can grant or remove only privileges you hold, not ${listed(foreign)}`);
}

export const administratorRole = (refused: string) => new ApiError(409, `The Administrator role cannot be ${refused}`);

export const isAdministratorRole = (role: { code: string } | undefined) => role?.code === ADMIN_ROLE_CODE;

/** Any key; it only has to be the same for every process. */
const ADMINISTRATORS_LOCK = 7_340_041;

/**
 * 409 unless an active administrator other than `userId` remains. On PostgreSQL the check holds a
 * transaction lock first, so two administrators switching each other off at once cannot both pass;
 * SQLite runs one write transaction at a time anyway.
 */
export async function assertAnotherAdministrator(
  trx: AnyDb,
  dialect: 'sqlite' | 'postgres',
  userId: number,
  userName: string,
): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`.execute(trx);
  const other = await trx
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select('u.id')
    .where('r.code', '=', ADMIN_ROLE_CODE)
    .where('u.is_active', '=', true)
    .where('u.id', '<>', userId)
    .limit(1)
    .executeTakeFirst();
  if (!other)
    throw new ApiError(
      409,
      `${userName} is the last active administrator: they cannot be disabled, demoted or deleted`,
    );
}
