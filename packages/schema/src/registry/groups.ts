import { administration } from './administration';
import { catalogue } from './catalogue';
import { data } from './data';
import { inventory } from './inventory';
import { membership } from './membership';
import { online } from './online';
import { pos } from './pos';
import { pricing } from './pricing';
import type { MenuGroupDef, ScreenDef } from './types';

/** Menu groups in sidebar order. */
export const menuGroups: readonly MenuGroupDef[] = [
  catalogue,
  pricing,
  membership,
  inventory,
  pos,
  online,
  administration,
  data,
];

export const screens: readonly ScreenDef[] = menuGroups.flatMap((group) => group.screens);

const byName = new Map(screens.map((screen) => [screen.name, screen]));

export const findScreen = (name: string): ScreenDef | undefined => byName.get(name);
