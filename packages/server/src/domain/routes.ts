import type { FastifyInstance } from 'fastify';
import { registerFamilyRoutes } from '../families/routes';
import { registerJobs } from '../jobs/index';
import { registerSupplierMapDropdown } from './product/supplier-map-dropdown';

/** The HTTP surface beyond the generic data API: named domain calls, the resource families, the job runner. */
export async function registerDomainRoutes(app: FastifyInstance, apiPrefix: string): Promise<void> {
  registerSupplierMapDropdown(app, apiPrefix);
  registerFamilyRoutes(app, apiPrefix);
  await registerJobs(app, apiPrefix);
}
