import { findEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { FilterCondition } from '../../data/hooks';
import { assertPrivilege, privilegesOf } from '../../http/auth-guard';
import { ApiError } from '../../http/envelope';
import type { DomainModule } from '../../modules/module';

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

/** Administration: the privilege rows are the registry's screens, and who reads the audit log. */
export const administrationModule: DomainModule = {
  name: 'administration',
  entities: {
    privilege: { refuse: { insert: SCREENS_ARE_THE_REGISTRY, delete: SCREENS_ARE_THE_REGISTRY } },
    auditlog: { authorizeFetch: authorizeAuditRead },
  },
};
