import { adminModule } from '../admin';
import { catalogueModule } from '../catalogue';
import { onlineModule } from '../online';
import { pricingModule } from '../pricing';
import { purchasingModule } from '../purchasing';
import { reorderModule } from '../reorder';
import { composeModules } from '../screens/modules';
import type { WebModule } from '../screens/webModule';
import { sheetsModule } from '../sheets';
import { stockModule } from '../stock';
import { terminalsModule } from '../terminals';

/** Every feature of the console, listed once; tabs and actions of one entity show in this order. */
export const webModules: readonly WebModule[] = [
  adminModule,
  catalogueModule,
  onlineModule,
  pricingModule,
  purchasingModule,
  reorderModule,
  sheetsModule,
  stockModule,
  terminalsModule,
];

/** The modules merged, as the generic screens read them (`useModules()`). */
export const modules = composeModules(webModules);
