import type { DomainModule } from '../module';
import { menuDemoSeed } from './demo-seed';
import { registerMenuRoutes } from './routes';

/** The console's menus: the setup menu of the caller's privileges and the top menu of the settings. */
export const menuModule: DomainModule = {
  name: 'menu',
  seed: menuDemoSeed,
  routes: (app, at) => registerMenuRoutes(app, at.api),
};
