import type { DomainModule } from '../module';
import { getSaml, multipleAppSetting } from './procedures';
import { registerSettingRoutes } from './routes';
import { settingsSeed } from './seed';
import { appSettingRules } from './value-rules';

/** App settings: the AppSetting calls, the `SP_Multiple_Appsetting` setting query, the public SSO provider list and the rules of their values. */
export const settingsModule: DomainModule = {
  name: 'settings',
  entities: { appsetting: appSettingRules },
  procedures: [multipleAppSetting, getSaml],
  seed: settingsSeed,
  routes: (app, at) => registerSettingRoutes(app, at.api),
};
