import {
  roleOption,
  rolePrivilegeGrid,
  rolePrivilegeGridQuery,
  saveRolePrivilegesRequest,
  type FieldError,
  type RoleOption,
  type RolePrivilegeGrid,
  type RolePrivilegeGroup,
  type SaveRolePrivilegesRequest,
} from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recordRequestEvent } from '../../data/audit';
import { assertGridChange, PRIVILEGE_FLAGS, type FlagChange, type FlagColumn } from '../user/index';
import type { Database } from '../../db/types';
import { requireAuth, requirePrivilege } from '../../http/auth-guard';
import { ApiError, ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { documented } from '../../http/openapi-contract';

/** The screen whose edit right lets a role change role privileges: its own must never be taken away. */
const GUARDED_SCREEN = 'roleprivilege';

async function roleOrNotFound(db: Kysely<Database>, roleId: number) {
  const role = await db.selectFrom('role').select(['id', 'name']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new ApiError(404, 'Role not found');
  return role;
}

async function readGrid(db: Kysely<Database>, roleId: number): Promise<RolePrivilegeGrid> {
  const role = await roleOrNotFound(db, roleId);
  const rows = await db
    .selectFrom('privilege as p')
    .leftJoin('role_privilege as rp', (join) =>
      join.onRef('rp.privilege_id', '=', 'p.id').on('rp.role_id', '=', roleId),
    )
    .select([
      'p.id',
      'p.name',
      'p.menu_text',
      'p.group_key',
      'p.group_text',
      'rp.able_to_view',
      'rp.able_to_edit',
      'rp.able_to_delete',
      'rp.able_to_set_table',
    ])
    .orderBy('p.group_sort')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  const groups = new Map<string, RolePrivilegeGroup>();
  for (const row of rows) {
    let group = groups.get(row.group_key);
    if (!group) groups.set(row.group_key, (group = { groupKey: row.group_key, groupText: row.group_text, rows: [] }));
    group.rows.push({
      privilegeId: row.id,
      name: row.name,
      menuText: row.menu_text,
      ableToView: row.able_to_view ?? false,
      ableToEdit: row.able_to_edit ?? false,
      ableToDelete: row.able_to_delete ?? false,
      ableToSetTable: row.able_to_set_table ?? false,
    });
  }
  return { roleId: role.id, roleName: role.name, groups: [...groups.values()] };
}

type Flags = Record<FlagColumn, boolean>;

/** The flags a row grants, as the audit log shows them: "view, edit", or "" for none. */
const granted = (flags: Flags | undefined) =>
  flags
    ? PRIVILEGE_FLAGS.filter(([column]) => flags[column])
        .map(([, name]) => name)
        .join(', ')
    : '';

/**
 * Writes the sent rows of one role in one transaction (rows not sent keep their flags), with one
 * audit row naming each privilege whose grants changed. Refuses unknown privileges (400), a save
 * that would take the caller's own role's edit right on role privileges (409): nobody could give
 * it back, and what the escalation rules refuse (escalation.ts: a role or flags beyond the
 * caller's, 403; stripping the Administrator role, 409).
 */
async function saveGrid(request: FastifyRequest, body: SaveRolePrivilegesRequest): Promise<void> {
  const { db } = request.server.ctx;
  const auth = requireAuth(request);
  await roleOrNotFound(db, body.roleId);
  const ids = body.rows.map((r) => r.privilegeId);
  const privileges =
    ids.length === 0 ? [] : await db.selectFrom('privilege').select(['id', 'name']).where('id', 'in', ids).execute();
  const names = new Map(privileges.map((p) => [p.id, p.name]));
  const unknown: FieldError[] = body.rows.flatMap((r, i) =>
    names.has(r.privilegeId)
      ? []
      : [{ field: `rows.${i}.privilegeId`, message: `Privilege ${r.privilegeId} does not exist` }],
  );
  if (unknown.length > 0) throw validationError(unknown);
  if (
    body.roleId === auth.roleId &&
    body.rows.some((r) => names.get(r.privilegeId) === GUARDED_SCREEN && !r.ableToEdit)
  ) {
    throw new ApiError(
      409,
      'You cannot remove your own role’s right to edit role privileges, or nobody could give it back',
    );
  }
  await db.transaction().execute(async (trx) => {
    const current = new Map(
      ids.length === 0
        ? []
        : (
            await trx
              .selectFrom('role_privilege')
              .select(['privilege_id', 'able_to_view', 'able_to_edit', 'able_to_delete', 'able_to_set_table'])
              .where('role_id', '=', body.roleId)
              .where('privilege_id', 'in', ids)
              .execute()
          ).map((r) => [r.privilege_id, r] as const),
    );
    const flagsOf = (row: SaveRolePrivilegesRequest['rows'][number]): Flags => ({
      able_to_view: row.ableToView,
      able_to_edit: row.ableToEdit,
      able_to_delete: row.ableToDelete,
      able_to_set_table: row.ableToSetTable,
    });
    const flagChanges: FlagChange[] = body.rows.flatMap((row) =>
      PRIVILEGE_FLAGS.filter(
        ([column]) => Boolean(current.get(row.privilegeId)?.[column]) !== flagsOf(row)[column],
      ).map(([column]) => ({
        privilege: names.get(row.privilegeId)!,
        flag: column,
        granted: flagsOf(row)[column],
      })),
    );
    await assertGridChange(request, trx, body.roleId, flagChanges);
    const changes = { before: {} as Record<string, string>, after: {} as Record<string, string> };
    for (const row of body.rows) {
      const flags = flagsOf(row);
      await trx
        .insertInto('role_privilege')
        .values({ role_id: body.roleId, privilege_id: row.privilegeId, ...flags })
        .onConflict((oc) => oc.columns(['role_id', 'privilege_id']).doUpdateSet(flags))
        .execute();
      const [before, after] = [granted(current.get(row.privilegeId)), granted(flags)];
      if (before === after) continue;
      const name = names.get(row.privilegeId)!;
      changes.before[name] = before;
      changes.after[name] = after;
    }
    if (Object.keys(changes.after).length > 0) {
      await recordRequestEvent(
        request,
        { action: 'grantPrivileges', entity: 'role', rowId: body.roleId, changes },
        trx,
      );
    }
  });
}

/** `/api/RolePrivileges/{Roles|Grid|Save}`: the `roleprivilege` screen. */
export function registerRolePrivilegeRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;
  const base = `${apiPrefix}/RolePrivileges`;

  app.get(
    `${base}/Roles`,
    {
      ...documented({ summary: 'The roles of the privilege grid', answer: z.array(roleOption) }),
      preHandler: requirePrivilege(GUARDED_SCREEN, 'view'),
    },
    async () => {
      const roles: RoleOption[] = await db.selectFrom('role').select(['id', 'code', 'name']).orderBy('name').execute();
      return ok(roles, 'OK', roles.length);
    },
  );

  app.get(
    `${base}/Grid`,
    {
      ...documented({
        summary: 'A role’s privileges, screen by screen',
        query: rolePrivilegeGridQuery,
        answer: rolePrivilegeGrid,
      }),
      preHandler: requirePrivilege(GUARDED_SCREEN, 'view'),
    },
    async (request) => {
      const { roleId } = parseBody(rolePrivilegeGridQuery, request.query);
      return ok(await readGrid(db, roleId));
    },
  );

  app.post(
    `${base}/Save`,
    {
      ...documented({
        summary: 'Change a role’s privileges',
        body: saveRolePrivilegesRequest,
        answer: rolePrivilegeGrid,
      }),
      preHandler: requirePrivilege(GUARDED_SCREEN, 'edit'),
    },
    async (request) => {
      const body = parseBody(saveRolePrivilegesRequest, request.body);
      await saveGrid(request, body);
      return ok(await readGrid(db, body.roleId), 'Role privileges saved');
    },
  );
}
