import { entities, type NormalisedEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';
import { changeOf, withRowBuilder, type Row } from './support/rows';

const ROLES = [
  { user: 'admin', role: 'ADMIN' },
  { user: 'manager', role: 'STORE_MANAGER' },
  { user: 'cashier', role: 'CASHIER' },
] as const;

type Flags = { view: boolean; edit: boolean; delete: boolean };

const t = useTestServer({ users: ROLES.map((r) => r.user), extend: withRowBuilder });
const { tokens } = t;
/** role code → screen name → flags, as role_privilege holds them */
const grants = new Map<string, Map<string, Flags>>();

beforeAll(async () => {
  const rows = await t.server.app.ctx.db
    .selectFrom('role_privilege as rp')
    .innerJoin('privilege as p', 'p.id', 'rp.privilege_id')
    .innerJoin('role as r', 'r.id', 'rp.role_id')
    .select(['r.code', 'p.name', 'rp.able_to_view', 'rp.able_to_edit', 'rp.able_to_delete'])
    .execute();
  for (const row of rows) {
    if (!grants.has(row.code)) grants.set(row.code, new Map());
    grants.get(row.code)!.set(row.name, {
      view: Boolean(row.able_to_view),
      edit: Boolean(row.able_to_edit),
      delete: Boolean(row.able_to_delete),
    });
  }
});

const post = (token: string, path: string, body: unknown) => t.call<Row>('POST', path, { token, body });
const status = (allowed: boolean) => (allowed ? 200 : 403);

/** Verbs the generic API refuses on the entity whatever the role may do. */
const refused = (entity: NormalisedEntity) =>
  entity.readOnly ? ['insert', 'update', 'delete'] : entity.name === 'privilege' ? ['insert', 'delete'] : [];

describe('each demo role × each entity × each verb', () => {
  it.each(entities.map((e) => [e.name, e] as const))('%s', async (_name, entity) => {
    const seen: string[] = [];
    for (const { user, role } of ROLES) {
      const token = tokens[user];
      const flags = grants.get(role)!.get(entity.permission) ?? { view: false, edit: false, delete: false };
      const blocked = refused(entity);
      const check = (verb: string, actual: number, expected: number) =>
        seen.push(`${user} ${verb} ${actual === expected ? 'ok' : `got ${actual}, expected ${expected}`}`);

      // The audit log is read per entity by those who may view it (admins read all).
      const fetchBody =
        entity.name === 'auditlog'
          ? { filters: [{ ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' }] }
          : { Take: 1 };
      const viewAllowed = entity.name === 'auditlog' ? grants.get(role)!.get('product')!.view : flags.view;
      check(
        'fetch',
        (await post(token, `/DataRepository/fetch/${entity.name}`, fetchBody)).status,
        status(viewAllowed),
      );

      if (blocked.includes('insert')) {
        check('Insert', (await post(token, `/DataRepository/Insert/${entity.name}`, {})).status, 403);
        const existing = (await post(tokens.admin, `/DataRepository/fetch/${entity.name}`, { Take: 1 })).body
          .data as unknown as Row[];
        const id = existing[0]?.id ?? 1;
        const canUpdate = flags.edit && !blocked.includes('update');
        const update = await post(token, `/DataRepository/Update/${entity.name}`, {
          id,
          version: existing[0]?.version ?? 1,
        });
        check('Update', update.status, canUpdate ? 200 : 403);
        check(
          'delete',
          (await post(token, `/DataRepository/Execute/${entity.name}`, { action: 'delete', ids: [id] })).status,
          403,
        );
        continue;
      }

      const body = await t.builder.row(entity);
      const insert = await post(token, `/DataRepository/Insert/${entity.name}`, body);
      check('Insert', insert.status, status(flags.edit));
      const row = insert.status === 200 ? insert.body.data : await t.builder.insert(entity);
      const [field, value] = await changeOf(t.builder, entity, row);
      check(
        'Update',
        (
          await post(token, `/DataRepository/Update/${entity.name}`, {
            id: row.id,
            version: row.version ?? 0,
            [field]: value,
          })
        ).status,
        status(flags.edit),
      );
      check(
        'delete',
        (await post(token, `/DataRepository/Execute/${entity.name}`, { action: 'delete', ids: [row.id] })).status,
        status(flags.delete),
      );
    }
    expect(seen.filter((s) => !s.endsWith('ok'))).toEqual([]);
    expect(seen).toHaveLength(ROLES.length * 4);
  });

  it('gives the manager catalogue edits without delete and the cashier catalogue reads only', () => {
    expect(grants.get('STORE_MANAGER')!.get('product')).toEqual({ view: true, edit: true, delete: false });
    expect(grants.get('CASHIER')!.get('product')).toEqual({ view: true, edit: false, delete: false });
    expect(grants.get('CASHIER')!.get('user')).toEqual({ view: false, edit: false, delete: false });
  });
});
