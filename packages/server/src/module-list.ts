import type { DomainModule } from './modules/module';
import { administrationModule } from './modules/administration/index';
import { authModule } from './modules/auth/index';
import { backupModule } from './modules/backup/index';
import { customFieldModule } from './modules/customfield/index';
import { deliveryOrderModule } from './modules/deliveryorder/index';
import { futurePriceModule } from './modules/futureproductprice/index';
import { homeModule } from './modules/home/index';
import { labelsModule } from './modules/labels/index';
import { membershipModule } from './modules/membership/index';
import { menuModule } from './modules/menu/index';
import { onlineModule } from './modules/online/index';
import { pricingModule } from './modules/pricing/index';
import { purchasingModule } from './modules/purchasing/index';
import { productModule } from './modules/product/index';
import { reorderModule } from './modules/reorder/index';
import { settingsModule } from './modules/settings/index';
import { spreadsheetsModule } from './modules/spreadsheets/index';
import { stockModule } from './modules/stock/index';
import { stockCountModule } from './modules/stockcount/index';
import { terminalsModule } from './modules/terminals/index';
import { userModule } from './modules/user/index';

/**
 * The feature modules (`modules/<name>/`), each declaring the entities it serves, its hooks, jobs,
 * procedures, documents and routes. The only place features are wired into the app.
 */
export const MODULES: readonly DomainModule[] = [
  authModule,
  menuModule,
  settingsModule,
  administrationModule,
  userModule,
  customFieldModule,
  productModule,
  futurePriceModule,
  pricingModule,
  membershipModule,
  stockModule,
  deliveryOrderModule,
  stockCountModule,
  purchasingModule,
  reorderModule,
  labelsModule,
  onlineModule,
  terminalsModule,
  homeModule,
  spreadsheetsModule,
  backupModule,
];
