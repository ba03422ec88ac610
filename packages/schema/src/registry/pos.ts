import { entity, single, type MenuGroupDef } from './types';

export const pos: MenuGroupDef = {
  key: 'pos',
  label: 'Point of sale',
  icon: 'pc-display-horizontal',
  screens: [
    entity('pointofsale', 'Terminals', 'display'),
    single('posterminalsettings', 'Terminal settings', 'gear'),
    single('terminalstatus', 'Terminal status', 'activity'),
    entity('appcommand', 'App commands', 'terminal', { api: 'AppCommand' }),
    entity('hotkey', 'Hotkeys', 'keyboard', { api: 'Hotkey' }),
    single('layoutsetup', 'Layout setup', 'layout-wtf'),
    entity('paymentmode', 'Payment modes', 'wallet2'),
    entity('paymentmethodref', 'Payment method references', 'link-45deg'),
    entity('paymentgateway', 'Payment gateways', 'credit-card'),
    single('simulatesales', 'Simulate sales', 'calculator'),
  ],
};
