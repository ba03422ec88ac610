import { administration } from './administration';
import { catalogue } from './catalogue';
import { data } from './data';
import { inventory } from './inventory';
import { membership } from './membership';
import { online } from './online';
import { pos } from './pos';
import { pricing } from './pricing';
import type { MenuGroupDef, ScreenDef } from './types';

export * from './types';

/** Menu groups in sidebar order. */
export const menuGroups: readonly MenuGroupDef[] = [catalogue, pricing, membership, inventory, pos, online, administration, data];

export const screens: readonly ScreenDef[] = menuGroups.flatMap((group) => group.screens);

const byName = new Map(screens.map((screen) => [screen.name, screen]));

export const findScreen = (name: string): ScreenDef | undefined => byName.get(name);

/** Every list-value category is a menu item `listvalue/{code}` served by the shared `listvalue` screen. */
export const listValueRoute = (categoryCode: string) => `listvalue/${categoryCode.toLowerCase()}`;

/** SPEC §2: a path containing listvalue but not listvaluecategory maps to the shared list-value screen. */
export const isListValuePath = (path: string) => path.includes('listvalue') && !path.includes('listvaluecategory');
