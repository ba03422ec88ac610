import type { Sentences } from './sentences';

/**
 * Why the server refuses a signed-in user (403), as the console shows it beside what failed: the
 * screen by its menu label ("Locked users"), never its privilege key (`lockeduser`). The keys of the
 * four privileges are the actions' own (`PrivilegeAction`).
 */
export const ACCESS_REFUSALS = {
  view: (v: { screen: string }) => `You do not have permission to view ${v.screen}`,
  edit: (v: { screen: string }) => `You do not have permission to edit ${v.screen}`,
  delete: (v: { screen: string }) => `You do not have permission to delete ${v.screen}`,
  outletPrices: (v: { outlet: number | string }) => `You may not set prices of outlet ${v.outlet}`,
  setTable: (v: { screen: string }) => `You do not have permission to change the table settings of ${v.screen}`,
  roleOff: (v: { role: string }) => `Your role ${v.role} is switched off: it grants no privileges`,
  serverOnly: (v: { what: string }) => `Only the server writes ${v.what}`,
  moduleOff: (v: { module: string }) => `The ${v.module} module is switched off`,
} as const satisfies Sentences;
