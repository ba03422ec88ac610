import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../app/lazy';
import type { SingleScreenProps } from './types';

/**
 * The single screens by registry screen name, each its own chunk. A menu route whose screen is
 * listed here renders it with `{ item }` (list route only: single screens have no edit/add pair).
 */
export const singleScreens: Record<string, LazyExoticComponent<ComponentType<SingleScreenProps>>> = {
  roleprivilege: lazyPage(() => import('./RolePrivilegeScreen')),
  lockeduser: lazyPage(() => import('./LockedUserScreen')),
  feature: lazyPage(() => import('./FeatureScreen')),
  company: lazyPage(() => import('./CompanyScreen')),
  outletpricing: lazyPage(() => import('../pricing/OutletPricingScreen')),
  simulatesales: lazyPage(() => import('../pricing/simulate/SimulateSalesScreen')),
  membershipintegrationsettings: lazyPage(() => import('./MembershipIntegrationScreen')),
  virtualstock: lazyPage(() => import('../stock/VirtualStockScreen')),
  lowstock: lazyPage(() => import('../stock/LowStockScreen')),
  terminalstatus: lazyPage(() => import('../terminals/TerminalStatusScreen')),
  posterminalsettings: lazyPage(() => import('../terminals/TerminalSettingsScreen')),
  layoutsetup: lazyPage(() => import('../terminals/LayoutSetupScreen')),
  sale: lazyPage(() => import('../terminals/SalesScreen')),
  commissionreport: lazyPage(() => import('../terminals/CommissionReportScreen')),
  dataexporter: lazyPage(() => import('../sheets/DataExporterScreen')),
  ...Object.fromEntries(
    ['product', 'recipe', 'supplierproduct', 'membership', 'promotion', 'alternatebarcode', 'outletitembalance', 'lowquantity', 'imageproduct'].map((kind) => [`importer/${kind}`, lazyPage(() => import('../sheets/ImporterScreen'))]),
  ),
};
