import type { FastifyInstance } from 'fastify';
import { registerCompanyRoutes } from './company';
import { registerFeatureRoutes } from './features';
import { registerInstallerRoutes } from './installer';
import { registerResetPasswordRoutes } from '../user/reset-password';
import { registerRolePrivilegeRoutes } from './role-privileges';

/**
 * The administration single screens' APIs. Locked users use `/api/user/Locked` and
 * `/api/user/Unlock` (users/routes.ts).
 */
export function registerAdminRoutes(app: FastifyInstance, apiPrefix: string): void {
  registerRolePrivilegeRoutes(app, apiPrefix);
  registerFeatureRoutes(app, apiPrefix);
  registerCompanyRoutes(app, apiPrefix);
  registerResetPasswordRoutes(app, apiPrefix);
  registerInstallerRoutes(app, apiPrefix);
}
