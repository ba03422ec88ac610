import type { DomainModule } from '../modules/module';
import { getSaml, multipleAppSetting } from './procedures';
import { registerSettingRoutes } from './routes';

/** App settings: the AppSetting calls, SPEC §7's setting query and the public SSO provider list. */
export const settingsModule: DomainModule = {
  name: 'settings',
  procedures: [multipleAppSetting, getSaml],
  routes: (app, at) => registerSettingRoutes(app, at.api),
};
