import type { DomainModule } from '../module';
import { roleRules } from './role';
import { userAccount } from './user-account';

/**
 * Users and roles: credentials kept beside the row, sessions ended when an account is switched off,
 * and the escalation rules (escalation.ts) on every write of either.
 */
export const userModule: DomainModule = {
  name: 'user',
  entities: { user: userAccount, role: roleRules },
};
