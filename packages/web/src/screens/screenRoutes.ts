import { isListValuePath } from '@backroom/schema';
import type { ClientMenuGroup, ClientMenuItem } from '../store/menuSlice';
import { visibleMenu } from '../store/menuSlice';

export type ScreenMode = 'list' | 'edit' | 'add';

export interface ScreenRoute {
  /** Router path, e.g. `/product/edit/:id`. */
  path: string;
  item: ClientMenuItem;
  mode: ScreenMode;
  /** `listvalue` for every list-value path (SPEC §2), else the item's own route. */
  screen: string;
}

/** The screen that serves a menu path: all list-value paths share one screen. */
export const screenFor = (path: string) => (isListValuePath(path) ? 'listvalue' : path.replace(/^\//, ''));

/** The listvaluecategory screen has no form pair; every other item has list, edit and add routes. */
export const hasFormPair = (path: string) => !path.includes('listvaluecategory');

/** SPEC §2: three routes per visible sub-menu item. */
export function screenRoutes(listMenu: readonly ClientMenuGroup[]): ScreenRoute[] {
  return visibleMenu(listMenu).flatMap((group) =>
    group.items.flatMap((item) => {
      const screen = screenFor(item.path);
      const list: ScreenRoute = { path: item.path, item, mode: 'list', screen };
      if (!hasFormPair(item.path)) return [list];
      return [list, { path: `${item.path}/edit/:id`, item, mode: 'edit', screen }, { path: `${item.path}/add`, item, mode: 'add', screen }];
    }),
  );
}
