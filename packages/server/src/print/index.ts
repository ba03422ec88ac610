import type { DomainModule } from '../modules/module';
import { registerPrintRoutes } from './routes';

/** The print request page: serves whatever documents the other modules declare. */
export const printModule: DomainModule = {
  name: 'print',
  routes: (app, at) => registerPrintRoutes(app, at.base),
};
