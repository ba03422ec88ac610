import { entities, findEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { allowedOutlets, outletCondition } from '../../data/access';
import { outletPaths } from '../../data/outlet-ties';
import { deniedFieldGroups, entityWithout, visibleValues } from '../../data/field-groups';
import type { Row } from '../../data/store';
import type { FilterCondition } from '../../data/hooks';
import { assertPrivilege, privilegesOf } from '../../http/auth-guard';
import { ApiError } from '../../http/envelope';
import type { DomainModule } from '../module';
import { markInstalled } from './installation';
import { registerAdminRoutes } from './routes';

/** Holders of this privilege administer the console: they read every audit row. */
export const ADMINISTRATOR_SCREEN = 'roleprivilege';

const SCREENS_ARE_THE_REGISTRY = 'Privileges are the console screens; they are created from the registry at start';

/**
 * The audit log: administrators read all of it; anyone else reads the history of an entity they
 * may view, so a fetch must name it (`entity EQ name`).
 */
async function authorizeAuditRead(request: FastifyRequest, filters: readonly FilterCondition[]): Promise<void> {
  if ((await privilegesOf(request, ADMINISTRATOR_SCREEN)).ableToView) return;
  const named = filters.find((f) => f.ColumnName.toLowerCase() === 'entity' && f.Operator.toUpperCase() === 'EQ');
  const target = typeof named?.ColumnValue === 'string' ? findEntity(named.ColumnValue) : undefined;
  if (!target) throw new ApiError(403, 'Filter the audit log by entity (entity EQ name) to read it');
  await assertPrivilege(request, target.permission, 'view');
}

/** Entities whose rows belong to outlets, with their tables. */
const tiedEntities = entities.filter((e) => outletPaths(e).length > 0);
// The audit log's columns, in the generic read's alias `t` (a row filter is raw SQL).
const AUDITED_ENTITY = sql.ref('t.entity');
const AUDITED_ROW = sql.ref('t.row_id');

/**
 * A caller limited to some outlets reads an audit row only when they may see the row it describes;
 * the rows of deleted rows of entities tied to outlets are for users without outlet limits.
 */
async function auditRowFilter(request: FastifyRequest): Promise<RawBuilder<SqlBool> | undefined> {
  if ((await allowedOutlets(request)).length === 0) return undefined;
  const seen: RawBuilder<SqlBool>[] = [];
  for (const entity of tiedEntities) {
    const visible = (await outletCondition(request, entity, 'r'))!;
    seen.push(
      sql<SqlBool>`(${AUDITED_ENTITY} = ${entity.name} and exists (select 1 from ${sql.table(entity.table)} as r where r.id = ${AUDITED_ROW} and ${visible}))`,
    );
  }
  const names = sql.join(tiedEntities.map((e) => e.name));
  return sql<SqlBool>`(${AUDITED_ENTITY} not in (${names}) or ${sql.join(seen, sql` or `)})`;
}

/**
 * An audit row's changes without the values of fields the caller may not view (a role without
 * costs reads that a product's cost price changed, not from what to what).
 */
async function hideDeniedChanges(request: FastifyRequest, rows: Row[]): Promise<Row[]> {
  const denied = await deniedFieldGroups(request);
  if (denied.size === 0) return rows;
  return rows.map((row) => {
    const audited = typeof row.entity === 'string' ? findEntity(row.entity) : undefined;
    const changes = row.changes as { before?: Row; after?: Row } | null;
    if (!audited || !changes) return row;
    const visible = entityWithout(audited, denied);
    if (visible === audited) return row;
    const strip = (values: Row | undefined) => values && visibleValues(audited, visible, values);
    return { ...row, changes: { ...changes, before: strip(changes.before), after: strip(changes.after) } };
  });
}

/**
 * Administration: the privilege rows are the registry's screens, who reads the audit log (and which
 * of its rows), and the single screens of role privileges, features, the company and the installer.
 */
export const administrationModule: DomainModule = {
  name: 'administration',
  entities: {
    privilege: { refuse: { insert: SCREENS_ARE_THE_REGISTRY, delete: SCREENS_ARE_THE_REGISTRY } },
    auditlog: { authorizeFetch: authorizeAuditRead, rowFilter: auditRowFilter, presentRows: hideDeniedChanges },
  },
  // The demo data is a set-up: the installer stays closed.
  seed: { demo: ({ trx, now }) => markInstalled(trx, now, 'demo') },
  routes: (app, at) => registerAdminRoutes(app, at.api),
};
