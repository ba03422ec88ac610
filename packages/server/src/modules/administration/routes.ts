import type { FastifyInstance } from 'fastify';
import { registerCompanyRoutes } from './company';
import { registerFeatureRoutes } from './features';
import { registerInstallerRoutes } from './installer';
import { registerRolePrivilegeRoutes } from './role-privileges';

/**
 * The administration single screens' APIs. Locked users use `/api/user/Locked` and
 * `/api/user/Unlock` and an administrator's password reset uses `/api/ResetPassword` (the user module).
 */
export function registerAdminRoutes(app: FastifyInstance, apiPrefix: string): void {
  registerRolePrivilegeRoutes(app, apiPrefix);
  registerFeatureRoutes(app, apiPrefix);
  registerCompanyRoutes(app, apiPrefix);
  registerInstallerRoutes(app, apiPrefix);
}
