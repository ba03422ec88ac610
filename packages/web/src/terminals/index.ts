import type { WebModule } from '../screens/webModule';

/** Point of sale: hotkey layouts, app commands with each terminal's status, terminal screens, sales, price differences, commission. */
export const terminalsModule: WebModule = {
  name: 'terminals',
  forms: {
    hotkey: () => import('./HotkeyForm'),
    appcommand: () => import('./AppCommandForm'),
  },
  formActions: { pointofsale: [() => import('./PairAction')] },
  lists: { saledifference: () => import('./PriceDifferencesScreen') },
  singles: {
    terminalstatus: () => import('./TerminalStatusScreen'),
    posterminalsettings: () => import('./TerminalSettingsScreen'),
    layoutsetup: () => import('./LayoutSetupScreen'),
    sale: () => import('./SalesScreen'),
    commissionreport: () => import('./CommissionReportScreen'),
  },
};
