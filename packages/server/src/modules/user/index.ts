import type { DomainModule } from '../module';
import { userDemoSeed } from './demo-seed';
export { DEMO_USERS } from './demo-seed';
import { registerResetPasswordRoutes } from './reset-password';
import { roleRules } from './role';
import { registerUserRoutes } from './routes';
import { userAccount } from './user-account';
export { PRIVILEGE_FLAGS, assertGridChange, type FlagChange, type FlagColumn } from './escalation';

/**
 * Users and roles: credentials kept beside the row, sessions ended when an account is switched off,
 * the escalation rules (escalation.ts) on every write of either, the locked-user list and the
 * administrator's password reset.
 */
export const userModule: DomainModule = {
  name: 'user',
  entities: { user: userAccount, role: roleRules },
  seed: userDemoSeed,
  routes(app, at) {
    registerUserRoutes(app, at.api);
    registerResetPasswordRoutes(app, at.api);
  },
};
